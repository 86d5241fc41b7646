"""Looking back at a game still going: a seat's (/play/TOKEN/replay, /api/seat/replay) and a
spectator's (/watch/GAME/replay, /api/games/GAME/replay), a decision at a time, each position
drawn from the view its reader had then, the record kept on the server."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from fastapi.testclient import TestClient

import regalia
from regalia.engine import State
from tests.server.conftest import TOY, create, seat_state, service_of

CASTLES = "castles-of-burgundy-cards"  # hands held closed: two seats' views differ


def first_moves(client: TestClient, game_id: str, moves: int) -> None:
    """``moves`` decisions, each the first legal action of the first seat to move."""
    service = service_of(client)
    for _ in range(moves):
        state = service.live(game_id).state
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)


def at(client: TestClient, game_id: str, step: int) -> State:
    """The game after ``step`` decisions, from the server's record (the test may know it)."""
    return regalia.replay(service_of(client).live(game_id).state.record(), steps=step)


def board(state: State, seat: int | None) -> str:
    """The look back's board: ``view(seat)`` drawn with nothing to click, its components'
    texts in their titles (for hover and long press)."""
    from regalia.server.about import component_texts, titled

    render = state.info().render_svg
    assert render is not None
    view = state.view(seat)
    return titled(render(dict(view, legal=[])), {}, component_texts(state, view))


def look_back(client: TestClient, token: str, step: int | None = None,
              **params: Any) -> dict[str, Any]:
    query = {} if step is None else {"step": step}
    response = client.get("/api/seat/replay", params={**query, **params},
                          headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    return dict(response.json())


def hidden_hands(client: TestClient, game_id: str, step: int, viewer: int | None) -> set[str]:
    """The cards in the other seats' hands after ``step`` decisions that ``viewer`` (None: a
    spectator) has not seen, then or since."""
    state = at(client, game_id, step)
    seen = json.dumps(state.view(viewer)) + \
        json.dumps(service_of(client).live(game_id).state.view(viewer))
    return {card for seat in range(state.players) if seat != viewer
            for card in state.view(seat)["seats"][seat]["hand"] if card not in seen}


def new_game(client: TestClient, game: str, seed: int, players: int = 2,
             public: bool = True) -> dict[str, Any]:
    """A game of open seats, of a seed of the test's own (a failure comes back)."""
    created = service_of(client).create(game, players, ["open"] * players, seed=seed,
                                        public=public)
    return {"game_id": created.game_id, "tokens": created.tokens}


def test_a_seat_looks_back_at_its_running_game_as_it_saw_it(client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261127)
    game_id, token = data["game_id"], data["tokens"][0]
    first_moves(client, game_id, 6)
    record = service_of(client).live(game_id).state.record()
    found: set[str] = set()
    for step in range(7):
        state = at(client, game_id, step)
        mine, theirs = board(state, 0), board(state, 1)
        assert mine != theirs  # the hands differ: a look back as seat 1 would show
        page = client.get(f"/play/{token}/replay?step={step}")
        assert page.status_code == 200
        assert mine in page.text and theirs not in page.text
        assert f"after {step} of 6 decisions so far" in page.text
        answer = look_back(client, token, step)
        assert answer["svg"] == mine and answer["view"] == json.loads(json.dumps(state.view(0)))
        secrets = hidden_hands(client, game_id, step, 0)
        found |= secrets
        for text in (page.text, json.dumps(answer)):
            for card in secrets:
                assert card not in text, card
            assert str(record.seed) not in text
        assert "seed" not in answer and "seed" not in answer["view"]
    assert found  # seat 1 held cards seat 0 never saw: the search above could fail


def test_the_board_of_a_look_back_has_nothing_to_click(client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261131)
    game_id = data["game_id"]
    first_moves(client, game_id, 3)
    state = at(client, game_id, 0)
    mover = state.to_move()[0]
    render = state.info().render_svg
    assert render is not None
    assert "data-action" in render(state.view(mover))  # its view lists its legal actions
    page = client.get(f"/play/{data['tokens'][mover]}/replay?step=0").text
    assert "data-action" not in page and 'class="act"' not in page
    assert 'src="/static/table.js"' not in page  # nothing that makes moves


def test_a_seat_parameter_does_not_show_another_seats_view(client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261132)
    game_id, token = data["game_id"], data["tokens"][0]
    first_moves(client, game_id, 4)
    state = at(client, game_id, 2)
    for query in ("step=2&seat=1", "step=2&seat=None", "seat=1&step=2&seat=1"):
        page = client.get(f"/play/{token}/replay?{query}").text
        assert board(state, 0) in page and board(state, 1) not in page, query
    answer = look_back(client, token, 2, seat=1)
    assert answer["seat"] == 0 and answer["svg"] == board(state, 0)


def test_a_spectator_looks_back_at_a_running_game(client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261128, public=False)
    game_id = data["game_id"]
    first_moves(client, game_id, 5)
    state = at(client, game_id, 3)
    # a private game is watched like a public one (/watch/GAME serves both): by its link
    assert client.get(f"/watch/{game_id}").status_code == 200
    for query in ("step=3", "step=3&seat=0", "step=3&seat=1"):
        page = client.get(f"/watch/{game_id}/replay?{query}")
        assert page.status_code == 200
        assert board(state, None) in page.text, query
        assert board(state, 0) not in page.text and board(state, 1) not in page.text
        assert "as a spectator saw it" in page.text
    # while it runs: no record to download, no analysis, no seat's view to switch to
    page = client.get(f"/watch/{game_id}/replay?step=3").text
    for finished_only in ("/record", "/analysis", 'id="seat-views"', "&amp;seat="):
        assert finished_only not in page, finished_only
    assert f'href="/watch/{game_id}"' in page  # back to the spectator's table
    answer = client.get(f"/api/games/{game_id}/replay", params={"step": 3}).json()
    assert answer["seat"] is None and answer["svg"] == board(state, None)
    assert answer["view"] == json.loads(json.dumps(state.view(None)))
    secrets = hidden_hands(client, game_id, 3, None)
    assert secrets  # the search below can fail
    for card in secrets:
        assert card not in page and card not in json.dumps(answer)


def test_a_sealed_choice_shows_the_others_only_that_it_was_made(client: TestClient) -> None:
    data = new_game(client, "el-grande", seed=20261127, players=3)
    game_id, tokens = data["game_id"], data["tokens"]
    state = service_of(client).live(game_id).state
    assert len(state.to_move()) > 1  # every seat sets its disk at once, sealed
    action = state.legal_actions(0)[0]
    described, name = state.describe(action), state.seat_name(0)
    assert "secret" in state.announce(action, 0)  # what the others are told hides the disk
    service_of(client).act(game_id, 0, action.text)
    mine = look_back(client, tokens[0])
    assert mine["log"] == [f"{name}: {described}"] and mine["step"] == mine["total"] == 1
    assert described in client.get(f"/play/{tokens[0]}/replay").text
    sealed = f"{name} made a sealed choice."
    for token in (tokens[1], tokens[2]):
        assert look_back(client, token)["log"] == [sealed]
        page = client.get(f"/play/{token}/replay?step=0").text
        assert sealed in page and described not in page
    assert client.get(f"/api/games/{game_id}/replay").json()["log"] == [sealed]
    assert sealed in client.get(f"/watch/{game_id}/replay").text


def test_an_announcement_naming_its_mover_is_not_named_again(client: TestClient) -> None:
    data = new_game(client, "el-grande", seed=20261127, players=3)
    game_id = data["game_id"]
    first_moves(client, game_id, 4)  # the three disks, then a power card
    last = service_of(client).log(game_id)[-1]
    name = service_of(client).live(game_id).state.seat_name(last.seat)
    assert not last.sealed and last.announced.startswith(f"{name} ")  # "Red plays power …"
    other = (last.seat + 1) % 3
    assert look_back(client, data["tokens"][other])["log"][-1] == last.announced
    assert client.get(f"/api/games/{game_id}/replay").json()["log"][-1] == last.announced
    mine = look_back(client, data["tokens"][last.seat])["log"][-1]
    assert mine == f"{name}: {last.described}"  # a description is no sentence: named


def test_the_look_backs_log_is_the_tables(client: TestClient) -> None:
    """A game whose view keeps no log of its own: the table's log and the look back's list
    are worded by the same function, for the seats and the spectator."""
    data = create(client, game=TOY, seats=["open", "open", "open"])
    game_id, tokens = data["game_id"], data["tokens"]
    first_moves(client, game_id, 5)
    assert "log" not in service_of(client).live(game_id).state.view(0)
    for seat, token in tokens.items():
        lines = look_back(client, token)["log"]
        assert lines == seat_state(client, token)["log"] and len(lines) == 5, seat
        page = client.get(f"/play/{token}/replay?step=2").text
        for step, line in enumerate(lines, 1):
            assert f'?step={step}">{html.escape(line)}</a>' in page
    spectator = client.get(f"/api/games/{game_id}").json()["log"]
    assert client.get(f"/api/games/{game_id}/replay").json()["log"] == spectator
    assert any("sealed choice" in line for line in spectator)


def test_steps_are_clamped_and_default_to_now(client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261133)
    game_id, token = data["game_id"], data["tokens"][0]
    first_moves(client, game_id, 4)
    assert look_back(client, token)["step"] == 4  # the position now: "what just happened?"
    assert look_back(client, token, -3)["step"] == 0
    assert look_back(client, token, 99)["step"] == 4
    assert board(at(client, game_id, 4), 0) in client.get(f"/play/{token}/replay?step=99").text
    page = client.get(f"/play/{token}/replay?step=-1").text
    assert "after 0 of 4 decisions" in page and board(at(client, game_id, 0), 0) in page
    spectator = client.get(f"/api/games/{game_id}/replay", params={"step": -7}).json()
    assert (spectator["step"], spectator["total"]) == (0, 4)
    assert client.get(f"/api/games/{game_id}/replay").json()["step"] == 4
    assert "after 4 of 4 decisions" in client.get(f"/watch/{game_id}/replay").text
    # the page's links: back and forward stop at the ends, each decision links to its step
    page = client.get(f"/play/{token}/replay?step=0").text
    assert f'href="/play/{token}/replay?step=0" id="back"' in page
    assert f'href="/play/{token}/replay?step=1" id="forward"' in page
    assert f'href="/play/{token}" id="table"' in page
    last = client.get(f"/play/{token}/replay?step=4").text
    assert f'href="/play/{token}/replay?step=4" id="forward"' in last
    links = re.findall(rf'<li[^>]*><a href="/play/{re.escape(token)}/replay\?step=(\d+)">', page)
    assert links == ["1", "2", "3", "4"]
    html = {"Accept": "text/html,application/xhtml+xml"}
    for bad in ("x", "1.5", ""):
        assert client.get(f"/play/{token}/replay?step={bad}").status_code == 422
        refused = client.get(f"/play/{token}/replay?step={bad}", headers=html)
        assert refused.status_code == 422 and refused.headers["content-type"].startswith(
            "text/html")  # a browser is shown a page with the way back, not JSON
        assert 'id="reason"' in refused.text and "query.step: not a whole number" in (
            refused.text)
        assert 'href="/"' in refused.text and token not in refused.text.split("<main")[-1]
        spectator = client.get(f"/watch/{game_id}/replay?step={bad}", headers=html)
        assert spectator.status_code == 422 and 'id="reason"' in spectator.text
        assert client.get(f"/api/games/{game_id}/replay?step={bad}",
                          headers=html).headers["content-type"] == "application/json"
        assert client.get(f"/api/games/{game_id}/replay?step={bad}").status_code == 422
        assert client.get("/api/seat/replay", params={"step": bad},
                          headers={"X-Seat-Token": token}).status_code == 422


def test_the_json_look_backs_answer_and_refuse_like_their_neighbours(
        client: TestClient) -> None:
    data = new_game(client, CASTLES, seed=20261134)
    game_id, token = data["game_id"], data["tokens"][1]
    first_moves(client, game_id, 3)
    answer = look_back(client, token, 1)
    assert {"step", "total", "view", "log", "svg", "seat", "seats", "to_move",
            "over"} <= set(answer)
    assert (answer["step"], answer["total"], answer["seat"], answer["over"]) == (1, 3, 1, False)
    assert answer["to_move"] == list(at(client, game_id, 1).to_move())
    assert len(answer["log"]) == 3
    assert "svg" not in look_back(client, token, 1, svg="false")
    assert "svg" not in client.get(f"/api/games/{game_id}/replay?svg=false").json()
    # the refusals of GET /api/seat and GET /api/games/{id}
    bad = {"X-Seat-Token": "x" * 32}
    assert client.get("/api/seat", headers=bad).status_code == 403
    assert client.get("/api/seat/replay", headers=bad).status_code == 403
    assert client.get("/api/seat/replay").status_code == 422  # no token at all
    assert client.get("/api/games/nope/replay").status_code == 404
    assert client.get("/play/" + "x" * 32 + "/replay").status_code == 403
    assert client.get("/watch/nope/replay").status_code == 404
    doc = client.get("/openapi.json").json()
    assert "/api/seat/replay" in doc["paths"] and "/api/games/{game_id}/replay" in doc["paths"]


def test_the_table_links_to_the_look_back_while_the_game_runs(client: TestClient) -> None:
    data = create(client, game=TOY, seats=["open", "open"])
    game_id, token = data["game_id"], data["tokens"][0]
    assert f'id="look-back" href="/play/{token}/replay"' in client.get(f"/play/{token}").text
    assert f'id="look-back" href="/watch/{game_id}/replay"' in \
        client.get(f"/watch/{game_id}").text
    service = service_of(client)
    while not (state := service.live(game_id).state).is_over():
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)
    over = client.get(f"/play/{token}").text
    assert 'id="look-back"' not in over and 'id="replay"' in over


def test_once_over_a_seats_look_back_is_the_finished_replay(client: TestClient) -> None:
    data = create(client, game=TOY, seats=["open", "open"])
    game_id, token = data["game_id"], data["tokens"][1]
    service = service_of(client)
    while not (state := service.live(game_id).state).is_over():
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)
    moved = client.get(f"/play/{token}/replay?step=2", follow_redirects=False)
    assert moved.status_code == 303
    assert moved.headers["location"] == f"/watch/{game_id}/replay?seat=1&step=2"
    page = client.get(f"/play/{token}/replay?step=2").text  # followed
    assert "replay · after 2 of" in page and 'id="seat-views"' in page
    assert client.get(f"/play/{token}/replay", follow_redirects=False).headers["location"] \
        == f"/watch/{game_id}/replay?seat=1"
    # the JSON: every move in full, the record being public now
    log = look_back(client, token)["log"]
    assert log and not any("sealed choice" in line for line in log)
