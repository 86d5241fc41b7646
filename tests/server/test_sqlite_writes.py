"""What keeps a move's time short on SQLite under load (benchmarks/README.md, "Web play"): the
process's writers queue on a lock of their own instead of polling SQLite's, and the
write-ahead log is checkpointed by a thread of the server's, not inside a move's commit."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import event

from regalia.server.service import GameService
from regalia.server.store import BACKSTOP_PAGES, Checkpointer, open_engine, session_factory


def test_moves_at_many_tables_at_once_never_meet_sqlites_lock(tmp_path: Path) -> None:
    """With SQLite's busy timeout at 0, a writer that found its lock taken would fail at once
    ("database is locked"): four threads moving at tables of their own (requests and the bots'
    runner do) never do, because they queue on the service's lock."""
    engine = open_engine(f"sqlite:///{tmp_path / 'games.db'}")

    @event.listens_for(engine, "connect")
    def no_waiting(conn: Any, _record: Any) -> None:
        conn.execute("PRAGMA busy_timeout=0")

    engine.dispose()  # (the connections made so far waited as usual)
    service = GameService(session_factory(engine))
    games = [service.create("palais-royal", 2, ["open", "open"], seed=n).game_id
             for n in range(4)]
    failures: list[BaseException] = []
    start = threading.Barrier(len(games))

    def play(game_id: str, seed: int) -> None:
        rng = random.Random(seed)
        start.wait()
        try:
            for _ in range(40):
                state = service.live(game_id).state
                seat = state.to_move()[0]
                action = rng.choice(state.legal_actions(seat))
                service.act(game_id, seat, action.text)
        except BaseException as err:  # (reported below)
            failures.append(err)

    threads = [threading.Thread(target=play, args=(g, n)) for n, g in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not failures, failures[:3]
    assert all(service.live(g).decisions == 40 for g in games)
    engine.dispose()


def test_the_log_is_checkpointed_by_the_servers_thread_not_by_a_commit(tmp_path: Path) -> None:
    engine = open_engine(f"sqlite:///{tmp_path / 'games.db'}")
    with engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == BACKSTOP_PAGES
    assert Checkpointer.wanted(engine)
    assert not Checkpointer.wanted(open_engine("sqlite://"))  # (a database in memory: no log)
    service = GameService(session_factory(engine))
    game_id = service.create("palais-royal", 2, ["open", "open"], seed=1).game_id
    state = service.live(game_id).state
    service.act(game_id, state.to_move()[0], state.legal_actions(state.to_move()[0])[0].text)
    busy, logged, copied = Checkpointer(engine).checkpoint()
    assert busy == 0 and logged > 0 and copied == logged  # the commits had left it to us
    checkpointer = Checkpointer(engine, every=0.05)
    checkpointer.start()
    checkpointer.start()  # (once: a second start keeps the thread it has)
    thread = checkpointer.thread
    assert thread is not None and thread.is_alive()
    checkpointer.stop()
    # (stop waits half a second; a loaded machine may not have run the thread by then: it
    # ends at its next look, which a thread that ignored the stop would never do)
    thread.join(10)
    assert not thread.is_alive()
    engine.dispose()
