"""El Grande in words: actions told to the mover and to the other seats, pending decisions,
log lines, cautions before a likely slip, and why an action is illegal.

``describe`` speaks to the mover ("Take 3 Caballeros into your court"); ``announce`` is what
the other seats read, in the third person with the mover's colour ("Yellow takes 3
Caballeros into his court"), hiding what the rules keep secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.engine.i18n import N_, _, ngettext, pgettext
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.phases import (
    ACTION,
    CARD,
    MAIN,
    POWER,
    RECALL,
    RECRUIT,
    S_CASTILLO,
    S_SETUP,
    SEALED,
    VETO,
    WITHDRAW,
)
from regalia.games.el_grande.scoring import GRANDE_BONUS, KING_BONUS

if TYPE_CHECKING:
    from regalia.games.el_grande.state import ElGrandeState as St

CASTILLO = A.CASTILLO


def loc(st: St, name: str) -> str:
    """A component's name or text as the edition spells it in the language in force."""
    return st.edition.localize(name)


def sep() -> str:
    """The separator of a list of items in the language in force."""
    return pgettext("list separator", ", ")


def caballeros(n: int) -> str:
    """'1 Caballero', '2 Caballeros', 'no Caballeros'."""
    if n == 0:
        return _("no Caballeros")
    return ngettext("{n} Caballero", "{n} Caballeros", n).format(n=n)


def area_name(st: St, area: int) -> str:
    if area == CASTILLO:
        # TRANSLATORS: {castillo} is the Castillo's name from the edition ("Castillo")
        return pgettext("el-grande", "the {castillo}").format(
            castillo=loc(st, st.components.castillo_name))
    if area < 0:
        return _("nowhere")
    return loc(st, st.components.region_names[area])


def who(st: St, seat: int) -> str:
    return st.seat_name(seat)


def colour(c: int) -> str:
    """A seat's colour as an adjective ("a blue Caballero")."""
    return _(A.COLOUR_WORDS[c])


def card_name(st: St) -> str:
    return loc(st, st.components.cards[st.turn_card].name)


def _board_name(st: St, board: int) -> str:
    name = loc(st, st.components.scoreboard_names[board])
    return name[:1].lower() + name[1:]


# ---------------------------------------------------------------------- actions
def describe(st: St, action: Action) -> str:
    """The action told to the player who takes it."""
    return _tell(st, action, None, secret=False)


def announce(st: St, action: Action, seat: int) -> str:
    """The action as the other seats learn of it: third person, secrets kept."""
    return _tell(st, action, seat, secret=True)


def _tell(st: St, action: Action, seat: int | None, secret: bool) -> str:
    """Second person to the mover (``seat`` None: imperative) or third person with the
    colour of ``seat``; every sentence whole, so a translation may order it freely."""
    kind, args = action.kind, action.args
    parts = st.components
    third = seat is not None
    name = who(st, seat) if seat is not None else ""
    mover = seat if seat is not None else st.active_seat
    if kind == "power":
        v, n = args[0], parts.power_caballeros[args[0]]
        if n:
            text = (_("{who} plays power card {v} (up to {caballeros} to his court)") if third
                    else _("Play power card {v} (up to {caballeros} to your court)"))
        else:
            text = (_("{who} plays power card {v} (no Caballeros to his court)") if third
                    else _("Play power card {v} (no Caballeros to your court)"))
        return text.format(who=name, v=v, caballeros=caballeros(n))
    if kind == "court":
        if args[0]:
            text = (_("{who} takes {caballeros} into his court") if third
                    else _("Take {caballeros} into your court"))
        else:
            text = (_("{who} takes no Caballeros into his court") if third
                    else _("Take no Caballeros into your court"))
        return text.format(who=name, caballeros=caballeros(args[0]))
    if kind == "recall":
        text = (_("{who} takes a Caballero from {area} back into his court (the provinces "
                  "ran out)") if third
                else _("Take a Caballero from {area} back into your court (the provinces "
                       "ran out)"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "card":
        stack = args[0]
        t = st.face_up[stack]
        card = loc(st, parts.cards[t].name) if t >= 0 else _("no card")
        text = (_("{who} takes the action card of stack {stack} ({card})") if third
                else _("Take the action card of stack {stack} ({card})"))
        return text.format(who=name, stack=stack + 1, card=card)
    if kind == "place":
        text = (_("{who} places a Caballero in {area}") if third
                else _("Place a Caballero in {area}"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "act":
        if st.turn_card < 0:
            text = (_("{who} carries out the special action") if third
                    else _("Carry out the special action"))
            return text.format(who=name)
        text = (_("{who} carries out the special action of {card}") if third
                else _("Carry out the special action of {card}"))
        return text.format(who=name, card=card_name(st))
    if kind == "done":
        return _("{who} ends his turn").format(who=name) if third else _("End your turn")
    if kind == "stop":
        return (_("{who} stops his special action here").format(who=name) if third
                else _("Stop your special action here"))
    if kind == "pick":
        c, area = args[0], area_name(st, args[1])
        if c == mover:
            text = (_("{who} moves one of his Caballeros out of {area}") if third
                    else _("Move one of your Caballeros out of {area}"))
        else:
            text = (_("{who} moves a {colour} Caballero out of {area}") if third
                    else _("Move a {colour} Caballero out of {area}"))
        return text.format(who=name, colour=colour(c), area=area)
    if kind == "to":
        c, there = st.special_picked_colour, area_name(st, args[0])
        if c < 0:
            text = (_("{who} moves the chosen Caballero to {area}") if third
                    else _("Move the chosen Caballero to {area}"))
            return text.format(who=name, area=there)
        return _move_words(st, name, mover, c, st.special_picked_region, args[0])
    if kind == "return":
        c, area = args[0], area_name(st, args[1])
        if c == mover:
            text = (_("{who} sends one of his Caballeros from {area} back to his provinces")
                    if third else
                    _("Send one of your Caballeros from {area} back to your provinces"))
        else:
            text = (_("{who} sends a {colour} Caballero from {area} back to the provinces")
                    if third else
                    _("Send a {colour} Caballero from {area} back to the provinces"))
        return text.format(who=name, colour=colour(c), area=area)
    if kind == "withdraw":
        if args[0] == A.REGIONS:
            text = (_("{who} returns one of his Caballeros from his court to his provinces")
                    if third else
                    _("Return one of your Caballeros from your court to your provinces"))
        else:
            text = (_("{who} returns one of his Caballeros from {area} to his provinces")
                    if third else
                    _("Return one of your Caballeros from {area} to your provinces"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "score":
        text = _("{who} scores {area} now") if third else _("Score {area} now")
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "king":
        text = _("{who} moves the King to {area}") if third else _("Move the King to {area}")
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "grande":
        text = (_("{who} moves his Grande to {area}; it becomes his home") if third
                else _("Move your Grande to {area}; it becomes your home"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "scoreboard":
        text = _("{who} puts the {board} on {area}") if third else _("Put the {board} on {area}")
        return text.format(who=name, board=_board_name(st, args[0]),
                           area=area_name(st, args[1]))
    if kind == "evict":
        text = (_("{who} names {area} for Movement: the other players there move all their "
                  "Caballeros out by secret disk") if third
                else _("Name {area} for Movement: the other players there move all their "
                       "Caballeros out by secret disk"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "takeback":
        if secret:  # "need not reveal which" (the 1995 rule book, Power Cards)
            text = (_("{who} takes one of his played power cards back into his hand (unseen)")
                    if third else
                    _("Take one of your played power cards back into your hand (unseen)"))
        else:
            text = (_("{who} takes power card {v} back into his hand") if third
                    else _("Take power card {v} back into your hand"))
        return text.format(who=name, v=args[0])
    if kind == "disk":
        if secret:  # sealed until every seat has chosen; the reveal is in the log
            text = (_("{who} sets his disk (secret until everyone has chosen)") if third
                    else _("Set your disk (secret until everyone has chosen)"))
        else:
            text = (_("{who} sets his disk to {area}") if third
                    else _("Set your disk to {area}"))
        return text.format(who=name, area=area_name(st, args[0]))
    if kind == "veto":
        text = (_("{who} uses his Veto to stop {active}'s special action") if third
                else _("Use your Veto to stop {active}'s special action"))
        return text.format(who=name, active=who(st, st.active_seat))
    if kind == "pass":
        text = (_("{who} lets {active}'s special action go on (keeping his Veto)") if third
                else _("Let {active}'s special action go on (keeping your Veto)"))
        return text.format(who=name, active=who(st, st.active_seat))
    return action.text


def _move_words(st: St, name: str, mover: int, c: int, source: int, target: int) -> str:
    """A Caballero of colour ``c`` moved by ``mover`` (``name`` empty: told to him)."""
    if c == mover:
        text = (_("{who} moves one of his Caballeros from {source} to {target}") if name
                else _("Move one of your Caballeros from {source} to {target}"))
    else:
        text = (_("{who} moves a {colour} Caballero from {source} to {target}") if name
                else _("Move a {colour} Caballero from {source} to {target}"))
    return text.format(who=name, colour=colour(c), source=area_name(st, source),
                       target=area_name(st, target))


# The printed texts (edition) follow the 1995 rule book; an option that plays another
# reading shows that reading's text instead.
_OTHER_READINGS = {
    ("return-each", "banish_own"):
        N_("You may send 1 Caballero of each opponent from a region back to his provinces."),
    ("scoreboard", "scoreboard_on_castillo"):
        N_("Place one of the mobile scoreboards on a region, or move one already on the board "
           "(never onto the Castillo, never into or out of the King's region)."),
    ("evict", "movement_to_court"):
        N_("Name a region. Each other player with Caballeros there secretly chooses another "
           "region (not the King's) on his disk and moves all of them there."),
    ("secret-scoring", "secret_scoring_king"):
        N_("Every player secretly chooses a region (not the King's) on his disk; each region "
           "chosen by exactly one player is scored at once."),
}


def card_text(st: St, t: int) -> str:
    """The text of card type ``t`` under the options in force, in the language in force."""
    card = st.components.cards[t]
    for (kind, flag), text in _OTHER_READINGS.items():
        if card.kind == kind and not getattr(st, flag):
            return _(text)
    return loc(st, card.text)


# ---------------------------------------------------------------------- what is pending
def placeable(st: St) -> int:
    """Caballeros the active player may still place this turn from his court."""
    if not st._can_place():
        return 0
    return min(st.place_max - st.placed, st.court[st.active_seat])


def _may_act(st: St) -> bool:
    return st.special_state == 0 and st.components.cards[st.turn_card].kind != "veto"


def pending(st: St, seat: int) -> str:
    """The decision ``seat`` faces, in words (addressed to him)."""
    phase = st.phase
    if phase == POWER:
        return _("play a power card")
    if phase == RECRUIT:
        return _("take up to {caballeros} into your court").format(
            caballeros=caballeros(st.recruit_max))
    if phase == RECALL:
        left = st.recall_left
        return ngettext("take {n} more Caballero from the board into your court (the "
                        "provinces ran out)",
                        "take {n} more Caballeros from the board into your court (the "
                        "provinces ran out)", left).format(n=left)
    if phase == CARD:
        return _("take one of the face-up action cards")
    if phase == MAIN:
        # the card's number and what is left; the card's name is on the screen
        n, act = placeable(st), _may_act(st)
        if n == 1:
            text = (_("place 1 more Caballero, carry out the special action, or end your turn")
                    if act else _("place 1 more Caballero, or end your turn"))
        elif n:
            text = (_("place up to {n} more Caballeros, carry out the special action, or end "
                      "your turn") if act
                    else _("place up to {n} more Caballeros, or end your turn"))
        else:
            text = (_("carry out the special action, or end your turn") if act
                    else _("end your turn"))
        return text.format(n=n)
    if phase == ACTION:
        return _("carry out {card}").format(card=card_name(st))
    if phase == WITHDRAW:
        left = st.special_left
        return ngettext("return {n} of your Caballero to your provinces ({card})",
                        "return {n} of your Caballeros to your provinces ({card})",
                        left).format(n=left, card=st.edition.localize("The King returns!"))
    if phase == SEALED:
        if st.disk_purpose == S_SETUP:
            return _("set your disk: where your setup Caballero goes")
        if st.disk_purpose == S_CASTILLO:
            return _("set your disk: where your Castillo Caballeros go")
        return _("set your disk for {card}").format(card=card_name(st))
    if phase == VETO:
        return _("use your Veto against {who}'s special action, or pass").format(
            who=who(st, st.active_seat))
    return _("nothing")


def caution(st: St, action: Action, seat: int) -> str | None:
    """A sentence to confirm before ``done`` that forfeits placements or the special action."""
    if action.kind != "done" or st.phase != MAIN or seat != st.active_seat:
        return None
    n, act = placeable(st), _may_act(st)
    if n and act:
        text = ngettext("You may still place {n} Caballero and have not used the special "
                        "action of {card}; both are lost if you end your turn now.",
                        "You may still place {n} Caballeros and have not used the special "
                        "action of {card}; both are lost if you end your turn now.", n)
    elif n:
        text = ngettext("You may still place {n} Caballero; it is lost if you end your turn "
                        "now.",
                        "You may still place {n} Caballeros; they are lost if you end your "
                        "turn now.", n)
    elif act:
        text = _("You have not used the special action of {card}; it is lost if you end your "
                 "turn now.")
    else:
        return None
    return text.format(n=n, card=card_name(st) if act else "")


# ---------------------------------------------------------------------- the public log
def log_text(st: St, e: tuple[Any, ...]) -> str:
    """One public log event (see state._emit) as a sentence in the third person."""
    kind, parts = e[0], st.components
    if kind == "round":
        return _("Round {n} begins").format(n=e[1])
    if kind == "general":
        return _("General scoring after round {n}").format(n=e[1])
    if kind == "score":
        # TRANSLATORS: one player's points in a scoring ("Red 5")
        shown = sep().join(pgettext("el-grande", "{who} {points}").format(
            who=who(st, s), points=p) for s, p in enumerate(e[3]) if p) or _("nobody")
        area = area_name(st, e[2])
        area = area[:1].upper() + area[1:]  # "The Castillo" opens the sentence
        text = _("{area} scored: {points}").format(area=area, points=shown)
        king, grande = (e[4], e[5]) if len(e) > 5 else (-1, -1)  # (older saves: not said)
        if king >= 0 and grande >= 0:
            return _("{scored}; {who}'s points include the King's bonus of {king} and the "
                     "home region's bonus of {grande}").format(
                scored=text, who=who(st, king), king=KING_BONUS, grande=GRANDE_BONUS)
        if king >= 0:
            return _("{scored}; {who}'s points include the King's bonus of {king}").format(
                scored=text, who=who(st, king), king=KING_BONUS)
        if grande >= 0:
            return _("{scored}; {who}'s points include the home region's bonus of "
                     "{grande}").format(scored=text, who=who(st, grande), grande=GRANDE_BONUS)
        return text
    if kind == "disks":
        # TRANSLATORS: where one player's disk was set ("Red Aragon")
        shown = sep().join(pgettext("el-grande disk", "{who} {area}").format(
            who=who(st, s), area=area_name(st, r)) for s, r in enumerate(e[2]) if r >= 0)
        return _("Disks revealed: {disks}").format(disks=shown)
    if kind == "over":
        return _("The game is over")
    name = who(st, e[1])
    if kind == "power":
        return _("{who} plays power card {v}").format(who=name, v=e[2])
    if kind == "court":
        return _("{who} takes {caballeros} into his court").format(
            who=name, caballeros=caballeros(e[2]))
    if kind == "recall":
        return _("{who} takes a Caballero from {area} back into his court").format(
            who=name, area=area_name(st, e[2]))
    if kind == "card":
        card = parts.cards[parts.card_index[e[2]]]
        return _("{who} takes {card} (stack {stack})").format(
            who=name, card=loc(st, card.name), stack=card.stack)
    if kind == "place":
        return _("{who} places a Caballero in {area}").format(who=name, area=area_name(st, e[2]))
    if kind == "act":
        return _("{who} carries out {card}").format(
            who=name, card=loc(st, parts.cards[parts.card_index[e[2]]].name))
    if kind == "move":
        return _move_words(st, name, e[1], e[2], e[3], e[4])
    if kind == "return":
        court = e[3] == A.REGIONS
        if e[2] == e[1]:
            text = (_("{who} returns one of his Caballeros from his court to his provinces")
                    if court else
                    _("{who} returns one of his Caballeros from {area} to his provinces"))
        else:
            text = (_("{who} sends a {colour} Caballero from his court to the provinces")
                    if court else _("{who} sends a {colour} Caballero from {area} to the "
                                    "provinces"))
        return text.format(who=name, colour=colour(e[2]),
                           area="" if court else area_name(st, e[3]))
    if kind == "decay":
        # TRANSLATORS: how many Caballeros one player lost ("Blue 3 Caballeros")
        lost = sep().join(pgettext("el-grande", "{who} {caballeros}").format(
            who=who(st, s), caballeros=caballeros(n)) for s, n in enumerate(e[2]) if s != e[1])
        return _("{who}'s Decay of Authority sends court Caballeros to the provinces: "
                 "{lost}").format(who=name, lost=lost)
    if kind == "king":
        return _("{who} moves the King to {area}").format(who=name, area=area_name(st, e[2]))
    if kind == "grande":
        return _("{who} moves his Grande to {area}").format(who=name, area=area_name(st, e[2]))
    if kind == "scoreboard":
        return _("{who} puts the {board} on {area}").format(
            who=name, board=_board_name(st, e[2]), area=area_name(st, e[3]))
    if kind == "evict":
        return _("{who} names {area} for Movement").format(who=name, area=area_name(st, e[2]))
    if kind == "takeback":
        return _("{who} takes one of his played power cards back into his hand").format(
            who=name)
    if kind == "veto":
        return _("{who} vetoes {other}'s special action").format(who=name, other=who(st, e[2]))
    return str(kind)


# ---------------------------------------------------------------------- illegal actions
_KINDS = {
    POWER: ("power",), RECRUIT: ("court",), RECALL: ("recall",), CARD: ("card",),
    MAIN: ("place", "act", "done"), SEALED: ("disk",), VETO: ("veto", "pass"),
    WITHDRAW: ("withdraw",),
}


def explain_illegal(st: St, action: Action, seat: int) -> str:
    reason = _reason(st, action, seat)
    name = st.seat_name(seat)
    if reason is None:
        legal = st.legal_actions(seat)
        shown = ", ".join(a.text for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        return _("'{action}' is not legal for {who} now; legal: {legal}").format(
            action=action, who=name, legal=shown)
    return _("'{action}' is not legal for {who}: {reason}").format(
        action=action, who=name, reason=reason)


def _reason(st: St, action: Action, seat: int) -> str | None:
    kind, args, king = action.kind, action.args, st.king_region
    phase = st.phase
    if kind in ("pick", "return") and args[0] >= st.players:  # no such colour: said first
        return _("there is no {colour} player in a game of {n}").format(
            colour=colour(args[0]), n=st.players)
    if phase in _KINDS and kind not in _KINDS[phase]:
        return who_must(st, seat)
    if phase == ACTION and kind not in {a.kind for a in st.legal_actions(seat)}:
        return who_must(st, seat)  # a special action: only its own decisions
    taboo = _("nothing may enter or leave the King's region (the 1995 rule book)")
    if kind == "power":
        v = args[0]
        for s in range(st.players):
            if s != seat and st.power_played[s] == v:
                return _("{v} was already played this round by {who}").format(v=v, who=who(st, s))
        return _("power card {v} is not in your hand (played cards stay out)").format(v=v)
    if kind == "court":
        return _("you may take at most {caballeros} into your court now").format(
            caballeros=caballeros(st.recruit_max))
    if kind == "recall":
        if args[0] == king:
            return taboo
        return _("you have no Caballero in {area}").format(area=area_name(st, args[0]))
    if kind == "card":
        stack = args[0]
        if st.face_up[stack] < 0:
            return _("stack {stack} has no card").format(stack=stack + 1)
        return _("the card of stack {stack} was already taken this round by {who}").format(
            stack=stack + 1, who=who(st, st.taken_by[stack]))
    if kind == "place" and phase == MAIN:
        area = args[0]
        if st.placement_over:
            return _("the placement may not be split around the special action "
                     "(the 1995 rule book's rule D, option split_placement=false)")
        if st.placed >= st.place_max:
            return _("this card lets you place at most {caballeros}").format(
                caballeros=caballeros(st.place_max))
        if not st.court[seat]:
            return _("your court is empty")
        if area == king:
            return _("nothing may enter the King's region")
        neighbours = sep().join(loc(st, st.components.region_names[n])
                                for n in st.components.neighbors[king])
        return _("Caballeros are placed only next to the King ({regions}) or in the "
                 "Castillo").format(regions=neighbours)
    if kind == "act":
        if st.components.cards[st.turn_card].kind == "veto":
            return _("the Veto card has no action now: it is kept for use against another "
                     "player")
        return _("you have already carried out this card's special action")
    if kind in ("pick", "to", "king", "grande", "scoreboard", "evict", "return", "withdraw",
                "disk", "score", "place"):
        area = args[-1]
        if kind in ("pick", "to", "grande", "scoreboard", "evict", "return", "place",
                    "withdraw") and area == king:
            return taboo
        if kind == "scoreboard" and st.scoreboards[args[0]] == king:
            return _("a mobile scoreboard in the King's region cannot leave it")
        if kind == "scoreboard" and area == CASTILLO and not st.scoreboard_on_castillo:
            return _("a mobile scoreboard goes on a region only (option scoreboard_castillo)")
        if kind == "grande" and st.grande_region[seat] == king:
            return _("a Grande in the King's region cannot leave it")
        card = st.components.cards[st.turn_card] if st.turn_card >= 0 else None
        if kind == "king" and phase == ACTION and card is not None and card.kind == "king" \
                and card["adjacent"]:
            return _("the {card} moves the King only next to {area}").format(
                card=loc(st, card.name), area=area_name(st, king))
        if kind == "disk" and area == king:
            return _("the disk may not name the King's region here")
    return _special_reason(st, action, seat)


def _special_reason(st: St, action: Action, seat: int) -> str | None:
    """The rules of a special action's own decisions (moving, returning, withdrawing
    Caballeros; the Grande; a secret disk) where the King's region is not the reason."""
    from regalia.games.el_grande import cards

    kind, args, players = action.kind, action.args, st.players
    if kind in ("pick", "return"):
        c, r = args
        if c >= players:
            return _("there is no {colour} player in a game of {n}").format(
                colour=colour(c), n=players)
        if kind == "pick" and st.special_picked_colour >= 0:
            return _("first say where the Caballero already picked goes ('to …')")
        if not st.board[r * players + c]:
            return _("{area} holds no {colour} Caballero").format(area=area_name(st, r),
                                                                   colour=colour(c))
        if kind == "return":
            if c == seat and not st.banish_own:
                return _("this card sends back other players' Caballeros only (option "
                         "banish_own)")
            return _("this card sends back one Caballero of each player, and {who} has lost "
                     "one already").format(who=who(st, c))
        total, own, others, _one, _all = cards._move_params(st)
        if st.special_source >= 0 and r != st.special_source:
            return _("this card moves Caballeros out of one region only: {area}").format(
                area=area_name(st, st.special_source))
        if st.special_moved_own + st.special_moved_others >= total:
            return _("this card moves at most {caballeros}").format(
                caballeros=caballeros(total))
        if c == seat:
            return _("this card moves at most {caballeros} of your own").format(
                caballeros=caballeros(own)) if own else \
                _("this card moves other players' Caballeros only")
        return _("this card moves at most {caballeros} of other players'").format(
            caballeros=caballeros(others)) if others else \
            _("this card moves your own Caballeros only")
    if kind == "to" and st.special_picked_colour >= 0:
        return _("the Caballero moves out of {area}, so it goes to another area").format(
            area=area_name(st, st.special_picked_region))
    if kind == "takeback":
        return _("power card {v} is in your hand already: this card takes back a card you "
                 "have played").format(v=args[0])
    if kind == "withdraw":
        if args[0] >= A.REGIONS:
            return _("your court is empty")
        return _("you have no Caballero in {area}").format(area=area_name(st, args[0]))
    if kind == "grande" and st.grande_region[seat] == args[0]:
        return _("your Grande stands in {area} already").format(area=area_name(st, args[0]))
    if kind == "disk":
        if st.disks[seat] != -1:
            return _("your disk is set already")
        card = cards._card(st) if st.turn_card >= 0 else None
        if card is not None and card.kind == "disk-return":
            need = 1 if card["all"] else card["per_player"]
            if need == 1:
                return _("the disk names a region where you have a Caballero")
            return _("the disk names a region where you have at least {caballeros} (where "
                     "you have none such, any region where you have one)").format(
                caballeros=caballeros(need))
        if card is not None and card.kind == "evict" and args[0] == st.special_named:
            return _("the Caballeros go to another region than the one named (option "
                     "movement_to_court=false)")
    return None


def who_must(st: St, seat: int) -> str:
    """Why another kind of action is not legal now: whose decision it is, and which."""
    if seat not in st.seats_to_move:
        return _("now it is not your decision")
    return _("now you must {decision}").format(decision=pending(st, seat))


def name_words(st: St) -> dict[str, str]:
    """The regions, the Castillo and the colours as a person may type them."""
    from regalia.engine.reading import in_every_language

    def pairs() -> list[tuple[str, str]]:
        parts = st.components
        out = [(loc(st, name), A.AREA_IDS[r]) for r, name in enumerate(parts.region_names)]
        out.append((loc(st, parts.castillo_name), "castillo"))
        out += [(colour(c), A.SEAT_NAMES[c]) for c in range(len(A.SEAT_NAMES))]
        return out

    return in_every_language(pairs)
