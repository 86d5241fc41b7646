"""Sentences: what an action does (``describe``) and why one is not legal now (the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards import supply
from regalia.games.castles_of_burgundy_cards.actions import MAX_CONVERT
from regalia.games.castles_of_burgundy_cards.estate import pile_options
from regalia.games.castles_of_burgundy_cards.faces import (
    FACE_DIE,
    FACE_TYPE,
    GOODS_KINDS,
    ROUND_LETTERS,
    TYPE_NAMES,
    die_distance,
    face_title,
)

if TYPE_CHECKING:
    from regalia.engine.actions import Action
    from regalia.games.castles_of_burgundy_cards.state import CobState

BUNDLE_WORDS = (("VP", "VP"), ("good", "goods"), ("animal", "animals"),
                ("silver", "silver"), ("worker", "workers"))


def bundle_text(bundle: tuple[int, ...]) -> str:
    """'1 worker + 1 silver'."""
    parts = [f"{n} {BUNDLE_WORDS[i][n != 1]}" for i, n in enumerate(bundle) if n]
    return " + ".join(parts)


def _cost_note(s: CobState, action: Action) -> str:
    if not s.stack or s.over:
        return ""
    top = s.stack[-1]
    if top[0] != P.ACT or not top[1]:
        return ""
    cost = s._act_cost(action, top[1])
    if not cost:
        return ""
    return f", spending {cost} worker{'s' if cost > 1 else ''} to change the {top[1]}"


def describe(s: CobState, action: Action, round_index: int | None = None) -> str:
    """The sentence for ``action`` now; with ``round_index`` (the log) without the context
    of the present decision."""
    if round_index is not None:
        return _describe(s, action, round_index, False)
    return _describe(s, action, s.round, True)


def _describe(s: CobState, action: Action, round_index: int, now: bool) -> str:
    kind, args = action.kind, action.args
    note = _cost_note(s, action) if now else ""
    if kind == "play":
        return f"Play the card showing {args[0]}"
    if kind == "take":
        return f"Take the {face_title(args[1])} from display row {args[0]}" \
               f"{note}"
    if kind == "place":
        return f"Place the {face_title(args[0])} project in the estate{note}"
    if kind == "sell":
        return f"Sell all {GOODS_KINDS[args[0]]} goods{note}"
    if kind == "workers":
        return "Restock workers to 2"
    if kind == "silver":
        return "Take 1 silver"
    if kind == "convert":
        return f"Return {3 * args[0]} workers and/or silver for {args[0]} VP"
    if kind == "pay":
        top = s.stack[-1] if s.stack and now else ()
        if top and top[0] == P.PAY:
            return f"Pay {args[0]} workers and {3 * top[1] - args[0]} silver"
        return f"Pay {args[0]} workers, the rest in silver"
    if kind == "buy":
        return "Pay 3 silver for the top 3 cards of the deck"
    if kind == "keep":
        if args[1]:
            return f"Keep the bought {face_title(args[0])} and use its die for an extra action"
        return f"Keep the bought {face_title(args[0])} as a project"
    if kind == "drop":
        return f"Discard the {face_title(args[0])} project to make room"
    if kind == "onto":
        if args[0] < 0:
            return "Start a new pile in the estate"
        return f"Put the card on estate pile {args[0] + 1}"
    if kind in ("goods", "animal"):
        return f"Take the top card of {kind} pile {args[0] + 1}"
    if kind == "bonus":
        menu = s.d.rounds[round_index]
        if args[0] < len(menu):
            return f"Take the round bonus: {bundle_text(menu[args[0]])}"
        return f"Take option {args[0] + 1} of the round card"
    if kind == "end":
        return "End the turn"
    return action.text  # pragma: no cover - every kind is listed above


EXPECTED = {
    P.PLAY: ({"play", "buy"}, "play one of their hand cards"),
    P.ACT: ({"take", "place", "sell", "workers", "silver", "convert", "buy"},
            "choose an action for the die"),
    P.TAKE: ({"take"}, "take a card from the display (building bonus)"),
    P.DROP: ({"drop"}, "discard one of their 3 projects to make room"),
    P.ESTATE: ({"onto"}, "choose the estate pile for the card"),
    P.PLACE_ANY: ({"place", "buy"}, "place another project (city hall)"),
    P.SELL_ANY: ({"sell"}, "sell one kind of goods (warehouse)"),
    P.GOODS: ({"goods"}, "choose a goods pile"),
    P.ANIMALS: ({"animal"}, "choose an animal pile"),
    P.BOARD: ({"goods", "animal"}, "take a good or an animal (boarding house)"),
    P.BONUS: ({"bonus"}, "choose the round card's bonus for the completed triple"),
    P.KEEP: ({"keep"}, "keep one of the 3 bought cards"),
    P.PAY: ({"pay"}, "say how many workers pay for the VP"),
    P.END: ({"end", "buy"}, "end the turn or buy cards"),
}


def explain_illegal(s: CobState, action: Action, seat: int) -> str:
    """The rule that forbids ``action`` now."""
    if s.over:
        return "the game is over"
    top = s.stack[-1]
    expected, what = EXPECTED[top[0]]
    name = s.seat_name(seat)
    if action.kind not in expected:
        return f"'{action}' does not fit now: {name} must {what}"
    kind, args = action.kind, action.args
    p = s.cur
    reason = _specific(s, top, kind, args, p)
    return f"'{action}' is not legal: {reason}" if reason else \
        f"'{action}' is not legal now: {name} must {what}"


def _die_reason(s: CobState, top: tuple[int, ...], target: int, p: int) -> str | None:
    if top[0] != P.ACT or not top[1]:
        return None
    cost = die_distance(top[1], target)
    if cost > s.workers[p]:
        return (f"changing the die {top[1]} to {target} costs {cost} workers; "
                f"you have {s.workers[p]}")
    return None


def _specific(s: CobState, top: tuple[int, ...], kind: str, args: tuple, p: int) -> str:
    if kind == "play":
        return f"you hold no card showing {args[0]}"
    if kind == "buy":
        if s.bought or (top[0] == P.ACT and top[2] == P.EXTRA):
            return "you may buy cards only once per turn"
        if s.silver[p] < 3:
            return f"you need 3 silver to buy (you have {s.silver[p]})"
        if supply.available(s) < 3:
            return "the deck and the discard pile hold fewer than 3 cards"
        return ""
    if kind == "take":
        row, face = args
        cards = s.display[row - 1]
        if not cards:
            return f"row {row} of the display is empty"
        if face not in cards:
            return f"row {row} of the display holds no {face_title(face)}"
        if top[0] == P.TAKE and not top[1] >> FACE_TYPE[face] & 1:
            allowed = [TYPE_NAMES[t] for t in range(7) if top[1] >> t & 1]
            return f"this building lets you take only {' or '.join(allowed)} cards"
        return _die_reason(s, top, row, p) or ""
    if kind == "place":
        face = args[0]
        if face not in s.projects[p]:
            return f"you have no {face_title(face)} project"
        return _die_reason(s, top, FACE_DIE[face], p) or ""
    if kind == "sell":
        g = args[0]
        if not any(n for gf, n in enumerate(s.goods[p]) if s.d.goods_faces[gf][0] == g):
            return f"you have no {GOODS_KINDS[g]} goods to sell"
        if top[0] == P.ACT and top[1]:
            cost = min(die_distance(top[1], x) for x in s.d.goods_dice[g])
            return (f"selling {GOODS_KINDS[g]} goods with a {top[1]} costs {cost} workers; "
                    f"you have {s.workers[p]}")
        return ""
    if kind == "convert":
        have = s.workers[p] + s.silver[p]
        if args[0] > MAX_CONVERT:
            return f"at most {MAX_CONVERT} VP can be taken at once"
        return f"{args[0]} VP need {3 * args[0]} workers and/or silver; you have {have}"
    if kind == "pay":
        cost = 3 * top[1]
        return (f"paying {cost} with {args[0]} workers needs {args[0]} workers and "
                f"{cost - args[0]} silver; you have {s.workers[p]} and {s.silver[p]}")
    if kind == "keep":
        return f"you did not buy a {face_title(args[0])}"
    if kind == "drop":
        return f"you have no {face_title(args[0])} project"
    if kind == "onto":
        options = pile_options(s.estate[p], top[1])
        if args[0] < 0:
            return ("you already have an unfinished pile of that type: the card must join a "
                    "pile" if -1 not in options else "")
        return (f"estate pile {args[0] + 1} cannot take a {face_title(top[1])}: a card joins "
                "an unfinished pile of its type or of cloisters (a cloister: any unfinished "
                "pile)")
    if kind in ("goods", "animal"):
        return f"{kind} pile {args[0] + 1} is empty"
    if kind == "bonus":
        return (f"round card {ROUND_LETTERS[s.round]} offers only "
                f"{len(s.d.rounds[s.round])} choices")
    return ""


__all__ = ["bundle_text", "describe", "explain_illegal"]
