"""Whole games: random playouts keep every invariant; records replay; views and samples."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import regalia
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.games.castles_of_burgundy_cards.state import CobState
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    GAME,
    act,
    clear_table,
    decide,
    new,
    set_hand,
)


def playout(s: State, rng: Rng, check_every: int = 1) -> int:
    steps = 0
    while s.to_move():
        legal = s.legal_actions()
        assert legal
        s.apply(legal[rng.below(len(legal))])
        steps += 1
        if steps % check_every == 0:
            s.check_invariants()  # type: ignore[attr-defined]
    s.check_invariants()  # type: ignore[attr-defined]
    return steps


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32))
def test_random_games_finish_and_conserve_every_card(players: int, seed: int) -> None:
    s = new(players, seed=seed)
    playout(s, Rng(seed), check_every=5)
    assert s.is_over() and s.to_move() == ()
    assert len(s.ranking()) == players


def test_a_full_game_replays_from_its_record() -> None:
    s = new(4, seed=21)
    playout(s, Rng(5), check_every=50)
    record = json.loads(s.record().to_json())
    again = regalia.replay(record)
    assert again.to_json() == s.to_json()
    assert all(again.view(p) == s.view(p) for p in range(4))
    assert record["result"]["scores"] == list(s.scores())


def test_state_round_trips_through_json_mid_game() -> None:
    s = new(3, seed=8)
    rng = Rng(1)
    for _ in range(150):
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    copy = State.from_json(s.to_json())
    assert copy.to_json() == s.to_json() and copy.view(1) == s.view(1)
    assert copy.legal_actions() == s.legal_actions()


def test_determinize_keeps_the_view_and_resamples_other_hands() -> None:
    s = new(4, seed=3)
    hands = set()
    for k in range(20):
        sample = s.determinize(0, Rng(k))
        assert sample.view(0) == s.view(0)
        assert sample.hands[0] == s.hands[0]  # type: ignore[attr-defined]
        sample.check_invariants()  # type: ignore[attr-defined]
        hands.add(tuple(map(tuple, sample.hands[1:])))  # type: ignore[attr-defined]
        playout(sample, Rng(k), check_every=100)
    assert len(hands) > 1, "the other players' hands vary"


def test_views_hide_other_hands_and_show_the_own() -> None:
    s = new(2, seed=3)
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    assert v0["seats"][0]["hand"] is not None and v0["seats"][1]["hand"] is None
    assert v1["seats"][1]["hand"] is not None and v1["seats"][0]["hand"] is None
    assert all(seat["hand"] is None for seat in spectator["seats"])
    assert v0["seats"][1]["hand_count"] == 2 and v0["round"] == "A" and v0["turn"] == 1
    assert len(v0["display"]) == 6 and v0["pending"]["kind"] == "play"
    json.dumps(spectator)


def test_solo_view_shows_aaron() -> None:
    v = new(1, seed=3).view(0)
    assert v["solo"] and v["aaron"]["piles"] == [0, 4, 5, 6, 7]
    assert sum(len(p["cards"]) for p in v["aaron"]["estate"]) == 3


def test_every_legal_action_round_trips_its_notation_and_code() -> None:
    s = new(2, seed=13)
    rng = Rng(2)
    while s.to_move():
        for a in s.legal_actions():
            assert s.parse_action(str(a)) == a and s.decode(s.encode(a)) == a
            assert s.describe(a)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


def test_a_clone_is_independent() -> None:
    s = new(3, seed=4)
    before = s.to_json()
    c = s.clone()
    playout(c, Rng(0), check_every=100)
    assert s.to_json() == before


def test_an_illegal_action_leaves_the_state_alone_and_names_the_rule() -> None:
    s = new(2, seed=0)
    clear_table(s)
    set_hand(s, 0, "ship-1", "ship-2")
    set_hand(s, 1, "ship-3")
    decide(s, 0)
    before = s.to_json()
    for move, words in (("place ship-1", "must play a hand card"),
                        ("take 4 ship-1", "must play"), ("nonsense", "not an action"),
                        (10_000, "not an action code")):
        try:
            s.apply(move)
        except regalia.IllegalAction as err:
            assert words in str(err)
        else:  # pragma: no cover
            raise AssertionError(f"{move} was accepted")
        assert s.to_json() == before
    act(s, "play 1")
    try:
        s.apply("take 4 ship-1")
    except regalia.IllegalAction as err:
        assert "row 4 of the display is empty" in str(err)


def test_registered_with_options_and_seat_names() -> None:
    info = regalia.get_game(GAME)
    assert (info.min_players, info.max_players, info.default_players) == (1, 4, 2)
    assert info.rules_version == "1"
    assert {o.name for o in info.options} == {"start_workers", "watchtower_vp",
                                              "all_types_by_player_count"}
    assert info.seat_names is not None and info.seat_names(1) == ("You",)
    assert isinstance(regalia.new_game(GAME), CobState)


def test_reshuffled_cards_stay_in_every_view_perfect_memory() -> None:
    """The discard pile is face up; when it is shuffled into a new deck [RB, A19] every seat
    still remembers which cards went in (DESIGN: views with perfect memory)."""
    s = new(4, seed=5)
    rng = Rng(5)
    seen: list[str] = []
    while len(s.unrevealed) == 1:
        seen = list(s.view(0)["discard_pile"])
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    for seat in (0, 1, None):
        reshuffled = s.view(seat)["reshuffled"]
        assert len(reshuffled) == 1
        assert not Counter(seen) - Counter(reshuffled[0]), "every card seen face up is kept"
        assert not Counter(s.unrevealed[1]) - Counter(reshuffled[0]), "the new deck came from it"
    copy = State.from_json(s.to_json())
    assert copy.view(0) == s.view(0)
    assert s.determinize(0, Rng(1)).view(0) == s.view(0)
    assert s.clone().view(2) == s.view(2)


def test_every_card_a_seat_played_stays_in_every_view() -> None:
    """Played cards go face up to the discard pile: every seat remembers who played what for
    the whole game, not only the last entries of the log (DESIGN: perfect memory)."""
    s = new(3, seed=8)
    rng = Rng(8)
    expected: list[list[str]] = [[], [], []]
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        move = legal[rng.below(len(legal))]
        s.apply(move, seat)
        if move.kind == "play":  # the action is always asked next: the card is on top
            expected[seat].append(s.view(None)["discard_top"])
    for viewer in (0, 2, None):
        assert [p["played"] for p in s.view(viewer)["seats"]] == expected
    assert all(len(cards) == 30 for cards in expected), "6 cards a round, 5 rounds"
