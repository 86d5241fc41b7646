"""The rules of each phase: automatic tasks, what a decision does, and the setup order.

Tasks are tuples whose first item names them (see ``AUTOMATIC`` and ``choices.OPTIONS``);
the stack's last task is the next one, so a sequence is pushed in reverse. A decision task
carries its deciding seat second. Placing a tile is one task kind, ``place``::

    ("place", seat, tile, age, couple, exclude, only, reason, may_decline)

``tile`` -1 takes one from the seat's supply with that ``age`` step and side; otherwise the
tile is in transit and keeps both. ``exclude`` / ``only`` restrict the electorate (Move goes
elsewhere, a deposed elector stays), ``reason`` is one of ``PLACE_REASONS``.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import add
from typing import TYPE_CHECKING, Any, Final

from regalia.engine.actions import Action
from regalia.engine.errors import InvalidRecord
from regalia.engine.i18n import _
from regalia.games.shadow_of_the_emperor import choices, events
from regalia.games.shadow_of_the_emperor.board import (
    ACTIONS,
    AGING,
    ARCHDIOCESES,
    BRANDENBURG,
    DESCENDANTS,
    ELECTION,
    ELECTORATES,
    EMPEROR,
    INCOME,
    K_CHURCH,
    K_DAUGHTER,
    K_DOCTOR,
    K_EMINENCE,
    K_EXCOMM,
    K_INDULGENCE,
    K_KNIGHT,
    K_MOVE,
    K_ORDINANCE,
    K_PERMIT,
    K_POPE,
    K_PROMOTION,
    K_RIVAL,
    KNIGHTS,
    KOELN,
    MAINZ,
    N_ELECTORATES,
    N_KINDS,
    NEW_ELECTORS,
    PALATINATE,
    ROUND_END,
    ROUNDS,
    SAXONY,
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

Task = tuple[Any, ...]
PLACE_REASONS = ("setup", "son", "permit", "palatinate", "move", "old emperor",
                 "deposed elector")
R_SETUP: Final = 0
R_SON: Final = 1
R_PERMIT: Final = 2
R_PALATINATE: Final = 3
R_MOVE: Final = 4
R_OLD_EMPEROR: Final = 5
R_DEPOSED: Final = 6


def place_task(seat: int, tile: int = -1, age: int = 0, couple: int = 0, exclude: int = -1,
               only: int = -1, reason: int = R_SETUP, opt: int = 0) -> Task:
    return ("place", seat, tile, age, couple, exclude, only, reason, opt)


# ============================================================================ setup
def remove_two_player_electorates(s: ShadowState) -> None:
    """2 players: a drawn Doctor's back names an archdiocese, a drawn Permit's a secular
    electorate; both are out of play (the draws are seen by both players)."""
    arch = s._draw("removed archdiocese", [ELECTORATES[e] for e in ARCHDIOCESES])
    sec = s._draw("removed secular", [ELECTORATES[e] for e in SECULAR])
    s.in_play[ELECTORATES.index(arch)] = 0
    s.in_play[ELECTORATES.index(sec)] = 0


def setup_tasks(s: ShadowState) -> list[Task]:
    """The start position card: the Emperor's empire city, then each other seat's elector,
    then Couple 35, Baron 25, Couple 15 and a knight, each step from the Emperor
    clockwise. Round 1 then starts at phase IV."""
    order = s.order_from_emperor()
    seq: list[Task] = [("empire_setup", s.emperor)]
    seq += [("setup_elector", p) for p in order[1:]]
    for age, couple in ((2, 1), (1, 0), (0, 1)):
        seq += [place_task(p, -1, age, couple) for p in order]
    seq += [("setup_knight", p) for p in order]
    seq += round_tasks(1)
    seq.reverse()
    return seq


def round_tasks(rnd: int) -> list[Task]:
    head: list[Task] = [] if rnd == 1 else [("income",), ("aging",), ("descendants",),
                                             ("return_cards",)]
    return [*head, ("actions",), ("electors",), ("election",), ("rights",), ("end_round",)]


def push(s: ShadowState, seq: list[Task]) -> None:
    """Schedule tasks to run next, in the given order."""
    s.tasks.extend(reversed(seq))


# ============================================================================ phase I-III
def income(s: ShadowState, task: Task) -> None:
    """6 thalers, 1 per own city, 1 per other seat's city in each own electorate, Saxony +2;
    the track stops at 12."""

    s.phase = INCOME
    before = s.thalers[:]
    for p in range(s.players):
        s.gain_thalers(p, income_of(s, p))
    events.note(s, events.INCOME, s.round, *(a - b for a, b in zip(s.thalers, before,
                                                                    strict=True)))


def income_of(s: ShadowState, p: int) -> int:
    d = s.d
    amount = d.base_income + sum(c[p] for c in s.city)
    for e in range(N_ELECTORATES):
        if s.holder(e) == p:
            amount += sum(s.city[e][q] for q in range(s.players) if q != p)
            if e == SAXONY:
                amount += d.saxony_income
    return amount


def aging(s: ShadowState, task: Task) -> None:
    """45-year-olds leave the board (Gray eminences too); the others turn 10 years older;
    a dead Emperor is replaced at once by his player."""

    s.phase = AGING
    where, age = s.where, s.age
    emperor_died = False
    died = []
    for t in range(len(where)):
        if where[t] < 0:
            continue
        if age[t] == 3:
            emperor_died |= where[t] == THRONE
            s.set_where(t, SUPPLY)
            died.append(t)
        else:
            age[t] += 1
    events.note(s, events.AGING, s.round, *died)
    if emperor_died:
        push(s, [("throne", s.emperor, 0)])


def descendants(s: ShadowState, task: Task) -> None:

    s.phase = DESCENDANTS
    push(s, [("child", p) for p in s.order_from_emperor()])


def child(s: ShadowState, task: Task) -> None:
    """More blue cards kept than red: a son; otherwise, with any coloured card, a
    daughter."""
    p = task[1]
    row = s.kept[p]
    shop = s.shop
    blue = red = 0
    for k in shop.blue:
        blue += row[k]
    for k in shop.red:
        red += row[k]
    if blue > red:
        push(s, [place_task(p, -1, 0, 0, reason=R_SON)])
    elif red:
        push(s, [("daughter", p)])


def return_cards(s: ShadowState, task: Task) -> None:
    stacks = s.stacks
    for row in s.kept:
        if row != _NO_CARDS:
            stacks[:] = map(add, stacks, row)
            row[:] = _NO_CARDS


_NO_CARDS: Final = [0] * N_KINDS


# ============================================================================ phase IV
def actions_phase(s: ShadowState, task: Task) -> None:

    s.phase = ACTIONS
    s.passed = 0
    s.rival = -1
    s.used = 0
    s.turn = s.emperor
    push(s, [("turn", s.emperor)])


def _next_turn(s: ShadowState, seat: int) -> None:
    n = s.players
    for i in range(1, n + 1):
        nxt = (seat + i) % n
        if not s.passed >> nxt & 1:
            s.turn = nxt
            s.tasks.append(("turn", nxt))
            return


def _card_effect(s: ShadowState, seat: int, kind: int, size: int, opt: int) -> None:
    """Carry out a phase-IV card just bought (or taken with Trier's privilege)."""
    if kind == K_DOCTOR:
        s.tasks.append(("doctor", seat, opt))
    elif kind == K_MOVE:
        s.tasks.append(("move_from", seat, opt))
    elif kind == K_INDULGENCE:
        events.score(s, seat, s.d.indulgence_vp, events.INDULGENCE)
    elif kind == K_PERMIT:
        s.tasks.append(place_task(seat, -1, 0, size, reason=R_PERMIT, opt=opt))
    elif kind == K_ORDINANCE:
        s.tasks.append(("city", seat, opt))
    elif kind == K_PROMOTION:
        s.tasks.append(("promote", seat, opt))
    elif kind == K_DAUGHTER:
        s.tasks.append(("flip", seat, opt))


def take_turn(s: ShadowState, seat: int, action: Action) -> None:
    kind = action.kind
    d = s.d
    _next_turn_after = True
    if kind == "pass":
        s.passed |= 1 << seat
    elif kind == "knight_from":
        # Paid now; where it goes is the next decision, before the next seat's turn.
        s.thalers[seat] -= d.cards[K_KNIGHT].cost
        _next_turn(s, seat)
        _next_turn_after = False
        s.tasks.append(("knight_to", seat, action.args[0]))
    else:
        # The next seat's turn waits under the effect of this one.
        _next_turn(s, seat)
        _next_turn_after = False
        if kind == "buy":
            k: int = action.args[0]
            size: int = action.args[1]
            card = d.cards[k]
            s.thalers[seat] -= card.cost_couple if size else card.cost
            s.stacks[k] -= 1
            s.kept[seat][k] += 1
            if k == K_RIVAL:
                s.rival = seat
                s.passed |= 1 << seat
                if s.tasks and s.tasks[-1] == ("turn", seat):  # he was the last one on
                    s.tasks.pop()
            elif k == K_EMINENCE:
                s.used |= 1 << BRANDENBURG
            _card_effect(s, seat, k, size, int(s.players == 2))
        elif kind == "trier":
            k = action.args[0]
            size = action.args[1]
            card = d.cards[k]
            s.thalers[seat] -= card.cost_couple if size else card.cost
            s.used |= 1 << TRIER
            _card_effect(s, seat, k, size, 0)
        elif kind == "koeln":
            s.used |= 1 << KOELN
            s.tasks.append(("doctor", seat, 0))
        elif kind == "palatinate":
            s.used |= 1 << PALATINATE
            s.tasks.append(place_task(seat, -1, 0, 0, reason=R_PALATINATE))
    if _next_turn_after:
        _next_turn(s, seat)


def _move_knight(s: ShadowState, seat: int, src: int, dst: int) -> None:
    base = seat * KNIGHTS
    k = s.knight.index(src, base, base + KNIGHTS)
    s.set_knight(k, dst)


def kill(s: ShadowState, tile: int) -> None:
    """A tile aged past 45 leaves the board; a dead Emperor is replaced at once (question
    A4: as in phase II); a dead elector leaves the elector space empty until phase V."""
    was_throne = s.where[tile] == THRONE
    s.set_where(tile, SUPPLY)
    if was_throne:
        s.tasks.append(("throne", s.emperor, 0))


def place_tile(s: ShadowState, task: Task, action: Action) -> None:
    seat: int = task[1]
    tile: int = task[2]
    age: int = task[3]
    couple: int = task[4]
    e: int = action.args[0]
    bumped: int = action.args[1]
    if bumped >= 0:
        base = bumped * KNIGHTS
        k = s.knight.index(2 * e, base, base + KNIGHTS)
        s.set_knight(k, SUPPLY)
    if tile < 0:
        tile = s.supply_tile(seat)
        s.set_where(tile, ARISTOCRAT + e)
        s.age[tile] = age
        s.couple[tile] = couple
    else:
        s.set_where(tile, ARISTOCRAT + e)


# ============================================================================ phase V
def electors_phase(s: ShadowState, task: Task) -> None:
    """Gray eminences first, then every electorate in board order, then Mainz's point.

    Only the Brandenburg elector's family may use a Gray eminence (seed: "只有控有布兰登堡侯国
    选帝侯的玩家方可使用"): one whose elector died to a Doctor after buying it keeps the card
    but places no one."""
    s.phase = NEW_ELECTORS
    seq: list[Task] = [("eminence", p) for p in s.order_from_emperor()
                       if s.kept[p][K_EMINENCE] and s.holder(BRANDENBURG) == p]
    seq.append(("count_influence",))
    push(s, seq)


def count_influence(s: ShadowState, task: Task) -> None:
    """Count every electorate once, after the Gray eminences: settling one electorate moves
    pieces only inside it (its new elector, the deposed one, a knight pushed off), so the
    counts of the others stand until their turn."""
    inf = influence_all(s)
    push(s, [("electorate", e, *inf[e]) for e in s.play_list] + [("mainz",)])


def influence_all(s: ShadowState) -> list[list[int]]:
    """Each electorate's influence per seat: cities, knights, Gray eminences 1, Barons 1,
    Couples 2, the sitting elector as its side (option ``elector_influence``), each empire
    city 1 to the Emperor."""
    n = s.players
    emperor = s.emperor
    # Cities first: each row starts as the seats' own cities, the empire's go to the Emperor.
    inf = [row[:n] for row in s.city]
    for e in range(N_ELECTORATES):
        inf[e][emperor] += s.city[e][4]
    couple = s.couple
    count_elector = s.options["elector_influence"]
    for t, loc in enumerate(s.where):
        if loc < ELECTOR:  # supply, in transit, the throne
            continue
        e = loc % 10
        kind = loc - e
        if kind == ARISTOCRAT or (kind == ELECTOR and count_elector):
            inf[e][t // TILES] += 1 + couple[t]
        elif kind == EMINENCE:
            inf[e][t // TILES] += 1
    for k, spot in enumerate(s.knight):
        if spot >= 0:
            inf[spot >> 1][k // KNIGHTS] += 1
    return inf


def influence(s: ShadowState, e: int) -> list[int]:
    """Each seat's influence in ``e`` (see ``influence_all``)."""
    return influence_all(s)[e]


def electorate(s: ShadowState, task: Task) -> None:
    """The seat with the most influence wins; the Emperor breaks a tie."""
    e = task[1]
    inf = task[2:] if len(task) > 2 else influence(s, e)
    top = max(inf)
    if top == 0:
        return
    tied = [p for p in range(s.players) if inf[p] == top]
    if len(tied) == 1:
        settle(s, e, tied[0])
    else:
        mask = sum(1 << p for p in tied)
        s.tasks.append(("award", s.emperor, e, mask))


def settle(s: ShadowState, e: int, winner: int) -> None:
    """The winner keeps his elector, or seats one of his aristocrats there (2 VP); with
    none that may sit, the space stays empty and the old elector is deposed."""
    if s.holder(e) == winner:
        return
    candidates = choices.electable(s, winner, e)
    if len(candidates) == 1:
        seat_elector(s, winner, e, candidates[0])
    elif candidates:
        s.tasks.append(("seat", winner, e))
    else:
        old = s.elector[e]
        if old >= 0:
            s.set_where(old, TRANSIT)
            depose(s, e, old)


def seat_elector(s: ShadowState, winner: int, e: int, tile: int) -> None:
    old = s.elector[e]
    if old >= 0:
        s.set_where(old, TRANSIT)
    s.set_where(tile, ELECTOR + e)
    events.score(s, winner, s.d.elector_vp, events.ELECTOR, e)
    if old >= 0:
        depose(s, e, old)


def depose(s: ShadowState, e: int, tile: int) -> None:
    """A deposed elector goes to an aristocrat space of the same electorate, pushing a knight
    if none is free (its owner picks whose when several could go), else to supply."""
    options = choices.placements(s, only=e)
    if not options:
        s.set_where(tile, SUPPLY)
    elif len(options) == 1:
        place_tile(s, place_task(tile // TILES, tile), options[0])
    else:
        s.tasks.append(place_task(tile // TILES, tile, only=e, reason=R_DEPOSED))


def mainz(s: ShadowState, task: Task) -> None:
    h = s.holder(MAINZ)
    if h >= 0:
        events.score(s, h, s.d.mainz_vp, events.MAINZ)


# ============================================================================ phase VI
def election(s: ShadowState, task: Task) -> None:
    """Only with a Rival: Church influence and Excommunication named in order from the
    Emperor, then the sealed votes."""

    s.phase = ELECTION
    if s.rival < 0:
        return
    seq: list[Task] = []
    for p in s.order_from_emperor():
        if s.kept[p][K_CHURCH]:
            seq.append(("church", p))
        if s.kept[p][K_EXCOMM]:
            seq.append(("excomm", p))
    seq.append(("ballot",))
    push(s, seq)


def votes_of(s: ShadowState) -> list[int]:
    n = s.players
    votes = [0] * n
    for e in range(N_ELECTORATES):
        h = s.holder(e)
        if h >= 0 and e != s.excomm_target:
            votes[h] += s.d.electorates[e].votes
    for p in range(n):
        votes[p] += s.kept[p][K_POPE]
    a = s.church_target
    if a >= 0:
        h = s.holder(a)
        if h >= 0:
            votes[h] += church_votes(s, a, h)
    return votes


def church_votes(s: ShadowState, a: int, seat: int) -> int:
    """Each of the elector's family's aristocrats (Couple or Baron alike) and knights in the
    archdiocese; the elector tile itself only with option ``church_counts_elector``
    (question A7)."""
    count = 1 if s.options["church_counts_elector"] else 0
    for t in s.tiles_of(seat):
        if s.where[t] in (ARISTOCRAT + a, EMINENCE + a):
            count += 1
    base = seat * KNIGHTS
    count += sum(1 for spot in s.knight[base:base + KNIGHTS] if spot >= 0 and spot >> 1 == a)
    return count


def ballot(s: ShadowState, task: Task) -> None:
    votes = votes_of(s)
    mask = 0
    for p in range(s.players):
        if p not in (s.emperor, s.rival) and votes[p] > 0:
            mask |= 1 << p
    if mask:
        s.tasks.append(("vote", mask))
    else:
        count_votes(s)


def count_votes(s: ShadowState) -> None:
    """Reveal the votes; more votes wins, a tie keeps the Emperor; voters for the winner
    score; a new Emperor moves an aristocrat to the throne and the old one is placed."""
    votes = votes_of(s)
    n = s.players
    ballots = [-1] * n
    ballots[s.emperor] = 0
    ballots[s.rival] = 1
    for p in range(n):
        if s.votes[p] >= 0:
            ballots[p] = s.votes[p]
    tally = [0, 0]
    for p in range(n):
        if ballots[p] >= 0:
            tally[ballots[p]] += votes[p]
    rival_wins = tally[1] > tally[0]
    winner = 1 if rival_wins else 0
    events.note(s, events.ELECTION, s.round, int(rival_wins), tally[0], tally[1], s.emperor,
                s.rival, *ballots)
    for p in range(n):
        if p not in (s.emperor, s.rival) and ballots[p] == winner:
            events.score(s, p, s.d.vote_vp, events.VOTE)
    s.last_votes = ballots
    s.votes = [-1] * n
    s.church_target = -1
    s.excomm_target = -1
    if not rival_wins:
        return
    new = s.rival
    has_tile = any(s.where[t] >= ARISTOCRAT and s.where[t] < ARISTOCRAT + 10
                   for t in s.tiles_of(new)) or s.supply_tile(new) >= 0
    if not has_tile:  # every tile of his sits as elector: no one to crown (engine answer)
        s.last_votes = ballots
        return
    old_tile = s.throne
    old = s.emperor
    s.emperor = new
    s.set_where(old_tile, TRANSIT)
    push(s, [("throne", new, 1),
             place_task(old, old_tile, reason=R_OLD_EMPEROR)])


# ============================================================================ phase VII-VIII
def rights(s: ShadowState, task: Task) -> None:

    s.phase = EMPEROR
    right = s.d.rights[s.round - 1]
    p = s.emperor
    events.score(s, p, right.vp, events.RIGHTS)
    if right.thalers:
        s.gain_thalers(p, right.thalers)
    if right.empire_city != "none":
        s.tasks.append(("empire_city", p, 0 if right.empire_city == "place-or-move" else 1))


def end_round(s: ShadowState, task: Task) -> None:

    s.phase = ROUND_END
    s.rival = -1  # the challenge is over: no Rival is shown through the next phases I-III
    if s.round >= ROUNDS:
        s.tasks.clear()
        return
    s.round += 1
    push(s, round_tasks(s.round))


AUTOMATIC: Final[dict[str, Callable[[ShadowState, Task], None]]] = {
    "income": income,
    "aging": aging,
    "descendants": descendants,
    "child": child,
    "return_cards": return_cards,
    "actions": actions_phase,
    "electors": electors_phase,
    "count_influence": count_influence,
    "electorate": electorate,
    "mainz": mainz,
    "election": election,
    "ballot": ballot,
    "rights": rights,
    "end_round": end_round,
}


# ============================================================================ decisions
def decide(s: ShadowState, task: Task, action: Action, seat: int) -> None:
    """Carry out a legal decision of the task just popped."""
    name: str = task[0]
    kind = action.kind
    args = action.args
    if kind == "decline" or (kind == "pass" and name != "turn"):
        return  # an optional choice left unused (Gray eminence, empire city, Church ...)
    if name == "turn":
        take_turn(s, seat, action)
    elif name == "place":
        place_tile(s, task, action)
    elif name == "setup_elector":
        t = s.supply_tile(seat)
        s.set_where(t, ELECTOR + args[0])
        s.age[t] = 3
    elif name == "empire_setup" or name == "empire_city":
        if kind == "empire":
            a, b = args
            if b < 0:
                s.city[a][4] += 1
            else:
                s.city[a][4] -= 1
                s.city[b][4] += 1
    elif name == "setup_knight":
        _move_knight(s, seat, -1, args[1])
    elif name == "knight_to":
        _move_knight(s, seat, task[2], args[1])
    elif name == "throne":
        s.set_where(args[0], THRONE)
    elif name == "daughter":
        if kind == "convent":
            s.gain_thalers(seat, s.d.convent_thalers)
        else:
            t = args[0]
            s.tasks.append(("answer", t // TILES, t, seat))
    elif name == "answer":
        _, _owner, t, proposer = task
        if kind == "accept":
            s.couple[t] = 1
            events.score(s, proposer, s.d.marriage_vp, events.MARRIAGE)
        else:
            s.gain_thalers(proposer, s.d.convent_thalers)
    elif name == "doctor":
        t = args[0]
        if kind == "younger":
            s.age[t] -= 1
        elif s.age[t] == 3:
            kill(s, t)
        else:
            s.age[t] += 1
    elif name == "move_from":
        t = args[0]
        e = s.where[t] - ARISTOCRAT
        s.set_where(t, TRANSIT)
        s.tasks.append(place_task(seat, t, exclude=e, reason=R_MOVE))
    elif name == "city":
        s.city[args[0]][seat] += 1
        placed = sum(c[seat] for c in s.city)
        events.score(s, seat, s.d.city_vp[placed - 1], events.CITY, args[0])
    elif name == "promote":
        e = args[0]
        base = seat * KNIGHTS
        k = s.knight.index(2 * e, base, base + KNIGHTS)
        s.set_knight(k, SUPPLY)
        t = s.supply_tile(seat)
        s.set_where(t, ARISTOCRAT + e)
    elif name == "flip":
        s.couple[args[0]] = 1
    elif name == "eminence":
        if kind == "eminence":
            t = s.supply_tile(seat)
            s.set_where(t, EMINENCE + args[0])
            s.age[t] = 3
    elif name == "award":
        settle(s, task[2], args[0])
    elif name == "seat":
        seat_elector(s, seat, task[2], args[0])
    elif name == "church":
        s.church_target = args[0]
    elif name == "excomm":
        s.excomm_target = args[0]


def no_choice(s: ShadowState, task: Task) -> None:
    """Settle a task that offers no choice: a tile with nowhere to go returns to supply
    (questions A6, A12), a throne with no aristocrat on the board takes a 45-year-old
    Baron from supply; a son, card or eminence with no room is lost."""
    name = task[0]
    if name == "place" and task[2] >= 0:
        s.set_where(task[2], SUPPLY)
    elif name == "throne":
        t = s.supply_tile(task[1])
        s.set_where(t, THRONE)
        s.age[t] = 3


_TASK_NAMES = set(AUTOMATIC) | set(choices.OPTIONS) | {"turn"}


def checked_task(raw: Any) -> Task:
    """A task read from a saved state: a known name and whole numbers, else refused."""
    if not isinstance(raw, list) or not raw or raw[0] not in _TASK_NAMES:
        raise InvalidRecord(_("unknown task {task}").format(task=str(raw)[:60]))
    rest = raw[1:]
    if any(not isinstance(x, int) or isinstance(x, bool) for x in rest) or len(rest) > 8:
        raise InvalidRecord(_("malformed task {task}").format(task=str(raw)[:60]))
    return (raw[0], *rest)
