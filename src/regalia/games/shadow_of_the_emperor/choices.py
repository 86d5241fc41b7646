"""What a seat may choose now: the legal actions of the task on top of the stack.

``options(state, task)`` is the single place that knows them; an empty answer means the task
offers no choice (a son with no room anywhere) and the flow's ``no_choice`` settles it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

from regalia.engine.actions import Action
from regalia.games.shadow_of_the_emperor import actions as A
from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    BLUE,
    BRANDENBURG,
    CITIES,
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
    RED,
    SECULAR,
    TILES,
    TRIER,
)
from regalia.games.shadow_of_the_emperor.places import (
    ARISTOCRAT,
    ELECTOR,
    SUPPLY,
    THRONE,
    TRANSIT,
)

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState


def options(s: ShadowState, task: tuple[Any, ...]) -> tuple[Action, ...]:
    return tuple(OPTIONS[task[0]](s, task))


# ---------------------------------------------------------------------------- placements
def placements(s: ShadowState, exclude: int = -1, only: int = -1) -> list[Action]:
    """Where an aristocrat may go: a free aristocrat space of an electorate, or, only where
    none is free, the space of any seat's knight pushed off."""
    out: list[Action] = []
    used, cap_a, ka = s.arist_used, s.cap_a, s.knight_arist
    for e in s.play_list if only < 0 else (only,) if s.in_play[only] else ():
        if e == exclude:
            continue
        if used[e] < cap_a[e]:
            out.append(A.TO[e])
        elif ka[e]:
            spot = 2 * e
            knight = s.knight
            bump = A.TO_BUMP[e]
            for seat in range(s.players):
                base = seat * KNIGHTS  # (a seat's three knights, read without a slice)
                if spot == knight[base] or spot == knight[base + 1] or spot == knight[base + 2]:
                    out.append(bump[seat])
    return out


def can_place(s: ShadowState, exclude: int = -1) -> bool:
    placeable = space(s)[1]
    return bool(placeable & ~(1 << exclude) if exclude >= 0 else placeable)


def _distinct_tiles(s: ShadowState, tiles: Iterable[int]) -> list[int]:
    """One tile of each kind (owner, place, age, side): equal tiles are one choice."""
    where, age, couple = s.where, s.age, s.couple
    seen: set[int] = set()
    out = []
    for t in tiles:
        # The kind as one int (no tuple to build and hash): place + 2 < 64, age < 4.
        key = (t // TILES << 9) | (where[t] + 2) << 3 | age[t] << 1 | couple[t]
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
# What a card kind needs besides its cost and a card in its stack.
NEED_NOTHING: Final = 0
NEED_NOT_EMPEROR: Final = 1
NEED_BRANDENBURG: Final = 2
NEED_DOCTOR: Final = 3
NEED_MOVE: Final = 4
NEED_CITY: Final = 5
NEED_PROMOTE: Final = 6
NEED_FLIP: Final = 7
NEED_PLACE: Final = 8
_NEEDS: Final[dict[int, int]] = {
    K_RIVAL: NEED_NOT_EMPEROR, K_EMINENCE: NEED_BRANDENBURG, K_DOCTOR: NEED_DOCTOR,
    K_MOVE: NEED_MOVE, K_ORDINANCE: NEED_CITY, K_PROMOTION: NEED_PROMOTE, K_DAUGHTER: NEED_FLIP,
    K_PERMIT: NEED_PLACE}

# The buy actions in the order offered: (kind, size), a Permit for a Baron then a Couple.
BUYS: Final[tuple[tuple[int, int], ...]] = tuple((k, size) for k in range(N_KINDS) if k != K_KNIGHT
                                                  for size in ((0, 1) if k == K_PERMIT else (0,)))
# Bit i of an offer mask stands for BUYS[i]; a kind's bits (both Permits for the Permit).
_BITS: Final[list[int]] = [sum(1 << i for i, (kind, _) in enumerate(BUYS) if kind == k)
                           for k in range(N_KINDS)]
B_RIVAL: Final = _BITS[K_RIVAL]
B_EMINENCE: Final = _BITS[K_EMINENCE]
B_DOCTOR: Final = _BITS[K_DOCTOR]
B_MOVE: Final = _BITS[K_MOVE]
B_ORDINANCE: Final = _BITS[K_ORDINANCE]
B_PROMOTION: Final = _BITS[K_PROMOTION]
B_DAUGHTER: Final = _BITS[K_DAUGHTER]
B_PERMIT: Final = _BITS[K_PERMIT]


class Shop:
    """The action cards as an edition prices and colours them, shared by its games.

    A turn's buy actions are found from a mask of the offers ruled out (too dear, sold out,
    not doable) in two small tables of action tuples, one per half of the mask, instead of
    filtering the thirteen offers again."""

    __slots__ = ("_sold_out", "blue", "high", "knight_cost", "low", "ordinance_cost", "red",
                 "too_dear", "trier")

    def __init__(self, cards: tuple[Any, ...], thaler_cap: int) -> None:
        actions: list[Action] = []
        costs: list[int] = []
        for k, size in BUYS:
            action = A.PERMIT[size] if k == K_PERMIT else A.BUY[k]
            assert action is not None
            actions.append(action)
            costs.append(cards[k].cost_couple if size else cards[k].cost)
        self.low = tuple(tuple(a for i, a in enumerate(actions[:_HALF]) if not m >> i & 1)
                         for m in range(1 << _HALF))
        self.high = tuple(tuple(a for i, a in enumerate(actions[_HALF:]) if not m >> i & 1)
                          for m in range(1 << (len(BUYS) - _HALF)))
        # Per thalers held (0 to the track's end): the offers that cost more.
        self.too_dear = tuple(sum(1 << i for i, cost in enumerate(costs) if cost > money)
                              for money in range(thaler_cap + 1))
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
        # The colours a family's children are told by (phase III): blue and red kinds.
        self.blue = tuple(k for k, kind in enumerate(cards) if kind.colour == BLUE)
        self.red = tuple(k for k, kind in enumerate(cards) if kind.colour == RED)
        self._sold_out: dict[tuple[int, ...], int] = {}

    def sold_out(self, stacks: list[int]) -> int:
        """The offers whose stack is empty, kept per set of stacks seen (a few hundred in
        practice; emptied, should a long run see very many)."""
        key = tuple(stacks)
        mask = self._sold_out.get(key)
        if mask is None:
            if len(self._sold_out) >= 1 << 14:
                self._sold_out.clear()
            mask = self._sold_out[key] = sum(_BITS[k] for k, n in enumerate(key) if not n)
        return mask

    def offers(self, blocked: int) -> list[Action]:
        """The buy actions not ruled out by ``blocked``, in the order offered (a new list)."""
        return [*self.low[blocked & _LOW], *self.high[blocked >> _HALF]]


_HALF: Final = 7  # BUYS[:7] in the low table, the other 6 in the high one
_LOW: Final = (1 << _HALF) - 1
_SHOPS: Final[dict[tuple[int, int], tuple[tuple[Any, ...], Shop]]] = {}


def shop_of(cards: tuple[Any, ...], thaler_cap: int) -> Shop:
    """The Shop of an edition's cards, built once (found by identity: hashing the cards
    would cost more than a game's setup)."""
    key = (id(cards), thaler_cap)
    known = _SHOPS.get(key)
    if known is None or known[0] is not cards:
        known = _SHOPS[key] = (cards, Shop(cards, thaler_cap))
    return known[1]


_ARISTOCRAT_LOCS: Final = frozenset(range(ARISTOCRAT, ARISTOCRAT + N_ELECTORATES))
# Where a single Baron may marry: the throne, a secular elector's space, an aristocrat space.
_MARRIAGE_LOCS: Final = frozenset((THRONE, *(ELECTOR + e for e in SECULAR), *_ARISTOCRAT_LOCS))


def _movable(mine: list[int], placeable: int) -> bool:
    """Move needs an own aristocrat and another electorate with room: with two or more
    placeable electorates any will do; with one, the aristocrat must stand elsewhere."""
    if not placeable:
        return False
    own = _ARISTOCRAT_LOCS.intersection(mine)  # (set operations: no Python loop)
    return bool(own) and bool(placeable & (placeable - 1) or len(own) > 1
                              or ARISTOCRAT + placeable.bit_length() - 1 not in own)


def _can_flip(s: ShadowState, lo: int) -> bool:
    """A single Baron of the seat that may marry: on the throne, a secular elector's space or
    an aristocrat space."""
    where, couple = s.where, s.couple
    for t in range(lo, lo + TILES):
        if not couple[t]:
            loc = where[t]
            if 0 <= loc < ARISTOCRAT + N_ELECTORATES and (
                    loc >= ARISTOCRAT or loc == THRONE or loc >= ELECTOR + len(ARCHDIOCESES)):
                return True
    return False


def _can_promote(s: ShadowState, seat: int) -> bool:
    """A knight of the seat on an aristocrat space (a tile in supply is asked apart)."""
    return any(spot >= 0 and not spot & 1
               for spot in s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS])


def _own_young(s: ShadowState, lo: int) -> bool:
    """A tile of the seat's on the board younger than 45 (a Doctor could make it younger)."""
    where, age = s.where, s.age
    return any(age[t] and where[t] >= 0 for t in range(lo, lo + TILES))


def _can_found(s: ShadowState, seat: int) -> bool:
    """A city of the seat's three left, and a free city space in play (as ``city_targets``,
    without its list: the first electorate with room ends the search)."""
    city = s.city
    placed = 0
    for row in city:  # a row: the cities of seats 0-3, then the empire's
        placed += row[seat]
    if placed >= CITIES:
        return False
    cap_city = s.cap_city
    for e in s.play_list:
        row = city[e]
        if row[0] + row[1] + row[2] + row[3] + row[4] < cap_city[e]:
            return True
    return False


def turn_options(s: ShadowState, task: tuple[Any, ...]) -> tuple[Action, ...]:
    """Phase IV: buy a card (one that can be carried out, except at 2 players), an elector's
    privilege, the knight action, or pass.

    Asked on every turn, so it is written for speed (``invariants.plain_turn_options`` reads
    the same rules plainly, and the conformance suite holds the two equal): the buy actions
    come from the Shop by a mask of those ruled out, and a fact about the pieces is read
    only when an offer still waits on it, cheapest tests first."""
    seat: int = task[1]
    money = s.thalers[seat]
    shop = s.shop
    stacks = s.stacks
    blocked = shop.too_dear[money]
    if 0 in stacks:
        blocked |= shop.sold_out(stacks)
    lo = seat * TILES
    hi = lo + TILES
    mine = s.where[lo:hi]
    supply = SUPPLY in mine
    placeable = (s._space or space(s))[1]
    place = supply and placeable != 0
    # A Doctor needs a tile on the board of another seat's (the Emperor's on the throne,
    # mostly), or one of the seat's own younger than 45.
    throne = s.throne
    doctor = (throne >= 0 and not lo <= throne < hi) or \
        s.tiles_on_board > TILES - mine.count(SUPPLY) - mine.count(TRANSIT) or \
        _own_young(s, lo)
    used = s.used
    electors = s.elector
    if seat == s.emperor:
        blocked |= B_RIVAL
    if not blocked & B_EMINENCE and not (
            lo <= electors[BRANDENBURG] < hi and not used >> BRANDENBURG & 1 and supply):
        blocked |= B_EMINENCE
    if s.players != 2:  # 2 players may buy a phase-IV card they cannot carry out
        if not doctor:
            blocked |= B_DOCTOR
        if not place:
            blocked |= B_PERMIT
        if not blocked & B_MOVE and not _movable(mine, placeable):
            blocked |= B_MOVE
        if not blocked & B_ORDINANCE and not _can_found(s, seat):
            blocked |= B_ORDINANCE
        if not blocked & B_PROMOTION and not (supply and _can_promote(s, seat)):
            blocked |= B_PROMOTION
        if not blocked & B_DAUGHTER and not _can_flip(s, lo):
            blocked |= B_DAUGHTER
    out = [*shop.low[blocked & _LOW], *shop.high[blocked >> _HALF]]
    if lo <= electors[TRIER] < hi and not used >> TRIER & 1:
        # Trier's privilege: a sold-out phase-IV card, only one that can be carried out.
        does = (True, True, True, doctor, _movable(mine, placeable),
                shop.ordinance_cost <= money and _can_found(s, seat),
                supply and _can_promote(s, seat), _can_flip(s, lo), place)
        out += [action for k, cost, action, need in shop.trier
                if cost <= money and not stacks[k] and does[need]]
    if doctor and lo <= electors[KOELN] < hi and not used >> KOELN & 1:
        out.append(A.KOELN)
    if place and lo <= electors[PALATINATE] < hi and not used >> PALATINATE & 1:
        out.append(A.PALATINATE)
    if money >= shop.knight_cost:
        # The knight action (as ``knight_sources``, written out for the three knights): one
        # from supply, or each own knight on the board that has a free spot to go to.
        spots = (s._space or space(s))[0]
        if spots:
            k = seat * KNIGHTS
            a, b, c = s.knight[k:k + KNIGHTS]
            if a < 0 or b < 0 or c < 0:
                out.append(A.KNIGHT_NEW)
            many = len(spots) > 1
            first = spots[0]
            if a >= 0 and (many or a != first):
                out.append(A.KNIGHT_FROM[a])
            if b >= 0 and b != a and (many or b != first):
                out.append(A.KNIGHT_FROM[b])
            if c >= 0 and c != a and c != b and (many or c != first):
                out.append(A.KNIGHT_FROM[c])
    out.append(A.PASS)
    return tuple(out)


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


# What each decision task offers (``options``); the flow reads it directly.
OPTIONS: Final[dict[str, Any]] = {
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
