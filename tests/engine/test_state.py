"""The State base class: seat checks, atomic apply, chance from outside, JSON."""

import pytest

import regalia
from regalia.engine import IllegalAction, InvalidRecord, MalformedAction, Rng, State

TOY = "toy-sealed-bids"


def test_several_movers_need_a_named_seat() -> None:
    state = regalia.new_game(TOY, 3, seed=1)
    with pytest.raises(IllegalAction, match="say which seat"):
        state.apply(state.legal_actions(0)[0])


def test_a_seat_that_already_chose_cannot_choose_again() -> None:
    state = regalia.new_game(TOY, 3, seed=1)
    state.apply(state.legal_actions(0)[0], 0)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not North's turn"):
        state.apply("bid 1", 0)
    assert state.to_json() == before


def test_actions_may_be_given_as_text_or_code() -> None:
    state = regalia.new_game(TOY, 2, seed=1)
    first = state.legal_actions(0)[0]
    state.apply(str(first), 0)
    state.apply(state.encode(state.legal_actions(1)[0]), 1)
    assert state.view(0)["round"] == 2


def test_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    state = regalia.new_game(TOY, 2, seed=1)
    hand = state.view(0)["hand"]
    missing = next(v for v in range(1, 10) if v not in hand)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=f"'bid {missing}' is not legal for North"):
        state.apply(f"bid {missing}", 0)
    with pytest.raises(MalformedAction):
        state.apply("bid ten", 0)
    assert state.to_json() == before


def test_no_action_after_the_game_is_over() -> None:
    state = regalia.new_game(TOY, 2, seed=3, hand=2)
    for _ in range(2):
        for seat in (0, 1):
            state.apply(state.legal_actions(seat)[0], seat)
    assert state.is_over()
    with pytest.raises(IllegalAction, match="game is over"):
        state.apply("pass", 0)


def test_supplied_chance_decides_the_draws() -> None:
    probe = regalia.new_game(TOY, 2, seed=1)
    probe_chance = [(m["chance"], m["outcome"]) for m in probe.moves() if "chance" in m]
    forced = [(label, 5 if label == "deal0" else 1) for label, _ in probe_chance]
    state = type(probe).new(2, seed=1, chance=forced)
    assert state.view(0)["hand"] == [5, 5, 5] and state.view(1)["hand"] == [1, 1, 1]


def test_supplied_chance_that_does_not_fit_changes_nothing() -> None:
    state = regalia.new_game(TOY, 2, seed=1, hand=2)
    state.supply_chance([("deal0", 42)])
    state.apply(state.legal_actions(0)[0], 0)  # draws nothing: the outcome stays queued
    assert state._script == [("deal0", 42)]


def test_clone_shares_nothing_mutable() -> None:
    state = regalia.new_game(TOY, 2, seed=4)
    twin = state.clone()
    twin.apply(twin.legal_actions(0)[0], 0)
    assert state.view(0)["bid_made"] == [False, False]
    assert twin.to_json() != state.to_json()


def test_determinized_sample_has_no_history_to_leak() -> None:
    state = regalia.new_game(TOY, 3, seed=4)
    sample = state.determinize(0, Rng(1))
    assert sample.is_determinized
    with pytest.raises(regalia.RegaliaError, match="no history"):
        sample.record()


@pytest.mark.parametrize("bad", ["{", "[]", '{"format": "x"}',
                                 '{"format": "regalia-state/1", "game": "toy-sealed-bids"}'])
def test_malformed_saved_states_are_refused(bad: str) -> None:
    with pytest.raises(InvalidRecord):
        State.from_json(bad)


def test_ranking_shares_places_on_equal_scores() -> None:
    from regalia.engine import places_from_keys

    assert places_from_keys([3, 5, 3, 1]) == (2, 1, 2, 4)
