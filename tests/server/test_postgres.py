"""Two server processes on one PostgreSQL database (when ``REGALIA_TEST_POSTGRES`` names one):
a move made through one reaches the players of the other at once; a game's bots think in one
process only (each decision once), and when that process is killed with ``kill -9`` the other
takes them over within seconds; a visitor's new games are counted across both.

The other server tests run on PostgreSQL too when the variable is set (each in a schema of its
own); see docs/web.md.
"""

from __future__ import annotations

import contextlib
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import POSTGRES, postgres_schema
from tests.server.test_crash import free_port, serving

pytestmark = pytest.mark.skipif(not POSTGRES, reason="REGALIA_TEST_POSTGRES names no database")
WAIT = 30  # seconds for an answer (a fresh server's first game, on a busy machine, is slow)


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from postgres_schema()


def test_two_processes_share_the_games_their_live_updates_bots_and_limits(
        pg_url: str, tmp_path: Path) -> None:
    url = pg_url
    port_a, port_b = free_port(), free_port()
    a, b = f"http://127.0.0.1:{port_a}", f"http://127.0.0.1:{port_b}"
    logs = {a: tmp_path / "a.log", b: tmp_path / "b.log"}
    with contextlib.ExitStack() as stack:
        # (started side by side: a server takes 25 s to start on a machine at load 25)
        with ThreadPoolExecutor(2) as pool:
            server_a, server_b = pool.map(stack.enter_context, (
                serving(url, port_a, *GAMES_3, log=logs[a]),
                serving(url, port_b, *GAMES_3, log=logs[b])))
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
        assert ready.wait(WAIT)
        mover = httpx.get(f"{a}/api/seat", headers={"X-Seat-Token": tokens[0]},
                          timeout=WAIT).json()["to_move"][0]
        state = httpx.get(f"{a}/api/seat", headers={"X-Seat-Token": tokens[mover]},
                          timeout=WAIT).json()
        moved = time.monotonic()
        response = httpx.post(f"{a}/api/seat/act", headers={"X-Seat-Token": tokens[mover]},
                              json={"action": state["legal"][0]["action"], "turn": 0},
                              timeout=WAIT)
        assert response.status_code == 200
        follower.join(WAIT)
        # B's player heard of it (without NOTIFY, never: B's streams wait, they do not poll;
        # at once is well under a second, the bound is for a loaded machine)
        assert len(events) == 2 and events[1] - moved < 10.0
        seen = httpx.get(f"{b}/api/seat", headers={"X-Seat-Token": tokens[mover]},
                         timeout=WAIT).json()
        assert seen["decisions"] == 1

        # a game of bots, created through A (the visitor's second game of three): its bots
        # think in one process, each decision once
        bots = httpx.post(f"{a}/api/games", timeout=WAIT, json={
            "game": "ming-dynasty", "seats": [BOT, BOT]}).json()["game_id"]
        wait_until(lambda: sum(len(thought(log, bots)) for log in logs.values()) >= 3)
        holder = next(base for base, log in logs.items() if thought(log, bots))
        other = b if holder == a else a
        assert thought(logs[other], bots) == []  # the other process thought about none

        # the visitor's third game, through B; a fourth is refused by both processes
        third = httpx.post(f"{b}/api/games", timeout=WAIT, json={"game": "palais-royal"})
        assert third.status_code == 201, third.text
        for base in (a, b):
            fourth = httpx.post(f"{base}/api/games", timeout=WAIT, json={"game": "palais-royal"})
            assert fourth.status_code == 429 and "new games" in fourth.json()["detail"]

        # kill -9 of the process moving the bots: the other takes them over within seconds
        killed = {a: server_a, b: server_b}[holder]
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        gone = time.monotonic()
        before = decisions(other, bots)
        wait_until(lambda: decisions(other, bots) >= before + 3)
        # (within seconds: the sweeper looks every second, and three decisions take 0.3 s;
        # without it, never. The bound is for a loaded machine.)
        assert time.monotonic() - gone < 40.0
        # every decision was thought once: the killed process's last perhaps twice (killed
        # after thinking, before its move was committed)
        held, taken = thought(logs[holder], bots), thought(logs[other], bots)
        assert held and taken and min(taken) >= max(held)
        twice = [d for d, n in Counter(held + taken).items() if n > 1]
        assert twice in ([], [max(held)]), twice


GAMES_3 = ("--games-per-hour", "3")  # (every client here is the one address 127.0.0.1)
BOT = "medium:think=0.1s"  # a search, so that a decision takes a while: ~100 ms


def thought(log: Path, game_id: str) -> list[int]:
    """The decisions of ``game_id`` a server's bots thought about, from its debug log."""
    pattern = re.compile(rf"bot decision: game {re.escape(game_id)}, decision (\d+),")
    return [int(m.group(1)) for m in pattern.finditer(log.read_text(errors="replace"))]


def decisions(base: str, game_id: str) -> int:
    return int(httpx.get(f"{base}/api/games/{game_id}?svg=false", timeout=WAIT)
               .json()["decisions"])


def wait_until(condition: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.1)


def test_a_seat_taken_back_through_another_process_cancels_the_search_there(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The bot thinks in process A (B moves no bots); its seat is taken back through B: A
    hears of it (NOTIFY) and ends the search at once, and its move is never made."""
    from fastapi.testclient import TestClient

    from regalia.server import bots as server_bots
    from regalia.server import create_app
    from tests.server.conftest import create, service_of
    from tests.server.test_abuse import SamplingBot, wait_for

    started, stopped = threading.Event(), []
    monkeypatch.setattr(server_bots, "make_bot",
                        lambda spec, seed=None: SamplingBot(20.0, started, stopped))
    with TestClient(create_app(pg_url)) as a, TestClient(create_app(pg_url, bots=False)) as b:
        data = create(a, game="el-grande", seats=["me", "open"])
        token = data["tokens"][1]
        a.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": "random"})
        assert started.wait(30)
        taken = time.monotonic()
        back = b.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": None})
        assert back.status_code == 200
        wait_for(lambda: bool(stopped), 15.0)
        assert stopped[0] - taken < 10.0  # not after its 20 s (at once; a loaded machine)
        assert [d for d in service_of(a).log(data["game_id"]) if d.seat == 1] == []


def test_a_lease_is_held_by_one_process_until_it_is_gone(pg_url: str) -> None:
    """Two processes' leases (each its own connection): a game's lease is held by one; the
    other takes it over (adopts it) only once the first's connection has ended, and a lease
    given up is gone from the table."""
    from sqlalchemy import text

    from regalia.server.leases import SharedLeases
    from regalia.server.store import open_engine

    engines = [open_engine(pg_url), open_engine(pg_url)]
    first, second = (SharedLeases(engine) for engine in engines)
    try:
        assert first.hold("g1") and not second.hold("g1")
        assert second.hold("g2") and not first.hold("g2")
        assert first.adopt() == [] and second.adopt() == []  # both owners alive
        first.close()  # as a process killed with kill -9: its connection ends
        # The server ends the closed connection's backend (and frees its lock) a moment
        # later, not at once: the sweeper looks again and again, and so does the test.
        adopted: list[str] = []
        wait_until(lambda: bool(adopted.extend(second.adopt()) or adopted), 10.0)
        assert adopted == ["g1"] and second.adopt() == []
        assert second.held() == {"g1", "g2"} and second.hold("g1")
        second.release("g1")
        second.release("g2")
        with engines[0].connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM bot_leases")).scalar() == 0
    finally:
        second.close()
        for engine in engines:
            engine.dispose()
