"""Ming Dynasty's observation vector: provinces, districts, hands and families, as seen from one
seat (the viewer first, then the seats after it: :func:`seat_order`). Where a count is per
family colour, the seats come in that order and the neutral (white) family of the two-player
game comes last."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.games.ming_dynasty.board import (
    CARD_KINDS,
    DISTRICT_IDS,
    N_DISTRICTS,
    N_PROVINCES,
    TRANSPORTS,
)
from regalia.games.ming_dynasty.edition import data_of, load_edition
from regalia.games.ming_dynasty.state import PHASE_NAMES
from regalia.rl.observations import (
    Field,
    begin,
    fields,
    squashed,
)

_BUILTIN = data_of(load_edition(None))
MEMBERS = _BUILTIN.family_members  # a family's members, each seat's and the neutral's
TILES = _BUILTIN.tiles_per_colour
DRAGONS = _BUILTIN.dragons
CARDS = sum(_BUILTIN.cards)
ROUNDS = _BUILTIN.rounds
RETURN_MAX = max(_BUILTIN.return_sums)  # the sealed value is the sum of the cards returned
# Open-ended amounts x are given as x / (x + scale) (squashed: see the package).
AREA_SCALE, SCORE_SCALE, HAND_SCALE, OWN_TILES_SCALE = 10, 100, 10, 6
DISTRICT_SCALE = 5

_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_TRANSPORT = {name: i for i, name in enumerate(TRANSPORTS)}
_KIND = {name: i for i, name in enumerate(CARD_KINDS)}
_DISTRICT = {name: i for i, name in enumerate(DISTRICT_IDS)}


def colours(players: int) -> int:
    """Family colours on the board: the seats', and the neutral family at two players."""
    return players + 1 if players == 2 else players


def layout(players: int) -> tuple[Field, ...]:
    p, c = players, colours(players)
    kinds = ", ".join(CARD_KINDS)
    per_colour = "per colour (the seats, then the neutral family at two players)"
    return fields(
        ("round", 3, f"round / {ROUNDS}; 1 in a scoring round; 1 once the game is over"),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("to_move", p, "per seat: 1 if it has a decision now"),
        ("start", p, "one-hot: the start player"),
        ("scoring", N_PROVINCES, "one-hot: the province being scored"),
        ("provinces", N_PROVINCES * (p + len(TRANSPORTS) + 1), f"per province: per seat, "
         f"members on its space / {AREA_SCALE} (squashed); one-hot transport card on display ("
         + ", ".join(TRANSPORTS) + f"); tiles left / {TILES}"),
        ("districts", N_DISTRICTS * (4 * c + p), f"per district (1a ... 6c): {per_colour} "
         f"members in the open area / {DISTRICT_SCALE} (squashed); one-hot cloister colour; "
         f"members in the city / {DISTRICT_SCALE} (squashed); one-hot seat whose prince is "
         f"there; 1 per colour leading the majority"),
        ("score", p, f"per seat: score / {SCORE_SCALE} (squashed)"),
        ("supply", p, f"per seat: members in supply / {MEMBERS}"),
        ("boxed", p, f"per seat: members in the box / {MEMBERS}"),
        ("tiles", N_PROVINCES * p, f"per seat, per province colour: tiles / "
         f"{OWN_TILES_SCALE} (squashed)"),
        ("hand_size", p, f"per seat: cards in hand / {HAND_SCALE} (squashed)"),
        ("hand", len(CARD_KINDS) * p, f"per seat, per card kind ({kinds}): cards / 5 "
         "(squashed), where the view shows that hand (own; everyone's with perfect hand "
         "memory)"),
        ("hand_known", p, "per seat: 1 if the view shows its hand"),
        ("passed", p, "per seat: 1 if it has passed"),
        ("cloisters", p, f"per seat: its members in cloisters / {N_PROVINCES} (squashed)"),
        ("return", 3 * p + 1, f"per seat: 1 if still choosing its sealed return cards, 1 if "
         f"it has chosen, their revealed value (a sum) / {RETURN_MAX}; the viewer's own "
         f"sealed value / {RETURN_MAX}"),
        ("neutral", 2, f"the neutral family (two players): members in supply, in the box, "
         f"each / {MEMBERS}"),
        ("piles", 2 + len(TRANSPORTS), f"dragons left / {DRAGONS}; cards in the deck / "
         f"{CARDS}; per transport, cards in the open discard pile / {CARDS // 3} (squashed)"),
        ("deploy", 3, "a deployment under way: members left / 5 (squashed); 1 if the district "
         "is locked by the seat's own cloister member; 1 if the cloister was used"),
        ("reachable", N_DISTRICTS, "per district: 1 if the viewer's prince can reach it"),
    )


def encode(view: Mapping[str, Any], players: int) -> list[float]:
    order, rel, out, at = begin(layout, view, players, view["players_count"])
    p, c = players, colours(players)
    colour_order = order + list(range(players, c))  # the neutral family keeps its place
    colour_rel = {colour: k for k, colour in enumerate(colour_order)}

    base = at["round"]
    out[base] = view["round"] / ROUNDS
    out[base + 1] = 1.0 if view["round"] in view["scoring_rounds"] else 0.0
    out[base + 2] = 1.0 if view["over"] else 0.0
    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    base = at["to_move"]
    for s in view["to_move"]:
        out[base + rel[s]] = 1.0
    out[at["start"] + rel[view["start"]]] = 1.0
    if view["scoring"] is not None:
        out[at["scoring"] + view["scoring"] - 1] = 1.0

    base = at["provinces"]
    for province in view["provinces"]:
        space = province["space"]
        for k, s in enumerate(order):
            v = space[s] / AREA_SCALE
            out[base + k] = v / (1.0 + v)
        if province["display"] is not None:
            out[base + p + _TRANSPORT[province["display"]]] = 1.0
        out[base + p + len(TRANSPORTS)] = province["tiles"] / TILES
        base += p + len(TRANSPORTS) + 1
    base = at["districts"]
    for district in view["districts"]:
        members, city = district["open"], district["city"]
        for k, colour in enumerate(colour_order):
            v = members[colour] / DISTRICT_SCALE
            out[base + k] = v / (1.0 + v)
            v = city[colour] / DISTRICT_SCALE
            out[base + 2 * c + k] = v / (1.0 + v)
        if district["cloister"] is not None:
            out[base + c + colour_rel[district["cloister"]]] = 1.0
        if district["prince"] is not None:
            out[base + 3 * c + rel[district["prince"]]] = 1.0
        for colour in district["leader"]:
            out[base + 3 * c + p + colour_rel[colour]] = 1.0
        base += 4 * c + p

    info = view["players"]
    ordered = [info[s] for s in order]
    for k, x in enumerate(ordered):
        v = x["score"] / SCORE_SCALE
        out[at["score"] + k] = v / (1.0 + v)
        out[at["supply"] + k] = x["supply"] / MEMBERS
        out[at["boxed"] + k] = x["boxed"] / MEMBERS
        base = at["tiles"] + N_PROVINCES * k
        for i, n in enumerate(x["tiles"]):
            v = n / OWN_TILES_SCALE
            out[base + i] = v / (1.0 + v)
        v = x["hand_size"] / HAND_SCALE
        out[at["hand_size"] + k] = v / (1.0 + v)
        hand = x["hand"]
        if hand is not None:
            out[at["hand_known"] + k] = 1.0
            base = at["hand"] + len(CARD_KINDS) * k
            for kind, n in hand.items():
                v = n / 5
                out[base + _KIND[kind]] = v / (1.0 + v)
        out[at["passed"] + k] = 1.0 if x["passed"] else 0.0
        v = x["cloisters"] / N_PROVINCES
        out[at["cloisters"] + k] = v / (1.0 + v)
        base = at["return"] + 3 * k
        sealed = x.get("sealed")
        if sealed is not None:
            out[base + (1 if sealed else 0)] = 1.0
        if x["revealed"] is not None:
            out[base + 2] = x["revealed"] / RETURN_MAX
    own_return = ordered[0].get("return")
    if own_return is not None:
        out[at["return"] + 3 * p] = own_return / RETURN_MAX
    neutral = view["neutral"]
    if neutral is not None:
        out[at["neutral"]] = neutral["supply"] / MEMBERS
        out[at["neutral"] + 1] = neutral["boxed"] / MEMBERS
    base = at["piles"]
    out[base] = view["dragons"] / DRAGONS
    out[base + 1] = view["deck"] / CARDS
    for kind, n in view["discard"].items():
        out[base + 2 + _TRANSPORT[kind]] = squashed(n, CARDS // 3)
    deploy = view.get("deploy")
    if deploy is not None:
        base = at["deploy"]
        v = deploy["left"] / 5
        out[base] = v / (1.0 + v)
        out[base + 1] = 1.0 if deploy["locked"] else 0.0
        out[base + 2] = 1.0 if deploy["cloister_used"] else 0.0
    base = at["reachable"]
    for district in view.get("reachable", ()):
        out[base + _DISTRICT[district]] = 1.0
    return out
