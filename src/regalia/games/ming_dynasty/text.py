"""Sentences a person reads for each action (``describe``), short enough for a menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.games.ming_dynasty.board import CARD_KINDS, DISTRICT_IDS, TRANSPORTS

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState


def district_name(s: MingState, dist: int) -> str:
    return f"{DISTRICT_IDS[dist]} ({s.d.province_names[dist // 3]})"


def space_name(s: MingState, province: int) -> str:
    return f"space {province + 1} ({s.d.province_names[province]})"


def describe(s: MingState, action: Action) -> str:
    # Phase 3 offers up to a dozen choices, shown in three columns at 80 columns: its
    # sentences stay within fourteen characters (the board names each district's province).
    kind, args = action.kind, action.args
    if kind == "prince":
        return f"prince to {district_name(s, args[0])}"
    if kind == "neutral":
        return f"neutral member to {district_name(s, args[0])}"
    if kind == "place":
        return f"member onto {space_name(s, args[0])}"
    if kind == "take":
        card = s.display[args[0]]
        what = TRANSPORTS[card] if card >= 0 else "card"
        return f"take the {what} (space {args[0] + 1})"
    if kind == "dragon":  # short enough for a two-column menu at 80 columns
        return f"dragon (box a member, space {args[0] + 1})"
    if kind == "step":
        if args[1]:
            return f"{DISTRICT_IDS[args[0]]} by dragon"
        here = s.prince[s.cur] if s.cur >= 0 else -1
        pay = next((TRANSPORTS[t] for q, t in s.d.neighbours[here] if q == args[0]), "card") \
            if here >= 0 else "card"
        return f"{DISTRICT_IDS[args[0]]} by {pay}"
    if kind == "stop":
        return "end the move here"
    if kind == "stay":
        return f"stay: {CARD_KINDS[args[0]]}"
    if kind == "deploy":
        return "deploy a member into the cloister" if args[0] else \
            "deploy a member into the open area"
    if kind == "done":
        return "end the deployment"
    if kind == "pass":
        return "pass (round)"
    if kind == "return":
        return f"send {args[0]} back" if args[0] else "keep all"
    if kind == "back":
        return f"a city member back to {district_name(s, args[0])}"
    if kind == "neutral_back":
        return f"a neutral city member back to {district_name(s, args[0])}"
    if kind == "start":
        return f"{s.seat_name(args[0])} starts the next round"
    return action.text
