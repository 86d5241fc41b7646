"""The JSON API: creating, joining, reading and acting, and the refusals (4xx, nothing changed)."""

from __future__ import annotations

import gc
import json
import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

import regalia
from regalia.server import create_app
from regalia.server.app import app_from_env
from regalia.server.service import json_bytes, with_fields
from tests.server.conftest import TOY, create, play_randomly, seat_state, service_of


def test_creating_a_game_gives_a_token_to_each_open_seat_and_none_to_bots(
        client: TestClient) -> None:
    data = create(client, seats=["me", "open", "random"], name="Ann")
    assert sorted(data["tokens"]) == [0, 1]
    assert data["me"] == [0]
    assert len(set(data["tokens"].values())) == 2
    assert all(len(t) >= 32 for t in data["tokens"].values())
    state = seat_state(client, data["tokens"][0])
    assert state["seat"] == 0 and state["players"] == 3 and state["name"] == "Ann"
    assert "random bot" in state["seats"][2]


def test_a_seats_state_is_its_view_and_legal_actions(client: TestClient) -> None:
    data = create(client)
    service = service_of(client)
    live = service.live(data["game_id"])
    for seat, token in data["tokens"].items():
        state = seat_state(client, token)
        assert state["view"] == live.state.view(seat)
        assert [a["action"] for a in state["legal"]] == \
            [a.text for a in live.state.legal_actions(seat)]
        assert state["svg"].startswith("<svg")


def test_a_move_is_applied_logged_and_survives_a_new_server(db_url: str) -> None:
    with TestClient(create_app(db_url, bots=False)) as first:
        data = create(first)
        token = data["tokens"][0]
        action = seat_state(first, token)["legal"][0]["action"]
        response = first.post("/api/seat/act", headers={"X-Seat-Token": token},
                              json={"action": action})
        assert response.status_code == 200
        assert response.json()["decisions"] == 1
        before = service_of(first).live(data["game_id"]).state.to_json()
    with TestClient(create_app(db_url, bots=False)) as second:  # rebuilt by replaying the log
        after = service_of(second).live(data["game_id"]).state.to_json()
        assert after == before
        assert seat_state(second, token)["decisions"] == 1


def test_a_wrong_token_is_refused_and_changes_nothing(client: TestClient) -> None:
    data = create(client)
    before = seat_state(client, data["tokens"][0])
    real = data["tokens"][0]
    # (one character changed: the tokens are random, and one in 64 already ends in "A")
    altered = real[:-1] + ("B" if real.endswith("A") else "A")
    for token in ("x" * 32, altered, "", "short"):
        response = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                               json={"action": before["legal"][0]["action"]})
        assert response.status_code == 403, token
        assert client.get("/api/seat", headers={"X-Seat-Token": token}).status_code == 403
    response = client.post("/api/seat/act", json={"action": "bid 1"})  # no token at all
    assert response.status_code == 422
    assert seat_state(client, data["tokens"][0]) == before


def test_moves_out_of_turn_illegal_or_malformed_are_refused(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["me", "open"])
    token = data["tokens"][0]
    before = seat_state(client, token)
    cases = [("bid 99", 400), ("place narnia", 400), ("", 422), ("x" * 500, 422)]
    for action, status in cases:
        response = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                               json={"action": action})
        assert response.status_code == status, (action, response.text)
        assert response.json()["detail"]
    legal = {a["action"] for a in before["legal"]}
    illegal = next(a for a in ("power 1", "power 13", "done", "disk aragon") if a not in legal)
    response = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                           json={"action": illegal})
    assert response.status_code == 409
    assert seat_state(client, token) == before


def test_a_seat_not_to_move_is_told_whose_turn_it_is(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["me", "open"])
    state = seat_state(client, data["tokens"][0])
    waiting = next(s for s in (0, 1) if s not in state["to_move"])
    mover = state["to_move"][0]
    action = seat_state(client, data["tokens"][mover])["legal"][0]["action"]
    response = client.post("/api/seat/act", headers={"X-Seat-Token": data["tokens"][waiting]},
                           json={"action": action})
    assert response.status_code == 409
    assert "turn" in response.json()["detail"]
    assert seat_state(client, data["tokens"][0])["decisions"] == 0


def test_two_racing_moves_for_the_same_turn_exactly_one_wins(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["me", "open"])
    mover = seat_state(client, data["tokens"][0])["to_move"][0]
    token = data["tokens"][mover]
    legal = seat_state(client, token)["legal"]
    results: list[int] = []
    barrier = threading.Barrier(4)

    def move(action: str) -> None:
        barrier.wait()
        response = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                               json={"action": action, "turn": 0})
        results.append(response.status_code)

    threads = [threading.Thread(target=move, args=(legal[i % len(legal)]["action"],))
               for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409, 409, 409]
    assert seat_state(client, token)["decisions"] == 1
    moves = service_of(client).log(data["game_id"])
    assert len(moves) == 1


def test_an_outdated_turn_number_is_refused(client: TestClient) -> None:
    data = create(client)
    token = data["tokens"][0]
    action = seat_state(client, token)["legal"][0]["action"]
    response = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                           json={"action": action, "turn": 5})
    assert response.status_code == 409
    assert "moved on" in response.json()["detail"]


def test_bad_games_options_seats_and_player_counts_get_clear_4xx(client: TestClient) -> None:
    cases: list[tuple[dict[str, Any], int, str]] = [
        ({"game": "chess"}, 400, "unknown game"),
        ({"game": TOY, "players": 9, "seats": []}, 422, ""),
        ({"game": TOY, "players": 7}, 400, "players"),
        ({"game": TOY, "options": {"hand": 7}}, 400, "hand"),
        ({"game": TOY, "options": {"colour": "red"}}, 400, "no option"),
        ({"game": TOY, "seats": ["me", "robot"]}, 422, "unknown bot"),
        ({"game": TOY, "seats": ["me", "cmd:/bin/sh"]}, 422, "external"),
        ({"game": TOY, "players": 2, "seats": ["me", "open", "open"]}, 400, "seats"),
        ({"game": TOY, "edition_toml": "not = [toml"}, 400, ""),
        ({"players": 2}, 422, "game"),
    ]
    for body, status, words in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["detail"], (body, response.json())
    assert client.get("/api/games").json() == []  # none of them made a game


def test_malformed_and_oversized_bodies_are_refused(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{not json",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    response = client.post("/api/games", content=b"[1, 2]",
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    huge = b'{"game": "' + b"x" * 400_000 + b'"}'
    response = client.post("/api/games", content=huge,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert client.get("/api/games").json() == []


def test_unknown_games_are_404(client: TestClient) -> None:
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope/record").status_code == 404
    assert client.post("/api/games/nope/take", json={}).status_code == 404
    assert client.get("/watch/nope").status_code == 404


def test_the_openapi_document_lists_the_api(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/seat", "/api/seat/act", "/api/seat/join",
                 "/api/games/{game_id}/record"):
        assert path in doc["paths"], path


def test_the_record_and_seed_stay_on_the_server_until_the_game_is_over(
        client: TestClient) -> None:
    data = create(client)
    game_id = data["game_id"]
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 403
    play_randomly(client, data["tokens"], random.Random(3))
    response = client.get(f"/api/games/{game_id}/record")
    assert response.status_code == 200
    replayed = regalia.replay(response.json())
    assert replayed.is_over()
    assert replayed.to_json() == service_of(client).live(game_id).state.to_json()
    assert seat_state(client, data["tokens"][0])["ranking"] == list(replayed.ranking())


def test_a_join_link_names_the_seat_and_a_reload_is_the_same_seat(client: TestClient) -> None:
    data = create(client)
    token = data["tokens"][1]
    for _ in range(2):
        response = client.post("/api/seat/join", headers={"X-Seat-Token": token},
                               json={"name": "Bea\x00\u202e"})
        assert response.status_code == 200
        assert response.json() == {"game_id": data["game_id"], "seat": 1, "name": "Bea"}


def test_a_free_seat_is_taken_from_the_lobby_with_a_fresh_token(client: TestClient) -> None:
    data = create(client, seats=["me", "open", "random"], public=True)
    listed = client.get("/api/games").json()
    assert [g["game_id"] for g in listed] == [data["game_id"]]
    assert listed[0]["free_seats"] == [1]
    response = client.post(f"/api/games/{data['game_id']}/take", json={"name": "Cy"})
    assert response.status_code == 200
    taken = response.json()
    assert taken["seat"] == 1 and taken["token"] != data["tokens"][1]
    assert seat_state(client, taken["token"])["seat"] == 1
    # the creation link of that seat no longer holds it
    assert client.get("/api/seat", headers={"X-Seat-Token": data["tokens"][1]}).status_code \
        == 403
    assert client.get("/api/games").json() == []
    assert client.post(f"/api/games/{data['game_id']}/take", json={}).status_code == 409


def test_a_private_game_is_not_listed_and_takes_no_one_from_the_lobby(
        client: TestClient) -> None:
    data = create(client, public=False)
    assert client.get("/api/games").json() == []
    assert client.post(f"/api/games/{data['game_id']}/take", json={}).status_code == 403


def test_server_timing_is_told_only_when_asked(db_url: str) -> None:
    # benchmarks/web_load.py reads it to tell the server's latency from its clients'
    for timing in (False, True):
        with TestClient(create_app(db_url, bots=False, timing=timing)) as client:
            answer = client.get("/api/games")
            header = answer.headers.get("server-timing")
            if not timing:
                assert header is None
            else:
                assert header is not None and header.startswith("app;dur=")
                assert 0.0 <= timings(header)["app"] < 60_000


def timings(header: str) -> dict[str, float]:
    return {name: float(ms) for name, _sep, ms in
            (part.strip().partition(";dur=") for part in header.split(","))}


def test_server_timing_tells_what_a_move_waited_on(db_url: str) -> None:
    # the phases benchmarks/web_load.py adds up over the slowest moves
    with TestClient(create_app(db_url, bots=False, timing=True)) as client:
        data = create(client)
        token = data["tokens"][0]
        state = seat_state(client, token)
        answer = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                             json={"action": state["legal"][0]["action"],
                                   "turn": state["decisions"]})
        assert answer.status_code == 200
        phases = timings(answer.headers["server-timing"])
        assert set(phases) == {"app", "gc", "start", "lock", "db", "cpu", "handler"}
        assert all(value >= 0 for value in phases.values())
        assert phases["start"] + phases["lock"] + phases["db"] <= phases["app"]
        assert phases["lock"] + phases["db"] <= phases["handler"] <= phases["app"]


def test_the_payload_cache_keeps_a_readers_latest_position_only(client: TestClient) -> None:
    # the garbage collector walks every cached payload in each full collection: positions
    # no one will read again are not kept
    data = create(client)
    service = service_of(client)
    for _ in range(6):
        live = service.live(data["game_id"])
        if live.state.is_over():
            break
        for seat, token in data["tokens"].items():
            state = seat_state(client, token)
            if state["legal"] and seat in live.state.to_move():
                answer = client.post("/api/seat/act", headers={"X-Seat-Token": token},
                                     json={"action": state["legal"][0]["action"],
                                           "turn": state["decisions"]})
                assert answer.status_code == 200
                break
    for token in data["tokens"].values():
        seat_state(client, token)
    assert service.live(data["game_id"]).decisions >= 3
    # one entry per seat read (each with its board): not one per position it was read at
    assert len(service._payloads) == len(data["tokens"])
    for token in data["tokens"].values():  # and what it holds is the position now
        assert seat_state(client, token)["decisions"] == \
            service.live(data["game_id"]).decisions
    # as text: nothing in it for the collector to walk
    assert not any(gc.is_tracked(body) for _position, body in service._payloads.values())


def test_a_seats_own_fields_are_added_to_its_cached_state() -> None:
    body = json_bytes({"game": "x", "legal": []})
    assert json.loads(with_fields(body, {"bot": None, "name": "Ann"})) == \
        {"game": "x", "legal": [], "bot": None, "name": "Ann"}
    assert with_fields(body, {}) == body
    assert json.loads(with_fields(b"{}", {"name": "文"})) == {"name": "文"}


def test_the_served_application_freezes_its_started_heap(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # `regalia serve`'s application: the started server's objects are out of the full
    # collections (a test's own application, one of many in a process, is left alone)
    monkeypatch.setenv("REGALIA_DB", db_url)
    gc.unfreeze()
    try:
        with TestClient(create_app(db_url, bots=False)):
            assert gc.get_freeze_count() == 0
        with TestClient(app_from_env()):
            assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()


def test_a_seat_read_reads_its_table_in_one_statement(client: TestClient) -> None:
    """A seat's payload, drawn afresh after a move, reads the game's row and its seats in one
    statement (the ORM's row and its seats' second query cost a third of a seat read), and
    still names who sits where."""
    data = create(client, game="palais-royal", seats=["me", "random"])
    service = service_of(client)
    engine = service.sessions.kw["bind"]
    statements: list[str] = []
    reader = threading.get_ident()

    def counted(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if threading.get_ident() == reader:  # (not the checkpointer's, once a second)
            statements.append(statement)

    event.listen(engine, "before_cursor_execute", counted)
    try:
        service.changed(data["game_id"])  # as a move does: the next read draws afresh
        payload = service.payload(data["game_id"], 0, svg=False)
    finally:
        event.remove(engine, "before_cursor_execute", counted)
    assert len(statements) == 1, statements
    assert payload["seats"][1].endswith("(random bot)")
