"""Driving games in tests: a number of random legal decisions, twin positions."""

from __future__ import annotations

import regalia
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


def twin_positions(game: str, players: int, count: int, *, seed: int, rng: Rng, every: int,
                   at: int) -> list[tuple[State, State, int]]:
    """Positions of a random game (a random move at every decision), each with a twin that
    differs only in what the seat to move may not see: ``(truth, twin, seat)``, taken at
    decisions ``at``, ``at + every``, ... that have a choice and a twin that really differs."""
    state = regalia.new_game(game, players, seed=seed)
    out: list[tuple[State, State, int]] = []
    step = 0
    while (movers := state.to_move()) and len(out) < count:
        seat = movers[0]
        legal = state.legal_actions(seat)
        if step % every == at and len(legal) > 1:
            twin = state.determinize(seat, Rng(step))
            if twin.to_dict()["state"] != state.to_dict()["state"]:
                out.append((state.clone(), twin, seat))
        state.apply(legal[rng.below(len(legal))], seat)
        step += 1
    return out
