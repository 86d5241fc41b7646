"""Sentences for actions: what an action does (describe), what other seats learn of it
(announce), and a warning for a legal but likely mistaken one (caution)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.palais_royal import actions as A
from regalia.games.palais_royal.rooms import ROOM_TITLES, space_name

if TYPE_CHECKING:
    from regalia.games.palais_royal.edition import CardKind, Noble
    from regalia.games.palais_royal.state import PalaisState

CARD_TEXT = {
    "gold": "take {n} gold", "turquoise": "+{n} turquoise seal this turn",
    "purple": "+{n} purple seal this turn", "moves": "+{n} Stairway moves this turn",
    "gate": "+{n} servants onto the Gate this turn",
    "office": "enlist {n} noble without an Office servant this turn",
    "backdoor": "draw {n} more cards at the Back door this turn",
    "cardinal": "+{n} in the Cardinal's room for this turn's ties", "prestige": "score it",
}
PRIVILEGE_TEXT = {
    "servants": "at once: {n} servants from the general supply",
    "moves": "+{n} Stairway move every turn", "diagonal": "Stairway moves may go diagonally",
    "gate": "+{n} servant onto the Gate every turn",
    "backdoor": "+{n} card at the Back door every turn",
    "turquoise": "+{n} turquoise seal every turn", "purple": "+{n} purple seal every turn",
    "gold": "+{n} gold every turn", "cardinal": "+{n} in the Cardinal's room for ties",
}


def card_text(kind: CardKind) -> str:
    effect = CARD_TEXT[kind.effect].format(n=kind.amount)
    vp = f", {kind.vp} VP" if kind.vp else ""
    return f"{kind.name} ({effect}{vp})"


def seals_text(nb: Noble) -> str:
    seals = [f"{n} {colour}" for n, colour in ((nb.turquoise, "turquoise"),
                                                (nb.purple, "purple")) if n]
    return " + ".join(seals) + (" seals" if seals else "no seals")


def noble_text(nb: Noble, gold: int | None = None) -> str:
    """A tile in words: its VP, what it costs (``gold``: the price now, if not the printed
    one), its privilege, and its id last (for an owner checking the edition)."""
    price = f"{nb.gold} gold" if gold is None or gold == nb.gold else \
        f"{gold} gold (printed {nb.gold})"
    perk = f"; {PRIVILEGE_TEXT[nb.privilege].format(n=nb.amount)}" if nb.privilege else ""
    return f"{nb.vp} VP for {price}, {seals_text(nb)}{perk} (tile {nb.id})"


def describe(s: PalaisState, action: Action) -> str:
    kind = action.kind
    args = action.args
    if kind == "place":
        return f"a servant into the {ROOM_TITLES[args[0]]}"
    if kind == "recruit":
        src = "the play area" if args[0] < 0 else f"the {ROOM_TITLES[args[0]]}"
        return f"place a servant from {src} on the Gate"
    if kind == "move":
        return f"move a servant from the {ROOM_TITLES[args[0]]} to the {ROOM_TITLES[args[1]]}"
    if kind == "extra":
        src = "the play area" if args[1] < 0 else f"the {ROOM_TITLES[args[1]]}"
        return f"majority bonus: a servant from {src} into the {ROOM_TITLES[args[0]]}"
    if kind == "enlist":
        space = A.enlist_space(action, s.d.columns)
        tile = s.park[space] if 0 <= space < len(s.park) else -1
        where = space_name(space, s.d.columns) if 0 <= space < len(s.park) else "?"
        if tile < 0:
            return f"enlist the noble on {where}"
        return f"enlist the noble on {where}: " + noble_text(s.d.nobles[tile],
                                                             s.gold_cost(space))
    if kind == "leave":
        src = "the play area" if args[0] < 0 else f"the {ROOM_TITLES[args[0]]}"
        return f"leave a servant from {src} on the emptied edge space"
    if kind == "draw":
        return "draw privilege cards at the Back door"
    if kind == "keep":
        return f"keep {card_text(s.d.cards[args[0]])}, sending a Back-door servant home"
    if kind == "play":
        return f"play {card_text(s.d.cards[args[0]])}"
    return {
        "parade": "end the Parade-ground step", "stairs": "end the Stairway step",
        "rooms": "end step 3 (Mint, seals, Office)", "enlist": "stop enlisting nobles",
        "backdoor": "end the turn without drawing", "keep": "discard the other cards and "
        "end the turn",
    }.get(_phase_word(s), "done")


def _phase_word(s: PalaisState) -> str:
    from regalia.games.palais_royal.state import PHASE_NAMES

    return PHASE_NAMES[s.phase]


def announce(s: PalaisState, action: Action, seat: int) -> str:
    """Others learn everything but the kind of a card kept."""
    if action.kind == "keep":
        return "keep a drawn card, sending a Back-door servant home"
    if action.kind == "enlist" and not s.options["open_nobles"]:
        space = A.enlist_space(action, s.d.columns)
        tile = s.park[space]
        if tile >= 0 and s.d.nobles[tile].privilege is None:
            return f"enlist the noble from {space_name(space, s.d.columns)} (face down)"
    return describe(s, action)


def caution(s: PalaisState, action: Action, seat: int) -> str | None:
    if action is not A.DONE:
        return None
    word = _phase_word(s)
    if word in ("parade", "stairs") and s.left > 0:
        what = "placements" if word == "parade" else "moves"
        return f"You still have {s.left} {what}; unused ones are lost."
    if word == "enlist" and any(a.kind == "enlist" for a in s.opts):
        return "You can still enlist a noble this turn."
    if word == "backdoor" and A.DRAW in s.opts:
        return "You have servants at the Back door and could draw cards."
    if word == "rooms" and any(a.kind == "extra" for a in s.opts):
        return "You can still place a majority bonus servant (King's chamber or Pompadour)."
    if word == "keep" and any(a.kind == "keep" for a in s.opts):
        return "You could still keep a drawn card (a Back-door servant goes home for it)."
    return None
