"""The evaluations' shortcuts agree with the evaluations they stand for."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots.evaluations import evaluation_for, evaluation_of_all_for
from regalia.engine import Rng
from regalia.games.el_grande.phases import SEALED


@pytest.mark.parametrize(("game", "players"), [
    ("castles-of-burgundy-cards", 1), ("castles-of-burgundy-cards", 3), ("palais-royal", 4),
    ("toy-sealed-bids", 3),
])
def test_evaluate_all_is_evaluate_seat_by_seat(game: str, players: int) -> None:
    evaluate, evaluate_all = evaluation_for(game), evaluation_of_all_for(game)
    state = regalia.new_game(game, players, seed=12)
    rng = Rng(1)
    checked = 0
    while (movers := state.to_move()) and checked < 150:
        assert evaluate_all(state) == pytest.approx(
            [evaluate(state, s) for s in range(players)])
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])
        checked += 1
    assert checked > 5


def test_el_grande_evaluate_all_is_evaluate_outside_sealed_choices() -> None:
    # Inside a sealed disk choice evaluate() counts the judged seat's own disk, which
    # evaluate_all() leaves out (it would need a board per seat).
    evaluate, evaluate_all = evaluation_for("el-grande"), evaluation_of_all_for("el-grande")
    state = regalia.new_game("el-grande", 4, seed=12)
    rng = Rng(1)
    checked = 0
    while (movers := state.to_move()) and checked < 200:
        if state.phase != SEALED:  # type: ignore[attr-defined]
            assert evaluate_all(state) == pytest.approx(
                [evaluate(state, s) for s in range(4)])
            checked += 1
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])
    assert checked > 100


def test_el_grande_kept_awards_change_no_value() -> None:
    # The evaluation keeps each area's award by its counts and values: every position of
    # random games must be valued as a fresh computation values it, the King's and the
    # Grandes' bonuses included (they are added to a copy, never to the kept award).
    from regalia.bots.evaluations import el_grande as evaluation

    rng = Rng(8)
    checked = 0
    for seed in range(3):
        state = regalia.new_game("el-grande", 4, seed=seed)
        while movers := state.to_move():
            if rng.below(4) == 0:
                kept = evaluation.evaluate_all(state)
                again = evaluation.evaluate_all(state)  # every award now from the store
                evaluation._AWARDS.clear()
                fresh = evaluation.evaluate_all(state)
                assert kept == again == fresh
                checked += 1
            legal = state.legal_actions(movers[0])
            state.apply(legal[rng.below(len(legal))], movers[0])
    assert checked > 50
