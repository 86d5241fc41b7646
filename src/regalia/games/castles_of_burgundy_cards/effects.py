"""Carrying out decisions, and the placement bonus of every card type and building [RB].

``carry_out(state, action)`` carries out an action; ``PLACEMENT_BONUS[kind](state, seat)``
gives what a card placed in the estate gives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.games.castles_of_burgundy_cards import actions as A
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards import supply
from regalia.games.castles_of_burgundy_cards.amounts import (
    BANK_SILVER,
    CARPENTER_TAKES,
    CHURCH_TAKES,
    KNOWLEDGE_WORKERS,
    MARKET_TAKES,
    MINE_SILVER,
    PER_VP,
    PURCHASE_CARDS,
    PURCHASE_COST,
    RESTOCK,
)
from regalia.games.castles_of_burgundy_cards.faces import (
    BANK,
    BOARDING_HOUSE,
    CARPENTER,
    CASTLE,
    CHURCH,
    CITY_HALL,
    CLOISTER,
    FACE_DIE,
    KNOWLEDGE,
    MARKET,
    MINE,
    PASTURE,
    SHIP,
    WAREHOUSE,
    WATCHTOWER,
    die_distance,
)

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def _pay_workers(s: CobState, action: Action) -> None:
    """An ACT choice pops the ACT and pays the workers its die change costs [RB]."""
    top = s.pending.pop()
    if top[1]:
        s.workers[s.current_seat] -= s._workers_to_change_die(action, top[1])


def _pay_workers_for(s: CobState, wanted: int) -> None:
    """The same for a choice that needs the die ``wanted`` (a row, a project's die)."""
    die = s.pending.pop()[1]
    if die:  # (0: a free action, any die)
        s.workers[s.current_seat] -= die_distance(die, wanted)


def _do_play(s: CobState, args: tuple[Any, ...]) -> None:
    p = s.current_seat
    hand = s.hands[p]
    die: int = args[0]  # (typed: compiled, a native int from the action's boxed args)
    # The first card in hand showing that die: only the die counts, so which of two such
    # cards goes makes no difference to the rules. (A loop, not next() over a generator:
    # this runs on every play.)
    j = 0
    while FACE_DIE[hand[j]] != die:
        j += 1
    face = hand[j]
    del hand[j]
    s.discard_pile.append(face)
    s.played_cards[p] += (face,)
    s.generations_played_this_round[p] += (s.hand_generations[p].pop(j),)
    s.pending[-1] = (P.ACT, die, P.NORMAL)


def _do_take(s: CobState, args: tuple[Any, ...]) -> None:
    row: int = args[0]
    face: int = args[1]
    if s.pending[-1][0] == P.ACT:
        _pay_workers_for(s, row)
    else:
        s.pending.pop()
    s.display[row - 1].remove(face)
    s._add_project(face)


def _do_place(s: CobState, args: tuple[Any, ...]) -> None:
    face: int = args[0]
    if s.pending[-1][0] == P.ACT:
        _pay_workers_for(s, FACE_DIE[face])
    else:
        s.pending.pop()  # city hall: any project, no die [RB; docs A8]
    s.projects[s.current_seat].remove(face)
    s._place(face)


def _do_onto(s: CobState, args: tuple[Any, ...]) -> None:
    face = s.pending.pop()[1]
    s._place_on(face, args[0])


def _do_sell(s: CobState, args: tuple[Any, ...]) -> None:
    g: int = args[0]
    if s.pending[-1][0] == P.ACT:
        _pay_workers(s, A.SELL[g])
    else:
        s.pending.pop()  # warehouse
    s._sell(g)


def _do_workers(s: CobState, args: tuple[Any, ...]) -> None:
    s.pending.pop()
    p = s.current_seat
    if s.workers[p] < RESTOCK:
        s.workers[p] = RESTOCK


def _do_silver(s: CobState, args: tuple[Any, ...]) -> None:
    s.pending.pop()
    s.silver[s.current_seat] += 1


def _do_convert(s: CobState, args: tuple[Any, ...]) -> None:
    s.pending.pop()
    vp: int = args[0]
    s.vp_cards[s.current_seat] += vp
    s.move_vp += vp
    s.pending.append((P.PAY, vp))


def _do_pay(s: CobState, args: tuple[Any, ...]) -> None:
    n = s.pending.pop()[1]
    p = s.current_seat
    workers: int = args[0]
    s.workers[p] -= workers
    s.silver[p] -= PER_VP * n - workers


def _do_buy(s: CobState, args: tuple[Any, ...]) -> None:
    p = s.current_seat
    s.silver[p] -= PURCHASE_COST
    s.bought_this_turn = True
    cards = [supply.draw_deck(s, "buy") for _ in range(PURCHASE_CARDS)]
    s.pending.append((P.KEEP, *cards))


def _do_keep(s: CobState, args: tuple[Any, ...]) -> None:
    face: int = args[0]
    as_action: int = args[1]
    cards = list(s.pending.pop()[1:])
    cards.remove(face)
    s.discard_pile.extend(cards)  # the other two are discarded [RB]
    if as_action:
        s.discard_pile.append(face)
        s.pending.append((P.ACT, FACE_DIE[face], P.EXTRA))
    else:
        s._add_project(face)


def _do_drop(s: CobState, args: tuple[Any, ...]) -> None:
    incoming = s.pending.pop()[1]
    projects = s.projects[s.current_seat]
    dropped: int = args[0]
    projects.remove(dropped)
    s.discard_pile.append(dropped)
    projects.append(incoming)


def _take_from_piles(s: CobState, kind: int) -> None:
    """GOODS/ANIMALS take one card; more may follow; BOARD takes just one."""
    top = s.pending.pop()
    if top[0] == kind and top[1] > 1:
        s.pending.append((kind, top[1] - 1))


def _do_goods(s: CobState, args: tuple[Any, ...]) -> None:
    _take_from_piles(s, P.GOODS)
    supply.take_good(s, s.current_seat, args[0])


def _do_animal(s: CobState, args: tuple[Any, ...]) -> None:
    _take_from_piles(s, P.ANIMALS)
    supply.take_animal(s, s.current_seat, args[0])


def _do_bonus(s: CobState, args: tuple[Any, ...]) -> None:
    s.pending.pop()
    vp, goods, animals, silver, workers = s.components.rounds[s.round_index][args[0]]
    p = s.current_seat
    s.vp_cards[p] += vp
    s.move_vp += vp
    s.silver[p] += silver
    s.workers[p] += workers
    if animals:
        s.pending.append((P.ANIMALS, animals))
    if goods:
        s.pending.append((P.GOODS, goods))


def _do_end(s: CobState, args: tuple[Any, ...]) -> None:
    s.pending.pop()
    s._end_turn()


def carry_out(s: CobState, action: Action) -> None:
    """Carry out ``action`` for the seat on turn (the most frequent kinds first: compiled,
    a comparison of interned strings and a direct call, no dict look-up and no call through
    a Python object)."""
    kind = action.kind
    args = action.args
    if kind == "play":
        _do_play(s, args)
    elif kind == "take":
        _do_take(s, args)
    elif kind == "pay":
        _do_pay(s, args)
    elif kind == "convert":
        _do_convert(s, args)
    elif kind == "end":
        _do_end(s, args)
    elif kind == "workers":
        _do_workers(s, args)
    elif kind == "silver":
        _do_silver(s, args)
    elif kind == "place":
        _do_place(s, args)
    elif kind == "onto":
        _do_onto(s, args)
    elif kind == "sell":
        _do_sell(s, args)
    elif kind == "goods":
        _do_goods(s, args)
    elif kind == "animal":
        _do_animal(s, args)
    elif kind == "buy":
        _do_buy(s, args)
    elif kind == "keep":
        _do_keep(s, args)
    elif kind == "drop":
        _do_drop(s, args)
    elif kind == "bonus":
        _do_bonus(s, args)
    else:
        raise ValueError(f"unknown action kind {kind!r}")


# ====================================================================== placement bonuses
def _bonus_none(s: CobState, p: int) -> None:
    pass


def _bonus_castle(s: CobState, p: int) -> None:
    s.pending.append((P.ACT, 0, P.CASTLE_FREE))  # one free action with any die [RB]


def _bonus_mine(s: CobState, p: int) -> None:
    s.silver[p] += MINE_SILVER


def _bonus_knowledge(s: CobState, p: int) -> None:
    s.workers[p] += KNOWLEDGE_WORKERS


def _bonus_ship(s: CobState, p: int) -> None:
    s.pending.append((P.GOODS, 1))


def _bonus_pasture(s: CobState, p: int) -> None:
    s.pending.append((P.ANIMALS, 1))


def _bonus_carpenter(s: CobState, p: int) -> None:
    s.pending.append((P.TAKE, CARPENTER_TAKES))


def _bonus_church(s: CobState, p: int) -> None:
    s.pending.append((P.TAKE, CHURCH_TAKES))


def _bonus_market(s: CobState, p: int) -> None:
    s.pending.append((P.TAKE, MARKET_TAKES))


def _bonus_watchtower(s: CobState, p: int) -> None:
    s.vp_cards[p] += s.options["watchtower_vp"]
    s.move_vp += s.options["watchtower_vp"]


def _bonus_bank(s: CobState, p: int) -> None:
    s.silver[p] += BANK_SILVER


def _bonus_boarding_house(s: CobState, p: int) -> None:
    s.pending.append((P.BOARD,))


def _bonus_warehouse(s: CobState, p: int) -> None:
    s.pending.append((P.SELL_ANY,))


def _bonus_city_hall(s: CobState, p: int) -> None:
    s.pending.append((P.PLACE_ANY,))


_BY_KIND = {
    CASTLE: _bonus_castle, MINE: _bonus_mine, CLOISTER: _bonus_none,
    KNOWLEDGE: _bonus_knowledge, SHIP: _bonus_ship, PASTURE: _bonus_pasture,
    CARPENTER: _bonus_carpenter, CHURCH: _bonus_church, MARKET: _bonus_market,
    WATCHTOWER: _bonus_watchtower, BANK: _bonus_bank, BOARDING_HOUSE: _bonus_boarding_house,
    WAREHOUSE: _bonus_warehouse, CITY_HALL: _bonus_city_hall,
}
PLACEMENT_BONUS = tuple(_BY_KIND[k] for k in range(len(_BY_KIND)))
