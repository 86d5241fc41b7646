"""``analyze`` on a lost game, in every game: seat 0 always takes the first legal action, the
other seats are ``hard:iterations=100`` bots; the game is then analysed for every seat and
each seat's accuracy and marks printed, with how many of its judged moves the analysis's search
never played out (``unexplored``: judged by their prior alone). docs/analysis.md, "A lost
game", keeps the figures.

    .venv/bin/python benchmarks/lost_games.py [GAME ...] [--players 3] [--seed 7]
        [--iterations 50] [--folder /tmp/lost-games]

A game already played into the folder is analysed again without being played again.
Deterministic for a seed (the bots and the analysis take their seeds from it), but slow on a
loaded machine: a game of hard bots took 20 s to 2 minutes to play (2026-11-28, two cores
shared by many), its analysis at 50 iterations 1 to 5 minutes.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import regalia
from regalia.analysis import Budget, analyse
from regalia.bots.base import InformationSet
from regalia.bots.specs import build_bot
from regalia.engine.record import Record

STRONG = "hard:iterations=100"


def lost_game(game: str, players: int, seed: int) -> Record:
    state = regalia.new_game(game, players, seed=seed)
    bots = {s: build_bot(STRONG, seed=seed + s) for s in range(1, players)}
    while not state.is_over():
        seat = state.to_move()[0]
        if seat == 0:
            action = state.legal_actions(seat)[0]
        else:
            action = bots[seat].act(InformationSet(state.clone(), seat))
        state.apply(action, seat)
    return state.record(seats=["first option"] + [STRONG] * (players - 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[g.id for g in regalia.list_games()])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--folder", type=Path, default=Path("/tmp/lost-games"))
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    for game in args.games:
        path = args.folder / f"{game}-{args.players}p-{args.seed}.json"
        if path.exists():
            record = Record.load(path)
        else:
            record = lost_game(game, args.players, args.seed)
            record.save(path)
        report = analyse(record, None, Budget(iterations=args.iterations), seed=0)
        print(json.dumps({"game": game, "scores": report["scores"], "seats": [
            {**{k: s[k] for k in ("accuracy", "inaccuracies", "mistakes", "blunders",
                                   "judged")},
             "unexplored": sum(1 for m in report["moves"]
                               if m["seat"] == s["seat"] and m.get("unexplored"))}
            for s in report["summary"]]}), flush=True)


if __name__ == "__main__":
    main()
