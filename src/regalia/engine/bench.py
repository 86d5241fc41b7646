"""Speed figures: random full games per second, decisions per second, and clone() cost."""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any

from regalia.engine.playout import random_playout
from regalia.engine.registry import new_game
from regalia.engine.rng import Rng
from regalia.engine.state import State

__all__ = ["BenchResult", "bench", "random_playout"]


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    seconds: float
    games_per_second: float
    decisions_per_second: float
    mean_decisions: float
    clone_microseconds: float

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def bench(game_id: str, players: int, seconds: float = 5.0, seed: int = 0,
          **options: Any) -> BenchResult:
    """Random full games from setup to the end on one core for about ``seconds``."""
    rng = Rng(seed)
    games = decisions = 0
    samples: list[State] = []
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = new_game(game_id, players, seed=rng.next64(), **options)
        decisions += random_playout(state, rng)
        games += 1
        if len(samples) < 50 and games % 3 == 1:
            samples.append(state)
        if time.perf_counter() >= deadline:
            break
    elapsed = time.perf_counter() - start
    return BenchResult(
        game=game_id, players=players, games=games, seconds=elapsed,
        games_per_second=games / elapsed, decisions_per_second=decisions / elapsed,
        mean_decisions=decisions / games, clone_microseconds=_clone_cost(game_id, players, rng,
                                                                         options),
    )


def _clone_cost(game_id: str, players: int, rng: Rng, options: dict[str, Any]) -> float:
    """Mean clone() time in microseconds over positions from a random game."""
    positions: list[State] = []
    state = new_game(game_id, players, seed=rng.next64(), **options)
    while state.to_move():
        if rng.below(4) == 0:
            positions.append(state.clone())
        movers = state.to_move()
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])
    positions = positions or [state]
    reps = max(1, 2000 // len(positions))
    start = time.perf_counter()
    for _ in range(reps):
        for p in positions:
            p.clone()
    return (time.perf_counter() - start) / (reps * len(positions)) * 1e6
