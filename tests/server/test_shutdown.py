"""Stopping the server while a bot thinks (issue 33): the search is cancelled at once, not
waited for, and its move is never made; the bot thinks again after a restart. (The process
itself stopping within seconds, on SIGINT and SIGTERM, is tests/server/test_serving.py's.)"""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient

from regalia.server import bots as server_bots
from regalia.server import create_app
from tests.server.conftest import create, service_of
from tests.server.test_abuse import SamplingBot, wait_for


def test_stopping_cancels_a_bots_search_and_drops_its_move(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    started, stopped = threading.Event(), []
    monkeypatch.setattr(server_bots, "make_bot",
                        lambda spec, seed=None: SamplingBot(20.0, started, stopped))
    with TestClient(create_app(db_url)) as client:
        data = create(client, game="el-grande", seats=["me", "open"])
        token, game_id = data["tokens"][1], data["game_id"]
        handed = client.post("/api/seat/bot", headers={"X-Seat-Token": token},
                             json={"bot": "random"})
        assert handed.status_code == 200
        assert started.wait(10)
        stopping = time.monotonic()
    wait_for(lambda: bool(stopped), 5.0)
    assert stopped[0] - stopping < 2.0  # the search ended with the server, not after 20 s
    started.clear()
    with TestClient(create_app(db_url)) as restarted:
        assert [d for d in service_of(restarted).log(game_id) if d.seat == 1] == []
        assert started.wait(10)  # the bot thinks again after the restart
