"""Driving games in tests: a number of random legal decisions."""

from __future__ import annotations

from regalia.engine.rng import Rng
from regalia.engine.state import State


def play_random(state: State, rng: Rng, decisions: int) -> State:
    """Take ``decisions`` random legal decisions (fewer if the game ends), any seat to move."""
    for _ in range(decisions):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    return state
