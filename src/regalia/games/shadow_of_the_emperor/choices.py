"""What a seat may choose now: the legal actions of the task on top of the stack.

``options(state, task)`` is the single place that knows them; an empty answer means the task
offers no choice (a son with no room anywhere) and the flow's ``no_choice`` settles it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.games.shadow_of_the_emperor import actions as A
from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    BRANDENBURG,
    K_DAUGHTER,
    K_DOCTOR,
    K_EMINENCE,
    K_KNIGHT,
    K_MOVE,
    K_ORDINANCE,
    K_PERMIT,
    K_PROMOTION,
    K_RIVAL,
    KNIGHTS,
    KOELN,
    N_ELECTORATES,
    N_KINDS,
    PALATINATE,
    PHASE_IV_KINDS,
    SECULAR,
    TILES,
    TRIER,
)
from regalia.games.shadow_of_the_emperor.places import (
    ARISTOCRAT,
    ELECTOR,
    EMINENCE,
    SUPPLY,
    THRONE,
    TRANSIT,
)

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState


def options(s: ShadowState, task: tuple[Any, ...]) -> tuple[Action, ...]:
    return tuple(_OPTIONS[task[0]](s, task))


# ---------------------------------------------------------------------------- placements
def placements(s: ShadowState, exclude: int = -1, only: int = -1) -> list[Action]:
    """Where an aristocrat may go: a free aristocrat space of an electorate, or, only where
    none is free, the space of any seat's knight pushed off."""
    out: list[Action] = []
    knight = s.knight
    in_play, used, cap_a, ka = s.in_play, s.arist_used, s.cap_a, s.knight_arist
    for e in s.play_list if only < 0 else (only,):
        if e == exclude or not in_play[e]:
            continue
        if used[e] < cap_a[e]:
            out.append(A.TO[e])
            continue
        if not ka[e]:
            continue
        spot = 2 * e
        for seat in range(s.players):
            base = seat * KNIGHTS
            if spot in knight[base:base + KNIGHTS]:
                out.append(A.TO_BUMP[e][seat])
    return out


def can_place(s: ShadowState, exclude: int = -1) -> bool:
    placeable = space(s)[1]
    return bool(placeable & ~(1 << exclude) if exclude >= 0 else placeable)


def _distinct_tiles(s: ShadowState, tiles: Any) -> list[int]:
    """One tile of each kind (owner, place, age, side): equal tiles are one choice."""
    seen: set[tuple[int, int, int, int]] = set()
    out = []
    for t in tiles:
        key = (t // TILES, s.where[t], s.age[t], s.couple[t])
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def doctor_targets(s: ShadowState, seat: int) -> list[Action]:
    """Own aristocrat one stage younger (not below 15), or another's one stage older."""
    where, age = s.where, s.age
    out: list[Action] = []
    for t in _distinct_tiles(s, (t for t in range(len(where)) if where[t] >= 0)):
        if t // TILES == seat:
            if age[t] > 0:
                out.append(A.YOUNGER[t])
        else:
            out.append(A.OLDER[t])
    return out


def move_sources(s: ShadowState, seat: int) -> list[Action]:
    where = s.where
    tiles = [t for t in s.tiles_of(seat) if ARISTOCRAT <= where[t] < ARISTOCRAT + 10
             and can_place(s, exclude=where[t] - ARISTOCRAT)]
    return [A.MOVE[t] for t in _distinct_tiles(s, tiles)]


def city_targets(s: ShadowState, seat: int) -> list[Action]:
    if s.city_supply(seat) <= 0:
        return []
    return [A.CITY[e] for e in range(N_ELECTORATES) if s.in_play[e] and s.free_city(e) > 0]


def promote_targets(s: ShadowState, seat: int) -> list[Action]:
    if s.supply_tile(seat) < 0:
        return []
    mine = s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS]
    return [A.PROMOTE[e] for e in range(N_ELECTORATES) if 2 * e in mine]


def flip_targets(s: ShadowState, seat: int) -> list[Action]:
    """Own single Barons on the board, archdiocese electors excepted."""
    where, couple = s.where, s.couple
    tiles = [t for t in s.tiles_of(seat) if where[t] >= 0 and not couple[t]
             and not (ELECTOR <= where[t] < ELECTOR + 10 and where[t] - ELECTOR in ARCHDIOCESES)
             and where[t] < 30]
    return [A.FLIP[t] for t in _distinct_tiles(s, tiles)]


def doable(s: ShadowState, seat: int, kind: int) -> bool:
    """Whether the action of a phase-IV card can be carried out now (3-4 players may buy
    only such cards)."""
    if kind == K_DOCTOR:
        return bool(doctor_targets(s, seat))
    if kind == K_MOVE:
        return bool(move_sources(s, seat))
    if kind == K_PERMIT:
        return s.supply_tile(seat) >= 0 and can_place(s)
    if kind == K_ORDINANCE:
        return bool(city_targets(s, seat))
    if kind == K_PROMOTION:
        return bool(promote_targets(s, seat))
    if kind == K_DAUGHTER:
        return bool(flip_targets(s, seat))
    return True


# ---------------------------------------------------------------------------- phase IV
# What a card kind needs besides its cost and a card in its stack (see ``Shop``).
NEED_NOTHING, NEED_NOT_EMPEROR, NEED_BRANDENBURG, NEED_DOCTOR, NEED_MOVE, NEED_CITY, \
    NEED_PROMOTE, NEED_FLIP, NEED_PLACE = range(9)
_NEEDS = {K_RIVAL: NEED_NOT_EMPEROR, K_EMINENCE: NEED_BRANDENBURG, K_DOCTOR: NEED_DOCTOR,
          K_MOVE: NEED_MOVE, K_ORDINANCE: NEED_CITY, K_PROMOTION: NEED_PROMOTE,
          K_DAUGHTER: NEED_FLIP, K_PERMIT: NEED_PLACE}


class Shop:
    """Phase IV's offers as the edition prices them, built once per game: the buy actions in
    the order offered, with kind, cost and need; Trier's (the sold-out phase-IV kinds); the
    two costs the turn reads besides."""

    __slots__ = ("buys", "knight_cost", "ordinance_cost", "trier")

    def __init__(self, cards: tuple[Any, ...]) -> None:
        buys: list[tuple[int, int, Action, int]] = []
        for k in range(N_KINDS):
            if k == K_KNIGHT:
                continue
            need = _NEEDS.get(k, NEED_NOTHING)
            if k == K_PERMIT:
                buys.append((k, cards[k].cost, A.PERMIT[0], need))
                buys.append((k, cards[k].cost_couple, A.PERMIT[1], need))
            else:
                action = A.BUY[k]
                assert action is not None
                buys.append((k, cards[k].cost, action, need))
        self.buys = tuple(buys)
        trier: list[tuple[int, int, Action, int]] = []
        for k in PHASE_IV_KINDS:
            need = _NEEDS.get(k, NEED_NOTHING)
            if k == K_PERMIT:
                trier.append((k, cards[k].cost, A.TRIER_PERMIT[0], need))
                trier.append((k, cards[k].cost_couple, A.TRIER_PERMIT[1], need))
            else:
                trier.append((k, cards[k].cost, A.TRIER[k], need))
        self.trier = tuple(trier)
        self.knight_cost: int = cards[K_KNIGHT].cost
        self.ordinance_cost: int = cards[K_ORDINANCE].cost


def turn_options(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """Phase IV: buy a card (one that can be carried out, except at 2 players), an elector's
    privilege, the knight action, or pass.

    Asked on every turn, so the facts about the pieces are read in one pass over the seat's
    seven tiles and three knights, cheapest tests first (``invariants.plain_turn_options``
    reads the same rules plainly, and the conformance suite holds the two equal)."""
    seat = task[1]
    money = s.thalers[seat]
    shop = s.shop
    where = s.where
    lo = seat * TILES
    hi = lo + TILES
    mine = where[lo:hi]
    supply = SUPPLY in mine
    placeable = (s._space or space(s))[1]
    # A Doctor needs a tile on the board younger than 45 of the seat's own, or any tile of
    # another seat's: those are nearly always there, so the own ages are rarely read.
    doctor = s.tiles_on_board > TILES - mine.count(SUPPLY) - mine.count(TRANSIT) or \
        any(s.age[t] for t in range(lo, hi) if where[t] >= 0)
    # Which electorates hold the seat's aristocrats (for Move), and whether a single Baron
    # could marry (throne, a secular elector, an aristocrat space: Daughter).
    couple = s.couple
    own_arist = 0
    flip = False
    for t in range(lo, hi):
        loc = where[t]
        if loc >= ARISTOCRAT:
            if loc < EMINENCE:
                own_arist |= 1 << (loc - ARISTOCRAT)
                if not couple[t]:
                    flip = True
        elif loc >= 0 and not couple[t] and (loc == THRONE or
                                             loc >= ELECTOR + len(ARCHDIOCESES)):
            flip = True
    # Move needs an own aristocrat and another electorate with room: with two or more
    # placeable electorates any will do; with one, the aristocrat must stand elsewhere.
    movable = bool(own_arist and placeable
                   and (placeable & (placeable - 1) or own_arist & ~placeable))
    knights = s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS]
    promote = False
    if supply:
        for spot in knights:
            if spot >= 0 and not spot & 1:
                promote = True
                break
    place = supply and placeable != 0
    used = s.used
    electors = s.elector
    brandenburg = supply and not used >> BRANDENBURG & 1 and lo <= electors[BRANDENBURG] < hi
    # Counting the cities is wasted on a seat that cannot pay for an Ordinance anyway: then
    # neither the stack nor Trier's privilege offers it, whatever ``city`` says.
    city = shop.ordinance_cost <= money and s.city_supply(seat) > 0 and s.any_free_city()
    does = (True, seat != s.emperor, brandenburg, doctor, movable, city, promote, flip, place)
    # 2 players may buy a phase-IV card they cannot carry out (but not Trier's).
    ok = (True, seat != s.emperor, brandenburg, True, True, True, True, True, True) \
        if s.players == 2 else does
    stacks = s.stacks
    out = [action for k, cost, action, need in shop.buys
           if cost <= money and stacks[k] and ok[need]]
    if not used >> TRIER & 1 and lo <= electors[TRIER] < hi:
        out += [action for k, cost, action, need in shop.trier
                if cost <= money and not stacks[k] and does[need]]
    if doctor and not used >> KOELN & 1 and lo <= electors[KOELN] < hi:
        out.append(A.KOELN)
    if place and not used >> PALATINATE & 1 and lo <= electors[PALATINATE] < hi:
        out.append(A.PALATINATE)
    if money >= shop.knight_cost:
        out += knight_sources(s, seat)
    out.append(A.PASS)
    return out


def space(s: ShadowState) -> tuple[tuple[int, ...], int]:
    """The free aristocrat and castle spots, and the mask of electorates where an
    aristocrat could be placed (a free space or a knight to push); kept on the state until
    a tile or knight moves."""
    cached = s._space
    if cached is not None:
        return cached
    spots = []
    placeable = 0
    cap_a, cap_c = s.cap_a, s.cap_c
    used_a, used_c = s.arist_used, s.castle_used
    ka = s.knight_arist
    for e in s.play_list:
        if used_a[e] < cap_a[e]:
            spots.append(2 * e)
            placeable |= 1 << e
        elif ka[e]:
            placeable |= 1 << e
        if used_c[e] < cap_c[e]:
            spots.append(2 * e + 1)
    cached = s._space = (tuple(spots), placeable)
    return cached


def free_spots(s: ShadowState) -> tuple[int, ...]:
    return space(s)[0]


def knight_options(s: ShadowState) -> list[Action]:
    """Setup: a knight from supply onto any free aristocrat or castle space."""
    return [A.KNIGHT[sp] for sp in free_spots(s)]


def knight_sources(s: ShadowState, seat: int) -> list[Action]:
    """Phase IV's knight action, first decision: a knight from supply, or one of the seat's
    knights on the board, each only if a free space is left for it."""
    mine = s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS]
    spots = free_spots(s)
    if not spots:
        return []
    out: list[Action] = []
    if -1 in mine:
        out.append(A.KNIGHT_NEW)
    done = 0
    for src in mine:
        if src < 0 or done >> src & 1:
            continue
        done |= 1 << src
        if len(spots) > 1 or spots[0] != src:
            out.append(A.KNIGHT_FROM[src])
    return out


def _knight_to(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """The knight action's second decision: any free aristocrat or castle space (another
    one than the knight's own)."""
    src = task[2]
    return [A.KNIGHT[sp] for sp in free_spots(s) if sp != src]


# ---------------------------------------------------------------------------- the others
def _decline(task: tuple[Any, ...], out: list[Action]) -> list[Action]:
    """At 2 players a card bought may be left unused (the task's last field says so)."""
    if task[-1]:
        out.append(A.DECLINE)
    return out


def _place(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    _, seat, tile, _age, _couple, exclude, only, _reason, _opt = task
    if tile < 0 and s.supply_tile(seat) < 0:
        return _decline(task, [])
    return _decline(task, placements(s, exclude, only))


def _setup_elector(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return [A.ELECTOR[e] for e in range(N_ELECTORATES) if s.in_play[e] and s.elector[e] < 0]


def _empire_setup(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return [A.EMPIRE[e] for e in range(N_ELECTORATES) if s.in_play[e] and s.free_city(e) > 0]


def _empire_city(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """Phase VII: place one from supply (rounds 1-2), or else move one on the board."""
    _, _seat, mode = task
    free = [e for e in range(N_ELECTORATES) if s.in_play[e] and s.free_city(e) > 0]
    out: list[Action] = []
    if mode == 0 and s.empire_supply() > 0:
        out.extend(A.EMPIRE[e] for e in free)
    for a in range(N_ELECTORATES):
        if s.city[a][4]:
            for b in free:
                if b != a:
                    action = A.EMPIRE_MOVE[a][b]
                    assert action is not None
                    out.append(action)
    if out and s.options["empire_city"] == "optional":
        out.append(A.PASS)
    return out


def _setup_knight(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return knight_options(s)


def _throne(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    where = s.where
    tiles = [t for t in s.tiles_of(task[1]) if ARISTOCRAT <= where[t] < ARISTOCRAT + 10]
    return [A.THRONE[t] for t in _distinct_tiles(s, tiles)]


def _daughter(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """Another seat's single Baron on the board (throne, a secular elector, an aristocrat
    space; an archdiocese elector may not marry), or the convent."""
    seat = task[1]
    where, couple = s.where, s.couple
    tiles = []
    for t in range(len(where)):
        loc = where[t]
        if t // TILES == seat or couple[t] or loc < 0 or loc >= 30:
            continue
        if loc == THRONE or loc >= ARISTOCRAT or loc - ELECTOR in SECULAR:
            tiles.append(t)
    out = [A.PROPOSE[t] for t in _distinct_tiles(s, tiles)]
    out.append(A.CONVENT)
    return out


def _answer(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return [A.ACCEPT, A.REFUSE]


def _eminence(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    if s.supply_tile(task[1]) < 0:
        return []
    out = [A.EMINENCE[e] for e in range(N_ELECTORATES) if s.in_play[e]]
    out.append(A.PASS)
    return out


def _award(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return [A.AWARD[p] for p in range(s.players) if task[3] >> p & 1]


def _seat(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return [A.SEAT[t] for t in electable(s, task[1], task[2])]


def electable(s: ShadowState, seat: int, e: int) -> list[int]:
    """The seat's aristocrats in ``e`` that may become its elector (singles only in an
    archdiocese; a Gray eminence never)."""
    where, couple = s.where, s.couple
    spiritual = e in ARCHDIOCESES
    tiles = [t for t in s.tiles_of(seat) if where[t] == ARISTOCRAT + e
             and not (spiritual and couple[t])]
    return _distinct_tiles(s, tiles)


def _church(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """An archdiocese, or none: the seed's holder "may choose" (可选择) one, and every
    choice may favour another family."""
    return [*(A.CHURCH[e] for e in ARCHDIOCESES if s.in_play[e]), A.PASS]


def _excomm(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    """A secular electorate, or none (the seed's "may choose", as Church influence)."""
    return [*(A.EXCOMMUNICATE[e] for e in SECULAR if s.in_play[e]), A.PASS]


def _vote(s: ShadowState, task: tuple[Any, ...]) -> list[Action]:
    return list(A.VOTE)


_OPTIONS = {
    "turn": turn_options,
    "place": _place,
    "setup_elector": _setup_elector,
    "empire_setup": _empire_setup,
    "empire_city": _empire_city,
    "setup_knight": _setup_knight,
    "knight_to": _knight_to,
    "throne": _throne,
    "daughter": _daughter,
    "answer": _answer,
    "doctor": lambda s, t: _decline(t, doctor_targets(s, t[1])),
    "move_from": lambda s, t: _decline(t, move_sources(s, t[1])),
    "city": lambda s, t: _decline(t, city_targets(s, t[1])),
    "promote": lambda s, t: _decline(t, promote_targets(s, t[1])),
    "flip": lambda s, t: _decline(t, flip_targets(s, t[1])),
    "eminence": _eminence,
    "award": _award,
    "seat": _seat,
    "church": _church,
    "excomm": _excomm,
    "vote": _vote,
}
