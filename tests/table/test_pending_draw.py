"""The engine's hook for a table: which draw an action (or setup) makes next, from what."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine.errors import IllegalAction, InvalidRecord
from regalia.engine.registry import get_game
from regalia.engine.state import ASK, ChanceWanted


def el_grande_setup() -> list[tuple[str, object]]:
    cls = get_game("el-grande").state_class
    outcomes: list[tuple[str, object]] = []
    while (wanted := cls.pending_setup_draw(3, seed=1, outcomes=outcomes)) is not None:
        label, population = wanted
        outcomes.append((label, sorted(population)[-1]))
    return outcomes


def test_setup_draws_come_one_by_one_with_their_populations() -> None:
    outcomes = el_grande_setup()
    labels = [label for label, _ in outcomes]
    assert labels[0] == "king"
    assert labels[-1] == "start player"
    state = get_game("el-grande").state_class.new(3, seed=1, chance=outcomes)
    assert [(m["chance"], m["outcome"]) for m in state.record().moves] == outcomes


def test_the_kings_region_is_not_drawn_again_as_a_home_region() -> None:
    cls = get_game("el-grande").state_class
    king = cls.pending_setup_draw(3, seed=1)
    assert king is not None and king[0] == "king"
    home = cls.pending_setup_draw(3, seed=1, outcomes=[("king", "aragon")])
    assert home is not None and "aragon" not in home[1]
    assert len(home[1]) == len(king[1]) - 1


def test_pending_draw_names_the_action_cards_draw_and_changes_nothing() -> None:
    state = regalia.new_game("ming-dynasty", 3, seed=2)
    before = state.to_json()
    found = None
    while found is None:  # play on until an action draws (a display refill)
        seat = state.to_move()[0]
        for action in state.legal_actions(seat):
            wanted = state.pending_draw(action, seat)
            if wanted is not None:
                found = (action, seat, wanted)
                break
        else:
            state.apply(state.legal_actions(seat)[0], seat)
            before = state.to_json()
    action, seat, (label, population) = found
    assert state.to_json() == before
    assert label.startswith("display")
    after = state.pending_draw(action, seat, [(label, population[0])])
    assert after is None or after[0].startswith("display")
    with pytest.raises(InvalidRecord):
        state.pending_draw(action, seat, [(label, "no-such-card")])
    assert state.to_json() == before


def test_outcomes_beyond_the_draws_are_refused() -> None:
    state = regalia.new_game("ming-dynasty", 3, seed=2)
    seat = state.to_move()[0]
    action = next(a for a in state.legal_actions(seat) if state.pending_draw(a, seat) is None)
    with pytest.raises(InvalidRecord, match="more than the draws"):
        state.pending_draw(action, seat, [("display 1", "horse")])


def test_an_illegal_action_raises_as_apply_does() -> None:
    state = regalia.new_game("ming-dynasty", 3, seed=2)
    seat = state.to_move()[0]
    with pytest.raises(IllegalAction):
        state.pending_draw("pass", (seat + 1) % 3)


def test_the_ask_entry_raises_chance_wanted_where_supplied_outcomes_end() -> None:
    outcomes = el_grande_setup()
    with pytest.raises(ChanceWanted) as caught:
        get_game("el-grande").state_class.new(3, seed=1, chance=[*outcomes[:2], ASK])
    assert caught.value.label == outcomes[2][0]
    assert outcomes[2][1] in caught.value.population
