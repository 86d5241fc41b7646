"""On SQLite a move and a seat's read are served on the event loop, not a worker thread (a
thread's hop and its waits for the interpreter lock were the slowest moves' time); a move that
would wait for its game's lock, or a game not cached, goes to a worker thread as before."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from regalia.server import create_app
from regalia.server.service import Busy

from .conftest import TOY, create, service_of


def test_moves_and_reads_on_the_loop_unless_they_would_wait(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bots=False,
                               hint_bot=None)) as client:
        service = service_of(client)
        assert service.inline
        game = create(client, TOY, ["me", "me", "me"])
        game_id, tokens = game["game_id"], game["tokens"]
        acted_in: list[str] = []
        real_act = service.act

        def act(*args: Any, **kwargs: Any) -> Any:
            acted_in.append(threading.current_thread().name)
            return real_act(*args, **kwargs)

        service.act = act  # type: ignore[method-assign]
        test_thread = threading.current_thread().name

        def move(seat: int) -> Any:
            state = client.get("/api/seat?svg=false", headers={"X-Seat-Token": tokens[seat]})
            assert state.status_code == 200, state.text
            data = state.json()
            assert data["legal"], data
            return client.post("/api/seat/act", headers={"X-Seat-Token": tokens[seat]},
                               json={"action": data["legal"][0]["action"],
                                     "turn": data["decisions"]})

        seat = service_of(client).live(game_id).state.to_move()[0]
        answer = move(seat)
        assert answer.status_code == 200, answer.text
        # one attempt, not in a worker thread of anyio's pool (nor this test's thread)
        assert len(acted_in) == 1 and "AnyIO worker" not in acted_in[0], acted_in
        assert acted_in[0] != test_thread
        decisions = answer.json()["decisions"]

        # The game's lock held elsewhere (a bot's move): the move does not wait on the loop,
        # it is made again in a worker thread once the lock is free, and made once.
        acted_in.clear()
        lock = service.lock(game_id)
        lock.acquire()
        threading.Timer(0.3, lock.release).start()
        seat = service.live(game_id).state.to_move()[0]
        started = time.monotonic()
        answer = move(seat)
        assert answer.status_code == 200, answer.text
        assert time.monotonic() - started >= 0.25
        assert answer.json()["decisions"] == decisions + 1
        assert len(acted_in) == 2 and "AnyIO worker" in acted_in[1], acted_in
        assert service.live(game_id).decisions == decisions + 1


def test_a_move_that_may_not_wait_changes_nothing(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bots=False,
                               hint_bot=None)) as client:
        service = service_of(client)
        game = create(client, TOY, ["me", "me", "me"])
        game_id = game["game_id"]
        live = service.live(game_id)
        seat = live.state.to_move()[0]
        action = live.state.legal_actions(seat)[0].text
        with service.lock(game_id), pytest.raises(Busy):
            service.act(game_id, seat, action, turn=live.decisions, wait=False)
        service._live.pop(game_id)  # not cached: rebuilding it is a worker thread's work
        with pytest.raises(Busy):
            service.act(game_id, seat, action, turn=live.decisions, wait=False)
        assert service.live(game_id).decisions == live.decisions
        assert service.act(game_id, seat, action, turn=live.decisions,
                           wait=False).decisions == live.decisions + 1
