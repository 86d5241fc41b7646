"""Palais Royal's observation vector: the castle's rooms, the park and each seat's court, as seen
from one seat (the viewer first, then the seats after it: :func:`seat_order`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.games.palais_royal.edition import (
    EDGE_NAMES,
    N_NOBLES,
    PRIVILEGES,
    data_of,
    load_edition,
)
from regalia.games.palais_royal.rooms import BONUS_ROOMS, ROOMS
from regalia.games.palais_royal.state import PHASE_NAMES
from regalia.rl.observations import (
    Field,
    begin,
    fields,
    squashed,
)

_BUILTIN = data_of(load_edition(None))
SPACES = _BUILTIN.rows * _BUILTIN.columns
CARD_IDS = tuple(c.id for c in _BUILTIN.cards)
CARDS = len(CARD_IDS)
SERVANTS = _BUILTIN.servants + _BUILTIN.general_supply  # the most one room can hold
# Open-ended amounts x are given as x / (x + scale) (squashed: see the package).
ROUND_SCALE, LEFT_SCALE, GOLD_SCALE, COST_SCALE, VP_SCALE = 30, 10, 20, 10, 20
SCORE_SCALE, CARD_SCALE, PERK_SCALE, TURN_SCALE = 100, 5, 4, 5
SPACE_LENGTH = 6 + len(PRIVILEGES)  # plus one slot per seat for a servant on the space
SEAT_SCALARS = {"gold": GOLD_SCALE, "area": SERVANTS, "supply": SERVANTS,
                "face_down": N_NOBLES, "hand_count": CARD_SCALE * 2, "played_vp": VP_SCALE,
                "score_known": SCORE_SCALE}
TURN_KEYS = ("turquoise", "purple", "office", "cardinal", "extra_king", "extra_pompadour",
             "backdoor_draws")

_STEP = {name: i for i, name in enumerate(PHASE_NAMES)}
_ROOM = {name: i for i, name in enumerate(ROOMS)}
_CARD = {card: i for i, card in enumerate(CARD_IDS)}
_PRIVILEGE = {name: i for i, name in enumerate(PRIVILEGES)}
BONUS_ROOM_NAMES = tuple(ROOMS[r] for r in BONUS_ROOMS)


def layout(players: int) -> tuple[Field, ...]:
    p = players
    cards = ", ".join(CARD_IDS)
    out = [
        ("round", 3, f"round / {ROUND_SCALE} (squashed); 1 once the end is triggered; 1 once "
         "the game is over"),
        ("step", len(PHASE_NAMES) + 1, "one-hot step of the turn (" + ", ".join(PHASE_NAMES)
         + f"); placements or moves left in it / {LEFT_SCALE} (squashed)"),
        ("to_move", p, "per seat: 1 if it has a decision now"),
        ("current", p, "one-hot: the seat on turn"),
        ("layout", 9 * len(ROOMS), "per cell of the 3 x 3 castle, row by row: one-hot room ("
         + ", ".join(ROOMS) + ")"),
        ("rooms", len(ROOMS) * p, f"per room (same order), per seat: servants there / "
         f"{SERVANTS}"),
        ("majority", len(BONUS_ROOMS) * p, "per bonus room (" + ", ".join(BONUS_ROOM_NAMES)
         + "): one-hot seat holding its majority"),
        ("park", SPACES * (SPACE_LENGTH + p), f"per park space, row by row: 1 if a noble lies "
         f"there; its gold cost now / {COST_SCALE}; its VP / {VP_SCALE}; turquoise and purple "
         f"seals it needs / 3 (each squashed); one-hot privilege (" + ", ".join(PRIVILEGES)
         + f"); its amount / {PERK_SCALE} (squashed); one-hot seat whose servant stands on "
         "the emptied edge space"),
        ("edges", len(EDGE_NAMES) * p, "per park edge (" + ", ".join(EDGE_NAMES) + "), per "
         f"seat: servants on it / {SERVANTS}"),
        ("nobles", 4, f"nobles left, the count that ends the game, nobles in the box, each / "
         f"{N_NOBLES}; cards in the draw pile / {CARDS * 4} (squashed)"),
        ("discard", CARDS, f"per card kind ({cards}): cards in the open discard pile / "
         f"{CARD_SCALE} (squashed)"),
        ("turn", len(TURN_KEYS), "this turn, each / 5 (squashed) or a flag: "
         + ", ".join(TURN_KEYS)),
        ("drawn", CARDS + 1, f"per card kind: the viewer's own Back-door draw / {CARD_SCALE}; "
         f"cards drawn (anyone's) / {CARD_SCALE} (squashed)"),
    ]
    out += [(name, p, f"per seat: {name.replace('_', ' ')} / {scale} (squashed)")
            for name, scale in SEAT_SCALARS.items()]
    out += [
        ("face_down_vp", p, f"per seat: VP of its face-down nobles where the view shows them "
         f"(own, or every seat's with open_nobles) / {SCORE_SCALE}, else 0"),
        ("perks", len(PRIVILEGES) * p, f"per seat, per privilege: amount / {PERK_SCALE} "
         "(squashed)"),
        ("played", CARDS * p, f"per seat, per card kind: cards played / {CARD_SCALE} "
         "(squashed)"),
        ("own_hand", CARDS, f"per card kind: cards in the viewer's hand / {CARD_SCALE} "
         "(squashed)"),
    ]
    return fields(*out)


def encode(view: Mapping[str, Any], players: int) -> list[float]:
    order, rel, out, at = begin(layout, view, players, view["players"])
    p = players

    base = at["round"]
    v = view["round"] / ROUND_SCALE
    out[base] = v / (1.0 + v)
    out[base + 1] = 1.0 if view["last_round"] else 0.0
    out[base + 2] = 1.0 if view["over"] else 0.0
    base = at["step"]
    out[base + _STEP[view["step"]]] = 1.0
    v = view["left"] / LEFT_SCALE
    out[base + len(PHASE_NAMES)] = v / (1.0 + v)
    base = at["to_move"]
    for s in view["to_move"]:
        out[base + rel[s]] = 1.0
    if view["current"] is not None:
        out[at["current"] + rel[view["current"]]] = 1.0
    base = at["layout"]
    for row in view["layout"]:
        for room in row:
            out[base + _ROOM[room]] = 1.0
            base += len(ROOMS)
    base = at["rooms"]
    for room, counts in view["rooms"].items():
        i = base + _ROOM[room] * p
        for k, s in enumerate(order):
            n = counts[s]
            if n:
                out[i + k] = n / SERVANTS if n < SERVANTS else 1.0
    base = at["majority"]
    majority = view["majority"]
    for r, room in enumerate(BONUS_ROOM_NAMES):
        holder = majority.get(room)
        if holder is not None:
            out[base + r * p + rel[holder]] = 1.0

    spaces = view["park"]["spaces"]
    if len(spaces) != SPACES:
        raise RegaliaError(f"the observation layout has a park of {SPACES} spaces (the built-in "
                           f"edition's); this view's has {len(spaces)}")
    base = at["park"]
    step = SPACE_LENGTH + p
    for space in spaces:
        noble = space["noble"]
        if noble is not None:
            # Inline caps: this loop runs over every space of the park at every step.
            out[base] = 1.0
            v = space["cost"] / COST_SCALE
            out[base + 1] = v / (1.0 + v)
            v = noble["vp"] / VP_SCALE
            out[base + 2] = v / (1.0 + v)
            v = noble["turquoise"] / 3
            out[base + 3] = v / (1.0 + v)
            v = noble["purple"] / 3
            out[base + 4] = v / (1.0 + v)
            privilege = noble["privilege"]
            if privilege is not None:
                out[base + 5 + _PRIVILEGE[privilege]] = 1.0
                v = noble["amount"] / PERK_SCALE
                out[base + 5 + len(PRIVILEGES)] = v / (1.0 + v)
        servant = space["servant"]
        if servant is not None:
            out[base + SPACE_LENGTH + rel[servant]] = 1.0
        base += step
    base = at["edges"]
    for edge in view["edges"]:
        counts = edge["counts"]
        for k, s in enumerate(order):
            n = counts[s]
            if n:
                out[base + k] = n / SERVANTS if n < SERVANTS else 1.0
        base += p
    base = at["nobles"]
    out[base] = view["nobles_left"] / N_NOBLES
    out[base + 1] = view["end_at"] / N_NOBLES
    out[base + 2] = view["box"] / N_NOBLES
    out[base + 3] = squashed(view["deck"], CARDS * 4)
    _cards(out, at["discard"], view["discard"])
    turn = view["turn"]
    if turn is not None:
        base = at["turn"]
        for k, key in enumerate(TURN_KEYS):
            v = turn[key] / TURN_SCALE
            out[base + k] = v / (1.0 + v)
    base = at["drawn"]
    for card in view["drawn"] or ():
        i = base + _CARD[card]
        out[i] = min(out[i] + 1 / CARD_SCALE, 1.0)
    v = view["drawn_count"] / CARD_SCALE
    out[base + CARDS] = v / (1.0 + v)

    info = view["seats"]
    ordered = [info[s] for s in order]
    for name, scale in SEAT_SCALARS.items():
        base = at[name]
        for k, x in enumerate(ordered):
            v = x[name] / scale
            out[base + k] = v / (1.0 + v)
    for k, x in enumerate(ordered):
        down = x["face_down_nobles"]
        if down:
            v = sum(n["vp"] for n in down) / SCORE_SCALE
            out[at["face_down_vp"] + k] = v / (1.0 + v)
        base = at["perks"] + len(PRIVILEGES) * k
        for name, amount in x["perks"].items():
            v = amount / PERK_SCALE
            out[base + _PRIVILEGE[name]] = v / (1.0 + v)
        _cards(out, at["played"] + CARDS * k, x["played"])
    _cards(out, at["own_hand"], ordered[0]["hand"] or {})
    return out


def _cards(out: list[float], base: int, counts: Mapping[str, int]) -> None:
    for card, n in counts.items():
        v = n / CARD_SCALE
        out[base + _CARD[card]] = v / (1.0 + v)
