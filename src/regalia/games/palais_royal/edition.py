"""Reading and checking an edition file: the component data as fast tables (PalaisData).

``load_edition(None)`` gives the built-in edition (read once, then cached); a path or TOML text
gives another one. A file that breaks a printed fact (42 nobles of which 36 go into the park, 9
card kinds of 4, four scored edges, the nine rooms in the first-game layout) is refused with an
:class:`EditionError` naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.edition import Edition, EditionReader, edition_loader
from regalia.engine.errors import quoted
from regalia.engine.i18n import _
from regalia.games.palais_royal.actions import EFFECT_INDEX, EFFECTS, enlist_action
from regalia.games.palais_royal.rooms import MAX_SIDE, ROOM_INDEX, ROOM_TITLES, ROOMS

GAME_ID = "palais-royal"
BUILTIN_PATH = Path(__file__).with_name("edition.toml")
PRIVILEGES = ("servants", "moves", "diagonal", "gate", "backdoor", "turquoise", "purple",
              "gold", "cardinal")
PHASE_WORDS = ("parade", "stairs", "rooms", "enlist", "backdoor")
EDGE_NAMES = ("top", "bottom", "left", "right")
# Cards whose amount is more of one step's own count (the Stairway's moves, the Parade
# ground's placements onto the Gate) are played in that step: anywhere else the engine would
# give the amount to another step's count, or to nothing.
STEP_OF_EFFECT = {"moves": "stairs", "gate": "parade"}
N_NOBLES = 42
N_CARD_KINDS = 9


@dataclass(frozen=True)
class Noble:
    id: str
    gold: int
    turquoise: int
    purple: int
    vp: int
    privilege: str | None
    amount: int


@dataclass(frozen=True)
class CardKind:
    id: str
    name: str
    count: int
    effect: str
    amount: int
    vp: int
    phases: frozenset[str]


@dataclass(frozen=True)
class PalaisData:
    """The edition's values in the shapes the rules code reads."""

    nobles: tuple[Noble, ...]
    cards: tuple[CardKind, ...]         # indexed by effect (EFFECTS order)
    rows: int
    columns: int
    edge_spaces: tuple[tuple[int, ...], ...]   # per edge (EDGE_NAMES order), its spaces
    edge_points: tuple[tuple[int, int], ...]
    is_edge: tuple[bool, ...]
    servants: int
    general_supply: int
    on_stairway: int
    on_parade_ground: int
    free_placement: int
    start_gold: tuple[int, ...]
    end_nobles: int
    park_nobles: int
    first_game: tuple[int, ...]          # cell -> room
    # Derived, for the rules' hot paths: per noble (turquoise, purple, gold) it needs, and
    # per park space the action that enlists its noble.
    needs: tuple[tuple[int, int, int], ...] = ()
    enlist_actions: tuple[Action, ...] = ()
    card_ids: tuple[str, ...] = ()  # per card kind (EFFECTS order), as records name them
    # per room (rooms.ROOMS order), its English name; Edition.localize gives the others
    room_titles: tuple[str, ...] = ROOM_TITLES

    @property
    def spaces(self) -> int:
        return self.rows * self.columns


def _components(reader: EditionReader) -> dict[str, Any]:
    from regalia.games.palais_royal.glossary import read  # (it reads this edition's texts)

    return {"data": _check(reader), "glossary": read(reader)}


load_edition = edition_loader(GAME_ID, BUILTIN_PATH, _components)


def data_of(edition: Edition) -> PalaisData:
    return edition.components["data"]


def _whole(r: EditionReader, path: tuple[Any, ...], lo: int = 0, hi: int = 99) -> int:
    value = r.get(path, int)
    if not lo <= value <= hi:
        raise r.error(_("{key} must be between {lo} and {hi}, not {value}").format(
            key=path[-1], lo=lo, hi=hi, value=value), *path)
    return value


def _check(r: EditionReader) -> PalaisData:
    r.check_provenance(r.get(("setup",), dict), ("setup",))
    servants = _whole(r, ("setup", "servants"), 1, 60)
    general = _whole(r, ("setup", "general_supply"), 0, 60)
    stairs = _whole(r, ("setup", "on_stairway"), 0, 20)
    parade = _whole(r, ("setup", "on_parade_ground"), 0, 20)
    free = _whole(r, ("setup", "free_placement"), 0, 20)
    if stairs + parade + free > servants:
        raise r.error(_("the servants placed at setup outnumber a player's servants"), "setup")
    start_gold = tuple(r.ints(("setup", "start_gold"), 4, 0, 99))
    end_nobles = _whole(r, ("setup", "end_nobles"), 0, 64)
    park_nobles = _whole(r, ("setup", "park_nobles"), 1, 64)

    r.check_provenance(r.get(("rooms",), dict), ("rooms",))
    grid = r.get(("rooms", "first_game"), list)
    cells: list[int] = []
    if len(grid) != 3 or any(not isinstance(row, list) or len(row) != 3 for row in grid):
        raise r.error(_("first_game must be three rows of three rooms"), "rooms",
                      "first_game")
    for row in grid:
        for name in row:
            if name not in ROOM_INDEX:
                raise r.error(_("unknown room {name} (rooms: {rooms})").format(
                    name=quoted(name), rooms=", ".join(ROOM_INDEX)), "rooms", "first_game")
            cells.append(ROOM_INDEX[name])
    if sorted(cells) != list(range(9)):
        raise r.error(_("first_game must hold each of the nine rooms once"), "rooms",
                      "first_game")

    r.check_provenance(r.get(("park",), dict), ("park",))
    rows = _whole(r, ("park", "rows"), 3, MAX_SIDE)
    columns = _whole(r, ("park", "columns"), 3, MAX_SIDE)
    if rows * columns != park_nobles:
        raise r.error(_("the park has {spaces} spaces but setup.park_nobles is "
                        "{nobles}").format(spaces=rows * columns, nobles=park_nobles), "park")
    if end_nobles >= park_nobles:
        raise r.error(_("setup.end_nobles must be below park_nobles"), "setup", "end_nobles")
    edge_spaces = (
        tuple(range(columns)),
        tuple((rows - 1) * columns + c for c in range(columns)),
        tuple(rr * columns for rr in range(rows)),
        tuple(rr * columns + columns - 1 for rr in range(rows)),
    )
    points: dict[str, tuple[int, int]] = {}
    for i, _entry in r.entries("edges"):
        name = r.get(("edges", i, "name"), str)
        if name not in EDGE_NAMES:
            raise r.error(_("unknown edge {name} (edges: {edges})").format(
                name=quoted(name), edges=", ".join(EDGE_NAMES)), "edges", i, "name")
        if name in points:
            raise r.error(_("edge {name} is given twice").format(name=quoted(name)),
                          "edges", i, "name")
        first = _whole(r, ("edges", i, "first"), 0, 50)
        second = _whole(r, ("edges", i, "second"), 0, 50)
        if second > first:
            raise r.error(_("an edge's second place cannot score more than its first"),
                          "edges", i, "second")
        points[name] = (first, second)
    missing = [e for e in EDGE_NAMES if e not in points]
    if missing:
        raise r.error(_("edges missing: {edges}").format(edges=", ".join(missing)), "edges")
    is_edge = tuple(rr in (0, rows - 1) or c in (0, columns - 1)
                    for rr in range(rows) for c in range(columns))

    kinds: dict[str, CardKind] = {}
    for i, _entry in r.entries("cards"):
        cid = r.get(("cards", i, "id"), str)
        effect = r.get(("cards", i, "effect"), str)
        if effect not in EFFECT_INDEX:
            raise r.error(_("unknown card effect {effect} (effects: {effects})").format(
                effect=quoted(effect), effects=", ".join(EFFECTS)), "cards", i, "effect")
        if effect in kinds:
            raise r.error(_("two card kinds have the effect {effect}").format(
                effect=quoted(effect)), "cards", i, "effect")
        phases = r.get(("cards", i, "phases"), list)
        for word in phases:
            if word not in PHASE_WORDS:
                raise r.error(_("unknown phase {phase} (phases: {phases})").format(
                    phase=quoted(word), phases=", ".join(PHASE_WORDS)), "cards", i, "phases")
        if not phases:
            raise r.error(_("a card needs at least one phase in which it may be played"),
                          "cards", i, "phases")
        own_step = STEP_OF_EFFECT.get(effect)
        if own_step is not None and set(phases) != {own_step}:
            raise r.error(_("a card with the effect {effect} adds to the {phase} step's count, "
                            "so its phases must be [{phase}] alone").format(
                effect=quoted(effect), phase=quoted(own_step)), "cards", i, "phases")
        kinds[effect] = CardKind(
            id=cid, name=r.get(("cards", i, "name"), str),
            count=_whole(r, ("cards", i, "count"), 1, 12), effect=effect,
            amount=_whole(r, ("cards", i, "amount"), 0, 9), vp=_whole(r, ("cards", i, "vp"), 0, 20),
            phases=frozenset(phases))
    if len(kinds) != N_CARD_KINDS:
        missing = [e for e in EFFECTS if e not in kinds]
        raise r.error(_("there must be {n} card kinds; missing: {kinds}").format(
            n=N_CARD_KINDS, kinds=", ".join(missing)), "cards")
    cards = tuple(kinds[e] for e in EFFECTS)

    nobles: list[Noble] = []
    ids: set[str] = set()
    for i, entry in r.entries("nobles"):
        nid = r.get(("nobles", i, "id"), str)
        if nid in ids:
            raise r.error(_("noble {id} is given twice").format(id=quoted(nid)),
                          "nobles", i, "id")
        ids.add(nid)
        privilege = entry.get("privilege")
        if privilege is not None and privilege not in PRIVILEGES:
            raise r.error(_("unknown privilege {privilege} (privileges: {privileges})").format(
                privilege=quoted(privilege), privileges=", ".join(PRIVILEGES)),
                "nobles", i, "privilege")
        nobles.append(Noble(
            id=nid, gold=_whole(r, ("nobles", i, "gold"), 0, 30),
            turquoise=_whole(r, ("nobles", i, "turquoise"), 0, 9),
            purple=_whole(r, ("nobles", i, "purple"), 0, 9),
            vp=_whole(r, ("nobles", i, "vp"), 0, 30), privilege=privilege,
            amount=_whole(r, ("nobles", i, "amount"), 0, 9) if privilege else 0))
    if len(nobles) < park_nobles:
        raise r.error(_("{n} nobles cannot fill a park of {spaces}").format(
            n=len(nobles), spaces=park_nobles), "nobles")
    if len(nobles) != N_NOBLES:
        raise r.error(_("there must be {n} noble tiles, not {found}").format(
            n=N_NOBLES, found=len(nobles)), "nobles")
    return PalaisData(
        nobles=tuple(nobles), cards=cards, rows=rows, columns=columns,
        edge_spaces=edge_spaces, edge_points=tuple(points[e] for e in EDGE_NAMES),
        is_edge=is_edge, servants=servants, general_supply=general, on_stairway=stairs,
        on_parade_ground=parade, free_placement=free, start_gold=start_gold,
        end_nobles=end_nobles, park_nobles=park_nobles, first_game=tuple(cells),
        needs=tuple((nb.turquoise, nb.purple, nb.gold) for nb in nobles),
        enlist_actions=tuple(enlist_action(sp, columns) for sp in range(rows * columns)),
        card_ids=tuple(c.id for c in cards), room_titles=_room_titles(r))


def _room_titles(r: EditionReader) -> tuple[str, ...]:
    """The rooms' English names from ``[[castle_rooms]]`` (an older edition without them keeps
    the usual names); each room once."""
    if "castle_rooms" not in r.data:
        return ROOM_TITLES
    titles: dict[str, str] = {}
    for i, _entry in r.entries("castle_rooms"):
        rid = r.get(("castle_rooms", i, "id"), str)
        if rid not in ROOM_INDEX:
            raise r.error(_("unknown room {name} (rooms: {rooms})").format(
                name=quoted(rid), rooms=", ".join(ROOM_INDEX)), "castle_rooms", i, "id")
        if rid in titles:
            raise r.error(_("room {name} is given twice").format(name=quoted(rid)),
                          "castle_rooms", i, "id")
        name = r.get(("castle_rooms", i, "name"), str)
        if not name.strip() or len(name) > 40:
            raise r.error(_("a room's name must be 1 to 40 characters, not {name}").format(
                name=quoted(name)), "castle_rooms", i, "name")
        titles[rid] = name
    missing = [room for room in ROOMS if room not in titles]
    if missing:
        raise r.error(_("castle_rooms must name every room; missing: {rooms}").format(
            rooms=", ".join(missing)), "castle_rooms")
    return tuple(titles[room] for room in ROOMS)
