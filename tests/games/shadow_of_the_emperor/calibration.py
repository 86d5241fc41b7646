"""Self-play used to calibrate the reconstructed edition (docs/games/shadow-of-the-emperor.md).

``python -m tests.games.shadow_of_the_emperor.calibration --games 20 --players 4 --ismcts 2``
plays games between a one-ply greedy player (this file: it tries every legal action on a
clone and keeps the one whose position it likes best: points, electors held, influence leads,
a little money) and, with ``--ismcts N``, that many seats of ISMCTS (few iterations, capped
rollouts, so that a game takes a minute, not an hour). It prints the final scores, who won,
how many sons and daughters were born, and for every card kind how often it was bought and
how its buyers placed. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

import regalia
from regalia.bots.base import InformationSet
from regalia.bots.ismcts import IsmctsBot
from regalia.engine import Rng
from regalia.engine.actions import Action
from regalia.games.shadow_of_the_emperor.board import KINDS, N_ELECTORATES
from regalia.games.shadow_of_the_emperor.choices import electable
from regalia.games.shadow_of_the_emperor.phases import R_SON, income_of, influence
from regalia.games.shadow_of_the_emperor.state import ShadowState


def position_value(s: ShadowState, p: int) -> float:
    """What the greedy player likes: points, electors (votes), leads in electorates where it
    has an aristocrat that may sit, aristocrats on the board, income."""
    value = 3.0 * s.vp[p] + 0.25 * s.thalers[p] + 0.3 * income_of(s, p)
    value += 0.6 * sum(1 for t in s.tiles_of(p) if s.where[t] >= 0)
    for e in s.play_list:
        held = s.holder(e) == p
        if held:
            value += 2.0 + s.d.electorates[e].votes
        if not held and not electable(s, p, e):
            continue
        inf = influence(s, e)
        best_other = max(inf[q] for q in range(s.players) if q != p)
        if inf[p] > best_other:
            value += 2.5
        elif inf[p] == best_other and inf[p]:
            value += 0.5 + (1.5 if s.emperor == p else 0.0)
    if s.emperor == p:
        value += 2.0
    return value


def _value_after(s: ShadowState, action: Action, seat: int, depth: int) -> float:
    """The position's value after ``action``, following the seat's own next decision (a
    card's target) once."""
    trial = s.clone()
    trial.apply(action, seat)
    if depth and trial.to_move() == (seat,) and trial.tasks[-1][0] != "turn":
        return max(_value_after(trial, a, seat, depth - 1) for a in trial.legal_actions(seat))
    return position_value(trial, seat)


def greedy(s: ShadowState, seat: int, rng: Rng) -> Action:
    legal = s.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind == "vote":
        return legal[rng.below(2)]
    best, best_value = legal[0], float("-inf")
    for action in legal:
        v = _value_after(s, action, seat, 1) + rng.random() * 0.2
        if v > best_value:
            best, best_value = action, v
    return best


def play(players: int, seed: int, ismcts: int, stats: dict[str, int]) -> ShadowState:
    s = regalia.new_game("shadow-of-the-emperor", players, seed=seed)
    assert isinstance(s, ShadowState)
    rng = Rng(seed)
    bots = {p: IsmctsBot(seed + p, iterations=40, rollout_cap=150) for p in range(ismcts)}
    while not s.is_over():
        seat = s.to_move()[0]
        task = s.tasks[-1]
        if task[0] == "place" and task[7] == R_SON:
            stats["sons"] += 1
        elif task[0] == "daughter":
            stats["daughters"] += 1
        action = bots[seat].act(InformationSet(s, seat)) if seat in bots else greedy(s, seat, rng)
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
        s = play(args.players, args.seed + g, args.ismcts, game_stats)
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
                seat_wins["ismcts" if p < args.ismcts else "greedy"] += 1 / places.count(1)
        print(f"game {g}: scores {s.vp} places {places}", flush=True)
    print(f"{args.games} games, {args.players} players, {args.ismcts} ISMCTS seats")
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
