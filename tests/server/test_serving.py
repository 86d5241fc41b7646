"""``regalia serve`` run for real, in processes of its own: it stops within a few seconds while
bots think (keeping every acknowledged move, its bots going on after a restart), its workers
follow a parent killed with ``kill -9`` out (the port is free for a restart at once), and it
believes a reverse proxy's headers only when told to (issue 33). Every process started here
is ended, and every wait is bounded."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import POSTGRES, postgres_schema
from tests.server.test_crash import free_port, serving

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="signals and /proc: Linux")

STOP_WITHIN = 5.0  # seconds from Ctrl-C or SIGTERM to the process gone


def watch(url: str, stop: threading.Event) -> None:
    """Follow a game's live updates, as an open table does (a line the server must close)."""
    with contextlib.suppress(httpx.HTTPError), \
            httpx.stream("GET", url, timeout=httpx.Timeout(5, read=None)) as stream:
        for _line in stream.iter_lines():
            if stop.is_set():
                return


def decisions(base: str, game_id: str) -> int:
    return int(httpx.get(f"{base}/api/games/{game_id}?svg=false", timeout=10)
               .json()["decisions"])


def test_stopping_takes_a_few_seconds_while_bots_think(tmp_path: Path) -> None:
    db, port = tmp_path / "games.db", free_port()
    base = f"http://127.0.0.1:{port}"
    games: list[str] = []
    seen: dict[str, int] = {}
    for sig in (signal.SIGINT, signal.SIGTERM):  # Ctrl-C, then a service manager's stop
        with serving(db, port) as server:
            if not games:  # three bots-only tables of `hard` bots, 2 s a decision
                for _ in range(3):
                    created = httpx.post(f"{base}/api/games", timeout=10, json={
                        "game": "el-grande", "seats": ["hard", "hard", "hard"]})
                    assert created.status_code == 201, created.text
                    games.append(created.json()["game_id"])
            else:  # a restart: the bots go on from where they were
                end = time.monotonic() + 30
                while not any(decisions(base, g) > seen[g] for g in games):
                    assert time.monotonic() < end, "the bots did not go on after a restart"
                    time.sleep(0.2)
            stop = threading.Event()
            watchers = [threading.Thread(target=watch, args=(f"{base}/events/{g}", stop),
                                         daemon=True) for g in games]
            for thread in watchers:
                thread.start()
            time.sleep(2.5)  # the bots are deep in their searches
            seen = {g: decisions(base, g) for g in games}  # acknowledged by now
            started = time.monotonic()
            server.send_signal(sig)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                pytest.fail(f"{sig.name}: the server had not stopped after 15 s")
            took = time.monotonic() - started
            stop.set()
            assert took < STOP_WITHIN, f"{sig.name}: stopping took {took:.1f} s"
    with serving(db, port):  # every move acknowledged before a stop is still there
        assert all(decisions(base, g) >= seen[g] for g in games)


def children_of(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError):
                stat = (entry / "stat").read_text()
                if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"  # a zombie has exited (its parent, init, reaps it)


# Without PostgreSQL, the workers serve a SQLite file nobody plays in: what is tested is the
# worker processes' lifeline, which does not depend on the database. `regalia serve` refuses
# several workers on SQLite, so they are started as it starts them (REGALIA_PARENT).
LAUNCH = """
import os, sys, uvicorn
os.environ["REGALIA_PARENT"] = str(os.getpid())
uvicorn.run("regalia.server.app:app_from_env", factory=True, host="127.0.0.1",
            port=int(sys.argv[1]), workers=2, log_level="warning", timeout_graceful_shutdown=1)
"""


@contextlib.contextmanager
def workers(tmp_path: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p),
               REGALIA_LIMITS="0,0")
    schema = None
    if POSTGRES:
        schema = postgres_schema()
        url = next(schema)
        command = [sys.executable, "-m", "regalia", "serve", "--port", str(port), "--db", url,
                   "--workers", "2", "--games-per-hour", "0", "--requests-per-minute", "0"]
    else:
        env["REGALIA_DB"] = f"sqlite:///{tmp_path / 'games.db'}"
        command = [sys.executable, "-c", LAUNCH, str(port)]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 90
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > end or process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.2)
        yield process
    finally:
        for pid in [*children_of(process.pid), process.pid]:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        process.wait(10)
        if schema is not None:
            with contextlib.suppress(StopIteration):
                next(schema)


def test_workers_follow_a_killed_parent_out_and_a_restart_binds_at_once(
        tmp_path: Path) -> None:
    port = free_port()
    with workers(tmp_path, port) as parent:
        end = time.monotonic() + 30
        while len(children := [p for p in children_of(parent.pid) if alive(p)]) < 2:
            assert time.monotonic() < end, "the workers did not start"
            time.sleep(0.2)
        try:
            os.kill(parent.pid, signal.SIGKILL)
            parent.wait(10)
            end = time.monotonic() + 8
            while any(alive(p) for p in children):
                assert time.monotonic() < end, "the workers outlived their parent"
                time.sleep(0.1)
        finally:
            for pid in children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
    # the port is free: a new server binds it at once (not Errno 98)
    with serving(tmp_path / "again.db", port) as again:
        assert again.poll() is None
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5).status_code == 200


def test_the_games_live_where_the_deployment_section_says(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/web.md, "Where the data lives": without --db, games.db in $XDG_DATA_HOME/regalia
    (made if missing), and the server prints the database's URL as it starts."""
    import uvicorn

    from regalia.cli.serve import serve

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    for key in ("REGALIA_PARENT", "REGALIA_LIMITS", "REGALIA_MAX_BOT_THINK", "REGALIA_DB"):
        monkeypatch.setenv(key, "")  # (so that what serve() sets is undone after the test)
        monkeypatch.delenv(key)
    url = serve("127.0.0.1", 8000, None, 1)
    assert url == f"sqlite:///{tmp_path / 'data' / 'regalia' / 'games.db'}"
    assert (tmp_path / "data" / "regalia").is_dir()
    assert url in capsys.readouterr().out


def test_serve_hands_its_guards_to_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``regalia serve`` tells Uvicorn and its workers: the caps and limits it was given,
    the parent to follow (several workers only), and no proxy headers believed unless
    ``--trust-proxy`` names whose."""
    import uvicorn

    from regalia.cli.serve import Guards, serve

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(
        dict(kwargs, env={k: os.environ.get(k) for k in (
            "REGALIA_PARENT", "REGALIA_LIMITS", "REGALIA_MAX_BOT_THINK")})))
    for key in ("REGALIA_PARENT", "REGALIA_LIMITS", "REGALIA_MAX_BOT_THINK", "REGALIA_DB"):
        monkeypatch.delenv(key, raising=False)
    serve("127.0.0.1", 8000, None, 1)
    serve("127.0.0.1", 8000, "postgresql://u:p@h/db", 3,
          guards=Guards(max_bot_think=1.5, games_per_hour=5, requests_per_minute=0,
                        trust_proxy="10.0.0.2"))
    serve("127.0.0.1", 8000, "postgresql://u:p@h/db", 4,
          guards=Guards(games_per_hour=5, requests_per_minute=600))
    plain, behind, shared = calls
    # each of 4 processes counts a visitor's requests apart: each allows a quarter (the
    # games are counted in the database, by all of them)
    assert shared["env"]["REGALIA_LIMITS"] == "5,150"
    assert plain["proxy_headers"] is False
    assert plain["env"] == {"REGALIA_PARENT": None, "REGALIA_LIMITS": "30,600",
                            "REGALIA_MAX_BOT_THINK": "2"}
    assert behind["proxy_headers"] is True and behind["forwarded_allow_ips"] == "10.0.0.2"
    assert behind["workers"] == 3
    assert behind["env"] == {"REGALIA_PARENT": str(os.getpid()), "REGALIA_LIMITS": "5,0",
                             "REGALIA_MAX_BOT_THINK": "1.5"}


def test_a_proxys_address_header_is_believed_only_when_asked(tmp_path: Path) -> None:
    """With a limit of 3 requests a minute (one of them spent by the wait for the server to
    start), four requests naming four addresses in X-Forwarded-For are one visitor's unless
    ``--trust-proxy`` says whose header to believe."""
    for trusted in (None, "127.0.0.1"):
        port = free_port()
        extra = ["--requests-per-minute", "3"] + (["--trust-proxy", trusted] if trusted else [])
        with serving(tmp_path / "games.db", port, *extra):
            got = [httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=5,
                             headers={"X-Forwarded-For": f"198.51.100.{n}"}).status_code
                   for n in range(1, 5)]
        if trusted:  # four visitors, each with a whole allowance
            assert got == [200] * 4, (trusted, got)
        else:  # one visitor, out of allowance by the fourth (a busy machine's slow start may
            # have spent more than one request waiting for the server: [429] * 4 then)
            assert got[-2:] == [429, 429] and set(got) <= {200, 429}, (trusted, got)


@pytest.mark.skipif(shutil.which("sqlite3") is None, reason="needs the sqlite3 program")
def test_the_documented_backup_of_a_running_server_restores_every_game(tmp_path: Path) -> None:
    """docs/web.md's backup: ``sqlite3 games.db ".backup 'COPY'"`` while the server runs (its
    last moves still in the write-ahead log) gives a database that serves every game as it
    was."""
    import random

    from fastapi.testclient import TestClient

    from regalia.server import create_app
    from tests.server.conftest import create, play_randomly, seat_state

    db, copy = tmp_path / "games.db", tmp_path / "backup.db"
    with TestClient(create_app(f"sqlite:///{db}", bots=False)) as client:
        data = create(client, game="palais-royal", seats=["open", "open"])
        play_randomly(client, data["tokens"], random.Random(3), moves=25)
        before = seat_state(client, data["tokens"][0])
        subprocess.run(["sqlite3", str(db), f".backup '{copy}'"], check=True, timeout=30)
    with TestClient(create_app(f"sqlite:///{copy}", bots=False)) as restored:
        after = seat_state(restored, data["tokens"][0])
    assert after["decisions"] == before["decisions"] == 25
    assert after["view"] == before["view"] and after["legal"] == before["legal"]


def test_the_bots_search_processes_end_with_a_killed_server(tmp_path: Path) -> None:
    """A `hard` bot's search runs in a process of the server's pool; the server killed with
    ``kill -9`` leaves no search running (the pool's processes see their parent gone)."""
    port = free_port()
    children: list[int] = []
    with serving(tmp_path / "games.db", port) as server:
        try:
            created = httpx.post(f"http://127.0.0.1:{port}/api/games", timeout=10, json={
                "game": "el-grande", "seats": ["hard", "hard", "hard"]})
            assert created.status_code == 201, created.text
            end = time.monotonic() + 60
            while not (children := [p for p in children_of(server.pid) if alive(p)]):
                assert time.monotonic() < end, "no search process started"
                time.sleep(0.2)
            os.kill(server.pid, signal.SIGKILL)
            server.wait(10)
            end = time.monotonic() + 10
            while any(alive(p) for p in children):
                assert time.monotonic() < end, "a search process outlived the killed server"
                time.sleep(0.1)
        finally:
            for pid in children:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
