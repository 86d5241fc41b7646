"""What a view means, in words both pictures share: card faces, seat names, the decision due.

``render_text`` and ``render_svg`` read a ``view(seat)`` dict through these helpers, so the
two pictures never disagree about what a view means. Pure functions of the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.i18n import N_, _, pgettext
from regalia.games.castles_of_burgundy_cards.faces import (
    KIND_NAMES,
    KIND_TYPE,
    TYPE_NAMES,
)
from regalia.games.castles_of_burgundy_cards.names import (
    card_words,
    kind_word,
    type_word,
)

_KIND_INDEX = {name: k for k, name in enumerate(KIND_NAMES)}


def card_parts(card: str) -> tuple[str, int, str]:
    """``"boarding-house-4"`` -> (kind ``boarding-house``, die 4, type ``building``).

    A face name is the kind and the die joined by a hyphen (view.py); kinds contain hyphens
    themselves, so the die is split off the right. An unknown kind is kept as its own type,
    so a newer edition's card still draws (grey) instead of failing.
    """
    kind, _, die = card.rpartition("-")
    k = _KIND_INDEX.get(kind)
    ctype = TYPE_NAMES[KIND_TYPE[k]] if k is not None else kind
    return kind, int(die) if die.isdigit() else 0, ctype


def kind_title(kind: str) -> str:
    """'carpenter's workshop' for ``carpenter``: the words the rule book uses, in the
    reader's language (the built-in edition's names: a view does not carry its edition)."""
    return kind_word(kind)


def good_parts(good: str) -> tuple[str, int]:
    """``"dark-2vp"`` -> (kind ``dark``, 2 VP printed on the card)."""
    kind, _sep, vp = good.partition("-")
    digits = vp.removesuffix("vp")
    return kind, int(digits) if digits.isdigit() else 0


def seat_name(view: Mapping[str, Any], seat: Any) -> str:
    """A seat's name as the view gives it; ``"aaron"`` is the solo opponent."""
    if seat == "aaron":
        return pgettext("castles-of-burgundy-cards", "Aaron")
    seats = view.get("seats") or ()
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat].get("name") or _("Player {n}").format(n=seat + 1))
    return "—"


# Words for each pending decision kind (pending.py NAMES), as "<seat> must ...".
_DECISION_WORDS: dict[str, str] = {
    "play": N_("{who} must play a hand card"),
    "take": N_("{who} must take a card from the display (building bonus)"),
    "drop": N_("{who} must discard a project to make room"),
    "estate": N_("{who} must choose the estate pile"),
    "place-any": N_("{who} must place another project (city hall)"),
    "sell-any": N_("{who} must sell one kind of goods (warehouse)"),
    "goods": N_("{who} must choose a goods pile"),
    "animals": N_("{who} must choose an animal pile"),
    "boarding-house": N_("{who} must take a good or an animal (boarding house)"),
    "round-bonus": N_("{who} must choose the round card's bonus (triple completed)"),
    "keep": N_("{who} must keep one of the bought cards"),
    "pay": N_("{who} must say how many workers pay"),
    "end": N_("{who} must end the turn (or buy cards)"),
}


def decision_words(view: Mapping[str, Any]) -> str:
    """The decision due in words a board gamer uses, or the result once the game is over."""
    if view.get("over"):
        return result_words(view)
    pend = view.get("pending")
    if not isinstance(pend, Mapping):
        return ""
    who = seat_name(view, pend.get("seat"))
    kind = str(pend.get("kind", ""))
    if kind == "action":
        die = pend.get("die") or 0
        source = str(pend.get("source"))
        if not die:
            if source == "castle":
                return _("{who} must choose an action with any die (castle: free "
                         "action)").format(who=who)
            if source == "purchase":
                return _("{who} must choose an action with any die (bought "
                         "card)").format(who=who)
            return _("{who} must choose an action with any die").format(who=who)
        if source == "castle":
            return _("{who} must choose an action for the die {die} (castle: free "
                     "action)").format(who=who, die=die)
        if source == "purchase":
            return _("{who} must choose an action for the die {die} (bought card)").format(
                who=who, die=die)
        return _("{who} must choose an action for the die {die}").format(who=who, die=die)
    if kind in ("drop", "estate") and pend.get("card"):
        k, d, _t = card_parts(str(pend["card"]))
        card = card_words(k, d)
        if kind == "drop":
            return _("{who} must discard a project to make room for the {card}").format(
                who=who, card=card)
        return _("{who} must choose the estate pile for the {card}").format(who=who,
                                                                           card=card)
    if kind in ("goods", "animals") and pend.get("count"):
        n = pend["count"]
        if kind == "goods":
            return _("{who} must choose a goods pile ({n} to take)").format(who=who, n=n)
        return _("{who} must choose an animal pile ({n} to take)").format(who=who, n=n)
    if kind == "take" and pend.get("types"):
        types = pgettext("castles-of-burgundy-cards", " or ").join(
            type_word(str(t)) for t in pend["types"])
        return _("{who} must take a {types} card from any display row").format(
            who=who, types=types)
    if kind == "pay" and pend.get("vp") is not None:
        return _("{who} must say how many workers pay for {vp} VP").format(who=who,
                                                                         vp=pend["vp"])
    words = _DECISION_WORDS.get(kind)
    if words is None:
        return _("{who} must decide: {kind}").format(who=who, kind=kind)
    return _(words).format(who=who)


def result_words(view: Mapping[str, Any]) -> str:
    """'Game over: Player 2 wins with 31' (ties shared; solo: won or lost against Aaron)."""
    result = view.get("result")
    if view.get("solo"):
        mine = (view.get("scores") or [0])[0]
        aaron = (view.get("aaron") or {}).get("score", 0)
        if result == "won":
            return _("Game over: you win ({mine} to {aaron})").format(mine=mine, aaron=aaron)
        return _("Game over: Aaron wins ({mine} to {aaron})").format(mine=mine, aaron=aaron)
    ranking = view.get("ranking") or ()
    scores = view.get("scores") or ()
    best = [seat_name(view, i) for i, place in enumerate(ranking) if place == 1]
    top = max(scores, default=0)
    if len(best) == 1:
        return _("Game over: {who} wins with {score}").format(who=best[0], score=top)
    return _("Game over: {who} win with {score}").format(
        who=pgettext("castles-of-burgundy-cards", " and ").join(best), score=top)


def clickable(view: Mapping[str, Any]) -> set[str]:
    """The notations a click may mean for the viewer now.

    The view's ``legal`` list (the viewer's legal actions) is the authority. A view without
    it (a front end may strip it) still lets the viewer play a hand card when a card is due,
    since that much follows from the view alone; finer choices are left unmarked.
    """
    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in (view.get("to_move") or ()):
        return set()
    legal = view.get("legal")
    if isinstance(legal, Sequence) and not isinstance(legal, str):
        return {str(a) for a in legal}
    pend = view.get("pending") or {}
    seats = view.get("seats") or ()
    hand = seats[seat].get("hand") if isinstance(seat, int) and seat < len(seats) else None
    if pend.get("kind") == "play" and hand:
        return {f"play {card_parts(c)[1]}" for c in hand}
    return set()
