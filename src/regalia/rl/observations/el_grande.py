"""El Grande's observation vector: the board, the cards and each seat's public state, as seen
from one seat (the viewer first, then the seats after it: :func:`seat_order`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.games.el_grande.edition import REGION_IDS, components, load_edition
from regalia.rl.observations import (
    Field,
    begin,
    fields,
)

PHASES = ("setup-disk", "power", "recruit", "recall", "card", "turn", "action", "withdraw",
          "disk", "veto", "over")
SEALED = ("setup", "castillo", "card")
TURN_ACTIONS = ("not started", "in progress", "done", "none")
REGIONS = len(REGION_IDS)
AREA_IDS = (*REGION_IDS, "castillo")
AREAS = len(AREA_IDS)
POWER = 13  # power cards 1-13
ROUNDS = 9
# Components bound the counts: each player owns 30 Caballeros and 2 Veto cards; no area is
# worth more than 10 to its first; a card places or moves at most 5 at a time (capped above).
CABALLEROS = 30
AREA_VALUE = 10.0
PER_CARD = 5.0
SCORE_SCALE = 200.0  # final scores stay well below it (squashed all the same)

_AREA = {area: i for i, area in enumerate(AREA_IDS)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_SEALED = {name: i for i, name in enumerate(SEALED)}
_TURN_ACTION = {name: i for i, name in enumerate(TURN_ACTIONS)}


def _card_tables() -> tuple[tuple[str, ...], dict[str, int], tuple[int, ...], tuple[int, ...]]:
    """Card-type ids in stack order, their positions, each stack's first position, copies."""
    cards = components(load_edition(None)).cards
    ordered = sorted(cards, key=lambda c: (c.stack, c.index))
    ids = tuple(c.id for c in ordered)
    starts = tuple(next(i for i, c in enumerate(ordered) if c.stack == k) for k in range(1, 6))
    return ids, {card: i for i, card in enumerate(ids)}, starts, tuple(c.count for c in ordered)


CARD_IDS, _CARD, _STACK_START, _COPIES = _card_tables()
CARDS = len(CARD_IDS)


def layout(players: int) -> tuple[Field, ...]:
    p = players
    return fields(
        ("phase", len(PHASES), "one-hot: " + ", ".join(PHASES)),
        ("sealed_purpose", len(SEALED), "one-hot, during a secret disk choice: "
         + ", ".join(SEALED)),
        ("round", 4, "round number / 9; rounds played / rounds in the game; 1 in a scoring "
         "round (3, 6, 9); 1 in the 6-round game"),
        ("to_move", p, "per seat: 1 if it has a decision now"),
        ("active", p, "one-hot: the seat whose turn it is (all 0: none)"),
        ("start_player", p, "one-hot: the seat that bids first this round"),
        ("turn_order", p, "per seat: its place in this round's turn order / players (0 "
         "while bidding)"),
        ("king", REGIONS, "one-hot: the King's region, regions in board order: "
         + ", ".join(REGION_IDS)),
        ("caballeros", AREAS * p, f"per area (the regions, then the Castillo), per seat: "
         f"Caballeros there / {CABALLEROS}"),
        ("grandes", REGIONS * p, "per region, per seat: 1 if the seat's Grande stands there"),
        ("area_values", AREAS * 3, f"per area: its current 1st, 2nd, 3rd values (a mobile "
         f"scoreboard applied) / {AREA_VALUE:g}"),
        ("scoreboards", 2 * (AREAS + 1), "per mobile scoreboard (high, low): one-hot of the "
         "area it lies on, last slot: beside the board"),
        ("score", p, f"per seat: score / {SCORE_SCALE:g} (squashed)"),
        ("court", p, f"per seat: Caballeros in court / {CABALLEROS}"),
        ("provinces", p, f"per seat: Caballeros in the provinces / {CABALLEROS}"),
        ("hand_count", p, f"per seat: power cards in hand / {POWER}"),
        ("takebacks", p, f"per seat: power cards secretly taken back / {POWER}"),
        ("vetos", p, "per seat: Veto cards held / 2"),
        ("power_card", p, f"per seat: the power card played this round / {POWER} (0: none "
         "yet)"),
        ("power_played", p * POWER, "per seat, per power card 1-13: 1 if the seat has played "
         "it (every play is public)"),
        ("own_hand", POWER, "per power card 1-13: 1 if in the viewer's hand"),
        ("disks", 2 * p, "per seat: (1 if still choosing its secret disk, 1 if it has "
         "chosen)"),
        ("own_disk", REGIONS, "one-hot: the region the viewer's own sealed disk shows"),
        ("face_up", CARDS, "per action card kind, stacks 1-5 in order: 1 if face up now"),
        ("taken_by", 5 * p, "per stack 1-5, per seat: 1 if the seat took its card"),
        ("stacks_left", 4, "per stack 1-4: cards not yet turned up / 11"),
        ("unrevealed", CARDS, "per action card kind: copies not yet turned up / copies"),
        ("turn", 13, "the turn under way: one-hot stack of its card (5); Caballeros placed, "
         "its placement maximum, still placeable, each / 5; 1 if the placement is over; "
         "one-hot special action: " + ", ".join(TURN_ACTIONS)),
        ("special", 2 * REGIONS + AREAS + 5 + 2 * p, "a special action under way: 1 if any; "
         "own and others' Caballeros moved, Caballeros placed, each / 5; one-hot source "
         "region; one-hot seat and one-hot area of the picked Caballero; one-hot named "
         "region; per seat 1 if it still has to return Caballeros; how many more / 5"),
        ("veto_queue", p, "per seat: 1 if it is still asked whether to use its Veto"),
    )


def encode(view: Mapping[str, Any], players: int) -> list[float]:
    order, rel, out, at = begin(layout, view, players, view["players"])
    p = players

    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    if view["sealed"] is not None:
        out[at["sealed_purpose"] + _SEALED[view["sealed"]["purpose"]]] = 1.0
    rnd = view["round"] or 0
    rounds = view["rounds"]
    base = at["round"]
    out[base] = rnd / ROUNDS
    out[base + 1] = (view["round_index"] + 1) / len(rounds)
    out[base + 2] = 1.0 if rnd in (3, 6, 9) else 0.0
    out[base + 3] = 1.0 if len(rounds) == 6 else 0.0
    base = at["to_move"]
    for s in view["to_move"]:
        out[base + rel[s]] = 1.0
    if view["active"] is not None:
        out[at["active"] + rel[view["active"]]] = 1.0
    out[at["start_player"] + rel[view["start_player"]]] = 1.0
    base = at["turn_order"]
    for k, s in enumerate(view["turn_order"]):
        out[base + rel[s]] = (k + 1) / p

    regions = view["regions"]
    out[at["king"] + _AREA[view["king"]]] = 1.0
    cab, values = at["caballeros"], at["area_values"]
    for area in (*regions, view["castillo"]):
        counts = area["caballeros"]
        for k, s in enumerate(order):
            n = counts[s]
            if n:
                out[cab + k] = n / CABALLEROS
        first, second, third = area["scores"]
        out[values] = first / AREA_VALUE
        out[values + 1] = second / AREA_VALUE
        out[values + 2] = third / AREA_VALUE
        cab += p
        values += 3
    base = at["grandes"]
    for region in regions:
        for s in region["grandes"]:
            out[base + rel[s]] = 1.0
        base += p
    base = at["scoreboards"]
    for board in view["scoreboards"]:
        out[base + (AREAS if board["region"] is None else _AREA[board["region"]])] = 1.0
        base += AREAS + 1

    info = view["seats"]
    played, disks = at["power_played"], at["disks"]
    disk_region = None
    for k, s in enumerate(order):
        x = info[s]
        v = x["score"] / SCORE_SCALE
        out[at["score"] + k] = v / (1.0 + v)
        out[at["court"] + k] = x["court"] / CABALLEROS
        out[at["provinces"] + k] = x["provinces"] / CABALLEROS
        out[at["hand_count"] + k] = x["hand_count"] / POWER
        out[at["takebacks"] + k] = x["takebacks"] / POWER
        out[at["vetos"] + k] = len(x["vetos"]) / 2
        out[at["power_card"] + k] = (x["power_card"] or 0) / POWER
        for v in x["power_played"]:
            out[played + v - 1] = 1.0
        played += POWER
        disk = x["disk"]
        if disk is not None:
            if disk == "choosing":
                out[disks] = 1.0
            else:
                out[disks + 1] = 1.0
                if disk != "chosen":
                    disk_region = disk
        disks += 2
    base = at["own_hand"]
    for v in info[order[0]]["hand"] or ():
        out[base + v - 1] = 1.0
    if disk_region is not None:
        out[at["own_disk"] + _AREA[disk_region]] = 1.0

    face_up, taken = at["face_up"], at["taken_by"]
    for k, card in enumerate(view["cards"]):
        if card["id"] is not None:
            out[face_up + _card(card["id"])] = 1.0
        if card["taken_by"] is not None:
            out[taken + k * p + rel[card["taken_by"]]] = 1.0
    base = at["stacks_left"]
    for k, n in enumerate(view["stacks_left"][:4]):
        out[base + k] = n / 11
    base = at["unrevealed"]
    for stack in view["unrevealed"]:
        for card, copies in stack.items():
            i = _card(card)
            out[base + i] = copies / _COPIES[i]

    t = view["turn"]
    if t is not None:
        base = at["turn"]
        if t["card"] is not None:
            out[base + _stack(t["card"])] = 1.0
        v = t["placed"] / PER_CARD
        out[base + 5] = v if v < 1.0 else 1.0
        v = t["place_max"] / PER_CARD
        out[base + 6] = v if v < 1.0 else 1.0
        v = t["placeable"] / PER_CARD
        out[base + 7] = v if v < 1.0 else 1.0
        out[base + 8] = 1.0 if t["placement_over"] else 0.0
        out[base + 9 + _TURN_ACTION[t["action"]]] = 1.0
    sp = view["special"]
    if sp is not None:
        base = at["special"]
        out[base] = 1.0
        v = sp["moved_own"] / PER_CARD
        out[base + 1] = v if v < 1.0 else 1.0
        v = sp["moved_others"] / PER_CARD
        out[base + 2] = v if v < 1.0 else 1.0
        v = sp["placed"] / PER_CARD
        out[base + 3] = v if v < 1.0 else 1.0
        base += 4
        if sp["source"] is not None:
            out[base + _AREA[sp["source"]]] = 1.0
        base += REGIONS
        picked = sp["picked"]
        if picked is not None:
            out[base + rel[_seat_of_colour(view, picked["colour"])]] = 1.0
            out[base + p + _AREA[picked["region"]]] = 1.0
        base += p + AREAS
        if sp["named"] is not None:
            out[base + _AREA[sp["named"]]] = 1.0
        base += REGIONS
        for s in sp["returning"]:
            out[base + rel[s]] = 1.0
        v = sp["left"] / PER_CARD
        out[base + p] = v if v < 1.0 else 1.0
    base = at["veto_queue"]
    for s in view["veto_queue"]:
        out[base + rel[s]] = 1.0
    return out


def _card(card_id: str) -> int:
    try:
        return _CARD[card_id]
    except KeyError:
        raise RegaliaError(f"El Grande card {card_id!r} is not in the built-in edition, whose "
                           "card kinds the observation layout lists") from None


def _stack(card_id: str) -> int:
    i = _card(card_id)
    return sum(1 for start in _STACK_START if start <= i) - 1


def _seat_of_colour(view: Mapping[str, Any], colour: str) -> int:
    return view["seat_names"].index(colour)
