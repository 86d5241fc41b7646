"""Self-play used to calibrate the reconstructed edition (docs/games/ming-dynasty.md).

``python -m tests.games.ming_dynasty.calibration --games 40 --players 4 --seats
medium:iterations=300,heuristic`` plays games between the bots listed (any bot spec of
``regalia.bots.make_bot``, repeated round the table when the list is shorter than the players,
and rotated one seat each game so that every bot sits in every seat), or ``heuristic``, the
plain hand-written player of this file (place members where its prince stands, take the cards
that cross the borders around it, stay or move to a district it can deploy into, deploy three
with one into the cloister, keep its city members; the stored records are its games). It
prints the score range, how often each card kind was taken and how its takers placed, the
dragons each bot took while a display card was in reach (chosen) or not (forced), and per bot
the wins, the mean place and the mean score. Not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

import regalia
from regalia.bots import make_bot
from regalia.bots.base import InformationSet
from regalia.bots.ismcts import IsmctsBot
from regalia.engine import Rng
from regalia.engine.actions import Action
from regalia.games.ming_dynasty.board import CARD_KINDS, DRAGON
from regalia.games.ming_dynasty.state import MingState


def _good(s: MingState, seat: int, dist: int) -> bool:
    """Whether ``seat`` could deploy into ``dist``."""
    return s.spaces[dist // 3][seat] > 0 and s.cloister[dist] != seat


def greedy(s: MingState, seat: int, rng: Rng) -> Action:
    legal = s.legal_actions(seat)
    phase = s.phase_name
    by_text = {a.text: a for a in legal}
    here = s.prince[seat]
    if phase == "place":
        near = {here // 3} | {q // 3 for q, _t in s.d.neighbours[here]}
        options = [a for a in legal if a.args[0] in near]
        if options and rng.below(3):
            return options[rng.below(len(options))]
        return legal[rng.below(len(legal))]
    if phase == "take":
        wanted = {t for _q, t in s.d.neighbours[here]}
        takes = [a for a in legal if a.kind == "take"]
        best = [a for a in takes if s.display[a.args[0]] in wanted]
        if best:
            return best[rng.below(len(best))]
        if takes:
            return takes[rng.below(len(takes))]
        return legal[rng.below(len(legal))]
    if phase == "act":
        if _good(s, seat, here):
            hand = s.hand[seat]
            kind = max(range(DRAGON), key=lambda k: hand[k]) if any(hand[:DRAGON]) else DRAGON
            stay = by_text.get(f"stay {CARD_KINDS[kind]}")
            if stay is not None:  # an empty hand cannot pay for staying
                return stay
        steps = [a for a in legal if a.kind == "step" and not a.args[1]]
        steps = steps or [a for a in legal if a.kind == "step"]
        toward = [a for a in steps if _good(s, seat, a.args[0])]
        if toward:
            return toward[rng.below(len(toward))]
        if steps and rng.below(2):
            return steps[rng.below(len(steps))]
        return by_text["pass"]
    if phase == "moving":
        if "stop" in by_text and _good(s, seat, here):
            return by_text["stop"]
        toward = [a for a in legal if a.kind == "step" and _good(s, seat, a.args[0])]
        if toward:
            return toward[0]
        return by_text.get("stop", legal[0])
    if phase == "deploy":
        if "deploy cloister" in by_text and s.cloister[here] < 0:
            return by_text["deploy cloister"]
        return by_text.get("deploy", by_text["done"])
    if phase == "return":
        return legal[0]  # keep every city member: they score, and they hold the bonus
    if phase == "start":
        return by_text[f"start {seat + 1}"]
    return legal[rng.below(len(legal))]


def play(players: int, seed: int, ismcts: int = 0, iterations: int = 30,
         **options: object) -> MingState:
    s = regalia.new_game("ming-dynasty", players, seed=seed, **options)
    assert isinstance(s, MingState)
    rng = Rng(seed)
    bots = {p: IsmctsBot(seed + p, iterations=iterations, rollout_cap=150)
            for p in range(ismcts)}
    while not s.is_over():
        seat = s.to_move()[0]
        bot = bots.get(seat)
        s.apply(bot.act(InformationSet(s, seat)) if bot else greedy(s, seat, rng), seat)
    return s


RECORDS = (  # (players, seed, options, file name) of tests/games/ming_dynasty/records
    (2, 102, {}, "2p-greedy-defaults"),
    (3, 103, {"city_tie": "fullest-section"}, "3p-greedy-city_tie-fullest-section"),
    (4, 104, {"hand_memory": "counts"}, "4p-greedy-hand_memory-counts"),
    (4, 211, {}, "4p-greedy-defaults"),
)


def write_records() -> None:
    """Play the stored games again (after a rules change that alters them) and save them."""
    from pathlib import Path

    out = Path(__file__).parent / "records"
    for players, seed, options, name in RECORDS:
        s = play(players, seed, **options)
        (out / f"{name}.json").write_text(s.record().to_json(indent=1) + "\n")
    s = regalia.new_game("ming-dynasty", 3, seed=77)
    rng = Rng(77)
    while not s.is_over():
        movers = s.to_move()
        seat = movers[rng.below(len(movers))]
        legal = s.legal_actions(seat)
        s.apply(legal[rng.below(len(legal))], seat)
    (out / "3p-random-defaults.json").write_text(s.record().to_json(indent=1) + "\n")


HEURISTIC = "heuristic"


def play_seats(specs: list[str], seed: int, tally: dict[str, list[float]]) -> MingState:
    """One game between ``specs`` (seat by seat); counts each bot's dragons (chosen with a
    display card in reach, or forced) and its thinking time into ``tally``."""
    players = len(specs)
    s = regalia.new_game("ming-dynasty", players, seed=seed)
    assert isinstance(s, MingState)
    rng = Rng(seed)
    movers: list[Callable[[MingState, int], Action]] = []
    for p, spec in enumerate(specs):
        if spec == HEURISTIC:
            movers.append(lambda st, seat: greedy(st, seat, rng))
        else:
            bot = make_bot(spec, seed * 10 + p)
            movers.append(lambda st, seat, bot=bot: bot.act(InformationSet(st, seat)))
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        began = time.process_time()
        action = movers[seat](s, seat)
        spent = time.process_time() - began
        spec = specs[seat]
        tally[f"{spec} time"].append(spent)
        if action.kind == "dragon":
            reach = any(a.kind == "take" for a in legal)
            tally[f"{spec} dragons {'chosen' if reach else 'forced'}"].append(1)
        s.apply(action, seat)
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", action="store_true", help="rewrite the stored records")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seats", default=HEURISTIC,
                    help="bots round the table, comma-separated (heuristic: this file's)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.records:
        write_records()
        return
    lineup = args.seats.split(",")
    lineup = [lineup[i % len(lineup)] for i in range(args.players)]
    totals: list[int] = []
    tally: dict[str, list[float]] = defaultdict(list)
    taken: dict[str, list[int]] = defaultdict(list)
    for g in range(args.games):
        shift = g % args.players
        specs = lineup[shift:] + lineup[:shift]
        s = play_seats(specs, args.seed + g, tally)
        places = s.ranking()
        totals.extend(s.scores())
        for p in range(s.players):
            tally[f"{specs[p]} wins"].append(1 / places.count(1) if places[p] == 1 else 0)
            tally[f"{specs[p]} place"].append(places[p])
            tally[f"{specs[p]} score"].append(s.scores()[p])
        shown = {}  # the card beside each space, followed through the record
        for entry in s.moves():
            if "chance" in entry:
                shown[entry["chance"].split()[1]] = entry["outcome"]
            elif entry["action"].startswith("take"):
                kind = shown[entry["action"].split()[1]]
                taken[kind].append(places[entry["seat"]])
            elif entry["action"].startswith("dragon"):
                taken["dragon"].append(places[entry["seat"]])
        print(f"game {g}: {' '.join(specs)} scores {s.scores()}", flush=True)
        summary(g + 1, args.players, lineup, totals, tally, taken)


def summary(games: int, players: int, lineup: list[str], totals: list[int],
            tally: dict[str, list[float]], taken: dict[str, list[int]]) -> None:
    """The figures so far (printed after every game, so that a long run can be cut short)."""
    print(f"{games} games, {players} players, seats {','.join(lineup)}")
    print("score min/median/mean/max", min(totals), statistics.median(totals),
          round(statistics.mean(totals), 1), max(totals))
    for spec in dict.fromkeys(lineup):
        wins = sum(tally[f"{spec} wins"])
        seats = len(tally[f"{spec} place"])
        print(f"  {spec}: {seats} seats, wins {wins:g}, mean place "
              f"{statistics.mean(tally[f'{spec} place']):.2f}, mean score "
              f"{statistics.mean(tally[f'{spec} score']):.1f}, dragons chosen "
              f"{len(tally[f'{spec} dragons chosen'])} forced "
              f"{len(tally[f'{spec} dragons forced'])}, "
              f"{1000 * statistics.mean(tally[f'{spec} time']):.2f} ms a decision")
    for kind, pl in sorted(taken.items()):
        print(f"  {kind:8} taken {len(pl):5}  mean place of taker {statistics.mean(pl):.2f}",
              flush=True)

if __name__ == "__main__":
    main()
