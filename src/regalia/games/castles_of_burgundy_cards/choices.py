"""What the player on turn may decide now: the legal actions of each kind of pending decision.

``legal_choices(state, top)`` lists them for the decision ``top`` on the stack (pending.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.castles_of_burgundy_cards import actions as A
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.amounts import PER_VP
from regalia.games.castles_of_burgundy_cards.estate import NEW_PILE, pile_options
from regalia.games.castles_of_burgundy_cards.faces import FACE_DIE, FACE_TYPE, REACH_MASK

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def _each_once(numbers: list[int]) -> list[int]:
    """The numbers, lowest first, each once. (A row, a hand or the projects hold a few cards:
    put in order one by one, compiled they cost a fraction of a set and its sorted list.)"""
    out: list[int] = []
    for x in numbers:
        i = len(out)
        while i and out[i - 1] > x:
            i -= 1
        if not i or out[i - 1] != x:
            out.insert(i, x)
    return out


def _opt_play(s: CobState, top: tuple[int, ...]) -> list[Action]:
    dice = _each_once([FACE_DIE[f] for f in s.hands[s.current_seat]])
    out = [A.PLAY[d] for d in dice]
    if s._can_buy():
        out.append(A.BUY)
    return out


def _opt_act(s: CobState, top: tuple[int, ...]) -> list[Action]:
    die = top[1]
    p = s.current_seat
    workers = s.workers[p]
    # the dice the workers can make of it, as bits (faces.REACH)
    reach = REACH_MASK[die][workers if workers < 3 else 3]
    out: list[Action] = []
    # Action 1: take a card from the row of the die (workers may change it) [RB].
    display = s.display
    for r in range(6):
        row = display[r]
        if row and reach >> (r + 1) & 1:
            takes = A.TAKE[r]
            for f in _each_once(row):
                out.append(takes[f])
    # Action 2: place a project whose die equals the (changed) die.
    projects = s.projects[p]
    if projects:
        for f in _each_once(projects):
            if reach >> FACE_DIE[f] & 1:
                out.append(A.PLACE[f])
    # Action 3: sell the goods kind of the die (never with nothing of that kind: docs).
    goods_dice = s.components.goods_dice
    for g in s._owned_goods_kinds(p):
        for x in goods_dice[g]:
            if reach >> x & 1:
                out.append(A.SELL[g])
                break
    # Actions 4 and 5 ignore the die.
    out.append(A.WORKERS)
    out.append(A.SILVER)
    # Action 6: whole VP only (a remainder would be lost: docs, A12).
    most = (workers + s.silver[p]) // PER_VP
    if most:
        out += A.CONVERT[1:min(most, A.MAX_CONVERT) + 1]
    if top[2] != P.EXTRA and s._can_buy():
        out.append(A.BUY)
    return out


def _opt_take(s: CobState, top: tuple[int, ...]) -> list[Action]:
    mask = top[1]
    out: list[Action] = []
    for r in range(6):
        row = s.display[r]
        if row:
            takes = A.TAKE[r]
            for f in _each_once(row):
                if mask >> FACE_TYPE[f] & 1:
                    out.append(takes[f])
    return out


def _opt_drop(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.DROP[f] for f in _each_once(s.projects[s.current_seat])]


def _opt_estate(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.ONTO_NEW if i == NEW_PILE else A.ONTO[i]
            for i in pile_options(s.estates[s.current_seat], top[1]) if i < A.MAX_PILES]


def _opt_place_any(s: CobState, top: tuple[int, ...]) -> list[Action]:
    projects = s.projects[s.current_seat]
    if not projects:
        return []  # city hall with no other project: nothing [RB]
    out = [A.PLACE[f] for f in _each_once(projects)]
    if s._can_buy():
        out.append(A.BUY)
    return out


def _opt_sell_any(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.SELL[g] for g in s._owned_goods_kinds(s.current_seat)]


def _opt_goods(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.GOODS[i] for i in (0, 1) if s.goods_pile_sizes[i]]


def _opt_animals(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.ANIMAL[i] for i in (0, 1) if s.animal_pile_sizes[i]]


def _opt_board(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return ([A.GOODS[i] for i in (0, 1) if s.goods_pile_sizes[i]]
            + [A.ANIMAL[i] for i in (0, 1) if s.animal_pile_sizes[i]])


def _opt_bonus(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return A.BONUS[:len(s.components.rounds[s.round_index])]


def _opt_keep(s: CobState, top: tuple[int, ...]) -> list[Action]:
    out: list[Action] = []
    for f in sorted(set(top[1:])):
        out.append(A.KEEP_PROJECT[f])
        out.append(A.KEEP_ACTION[f])
    return out


def _opt_pay(s: CobState, top: tuple[int, ...]) -> list[Action]:
    cost = PER_VP * top[1]
    p = s.current_seat
    lo = max(0, cost - s.silver[p])
    hi = min(s.workers[p], cost)
    return A.PAY[lo:hi + 1]


def _opt_end(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.END, A.BUY] if s._can_buy() else [A.END]


def legal_choices(s: CobState, top: tuple[int, ...]) -> list[Action]:
    """The legal actions of the decision ``top`` (the most frequent kinds first)."""
    kind = top[0]
    if kind == P.ACT:
        return _opt_act(s, top)
    if kind == P.PLAY:
        return _opt_play(s, top)
    if kind == P.END:
        return _opt_end(s, top)
    if kind == P.PAY:
        return _opt_pay(s, top)
    if kind == P.ESTATE:
        return _opt_estate(s, top)
    if kind == P.GOODS:
        return _opt_goods(s, top)
    if kind == P.ANIMALS:
        return _opt_animals(s, top)
    if kind == P.DROP:
        return _opt_drop(s, top)
    if kind == P.KEEP:
        return _opt_keep(s, top)
    if kind == P.BONUS:
        return _opt_bonus(s, top)
    if kind == P.TAKE:
        return _opt_take(s, top)
    if kind == P.PLACE_ANY:
        return _opt_place_any(s, top)
    if kind == P.SELL_ANY:
        return _opt_sell_any(s, top)
    if kind == P.BOARD:
        return _opt_board(s, top)
    raise ValueError(f"unknown pending decision {kind}")
