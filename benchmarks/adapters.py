"""Steps per second through each rl adapter against the engine's own decision rate, and
self-play throughput (benchmarks/README.md, "Adapters").

    PYTHONPATH=src nice python benchmarks/adapters.py steps [--games 10]
    PYTHONPATH=src nice python benchmarks/adapters.py parts [--games 10]
    PYTHONPATH=src nice python benchmarks/adapters.py selfplay [--games 64]

Steps are timed in CPU seconds of this process (``time.process_time``), over the same seeded
random games for every adapter, so the shared machine's load moves them less than wall-clock
figures; self-play with several processes can only be timed by the wall clock.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from collections.abc import Callable

import numpy as np

import regalia
from regalia.engine.bench import random_playout
from regalia.engine.rng import Rng
from regalia.rl import gymnasium_env, openspiel_game, pettingzoo_env
from regalia.rl.selfplay import SelfPlayJob, read_run, run_selfplay
from regalia.rl.table import Table

PLAYERS = 4


def timed(run: Callable[[int], int], games: int) -> float:
    """Decisions (or steps) per CPU second over ``games`` seeded games."""
    start = time.process_time()
    steps = sum(run(seed) for seed in range(games))
    return steps / (time.process_time() - start)


def engine(game: str) -> Callable[[int], int]:
    def run(seed: int) -> int:
        return random_playout(regalia.new_game(game, PLAYERS, seed=seed), Rng(seed))
    return run


def engine_observed(game: str) -> Callable[[int], int]:
    """The engine plus what any learner needs each decision: the mover's encoded view and
    legal-action mask (the floor under every adapter)."""
    table = Table(game, PLAYERS)

    def run(seed: int) -> int:
        state, rng, steps = table.new_state(seed), Rng(seed), 0
        while movers := state.to_move():
            seat = movers[0]
            table.observe(state, seat)
            table.mask(state, seat)
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            steps += 1
        return steps
    return run


def pettingzoo(game: str) -> Callable[[int], int]:
    env = pettingzoo_env(game, players=PLAYERS)

    def run(seed: int) -> int:
        env.reset(seed=seed)
        rng, steps = np.random.default_rng(seed), 0
        for _ in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps
    return run


def gymnasium(game: str) -> Callable[[int], int]:
    """Steps of the learner (seat 0) against three random bots; the bots' decisions are
    inside the steps."""
    env = gymnasium_env(game, players=PLAYERS, seat=0, opponents="random")

    def run(seed: int) -> int:
        _, info = env.reset(seed=seed)
        rng, steps, done = np.random.default_rng(seed), 0, False
        while not done:
            _, _, done, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
        return steps
    return run


def openspiel(game: str) -> Callable[[int], int]:
    """pyspiel's API as an RL loop uses it: the mover's observation tensor and legal actions,
    then a random one applied."""
    loaded = openspiel_game(game, PLAYERS)

    def run(seed: int) -> int:
        state, rng, steps = loaded.new_initial_state(), np.random.default_rng(seed), 0
        while not state.is_terminal():
            player = state.current_player()
            state.observation_tensor(player)
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        return steps
    return run


def steps(games: int) -> None:
    rows = []
    for info in regalia.list_games():
        if PLAYERS not in info.player_counts:
            continue
        figures = {name: timed(make(info.id), games) for name, make in (
            ("engine", engine), ("engine + observe", engine_observed),
            ("pettingzoo", pettingzoo), ("gymnasium", gymnasium), ("openspiel", openspiel))}
        rows.append({"game": info.id, **{k: round(v) for k, v in figures.items()}})
        print(json.dumps(rows[-1]), flush=True)


def parts(games: int) -> None:
    """Where a learner's step goes, in CPU microseconds per decision of seeded random games:
    the engine's decision (legal actions and apply, what a random playout does) against the
    mover's observation (the view without its log, its encoding, the float32 array) and
    mask. Each part is timed around its own call, so the sum is a little over a step."""
    clock = time.thread_time_ns
    for info in regalia.list_games():
        if PLAYERS not in info.player_counts:
            continue
        table = Table(info.id, PLAYERS)
        spent = dict.fromkeys(("decision", "view", "encode", "float32", "mask"), 0)
        steps = 0
        for seed in range(games):
            state, rng = table.new_state(seed), Rng(seed)
            while movers := state.to_move():
                seat = movers[0]
                t0 = clock()
                legal = state.legal_actions(seat)
                t1 = clock()
                view = state.observe(seat)
                t2 = clock()
                numbers = table.codec.encode(view, PLAYERS)
                t3 = clock()
                table.as_array(numbers)
                t4 = clock()
                table.mask(state, seat)
                t5 = clock()
                state.apply(legal[rng.below(len(legal))], seat)
                t6 = clock()
                for name, ns in (("decision", t1 - t0 + t6 - t5), ("view", t2 - t1),
                                 ("encode", t3 - t2), ("float32", t4 - t3), ("mask", t5 - t4)):
                    spent[name] += ns
                steps += 1
        row = {name: round(ns / steps / 1000, 1) for name, ns in spent.items()}
        observing = sum(spent.values()) - spent["decision"]
        print(json.dumps({"game": info.id, "steps": steps, "us": row,
                          "observing/decision": round(observing / spent["decision"], 1)}),
              flush=True)


def selfplay(games: int) -> None:
    """Random bots at 4 players, shards of 8 games; Ray is started before the clock (its
    start-up, 10 to 30 s here, is paid once per session, not per run)."""
    import ray

    ray.init(include_dashboard=False, log_to_driver=False)
    try:
        for info in regalia.list_games():
            if PLAYERS not in info.player_counts:
                continue
            job = SelfPlayJob(info.id, PLAYERS, ("random",) * PLAYERS, games=games, seed=1,
                              games_per_shard=8)
            for label, workers, address in (("1 worker", 1, None), ("2 workers", 2, None),
                                            ("Ray, local", 1, "auto")):
                folder = tempfile.mkdtemp(prefix="regalia-selfplay-")
                start = time.perf_counter()
                run_selfplay(job, folder, workers=workers, ray_address=address)
                seconds = time.perf_counter() - start
                rows = len(read_run(folder)["action"])
                shutil.rmtree(folder)
                print(json.dumps({"game": info.id, "run": label,
                                  "games/s": round(games / seconds, 1),
                                  "rows/s": round(rows / seconds)}), flush=True)
    finally:
        ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("steps", "parts", "selfplay"))
    parser.add_argument("--games", type=int, default=None)
    args = parser.parse_args()
    if args.what == "steps":
        steps(args.games or 10)
    elif args.what == "parts":
        parts(args.games or 10)
    else:
        selfplay(args.games or 64)


if __name__ == "__main__":
    main()
