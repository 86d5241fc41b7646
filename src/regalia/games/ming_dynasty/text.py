"""Sentences a person reads for each action (``describe``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.ming_dynasty.board import CARD_KINDS, DISTRICT_IDS, TRANSPORTS

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState


def district_name(s: MingState, dist: int) -> str:
    return f"{DISTRICT_IDS[dist]} ({s.d.province_names[dist // 3]})"


def describe(s: MingState, action: Action) -> str:
    kind, args = action.kind, action.args
    names = s.d.province_names
    if kind == "prince":
        return f"put the prince into district {district_name(s, args[0])}"
    if kind == "neutral":
        return f"put a neutral family member into district {district_name(s, args[0])}"
    if kind == "place":
        return f"place a family member on the {names[args[0]]} province space ({args[0] + 1})"
    if kind == "take":
        card = s.display[args[0]]
        what = f"the {TRANSPORTS[card]} card" if card >= 0 else "the card"
        return f"take {what} beside the {names[args[0]]} province space"
    if kind == "dragon":
        return (f"take a dragon, sending a family member from the {names[args[0]]} province "
                "space to the box")
    if kind == "step":
        return (f"move the prince into {district_name(s, args[0])}"
                + (" paying a dragon" if args[1] else " paying the border's card"))
    if kind == "stop":
        return "end the move here"
    if kind == "stay":
        return f"stay, discarding a {CARD_KINDS[args[0]]} card"
    if kind == "deploy":
        return "deploy a family member into the cloister" if args[0] else \
            "deploy a family member into the open area"
    if kind == "done":
        return "end the deployment"
    if kind == "pass":
        return "pass for the rest of this phase"
    if kind == "return":
        return f"return {args[0]} family member{'s' if args[0] != 1 else ''} from the city"
    if kind == "back":
        return f"send a city family member back to {district_name(s, args[0])}"
    if kind == "neutral_back":
        return f"send a neutral city family member back to {district_name(s, args[0])}"
    if kind == "start":
        return f"Player {args[0] + 1} becomes the start player"
    return action.text
