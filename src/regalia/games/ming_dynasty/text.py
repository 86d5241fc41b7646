"""Sentences a person reads for each action (``describe``), short enough for a menu, and the
game's other words (seat names, card names, phase titles, cautions, why an action is illegal),
all made in the language in force when they are asked for.

Component names (provinces, movement cards) are the edition's (``name``/``name_zh`` in
edition.toml, read with ``Edition.localize`` when shown); a transport an edition names on its
borders but gives no card entry, and the dragon, read from the catalog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.engine.edition import Edition
from regalia.engine.errors import quoted
from regalia.engine.i18n import N_, _, language, pgettext
from regalia.games.ming_dynasty.board import CARD_KINDS, DISTRICT_IDS, DRAGON, TRANSPORTS

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState

SEAT_NAMES = ("Yellow", "Green", "Blue", "Red")


def seat_label(seat: int) -> str:
    """A seat's name (its family's colour) in the language in force."""
    names = (pgettext("ming-dynasty", "Yellow"), pgettext("ming-dynasty", "Green"),
             pgettext("ming-dynasty", "Blue"), pgettext("ming-dynasty", "Red"))
    return names[seat] if 0 <= seat < len(names) else str(seat)


def neutral_label() -> str:
    """The two-player game's neutral family (white)."""
    return pgettext("ming-dynasty", "white")


def _catalog_card(english: str) -> str:
    table = {
        "horse": pgettext("ming-dynasty", "horse"),
        "rickshaw": pgettext("ming-dynasty", "rickshaw"),
        "junk": pgettext("ming-dynasty", "junk"),
        "barge": pgettext("ming-dynasty", "barge"),
        "cart": pgettext("ming-dynasty", "cart"),
        "palanquin": pgettext("ming-dynasty", "palanquin"),
        "dragon": pgettext("ming-dynasty", "dragon"),
    }
    return table.get(english, english)


def card_word(edition: Edition | None, english: str) -> str:
    """A card kind's name (``horse`` ... ``dragon``): the edition's translation, else the
    catalog's; English as it is."""
    if language() == "en":
        return english
    if edition is not None:
        local = edition.localize(english)
        if local != english:
            return local
    return _catalog_card(english)


def short_card(english: str) -> str:
    """A card kind in three letters (English) or one character (Chinese), for tight lines."""
    table = {
        "horse": pgettext("ming-dynasty short card", "hrs"),
        "rickshaw": pgettext("ming-dynasty short card", "rik"),
        "junk": pgettext("ming-dynasty short card", "jnk"),
        "barge": pgettext("ming-dynasty short card", "brg"),
        "cart": pgettext("ming-dynasty short card", "crt"),
        "palanquin": pgettext("ming-dynasty short card", "plq"),
        "dragon": pgettext("ming-dynasty short card", "DRG"),
    }
    return table.get(english, english)


def colour_marks() -> tuple[str, ...]:
    """The one-letter (one-character in Chinese) marks of the colours: the four seats, then
    the neutral family."""
    return (pgettext("ming-dynasty colour mark", "Y"), pgettext("ming-dynasty colour mark", "G"),
            pgettext("ming-dynasty colour mark", "B"), pgettext("ming-dynasty colour mark", "R"),
            pgettext("ming-dynasty colour mark", "N"))


def phase_title(phase: str) -> str:
    """The title of a phase (``view["phase"]``), as the screens head it."""
    titles = {
        "prince": _("setup: princes"),
        "neutral": pgettext("ming-dynasty", "neutral family"),
        "place": _("1 place on province spaces"),
        "take": _("2 take movement cards"),
        "act": _("3 move prince / stay / pass"),
        "moving": _("3 moving the prince"),
        "deploy": _("3 deploy family members"),
        "return": _("4 scoring: return cards"),
        "back": _("4 scoring: members go back"),
        "neutral-back": _("4 scoring: neutral back"),
        "start": _("round end: choose the start player"),
        "over": pgettext("ming-dynasty", "game over"),
    }
    return titles.get(phase, phase)


def province_name(s: MingState, province: int) -> str:
    return s.edition.localize(s.d.province_names[province])


def district_name(s: MingState, dist: int) -> str:
    return pgettext("ming-dynasty", "{district} ({province})").format(district=DISTRICT_IDS[dist],
                                                province=province_name(s, dist // 3))


def space_name(s: MingState, province: int) -> str:
    return _("space {n} ({province})").format(n=province + 1,
                                              province=province_name(s, province))


def describe(s: MingState, action: Action) -> str:
    # Phase 3 offers up to a dozen choices, shown in four columns at 80 columns: its
    # sentences start with their verb and stay within about eighteen characters (the board
    # names each district's province).
    kind, args = action.kind, action.args
    if kind == "prince":
        return _("prince to {district}").format(district=district_name(s, args[0]))
    if kind == "neutral":
        return _("neutral member to {district}").format(district=district_name(s, args[0]))
    if kind == "place":
        return _("place on {space}").format(space=space_name(s, args[0]))
    if kind == "take":
        card = s.display[args[0]]
        what = card_word(s.edition, TRANSPORTS[card]) if card >= 0 else \
            pgettext("ming-dynasty", "card")
        return _("take the {card} (space {n})").format(card=what, n=args[0] + 1)
    if kind == "dragon":  # (the space first: a cut at 80 columns takes the end)
        return _("take a dragon (space {n}, box a member)").format(n=args[0] + 1)
    if kind == "step":
        dist = DISTRICT_IDS[args[0]]
        if args[1]:
            return pgettext("ming-dynasty", "go to {district} by dragon").format(district=dist)
        here = s.prince[s.cur] if s.cur >= 0 else -1
        pay = next((card_word(s.edition, TRANSPORTS[t]) for q, t in s.d.neighbours[here]
                    if q == args[0]), None) if here >= 0 else None
        return pgettext("ming-dynasty", "go to {district} by {card}").format(
            district=dist, card=pay if pay is not None else pgettext("ming-dynasty", "card"))
    if kind == "stop":
        return _("end the move here")
    if kind == "stay":
        return pgettext("ming-dynasty", "stay, play {card}").format(
            card=card_word(s.edition, CARD_KINDS[args[0]]))
    if kind == "deploy":
        return _("deploy a member into the cloister") if args[0] else \
            _("deploy a member into the open area")
    if kind == "done":
        return _("end the deployment")
    if kind == "pass":
        return _("pass for the round")
    if kind == "return":
        if args[0]:
            return pgettext("ming-dynasty", "send {n} back").format(n=args[0])
        return pgettext("ming-dynasty", "keep all")
    if kind == "back":
        return _("a city member back to {district}").format(district=district_name(s, args[0]))
    if kind == "neutral_back":
        return _("a neutral city member back to {district}").format(
            district=district_name(s, args[0]))
    if kind == "start":
        return _("{who} starts the next round").format(who=seat_label(args[0]))
    return action.text


def announce(s: MingState, action: Action) -> str:
    if action.kind == "return":  # sealed until every seat has chosen
        return _("lays return cards face down")
    return describe(s, action)


def caution(s: MingState, action: Action, seat: int, deploy_max: int) -> str | None:
    if action.kind == "pass" and any(s.hand[seat]):
        return _("passing ends your phase 3 for this round; your cards stay in hand")
    if action.kind == "done" and s.deploy_left and not s.deploy_locked and \
            s.spaces[s.prince[seat] // 3][seat] and s.deploy_left == deploy_max:
        return _("you deploy no family member this turn")
    return None


def _reason(s: MingState, action: Action, seat: int) -> str | None:
    """The rule an action breaks now, where one sentence says it; None: only the list."""
    from regalia.games.ming_dynasty.state import PHASE_NAMES

    phase = PHASE_NAMES[s.phase]
    kind, args = action.kind, action.args
    wanted = {"prince": ("prince",), "neutral": ("neutral",), "place": ("place",),
              "take": ("take", "dragon"), "act": ("step", "stay", "pass"),
              "moving": ("step", "stop"), "deploy": ("deploy", "done"),
              "return": ("return",), "back": ("back",), "neutral-back": ("neutral_back",),
              "start": ("start",)}.get(phase, ())
    if kind not in wanted:
        if kind == "stop" and phase == "act":
            return _("'stop' ends a move after at least one step; to end your turn without "
                     "moving, play a card to stay ('stay …') or pass")
        if kind == "pass" and phase == "moving":
            return _("your prince is on its way: take another step or stop; passing is "
                     "chosen before moving")
        # (after "… is not legal for Yellow now:", a second "now" would stutter)
        return _("it is time to {decision}; {rule}").format(
            decision=_(DECISIONS.get(phase, N_("wait"))), rule=_(WHEN[kind]))
    if kind in ("take", "dragon"):
        i = args[0]
        if sum(s.hand[seat]) >= s.d.hand_limit:
            return _("your hand already holds {n} cards").format(n=s.d.hand_limit)
        if not s.spaces[i][seat]:
            return _("you have no family member on {space}").format(space=space_name(s, i))
        if kind == "take" and s.display[i] < 0:
            return _("no card lies beside {space}").format(space=space_name(s, i))
        if kind == "dragon" and not s.dragons:
            return _("no dragon is left in the stack")
    if kind == "step":
        here = s.prince[seat]
        target = args[0]
        if target == here:
            return _("your prince already stands in {district}: a move goes to another "
                     "district; to stay, play a card ('stay …')").format(
                district=district_name(s, here))
        transport = s.d.transport[here][target] if here >= 0 else -1
        if transport < 0:
            return _("{district} does not border your prince's district {here}").format(
                district=DISTRICT_IDS[target], here=DISTRICT_IDS[here] if here >= 0 else "-")
        if args[1] and not s.hand[seat][DRAGON]:
            return _("you hold no dragon")
        if not args[1] and not s.hand[seat][transport]:
            return _("the border needs a {card} card, and you hold none").format(
                card=card_word(s.edition, TRANSPORTS[transport]))
        return _("another prince stands in {district} and your cards cannot take yours on "
                 "from there").format(district=DISTRICT_IDS[target])
    if kind == "stay" and not s.hand[seat][args[0]]:
        return _("you hold no {card} card").format(card=card_word(s.edition,
                                                                  CARD_KINDS[args[0]]))
    if kind == "prince" and args[0] in s.prince:
        return _("another prince already stands in {district}").format(
            district=district_name(s, args[0]))
    if kind == "deploy":
        if s.deploy_locked:
            return _("your own member in this district's cloister lets no more of yours in")
        if not s.deploy_left:
            return _("you have deployed three family members already")
        if not s.spaces[s.prince[seat] // 3][seat]:
            return _("you have no family member left on the matching province space")
        if args[0] and s.cloister_used:
            return _("one member per deployment may go into the cloister")
    if kind == "return":
        return _("your return cards cannot make {n}").format(n=args[0])
    if kind == "stop":
        return _("another prince stands in {district}: a move may not end there; take "
                 "another step").format(district=district_name(s, s.prince[seat]))
    if kind == "neutral":
        return _("{district} already holds {n} neutral family members").format(
            district=district_name(s, args[0]), n=s.d.neutral_cap)
    if kind in ("back", "neutral_back"):
        if args[0] // 3 != s.province:
            return _("the province being scored is {province}; {district} is not in "
                     "it").format(province=province_name(s, s.province),
                                  district=district_name(s, args[0]))
        if kind == "back":
            return _("you have no family member in the city of {district}").format(
                district=district_name(s, args[0]))
        return _("no neutral family member is in the city of {district}").format(
            district=district_name(s, args[0]))
    if kind == "start" and args[0] >= s.players:
        return _("there is no {seat} family in a {n}-player game").format(
            seat=seat_label(args[0]), n=s.players)
    return None


# What a seat decides in each phase, and when each kind of action is taken (said when an
# action comes in another phase).
DECISIONS = {
    "prince": N_("place your prince in a district (setup)"),
    "neutral": N_("place a neutral family member (setup)"),
    "place": N_("place a family member on a province space (phase 1)"),
    "take": N_("take a movement card or a dragon (phase 2)"),
    "act": N_("move your prince, stay or pass (phase 3)"),
    "moving": N_("take another step or stop (phase 3)"),
    "deploy": N_("deploy family members or end the deployment (phase 3)"),
    "return": N_("choose how many members go back (scoring)"),
    "back": N_("choose the district a city member goes back to (scoring)"),
    "neutral-back": N_("choose the district a neutral city member goes back to (scoring)"),
    "start": N_("choose who starts the next round"),
}
WHEN = {
    "prince": N_("princes are placed at setup"),
    "neutral": N_("neutral family members are placed at setup (2 players)"),
    "place": N_("family members go onto province spaces in phase 1"),
    "take": N_("movement cards and dragons are taken in phase 2"),
    "dragon": N_("movement cards and dragons are taken in phase 2"),
    "step": N_("the prince moves on your turn in phase 3"),
    "stop": N_("a move is stopped after a step in phase 3"),
    "stay": N_("a card is played to stay instead of moving, on your turn in phase 3"),
    "pass": N_("passing is chosen on your turn in phase 3, before moving"),
    "deploy": N_("family members are deployed after a move or a stay in phase 3"),
    "done": N_("'done' ends a deployment in phase 3"),
    "return": N_("return cards are laid at a province's scoring"),
    "back": N_("city members go back at a province's scoring"),
    "neutral_back": N_("neutral city members go back at a province's scoring"),
    "start": N_("the start player of the next round is chosen at the round's end"),
}


def explain_illegal(s: MingState, action: Action, seat: int, legal: tuple[Action, ...]) -> str:
    shown = ", ".join(a.text for a in legal[:12]) + (", …" if len(legal) > 12 else "")
    reason = _reason(s, action, seat)
    if reason is None:
        return _("{action} is not legal for {who} now; legal: {legal}").format(
            action=quoted(action.text), who=seat_label(seat), legal=shown)
    return _("{action} is not legal for {who} now: {reason}; legal: {legal}").format(
        action=quoted(action.text), who=seat_label(seat), reason=reason, legal=shown)


def name_words(s: MingState) -> dict[str, str]:
    """The movement cards and the families' colours as a person may type them."""
    from regalia.engine.reading import in_every_language

    def pairs() -> list[tuple[str, str]]:
        return [(card_word(s.edition, kind), kind) for kind in CARD_KINDS]

    return in_every_language(pairs)
