"""Self-play used to calibrate the reconstructed edition (docs/games/palais-royal.md).

``python -m tests.games.palais_royal.calibration --games 40 --players 4`` plays games between
a plain greedy player (this file: recruit, walk servants from the Gate towards the rooms it
lacks, take every bonus, enlist the noble with the best VP for its cost, draw and keep cards)
and, with ``--ismcts N``, that many seats of ISMCTS (few iterations, capped rollouts, so that
a game takes a minute, not an hour). It prints score ranges, the score parts, game lengths,
and for every noble privilege and card kind how often it was taken and how its holders placed.
``--bots SPEC`` seats the bundled bot SPEC (``greedy``, ``medium``, any spec of
``regalia.bots.specs``) in every seat instead, its seat ``p`` of game ``seed`` seeded
``seed * 10 + p``; ``--players 2,3,4`` takes the counts in turn, game by game. ``--log`` then
prints each game's end (the rules' last round, ``stall_rounds`` or the dead position) too:
the calibration of docs/games/palais-royal.md ("Runs of 2026-11-27").
Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

import regalia
from regalia.bots.ismcts import IsmctsBot
from regalia.engine import Rng
from regalia.engine.actions import Action
from regalia.games.palais_royal.rooms import ROOM_INDEX
from regalia.games.palais_royal.scoring import breakdown, edge_points
from regalia.games.palais_royal.state import PalaisState

# What the greedy player wants in each room, in order of need.
WANT = {"stairs": 3, "parade": 2, "office": 2, "king": 3, "pompadour": 3, "mint": 2,
        "backdoor": 1, "cardinal": 1}


def greedy(s: PalaisState, rng: Rng) -> Action:
    legal = s.legal_actions()
    p = s.cur
    rooms = s.servants[p]
    kinds = {a.kind for a in legal}
    if "enlist" in kinds:
        best = max((a for a in legal if a.kind == "enlist"), key=lambda a: _value(s, a))
        if _value(s, best) > 0.3:
            return best
    for kind in ("recruit", "extra", "draw", "keep", "leave"):
        # Bringing servants in or adding bonus ones only pays from the play area.
        options = [a for a in legal if a.kind == kind
                   and (kind not in ("recruit", "extra") or a.args[-1] < 0)]
        if options:
            if kind == "leave":  # the servant for the edge: from the Gate or the play area
                return next((a for a in options if a.text in ("leave gate", "leave area")),
                            options[0])
            return options[rng.below(len(options))]
    plays = [a for a in legal if a.kind == "play" and a.text != "play prestige"]
    if plays and rng.below(2):
        return plays[0]
    moves = [a for a in legal if a.kind == "move"]
    if moves:
        def need(a: Action) -> float:
            src, dst = a.args
            have_src = rooms[src] - WANT.get(_name(src), 0)
            gap = WANT.get(_name(dst), 0) - rooms[dst]
            return gap + 0.5 * have_src + rng.random() * 0.1
        best_move = max(moves, key=need)
        if need(best_move) > 0:
            return best_move
    if "play" in kinds and s.phase == 6:
        return next(a for a in legal if a.kind == "play")
    return next(a for a in legal if a.text == "done") if any(
        a.text == "done" for a in legal) else legal[0]


def _name(room: int) -> str:
    return next(k for k, v in ROOM_INDEX.items() if v == room)


def _value(s: PalaisState, a: Action) -> float:
    from regalia.games.palais_royal.actions import enlist_space

    sp = enlist_space(a, s.d.columns)
    nb = s.d.nobles[s.park[sp]]
    cost = s.gold_cost(sp) + 2 * (nb.turquoise + nb.purple) + (1 if s.d.is_edge[sp] else 0)
    perk = 3 if nb.privilege else 0
    return (nb.vp + perk) / max(1, cost)


def play_bots(players: int, seed: int, spec: str) -> PalaisState:
    """A game between bundled bots of ``spec`` in every seat."""
    from regalia.bots.base import InformationSet
    from regalia.bots.specs import build_bot

    s = regalia.new_game("palais-royal", players, seed=seed)
    assert isinstance(s, PalaisState)
    bots = [build_bot(spec, seed * 10 + p) for p in range(players)]
    while not s.is_over():
        seat = s.cur
        legal = s.legal_actions(seat)
        s.apply(legal[0] if len(legal) == 1 else bots[seat].act(InformationSet(s, seat)), seat)
    return s


def play(players: int, seed: int, ismcts: int, iterations: int = 40,
         rollout_cap: int = 120) -> PalaisState:
    s = regalia.new_game("palais-royal", players, seed=seed)
    assert isinstance(s, PalaisState)
    rng = Rng(seed)
    bots = {p: IsmctsBot(seed + p, iterations=iterations, rollout_cap=rollout_cap)
            for p in range(ismcts)}
    for _ in range(20000):
        if s.is_over():
            break
        seat = s.cur
        if seat in bots:
            from regalia.bots.base import InformationSet

            action = bots[seat].act(InformationSet(s, seat))
        else:
            action = greedy(s, rng)
        s.apply(action)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", default="4", help="a count, or counts taken in turn: 2,3,4")
    ap.add_argument("--bots", default="", help="a bundled bot spec for every seat")
    ap.add_argument("--ismcts", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=40, help="ISMCTS iterations a decision")
    ap.add_argument("--cap", type=int, default=120, help="ISMCTS rollout cap (decisions)")
    ap.add_argument("--log", action="store_true", help="print each game's scores as it ends")
    args = ap.parse_args()
    totals: list[int] = []
    parts: dict[str, list[int]] = defaultdict(list)
    rounds, left = [], []
    perk_places: dict[str, list[int]] = defaultdict(list)
    card_plays: dict[str, int] = defaultdict(int)
    card_places: dict[str, list[int]] = defaultdict(list)
    ends: dict[str, int] = defaultdict(int)
    seat_wins: dict[str, float] = defaultdict(float)
    counts = [int(n) for n in args.players.split(",")]
    by_count: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for g in range(args.games):
        players = counts[g % len(counts)]
        if args.bots:
            s = play_bots(players, args.seed + g, args.bots)
        else:
            s = play(players, args.seed + g, args.ismcts, args.iterations, args.cap)
        by_count[players][end_reason(s)] += 1
        places = s.ranking()
        edges = edge_points(s)
        ends[end_reason(s)] += 1
        if args.log:  # one JSON line a game, enough to summarise a run cut short
            print(json.dumps({
                "game": g, "players": players, "seed": args.seed + g, "gold": list(s.gold),
                "scores": list(s.scores()), "places": list(places),
                "rounds": s.round, "end": end_reason(s), "nobles_left": s.nobles_left(),
                "parts": [breakdown(s, p, edges) for p in range(s.players)],
                "nobles": [[s.d.nobles[t].privilege or "points-only" for t in s.nobles[p]]
                           for p in range(s.players)],
                "cards": [{s.d.cards[k].id: s.played[p][k] + s.hand[p][k]
                           for k in range(len(s.d.cards)) if s.played[p][k] + s.hand[p][k]}
                          for p in range(s.players)]}), flush=True)
        rounds.append(s.round)
        left.append(s.nobles_left())
        for p in range(s.players):
            b = breakdown(s, p, edges)
            totals.append(b["total"])
            for k, v in b.items():
                parts[k].append(v)
            for t in s.nobles[p]:
                perk = s.d.nobles[t].privilege or "points-only"
                perk_places[perk].append(places[p])
            for k, n in enumerate(s.played[p]):
                card_plays[s.d.cards[k].id] += n
                # One entry per card a seat played or holds at the end: its holder's place.
                card_places[s.d.cards[k].id].extend([places[p]] * (n + s.hand[p][k]))
            kind = "ismcts" if p < args.ismcts else "greedy"
            if places[p] == 1:
                seat_wins[kind] += 1 / places.count(1)
    print(f"{args.games} games, {args.players} players, {args.bots or args.ismcts} "
          f"{'in every seat' if args.bots else 'ISMCTS seats'}")
    for players, ends_here in sorted(by_count.items()):
        print(f"  {players} players: game ends {dict(ends_here)}")
    print("score min/median/max", min(totals), statistics.median(totals), max(totals))
    q = statistics.quantiles(totals, n=4)
    print("score quartiles", q, "mean", round(statistics.mean(totals), 1))
    print("game ends", dict(ends))
    for k, v in parts.items():
        print(f"  {k:8} mean {statistics.mean(v):5.1f}  max {max(v)}")
    print("rounds mean", statistics.mean(rounds), "nobles left mean", statistics.mean(left))
    print("wins", dict(seat_wins))
    for perk, pl in sorted(perk_places.items()):
        print(f"  noble {perk:12} taken {len(pl):4}  mean place of holder "
              f"{statistics.mean(pl):.2f}")
    for cid, n in sorted(card_plays.items()):
        pl = card_places.get(cid) or [0]
        print(f"  card {cid:18} played {n:4}  played or held {len(card_places.get(cid, []))}"
              f"  mean place of holder {statistics.mean(pl):.2f}")


def end_reason(s: PalaisState) -> str:
    """How the game ended: the rules' last round, or one of the two invented end rules."""
    if s.final:
        return "final round"
    if s.round - s.last_enlist >= s.options["stall_rounds"]:
        return "stall_rounds"
    return "dead position"


if __name__ == "__main__":
    main()
