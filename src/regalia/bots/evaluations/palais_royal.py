"""Palais Royal, judged as a player counts: points now (nobles, played cards, cards in hand,
park edges), the noble within reach, and the engine that earns the next ones: servants in the
rooms, majorities, gold, and this turn's seals and enlist permissions.

A seat's *outlook* is

* its score if the game ended now (the rules' own final scoring: nobles' VP, played cards'
  VP, cards in hand up to six, park-edge places), less ``SLOT`` per noble held while the park
  is far from the end (:func:`park_life`);
* plus, per room, ``FIRST[room]`` for holding a servant there at all (without one in the
  Office no noble can be enlisted, without one on the Stairway or the Parade ground the
  servants can no longer be moved or brought in: a seat that empties them is stuck, which
  ``STUCK`` prices as a lasting loss, not a room's one action), then
  ``ROOM[room]`` per further servant up to ``ROOM_USEFUL`` (each makes that room's action one
  stronger every turn) and ``CROWDED`` per servant beyond; ``AREA`` per servant in the play
  area (a servant on the Gate, one Stairway move from a room, is worth clearly more: see
  ``FIRST``), and ``MAJORITY`` per bonus room where the seat holds the sole majority;
* plus ``PERK`` (shared out by ``PERK_SHARE``) per perk its nobles' privileges give every turn,
  falling with the park like ``SLOT``;
* plus ``GOLD`` per gold up to ``GOLD_USEFUL`` (the dearest nobles' price), ``GOLD_HOARD`` per
  gold beyond, and ``SEAL`` per seal or enlist permission this turn has earned and not spent;
* for the seat judged, ``PROSPECT`` times the best noble in the park it is on its way to: the
  noble's worth (what enlisting it adds to the outlook: its VP less ``SLOT`` and, for a
  privilege, its perk, both as far as the park has life left) times the share of its price
  (gold after the discount, turquoise and purple seals, one Office servant) the seat already
  holds. This is what makes a one-step look-ahead gather a matching set of seals,
  permissions and gold instead of piling up one of them, and spend them on a noble when the
  set is complete.

The rooms, the play area, gold, majorities and this turn's seals are the seat's *engine*: they
earn the nobles of the turns to come, so they count ``ENGINE_FLOOR`` plus the rest as far as
the park has life left (``STUCK`` excepted: a seat that cannot move is stuck to the end).

Enlisting turns the prospect into points at once (the noble's VP count in full) and sends the
servants spent home to the play area, so the bot enlists whenever a noble is worth more than
the room strength it gives up. The value is the seat's outlook less the best other seat's
(whose prospects are not counted: the same for every choice of the judged seat but costly).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.palais_royal.rooms import (
    BACKDOOR,
    BONUS_ROOMS,
    CARDINAL,
    GATE,
    KING,
    MINT,
    OFFICE,
    PARADE,
    POMPADOUR,
    STAIRS,
)
from regalia.games.palais_royal.scoring import edge_points, seat_score
from regalia.games.palais_royal.state import (
    BACKDOOR_STEP,
    P_PURPLE,
    P_TURQUOISE,
    PARADE_STEP,
    PRIVILEGE_INDEX,
)

if TYPE_CHECKING:
    from regalia.engine.state import State
    from regalia.games.palais_royal.edition import Noble
    from regalia.games.palais_royal.state import PalaisState

# What a servant on the Parade ground and on the Stairway is worth beyond its room's own use:
# without one there the seat's servants can no longer be brought in or moved, for the rest of
# the game. At 1.2 and 1.5 alone, a one-step look-ahead never emptied them, but the level
# search did: it saw a noble one or two decisions away that the last Stairway servant, moved
# to the Office, would pay for, took it, and then sat out the game with its servants stranded
# on the Gate (0 of 8 won against greedy at 80 iterations, 2 players; 4 of 8 with this).
STUCK = 5.0
# The Gate: 0.05 a servant once, 0.03 more than one left in the play area, so recruiting was
# a coin flip for the level search (the search's noise between "recruit" and "end the step"
# is larger than that): at 80 iterations it passed on 24 of the recruits greedy would have
# made in one 4-player game. 0.15 and 0.12 (still below every room's
# further servant, so nothing moves back onto the Gate).
FIRST = {PARADE: 1.2 + STUCK, STAIRS: 1.5 + STUCK, MINT: 0.6, KING: 0.5, POMPADOUR: 0.5,
         OFFICE: 1.2, BACKDOOR: 0.4, CARDINAL: 0.2, GATE: 0.15}
LASTING = {PARADE: STUCK, STAIRS: STUCK}  # the part of FIRST that does not fall with the park
ROOM = {PARADE: 0.25, STAIRS: 0.25, MINT: 0.3, KING: 0.25, POMPADOUR: 0.25, OFFICE: 0.3,
        BACKDOOR: 0.25, CARDINAL: 0.15, GATE: 0.12}
ROOM_USEFUL = 4
CROWDED = 0.03
# (room, lasting worth of its first servant, the rest of it, each further one up to ROOM_USEFUL)
ROOM_TABLE = tuple((r, LASTING.get(r, 0.0), FIRST[r] - LASTING.get(r, 0.0), ROOM[r])
                   for r in range(len(ROOM)))
AREA = 0.02
MAJORITY = 0.3
GOLD = 0.15
GOLD_USEFUL = 10
GOLD_HOARD = 0.02
SEAL = 0.1
# A complete price held for a noble is worth the noble. At 0.7 it was worth less than enlisting
# it brings, so spending a set at once on a lesser noble and building the next one looked like
# a gain: the level search enlisted whatever noble its set could pay for a turn early (1 gold
# short of a 19-VP noble it took a 14) and lost to greedy, more so with more iterations (0 of 4
# won at 2,000 iterations). At 1.0, 80 iterations won 60 of 96 games against three greedy bots
# (31% before), and greedy itself gained (docs/bots.md, "prospect").
PROSPECT = 1.0
# What enlisting spends beyond the servants and gold it sends home: a turn of the Office (the
# servant walks back through the Parade ground, the Gate and the Stairway before the next
# noble) and one of the park's nobles before the end. Without it a noble counted its full VP
# at once while the servants it used were worth 0.25-1.2 points, so every cheap noble within
# reach looked like a gain; the greedy bot mostly kept its Office servant for the dearer noble
# its prospect points at, but the level search (which can see the Office refilled a few
# decisions later, and the edge places a noble brings) took them: about 8 nobles a game of
# 4.3-4.5 VP on average against greedy's 5.7-5.8 of 8.3-8.5, 34-36 noble VP a game against
# 48, at 80 and at 300 iterations alike, and at 300 it won 1 game of 8 (docs/bots.md).
SLOT = 2.5
# A noble's privilege (its perk) works every turn for the rest of the game: a seal or a move
# every turn, like a servant that is never sent home. Its worth per perk, by privilege (the
# order of edition.PRIVILEGES; "servants" act at once and are counted as servants), at the
# start, falling with the park like SLOT. Without it a perk counted only during its holder's
# own turn (as this turn's seals), so a seat's value jumped at the start of each of its turns.
PERK = 2.0
PERK_SHARE = (0.0, 1.0, 0.4, 1.0, 0.6, 1.0, 1.0, 0.5, 0.4)
# The engine (rooms, play area, gold, majorities, this turn's seals) earns the nobles still to
# come, so its worth falls with the park: ENGINE_FLOOR of it at the end, all of it at the
# start (issue 36). Before, it kept its whole worth to the end, and so did a noble's privilege
# in the prospect (a flat 2 points, where the perk it brings is worth PERK times the park's
# life): late in the game the park held only privilege nobles of 1-2 VP, and enlisting one
# looked like a loss (its 1 VP against the Office servant and seals it spends, and the prospect
# of the set it breaks), so nobody did. 100 games of two greedy bots ended by the rules' last
# round in 19 games and by stall_rounds in 81; in a sample of six, every seat at the stall
# could pay for every noble left and declined all of the 40 it was offered. With the engine
# falling with the park and the prospect counting what enlisting brings, 20 games of 20 ended
# by the last round (each change alone: 17 and 10 of 20); the figures are in
# docs/games/palais-royal.md ("Calibration").
ENGINE_FLOOR = 0.2
# The steps of its turn still to come are worth a little to the seat on turn: they can only
# add. Without it "done" and "end" (rules version 3: the turn ends at once) looked the same
# to a one-step look-ahead, which then ended half its turns before recruiting, moving or
# taking the Mint's gold (a 3-player game of greedy bots took 59 rounds). Small enough to
# decide only between choices the rest of the evaluation cannot tell apart.
TURN_LEFT = 0.001


def outlook(s: PalaisState, p: int, edges: list[int], holders: list[int],
            life: float) -> float:
    """``life``: :func:`park_life` of ``s`` (``SLOT`` and ``PERK`` fall with it)."""
    value = float(seat_score(s, p, edges)) - SLOT * life * len(s.nobles[p])
    perks = s.perks[p]
    if life and any(perks):
        value += life * PERK * sum(w * k for w, k in zip(PERK_SHARE, perks, strict=True))
    rooms = s.servants[p]
    engine = 0.0
    for room, lasting, first, further in ROOM_TABLE:
        n = rooms[room]
        if n:
            value += lasting
            engine += first + further * (min(n, ROOM_USEFUL) - 1)
            if n > ROOM_USEFUL:
                engine += CROWDED * (n - ROOM_USEFUL)
    gold = s.gold[p]
    engine += AREA * s.area[p] + GOLD * min(gold, GOLD_USEFUL)
    engine += GOLD_HOARD * max(0, gold - GOLD_USEFUL)
    engine += MAJORITY * holders.count(p)
    if p == s.cur:
        # this turn's seals beyond the perks' (which every turn brings, counted above)
        engine += SEAL * (max(0, s.t_turquoise - perks[P_TURQUOISE])
                          + max(0, s.t_purple - perks[P_PURPLE]) + s.t_office)
        if PARADE_STEP <= s.phase <= BACKDOOR_STEP:  # (steps 1-5, the edge servant's too)
            value += TURN_LEFT * (BACKDOOR_STEP + 1 - s.phase)
    return value + (ENGINE_FLOOR + (1.0 - ENGINE_FLOOR) * life) * engine


def park_nobles(s: PalaisState) -> list[tuple[float, Noble, int]]:
    """The park's nobles as (worth, noble, gold price now), the worthiest first: the same for
    every seat, and for every position with this park (a price falls with the empty spaces
    around a noble), so one game's few parks are worked out once."""
    key = (id(s.d), id(s.price_cutters), *s.park)
    entry = _PARKS.get(key)
    if entry is None:
        nobles = s.d.nobles
        life = park_life(s)  # (a function of the park: the key holds it)
        out = []
        for space, tile in enumerate(s.park):
            if tile >= 0:
                nb = nobles[tile]
                # What enlisting it adds to the outlook (the rooms it spends aside).
                worth = nb.vp - SLOT * life
                if nb.privilege is not None:
                    worth += life * PERK * PERK_SHARE[PRIVILEGE_INDEX[nb.privilege]] \
                        * max(1, nb.amount)
                out.append((worth, nb, s.gold_cost(space) if nb.gold else 0))
        out.sort(key=lambda candidate: -candidate[0])
        if len(_PARKS) > 4096:
            _PARKS.clear()
        entry = _PARKS[key] = (s.d, s.price_cutters, out)
    return entry[2]


# (edition data, price rule, park) -> the park's nobles, worthiest first; the edition data and
# the rule's neighbour table are kept in the value so that their ids, part of the key, cannot
# be reused while the entry lives.
_PARKS: dict[tuple[int, ...], tuple[object, object, list[tuple[float, Noble, int]]]] = {}


def prospect(s: PalaisState, p: int,
             candidates: list[tuple[float, Noble, int]] | None = None) -> float:
    """The best noble's worth times the share of its price that ``p`` already holds."""
    rooms = s.servants[p]
    if p == s.cur:
        turquoise = rooms[KING] + s.t_turquoise
        purple = rooms[POMPADOUR] + s.t_purple
        office = min(1, rooms[OFFICE] + s.t_office)
    else:  # (its perks' seals come with its next turn)
        perks = s.perks[p]
        turquoise = rooms[KING] + perks[P_TURQUOISE]
        purple = rooms[POMPADOUR] + perks[P_PURPLE]
        office = min(1, rooms[OFFICE])
    gold = s.gold[p]
    best = 0.0
    for worth, nb, cost in park_nobles(s) if candidates is None else candidates:
        if worth <= best:
            break  # (the worthiest first: a noble is worth at most its worth)
        held = float(office)
        parts = 1
        if nb.turquoise:
            held += min(1.0, turquoise / nb.turquoise)
            parts += 1
        if nb.purple:
            held += min(1.0, purple / nb.purple)
            parts += 1
        if cost:
            held += min(1.0, gold / cost)
            parts += 1
        value = worth * held / parts
        if value > best:
            best = value
    return best


def majority_holders(s: PalaisState) -> list[int]:
    """The sole-majority holder of each bonus room (-1: nobody); the rules' Cardinal
    tie-break is asked only when the most servants are tied."""
    out = []
    servants = s.servants
    for room in BONUS_ROOMS:
        counts = [rooms[room] for rooms in servants]
        top = max(counts)
        if not top:
            out.append(-1)
        elif counts.count(top) == 1:
            out.append(counts.index(top))
        else:
            out.append(s.majority_holder(room))
    return out


# (edition data, players, markers) -> edge points; the edition data is kept in the value so
# that its id, part of the key, cannot be reused while the entry lives.
_EDGES: dict[tuple[int, ...], tuple[object, list[int]]] = {}


def _edge_points(s: PalaisState) -> list[int]:
    # Edge places change only when a noble leaves an edge; without the Cardinal tie-break
    # they depend on the markers alone, so one game's few marker layouts are worked out once.
    if s.options["edge_ties"] == "cardinal":
        return edge_points(s)
    key = (id(s.d), s.players, *s.marker)
    entry = _EDGES.get(key)
    if entry is None:
        if len(_EDGES) > 4096:
            _EDGES.clear()
        entry = _EDGES[key] = (s.d, edge_points(s))
    return entry[1]


def park_life(s: PalaisState) -> float:
    """How much of the game the park has left: 1 at the start, falling with the nobles left
    to 0 at the end. A noble held costs ``SLOT`` times it against its VP (the Office's turns
    are worth nothing more at the end, where a noble's VP are all that counts; every seat's
    nobles pay it, so it moves the margins only through the seats' noble counts), and a perk
    is worth ``PERK`` times it (its turns still to come)."""
    park = s.park
    span = len(park) - s.d.end_nobles
    if span <= 0:
        return 0.0
    left = len(park) - park.count(-1)
    return min(1.0, max(0.0, (left - s.d.end_nobles) / span))


def evaluate(state: State, seat: int) -> float:
    s: PalaisState = state  # type: ignore[assignment]
    edges = _edge_points(s)
    holders = majority_holders(s)
    life = park_life(s)
    mine = outlook(s, seat, edges, holders, life) + PROSPECT * prospect(s, seat)
    others = [outlook(s, p, edges, holders, life) for p in range(s.players) if p != seat]
    return mine - max(others) if others else mine


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once (the search's leaves); each seat's prospect
    counts towards its own value only, as in :func:`evaluate`."""
    s: PalaisState = state  # type: ignore[assignment]
    edges = _edge_points(s)
    holders = majority_holders(s)
    life = park_life(s)
    base = [outlook(s, p, edges, holders, life) for p in range(s.players)]
    candidates = park_nobles(s)
    out = []
    for p, value in enumerate(base):
        others = [v for q, v in enumerate(base) if q != p]
        mine = value + PROSPECT * prospect(s, p, candidates)
        out.append(mine - max(others) if others else mine)
    return out
