"""Sentences for actions: ``describe`` (the full move) and ``announce`` (what others learn:
a sealed vote only that it was cast)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.shadow_of_the_emperor.board import (
    AGES,
    ELECTORATES,
    K_KNIGHT,
    KIND_TITLES,
    KINDS,
    SEAT_COLOURS,
    SHORT,
    tile_name,
)
from regalia.games.shadow_of_the_emperor.phases import R_PALATINATE, R_PERMIT, R_SON

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState


# Card names short enough for the terminal's columns of choices.
SHORT_TITLES = {"daughter": "King's daughter"}


# What "pass" means when it leaves an optional step unused (describe runs before apply, so
# the task on top of the stack is the step being decided).
PASS_WORDS = {"eminence": "No Gray eminence", "empire_city": "Leave the empire cities",
              "church": "No Church influence", "excomm": "No excommunication"}


def _placed_piece(s: ShadowState | None) -> str:
    """The tile being placed, as a player would name it: "Son", "Permit Couple", "B3" ..."""
    if s is None or not s.tasks or s.tasks[-1][0] != "place":
        return "Aristocrat"
    _, _seat, tile, age, couple, _exclude, _only, reason, _opt = s.tasks[-1]
    if tile >= 0:
        return tile_name(tile)
    side = "Couple" if couple else "Baron"
    return {R_SON: "Son", R_PERMIT: f"Permit {side}", R_PALATINATE: "Baron"}.get(
        reason, f"{AGES[age]} {side}")


def _tile(s: ShadowState | None, t: int) -> str:
    """``R3 (25 Baron)``: the notation's name with what the board shows of the tile."""
    if s is None or s.where[t] < 0:
        return tile_name(t)
    return f"{tile_name(t)} ({AGES[s.age[t]]} {'Couple' if s.couple[t] else 'Baron'})"


def _e(e: int) -> str:
    return SHORT[ELECTORATES[e]]


def _spot(spot: int, short: bool = False) -> str:
    e, castle = divmod(spot, 2)
    name = _e(e)[:3] if short else _e(e)
    return f"{name}{' castle' if castle else ''}"


def describe(s: ShadowState | None, action: Action) -> str:
    kind, args = action.kind, action.args
    if kind == "empire":
        a, b = args
        return f"Empire city onto {_e(a)}" if b < 0 else f"Empire city from {_e(a)} to {_e(b)}"
    if kind == "elector":
        return f"45-year-old Baron onto the elector space of {_e(args[0])}"
    if kind == "to":
        e, bump = args
        piece = _placed_piece(s)
        if bump < 0:
            return f"{piece} → {_e(e)}"
        return f"{piece} → {_e(e)}, {SEAT_COLOURS[bump].capitalize()} knight off"
    if kind == "pass" and s is not None and s.tasks and s.tasks[-1][0] in PASS_WORDS:
        return PASS_WORDS[s.tasks[-1][0]]
    if kind == "knight":
        return f"Knight → {_spot(args[1])}"
    if kind == "knight_from":
        if args[0] < 0:
            return "New knight" + (f" ({s.d.cards[K_KNIGHT].cost}t)" if s is not None else "")
        # Short enough for three columns of choices at 80 columns (21 characters).
        text = f"Knight {_spot(args[0])} →"
        return text if len(text) <= 21 else f"Knight {_spot(args[0], short=True)} →"
    if kind in ("buy", "trier"):
        k, size = args
        name = SHORT_TITLES.get(KINDS[k], KIND_TITLES[KINDS[k]])
        if KINDS[k] == "permit":
            name += " Couple" if size else " Baron"
        if s is not None:
            card = s.d.cards[k]
            name += f" ({card.cost_couple if size else card.cost}t)"
        return name if kind == "buy" else f"Trier: {name}"
    words = {
        "koeln": "Köln: a free Doctor", "palatinate": "Palatinate: free Baron",
        "convent": "Daughter to the convent",
        "accept": "Accept the marriage", "refuse": "Refuse the marriage",
        "pass": "Pass", "decline": "Do not carry out the card",
    }
    if kind in words:
        return words[kind]
    tile_words = {"younger": "one life stage younger", "older": "one life stage older",
                  "move": "moves to another electorate", "flip": "marries (becomes a Couple)",
                  "propose": "is proposed to", "seat": "becomes elector",
                  "throne": "goes to the throne"}
    if kind in ("younger", "older") and s is not None:
        # Short: a Doctor may have twenty targets to list side by side.
        tile = args[0]
        age = AGES[s.age[tile]]
        after = age - 10 if kind == "younger" else age + 10
        side = "Couple" if s.couple[tile] else "Baron"
        return f"{tile_name(tile)} {age} {side} → " + (str(after) if after <= 45 else "dies")
    if kind in tile_words:
        return f"{_tile(s, args[0])} {tile_words[kind]}"
    target_words = {"city": "City onto", "promote": "Promote the knight in",
                    "eminence": "Gray eminence into", "church": "Church influence in",
                    "excommunicate": "Excommunicate the elector of"}
    if kind in target_words:
        return f"{target_words[kind]} {_e(args[0])}"
    if kind == "award":
        return f"Award the tied electorate to {SEAT_COLOURS[args[0]].capitalize()}"
    if kind == "vote":
        return "Vote for the " + ("Emperor" if args[0] == 0 else "Rival")
    return action.text


def announce(s: ShadowState, action: Action, seat: int) -> str:
    if action.kind == "vote":
        return f"{s.seat_name(seat)} has voted (sealed)"
    return describe(s, action)
