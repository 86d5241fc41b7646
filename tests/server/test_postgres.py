"""Two server processes on one PostgreSQL database (when ``REGALIA_TEST_POSTGRES`` names one):
a move made through one reaches the players of the other at once, and bots move exactly once.

The other server tests run on PostgreSQL too when the variable is set (each in a schema of its
own); see docs/web.md.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import httpx
import pytest

import regalia
from tests.server.conftest import POSTGRES, postgres_schema
from tests.server.test_crash import free_port, serving

pytestmark = pytest.mark.skipif(not POSTGRES, reason="REGALIA_TEST_POSTGRES names no database")
WAIT = 30  # seconds for an answer (a fresh server's first game, on a busy machine, is slow)


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from postgres_schema()


def test_two_processes_share_the_games_and_their_live_updates(pg_url: str) -> None:
    url = pg_url
    port_a, port_b = free_port(), free_port()
    a, b = f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}"
    with serving(url, port_a), serving(url, port_b):
        created = httpx.post(f"{a}/api/games", timeout=WAIT, json={
            "game": "palais-royal", "seats": ["me", "open"]}).json()
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        events: list[float] = []
        ready = threading.Event()

        def follow() -> None:  # a player connected to process B
            with httpx.stream("GET", f"{b}/events/{created['game_id']}",
                              timeout=30) as stream:
                for line in stream.iter_lines():
                    if line.startswith("data:"):
                        events.append(time.monotonic())
                        ready.set()
                        if len(events) >= 2:
                            return

        follower = threading.Thread(target=follow, daemon=True)
        follower.start()
        assert ready.wait(10)
        mover = httpx.get(f"{a}/api/seat", headers={"X-Seat-Token": tokens[0]},
                          timeout=WAIT).json()["to_move"][0]
        state = httpx.get(f"{a}/api/seat", headers={"X-Seat-Token": tokens[mover]},
                          timeout=WAIT).json()
        moved = time.monotonic()
        response = httpx.post(f"{a}/api/seat/act", headers={"X-Seat-Token": tokens[mover]},
                              json={"action": state["legal"][0]["action"], "turn": 0},
                              timeout=WAIT)
        assert response.status_code == 200
        follower.join(10)
        assert len(events) == 2 and events[1] - moved < 3.0  # B's player heard of it
        seen = httpx.get(f"{b}/api/seat", headers={"X-Seat-Token": tokens[mover]},
                         timeout=WAIT).json()
        assert seen["decisions"] == 1

        # a game of bots, created through A: both processes' bots race; each move once
        bots = httpx.post(f"{a}/api/games", timeout=WAIT, json={
            "game": "ming-dynasty", "seats": ["random", "random"]}).json()
        end = time.monotonic() + 120
        while not httpx.get(f"{b}/api/games/{bots['game_id']}", timeout=WAIT).json()["over"]:
            assert time.monotonic() < end, "the bots did not finish"
            time.sleep(0.2)
        record = httpx.get(f"{b}/api/games/{bots['game_id']}/record", timeout=WAIT).json()
        assert regalia.replay(record).is_over()  # no move twice, none out of turn
