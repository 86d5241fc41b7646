"""The random playout: the engine's hot loop for benchmarks, checks and search rollouts.

Its own module so that the compiled build compiles it (``bench`` beside it stays interpreted:
mypyc 2.4 cannot compile a signature with defaults followed by ``**options``).
"""

from __future__ import annotations

from regalia.engine.rng import Rng
from regalia.engine.state import State


def random_playout(state: State, rng: Rng, max_decisions: int = 1_000_000) -> int:
    """Play ``state`` to the end with uniformly random legal actions; the decisions taken."""
    decisions = 0
    while decisions < max_decisions:
        movers = state.to_move()
        if not movers:
            return decisions
        seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
        legal = state._mover_actions(seat)  # seat comes from to_move(): no second look
        state._play(legal[rng.below(len(legal))], seat)  # (legal: no second check)
        decisions += 1
    raise RuntimeError(f"no end after {max_decisions} decisions")
