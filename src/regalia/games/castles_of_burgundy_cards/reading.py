"""What a view means, in words both pictures share: card faces, seat names, the decision due.

``render_text`` and ``render_svg`` read a ``view(seat)`` dict through these helpers, so the
two pictures never disagree about what a view means. Pure functions of the view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.games.castles_of_burgundy_cards.faces import (
    KIND_NAMES,
    KIND_TITLES,
    KIND_TYPE,
    TYPE_NAMES,
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
    """'carpenter's workshop' for ``carpenter``: the words the rule book uses."""
    k = _KIND_INDEX.get(kind)
    return KIND_TITLES[k] if k is not None else kind.replace("-", " ")


def good_parts(good: str) -> tuple[str, int]:
    """``"dark-2vp"`` -> (kind ``dark``, 2 VP printed on the card)."""
    kind, _, vp = good.partition("-")
    digits = vp.removesuffix("vp")
    return kind, int(digits) if digits.isdigit() else 0


def seat_name(view: Mapping[str, Any], seat: Any) -> str:
    """A seat's name as the view gives it; ``"aaron"`` is the solo opponent."""
    if seat == "aaron":
        return "Aaron"
    seats = view.get("seats") or ()
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat].get("name") or f"Player {seat + 1}")
    return "—"


# Words for each pending decision kind (pending.py NAMES), as "<seat> must ...".
_DECISION_WORDS: dict[str, str] = {
    "play": "play a hand card",
    "take": "take a card from the display (building bonus)",
    "drop": "discard a project to make room for",
    "estate": "choose the estate pile for",
    "place-any": "place another project (city hall)",
    "sell-any": "sell one kind of goods (warehouse)",
    "goods": "choose a goods pile",
    "animals": "choose an animal pile",
    "boarding-house": "take a good or an animal (boarding house)",
    "round-bonus": "choose the round card's bonus (triple completed)",
    "keep": "keep one of the bought cards",
    "pay": "say how many workers pay for",
    "end": "end the turn (or buy cards)",
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
        src = {"castle": " (castle: free action)", "purchase": " (bought card)"}.get(
            str(pend.get("source")), "")
        what = "choose an action with any die" if not die else \
            f"choose an action for the die {die}"
        return f"{who} must {what}{src}"
    what = _DECISION_WORDS.get(kind, kind)
    if kind in ("drop", "estate") and pend.get("card"):
        k, d, _t = card_parts(str(pend["card"]))
        what += f" the {kind_title(k)} ({d})"
    elif kind in ("goods", "animals") and pend.get("count"):
        what += f" ({pend['count']} to take)"
    elif kind == "take" and pend.get("types"):
        what = f"take a {' or '.join(pend['types'])} card from any display row"
    elif kind == "pay" and pend.get("vp") is not None:
        what += f" {pend['vp']} VP"
    return f"{who} must {what}"


def result_words(view: Mapping[str, Any]) -> str:
    """'Game over: Player 2 wins with 31' (ties shared; solo: won or lost against Aaron)."""
    result = view.get("result")
    if view.get("solo"):
        mine = (view.get("scores") or [0])[0]
        aaron = (view.get("aaron") or {}).get("score", 0)
        verdict = "you win" if result == "won" else "Aaron wins"
        return f"Game over: {verdict} ({mine} to {aaron})"
    ranking = view.get("ranking") or ()
    scores = view.get("scores") or ()
    best = [seat_name(view, i) for i, place in enumerate(ranking) if place == 1]
    top = max(scores, default=0)
    return f"Game over: {' and '.join(best)} win{'s' if len(best) == 1 else ''} with {top}"


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
