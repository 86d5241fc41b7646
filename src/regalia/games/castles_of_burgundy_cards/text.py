"""Sentences: what an action does (``describe`` to the mover, ``announce`` and ``logged`` to
the others), the log's events, and why an action is not legal now (the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards import supply
from regalia.games.castles_of_burgundy_cards.actions import MAX_CONVERT
from regalia.games.castles_of_burgundy_cards.amounts import (
    PER_VP,
    PURCHASE_CARDS,
    PURCHASE_COST,
    RESTOCK,
)
from regalia.games.castles_of_burgundy_cards.estate import pile_options
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    CLOISTER,
    FACE_DIE,
    FACE_TYPE,
    GOODS_KINDS,
    ROUND_LETTERS,
    TYPE_NAMES,
    die_distance,
    face_title,
)
from regalia.games.castles_of_burgundy_cards.game_log import AARON_REVEAL, SOLO_CHECK

if TYPE_CHECKING:
    from regalia.engine.actions import Action
    from regalia.games.castles_of_burgundy_cards.state import CobState

BUNDLE_WORDS = (("VP", "VP"), ("good", "goods"), ("animal", "animals"),
                ("silver", "silver"), ("worker", "workers"))


def bundle_text(bundle: tuple[int, ...]) -> str:
    """'1 worker + 1 silver'."""
    parts = [f"{n} {BUNDLE_WORDS[i][n != 1]}" for i, n in enumerate(bundle) if n]
    return " + ".join(parts)


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 worker', '2 workers'; ``words`` for a plural of its own ('silver', 'VP')."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def _cost_note(s: CobState, action: Action) -> str:
    """', paying 1 worker to turn the 3 into a 2' when workers change the die."""
    if not s.pending or s.game_over:
        return ""
    top = s.pending[-1]
    if top[0] != P.ACT or not top[1]:
        return ""
    cost = s._workers_to_change_die(action, top[1])
    if not cost:
        return ""
    kind = action.kind
    if kind == "take":
        target = action.args[0]
    elif kind == "place":
        target = FACE_DIE[action.args[0]]
    else:  # sell: the nearer die of that goods kind
        target = min(s.components.goods_dice[action.args[0]],
                     key=lambda x: die_distance(top[1], x))
    return f", paying {plural(cost, 'worker')} to turn the {top[1]} into a {target}"


def describe(s: CobState, action: Action, round_index: int | None = None) -> str:
    """What ``action`` does, said to the player who makes it ("Take the castle (3) from
    display row 2"); with ``round_index`` (the log) without the context of the present
    decision."""
    if round_index is not None:
        return _sentence(s, action, round_index, False, None)
    return _sentence(s, action, s.round_index, True, None)


def announce(s: CobState, action: Action, seat: int) -> str:
    """What the other seats read when ``seat`` makes ``action`` now (ask before applying):
    "Player 2 takes the castle (3) from display row 2". Nothing of a move is secret in this
    game: a played card, a bought card and a discarded project all lie face up."""
    return _sentence(s, action, s.round_index, True, s.seat_name(seat))


def logged(s: CobState, action: Action, round_index: int, name: str,
           card: int | None = None) -> str:
    """A past move for the log, in the third person (``card``: the card a ``play`` played)."""
    return _sentence(s, action, round_index, False, name, card)


def _say(who: str | None, imperative: str, third: str) -> str:
    """The mover reads the imperative; others read ``third`` with the name filled in; a seat
    named "You" (solo, or the viewer's own moves) reads "You" + the imperative."""
    if who is None:
        return imperative
    if who == "You":
        return "You " + imperative[0].lower() + imperative[1:]
    return third.format(who=who)


def _sentence(s: CobState, action: Action, round_index: int, now: bool, who: str | None,
              card: int | None = None) -> str:
    kind, args = action.kind, action.args
    note = _cost_note(s, action) if now else ""
    seat = s.current_seat
    if kind == "play":
        die = args[0]
        if card is None and now:
            card = next((f for f in s.hands[seat] if FACE_DIE[f] == die), None)
        if card is None:
            return _say(who, f"Play the card showing {die}",
                        f"{{who}} plays a card showing {die}")
        return _say(who, f"Play your {face_title(card)}",
                    f"{{who}} plays a {face_title(card)}")
    if kind == "take":
        what = f"the {face_title(args[1])} from display row {args[0]}{note}"
        return _say(who, f"Take {what}", f"{{who}} takes {what}")
    if kind == "place":
        what = face_title(args[0])
        return _say(who, f"Place your {what} project in your estate{note}",
                    f"{{who}} places their {what} project in their estate{note}")
    if kind == "sell":
        goods = GOODS_KINDS[args[0]]
        count = ""
        if now:
            faces = s.components.goods_faces
            n = sum(c for gf, c in enumerate(s.goods[seat]) if faces[gf][0] == args[0])
            count = f" ({n}: {plural(n, 'silver', 'silver')})" if n else ""
        return _say(who, f"Sell all your {goods} goods{count}{note}",
                    f"{{who}} sells all their {goods} goods{count}{note}")
    if kind == "workers":
        return _say(who, f"Restock your workers to {RESTOCK}",
                    f"{{who}} restocks their workers to {RESTOCK}")
    if kind == "silver":
        return _say(who, "Take 1 silver", "{who} takes 1 silver")
    if kind == "convert":
        what = f"{PER_VP * args[0]} workers and/or silver into {args[0]} VP"
        return _say(who, f"Turn {what}", f"{{who}} turns {what}")
    if kind == "pay":
        top = s.pending[-1] if s.pending and now else ()
        if top and top[0] == P.PAY:
            silver = PER_VP * top[1] - args[0]
            what = f"{plural(args[0], 'worker')} and {silver} silver"
        else:
            what = f"{plural(args[0], 'worker')}, the rest in silver"
        return _say(who, f"Pay {what}", f"{{who}} pays {what}")
    if kind == "buy":
        what = f"{PURCHASE_COST} silver for the top {PURCHASE_CARDS} cards of the deck"
        return _say(who, f"Pay {what}", f"{{who}} pays {what}")
    if kind == "keep":
        what = f"the bought {face_title(args[0])}"
        if args[1]:
            return _say(who, f"Keep {what} and use its die for an extra action",
                        f"{{who}} keeps {what} for an extra action with its die")
        return _say(who, f"Keep {what} as a project", f"{{who}} keeps {what} as a project")
    if kind == "drop":
        what = face_title(args[0])
        return _say(who, f"Discard your {what} project to make room",
                    f"{{who}} discards their {what} project to make room")
    if kind == "onto":
        placing = ""
        if now and s.pending and s.pending[-1][0] == P.ESTATE:
            placing = f"the {face_title(s.pending[-1][1])} "
        if args[0] < 0:
            if placing:
                return _say(who, f"Put {placing}in your estate as a new pile",
                            f"{{who}} puts {placing}in their estate as a new pile")
            return _say(who, "Start a new pile in your estate",
                        "{who} starts a new pile in their estate")
        pile = f"estate pile {args[0] + 1}"
        if now and args[0] < len(s.estates[seat]):
            ptype, cards = s.estates[seat][args[0]]
            pile += f" ({TYPE_NAMES[ptype]}, {plural(len(cards), 'card')})"
        what = placing or "the card "
        return _say(who, f"Put {what}on your {pile}", f"{{who}} puts {what}on their {pile}")
    if kind in ("goods", "animal"):
        what = f"the top card of {kind} pile {args[0] + 1}"
        if now:
            what = _pile_top(s, kind, args[0]) or what
        return _say(who, f"Take {what}", f"{{who}} takes {what}")
    if kind == "bonus":
        menu = s.components.rounds[round_index]
        what = f"option {args[0] + 1} of the round card"
        if args[0] < len(menu):
            what = f"the round bonus: {bundle_text(menu[args[0]])}"
        return _say(who, f"Take {what}", f"{{who}} takes {what}")
    if kind == "end":
        return _say(who, "End your turn", "{who} ends their turn")
    return action.text  # pragma: no cover - every kind is listed above


def _pile_top(s: CobState, kind: str, pile: int) -> str:
    """'the dark good (2 VP) from goods pile 1' / 'the sheep from animal pile 2'."""
    if kind == "goods":
        if not s.goods_pile_sizes[pile]:
            return ""
        goods, vp = s.components.goods_faces[s.goods_pile_tops[pile]]
        return f"the {GOODS_KINDS[goods]} good ({vp} VP) from goods pile {pile + 1}"
    if not s.animal_pile_sizes[pile]:
        return ""
    return f"the {ANIMAL_KINDS[s.animal_pile_tops[pile]]} from animal pile {pile + 1}"


def event_text(s: CobState, entry: tuple[int, ...]) -> str:
    """An event of the log (game_log.py) in words."""
    kind, round_index = entry[0], entry[1]
    letter = ROUND_LETTERS[round_index]
    if kind == AARON_REVEAL:
        vp, cards = entry[2], entry[3:]
        shown = ", ".join(face_title(f) for f in cards) or "nothing"
        cloisters = sum(1 for f in cards if FACE_TYPE[f] == CLOISTER)
        gain = (f"; you take {vp} VP for his {plural(cloisters, 'cloister')}"
                if cloisters else "")
        return f"Round {letter}: Aaron reveals {plural(len(cards), 'card')}: {shown}{gain}"
    if kind == SOLO_CHECK:
        yours, aarons = entry[2], entry[3]
        verdict = "Aaron is ahead: you lose" if aarons > yours else "you play on" \
            if round_index < len(s.components.rounds) - 1 else "you are not behind: you win"
        return f"End of round {letter}: you {yours} VP, Aaron {aarons} VP: {verdict}"
    return ""  # pragma: no cover - moves are worded by logged()


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
    if s.game_over:
        return "the game is over"
    top = s.pending[-1]
    expected, what = EXPECTED[top[0]]
    name = s.seat_name(seat)
    if action.kind not in expected:
        return f"'{action}' does not fit now: {name} must {what}"
    kind, args = action.kind, action.args
    p = s.current_seat
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
        if s.bought_this_turn or (top[0] == P.ACT and top[2] == P.EXTRA):
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
        if not any(n for gf, n in enumerate(s.goods[p]) if s.components.goods_faces[gf][0] == g):
            return f"you have no {GOODS_KINDS[g]} goods to sell"
        if top[0] == P.ACT and top[1]:
            cost = min(die_distance(top[1], x) for x in s.components.goods_dice[g])
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
        options = pile_options(s.estates[p], top[1])
        if args[0] < 0:
            return ("you already have an unfinished pile of that type: the card must join a "
                    "pile" if -1 not in options else "")
        return (f"estate pile {args[0] + 1} cannot take a {face_title(top[1])}: a card joins "
                "an unfinished pile of its type or of cloisters (a cloister: any unfinished "
                "pile)")
    if kind in ("goods", "animal"):
        return f"{kind} pile {args[0] + 1} is empty"
    if kind == "bonus":
        return (f"round card {ROUND_LETTERS[s.round_index]} offers only "
                f"{len(s.components.rounds[s.round_index])} choices")
    return ""


__all__ = ["announce", "bundle_text", "describe", "event_text", "explain_illegal", "logged",
           "plural"]
