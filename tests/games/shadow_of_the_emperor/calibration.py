"""Self-play used to calibrate the reconstructed edition (docs/games/shadow-of-the-emperor.md).

``python -m tests.games.shadow_of_the_emperor.calibration --games 20 --players 4 --ismcts 2``
plays games between the greedy bot (``regalia.bots.greedy`` with the game's evaluation,
``regalia.bots.evaluations.shadow_of_the_emperor``) and, with ``--ismcts N``, that many seats
of ISMCTS as the ``medium`` level plays it (each new node judged by the same evaluation, no
rollout) but with an iteration budget (``--iterations``, 300 by default), so that a run gives
the same games on a loaded machine. It prints the final scores, who won, how many sons and
daughters were born, and for every card kind how often it was bought and how its buyers
placed. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.games.shadow_of_the_emperor.board import KINDS, N_ELECTORATES
from regalia.games.shadow_of_the_emperor.phases import R_SON
from regalia.games.shadow_of_the_emperor.state import ShadowState


def play(players: int, seed: int, searchers: set[int], iterations: int,
         stats: dict[str, int]) -> ShadowState:
    s = regalia.new_game("shadow-of-the-emperor", players, seed=seed)
    assert isinstance(s, ShadowState)
    spec = f"ismcts:iterations={iterations}:leaf=evaluation:cap=0"
    bots = [make_bot(spec if p in searchers else "greedy", seed * 10 + p) for p in range(players)]
    while not s.is_over():
        seat = s.to_move()[0]
        task = s.tasks[-1]
        if task[0] == "place" and task[7] == R_SON:
            stats["sons"] += 1
        elif task[0] == "daughter":
            stats["daughters"] += 1
        action = bots[seat].act(InformationSet(s, seat))
        if action.kind == "buy":
            stats[f"buy {KINDS[action.args[0]]} {seat}"] += 1
        if action.kind in ("propose", "convent", "accept", "refuse"):
            stats[action.kind] += 1
        s.apply(action, seat)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--ismcts", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    totals: list[int] = []
    winners: list[int] = []
    kind_places: dict[str, list[int]] = defaultdict(list)
    seat_wins: dict[str, float] = defaultdict(float)
    stats: dict[str, int] = defaultdict(int)
    electors: list[int] = []
    for g in range(args.games):
        game_stats: dict[str, int] = defaultdict(int)
        # The searching seats move round the table from game to game (seat 0 starts as
        # Emperor).
        searchers = {(g + i) % args.players for i in range(args.ismcts)}
        s = play(args.players, args.seed + g, searchers, args.iterations, game_stats)
        places = s.ranking()
        totals.extend(s.vp)
        winners.append(max(s.vp))
        electors.append(sum(1 for e in range(N_ELECTORATES) if s.elector[e] >= 0))
        for key, n in game_stats.items():
            if key.startswith("buy "):
                _, kind, seat = key.split()
                kind_places[kind].extend([places[int(seat)]] * n)
            else:
                stats[key] += n
        for p in range(s.players):
            if places[p] == 1:
                seat_wins["ismcts" if p in searchers else "greedy"] += 1 / places.count(1)
        print(f"game {g}: scores {s.vp} places {places}", flush=True)
    print(f"{args.games} games, {args.players} players, {args.ismcts} ISMCTS seats "
          f"({args.iterations} iterations)")
    print("score min/median/max", min(totals), statistics.median(totals), max(totals))
    print("winner's score min/median/max", min(winners), statistics.median(winners),
          max(winners))
    print("electors seated at the end, mean", statistics.mean(electors))
    print("wins", dict(seat_wins))
    print("children", dict(stats))
    for kind in KINDS:
        pl = kind_places.get(kind, [])
        mean = f"{statistics.mean(pl):.2f}" if pl else "-"
        print(f"  {kind:16} bought {len(pl):4}  mean place of buyer {mean}")


if __name__ == "__main__":
    main()
