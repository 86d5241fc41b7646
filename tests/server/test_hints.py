"""The hint button: the hint bot's three favourite actions for the seat to move, from that
seat's information only; refused for spectators and seats not to move; rate-limited per seat;
worked out off the request thread."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regalia
from regalia.engine import Rng
from regalia.engine.i18n import speaking
from regalia.engine.state import State
from regalia.server import create_app
from regalia.server.hints import HintDesk, suggestions
from tests.server.conftest import QUICK_HINTS, create, seat_state, service_of
from tests.support.playing import twin_positions


def hint(client: TestClient, token: str) -> tuple[int, dict]:
    response = client.post("/api/seat/hint", headers={"X-Seat-Token": token})
    return response.status_code, response.json()


def test_the_seat_to_move_gets_three_legal_actions_with_figures(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["me", "open", "open"])
    state = seat_state(client, data["tokens"][0])
    mover = state["to_move"][0]
    status, answer = hint(client, data["tokens"][mover])
    assert status == 200, answer
    legal = {a["action"]: a["description"]
             for a in seat_state(client, data["tokens"][mover])["legal"]}
    shown = answer["hints"]
    assert 1 <= len(shown) <= 3
    assert len(shown) == min(3, len(legal))
    for item in shown:
        assert legal[item["action"]] == item["description"]
        assert 0.0 <= item["share"] <= 1.0
        assert 0.0 <= item["win_chance"] <= 1.0
        assert 1.0 <= item["expected_place"] <= 3.0
    shares = [item["share"] for item in shown]
    assert shares == sorted(shares, reverse=True)  # the most searched first
    assert sum(shares) <= 1.0 + 1e-6
    assert answer["decisions"] == state["decisions"]


def test_spectators_bots_and_seats_not_to_move_are_refused(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["open", "open", "open"])
    service = service_of(client)
    state = service.live(data["game_id"]).state
    while len(state.to_move()) == state.players:  # a sealed choice of all: one chooses
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
        state = service.live(data["game_id"]).state
    before = service.live(data["game_id"]).entries
    mover = state.to_move()[0]
    waiting = next(s for s in data["tokens"] if s not in state.to_move())
    assert hint(client, data["tokens"][waiting])[0] == 409
    assert client.post("/api/seat/hint").status_code == 422  # no token at all
    assert hint(client, "x" * 32)[0] == 403  # a spectator has no seat token
    response = client.post("/api/seat/bot", headers={"X-Seat-Token": data["tokens"][mover]},
                           json={"bot": "random"})
    assert response.status_code == 200
    assert hint(client, data["tokens"][mover])[0] == 403  # a bot plays it
    assert service.live(data["game_id"]).entries == before  # nothing moved


def test_a_seat_asking_again_too_soon_is_refused(db_url: str) -> None:
    now = [1000.0]
    with TestClient(create_app(db_url, bots=False, hint_bot=QUICK_HINTS,
                               hint_spacing=10)) as client:
        desk = client.app.state.hints  # type: ignore[attr-defined]
        assert isinstance(desk, HintDesk)
        desk.clock = lambda: now[0]
        data = create(client, game="el-grande", seats=["open", "open"])
        mover = service_of(client).live(data["game_id"]).state.to_move()[0]
        token = data["tokens"][mover]
        assert hint(client, token)[0] == 200
        now[0] += 9
        status, answer = hint(client, token)
        assert status == 429 and "again in" in answer["detail"]
        now[0] += 1.5
        assert hint(client, token)[0] == 200


def _twins(game: str, players: int, count: int) -> list[tuple[State, State, int]]:
    return twin_positions(game, players, count, seed=57, rng=Rng(3), every=3, at=1)


def test_a_hint_is_the_same_whatever_the_other_seats_hide() -> None:
    # El Grande: its samples are drawn from the sampler's stream alone, so two worlds with
    # one view give the same search sample by sample (see tests/bots/test_planted_secrets.py
    # for why the other games' samples only agree in distribution).
    twins = _twins("el-grande", 4, 2)
    assert len(twins) == 2
    for k, (truth, twin, seat) in enumerate(twins):
        assert truth.view(seat) == twin.view(seat)
        a = suggestions(truth, seat, QUICK_HINTS, seed=k)
        b = suggestions(twin, seat, QUICK_HINTS, seed=k)
        assert a == b, k


def test_a_hint_is_worked_out_off_the_request_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """While one seat's hint thinks, another table answers at once: the hint here thinks
    until the other table's requests are answered (a hint worked out on the request thread
    would hold them for its 30 s, and answer first)."""
    from regalia.server import hints

    thinking, release = threading.Event(), threading.Event()

    def held(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        thinking.set()
        release.wait(30)
        return suggestions(*args, **kwargs)

    monkeypatch.setattr(hints, "suggestions", held)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'g.db'}", bots=False,
                               hint_bot=QUICK_HINTS, hint_spacing=0)) as client:
        # in the desk's thread, where the held search can be seen (its process is another
        # test's)
        client.app.state.hints.processes = None  # type: ignore[attr-defined]
        slow = create(client, game="el-grande", seats=["open", "open"])
        other = create(client, game="el-grande", seats=["open", "open"])
        mover = service_of(client).live(slow["game_id"]).state.to_move()[0]
        answers: list[int] = []
        thread = threading.Thread(target=lambda: answers.append(
            hint(client, slow["tokens"][mover])[0]))
        thread.start()
        try:
            assert thinking.wait(30)  # the hint is thinking
            for _ in range(3):
                seat_state(client, other["tokens"][0])
            assert answers == []  # answered while the hint still thought
        finally:
            release.set()
            thread.join(30)
        assert answers == [200]


@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_a_bot_that_does_not_search_gives_no_hints(spec: str) -> None:
    state = regalia.new_game("el-grande", 3, seed=1)
    with pytest.raises(regalia.RegaliaError, match="no search"):
        suggestions(state, state.to_move()[0], spec, seed=1)


def test_the_table_shows_the_button_to_the_seat_to_move_only(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["open", "open", "open"])
    service = service_of(client)
    state = service.live(data["game_id"]).state
    while len(state.to_move()) == state.players:
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
        state = service.live(data["game_id"]).state
    for seat, token in data["tokens"].items():
        page = client.get(f"/play/{token}").text
        assert ('id="hint"' in page) == (seat in state.to_move()), seat
    assert 'id="hint"' not in client.get(f"/watch/{data['game_id']}").text


def test_a_hint_thinks_in_a_process_of_its_own_and_says_what_the_thread_would(
        client: TestClient) -> None:
    """The hint's search runs in the desk's own process (not the server's, whose interpreter
    lock every request needs, nor the bots' pool), replaying the game's record there, and
    gives the hint a search in this process gives with the same seed, in the reader's
    language."""
    from regalia.server.bots import bot_seed

    desk = client.app.state.hints  # type: ignore[attr-defined]
    assert isinstance(desk, HintDesk) and desk.processes is not None
    data = create(client, game="el-grande", seats=["open", "open", "open"])
    live = service_of(client).live(data["game_id"])
    mover = live.state.to_move()[0]
    for moment, lang in ((1e12, "en"), (2e12, "zh")):
        desk.clock = lambda moment=moment: moment  # (past the spacing: ask again now)
        response = client.post("/api/seat/hint", headers={"X-Seat-Token": data["tokens"][mover],
                                                         "Accept-Language": lang})
        assert response.status_code == 200, response.text
        seed = bot_seed(data["game_id"], live.decisions, mover) ^ 0x68696E74
        with speaking(lang):
            here = suggestions(live.state.clone(), mover, QUICK_HINTS, seed)
        assert response.json()["hints"] == here
    executor = desk.processes._executor
    assert executor is not None
    pids = {process.pid for process in (executor._processes or {}).values()}
    assert pids and os.getpid() not in pids
