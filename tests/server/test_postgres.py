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
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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


def test_a_late_persons_move_is_worked_out_in_one_process_and_another_takes_over(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two processes' clocks see the same late seat: the move for it is worked out once, in
    the process that holds the game's lease (the other looks and leaves it, also when the
    holder's bots' runner gives the lease up meanwhile); when that process dies while working
    a move out, the other makes it once its lock is gone, and the dead one's late commit is
    refused (the log has each decision once)."""
    from fastapi.testclient import TestClient

    from regalia.server import clocks as server_clocks
    from regalia.server import create_app
    from regalia.server.clocks import Timekeeper
    from tests.server.conftest import create, service_of
    from tests.server.test_clocks import make_late

    real_make_bot = server_clocks.make_bot
    worked: list[str] = []  # the threads that worked a move out, in order
    entered, go = threading.Event(), threading.Event()

    class Held:
        """The timeout bot; the first to think in the thread "clock-a" waits for ``go``
        (a process midway through working out the move)."""

        def __init__(self, spec: str, seed: int | None = None) -> None:
            self.bot = real_make_bot(spec, seed=seed)

        def act(self, info: Any) -> Any:
            name = threading.current_thread().name
            worked.append(name)
            if name == "clock-a" and not go.is_set():
                entered.set()
                assert go.wait(WAIT)
            return self.bot.act(info)

    monkeypatch.setattr(server_clocks, "make_bot", Held)
    with TestClient(create_app(pg_url)) as a, TestClient(create_app(pg_url)) as b:
        keepers: list[Timekeeper] = [a.app.state.timekeeper,  # type: ignore[attr-defined]
                                     b.app.state.timekeeper]  # type: ignore[attr-defined]
        for keeper in keepers:
            keeper.stop()  # (ticked by hand here, each when the test says)
        keeper_a, keeper_b = keepers
        data = create(a, game="palais-royal", seats=["me", "open"], move_seconds=60)
        game_id = data["game_id"]

        def tick_a() -> list[str]:
            moved: list[str] = []
            thread = threading.Thread(target=lambda: moved.extend(keeper_a.tick()),
                                      name="clock-a", daemon=True)
            thread.start()
            assert entered.wait(WAIT), "process A's clock did not work the move out"
            threads.append(thread)
            return moved

        threads: list[threading.Thread] = []
        make_late(a, game_id, 61)
        moved_a = tick_a()  # A takes the lease and works the move out (held midway) ...
        # ... and A's bots' runner, kicked meanwhile, finds no bot and gives the lease up:
        # not while A's clock works for the game (B would take it and work the move out too)
        a.app.state.leases.release(game_id)  # type: ignore[attr-defined]
        assert keeper_b.tick() == []  # B's clock looks and leaves it to A
        go.set()
        threads[0].join(WAIT)
        assert moved_a == [game_id]
        assert worked == ["clock-a"]  # worked out once, in A
        assert keeper_b.tick() == []  # (the clock starts again from that move)
        log = service_of(b).log(game_id)
        assert len(log) == 1 and log[0].timed_out

        # A dies midway through the next one: B makes it once A's lock is gone
        worked.clear()
        entered.clear()
        go.clear()
        make_late(a, game_id, 61)
        moved_a = tick_a()
        assert keeper_b.tick() == []  # A is alive and holds the lease
        # A dies (as kill -9): its lock goes with its lease connection, and it takes no lease
        # again (a dead process's sweeper no longer adopts its own old leases)
        leases_a = a.app.state.leases  # type: ignore[attr-defined]

        def dead() -> None:
            raise OSError("process A is gone")

        monkeypatch.setattr(leases_a, "_connect", dead)
        leases_a.close()
        # The server frees a closed connection's lock a moment later, not at once: B's clock
        # looks again, as it does every second.
        moved_b: list[str] = []
        wait_until(lambda: bool(moved_b.extend(keeper_b.tick()) or moved_b), 20.0)
        assert moved_b == [game_id]
        go.set()  # the dead process's move, worked out before it died, comes too late
        threads[1].join(WAIT)
        assert moved_a == []
        assert worked == ["clock-a", "MainThread"]
        log = service_of(b).log(game_id)
        assert len(log) == 2 and all(d.timed_out for d in log)
        assert service_of(a).live(game_id).decisions == 2


PG_BIN = next(iter(sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                          key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
                          reverse=True)), None)


@contextlib.contextmanager
def new_databases(*names: str) -> Iterator[list[str]]:
    """Fresh databases beside the test database (dropped afterwards): their URLs."""
    from sqlalchemy import create_engine, make_url, text

    from regalia.server.store import normalise_url

    base = make_url(POSTGRES or "")
    admin = create_engine(normalise_url(POSTGRES or ""), isolation_level="AUTOCOMMIT")
    made: list[str] = []
    try:
        with admin.connect() as conn:
            for name in names:
                conn.execute(text(f'CREATE DATABASE "{name}"'))
                made.append(name)
        yield [base.set(database=name).render_as_string(hide_password=False)
               for name in names]
    finally:
        with admin.connect() as conn:
            for name in made:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@pytest.mark.skipif(PG_BIN is None or not (PG_BIN / "pg_dump").exists(),
                    reason="PostgreSQL's pg_dump and pg_restore are not installed")
def test_the_documented_pg_dump_of_a_running_server_restores_every_game(
        tmp_path: Path) -> None:
    """docs/web.md's backup on PostgreSQL: ``pg_dump --format=custom`` of the database while a
    server runs, ``pg_restore --dbname`` into a new database, and a server on that one shows
    the same games (the lobby's too), seats (every link still holds its seat, a bot's seat its
    bot) and positions (each seat's view, legal actions and time bank)."""
    import random

    from fastapi.testclient import TestClient

    from regalia.server import create_app
    from tests.server.conftest import create, play_randomly, seat_state

    suffix = f"{random.getrandbits(32):08x}"
    dump = tmp_path / "regalia.dump"
    with new_databases(f"live_{suffix}", f"restored_{suffix}") as (live, restored):
        with TestClient(create_app(live, bots=False)) as client:
            played = create(client, game="palais-royal", seats=["open", "open"], public=True)
            play_randomly(client, played["tokens"], random.Random(5), moves=20)
            banked = create(client, game="ming-dynasty", seats=["me", "random", "open"],
                            public=True, bank_seconds=600, increment_seconds=10)
            tokens = [played["tokens"][s] for s in sorted(played["tokens"])] + \
                [banked["tokens"][s] for s in sorted(banked["tokens"])]
            before = [seat_state(client, t, svg=False) for t in tokens]
            lobby = client.get("/api/games").json()
            spectated = client.get(f"/api/games/{banked['game_id']}?svg=false").json()
            subprocess.run([str(PG_BIN / "pg_dump"), "--format=custom", "--file", str(dump),
                            "--dbname", live], check=True, timeout=60, capture_output=True)
        restore = subprocess.run([str(PG_BIN / "pg_restore"), "--dbname", restored, str(dump)],
                                 timeout=60, capture_output=True, text=True)
        assert restore.returncode == 0, restore.stderr
        with TestClient(create_app(restored, bots=False)) as client:
            after = [seat_state(client, t, svg=False) for t in tokens]
            assert client.get("/api/games").json() == lobby
            assert client.get(f"/api/games/{banked['game_id']}?svg=false").json() == spectated
    assert [s["decisions"] for s in after] == [20, 20, 0, 0]
    for old, new in zip(before, after, strict=True):
        for key in ("seat", "seats", "decisions", "view", "legal", "to_move", "banks", "log"):
            assert new[key] == old[key], key
    assert any(lobby_game["game_id"] == banked["game_id"] for lobby_game in lobby)
