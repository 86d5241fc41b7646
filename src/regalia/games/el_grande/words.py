"""El Grande in words: actions told to the mover and to the other seats, pending decisions,
log lines, cautions before a likely slip, and why an action is illegal.

``describe`` speaks to the mover ("Take 3 Caballeros into your court"); ``announce`` is what
the other seats read, in the third person with the mover's colour ("Yellow takes 3
Caballeros into his court"), hiding what the rules keep secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.phases import (
    ACTION,
    CARD,
    MAIN,
    POWER,
    RECALL,
    RECRUIT,
    S_CARD,
    S_CASTILLO,
    S_SETUP,
    SEALED,
    VETO,
    WITHDRAW,
)

if TYPE_CHECKING:
    from regalia.games.el_grande.state import ElGrandeState as St

CASTILLO = A.CASTILLO


def caballeros(n: int) -> str:
    """'1 Caballero', '2 Caballeros', 'no Caballeros'."""
    if n == 0:
        return "no Caballeros"
    return f"{n} Caballero" if n == 1 else f"{n} Caballeros"


def area_name(st: St, area: int) -> str:
    if area == CASTILLO:
        return "the Castillo"
    if area < 0:
        return "nowhere"
    return st.components.region_names[area]


def who(st: St, seat: int) -> str:
    return st.seat_name(seat)


def card_name(st: St) -> str:
    return st.components.cards[st.turn_card].name


def _board_name(st: St, board: int) -> str:
    name = st.components.scoreboard_names[board]
    return name[:1].lower() + name[1:]


# ---------------------------------------------------------------------- actions
class _Voice:
    """Second person to the mover (``seat`` None: imperative) or third person with his colour."""

    def __init__(self, st: St, seat: int | None) -> None:
        self.st, self.seat = st, seat
        self.your = "your" if seat is None else "his"

    def say(self, verb: str, rest: str) -> str:
        if self.seat is None:
            return f"{verb[:1].upper()}{verb[1:]} {rest}"
        return f"{who(self.st, self.seat)} {_third_person(verb)} {rest}"

    def caballero_of(self, colour: int) -> str:
        """'a blue Caballero', or 'one of your / his Caballeros' for the mover's own."""
        mover = self.seat if self.seat is not None else self.st.active_seat
        if colour == mover:
            return f"one of {self.your} Caballeros"
        return f"a {A.SEAT_NAMES[colour]} Caballero"


def _third_person(verb: str) -> str:
    """'take' -> 'takes', 'carry out' -> 'carries out', 'pass' -> 'passes'."""
    head, _, tail = verb.partition(" ")
    if head.endswith(("s", "sh", "ch", "x")):
        head += "es"
    elif head.endswith("y") and head[-2:-1] not in "aeiou":
        head = head[:-1] + "ies"
    else:
        head += "s"
    return f"{head} {tail}" if tail else head


def describe(st: St, action: Action) -> str:
    """The action told to the player who takes it."""
    return _tell(st, action, _Voice(st, None), secret=False)


def announce(st: St, action: Action, seat: int) -> str:
    """The action as the other seats learn of it: third person, secrets kept."""
    return _tell(st, action, _Voice(st, seat), secret=True)


def _tell(st: St, action: Action, voice: _Voice, secret: bool) -> str:
    kind, args, say, your = action.kind, action.args, voice.say, voice.your
    parts = st.components
    if kind == "power":
        n = parts.power_caballeros[args[0]]
        gain = f"up to {caballeros(n)} to {your} court" if n else "no Caballeros to court"
        return say("play", f"power card {args[0]} ({gain})")
    if kind == "court":
        return say("take", f"{caballeros(args[0])} into {your} court")
    if kind == "recall":
        return say("take", f"a Caballero from {area_name(st, args[0])} back into {your} court "
                           "(the provinces ran out)")
    if kind == "card":
        stack = args[0]
        t = st.face_up[stack]
        name = parts.cards[t].name if t >= 0 else "no card"
        return say("take", f"the action card of stack {stack + 1} ({name})")
    if kind == "place":
        return say("place", f"a Caballero in {area_name(st, args[0])}")
    if kind == "act":
        if st.turn_card < 0:
            return say("carry out", "the special action")
        return say("carry out", f"the special action of {card_name(st)}")
    if kind == "done":
        return say("end", f"{your} turn")
    if kind == "stop":
        return say("stop", f"{your} special action here")
    if kind == "pick":
        return say("move", f"{voice.caballero_of(args[0])} out of {area_name(st, args[1])}")
    if kind == "to":
        if st.special_picked_colour < 0:
            return say("move", f"the chosen Caballero to {area_name(st, args[0])}")
        return say("move", f"{voice.caballero_of(st.special_picked_colour)} from "
                           f"{area_name(st, st.special_picked_region)} to "
                           f"{area_name(st, args[0])}")
    if kind == "return":
        colour, region = args
        mover = voice.seat if voice.seat is not None else st.active_seat
        provinces = f"{your} provinces" if colour == mover else "the provinces"
        return say("send", f"{voice.caballero_of(colour)} from {area_name(st, region)} back "
                           f"to {provinces}")
    if kind == "withdraw":
        source = f"{your} court" if args[0] == A.REGIONS else area_name(st, args[0])
        return say("return", f"one of {your} Caballeros from {source} to {your} provinces")
    if kind == "score":
        return say("score", f"{area_name(st, args[0])} now")
    if kind == "king":
        return say("move", f"the King to {area_name(st, args[0])}")
    if kind == "grande":
        return say("move", f"{your} Grande to {area_name(st, args[0])}; it becomes {your} home")
    if kind == "scoreboard":
        return say("put", f"the {_board_name(st, args[0])} on {area_name(st, args[1])}")
    if kind == "evict":
        return say("name", f"{area_name(st, args[0])} for Movement: the other players there "
                           "move all their Caballeros out by secret disk")
    if kind == "takeback":
        if secret:  # "need not reveal which" (the 1995 rule book, Power Cards)
            return say("take", f"one of {your} played power cards back into {your} hand "
                               "(unseen)")
        return say("take", f"power card {args[0]} back into {your} hand")
    if kind == "disk":
        if secret:  # sealed until every seat has chosen; the reveal is in the log
            return say("set", f"{your} disk (secret until everyone has chosen)")
        return say("set", f"{your} disk to {area_name(st, args[0])}")
    if kind == "veto":
        return say("use", f"{your} Veto to stop {who(st, st.active_seat)}'s special action")
    if kind == "pass":
        return say("let", f"{who(st, st.active_seat)}'s special action go on (keeping "
                          f"{your} Veto)")
    return action.text


# The printed texts (edition) follow the 1995 rule book; an option that plays another
# reading shows that reading's text instead.
_OTHER_READINGS = {
    ("return-each", "banish_own"):
        "You may send 1 Caballero of each opponent from a region back to his provinces.",
    ("scoreboard", "scoreboard_on_castillo"):
        "Place one of the mobile scoreboards on a region, or move one already on the board "
        "(never onto the Castillo, never into or out of the King's region).",
    ("evict", "movement_to_court"):
        "Name a region. Each other player with Caballeros there secretly chooses another "
        "region (not the King's) on his disk and moves all of them there.",
    ("secret-scoring", "secret_scoring_king"):
        "Every player secretly chooses a region (not the King's) on his disk; each region "
        "chosen by exactly one player is scored at once.",
}


def card_text(st: St, t: int) -> str:
    """The text of card type ``t`` under the options in force."""
    card = st.components.cards[t]
    for (kind, flag), text in _OTHER_READINGS.items():
        if card.kind == kind and not getattr(st, flag):
            return text
    return card.text


# ---------------------------------------------------------------------- what is pending
def placeable(st: St) -> int:
    """Caballeros the active player may still place this turn from his court."""
    if not st._can_place():
        return 0
    return min(st.place_max - st.placed, st.court[st.active_seat])


def pending(st: St, seat: int) -> str:
    """The decision ``seat`` faces, in words (addressed to him)."""
    phase = st.phase
    if phase == POWER:
        return "play a power card"
    if phase == RECRUIT:
        return f"take up to {caballeros(st.recruit_max)} into your court"
    if phase == RECALL:
        left = st.recall_left
        return (f"take {left} more {'Caballero' if left == 1 else 'Caballeros'} from the "
                "board into your court (the provinces ran out)")
    if phase == CARD:
        return "take one of the face-up action cards"
    if phase == MAIN:
        options = []
        n = placeable(st)
        if n:  # the card's number and what is left; the card's name is on the screen
            more = "1 more Caballero" if n == 1 else f"up to {n} more Caballeros"
            options.append(f"place {more}")
        if st.special_state == 0 and st.components.cards[st.turn_card].kind != "veto":
            options.append("carry out the special action")
        options.append("end your turn")
        return ", ".join(options[:-1]) + (", or " if len(options) > 1 else "") + options[-1]
    if phase == ACTION:
        return f"carry out {card_name(st)}"
    if phase == WITHDRAW:
        left = st.special_left
        return (f"return {left} of your {'Caballero' if left == 1 else 'Caballeros'} to "
                "your provinces (The King returns!)")
    if phase == SEALED:
        return {S_SETUP: "set your disk: where your setup Caballero goes",
                S_CASTILLO: "set your disk: where your Castillo Caballeros go",
                S_CARD: f"set your disk for {card_name(st)}"}[st.disk_purpose]
    if phase == VETO:
        return f"use your Veto against {who(st, st.active_seat)}'s special action, or pass"
    return "nothing"


def caution(st: St, action: Action, seat: int) -> str | None:
    """A sentence to confirm before ``done`` that forfeits placements or the special action."""
    if action.kind != "done" or st.phase != MAIN or seat != st.active_seat:
        return None
    left, lost = [], ""
    n = placeable(st)
    if n:
        left.append(f"may still place {caballeros(n)}")
        lost = "it is" if n == 1 else "they are"
    if st.special_state == 0 and st.components.cards[st.turn_card].kind != "veto":
        left.append(f"have not used the special action of {card_name(st)}")
        lost = "both are" if lost else "it is"
    if not left:
        return None
    return f"You {' and '.join(left)}; {lost} lost if you end your turn now."


# ---------------------------------------------------------------------- the public log
def log_text(st: St, e: tuple[Any, ...]) -> str:
    """One public log event (see state._emit) as a sentence in the third person."""
    kind, parts = e[0], st.components
    if kind == "round":
        return f"Round {e[1]} begins"
    if kind == "general":
        return f"General scoring after round {e[1]}"
    if kind == "score":
        shown = ", ".join(f"{who(st, s)} {p}" for s, p in enumerate(e[3]) if p) or "nobody"
        area = area_name(st, e[2])
        return f"{area[:1].upper()}{area[1:]} scored: {shown}"  # "The Castillo" opens it
    if kind == "disks":
        shown = ", ".join(f"{who(st, s)} {area_name(st, r)}" for s, r in enumerate(e[2])
                          if r >= 0)
        return f"Disks revealed: {shown}"
    if kind == "over":
        return "The game is over"
    name = who(st, e[1])
    if kind == "power":
        return f"{name} plays power card {e[2]}"
    if kind == "court":
        return f"{name} takes {caballeros(e[2])} into his court"
    if kind == "recall":
        return f"{name} takes a Caballero from {area_name(st, e[2])} back into his court"
    if kind == "card":
        card = parts.cards[parts.card_index[e[2]]]
        return f"{name} takes {card.name} (stack {card.stack})"
    if kind == "place":
        return f"{name} places a Caballero in {area_name(st, e[2])}"
    if kind == "act":
        return f"{name} carries out {parts.cards[parts.card_index[e[2]]].name}"
    if kind == "move":
        piece = "one of his Caballeros" if e[2] == e[1] else \
            f"a {A.SEAT_NAMES[e[2]]} Caballero"
        return f"{name} moves {piece} from {area_name(st, e[3])} to {area_name(st, e[4])}"
    if kind == "return":
        source = "his court" if e[3] == A.REGIONS else area_name(st, e[3])
        if e[2] == e[1]:
            return f"{name} returns one of his Caballeros from {source} to his provinces"
        return f"{name} sends a {A.SEAT_NAMES[e[2]]} Caballero from {source} to the provinces"
    if kind == "decay":
        lost = ", ".join(f"{who(st, s)} {caballeros(n)}" for s, n in enumerate(e[2])
                         if s != e[1])
        return f"{name}'s Decay of Authority sends court Caballeros to the provinces: {lost}"
    if kind == "king":
        return f"{name} moves the King to {area_name(st, e[2])}"
    if kind == "grande":
        return f"{name} moves his Grande to {area_name(st, e[2])}"
    if kind == "scoreboard":
        return f"{name} puts the {_board_name(st, e[2])} on {area_name(st, e[3])}"
    if kind == "evict":
        return f"{name} names {area_name(st, e[2])} for Movement"
    if kind == "takeback":
        return f"{name} takes one of his played power cards back into his hand"
    if kind == "veto":
        return f"{name} vetoes {who(st, e[2])}'s special action"
    return kind


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
        return f"'{action}' is not legal for {name} now; legal: {shown}"
    return f"'{action}' is not legal for {name}: {reason}"


def _reason(st: St, action: Action, seat: int) -> str | None:
    kind, args, king = action.kind, action.args, st.king_region
    phase = st.phase
    if phase in _KINDS and kind not in _KINDS[phase]:
        return f"now {who_must(st, seat)}"
    if phase == ACTION and kind not in {a.kind for a in st.legal_actions(seat)}:
        return f"now {who_must(st, seat)}"  # a special action: only its own decisions
    taboo = "nothing may enter or leave the King's region (the 1995 rule book)"
    if kind == "power":
        v = args[0]
        for s in range(st.players):
            if s != seat and st.power_played[s] == v:
                return f"{v} was already played this round by {who(st, s)}"
        return f"power card {v} is not in your hand (played cards stay out)"
    if kind == "court":
        return f"you may take at most {caballeros(st.recruit_max)} into your court now"
    if kind == "recall":
        if args[0] == king:
            return taboo
        return f"you have no Caballero in {area_name(st, args[0])}"
    if kind == "card":
        stack = args[0]
        if st.face_up[stack] < 0:
            return f"stack {stack + 1} has no card"
        return (f"the card of stack {stack + 1} was already taken this round by "
                f"{who(st, st.taken_by[stack])}")
    if kind == "place" and phase == MAIN:
        area = args[0]
        if st.placement_over:
            return ("the placement may not be split around the special action "
                    "(the 1995 rule book's rule D, option split_placement=false)")
        if st.placed >= st.place_max:
            return f"this card lets you place at most {caballeros(st.place_max)}"
        if not st.court[seat]:
            return "your court is empty"
        if area == king:
            return "nothing may enter the King's region"
        neighbours = ", ".join(st.components.region_names[n]
                               for n in st.components.neighbors[king])
        return f"Caballeros are placed only next to the King ({neighbours}) or in the Castillo"
    if kind == "act":
        if st.components.cards[st.turn_card].kind == "veto":
            return "the Veto card has no action now: it is kept for use against another player"
        return "you have already carried out this card's special action"
    if kind in ("pick", "to", "king", "grande", "scoreboard", "evict", "return", "withdraw",
                "disk", "score", "place"):
        area = args[-1]
        if kind in ("pick", "to", "grande", "scoreboard", "evict", "return", "place",
                    "withdraw") and area == king:
            return taboo
        if kind == "scoreboard" and st.scoreboards[args[0]] == king:
            return "a mobile scoreboard in the King's region cannot leave it"
        if kind == "scoreboard" and area == CASTILLO and not st.scoreboard_on_castillo:
            return "a mobile scoreboard goes on a region only (option scoreboard_castillo)"
        if kind == "grande" and st.grande_region[seat] == king:
            return "a Grande in the King's region cannot leave it"
        card = st.components.cards[st.turn_card] if st.turn_card >= 0 else None
        if kind == "king" and phase == ACTION and card is not None and card.kind == "king" \
                and card["adjacent"]:
            return f"the Royal Adviser moves the King only next to {area_name(st, king)}"
        if kind == "disk" and area == king:
            return "the disk may not name the King's region here"
    return None


def who_must(st: St, seat: int) -> str:
    if seat not in st.seats_to_move:
        return "it is not your decision"
    return f"you must {pending(st, seat)}"
