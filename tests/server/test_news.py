"""What happened since a seat's last move (issue 34), as the web table shows it before the
seat chooses: the seat's log after its own last move, worded as its view knows it, with the
events nobody chose (scorings, income, elections, aging) marked."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from regalia.server.payloads import log_lines, news
from regalia.server.service import Decision
from tests.server.conftest import create, seat_state, service_of
from tests.server.test_browser import BUILTIN


def move(seat: int, text: str, sealed: bool = False) -> Decision:
    return Decision(seat, text, f"{text} (own words)", text, sealed, by_bot=False)


def test_news_is_what_followed_the_seats_last_move_with_the_views_events() -> None:
    names = ["Red", "Blue", "Yellow"]
    moves = [move(0, "a"), move(1, "b"), move(2, "c", sealed=True), move(0, "d"),
             move(1, "e"), move(2, "f")]
    # events in the shape Shadow's view keeps them (and, once merged, Palais Royal's and Ming's)
    view = {"events": [{"event": "income", "text": "Round 1 income", "after": 4},
                       {"event": "score", "text": "Blue scores 2", "after": 5, "seat": 1,
                        "points": 2}]}
    seen = news(0, view, moves, names)
    assert seen is not None and seen["since"]
    assert seen["lines"] == [
        {"text": "Round 1 income", "event": True},
        {"text": "Blue: e", "event": False},
        {"text": "Blue scores 2", "event": True},
        {"text": "Yellow: f", "event": False}]
    # Yellow's sealed choice stays sealed for the others; Yellow reads its own in full
    first = news(1, {}, moves[:3], names)
    assert first is not None and first["lines"] == [
        {"text": "Yellow made a sealed choice.", "event": False}]
    before = news(2, {}, moves[:2], names)
    assert before is not None and not before["since"] and len(before["lines"]) == 2
    assert news(None, view, moves, names) is None  # a spectator reads the log
    assert news(0, view, moves, names, over=True) is None


def test_a_game_log_in_the_view_gives_the_news_after_the_seats_own_entries() -> None:
    view = {"log": [{"event": "place", "seat": 0, "text": "Red places"},
                    {"event": "place", "seat": 1, "text": "Blue places"},
                    {"event": "score", "text": "Aragon: Red 5", "points": [5, 0]},
                    {"event": "round", "text": "Round 2 begins"}]}
    seen = news(0, view, [], ["Red", "Blue"])
    assert seen == {"since": True, "lines": [
        {"text": "Blue places", "event": False},
        {"text": "Aragon: Red 5", "event": True},
        {"text": "Round 2 begins", "event": True}]}
    assert log_lines(0, view, [], ["Red", "Blue"])[-3:] == [x["text"] for x in seen["lines"]]


def test_a_log_that_dropped_the_seats_last_move_is_all_news() -> None:
    """Castles' view keeps its log's last 16 entries: after a long run of the others' turns
    the seat's own last move is no longer among them. What is kept is then all news since
    that move, not "the game so far" (as for a seat that has not moved yet)."""
    window = {"log": [{"event": "play", "seat": 1, "text": f"Blue plays {k}"}
                      for k in range(16)]}
    names = ["Red", "Blue"]
    seen = news(0, window, [move(0, "a"), *(move(1, f"b{k}") for k in range(16))], names)
    assert seen is not None and seen["since"]
    assert [line["text"] for line in seen["lines"]] == [f"Blue plays {k}" for k in range(16)]
    # a seat whose only decision is sealed (not yet told) has not moved, as the log shows it
    sealed = news(0, window, [move(0, "a", sealed=True), move(1, "b")], names)
    assert sealed is not None and not sealed["since"]
    fresh = news(0, window, [move(1, "b")], names)
    assert fresh is not None and not fresh["since"]


@pytest.mark.parametrize("game", BUILTIN)
def test_every_game_tells_a_seat_what_the_others_did_since_its_move(
        client: TestClient, game: str) -> None:
    data = create(client, game, seats=["open", "open", "open"])
    tokens = data["tokens"]
    service = service_of(client)
    rng = random.Random(game)
    checked = 0
    for _ in range(150):
        # (the loop leaves the board's pictures out: drawing them was most of its time)
        state = seat_state(client, tokens[0], svg=False)
        if state["over"]:
            break
        mover = state["to_move"][0]
        mine = seat_state(client, tokens[mover], svg=False)
        action = rng.choice(mine["legal"])["action"]
        client.post("/api/seat/act", headers={"X-Seat-Token": tokens[mover]},
                    json={"action": action, "turn": mine["decisions"]})
        log = service.live(data["game_id"]).log
        last = max((i for i, d in enumerate(log) if d.seat == 0), default=None)
        if last is None:
            continue
        # (a sealed choice is told when it is revealed, if the game's log tells it at all)
        others = sum(1 for d in log[last + 1:] if d.seat != 0 and not d.sealed)
        seen = seat_state(client, tokens[0], svg=False)
        lines = seen["news"]["lines"]
        # the news is the end of the seat's own log (what its view may know, nothing more)
        texts = [line["text"] for line in lines]
        assert seen["log"][len(seen["log"]) - len(texts):] == texts
        if not seen["news"]["since"]:
            # its only moves so far are sealed and not yet revealed: the game so far
            assert all(d.sealed for d in log if d.seat == 0) and texts == seen["log"]
            continue
        if "log" not in seen["view"]:
            # told a decision at a time: every decision of another seat since has its line
            # (a game's own log words a turn its way: El Grande's says no "End your turn";
            # a sealed one may be told as "… made a sealed choice.")
            sealed = sum(1 for d in log[last + 1:] if d.seat != 0 and d.sealed)
            told = sum(1 for line in lines if not line["event"])
            assert others <= told <= others + sealed, (game, texts)
        checked += others > 0
    assert checked > 5
