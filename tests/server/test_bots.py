"""Bots in seats: they move on the server, see only their seat's information set, do not hold
up other requests, and a seat can be handed to a bot and taken back."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import regalia
from regalia.bots import InformationSet, RandomBot, make_bot
from regalia.engine import Action
from regalia.engine.rng import Rng
from regalia.server import bots as server_bots
from regalia.server import create_app
from regalia.server.models import Move
from regalia.server.search_pool import SearchPool, searches
from regalia.server.service import rebuild
from tests.server.conftest import create, seat_state, service_of


@pytest.fixture
def live_client(db_url: str) -> Iterator[TestClient]:
    """A client of an app whose bots move by themselves."""
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def test_bots_play_a_game_to_its_end(live_client: TestClient) -> None:
    data = create(live_client, seats=["random", "greedy", "hard:iterations=20"])
    game_id = data["game_id"]
    wait_for(lambda: live_client.get(f"/api/games/{game_id}").json()["over"])
    record = live_client.get(f"/api/games/{game_id}/record").json()
    assert record["result"]["ranking"]
    by_bot = [m.by_bot for m in service_of(live_client).log(game_id)]
    assert by_bot and all(by_bot)


def test_a_bot_answers_a_persons_move(live_client: TestClient) -> None:
    data = create(live_client, game="palais-royal", seats=["me", "easy"])
    token = data["tokens"][0]

    def my_turn() -> bool:
        state = seat_state(live_client, token)
        return 0 in state["to_move"] or state["over"]

    service = service_of(live_client)
    for _ in range(60):
        wait_for(my_turn)
        if any(m.seat == 1 for m in service.log(data["game_id"])):
            break
        state = seat_state(live_client, token)
        response = live_client.post("/api/seat/act", headers={"X-Seat-Token": token},
                                    json={"action": state["legal"][0]["action"],
                                          "turn": state["decisions"]})
        assert response.status_code == 200, response.text
    wait_for(my_turn)
    log = service.log(data["game_id"])
    assert {m.seat for m in log} == {0, 1}
    assert all(m.by_bot == (m.seat == 1) for m in log)


class SpyBot:
    """Records what it is handed; thinks for ``delay`` seconds."""

    name = "spy"

    def __init__(self, handed: list[Any], delay: float = 0.0) -> None:
        self.handed = handed
        self.delay = delay

    def act(self, info: InformationSet) -> Action:
        self.handed.append((type(info), info.seat, info.view))
        time.sleep(self.delay)
        return RandomBot(1).act(info)


def test_a_bot_is_handed_its_seats_information_set_only(
        live_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    handed: list[Any] = []
    monkeypatch.setattr(server_bots, "make_bot", lambda spec, seed=None: SpyBot(handed))
    data = create(live_client, seats=["me", "random", "random"])
    wait_for(lambda: len(handed) >= 2)
    row = service_of(live_client).game_row(data["game_id"])
    start = regalia.new_game(row.game, row.players, seed=int(row.seed))
    for kind, seat, _ in handed[:2]:
        assert issubclass(kind, InformationSet)  # (one whose search can be cancelled)
        assert seat in (1, 2)
    kind, seat, view = handed[0]  # the first bot to choose saw the opening position
    assert view == start.view(seat)


class HeldBot:
    """Thinks until released (at most 30 s)."""

    name = "held"

    def __init__(self, thinking: threading.Event, release: threading.Event) -> None:
        self.thinking = thinking
        self.release = release

    def act(self, info: InformationSet) -> Action:
        self.thinking.set()
        self.release.wait(30)
        return RandomBot(1).act(info)


def test_a_thinking_bot_does_not_hold_up_other_requests(
        live_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    thinking, release = threading.Event(), threading.Event()
    monkeypatch.setattr(server_bots, "make_bot",
                        lambda spec, seed=None: HeldBot(thinking, release))
    try:
        bots = create(live_client, seats=["random", "random"])
        assert thinking.wait(30)
        other = create(live_client, seats=["me", "open"])  # a request while the bot thinks
        seat_state(live_client, other["tokens"][0])
        # answered while the bot still thought (a bot holding requests up would have
        # thought its 30 s, and moved, first)
        assert service_of(live_client).live(bots["game_id"]).decisions == 0
    finally:
        release.set()


def test_a_seat_handed_to_a_bot_and_back(live_client: TestClient) -> None:
    data = create(live_client, game="palais-royal", seats=["me", "open"])
    tokens = data["tokens"]
    response = live_client.post("/api/seat/bot", headers={"X-Seat-Token": tokens[1]},
                                json={"bot": "random"})
    assert response.status_code == 200 and response.json()["bot"] == "random"
    assert seat_state(live_client, tokens[1])["bot"] == "random"
    service = service_of(live_client)

    def bot_moved() -> bool:
        return any(m.seat == 1 and m.by_bot for m in service.log(data["game_id"]))

    for _ in range(60):  # seat 0 plays its turns (several decisions each) until the bot moved
        wait_for(lambda: 0 in seat_state(live_client, tokens[0])["to_move"] or bot_moved())
        if bot_moved():
            break
        state = seat_state(live_client, tokens[0])
        live_client.post("/api/seat/act", headers={"X-Seat-Token": tokens[0]},
                         json={"action": state["legal"][0]["action"],
                               "turn": state["decisions"]})
    assert bot_moved()
    wait_for(lambda: 0 in seat_state(live_client, tokens[0])["to_move"])
    response = live_client.post("/api/seat/bot", headers={"X-Seat-Token": tokens[1]},
                                json={"bot": None})
    assert response.status_code == 200 and response.json()["bot"] is None
    # seat 0 moves until it is seat 1's turn: then nobody moves for seat 1
    for _ in range(20):
        state = seat_state(live_client, tokens[0])
        if 1 in state["to_move"]:
            break
        live_client.post("/api/seat/act", headers={"X-Seat-Token": tokens[0]},
                         json={"action": state["legal"][0]["action"]})
    before = seat_state(live_client, tokens[1])
    assert 1 in before["to_move"]
    time.sleep(0.5)
    assert seat_state(live_client, tokens[1])["decisions"] == before["decisions"]
    assert live_client.post("/api/seat/bot", headers={"X-Seat-Token": "x" * 32},
                            json={"bot": "random"}).status_code == 403
    assert live_client.post("/api/seat/bot", headers={"X-Seat-Token": tokens[1]},
                            json={"bot": "nonsense"}).status_code == 422


@pytest.mark.parametrize("spec", ["random", "greedy", "easy", "medium:think=0.05s",
                                  "hard:iterations=30", "hard:think=0.1s"])
def test_every_kind_of_bot_can_take_a_seat(live_client: TestClient, spec: str) -> None:
    data = create(live_client, game="el-grande", seats=["me", spec])
    game_id = data["game_id"]
    # El Grande opens with a sealed choice of every seat: the bot makes its own at once
    wait_for(lambda: service_of(live_client).live(game_id).decisions >= 1)
    assert service_of(live_client).log(game_id)[0].seat == 1


def test_bots_go_on_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url, bots=False)) as still:
        data = create(still, seats=["random", "random"])
        assert service_of(still).live(data["game_id"]).decisions == 0
    with TestClient(create_app(db_url)) as moving:
        wait_for(lambda: moving.get(f"/api/games/{data['game_id']}").json()["over"])


def test_racing_bots_and_people_never_play_twice(live_client: TestClient) -> None:
    data = create(live_client, seats=["me", "random", "random"])
    token = data["tokens"][0]
    errors: list[int] = []

    def hammer() -> None:
        for _ in range(30):
            state = seat_state(live_client, token)
            if state["over"]:
                return
            if state["legal"]:
                response = live_client.post("/api/seat/act", headers={"X-Seat-Token": token},
                                            json={"action": state["legal"][0]["action"],
                                                  "turn": state["decisions"]})
                if response.status_code not in (200, 409):
                    errors.append(response.status_code)

    threads = [threading.Thread(target=hammer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    game_id = data["game_id"]
    service = service_of(live_client)
    wait_for(lambda: not any(s in (1, 2) for s in service.live(game_id).state.to_move()))
    # the log replays: no move was taken twice or out of turn
    with service.session() as session:
        moves = list(session.scalars(select(Move).where(Move.game_id == game_id)
                                     .order_by(Move.index)))
    rebuilt = rebuild(service.game_row(game_id), moves)
    assert rebuilt.state.to_json() == service.live(game_id).state.to_json()


# ---------------------------------------------------------------- searches in the pool
def test_a_search_in_the_pool_chooses_as_it_would_in_a_thread() -> None:
    """A `medium` bot's search runs in a pool process, handed the game's record: with the same
    seed and a fixed number of iterations it chooses what it would in the server's thread."""
    state = regalia.new_game("el-grande", 3, seed=5)
    rng = Rng(2)
    for _ in range(4):  # past the opening into a position with several choices
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    seat = state.to_move()[0]
    assert len(state.legal_actions(seat)) > 1
    spec, seed = "medium:iterations=40", 11
    here = make_bot(spec, seed=seed).act(InformationSet(state.clone(), seat)).text
    pool = SearchPool(1)
    try:
        there = pool.submit(spec, seed, state, seat, 0).result(timeout=120)
    finally:
        pool.close()
    assert there == here
    assert searches("hard:think=1s") and searches("medium")
    assert not searches("random") and not searches("greedy")
    assert searches("hard", "el-grande") and not searches("hard", "toy-sealed-bids")


def test_taking_a_seat_back_cancels_a_search_in_the_pool(db_url: str) -> None:
    """A `hard` bot given 20 s a decision thinks in a pool process; taking its seat back ends
    that search within an iteration, and its move never comes."""
    with TestClient(create_app(db_url, max_bot_think=30)) as client:
        data = create(client, game="el-grande", seats=["me", "open"])
        token, game_id = data["tokens"][1], data["game_id"]
        handed = client.post("/api/seat/bot", headers={"X-Seat-Token": token},
                             json={"bot": "hard:think=20s"})
        assert handed.status_code == 200, handed.text
        runner = client.app.state.runner  # type: ignore[attr-defined]
        wait_for(lambda: runner.searching == 1, 60.0)  # (the pool's first process starts)
        time.sleep(0.5)  # deep in its search
        taken = time.monotonic()
        client.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": None})
        wait_for(lambda: runner.searching == 0, 15.0)
        assert time.monotonic() - taken < 10.0  # not its 20 s
        assert [d for d in service_of(client).log(game_id) if d.seat == 1] == []


def test_a_search_whose_pool_process_dies_is_made_in_the_thread(db_url: str) -> None:
    """A pool process killed mid-search breaks the pool: that decision is thought in the
    bots' thread instead, and the next search starts a new pool."""
    with TestClient(create_app(db_url, max_bot_think=30)) as client:
        data = create(client, game="el-grande", seats=["me", "hard:think=3s"])
        runner = client.app.state.runner  # type: ignore[attr-defined]

        def pool_processes() -> list[Any]:
            executor = runner.pool._executor
            return list((executor._processes or {}).values()) if executor else []

        wait_for(lambda: runner.searching == 1 and bool(pool_processes()), 60.0)
        for process in pool_processes():
            process.kill()
        service = service_of(client)
        wait_for(lambda: any(d.seat == 1 for d in service.log(data["game_id"])), 60.0)
        assert runner.pool._executor is None  # dropped; a new one at the next search
