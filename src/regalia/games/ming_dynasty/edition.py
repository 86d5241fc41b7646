"""Reading and checking an edition file: the map and components as fast tables (MingData).

``load_edition(None)`` gives the built-in edition (read once, then cached); a path or TOML text
gives another one. A file that breaks a printed fact (six provinces of three districts, borders
between known districts, a map in one piece, the printed counts) is refused with an
:class:`EditionError` naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regalia.engine.edition import Edition, EditionReader, edition_loader
from regalia.engine.i18n import _
from regalia.games.ming_dynasty.board import (
    DISTRICT_IDS,
    DISTRICT_INDEX,
    N_DISTRICTS,
    N_PROVINCES,
    TRANSPORT_INDEX,
    TRANSPORTS,
)

GAME_ID = "ming-dynasty"
BUILTIN_PATH = Path(__file__).with_name("edition.toml")
HEX = "0123456789abcdefABCDEF"


@dataclass(frozen=True)
class MingData:
    """The edition's values in the shapes the rules code reads."""

    family_members: int
    per_round: int
    hand_limit: int
    dragons: int
    tiles_per_colour: int
    rounds: int
    scoring_rounds: tuple[int, ...]
    set_of_six: tuple[int, ...]          # per scoring, in order
    city_piece: tuple[int, ...]          # per scoring, in order
    city_bonus: int
    cloister: int
    set_of_five: int
    single_tile: int
    track_length: int
    return_values: tuple[int, ...]
    return_sums: tuple[int, ...]         # every sum one or more of the cards can make
    cards: tuple[int, ...]               # count per transport (TRANSPORTS order)
    province_names: tuple[str, ...]
    province_colours: tuple[str, ...]
    province_xy: tuple[tuple[int, int], ...]
    district_xy: tuple[tuple[int, int], ...]
    borders: tuple[tuple[int, int, int], ...]   # (district, district, transport)
    # [district]: ((neighbour, transport), ...) in district order
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    transport: tuple[tuple[int, ...], ...]   # [district][district]: the border's, or -1
    neutral_members: int
    neutral_setup: int
    neutral_reinforce: int
    neutral_before: tuple[int, ...]
    neutral_cap: int

    @property
    def total_cards(self) -> int:
        return sum(self.cards)


def _components(reader: EditionReader) -> dict[str, Any]:
    from regalia.games.ming_dynasty.glossary import read  # (it reads this edition's texts)

    return {"data": _check(reader), "glossary": read(reader)}


load_edition = edition_loader(GAME_ID, BUILTIN_PATH, _components)


def data_of(edition: Edition) -> MingData:
    return edition.components["data"]


def _whole(r: EditionReader, path: tuple[Any, ...], lo: int, hi: int) -> int:
    value = r.get(path, int)
    if not lo <= value <= hi:
        raise r.error(_("{key} must be between {lo} and {hi}, not {value}").format(
            key=path[-1], lo=lo, hi=hi, value=value), *path)
    return value


def _colour(r: EditionReader, path: tuple[Any, ...]) -> str:
    value = r.get(path, str)
    if len(value) != 7 or value[0] != "#" or any(ch not in HEX for ch in value[1:]):
        raise r.error(_("a colour is written #rrggbb, not {value}").format(value=repr(value[:20])),
                      *path)
    return value


def _sums(values: tuple[int, ...]) -> tuple[int, ...]:
    """Every total that one or more of the cards make."""
    out: set[int] = set()
    for mask in range(1, 1 << len(values)):
        out.add(sum(v for i, v in enumerate(values) if mask >> i & 1))
    return tuple(sorted(out))


def _check(r: EditionReader) -> MingData:
    r.check_provenance(r.get(("components",), dict), ("components",))
    members = _whole(r, ("components", "family_members"), 2, 99)
    per_round = _whole(r, ("components", "per_round"), 1, 10)
    hand_limit = _whole(r, ("components", "hand_limit"), 1, 10)
    dragons = _whole(r, ("components", "dragons"), 4, 60)
    tiles = _whole(r, ("components", "tiles_per_colour"), 1, 60)

    r.check_provenance(r.get(("scoring",), dict), ("scoring",))
    rounds = _whole(r, ("scoring", "rounds"), 1, 12)
    if per_round * rounds > members - 1:
        raise r.error(_("{rounds} rounds of {per_round} family members need more than the "
                        "{members} each player has besides the score marker").format(
                            rounds=rounds, per_round=per_round, members=members - 1),
                      "scoring", "rounds")
    scoring_rounds = tuple(r.ints(("scoring", "scoring_rounds"), None, 1, rounds))
    if (not scoring_rounds or list(scoring_rounds) != sorted(set(scoring_rounds))
            or scoring_rounds[-1] != rounds):
        raise r.error(_("scoring_rounds must rise and end with the last round"),
                      "scoring", "scoring_rounds")
    k = len(scoring_rounds)
    set_of_six = tuple(r.ints(("scoring", "set_of_six"), k, 0, 99))
    city_piece = tuple(r.ints(("scoring", "city_piece"), k, 0, 99))
    bonus = _whole(r, ("scoring", "city_bonus"), 0, 99)
    cloister = _whole(r, ("scoring", "cloister"), 0, 99)
    set5 = _whole(r, ("scoring", "set_of_five"), 0, 99)
    single = _whole(r, ("scoring", "single_tile"), 0, 99)

    r.check_provenance(r.get(("score_track",), dict), ("score_track",))
    track = _whole(r, ("score_track", "length"), 10, 500)

    r.check_provenance(r.get(("return_cards",), dict), ("return_cards",))
    values = tuple(r.ints(("return_cards", "values"), 4, 0, 9))

    counts = [0] * len(TRANSPORTS)
    seen: set[str] = set()
    for i, _entry in r.entries("cards"):
        name = r.get(("cards", i, "transport"), str)
        if name not in TRANSPORT_INDEX:
            raise r.error(_("unknown transport {name} (transports: {known})").format(
                name=repr(name[:40]), known=", ".join(TRANSPORTS)), "cards", i, "transport")
        if name in seen:
            raise r.error(_("transport {name} is given twice").format(name=repr(name)),
                          "cards", i, "transport")
        seen.add(name)
        counts[TRANSPORT_INDEX[name]] = _whole(r, ("cards", i, "count"), 0, 99)
    if sum(counts) < N_PROVINCES:
        raise r.error(_("the movement cards must fill the six display places"), "cards")

    names: list[str] = [""] * N_PROVINCES
    colours: list[str] = [""] * N_PROVINCES
    pxy: list[tuple[int, int]] = [(0, 0)] * N_PROVINCES
    for i, _entry in r.entries("provinces"):
        pid = _whole(r, ("provinces", i, "id"), 1, N_PROVINCES)
        if names[pid - 1]:
            raise r.error(_("province {n} is given twice").format(n=pid),
                          "provinces", i, "id")
        name = r.get(("provinces", i, "name"), str)
        if not name.strip() or len(name) > 20:
            raise r.error(_("a province's name is 1 to 20 characters"),
                          "provinces", i, "name")
        names[pid - 1] = name
        colours[pid - 1] = _colour(r, ("provinces", i, "colour"))
        pxy[pid - 1] = (_whole(r, ("provinces", i, "x"), 0, 700),
                        _whole(r, ("provinces", i, "y"), 0, 560))
    if not all(names):
        missing = [str(p + 1) for p in range(N_PROVINCES) if not names[p]]
        raise r.error(_("provinces missing: {missing}").format(missing=", ".join(missing)),
                      "provinces")

    dxy: list[tuple[int, int] | None] = [None] * N_DISTRICTS
    for i, _entry in r.entries("districts"):
        did = r.get(("districts", i, "id"), str)
        if did not in DISTRICT_INDEX:
            raise r.error(_("unknown district {name} (districts: 1a ... 6c)").format(
                name=repr(did[:20])), "districts", i, "id")
        d = DISTRICT_INDEX[did]
        if dxy[d] is not None:
            raise r.error(_("district {name} is given twice").format(name=did),
                          "districts", i, "id")
        if _whole(r, ("districts", i, "province"), 1, N_PROVINCES) != d // 3 + 1:
            raise r.error(_("district {name} lies in province {n}").format(name=did,
                                                                             n=d // 3 + 1),
                          "districts", i, "province")
        dxy[d] = (_whole(r, ("districts", i, "x"), 0, 700),
                  _whole(r, ("districts", i, "y"), 0, 560))
    if any(xy is None for xy in dxy):
        missing = [DISTRICT_IDS[d] for d in range(N_DISTRICTS) if dxy[d] is None]
        raise r.error(_("districts missing: {missing}").format(missing=", ".join(missing)),
                      "districts")

    borders: list[tuple[int, int, int]] = []
    pairs: set[tuple[int, int]] = set()
    for i, _entry in r.entries("borders"):
        ends = r.get(("borders", i, "between"), list)
        if len(ends) != 2 or not all(isinstance(e, str) for e in ends):
            raise r.error(_("a border lies between two districts"), "borders", i, "between")
        for e in ends:
            if e not in DISTRICT_INDEX:
                raise r.error(_("the border names an unknown district {name} "
                                "(districts: 1a ... 6c)").format(name=repr(e[:20])),
                              "borders", i, "between")
        a, b = sorted(DISTRICT_INDEX[e] for e in ends)
        if a == b:
            raise r.error(_("a border joins two different districts, not {name} with "
                            "itself").format(name=ends[0]), "borders", i, "between")
        if (a, b) in pairs:
            raise r.error(_("the border {a}-{b} is given twice").format(a=ends[0], b=ends[1]),
                          "borders", i, "between")
        pairs.add((a, b))
        name = r.get(("borders", i, "transport"), str)
        if name not in TRANSPORT_INDEX:
            raise r.error(_("unknown transport {name} (transports: {known})").format(
                name=repr(name[:40]), known=", ".join(TRANSPORTS)), "borders", i, "transport")
        borders.append((a, b, TRANSPORT_INDEX[name]))
    near: list[list[tuple[int, int]]] = [[] for _ in range(N_DISTRICTS)]
    for a, b, t in borders:
        near[a].append((b, t))
        near[b].append((a, t))
    reached = {0}
    todo = [0]
    while todo:
        for b, _t in near[todo.pop()]:
            if b not in reached:
                reached.add(b)
                todo.append(b)
    if len(reached) != N_DISTRICTS:
        cut = [DISTRICT_IDS[d] for d in range(N_DISTRICTS) if d not in reached]
        raise r.error(_("the map is not connected: {districts} cannot be reached from "
                        "1a").format(districts=", ".join(cut)), "borders")

    r.check_provenance(r.get(("two_player",), dict), ("two_player",))
    neutral = _whole(r, ("two_player", "neutral_members"), 0, 99)
    setup = _whole(r, ("two_player", "setup_each"), 0, 9)
    reinforce = _whole(r, ("two_player", "reinforce_each"), 0, 9)
    before = tuple(r.ints(("two_player", "reinforce_before"), None, 2, rounds))
    if list(before) != sorted(set(before)):
        raise r.error(_("reinforce_before must rise"), "two_player", "reinforce_before")
    cap = _whole(r, ("two_player", "per_district"), 1, 9)
    placed = 2 * setup + 2 * reinforce * len(before)
    if placed > neutral or placed > cap * N_DISTRICTS:
        raise r.error(_("{n} neutral members are placed in a game, more than the colour has "
                        "or the districts hold").format(n=placed), "two_player")

    return MingData(
        family_members=members, per_round=per_round, hand_limit=hand_limit, dragons=dragons,
        tiles_per_colour=tiles, rounds=rounds, scoring_rounds=scoring_rounds,
        set_of_six=set_of_six, city_piece=city_piece, city_bonus=bonus, cloister=cloister,
        set_of_five=set5, single_tile=single, track_length=track, return_values=values,
        return_sums=_sums(values), cards=tuple(counts), province_names=tuple(names),
        province_colours=tuple(colours), province_xy=tuple(pxy),
        district_xy=tuple(xy for xy in dxy if xy is not None),
        borders=tuple(borders),
        neighbours=tuple(tuple(sorted(n)) for n in near),
        transport=tuple(tuple(next((t for q, t in near[a] if q == b), -1)
                              for b in range(N_DISTRICTS)) for a in range(N_DISTRICTS)),
        neutral_members=neutral, neutral_setup=setup, neutral_reinforce=reinforce,
        neutral_before=before, neutral_cap=cap)
