"""Fingerprints of every game's behaviour, for speed work that must change nothing.

For each game and player count, N seeded random games are played; every decision's legal-action
list (as the actions' codes), the action taken, the final scores and the finished record feed
one SHA-256. A greedy bot's first decisions and an ISMCTS search with a fixed iteration budget
are hashed too, so the evaluations and the search's arithmetic are covered. The same figures
must come out of the pure and the compiled build and before and after a rewrite of a rules core.

    python benchmarks/game_hashes.py [--games N] [--game GAME] [--check FILE | --write FILE]

`--write benchmarks/game_hashes.json` records them (only when a rules change is meant to change
the games: say so in the commit); `--check benchmarks/game_hashes.json` compares and exits 1 on
any difference. tests/compiled/test_game_hashes.py checks a small part of it in both variants.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import regalia
from regalia.bots import make_bot
from regalia.bots.base import InformationSet
from regalia.engine.rng import Rng
from regalia.engine.state import State

GAMES = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "shadow-of-the-emperor",
         "ming-dynasty")


def playout_hash(game: str, players: int, games: int) -> str:
    """Random playouts: every legal-action list, every choice, the scores and the records."""
    digest = hashlib.sha256()
    rng = Rng(20261127 + players)
    for _ in range(games):
        state = regalia.new_game(game, players, seed=rng.next64())
        while True:
            movers = state.to_move()
            if not movers:
                break
            seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            codes = [state.encode(action) for action in legal]
            choice = rng.below(len(legal))
            digest.update(repr((seat, codes, choice)).encode())
            state.apply(legal[choice], seat)
        digest.update(repr(state.scores()).encode())
        digest.update(state.record().to_json().encode())
    return digest.hexdigest()


def bot_hash(game: str, players: int, spec: str, decisions: int) -> str:
    """A bot's choices from a fixed seed, and the view it chose from (its evaluations, its
    search's floats and random stream all show in what it picks)."""
    digest = hashlib.sha256()
    state: State = regalia.new_game(game, players, seed=7)
    bot = make_bot(spec, seed=5)
    for _ in range(decisions):
        movers = state.to_move()
        if not movers:
            break
        action = bot.act(InformationSet(state, movers[0]))
        digest.update(repr((movers[0], state.encode(action))).encode())
        state.apply(action, movers[0])
    digest.update(state.to_json().encode())
    return digest.hexdigest()


def fingerprints(games: int, only: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in GAMES:
        if only is not None and game != only:
            continue
        info = regalia.get_game(game)
        four = max(info.min_players, min(4, info.max_players))
        entry: dict[str, str] = {}
        for players in range(info.min_players, info.max_players + 1):
            entry[f"random {players}p"] = playout_hash(game, players, games)
        entry[f"greedy {four}p"] = bot_hash(game, four, "greedy", 40)
        entry[f"ismcts {four}p"] = bot_hash(game, four, "ismcts:iterations=60", 6)
        out[game] = entry
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="random games per player count")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--check", type=Path)
    parser.add_argument("--write", type=Path)
    args = parser.parse_args(argv)
    found = {"games": args.games, "fingerprints": fingerprints(args.games, args.game)}
    if args.write is not None:
        text = json.dumps(found, indent=1, sort_keys=True) + "\n"
        tmp = args.write.with_suffix(".tmp")
        tmp.write_text(text)
        tmp.replace(args.write)
    if args.check is not None:
        known = json.loads(args.check.read_text())
        if known["games"] != args.games:
            print(f"{args.check} holds {known['games']} games a count; run with --games "
                  f"{known['games']}", file=sys.stderr)
            return 2
        wrong = [f"{game} {what}" for game, entry in found["fingerprints"].items()
                 for what, value in entry.items()
                 if known["fingerprints"].get(game, {}).get(what) != value]
        for line in wrong:
            print("differs:", line)
        print(f"{sum(map(len, found['fingerprints'].values())) - len(wrong)} fingerprints "
              f"as recorded, {len(wrong)} differ")
        return 1 if wrong else 0
    if args.write is None:
        print(json.dumps(found, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
