"""In the Shadow of the Emperor's observation vector: the seven electorates, the throne, the card
stacks and each seat's estate, as seen from one seat (the viewer first, then the seats after
it: :func:`seat_order`). A tile (Baron or Couple) is its owner, its age and whether it is a
couple."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.games.shadow_of_the_emperor.board import (
    AGES,
    CITIES,
    ELECTORATES,
    EMPIRE_CITIES,
    KINDS,
    KNIGHTS,
    N_ELECTORATES,
    PHASE_NAMES,
    ROUNDS,
    SEAT_LETTERS,
    THALER_CAP,
    TILES,
)
from regalia.games.shadow_of_the_emperor.phases import PLACE_REASONS
from regalia.rl.observations import (
    Field,
    begin,
    fields,
)

# The decisions a position can ask for (choices.py answers each kind).
ASKING = ("turn", "place", "setup_elector", "empire_setup", "empire_city", "setup_knight",
          "knight_to", "throne", "daughter", "answer", "doctor", "move_from", "city",
          "promote", "flip", "eminence", "award", "seat", "church", "excomm", "vote")
VOTES = ("emperor", "rival")
SPACES = ("aristocrat", "castle", "city")
# Open-ended amounts x are given as x / (x + scale) (squashed: see the package).
VP_SCALE, INFLUENCE_SCALE, VOTES_SCALE, STACK_SCALE, KEPT_SCALE, AREA_SCALE = 40, 10, 10, 3, 3, 4
TILE = 3 + len(AGES)  # present, couple, tile number / 7, one-hot age; plus one-hot owner
SEAT_SCALARS = {"thalers": THALER_CAP, "vp": VP_SCALE, "tiles_in_supply": TILES,
                "knights_in_supply": KNIGHTS, "cities_in_supply": CITIES,
                "cities_built": CITIES, "income": THALER_CAP, "votes": VOTES_SCALE}

_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_ASKING = {name: i for i, name in enumerate(ASKING)}
_ELECTORATE = {name: i for i, name in enumerate(ELECTORATES)}
_KIND = {name: i for i, name in enumerate(KINDS)}
_REASON = {name: i for i, name in enumerate(PLACE_REASONS)}
_AGE = {age: i for i, age in enumerate(AGES)}
_LETTER = {letter: i for i, letter in enumerate(SEAT_LETTERS)}
_VOTE = {name: i for i, name in enumerate(VOTES)}


def electorate_length(players: int) -> int:
    return 2 + TILE + players + (len(AGES) + 5) * players + 1 + len(SPACES) + players


def layout(players: int) -> tuple[Field, ...]:
    p = players
    tile = (f"1 if present, 1 if a couple, its number / {TILES}, one-hot age ("
            + ", ".join(map(str, AGES)) + "), one-hot owner")
    return fields(
        ("round", 2, f"round / {ROUNDS}; 1 once the game is over"),
        ("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES)),
        ("asking", len(ASKING), "one-hot, the decision asked of the seats to move: "
         + ", ".join(ASKING)),
        ("to_move", p, "per seat: 1 if it has a decision now"),
        ("emperor", p, "one-hot: the Emperor's seat"),
        ("rival", p, "one-hot: the rival's seat"),
        ("turn", p, "one-hot: the seat on turn in phase IV"),
        ("passed", p, "per seat: 1 if it passed in phase IV"),
        ("throne", TILE + p, "the tile on the throne: " + tile),
        ("electorates", N_ELECTORATES * electorate_length(p), "per electorate ("
         + ", ".join(ELECTORATES) + "): 1 if in play, 1 if its privilege was used; its "
         f"elector tile ({tile}); per seat: aristocrats per age / {AREA_SCALE}, couples / "
         f"{AREA_SCALE}, knights on aristocrat spaces / {KNIGHTS}, knights in the castle / "
         f"{KNIGHTS}, gray eminences / {AREA_SCALE}, cities / {CITIES}; empire cities / "
         f"{EMPIRE_CITIES}; free aristocrat, castle, city spaces / {AREA_SCALE}; per seat "
         f"influence / {INFLUENCE_SCALE} (squashed)"),
        ("stacks", len(KINDS) + 1, "per card kind (" + ", ".join(KINDS) + f"): cards left / "
         f"{STACK_SCALE} (squashed); empire cities in supply / {EMPIRE_CITIES}"),
        *((name, p, f"per seat: {name.replace('_', ' ')} / {scale} (squashed)")
          for name, scale in SEAT_SCALARS.items()),
        ("kept", len(KINDS) * p, f"per seat, per card kind: cards kept / {KEPT_SCALE} "
         "(squashed)"),
        ("children", 2 * p, "per seat: one-hot son, daughter (what its kept cards bring)"),
        ("election", 2 * N_ELECTORATES + p + 2 + 2 * p, "one-hot electorate named by Church "
         "influence; one-hot electorate named by Excommunication; per seat 1 if it has cast "
         "its sealed vote; the viewer's own vote one-hot (emperor, rival); per seat the last "
         "election's revealed vote one-hot (emperor, rival)"),
        ("electorate", N_ELECTORATES, "one-hot: the electorate being settled (a tie broken, "
         "a new elector picked)"),
        ("placing", TILE + p + len(PLACE_REASONS), "a tile being placed: " + tile
         + "; one-hot reason (" + ", ".join(PLACE_REASONS) + ")"),
        ("proposal", TILE + 2 * p, "a marriage being answered: the tile offered (" + tile
         + "); one-hot seat proposing"),
    )


def encode(view: Mapping[str, Any], players: int) -> list[float]:
    order, rel, out, at = begin(layout, view, players, view["players"])
    p = players

    out[at["round"]] = view["round"] / ROUNDS
    out[at["round"] + 1] = 1.0 if view["over"] else 0.0
    out[at["phase"] + _PHASE[view["phase"]]] = 1.0
    if view["asking"] is not None:
        try:
            out[at["asking"] + _ASKING[view["asking"]]] = 1.0
        except KeyError:
            raise RegaliaError(f"the observation layout has no slot for the decision "
                               f"{view['asking']!r}") from None
    for s in view["to_move"]:
        out[at["to_move"] + rel[s]] = 1.0
    out[at["emperor"] + rel[view["emperor"]]] = 1.0
    if view["rival"] is not None:
        out[at["rival"] + rel[view["rival"]]] = 1.0
    if view["turn"] is not None and view["turn"] >= 0:
        out[at["turn"] + rel[view["turn"]]] = 1.0
    for s in view["passed"]:
        out[at["passed"] + rel[s]] = 1.0
    _tile(out, at["throne"], view["throne"], rel)

    base = at["electorates"]
    step = electorate_length(p)
    for e in view["electorates"]:
        out[base] = 1.0 if e["in_play"] else 0.0
        out[base + 1] = 1.0 if e["privilege_used"] else 0.0
        _tile(out, base + 2, e["elector"], rel)
        seats = base + 2 + TILE + p  # then per seat: ages, couples, knights, castle, ...
        per_seat = len(AGES) + 5
        for t in e["aristocrats"]:
            i = seats + rel[t["seat"]] * per_seat
            _add(out, i + _AGE[t["age"]], AREA_SCALE)
            if t["couple"]:
                _add(out, i + len(AGES), AREA_SCALE)
        for s in e["knights"]:
            _add(out, seats + rel[s] * per_seat + len(AGES) + 1, KNIGHTS)
        for s in e["castle_knights"]:
            _add(out, seats + rel[s] * per_seat + len(AGES) + 2, KNIGHTS)
        for t in e["eminences"]:
            _add(out, seats + rel[t["seat"]] * per_seat + len(AGES) + 3, AREA_SCALE)
        for s in e["cities"]:
            _add(out, seats + rel[s] * per_seat + len(AGES) + 4, CITIES)
        i = seats + per_seat * p
        v = e["empire_cities"] / EMPIRE_CITIES
        out[i] = v if v < 1.0 else 1.0
        free = e["free"]
        for k, space in enumerate(SPACES):
            v = free[space] / AREA_SCALE
            out[i + 1 + k] = v if v < 1.0 else 1.0
        i += 1 + len(SPACES)
        influence = e["influence"]
        for k, s in enumerate(order):
            v = influence[s] / INFLUENCE_SCALE
            out[i + k] = v / (1.0 + v)
        base += step

    base = at["stacks"]
    for kind, stack in view["stacks"].items():
        v = stack["left"] / STACK_SCALE
        out[base + _KIND[kind]] = v / (1.0 + v)
    v = view["empire_supply"] / EMPIRE_CITIES
    out[base + len(KINDS)] = v if v < 1.0 else 1.0

    info = view["seats"]
    ordered = [info[s] for s in order]
    for name, scale in SEAT_SCALARS.items():
        base = at[name]
        for k, x in enumerate(ordered):
            v = x[name] / scale
            out[base + k] = v / (1.0 + v)
    for k, x in enumerate(ordered):
        base = at["kept"] + len(KINDS) * k
        for kind, n in x["kept"].items():
            v = n / KEPT_SCALE
            out[base + _KIND[kind]] = v / (1.0 + v)
        child = x["children"]
        if child is not None:
            out[at["children"] + 2 * k + (0 if child == "son" else 1)] = 1.0

    election, base = view["election"], at["election"]
    if election["church"] is not None:
        out[base + _ELECTORATE[election["church"]]] = 1.0
    if election["excommunication"] is not None:
        out[base + N_ELECTORATES + _ELECTORATE[election["excommunication"]]] = 1.0
    base += 2 * N_ELECTORATES
    for s in election["voted"]:
        out[base + rel[s]] = 1.0
    base += p
    if election["my_vote"] is not None:
        out[base + _VOTE[election["my_vote"]]] = 1.0
    base += 2
    for s, vote in enumerate(election["last_votes"]):
        if vote is not None:
            out[base + 2 * rel[s] + _VOTE[vote]] = 1.0
    if "electorate" in view:
        out[at["electorate"] + _ELECTORATE[view["electorate"]]] = 1.0
    placing = view.get("placing")
    if placing is not None:
        base = at["placing"]
        out[base] = 1.0
        out[base + 1] = 1.0 if placing["couple"] else 0.0
        out[base + 3 + _AGE[placing["age"]]] = 1.0
        if placing["tile"] is not None:
            owner, number = _tile_name(placing["tile"])
            out[base + 2] = number / TILES
            out[base + TILE + rel[owner]] = 1.0
        out[base + TILE + p + _REASON[placing["reason"]]] = 1.0
    proposal = view.get("proposal")
    if proposal is not None:
        base = at["proposal"]
        owner, number = _tile_name(proposal["tile"])
        out[base] = 1.0
        out[base + 2] = number / TILES
        out[base + TILE + rel[owner]] = 1.0
        out[base + TILE + p + rel[proposal["from"]]] = 1.0
    return out


def _tile(out: list[float], base: int, tile: Mapping[str, Any] | None,
          rel: Mapping[int, int]) -> None:
    if tile is None:
        return
    out[base] = 1.0
    out[base + 1] = 1.0 if tile["couple"] else 0.0
    out[base + 2] = _tile_name(tile["tile"])[1] / TILES
    out[base + 3 + _AGE[tile["age"]]] = 1.0
    out[base + TILE + rel[tile["seat"]]] = 1.0


def _tile_name(name: str) -> tuple[int, int]:
    """A tile's owner and number (1-7) from its notation, ``B3``."""
    return _LETTER[name[0]], int(name[1:])


def _add(out: list[float], i: int, scale: float) -> None:
    v = out[i] + 1 / scale
    out[i] = v if v < 1.0 else 1.0
