"""Nothing a seat may not know leaves the server for it: not in the JSON, the pages, the board,
the log; the seed and the record stay on the server until the game is over.

In random positions of every registered game, each response to a seat is searched for the
others' secrets: the texts in the full state, the other seats' views and the hidden chance
outcomes that appear nowhere in what the seat may know (its view, the board drawn from it, its
legal actions), and the seed.
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import regalia
from regalia import server
from regalia.engine import State
from tests.server.conftest import TOY, create, seat_state, service_of

MIN_SECRET = 4  # shorter texts ("red", "1") occur everywhere by chance


def strings(value: Any, keys: bool = True) -> Iterator[str]:
    """Every text leaf of a JSON-like value, and (with ``keys``) the keys of its mappings."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield str(key)
            yield from strings(item, keys)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item, keys)


def known_text(state: State, seat: int | None) -> str:
    """Everything ``seat`` may read: its view, the board drawn from it, its actions."""
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat is not None else ()
    shown = dict(view, legal=[a.text for a in legal])
    info = state.info()
    svg = info.render_svg(shown) if info.render_svg else ""
    names = " ".join(state.seat_name(s) for s in range(state.players))
    texts = " ".join(f"{a.text} {state.describe(a)}" for a in legal)
    return json.dumps(view, ensure_ascii=False) + svg + names + texts + BOILERPLATE


# The pages' own words ("Your actions", class names) are the same for every seat: a state value
# that happens to be one of them ("actions", a phase) is not found through them.
BOILERPLATE = " ".join(
    path.read_text(encoding="utf-8")
    for folder in ("templates", "static")
    for path in sorted((Path(server.__file__).parent / folder).iterdir()))


def secrets_of(state: State, seat: int | None) -> set[str]:
    """Texts of the true state that ``seat`` may not know, and the seed."""
    known = known_text(state, seat)
    # The state's field names are no secret; its values and the views' keys may be (a hand
    # kept as card name -> count).
    candidates: set[str] = set(strings(state.to_dict()["state"], keys=False))
    for other in range(state.players):
        if other != seat:
            candidates |= set(strings(state.view(other)))
    info = state.info()
    for move in state.moves():
        if "chance" in move and not info.chance_is_public(move["chance"]):
            candidates |= set(strings(move["outcome"])) | {json.dumps(move["outcome"])}
    secret = {c for c in candidates if len(c) >= MIN_SECRET and c not in known
              and html.escape(c) not in known}
    return secret | {str(state.seed)}


def assert_no_secret(text: str, secrets: set[str], where: str) -> None:
    for secret in secrets:
        assert secret not in text and html.escape(secret) not in text, \
            f"{where} shows {secret!r}"


def advance(client: TestClient, game_id: str, rng: random.Random, moves: int) -> None:
    """Random legal moves through the service (no HTTP: quicker)."""
    service = service_of(client)
    for _ in range(moves):
        state = service.live(game_id).state
        if state.is_over():
            return
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        service.act(game_id, seat, action.text)


def responses(client: TestClient, game_id: str, token: str | None) -> dict[str, str]:
    """Every response the server gives a seat (None: a spectator) about the game."""
    if token is None:
        return {"spectator JSON": client.get(f"/api/games/{game_id}").text,
                "spectator page": client.get(f"/watch/{game_id}").text,
                "spectator board": client.get(f"/watch/{game_id}/board").text,
                "lobby": client.get("/").text, "open games": client.get("/api/games").text,
                "record": client.get(f"/api/games/{game_id}/record").text,
                "replay": client.get(f"/watch/{game_id}/replay").text,
                "look back JSON": client.get(f"/api/games/{game_id}/replay").text,
                "look back, step 1": client.get(f"/watch/{game_id}/replay?step=1").text}
    header = {"X-Seat-Token": token}
    out = {"seat JSON": client.get("/api/seat", headers=header).text,
           "table page": client.get(f"/play/{token}").text,
           "table board": client.get(f"/play/{token}/board").text,
           "look back page": client.get(f"/play/{token}/replay").text,
           "look back JSON": client.get("/api/seat/replay", headers=header).text,
           "look back, step 1": client.get(f"/play/{token}/replay?step=1").text}
    hint = client.post("/api/seat/hint", headers=header)
    if hint.status_code == 200:  # the seat to move (others are refused: 409)
        out["hint"] = hint.text
    return out


GAMES = [g.id for g in regalia.list_games()]


@pytest.mark.parametrize("game", GAMES)
def test_no_response_to_a_seat_holds_what_it_may_not_know(client: TestClient,
                                                          game: str) -> None:
    info = regalia.get_game(game)
    rng = random.Random(f"trust {game}")
    counts = sorted({info.min_players, info.max_players, info.default_players})
    checked = 0
    for players in counts:
        # A seed of the test's own, so a failure comes back on the next run.
        created = service_of(client).create(game, players, ["open"] * players,
                                            seed=rng.randrange(2**48))
        data = {"game_id": created.game_id, "tokens": created.tokens}
        game_id = data["game_id"]
        for _ in range(3):  # three positions further and further into the game
            advance(client, game_id, rng, rng.randrange(1, 5 if game == TOY else 40))
            state = service_of(client).live(game_id).state
            if state.is_over():
                break
            for seat in [None, *range(players)]:
                secrets = secrets_of(state, seat)
                token = None if seat is None else data["tokens"][seat]
                for where, text in responses(client, game_id, token).items():
                    assert_no_secret(text, secrets, f"{game} {players}p seat {seat}: {where}")
                    checked += 1
    assert checked >= 3 * len(counts)


def test_the_search_finds_a_secret_that_leaks(client: TestClient) -> None:
    """The search above is not blind: another seat's hand is among the secrets it seeks."""
    data = create(client, game="el-grande", seats=["open", "open", "open"])
    state = service_of(client).live(data["game_id"]).state
    secrets = secrets_of(state, 0)
    assert str(state.seed) in secrets
    other = seat_state(client, data["tokens"][1])["view"]
    leaked = json.dumps(other)
    with pytest.raises(AssertionError):
        assert_no_secret(leaked + str(state.seed), secrets, "a leaky response")


def test_a_sealed_choice_shows_the_others_only_that_it_was_made(client: TestClient) -> None:
    data = create(client, seats=["open", "open", "open"])
    tokens = data["tokens"]
    mine = seat_state(client, tokens[0])
    bid = mine["legal"][0]
    response = client.post("/api/seat/act", headers={"X-Seat-Token": tokens[0]},
                           json={"action": bid["action"]})
    assert response.status_code == 200
    assert bid["description"] in seat_state(client, tokens[0])["log"][-1]
    for seat in (1, 2):
        log = seat_state(client, tokens[seat])["log"]
        assert log == ["North made a sealed choice."], log
        page = client.get(f"/play/{tokens[seat]}").text
        assert f"North: {bid['description']}" not in page
    spectator = client.get(f"/api/games/{data['game_id']}").json()
    assert spectator["log"] == ["North made a sealed choice."]


def test_scores_the_view_hides_are_not_sent(client: TestClient) -> None:
    data = create(client, game=TOY, seats=["open", "open"])
    state = seat_state(client, data["tokens"][0])
    view_scores = state["view"].get("scores")
    assert state["scores"] == view_scores  # public scores, as the view shows them
    assert state["ranking"] is None  # places only once the game is over


def test_once_the_game_is_over_every_move_is_logged_in_full(client: TestClient) -> None:
    data = create(client, seats=["open", "open"])
    service = service_of(client)
    while not (state := service.live(data["game_id"]).state).is_over():
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
    log = seat_state(client, data["tokens"][1])["log"]
    assert log and not any("sealed choice" in line for line in log)
    assert any(line.startswith("North: ") for line in log)


@pytest.mark.parametrize("game", GAMES)
def test_a_look_back_shows_each_step_as_its_reader_knew_it(client: TestClient,
                                                           game: str) -> None:
    """Each past position of a running game is held against what its reader knew *then* (its
    view at that step), and the list of decisions against what it knows now: nothing of the
    others' secrets, nor the seed, at any step."""
    info = regalia.get_game(game)
    rng = random.Random(f"look back {game}")
    players = info.default_players
    created = service_of(client).create(game, players, ["open"] * players,
                                        seed=rng.randrange(2**48))
    game_id = created.game_id
    advance(client, game_id, rng, 6 if game == TOY else 40)
    live = service_of(client).live(game_id)
    if live.state.is_over():  # (a toy game may end first: its record is public then)
        pytest.skip("the game ended within the moves made")
    record = live.state.record()
    steps = sorted({0, 1, live.decisions // 3, live.decisions // 2, live.decisions - 1})
    for seat in [None, *range(players)]:
        header = {} if seat is None else {"X-Seat-Token": created.tokens[seat]}
        url = f"/api/games/{game_id}/replay" if seat is None else "/api/seat/replay"
        page = f"/watch/{game_id}/replay" if seat is None else \
            f"/play/{created.tokens[seat]}/replay"
        now = secrets_of(live.state, seat)
        for step in steps:
            answer = client.get(url, params={"step": step}, headers=header).json()
            where = f"{game} seat {seat} step {step}"
            assert answer["step"] == step, where
            then = secrets_of(regalia.replay(record, steps=step), seat)
            log = answer.pop("log")
            assert_no_secret(json.dumps(answer, ensure_ascii=False), then, f"{where}: JSON")
            assert_no_secret(json.dumps(log, ensure_ascii=False), now, f"{where}: its log")
            text = client.get(page, params={"step": step}).text
            board = text[text.index('id="board"'):text.index("<aside")]
            assert_no_secret(board, then, f"{where}: page")
            assert_no_secret(text.replace(board, ""), now, f"{where}: page")
