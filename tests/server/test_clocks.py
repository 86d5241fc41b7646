"""Clocks: a late person's seat is moved for by a bot, and the table is told."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from regalia.server import create_app
from regalia.server.clocks import Timekeeper
from regalia.server.models import Game, now
from tests.server.conftest import TOY, create, seat_state, service_of


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


# --------------------------------------------------------------------------- time banks
BANK, INCREMENT = 600, 20


class FakeClock:
    """The time banks' clock, moved by hand."""

    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


def banked_game(client: TestClient, clock: FakeClock, game: str = "palais-royal",
                seats: list[str] | None = None) -> dict[str, Any]:
    service_of(client).clock = clock
    return create(client, game=game, seats=seats or ["me", "open"], bank_seconds=BANK,
                  increment_seconds=INCREMENT)


def test_a_bank_is_spent_while_the_seat_is_to_move_and_gains_the_increment(
        client: TestClient) -> None:
    clock = FakeClock()
    data = banked_game(client, clock)
    service = service_of(client)
    state = seat_state(client, data["tokens"][0])
    assert state["deadline"] is None  # no per-move clock
    banks = state["banks"]
    assert banks["left"] == [BANK, BANK] and banks["increment"] == INCREMENT
    mover = state["to_move"][0]
    assert banks["since"][mover] == clock.now and banks["since"][1 - mover] is None
    clock.now += 100
    action = seat_state(client, data["tokens"][mover])["legal"][0]["action"]
    response = client.post("/api/seat/act", headers={"X-Seat-Token": data["tokens"][mover]},
                           json={"action": action})
    assert response.status_code == 200
    live = service.live(data["game_id"]).state
    after = seat_state(client, data["tokens"][0])["banks"]
    gained = 0 if mover in live.to_move() else INCREMENT
    assert after["left"][mover] == BANK - 100 + gained
    assert after["left"][1 - mover] == BANK  # the other seat spent nothing
    for seat in live.to_move():
        assert after["since"][seat] == clock.now


def test_a_spent_bank_is_moved_for_by_a_bot_and_the_table_is_told(client: TestClient) -> None:
    clock = FakeClock()
    data = banked_game(client, clock)
    service = service_of(client)
    keeper = Timekeeper(service)
    mover = service.live(data["game_id"]).state.to_move()[0]
    clock.now += BANK - 1
    assert keeper.tick() == []  # a second left
    clock.now += 1
    assert keeper.tick() == [data["game_id"]]
    log = service.log(data["game_id"])
    assert log[-1].seat == mover and log[-1].timed_out and log[-1].by_bot
    assert "ran out of time" in seat_state(client, data["tokens"][1])["log"][-1]
    while mover in service.live(data["game_id"]).state.to_move():
        keeper.tick()  # a bot finishes the late seat's turn (its bank stays spent)
    banks = seat_state(client, data["tokens"][0])["banks"]
    assert banks["left"][mover] == INCREMENT  # it plays on with the increment alone


def test_only_the_late_seats_of_a_sealed_choice_are_moved_for(client: TestClient) -> None:
    clock = FakeClock()
    data = banked_game(client, clock, game=TOY, seats=["open", "open", "open"])
    service = service_of(client)
    assert sorted(service.live(data["game_id"]).state.to_move()) == [0, 1, 2]
    clock.now += 50
    bid = seat_state(client, data["tokens"][1])["legal"][0]["action"]
    response = client.post("/api/seat/act", headers={"X-Seat-Token": data["tokens"][1]},
                           json={"action": bid})
    assert response.status_code == 200
    banks = seat_state(client, data["tokens"][0])["banks"]
    assert banks["since"][0] == banks["since"][2] == clock.now - 50  # still running
    clock.now += BANK - 50
    Timekeeper(service).tick()
    log = service.log(data["game_id"])
    assert sorted(m.seat for m in log if m.timed_out) == [0, 2]
    assert [m.seat for m in log if not m.timed_out] == [1]


def test_the_banks_survive_a_restart_of_the_server(db_url: str) -> None:
    clock = FakeClock()
    with TestClient(create_app(db_url, bots=False)) as first:
        data = banked_game(first, clock)
        mover = service_of(first).live(data["game_id"]).state.to_move()[0]
        clock.now += 200
        action = seat_state(first, data["tokens"][mover])["legal"][0]["action"]
        response = first.post("/api/seat/act", headers={"X-Seat-Token": data["tokens"][mover]},
                              json={"action": action})
        assert response.status_code == 200
        before = seat_state(first, data["tokens"][0])["banks"]
    clock.now += 300  # the server is down a while (the banks' clock is the wall clock)
    with TestClient(create_app(db_url, bots=False)) as second:
        service = service_of(second)
        service.clock = clock
        assert seat_state(second, data["tokens"][0])["banks"] == before
        state = service.live(data["game_id"]).state
        waiting = state.to_move()[0]
        keeper = Timekeeper(service)
        spent_at = min(before["since"][s] + before["left"][s] for s in state.to_move())
        clock.now = spent_at - 1
        assert keeper.tick() == []
        clock.now = spent_at
        assert keeper.tick() == [data["game_id"]]
        assert service.log(data["game_id"])[-1].seat == waiting


def test_a_clock_is_per_move_or_a_bank(client: TestClient) -> None:
    for body, status in (({"bank_seconds": 600, "move_seconds": 60}, 400),
                         ({"increment_seconds": 10}, 400),
                         ({"bank_seconds": 30}, 422),
                         ({"bank_seconds": 600, "increment_seconds": -1}, 422)):
        response = client.post("/api/games", json={"game": "palais-royal", **body})
        assert response.status_code == status, (body, response.text)
    assert client.get("/api/games").json() == []  # nothing was made


def test_a_rematch_keeps_the_bank(client: TestClient) -> None:
    clock = FakeClock()
    data = banked_game(client, clock, game=TOY, seats=["open", "open"])
    service = service_of(client)
    while not (state := service.live(data["game_id"]).state).is_over():
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
    assert seat_state(client, data["tokens"][0])["banks"] is None  # over: no clock shown
    response = client.post("/api/seat/rematch", headers={"X-Seat-Token": data["tokens"][0]})
    assert response.status_code == 200
    banks = seat_state(client, response.json()["token"])["banks"]
    assert banks["bank"] == BANK and banks["increment"] == INCREMENT


def test_the_table_shows_every_seat_s_bank(client: TestClient) -> None:
    clock = FakeClock()
    data = banked_game(client, clock)
    page = client.get(f"/play/{data['tokens'][1]}").text
    assert page.count('class="bank"') == 2 and f'data-left="{float(BANK)}"' in page
    assert page.count("data-since=") == 1  # the seat to move's bank is running
    assert 'id="bank-rule"' in page
    spectator = client.get(f"/watch/{data['game_id']}").text
    assert spectator.count('class="bank"') == 2


def test_an_app_entered_twice_keeps_one_clock(tmp_path: Any) -> None:
    """Two test clients of one app enter its lifespan twice: the clock thread is started once
    while it runs (before, the second start raised "threads can only be started once"), and a
    stopped clock starts afresh."""
    import threading

    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bots=True, clocks=True)

    # (this app's: another test's stopped clock may still be ending, on a loaded machine)
    others = {t for t in threading.enumerate() if t.name == "regalia-clock"}

    def clocks() -> int:
        return sum(t.name == "regalia-clock" and t.is_alive() and t not in others
                   for t in threading.enumerate())

    with TestClient(app), TestClient(app):
        assert clocks() == 1
    with TestClient(app):
        assert clocks() == 1
