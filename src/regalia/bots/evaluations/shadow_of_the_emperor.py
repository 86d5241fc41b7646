"""In the Shadow of the Emperor, judged as a player counts: victory points, then what will
turn into points soon: the electorates the next new-electors phase will hand out, the
Emperor's rights and the election, money and income, tiles that live on, and the children
the kept cards will bring.

A seat's *outlook* is the sum of

* its victory points (all of them are won in the open and known exactly, rules question N19);
* **the next new-electors phase** (phase V of this round while it is still to come, else of
  the next round). For every electorate in play, each seat's influence there (own cities,
  knights, Barons 1, Couples 2, a Gray eminence 1, the sitting elector unless option
  ``elector_influence`` is off, empire cities for the Emperor) gives it a *chance* to win
  the electorate: ``LEAD`` by its lead over the best other seat (a tie goes to the Emperor,
  who decides: ``TIE_EMPEROR`` for him, ``TIE_OTHER`` shared among the others, less when the
  Emperor is one of them). While phase IV is under way anything can change, so the chances
  are soft; once it is over they are certain (a lead wins, a tie is the Emperor's). The chance
  is multiplied by the *prize*: a seat that holds the elector keeps it (its holding worth),
  one with an aristocrat there that may sit (a single Baron in an archdiocese) takes it for
  ``elector_vp`` (2) plus the holding worth, one without such an aristocrat wins nothing
  (the space would just empty). The holding worth is ``PRIVILEGE[e]`` plus ``VOTE`` per vote
  of the electorate (Bohemia 2), per round the elector tile will live (a 45-year-old leaves
  at the next aging, so an old elector is worth one round only; rounds past the fifth count
  nothing), later rounds counted ``LATER`` each. The next round's contest, once this round's
  phase V is over, is judged on the board as it will stand after the aging (45-year-olds and
  Gray eminences gone) and counted ``NEXT_ROUND``: a whole round of actions lies between;
* **the Emperor**: this round's rights (2/2/2/1/1 VP) while still to come, times the chance
  that the Emperor keeps the throne: ``KEEP_UNCHALLENGED`` while nobody has taken the Rival
  in phase IV (the rest shared among the others, any of whom may challenge), else the
  election's odds (below); the later rounds' rights count ``EMPEROR_LATER``;
* **the election** (only with a Rival, phase VI): each seat's votes are its expected
  electors after phase V (the chances above times the electorate's votes), the Pope, the
  Church influence's archdiocese, less an excommunicated electorate. The Rival and the
  Emperor vote for themselves; a vote cast by the judged seat counts for its side, every
  other seat's half to each (a sealed vote in a sample is a random draw, not a fact). The
  Rival's chance is a logistic curve (``ELECTION_SLOPE``) of his expected margin, a tie
  keeping the Emperor. A voter scores ``vote_vp`` times the chance that its side wins;
* **thalers**: ``THALER`` each while the seat may still spend them in this round's phase IV;
  after it passes, ``THALER_CARRIED`` each up to what the next income leaves room for under
  the cap of 12 (the rest would be lost) and nothing in the last round; plus ``INCOME`` per
  thaler of income above the base, per income phase to come (cities, others' cities in one's
  electorates, Saxony);
* **pieces to come**: ``TILE_LATER`` per influence point of each own tile on the board per
  later round it will live (aging: what a Doctor gains or costs), ``SUPPLY_TILE`` per tile and
  ``SUPPLY_KNIGHT`` per knight still in supply (a son, a Permit, a 1-thaler knight);
* **children**: the cards kept this round decide next round's child: a son (blue cards
  win) is worth ``SON``, a daughter ``DAUGHTER`` (a marriage's point or the convent's thaler);
  none in the last round. A proposal waiting for its answer is worth ``PROPOSAL`` to the
  proposer.

The value is the seat's outlook less the mean of the best other outlook and the mean other
outlook (as El Grande's: only first place wins, but the pack matters too). At the end of the
game it is the score margin alone. Weights are in victory points, each with its reason next to
it below; they were set by reading the rules (a thaler buys about a third of a point: an
Indulgence is 1 VP for 2, a Permit's Baron 1 influence for 3) and not tuned: the first setting
won every game against random seats (docs/bots.md).
"""

from __future__ import annotations

import math
from operator import mul
from typing import TYPE_CHECKING

from regalia.games.shadow_of_the_emperor.board import (
    ACTIONS,
    ARCHDIOCESES,
    BLUE,
    ELECTION,
    EMPEROR,
    K_POPE,
    KNIGHTS,
    N_ELECTORATES,
    NEW_ELECTORS,
    OVER,
    RED,
    ROUNDS,
    SAXONY,
    TILES,
)
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, EMINENCE, SUPPLY

if TYPE_CHECKING:
    from regalia.engine.state import State
    from regalia.games.shadow_of_the_emperor.state import ShadowState

# Chance to win an electorate by lead over the best other seat (clamped to -3..3), while
# phase IV is still under way: every other seat may still add a piece or two (a knight for
# 1 thaler, a Permit, a Doctor killing a 45-year-old), so a lead of one is far from sure and
# a deficit of one is often made up.
LEAD = {3: 0.95, 2: 0.85, 1: 0.7, -1: 0.2, -2: 0.08, -3: 0.03}
TIE_EMPEROR = 0.75  # the Emperor gives a tie to himself, unless the tie is broken first
TIE_OTHER = 0.4     # a tie without the Emperor: he gives it to one of them (shared)
# Per round held: Mainz 1 VP a round; Palatinate a free Baron (a 3-thaler Permit); Saxony
# 2 thalers; Köln a free Doctor; Trier only a sold-out card (paid); Brandenburg the Gray
# eminence (rarely worth its price); Bohemia's worth is its second vote (VOTE below).
PRIVILEGE = (1.0, 0.3, 0.5, 0.0, 0.9, 0.6, 0.2)  # Mainz .. Brandenburg
VOTE = 0.35         # a vote: a share of the Emperor's 1-2 VP, or a point for voting right
LATER = 0.7         # each later round held counts 0.7 of the one before (it may be lost)
NEXT_ROUND = 0.6    # next round's contest: a whole round of actions lies between
KEEP_UNCHALLENGED = 0.85  # a Rival comes most rounds, but needs more votes (a tie keeps)
EMPEROR_LATER = 0.35  # later rounds' rights: the throne may change hands any round
ELECTION_SLOPE = 1.5  # a one-vote expected margin is about 2 : 1
THALER = 0.3        # Indulgence: 1 VP for 2 thalers; Permit: a Baron for 3
THALER_CARRIED = 0.25  # carried to the next round: spendable later, but less flexibly
INCOME = 0.15       # a thaler a round to come, capped with the rest at 12
TILE_LATER = 0.2    # an influence point in a later round, before anyone moves
SUPPLY_TILE = 0.1   # a son, Permit or Palatinate needs a tile in supply
SUPPLY_KNIGHT = 0.1  # a 1-thaler influence point in reserve
SON = 0.9           # a free 15-year-old Baron (a Permit is worth 3 thalers)
DAUGHTER = 0.6      # a marriage point if accepted (3-4 times in 10), else a thaler
PROPOSAL = 0.6      # the same, the proposal made


# GEOMETRIC[r]: 1 + LATER + ... over r rounds (the first round counts fully, later ones less).
N_ARCHDIOCESES = len(ARCHDIOCESES)
assert tuple(range(N_ARCHDIOCESES)) == ARCHDIOCESES
GEOMETRIC = tuple((1.0 - LATER ** r) / (1.0 - LATER) for r in range(ROUNDS + 2))
SOFT_TIE_BEHIND = 1.0 - TIE_EMPEROR


def _per_round(s: ShadowState) -> tuple[float, ...]:
    """Each electorate's holding worth per round (its privilege and its votes)."""
    d = s.d
    entry = _PER_ROUND.get(id(d))
    if entry is None or entry[0] is not d:
        entry = _PER_ROUND[id(d)] = (d, tuple(PRIVILEGE[e] + VOTE * el.votes
                                              for e, el in enumerate(d.electorates)))
    return entry[1]


# id(edition data) -> (the data, per-round worths); the data is kept so its id stays unique.
_PER_ROUND: dict[int, tuple[object, tuple[float, ...]]] = {}


def _survey(s: ShadowState, after_aging: bool) -> tuple[list[list[int]], list[list[int]]]:
    """Per electorate and seat: the influence, and the age (0-3) of the youngest aristocrat
    that may become elector there (4: none); now, or after the next aging (45-year-olds and
    Gray eminences gone, everyone ten years older)."""
    n = s.players
    inf = [[0] * n for _ in range(N_ELECTORATES)]
    young = [[4] * n for _ in range(N_ELECTORATES)]
    count_elector = s.options["elector_influence"]
    age, couple = s.age, s.couple
    for t, loc in enumerate(s.where):
        if loc < ELECTOR:
            continue
        p = t // TILES
        if loc >= EMINENCE:
            if not after_aging:
                inf[loc - EMINENCE][p] += 1
            continue
        a = age[t]
        if after_aging:
            if a == 3:
                continue
            a += 1
        if loc >= ARISTOCRAT:
            e = loc - ARISTOCRAT
            inf[e][p] += 1 + couple[t]
            # An archdiocese (board order: the first three) seats single Barons only.
            if a < young[e][p] and not (couple[t] and e < N_ARCHDIOCESES):
                young[e][p] = a
        elif count_elector:
            inf[loc - ELECTOR][p] += 1 + couple[t]
    for k, spot in enumerate(s.knight):
        if spot >= 0:
            inf[spot >> 1][k // KNIGHTS] += 1
    emperor = s.emperor
    for e, row in enumerate(s.city):
        if any(row):
            counts = inf[e]
            for p in range(n):
                counts[p] += row[p]
            counts[emperor] += row[4]
    return inf, young


def _contest(s: ShadowState, e: int, counts: list[int], young: list[int], holder_age: int,
             holder: int, rounds_left: int, soft: bool, value: list[float],
             votes: list[float] | None, ev: int, per_round: float) -> None:
    """Add each seat's chance times prize in electorate ``e`` to ``value`` (and its expected
    votes after the contest to ``votes``). ``holder_age`` is the elector's age at the contest,
    ``rounds_left`` the rounds from the contest's to the fifth."""
    top = max(counts)
    if top == 0:
        if holder >= 0:  # nobody contests: the holder keeps it
            value[holder] += per_round * GEOMETRIC[min(4 - holder_age, rounds_left)]
            if votes is not None:
                votes[holder] += ev
        return
    tied = counts.count(top)
    if tied > 1:
        second = top
    else:
        second = 0
        for c in counts:
            if second < c < top:
                second = c
    emperor = s.emperor
    emperor_in = counts[emperor] == top
    elector_vp = s.d.elector_vp
    for p, mine in enumerate(counts):
        if not mine:
            continue
        if p == holder:
            prize = per_round * GEOMETRIC[min(4 - holder_age, rounds_left)]
        else:
            a = young[p]
            if a == 4:
                continue
            prize = elector_vp + per_round * GEOMETRIC[min(4 - a, rounds_left)]
        if mine == top:
            if tied == 1:
                lead = top - second
                chance = LEAD[lead if lead < 3 else 3] if soft else 1.0
            elif p == emperor:
                chance = TIE_EMPEROR if soft else 1.0
            elif emperor_in:
                chance = SOFT_TIE_BEHIND / (tied - 1) if soft else 0.0
            else:
                chance = TIE_OTHER / (tied - 1) if soft else 1.0 / tied
        elif soft:
            lead = mine - top
            chance = LEAD[lead if lead > -3 else -3]
        else:
            continue
        value[p] += chance * prize
        if votes is not None:
            votes[p] += chance * ev


def _contests(s: ShadowState) -> tuple[list[float], list[float]]:
    """Each seat's worth from the next new-electors phase, and its expected votes after
    this round's (for this round's election)."""
    n = s.players
    phase = s.phase
    rnd = s.round
    value = [0.0] * n
    votes = [0.0] * n
    if phase <= ACTIONS:
        pending = s.play_list
        soft = True
    elif phase == NEW_ELECTORS:
        if any(t[0] in ("count_influence", "eminence") for t in s.tasks):
            pending = s.play_list
        else:
            pending = tuple(t[1] for t in s.tasks if t[0] == "electorate")
        soft = False
    else:
        pending = ()
        soft = False
    electorates = s.d.electorates
    per_round = _per_round(s)
    age = s.age
    excomm = s.excomm_target
    elector = s.elector
    if pending:
        inf, young = _survey(s, False)
    for e in s.play_list:
        ev = electorates[e].votes if e != excomm else 0
        tile = elector[e]
        holder = -1 if tile < 0 else tile // TILES
        if e in pending:
            _contest(s, e, inf[e], young[e], age[tile] if tile >= 0 else 0, holder,
                     ROUNDS + 1 - rnd, soft, value, votes, ev, per_round[e])
        elif holder >= 0:
            votes[holder] += ev
    # The next round's contests, once this round's are settled.
    if phase > ACTIONS and rnd < ROUNDS:
        inf, young = _survey(s, True)
        sub = [0.0] * n
        for e in s.play_list:
            tile = elector[e]
            if tile >= 0 and age[tile] < 3:
                _contest(s, e, inf[e], young[e], age[tile] + 1, tile // TILES, ROUNDS - rnd,
                         True, sub, None, 0, per_round[e])
            else:
                _contest(s, e, inf[e], young[e], 0, -1, ROUNDS - rnd, True, sub, None, 0,
                         per_round[e])
        for p in range(n):
            value[p] += NEXT_ROUND * sub[p]
    return value, votes


def _incomes(s: ShadowState) -> list[int]:
    """Each seat's income above the base: its cities, others' cities in its electorates,
    Saxony's privilege."""
    n = s.players
    city = s.city
    out = [sum(col) for col in zip(*city, strict=True)][:n]
    for e, t in enumerate(s.elector):
        if t >= 0:
            h = t // TILES
            row = city[e]
            out[h] += sum(row) - row[4] - row[h]
            if e == SAXONY:
                out[h] += s.d.saxony_income
    return out


def _election_pending(s: ShadowState) -> bool:
    if s.rival < 0 or s.phase > ELECTION:
        return False
    if s.phase < ELECTION:
        return True
    return any(t[0] in ("ballot", "vote", "church", "excomm") for t in s.tasks)


def _church_votes(s: ShadowState) -> tuple[int, int]:
    """The seat that Church influence helps and by how many votes (-1, 0: none)."""
    a = s.church_target
    if a < 0 or s.elector[a] < 0:
        return -1, 0
    h = s.elector[a] // TILES
    count = 1 if s.options["church_counts_elector"] else 0
    for t in range(h * TILES, h * TILES + TILES):
        if s.where[t] in (ARISTOCRAT + a, EMINENCE + a):
            count += 1
    for spot in s.knight[h * KNIGHTS:h * KNIGHTS + KNIGHTS]:
        if spot >= 0 and spot >> 1 == a:
            count += 1
    return h, count


def _emperor_and_votes(s: ShadowState, votes: list[float], judged: int) -> list[float]:
    """Each seat's worth from the Emperor's rights and this round's election, with the votes
    ``judged`` cast known and every other cast vote half each way."""
    n = s.players
    out = [0.0] * n
    rnd = s.round
    rights = s.d.rights
    emperor = s.emperor
    later = sum(r.vp for r in rights[rnd:]) * EMPEROR_LATER
    now = rights[rnd - 1].vp if s.phase < EMPEROR else 0
    rival = s.rival
    if not _election_pending(s):
        keep = KEEP_UNCHALLENGED if s.phase <= ACTIONS and rival < 0 else 1.0
        out[emperor] += keep * now + later
        if keep < 1.0:  # a challenger may still come; nobody in particular
            share = (1.0 - keep) * now / max(1, n - 1)
            for p in range(n):
                if p != emperor:
                    out[p] += share
        return out
    v = votes[:]
    for p in range(n):
        v[p] += s.kept[p][K_POPE]
    helped, extra = _church_votes(s)
    if helped >= 0:
        v[helped] += extra
    margin = v[rival] - v[emperor]
    cast = s.votes
    for p in range(n):
        if p in (emperor, rival) or v[p] <= 0:
            continue
        if p == judged and cast[p] >= 0:
            margin += v[p] if cast[p] == 1 else -v[p]
    # A tie keeps the Emperor: the Rival needs a margin above zero.
    rival_wins = 1.0 / (1.0 + math.exp(-ELECTION_SLOPE * (margin - 0.5)))
    out[rival] += rival_wins * (now + later)
    out[emperor] += (1.0 - rival_wins) * (now + later)
    vote_vp = s.d.vote_vp
    for p in range(n):
        if p in (emperor, rival) or v[p] <= 0:
            continue
        if p == judged and cast[p] >= 0:
            out[p] += vote_vp * (rival_wins if cast[p] == 1 else 1.0 - rival_wins)
        else:
            out[p] += vote_vp * max(rival_wins, 1.0 - rival_wins)
    return out


def _colour_masks(s: ShadowState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card kind: 1 if blue (votes for a son), and 1 if red (for a daughter)."""
    d = s.d
    entry = _COLOURS.get(id(d))
    if entry is None or entry[0] is not d:
        blue = tuple(int(c.colour == BLUE) for c in d.cards)
        red = tuple(int(c.colour == RED) for c in d.cards)
        entry = _COLOURS[id(d)] = (d, (blue, red))
    return entry[1]


_COLOURS: dict[int, tuple[object, tuple[tuple[int, ...], tuple[int, ...]]]] = {}
# Later rounds a tile of age step a will still stand in (it survives 3 - a more agings).
TILE_LATER_ROUNDS = tuple(3 - a for a in range(4))


def _base_outlooks(s: ShadowState) -> tuple[list[float], list[float]]:
    """Every seat's outlook without the Emperor and election terms, and its expected votes."""
    n = s.players
    rnd = s.round
    phase = s.phase
    value, votes = _contests(s)
    last = rnd >= ROUNDS
    rounds_after = ROUNDS - rnd
    cap_room = s.d.thaler_cap - s.d.base_income
    incomes = _incomes(s)
    spending = phase <= ACTIONS
    passed = s.passed
    # Later rounds' presence of the tiles on the board (throne, electors, aristocrats).
    later = [0.0] * n
    where, age, couple = s.where, s.age, s.couple
    if rounds_after:
        for t, loc in enumerate(where):
            if 0 <= loc < EMINENCE:
                r = TILE_LATER_ROUNDS[age[t]]
                later[t // TILES] += (r if r < rounds_after else rounds_after) * (1 + couple[t])
    knights = s.knight
    masks = _colour_masks(s) if not (last and phase >= ACTIONS) else None
    for p in range(n):
        lo = p * TILES
        v = value[p] + s.vp[p] + TILE_LATER * later[p]
        v += SUPPLY_TILE * where[lo:lo + TILES].count(SUPPLY)
        money = s.thalers[p]
        extra = incomes[p]
        if spending and not passed >> p & 1:
            v += THALER * money
        elif not last:
            room = cap_room - extra
            v += THALER_CARRIED * (money if money < room else max(0, room))
        v += INCOME * extra * rounds_after
        v += SUPPLY_KNIGHT * knights[p * KNIGHTS:p * KNIGHTS + KNIGHTS].count(-1)
        if masks is not None:
            kept = s.kept[p]
            blue = sum(map(mul, kept, masks[0]))
            red = sum(map(mul, kept, masks[1]))
            if blue > red:
                v += SON
            elif red:
                v += DAUGHTER
        value[p] = v
    top = s.tasks[-1] if s.tasks else ()
    if top and top[0] == "answer":
        value[top[3]] += PROPOSAL
    return value, votes


def _margin(outlook: list[float], seat: int) -> float:
    mine = outlook[seat]
    others = [v for s, v in enumerate(outlook) if s != seat]
    if not others:
        return mine
    return mine - 0.5 * (max(others) + sum(others) / len(others))


def evaluate(state: State, seat: int) -> float:
    s: ShadowState = state  # type: ignore[assignment]
    if s.phase == OVER:
        return _margin([float(v) for v in s.vp], seat)
    base, votes = _base_outlooks(s)
    extra = _emperor_and_votes(s, votes, seat)
    return _margin([b + x for b, x in zip(base, extra, strict=True)], seat)


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once (the search's leaves): the board is judged once,
    only the election, where each seat knows its own sealed vote, per seat."""
    s: ShadowState = state  # type: ignore[assignment]
    if s.phase == OVER:
        vp = [float(v) for v in s.vp]
        return [_margin(vp, p) for p in range(s.players)]
    base, votes = _base_outlooks(s)
    out = []
    for p in range(s.players):
        extra = _emperor_and_votes(s, votes, p)
        out.append(_margin([b + x for b, x in zip(base, extra, strict=True)], p))
    return out


LOOKAHEAD = 2
