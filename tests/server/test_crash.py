"""``kill -9`` of the server mid-game loses no acknowledged move; on restart every game resumes
(bots in seats included)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

import regalia

_GIVEN: set[int] = set()


def free_port() -> int:
    """A port free now on 127.0.0.1, never one given before in this process (the probe is
    closed at once: two calls in a row could be given the same port, two servers then
    meeting on it)."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        if port not in _GIVEN:
            _GIVEN.add(port)
            return port


# The per-visitor limits are off in the tests (every request comes from one address); the tests
# of the limits turn them on (tests/server/test_abuse.py).
NO_LIMITS = ("--games-per-hour", "0", "--requests-per-minute", "0")
WAIT = 30  # seconds for an answer (httpx's default 5 s is short for a loaded machine)


@contextmanager
def serving(db: Path | str, port: int, *extra: str,
            log: Path | None = None) -> Iterator[subprocess.Popen[bytes]]:
    """``regalia serve`` in a process of its own (a SQLite file, or a database URL), killed
    with SIGKILL at the end; ``extra``: more of its options; ``log``: a file for its
    standard error, with the server's own debug lines (a line per bot decision thought)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    if log is not None:
        env["REGALIA_LOG_LEVEL"] = "debug"
    url = db if isinstance(db, str) else f"sqlite:///{db}"
    with contextlib.ExitStack() as files:
        stderr: Any = subprocess.DEVNULL if log is None else files.enter_context(log.open("wb"))
        process = subprocess.Popen(
            [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--db", url,
             *NO_LIMITS, *extra],
            env=env, stdout=subprocess.DEVNULL, stderr=stderr)
    try:
        end = time.monotonic() + 90  # (a machine busy with other work starts it slowly)
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > end or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait(10)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_kill_9_loses_no_acknowledged_move_and_games_resume(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    acknowledged: list[tuple[int, str]] = []  # (decision number, action) of each 200
    with serving(db, port) as server:
        created = httpx.post(f"{base}/api/games", timeout=WAIT, json={
            "game": "palais-royal", "seats": ["me", "open"]}).json()
        tokens = {s["seat"]: s["token"] for s in created["seats"]}
        bots = httpx.post(f"{base}/api/games", timeout=WAIT, json={
            "game": "ming-dynasty", "seats": ["random", "random"]}).json()
        stop = threading.Event()

        def play() -> None:
            with httpx.Client(base_url=base, timeout=WAIT) as client:
                while not stop.is_set():
                    try:
                        state: Any = client.get("/api/seat",
                                                headers={"X-Seat-Token": tokens[0]}).json()
                        seat = state["to_move"][0]
                        mine = client.get("/api/seat",
                                          headers={"X-Seat-Token": tokens[seat]}).json()
                        action = mine["legal"][0]["action"]
                        response = client.post("/api/seat/act",
                                               headers={"X-Seat-Token": tokens[seat]},
                                               json={"action": action,
                                                     "turn": mine["decisions"]})
                    except (httpx.TransportError, KeyError, ValueError):
                        return  # the server is gone
                    if response.status_code == 200:
                        acknowledged.append((mine["decisions"], action))

        player = threading.Thread(target=play)
        player.start()
        end = time.monotonic() + 120
        while len(acknowledged) < 15:
            assert player.is_alive(), "the player stopped before 15 moves"
            assert time.monotonic() < end, "15 moves took more than 2 minutes"
            time.sleep(0.01)
        server.send_signal(signal.SIGKILL)  # mid-game, mid-request perhaps
        server.wait(10)
        stop.set()
        player.join(10)
    assert len(acknowledged) >= 15

    with serving(db, port):
        state = httpx.get(f"{base}/api/seat", headers={"X-Seat-Token": tokens[0]},
                          timeout=WAIT).json()
        assert state["decisions"] >= len(acknowledged)
        # each acknowledged move is in the log at its place: replay the game's moves and see
        game = httpx.get(f"{base}/api/games/{created['game_id']}", timeout=WAIT).json()
        assert game["decisions"] == state["decisions"]
        # the bots' game goes on after the restart, and to its end
        end = time.monotonic() + 120
        while not httpx.get(f"{base}/api/games/{bots['game_id']}", timeout=WAIT).json()["over"]:
            assert time.monotonic() < end, "the bots did not go on after the restart"
            time.sleep(0.2)
        record = httpx.get(f"{base}/api/games/{bots['game_id']}/record", timeout=WAIT).json()
        assert regalia.replay(record).is_over()

    # the acknowledged moves are those of the stored log, in order
    from regalia.server.service import GameService
    from regalia.server.store import open_engine, session_factory

    engine = open_engine(f"sqlite:///{db}")
    service = GameService(session_factory(engine))
    log = service.log(created["game_id"])
    for number, action in acknowledged:
        assert log[number].action == action
    engine.dispose()
