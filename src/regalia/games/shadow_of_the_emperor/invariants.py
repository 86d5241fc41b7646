"""Conservation laws: every seat's 7 tiles, 3 knights and 3 cities, the 3 empire cities and
the action cards are neither made nor lost; no space holds more than it can; thalers stay on
the track. Also a check of the fast phase-IV offers against a slow reading of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.engine.errors import quoted
from regalia.engine.i18n import _
from regalia.games.shadow_of_the_emperor import actions as A
from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    BRANDENBURG,
    CITIES,
    EMPIRE_CITIES,
    K_DOCTOR,
    K_EMINENCE,
    K_KNIGHT,
    K_PERMIT,
    K_RIVAL,
    KNIGHTS,
    KOELN,
    N_ELECTORATES,
    N_KINDS,
    PALATINATE,
    PHASE_IV_KINDS,
    TILES,
    TRIER,
)
from regalia.games.shadow_of_the_emperor.choices import doable, space, turn_options
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


def check_invariants(s: ShadowState) -> None:
    d = s.d
    n = s.players
    assert len(s.where) == n * TILES and len(s.age) == n * TILES and len(s.couple) == n * TILES
    assert len(s.knight) == n * KNIGHTS and len(s.thalers) == n and len(s.vp) == n
    assert len(s.in_play) == N_ELECTORATES and len(s.city) == N_ELECTORATES
    assert all(x in (0, 1) for x in s.in_play), _("an electorate is in play or out")
    assert sum(s.in_play) == (5 if n == 2 else N_ELECTORATES), _("2 players use 5 electorates")
    assert 0 <= s.emperor < n, _("the Emperor marker belongs to a seat")
    arist = [0] * N_ELECTORATES
    castle = [0] * N_ELECTORATES
    electors = [-1] * N_ELECTORATES
    throne = -1
    transit = 0
    for t, loc in enumerate(s.where):
        assert 0 <= s.age[t] <= 3 and s.couple[t] in (0, 1), \
            _("tile {tile} has a bad face").format(tile=t)
        if loc in (SUPPLY, TRANSIT):
            transit += loc == TRANSIT
            continue
        e = loc % 10
        if loc == THRONE:
            assert throne < 0, _("two tiles on the throne")
            throne = t
            continue
        assert loc in (ARISTOCRAT + e, ELECTOR + e, EMINENCE + e), \
            _("tile {tile} is nowhere").format(tile=t)
        assert s.in_play[e], _("tile {tile} stands in an electorate out of play").format(
            tile=t)
        if loc == ARISTOCRAT + e:
            arist[e] += 1
        elif loc == ELECTOR + e:
            assert electors[e] < 0, _("two electors in one electorate")
            assert not (e in ARCHDIOCESES and s.couple[t]), _("an archdiocese elector is single")
            electors[e] = t
        else:
            assert s.age[t] == 3 and not s.couple[t], _("a Gray eminence is a 45-year-old Baron")
    assert transit <= 1, _("at most one tile is being placed")
    replacing = bool(s.tasks) and s.tasks[-1][0] == "throne"
    if not transit and not replacing:
        assert throne >= 0, _("the throne holds the Emperor")
    if throne >= 0 and not transit:
        assert throne // TILES == s.emperor, _("the Emperor's tile is his player's")
    assert throne == s.throne, _("the throne field agrees with the tiles")
    assert electors == s.elector, _("the elector fields agree with the tiles")
    for k, spot in enumerate(s.knight):
        if spot == SUPPLY:
            continue
        assert 0 <= spot < 2 * N_ELECTORATES and s.in_play[spot >> 1], \
            _("knight {knight} is nowhere").format(knight=k)
        if spot & 1:
            castle[spot >> 1] += 1
        else:
            arist[spot >> 1] += 1
    assert arist == s.arist_used and castle == s.castle_used, _("space counters agree")
    assert s.tiles_on_board == sum(1 for loc in s.where if loc >= 0), _("tile counter agrees")
    assert s.knight_arist == [sum(1 for sp in s.knight if sp == 2 * e)
                              for e in range(N_ELECTORATES)], _("knight counters agree")
    cached = getattr(s, "_space", None)
    if cached is not None:
        s._space = None
        try:
            assert space(s) == cached, _("the cached free spots agree with the pieces")
        finally:
            s._space = cached
    for e, el in enumerate(d.electorates):
        assert arist[e] <= el.aristocrat, \
            _("{electorate} holds too many aristocrats and knights").format(electorate=el.id)
        assert castle[e] <= el.castle, _("{electorate} holds too many knights on castles").format(
            electorate=el.id)
        row = s.city[e]
        assert len(row) == 5 and min(row) >= 0 and sum(row) <= el.city, \
            _("{electorate} holds too many cities").format(electorate=el.id)
        assert sum(row) == 0 or s.in_play[e], _("cities stand only in electorates in play")
        assert all(row[p] == 0 for p in range(n, 4)), _("cities of seats not in the game")
    assert sum(c[4] for c in s.city) <= EMPIRE_CITIES, _("only 3 empire cities")
    for p in range(n):
        assert sum(c[p] for c in s.city) <= CITIES, \
            _("seat {seat} has more than 3 cities").format(seat=p)
        assert 0 <= s.thalers[p] <= d.thaler_cap, \
            _("seat {seat}'s thalers are off the track").format(seat=p)
        assert s.vp[p] >= 0
        assert len(s.kept[p]) == N_KINDS and min(s.kept[p]) >= 0
    for k, kind in enumerate(d.cards):
        total = s.stacks[k] + sum(s.kept[p][k] for p in range(n))
        assert s.stacks[k] >= 0 and total == kind.count(n), \
            _("{expected} {card} cards expected, {found} found").format(
                expected=kind.count(n), card=quoted(kind.id), found=total)
    assert all(v in (-1, 0, 1) for v in s.votes) and len(s.votes) == n
    if s.tasks and s.tasks[-1][0] == "turn":
        seat = s.tasks[-1][1]
        assert turn_options(s, s.tasks[-1]) == tuple(plain_turn_options(s, seat)), \
            _("the phase-IV offers agree with the rules' plain reading")


def plain_turn_options(s: ShadowState, seat: int) -> list[Action]:
    """Phase IV's offers read plainly from the rules, one card kind at a time: slow, and the
    yardstick of ``choices.turn_options``, which reads the same facts in a few passes."""
    money, cards, stacks = s.thalers[seat], s.d.cards, s.stacks

    def privilege(e: int) -> bool:  # the seat's elector of e has not used it this round
        return s.holder(e) == seat and not s.used >> e & 1

    def offered(k: int) -> bool:  # besides its cost: 2 players may buy what they cannot do
        if k == K_RIVAL:
            return seat != s.emperor
        if k == K_EMINENCE:
            return privilege(BRANDENBURG) and s.supply_tile(seat) >= 0
        return s.players == 2 or doable(s, seat, k)

    def buy(k: int, actions: tuple[Action, ...]) -> list[Action]:
        costs = (cards[k].cost, cards[k].cost_couple) if k == K_PERMIT else (cards[k].cost,)
        return [a for a, cost in zip(actions, costs, strict=True) if cost <= money]

    out: list[Action] = []
    for k in range(N_KINDS):
        if k != K_KNIGHT and stacks[k] and offered(k):
            out += buy(k, A.PERMIT if k == K_PERMIT else (A.BUY[k],))  # type: ignore[arg-type]
    if privilege(TRIER):
        for k in PHASE_IV_KINDS:
            if not stacks[k] and doable(s, seat, k):
                out += buy(k, A.TRIER_PERMIT if k == K_PERMIT else (A.TRIER[k],))
    if privilege(KOELN) and doable(s, seat, K_DOCTOR):
        out.append(A.KOELN)
    if privilege(PALATINATE) and doable(s, seat, K_PERMIT):
        out.append(A.PALATINATE)
    if money >= cards[K_KNIGHT].cost:
        free = [2 * e + c for e in range(N_ELECTORATES) if s.in_play[e] for c in (0, 1)
                if (s.free_arist(e) if c == 0 else s.free_castle(e)) > 0]
        mine = s.knight[seat * KNIGHTS:seat * KNIGHTS + KNIGHTS]
        if free and -1 in mine:
            out.append(A.KNIGHT_NEW)
        for i, src in enumerate(mine):
            if src >= 0 and src not in mine[:i] and any(sp != src for sp in free):
                out.append(A.KNIGHT_FROM[src])
    out.append(A.PASS)
    return out
