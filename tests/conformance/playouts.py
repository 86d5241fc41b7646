"""Helpers shared by the conformance tests: which games to run, and driven playouts."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

import regalia
from regalia.engine import Rng, State

# CI runs a few hundred cheap playouts per game and player count; raise for long runs.
GAMES = int(os.environ.get("REGALIA_CONFORMANCE_GAMES", "200"))
DEEP_GAMES = max(4, GAMES // 25)
EXAMPLES = max(10, GAMES // 10)
MAX_DECISIONS = 200_000


def game_cases() -> list[tuple[str, int]]:
    """Every registered game with every player count it supports."""
    return [(info.id, n) for info in regalia.list_games() for n in info.player_counts]


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def playout(state: State, rng: Rng, choices: Sequence[int] = ()) -> Iterator[int]:
    """Play ``state`` to the end in place, yielding the seat about to act before each step.

    ``choices`` fix the first decisions (an index into the movers, then into the legal
    actions, each taken modulo the count), so hypothesis can shrink a failing game.
    """
    fixed = iter(choices)
    for _ in range(MAX_DECISIONS):
        movers = state.to_move()
        if not movers:
            return
        pick = next(fixed, None)
        seat = movers[(pick if pick is not None else rng.below(len(movers))) % len(movers)]
        yield seat
        legal = state.legal_actions(seat)
        pick = next(fixed, None)
        state.apply(legal[(pick if pick is not None else rng.below(len(legal))) % len(legal)],
                    seat)
    raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
