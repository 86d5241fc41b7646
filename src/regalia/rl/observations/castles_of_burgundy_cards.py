"""The Castles of Burgundy: The Card Game's observation vector, as seen from one seat (the viewer
first, then the seats after it: :func:`seat_order`; Aaron, the solo opponent, after them).

Cards are counted per face, the grid of 14 kinds by 6 dice (``kind * 6 + die - 1``, kinds in
the order castle, mine, cloister, knowledge, ship, pasture, then the eight buildings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    FACE_INDEX,
    GOODS_KINDS,
    KIND_NAMES,
    N_ACTION_CARDS,
    N_FACES,
    N_KINDS,
    N_TYPES,
    TYPE_NAMES,
)
from regalia.games.castles_of_burgundy_cards.pending import NAMES as PENDING_KINDS
from regalia.games.castles_of_burgundy_cards.pending import SOURCE_NAMES
from regalia.rl.observations import (
    Field,
    begin,
    fields,
)

ROUNDS = 5
TURNS = 6
COPIES = 3.0  # no face is printed on more than three cards
GOODS_CARDS, ANIMAL_CARDS = 18, 20
AARON_PILES = 5
# Open-ended amounts x are given as x / (x + scale) (squashed: see the package).
SCALES = {"hand_count": 3, "pile_count": 6, "workers": 10, "silver": 10, "vp_cards": 20,
          "sold_vp": 20, "all_types": 4, "score": 100, "storage": 20}
GOODS_SCALE, ANIMAL_SCALE, PILE_SCALE, PLAYED_SCALE = 6.0, 5.0, 3.0, 18.0

_PENDING = {name: i for i, name in enumerate(PENDING_KINDS)}
_SOURCE = {name: i for i, name in enumerate(SOURCE_NAMES)}
_TYPE = {name: i for i, name in enumerate(TYPE_NAMES)}
_KIND = {name: i for i, name in enumerate(KIND_NAMES)}
_GOODS = {name: i for i, name in enumerate(GOODS_KINDS)}
_ANIMAL = {name: i for i, name in enumerate(ANIMAL_KINDS)}
_FACE_KIND = {name: face // 6 for name, face in FACE_INDEX.items()}
PENDING_LENGTH = len(PENDING_KINDS) + 7 + len(SOURCE_NAMES) + N_TYPES + 4


def layout(players: int) -> tuple[Field, ...]:
    p = players
    faces = f"per face / {COPIES:g}"
    out = [
        ("round", ROUNDS + 2, "one-hot round A-E; turn in the round / 6; 1 once the game is "
         "over"),
        ("to_move", p, "per seat: 1 if it has a decision now"),
        ("current", p, "one-hot: the seat on turn"),
        ("round_start", p, "one-hot: the seat that starts this round"),
        ("pending", PENDING_LENGTH, "the decision due: one-hot kind (" + ", ".join(PENDING_KINDS)
         + "); one-hot die of an action (0 = any, 1-6); one-hot source ("
         + ", ".join(SOURCE_NAMES) + "); types a take may choose (7 flags); goods or animals "
         "still to take / 3; VP to convert / 10; pending decisions stacked / 6 (each "
         "squashed); 1 if the purchase was used this turn"),
        ("pending_cards", N_FACES, f"the card waiting to be dropped or placed, or the three "
         f"to keep one of, {faces}"),
        ("display", N_FACES, f"cards in the display, {faces}"),
        ("supply", 3, f"cards in the deck / {N_ACTION_CARDS}; in the discard pile / "
         f"{N_ACTION_CARDS}; round cards still to come / {ROUNDS}"),
        ("discard_pile", N_FACES, f"the face-up discard pile, {faces}"),
        ("reshuffled", N_FACES, f"the discard pile shuffled into the deck at the latest "
         f"reshuffle (the deck is made of those cards less the ones drawn since), {faces}"),
        ("goods_piles", 8, f"per goods pile: cards / {GOODS_CARDS}, one-hot kind of its top "
         "card (" + ", ".join(GOODS_KINDS) + ")"),
        ("animal_piles", 10, f"per animal pile: cards / {ANIMAL_CARDS}, one-hot kind of its "
         "top card (" + ", ".join(ANIMAL_KINDS) + ")"),
        ("first_bonus", N_TYPES * (p + 1), "per type (" + ", ".join(TYPE_NAMES) + "): "
         "one-hot holder of its '1.' card, the seats then Aaron"),
        ("all_types_stack", 2, "'all 7 types' cards: the top value / 4, cards left / 4"),
        ("start_player", p + 1, "one-hot: the seat holding the start player card; 1 if it "
         "shows its question marks"),
    ]
    out += [(name, p, f"per seat: {name.replace('_', ' ')} / {scale} (squashed)")
            for name, scale in SCALES.items()]
    out += [
        ("goods", 3 * p, f"per seat, per goods kind: goods in storage / {GOODS_SCALE:g} "
         "(squashed)"),
        ("animals", 4 * p, f"per seat, per animal kind: animals / {ANIMAL_SCALE:g} (squashed)"),
        ("own_hand", N_FACES, f"the viewer's hand, {faces}"),
        ("projects", N_FACES * p, f"per seat: its projects, {faces}"),
        ("estate", 2 * N_TYPES * p, "per seat, per type: complete triples / 3 and cards in "
         "unfinished piles / 3 (capped: the piles' cards bound them)"),
        ("played", N_KINDS * p, f"per seat, per kind: cards it played this game / "
         f"{PLAYED_SCALE:g}"),
    ]
    if players == 1:
        out.append(("aaron", 2 * N_TYPES + AARON_PILES + 1, "Aaron's estate (as a seat's); "
                    "the sizes of his unrevealed piles / 7; his score / 100 (squashed)"))
    return fields(*out)


def encode(view: Mapping[str, Any], players: int) -> list[float]:
    order, rel, out, at = begin(layout, view, players, view["players"])
    p = players

    base = at["round"]
    out[base + view["round_index"]] = 1.0
    out[base + ROUNDS] = view["turn"] / TURNS
    out[base + ROUNDS + 1] = 1.0 if view["over"] else 0.0
    base = at["to_move"]
    for s in view["to_move"]:
        out[base + rel[s]] = 1.0
    if view["current"] is not None:
        out[at["current"] + rel[view["current"]]] = 1.0
    out[at["round_start"] + rel[view["round_start"]]] = 1.0

    due = view["pending"]
    if due is not None:
        base = at["pending"]
        out[base + _PENDING[due["kind"]]] = 1.0
        base += len(PENDING_KINDS)
        if "die" in due:
            out[base + due["die"]] = 1.0
            out[base + 7 + _SOURCE[due["source"]]] = 1.0
        base += 7 + len(SOURCE_NAMES)
        for t in due.get("types", ()):
            out[base + _TYPE[t]] = 1.0
        base += N_TYPES
        v = due.get("count", 0) / 3
        out[base] = v / (1.0 + v)
        v = due.get("vp", 0) / 10
        out[base + 1] = v / (1.0 + v)
        v = len(due["stack"]) / 6
        out[base + 2] = v / (1.0 + v)
        out[base + 3] = 1.0 if due["bought"] else 0.0
        if "card" in due:
            _faces(out, at["pending_cards"], (due["card"],))
        elif "cards" in due:
            _faces(out, at["pending_cards"], due["cards"])
    for row in view["display"]:
        _faces(out, at["display"], row)
    base = at["supply"]
    out[base] = view["deck"] / N_ACTION_CARDS
    out[base + 1] = view["discard"] / N_ACTION_CARDS
    out[base + 2] = len(view["round_cards_left"]) / ROUNDS
    _faces(out, at["discard_pile"], view["discard_pile"])
    if view["reshuffled"]:  # earlier reshuffles made decks since used up
        _faces(out, at["reshuffled"], view["reshuffled"][-1])
    base = at["goods_piles"]
    for pile in view["goods_piles"]:
        out[base] = pile["count"] / GOODS_CARDS
        if pile["top"] is not None:
            out[base + 1 + _GOODS[pile["top"].split("-")[0]]] = 1.0
        base += 4
    base = at["animal_piles"]
    for pile in view["animal_piles"]:
        out[base] = pile["count"] / ANIMAL_CARDS
        if pile["top"] is not None:
            out[base + 1 + _ANIMAL[pile["top"]]] = 1.0
        base += 5
    base = at["first_bonus"]
    for kind, holder in view["first_bonus"].items():
        if holder is not None:
            out[base + _TYPE[kind] * (p + 1) + (p if holder == "aaron" else rel[holder])] = 1.0
    stack = view["all_types_stack"]
    base = at["all_types_stack"]
    out[base] = stack[0] / 4 if stack else 0.0
    out[base + 1] = len(stack) / 4
    base = at["start_player"]
    if view["start_player"]["holder"] is not None:
        out[base + rel[view["start_player"]["holder"]]] = 1.0
    out[base + p] = 1.0 if view["start_player"]["side"] == "question marks" else 0.0

    info = view["seats"]
    ordered = [info[s] for s in order]
    for name, scale in SCALES.items():
        base = at[name]
        for k, x in enumerate(ordered):
            v = x[name] / scale
            out[base + k] = v / (1.0 + v)
    for k, x in enumerate(ordered):
        goods, base = x["goods"], at["goods"] + 3 * k
        for g, kind in enumerate(GOODS_KINDS):
            v = len(goods[kind]) / GOODS_SCALE
            out[base + g] = v / (1.0 + v)
        animals, base = x["animals"], at["animals"] + 4 * k
        for a, kind in enumerate(ANIMAL_KINDS):
            v = animals[kind] / ANIMAL_SCALE
            out[base + a] = v / (1.0 + v)
        _faces(out, at["projects"] + N_FACES * k, x["projects"])
        _estate(out, at["estate"] + 2 * N_TYPES * k, x["estate"])
        base = at["played"] + N_KINDS * k
        for card in x["played"]:
            i = base + _FACE_KIND[card]
            v = out[i] + 1 / PLAYED_SCALE
            out[i] = v if v < 1.0 else 1.0
    _faces(out, at["own_hand"], ordered[0]["hand"] or ())
    if players == 1:
        aaron, base = view["aaron"], at["aaron"]
        _estate(out, base, aaron["estate"])
        base += 2 * N_TYPES
        for k, n in enumerate(aaron["piles"][:AARON_PILES]):
            v = n / 7
            out[base + k] = v / (1.0 + v)
        v = aaron["score"] / SCALES["score"]
        out[base + AARON_PILES] = v / (1.0 + v)
    return out


def _faces(out: list[float], base: int, cards: Any) -> None:
    """Count ``cards`` per face into ``out`` from ``base`` (a face's count / 3, capped)."""
    for card in cards:
        i = base + FACE_INDEX[card]
        v = out[i] + 1 / COPIES
        out[i] = v if v < 1.0 else 1.0


def _estate(out: list[float], base: int, piles: list[dict[str, Any]]) -> None:
    for pile in piles:
        t = _TYPE[pile["type"]]
        if pile["complete"]:
            i, v = base + 2 * t, 1 / 3
        else:
            i, v = base + 2 * t + 1, len(pile["cards"]) / 3
        v += out[i]
        out[i] = v if v < 1.0 else 1.0
