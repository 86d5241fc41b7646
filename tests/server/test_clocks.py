"""Clocks: a late person's seat is moved for by a bot, and the table is told."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import update

from regalia.server.clocks import Timekeeper
from regalia.server.models import Game, now
from tests.server.conftest import create, seat_state, service_of


def make_late(client: TestClient, game_id: str, seconds: int) -> None:
    """Let the clock run: the last move was ``seconds`` ago."""
    service = service_of(client)
    with service.session() as session:
        session.execute(update(Game).where(Game.id == game_id)
                        .values(updated=now() - timedelta(seconds=seconds)))
        session.commit()


def test_a_late_seat_is_moved_for_by_a_bot_and_the_log_says_so(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["me", "open"], move_seconds=60)
    game_id = data["game_id"]
    state = seat_state(client, data["tokens"][0])
    assert state["deadline"] is not None
    mover = state["to_move"][0]
    keeper = Timekeeper(service_of(client))
    make_late(client, game_id, 30)
    assert keeper.tick() == []  # not late yet
    make_late(client, game_id, 61)
    assert keeper.tick() == [game_id]
    after = seat_state(client, data["tokens"][0])
    assert after["decisions"] == 1
    assert "ran out of time" in after["log"][-1]
    (move,) = service_of(client).log(game_id)
    assert move.seat == mover and move.timed_out and move.by_bot
    assert keeper.tick() == []  # the clock starts again from that move


def test_every_late_seat_of_a_sealed_choice_is_moved_for(client: TestClient) -> None:
    data = create(client, seats=["open", "open", "open"], move_seconds=30)
    make_late(client, data["game_id"], 31)
    Timekeeper(service_of(client)).tick()
    log = service_of(client).log(data["game_id"])
    assert sorted(m.seat for m in log) == [0, 1, 2]


def test_games_without_a_clock_wait_for_ever(client: TestClient) -> None:
    data = create(client, seats=["me", "open"])
    make_late(client, data["game_id"], 10 * 86400)
    assert Timekeeper(service_of(client)).tick() == []
    assert seat_state(client, data["tokens"][0])["deadline"] is None


def test_a_clock_is_between_five_seconds_and_a_week(client: TestClient) -> None:
    for seconds in (0, 4, 8 * 86400, "soon"):
        response = client.post("/api/games", json={"game": "palais-royal",
                                                   "move_seconds": seconds})
        assert response.status_code == 422, seconds
