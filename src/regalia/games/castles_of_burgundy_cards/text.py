"""Sentences: what an action does (``describe`` to the mover, ``announce`` and ``logged`` to
the others), the log's events, and why an action is not legal now (the rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.i18n import N_, _, ngettext, pgettext
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
    CLOISTER,
    FACE_DIE,
    FACE_TYPE,
    ROUND_LETTERS,
    die_distance,
)
from regalia.games.castles_of_burgundy_cards.game_log import (
    AARON_REVEAL,
    PASSED,
    SOLO_CHECK,
    START_CARD,
)
from regalia.games.castles_of_burgundy_cards.names import (
    animal_word,
    face_words,
    goods_word,
    short_face_words,
    type_word,
)

if TYPE_CHECKING:
    from regalia.engine.actions import Action
    from regalia.games.castles_of_burgundy_cards.state import CobState



def bundle_text(bundle: tuple[int, ...]) -> str:
    """'1 worker + 1 silver': a round-card bonus option in words."""
    parts = []
    for i, n in enumerate(bundle):
        if not n:
            continue
        if i == 0:
            parts.append(vp_text(n))
        elif i == 1:
            parts.append(ngettext("{n} good", "{n} goods", n).format(n=n))
        elif i == 2:
            parts.append(ngettext("{n} animal", "{n} animals", n).format(n=n))
        elif i == 3:
            parts.append(ngettext("{n} silver", "{n} silver", n).format(n=n))
        else:
            parts.append(ngettext("{n} worker", "{n} workers", n).format(n=n))
    return " + ".join(parts)


def vp_text(n: int) -> str:
    """'3 VP' / '3分'."""
    return ngettext("{n} VP", "{n} VP", n).format(n=n)


def workers_text(n: int) -> str:
    """'1 worker' / '2 workers' / '2个工人'."""
    return ngettext("{n} worker", "{n} workers", n).format(n=n)


def cards_text(n: int) -> str:
    """'1 card' / '2 cards' / '2张卡片'."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def plural(count: int, word: str, words: str | None = None) -> str:
    """'1 worker', '2 workers' (English only; sentences shown to players use ngettext)."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def _cost_note(s: CobState, action: Action) -> str:
    """' (1 worker turns the 3 into a 2)' when workers change the die."""
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
    return ngettext(" ({n} worker turns the {die} into a {target})",
                    " ({n} workers turn the {die} into a {target})", cost).format(
        n=cost, die=top[1], target=target)


def choice_group(s: CobState, action: Action) -> tuple[str, str] | None:
    """A die's choices as a list says them short of room: a heading for each kind (take,
    sell, place) that says the die once, and each choice's card, row and worker cost."""
    if not s.pending or s.game_over or action.kind not in ("take", "sell", "place"):
        return None
    top = s.pending[-1]
    if top[0] != P.ACT:
        return None
    die, kind, args = top[1], action.kind, action.args
    cost = s._workers_to_change_die(action, die) if die else 0
    # TRANSLATORS: after a card in a list of choices: ", 2 workers"
    paid = _(", {workers}").format(workers=workers_text(cost)) if cost else ""
    if kind == "take":
        heading = (_("Take a card from the display (workers turn your {die} into its row)")
                   if die else _("Take a card from the display"))
        return heading.format(die=die), _("{card}, row {row}{cost}").format(
            card=short_face_words(args[1], s.edition), row=args[0], cost=paid)
    if kind == "place":
        heading = (_("Place a project in your estate (workers turn your {die} into its die)")
                   if die else _("Place a project in your estate"))
        return heading.format(die=die), _("{card}{cost}").format(
            card=short_face_words(args[0], s.edition), cost=paid)
    seat = s.current_seat
    faces = s.components.goods_faces
    n = sum(c for gf, c in enumerate(s.goods[seat]) if faces[gf][0] == args[0])
    heading = (_("Sell all your goods of a kind (workers turn your {die} into its die)")
               if die else _("Sell all your goods of a kind"))
    return heading.format(die=die), _("{goods} ({n}: {n} silver){cost}").format(
        goods=goods_word(args[0], s.edition), n=n, cost=paid)


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


def _say(who: str | None, imperative: str, third: str, **fields: object) -> str:
    """The mover reads the imperative; others read ``third`` with the name filled in; a seat
    named "You" (solo, or the viewer's own moves; English) reads "You" + the imperative.
    Both are translated templates, filled with ``fields`` (and ``who``)."""
    if who is None:
        return imperative.format(**fields)
    if who == "You":
        said = imperative.format(**fields)
        return "You " + said[0].lower() + said[1:]
    return third.format(who=who, **fields)


def _sentence(s: CobState, action: Action, round_index: int, now: bool, who: str | None,
              card: int | None = None) -> str:
    kind, args = action.kind, action.args
    ed = s.edition
    note = _cost_note(s, action) if now else ""
    seat = s.current_seat
    if kind == "play":
        die = args[0]
        if card is None and now:
            card = next((f for f in s.hands[seat] if FACE_DIE[f] == die), None)
        if card is None:
            return _say(who, _("Play the card showing {die}"),
                        _("{who} plays a card showing {die}"), die=die)
        return _say(who, _("Play your {card}"), _("{who} plays a {card}"),
                    card=face_words(card, ed))
    if kind == "take":
        return _say(who, _("Take the {card} from display row {row}{note}"),
                    _("{who} takes the {card} from display row {row}{note}"),
                    card=face_words(args[1], ed), row=args[0], note=note)
    if kind == "place":
        return _say(who, _("Place your {card} project in your estate{note}"),
                    _("{who} places their {card} project in their estate{note}"),
                    card=face_words(args[0], ed), note=note)
    if kind == "sell":
        goods = goods_word(args[0], ed)
        if now:
            faces = s.components.goods_faces
            n = sum(c for gf, c in enumerate(s.goods[seat]) if faces[gf][0] == args[0])
            if n:
                return _say(who, _("Sell all your {goods} goods ({n}: {n} silver){note}"),
                            _("{who} sells all their {goods} goods ({n}: {n} silver){note}"),
                            goods=goods, n=n, note=note)
        return _say(who, _("Sell all your {goods} goods{note}"),
                    _("{who} sells all their {goods} goods{note}"), goods=goods, note=note)
    if kind == "workers":
        return _say(who, _("Restock your workers to {n}"),
                    _("{who} restocks their workers to {n}"), n=RESTOCK)
    if kind == "silver":
        return _say(who, pgettext(
                "castles-of-burgundy-cards", "Take 1 silver"), _("{who} takes 1 silver"))
    if kind == "convert":
        return _say(who, _("Turn {cost} workers and/or silver into {vp} VP"),
                    _("{who} turns {cost} workers and/or silver into {vp} VP"),
                    cost=PER_VP * args[0], vp=args[0])
    if kind == "pay":
        top = s.pending[-1] if s.pending and now else ()
        workers = workers_text(args[0])
        if top and top[0] == P.PAY:
            silver = PER_VP * top[1] - args[0]
            return _say(who, _("Pay {workers} and {silver} silver"),
                        _("{who} pays {workers} and {silver} silver"),
                        workers=workers, silver=silver)
        return _say(who, _("Pay {workers}, the rest in silver"),
                    _("{who} pays {workers}, the rest in silver"), workers=workers)
    if kind == "buy":
        return _say(who, _("Pay {cost} silver for the top {n} cards of the deck"),
                    _("{who} pays {cost} silver for the top {n} cards of the deck"),
                    cost=PURCHASE_COST, n=PURCHASE_CARDS)
    if kind == "keep":
        bought = face_words(args[0], ed)
        if args[1]:
            return _say(who, _("Keep the bought {card} and use its die for an extra action"),
                        _("{who} keeps the bought {card} for an extra action with its die"),
                        card=bought)
        return _say(who, _("Keep the bought {card} as a project"),
                    _("{who} keeps the bought {card} as a project"), card=bought)
    if kind == "drop":
        return _say(who, _("Discard your {card} project to make room"),
                    _("{who} discards their {card} project to make room"),
                    card=face_words(args[0], ed))
    if kind == "onto":
        placing = None
        if now and s.pending and s.pending[-1][0] == P.ESTATE:
            placing = face_words(s.pending[-1][1], ed)
        if args[0] < 0:
            if placing:
                return _say(who, _("Put the {card} in your estate as a new pile"),
                            _("{who} puts the {card} in their estate as a new pile"),
                            card=placing)
            return _say(who, _("Start a new pile in your estate"),
                        _("{who} starts a new pile in their estate"))
        pile = _("estate pile {n}").format(n=args[0] + 1)
        if now and args[0] < len(s.estates[seat]):
            ptype, cards = s.estates[seat][args[0]]
            pile = _("estate pile {n} ({type}, {cards})").format(
                n=args[0] + 1, type=type_word(ptype, ed), cards=cards_text(len(cards)))
        if placing:
            return _say(who, _("Put the {card} on your {pile}"),
                        _("{who} puts the {card} on their {pile}"), card=placing, pile=pile)
        return _say(who, _("Put the card on your {pile}"),
                    _("{who} puts the card on their {pile}"), pile=pile)
    if kind in ("goods", "animal"):
        top_card = _pile_top(s, kind, args[0]) if now else ""
        if top_card:
            return _say(who, _("Take {card}"), _("{who} takes {card}"), card=top_card)
        if kind == "goods":
            return _say(who, _("Take the top card of goods pile {n}"),
                        _("{who} takes the top card of goods pile {n}"), n=args[0] + 1)
        return _say(who, _("Take the top card of animal pile {n}"),
                    _("{who} takes the top card of animal pile {n}"), n=args[0] + 1)
    if kind == "bonus":
        menu = s.components.rounds[round_index]
        if args[0] < len(menu):
            return _say(who, _("Take the round bonus: {bonus}"),
                        _("{who} takes the round bonus: {bonus}"),
                        bonus=bundle_text(menu[args[0]]))
        return _say(who, _("Take option {n} of the round card"),
                    _("{who} takes option {n} of the round card"), n=args[0] + 1)
    if kind == "end":
        return _say(who, pgettext(
                "castles-of-burgundy-cards", "End your turn"), _("{who} ends their turn"))
    return action.text  # pragma: no cover - every kind is listed above


def _pile_top(s: CobState, kind: str, pile: int) -> str:
    """'the dark good (2 VP) from goods pile 1' / 'the sheep from animal pile 2'."""
    if kind == "goods":
        if not s.goods_pile_sizes[pile]:
            return ""
        goods, vp = s.components.goods_faces[s.goods_pile_tops[pile]]
        return _("the {goods} good ({vp} VP) from goods pile {n}").format(
            goods=goods_word(goods, s.edition), vp=vp, n=pile + 1)
    if not s.animal_pile_sizes[pile]:
        return ""
    return _("the {animal} from animal pile {n}").format(
        animal=animal_word(s.animal_pile_tops[pile], s.edition), n=pile + 1)


def event_text(s: CobState, entry: tuple[int, ...]) -> str:
    """An event of the log (game_log.py) in words."""
    kind, round_index = entry[0], entry[1]
    letter = ROUND_LETTERS[round_index]
    if kind == AARON_REVEAL:
        vp, cards = entry[2], entry[3:]
        shown = (pgettext(
                "castles-of-burgundy-cards", ", ").join(face_words(f, s.edition) for f in cards)
                 or pgettext("castles-of-burgundy-cards", "nothing"))
        cloisters = sum(1 for f in cards if FACE_TYPE[f] == CLOISTER)
        n = len(cards)
        if cloisters:
            return ngettext(
                "Round {round}: Aaron reveals {cards}: {shown}; you take {vp} VP for his "
                "{n} cloister",
                "Round {round}: Aaron reveals {cards}: {shown}; you take {vp} VP for his "
                "{n} cloisters", cloisters).format(
                round=letter, cards=cards_text(n), shown=shown, vp=vp, n=cloisters)
        return _("Round {round}: Aaron reveals {cards}: {shown}").format(
            round=letter, cards=cards_text(n), shown=shown)
    if kind == START_CARD and entry[4] == PASSED:
        return ngettext(
            "Round {round} begins: the start player card passes on from {giver} to {taker}, "
            "and its {vp} VP with it",
            "Round {round} begins: the start player card passes on from {giver} to {taker}, "
            "and its {vp} VP with it", s.components.start_player_vp).format(
            round=letter, taker=s.seat_name(entry[2]), giver=s.seat_name(entry[3]),
            vp=s.components.start_player_vp)
    if kind == START_CARD:
        return ngettext(
            "{taker} sold goods and takes the start player card from {giver}: its {vp} VP "
            "goes with it",
            "{taker} sold goods and takes the start player card from {giver}: its {vp} VP "
            "go with it", s.components.start_player_vp).format(
            taker=s.seat_name(entry[2]), giver=s.seat_name(entry[3]),
            vp=s.components.start_player_vp)
    if kind == SOLO_CHECK:
        yours, aarons = entry[2], entry[3]
        if aarons > yours:
            text = _("End of round {round}: you {yours} VP, Aaron {aarons} VP: Aaron is ahead: "
                     "you lose")
        elif round_index < len(s.components.rounds) - 1:
            text = _("End of round {round}: you {yours} VP, Aaron {aarons} VP: you play on")
        else:
            text = _("End of round {round}: you {yours} VP, Aaron {aarons} VP: you are not "
                     "behind: you win")
        return text.format(round=letter, yours=yours, aarons=aarons)
    return ""  # pragma: no cover - moves are worded by logged()


EXPECTED = {
    P.PLAY: ({"play", "buy"}, N_("{who} must play a hand card")),
    P.ACT: ({"take", "place", "sell", "workers", "silver", "convert", "buy"},
            N_("{who} must choose an action for the die")),
    P.TAKE: ({"take"}, N_("{who} must take a card from the display (building bonus)")),
    P.DROP: ({"drop"}, N_("{who} must discard one of the 3 projects to make room")),
    P.ESTATE: ({"onto"}, N_("{who} must choose the estate pile for the card")),
    P.PLACE_ANY: ({"place", "buy"}, N_("{who} must place another project (city hall)")),
    P.SELL_ANY: ({"sell"}, N_("{who} must sell one kind of goods (warehouse)")),
    P.GOODS: ({"goods"}, N_("{who} must choose a goods pile")),
    P.ANIMALS: ({"animal"}, N_("{who} must choose an animal pile")),
    P.BOARD: ({"goods", "animal"}, N_("{who} must take a good or an animal (boarding house)")),
    P.BONUS: ({"bonus"}, N_("{who} must choose the round card's bonus for the completed "
                            "triple")),
    P.KEEP: ({"keep"}, N_("{who} must keep one of the 3 bought cards")),
    P.PAY: ({"pay"}, N_("{who} must say how many workers pay for the VP")),
    P.END: ({"end", "buy"}, N_("{who} must end the turn or buy cards")),
}


def explain_illegal(s: CobState, action: Action, seat: int) -> str:
    """The rule that forbids ``action`` now."""
    if s.game_over:
        return _("the game is over")
    top = s.pending[-1]
    expected, must = EXPECTED[top[0]]
    what = _(must).format(who=s.seat_name(seat))
    if action.kind not in expected:
        return _("'{action}' does not fit now: {must}").format(action=action, must=what)
    kind, args = action.kind, action.args
    p = s.current_seat
    reason = _specific(s, top, kind, args, p)
    if reason:
        return _("'{action}' is not legal: {reason}").format(action=action, reason=reason)
    return _("'{action}' is not legal now: {must}").format(action=action, must=what)


def _die_reason(s: CobState, top: tuple[int, ...], target: int, p: int) -> str | None:
    if top[0] != P.ACT or not top[1]:
        return None
    cost = die_distance(top[1], target)
    if cost > s.workers[p]:
        return ngettext("changing the die {die} to {target} costs {cost} worker; you have "
                        "{have}", "changing the die {die} to {target} costs {cost} workers; "
                        "you have {have}", cost).format(die=top[1], target=target, cost=cost,
                                                         have=s.workers[p])
    return None


def _specific(s: CobState, top: tuple[int, ...], kind: str, args: tuple, p: int) -> str:
    ed = s.edition
    if kind == "play":
        return _("you hold no card showing {die}").format(die=args[0])
    if kind == "buy":
        if s.bought_this_turn or (top[0] == P.ACT and top[2] == P.EXTRA):
            return _("you may buy cards only once per turn")
        if s.silver[p] < 3:
            return _("you need 3 silver to buy (you have {have})").format(have=s.silver[p])
        if supply.available(s) < 3:
            return _("the deck and the discard pile hold fewer than 3 cards")
        return ""
    if kind == "take":
        row, face = args
        cards = s.display[row - 1]
        if not cards:
            return _("row {row} of the display is empty").format(row=row)
        if face not in cards:
            return _("row {row} of the display holds no {card}").format(
                row=row, card=face_words(face, ed))
        if top[0] == P.TAKE and not top[1] >> FACE_TYPE[face] & 1:
            allowed = [type_word(t, ed) for t in range(7) if top[1] >> t & 1]
            return _("this building lets you take only {types} cards").format(
                types=pgettext("castles-of-burgundy-cards", " or ").join(allowed))
        return _die_reason(s, top, row, p) or ""
    if kind == "place":
        face = args[0]
        if face not in s.projects[p]:
            return _("you have no {card} project").format(card=face_words(face, ed))
        return _die_reason(s, top, FACE_DIE[face], p) or ""
    if kind == "sell":
        g = args[0]
        goods = goods_word(g, ed)
        if not any(n for gf, n in enumerate(s.goods[p]) if s.components.goods_faces[gf][0] == g):
            return _("you have no {goods} goods to sell").format(goods=goods)
        if top[0] == P.ACT and top[1]:
            cost = min(die_distance(top[1], x) for x in s.components.goods_dice[g])
            return ngettext("selling {goods} goods with a {die} costs {cost} worker; you "
                            "have {have}", "selling {goods} goods with a {die} costs {cost} "
                            "workers; you have {have}", cost).format(
                goods=goods, die=top[1], cost=cost, have=s.workers[p])
        return ""
    if kind == "convert":
        have = s.workers[p] + s.silver[p]
        if args[0] > MAX_CONVERT:
            return _("at most {n} VP can be taken at once").format(n=MAX_CONVERT)
        return _("{vp} VP need {cost} workers and/or silver; you have {have}").format(
            vp=args[0], cost=3 * args[0], have=have)
    if kind == "pay":
        cost = 3 * top[1]
        return _("paying {cost} with {w} needs {w} and {silver} silver; you have {workers} "
                 "and {have} silver").format(cost=cost, w=workers_text(args[0]),
                                             silver=cost - args[0],
                                             workers=workers_text(s.workers[p]),
                                             have=s.silver[p])
    if kind == "keep":
        return _("you did not buy a {card}").format(card=face_words(args[0], ed))
    if kind == "drop":
        return _("you have no {card} project").format(card=face_words(args[0], ed))
    if kind == "onto":
        options = pile_options(s.estates[p], top[1])
        if args[0] < 0:
            return (_("you already have an unfinished pile of that type: the card must join "
                      "a pile") if -1 not in options else "")
        return _("estate pile {n} cannot take a {card}: a card joins an unfinished pile of "
                 "its type or of cloisters (a cloister: any unfinished pile)").format(
            n=args[0] + 1, card=face_words(top[1], ed))
    if kind == "goods":
        return _("goods pile {n} is empty").format(n=args[0] + 1)
    if kind == "animal":
        return _("animal pile {n} is empty").format(n=args[0] + 1)
    if kind == "bonus":
        return ngettext("round card {round} offers only {n} choice",
                        "round card {round} offers only {n} choices",
                        len(s.components.rounds[s.round_index])).format(
            round=ROUND_LETTERS[s.round_index], n=len(s.components.rounds[s.round_index]))
    return ""


__all__ = [
    "announce",
    "bundle_text",
    "cards_text",
    "describe",
    "event_text",
    "explain_illegal",
    "logged",
    "plural",
    "vp_text",
    "workers_text",
]
