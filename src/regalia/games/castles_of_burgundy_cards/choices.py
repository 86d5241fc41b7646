"""What the player on turn may decide now: the legal actions of each kind of pending decision.

``CHOICES[kind](state, top)`` lists them for the decision ``top`` on the stack (pending.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.castles_of_burgundy_cards import actions as A
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.amounts import PER_VP
from regalia.games.castles_of_burgundy_cards.estate import NEW_PILE, pile_options
from regalia.games.castles_of_burgundy_cards.faces import FACE_DIE, FACE_TYPE, REACH

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def _opt_play(s: CobState, top: tuple[int, ...]) -> list[Action]:
    dice = sorted({FACE_DIE[f] for f in s.hands[s.current_seat]})
    out = [A.PLAY[d] for d in dice]
    if s._can_buy():
        out.append(A.BUY)
    return out


def _opt_act(s: CobState, top: tuple[int, ...]) -> list[Action]:
    die = top[1]
    p = s.current_seat
    workers = s.workers[p]
    reach = REACH[die][workers if workers < 3 else 3]  # dice the workers can make of it
    out: list[Action] = []
    # Action 1: take a card from the row of the die (workers may change it) [RB].
    for r in range(6):
        row = s.display[r]
        if row and r + 1 in reach:
            takes = A.TAKE[r]
            for f in sorted(set(row)):
                out.append(takes[f])
    # Action 2: place a project whose die equals the (changed) die.
    projects = s.projects[p]
    if projects:
        for f in sorted(set(projects)):
            if FACE_DIE[f] in reach:
                out.append(A.PLACE[f])
    # Action 3: sell the goods kind of the die (never with nothing of that kind: docs).
    goods_dice = s.components.goods_dice
    for g in s._owned_goods_kinds(p):
        if any(x in reach for x in goods_dice[g]):
            out.append(A.SELL[g])
    # Actions 4 and 5 ignore the die.
    out.append(A.WORKERS)
    out.append(A.SILVER)
    # Action 6: whole VP only (a remainder would be lost: docs, A12).
    most = (workers + s.silver[p]) // PER_VP
    if most:
        convert = A.CONVERT
        out.extend(convert[n] for n in range(1, min(most, A.MAX_CONVERT) + 1))
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
            for f in sorted(set(row)):
                if mask >> FACE_TYPE[f] & 1:
                    out.append(takes[f])
    return out


def _opt_drop(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.DROP[f] for f in sorted(set(s.projects[s.current_seat]))]


def _opt_estate(s: CobState, top: tuple[int, ...]) -> list[Action]:
    return [A.ONTO_NEW if i == NEW_PILE else A.ONTO[i]
            for i in pile_options(s.estates[s.current_seat], top[1]) if i < A.MAX_PILES]


def _opt_place_any(s: CobState, top: tuple[int, ...]) -> list[Action]:
    projects = s.projects[s.current_seat]
    if not projects:
        return []  # city hall with no other project: nothing [RB]
    out = [A.PLACE[f] for f in sorted(set(projects))]
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


CHOICES = (_opt_play, _opt_act, _opt_take, _opt_drop, _opt_estate, _opt_place_any,
           _opt_sell_any, _opt_goods, _opt_animals, _opt_board, _opt_bonus, _opt_keep,
           _opt_pay, _opt_end)
