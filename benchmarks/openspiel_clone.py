"""clone() of an OpenSpiel state against the engine's own clone(), for every game and player
count: timeit, the least of several repeats, the two interleaved so that the shared machine's
load falls on both alike; CPU time of this process (``time.process_time``), not wall time,
since other work on the machine stretches the wall clock.

    .venv/bin/python benchmarks/openspiel_clone.py [--number 300] [--repeat 41] [--steps 40]

Prints one row per game and player count: the position (decisions played from a seeded random
game), µs per clone of each, and the ratio (the target: within 3x).
"""

from __future__ import annotations

import argparse
import statistics
import time
import timeit

import numpy as np

import regalia
from regalia.rl.openspiel_adapter import openspiel_game


def played(game: str, players: int, steps: int, seed: int = 3) -> object:
    state = openspiel_game(game, players, seed=seed).new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def measure(game: str, players: int, steps: int, number: int, repeat: int
            ) -> tuple[float, float, float]:
    """The least µs per clone of each over ``repeat`` rounds of ``number`` clones, the two
    taken in turn round by round, and the median of the rounds' ratios (what the load of the
    moment does to one round it does to both)."""
    state = played(game, players, steps)
    engine = state.regalia_state  # type: ignore[attr-defined]
    ours = timeit.Timer(state.clone, timer=time.process_time)  # type: ignore[attr-defined]
    theirs = timeit.Timer(engine.clone, timer=time.process_time)
    pairs = [(ours.timeit(number) / number, theirs.timeit(number) / number)
             for _ in range(repeat)]
    return (min(a for a, _ in pairs), min(b for _, b in pairs),
            statistics.median(a / b for a, b in pairs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=41)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--game", action="append")
    args = parser.parse_args()
    print("| game | players | OpenSpiel clone µs (least) | engine clone µs (least) | ratio "
          "(median of rounds) |")
    print("| --- | --- | --- | --- | --- |")
    for info in regalia.list_games():
        if args.game and info.id not in args.game:
            continue
        if info.id.startswith("toy"):
            continue
        for players in info.player_counts:
            ours, engine, ratio = measure(info.id, players, args.steps, args.number,
                                          args.repeat)
            print(f"| {info.id} | {players} | {ours * 1e6:.1f} | {engine * 1e6:.1f} | "
                  f"{ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
