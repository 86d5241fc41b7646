"""El Grande's component data: the typed tables read (and checked) from ``edition.toml``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from regalia.engine.edition import Edition, EditionReader, edition_loader
from regalia.engine.errors import quoted
from regalia.engine.i18n import _

GAME_ID = "el-grande"
EDITION_FILE = Path(__file__).with_name("edition.toml")

# The action notation is built from these ids once, at import; an edition may correct every
# value but must keep the ids.
REGION_IDS = ("aragon", "new-castile", "old-castile", "catalonia", "galicia", "granada",
              "basque-country", "seville", "valencia")
SCOREBOARD_IDS = ("high", "low")
STACK_SIZES = (11, 11, 11, 11, 1)

# Each card kind and the parameters (name -> type) its effect needs.
CARD_KINDS: dict[str, dict[str, type]] = {
    "move": {"total": int, "own": int, "others": int, "one_region": bool, "all_own": bool},
    "place": {"total": int},
    "either": {"total": int},
    "veto": {},
    "decay": {"all": bool, "per_player": int},
    "king-returns": {"per_player": int},
    "return-each": {"per_player": int},
    "disk-return": {"all": bool, "per_player": int},
    "score-chosen": {"castillo": bool},
    "score-group": {"first": list},
    "score-castillo": {},
    "score-first-only": {},
    "score-most": {},
    "score-fewest": {},
    "scoreboard": {},
    "king": {"adjacent": bool},
    "evict": {},
    "grande": {},
    "power-back": {},
    "court": {"per_player": int},
    "secret-scoring": {},
}


@dataclass(frozen=True)
class CardType:
    """One kind of action card (identical copies share it)."""

    index: int
    id: str
    stack: int
    name: str
    text: str
    kind: str
    count: int
    params: Mapping[str, Any]  # read-only: editions are shared by every game

    def __getitem__(self, name: str) -> Any:
        return self.params[name]


@dataclass(frozen=True)
class Components:
    """Everything printed on El Grande's components, as flat tables indexed by number."""

    region_ids: tuple[str, ...]
    region_names: tuple[str, ...]
    region_scores: tuple[tuple[int, int, int], ...]
    neighbors: tuple[tuple[int, ...], ...]
    castillo_name: str
    castillo_scores: tuple[int, int, int]
    power_caballeros: tuple[int, ...]  # index = card value (0 unused)
    caballeros: int
    setup_home: int
    setup_court: int
    setup_disk: int
    scoreboard_ids: tuple[str, ...]
    scoreboard_names: tuple[str, ...]
    scoreboard_scores: tuple[tuple[int, int, int], ...]
    cards: tuple[CardType, ...]
    card_index: Mapping[str, int]
    stack_cards: tuple[tuple[int, ...], ...]  # card-type indexes of each stack (1-5 at 0-4)
    card_ids: tuple[str, ...]  # by card-type index (a round's deal reads them per card)

    @property
    def regions(self) -> int:
        return len(self.region_ids)


def _components(reader: EditionReader) -> dict[str, Any]:
    # The edition is immutable, so the placement table derived from it is computed once here.
    from regalia.games.el_grande.glossary import read  # (it reads this edition's texts)

    tables = _read_components(reader)
    return {"tables": tables, "turn_menus": _turn_menus(tables), "glossary": read(reader)}


load_edition = edition_loader(GAME_ID, EDITION_FILE, _components)


def _turn_menus(tables: Components) -> tuple[tuple[tuple[Any, ...], ...], ...]:
    """A turn's choices by the King's region and by what is left to do: placing (into the
    King's neighbours, then the Castillo), the card's special action ("act"), or neither;
    "done" always. ``menus[king][2 * may_place + may_act]``: the legal actions of the most
    frequent decision, built once for the edition rather than at every decision."""
    from regalia.games.el_grande import actions as A  # actions import this module

    menus = []
    for nbrs in tables.neighbors:
        places = tuple(A.PLACE[a] for a in (*nbrs, A.CASTILLO))
        menus.append(((A.DONE,), (A.ACT, A.DONE), (*places, A.DONE), (*places, A.ACT, A.DONE)))
    return tuple(menus)


def components(edition: Edition) -> Components:
    return edition.components["tables"]


# ---------------------------------------------------------------------------- checking
def _scores(reader: EditionReader, path: tuple[str | int, ...]) -> tuple[int, int, int]:
    values = reader.ints((*path, "scores"), 3, 0, 99)
    if values[0] < values[1] or values[1] < values[2]:
        raise reader.error(_("scores {values} must not rise from 1st to 3rd place").format(
            values=values), *path, "scores")
    return (values[0], values[1], values[2])


def _read_components(reader: EditionReader) -> Components:
    ids: list[str] = []
    names: list[str] = []
    scores: list[tuple[int, int, int]] = []
    # read as they are: a fuzzed or hand-made edition may list numbers (refused below)
    raw_neighbors: list[list[object]] = []
    for i, _entry in reader.entries("regions"):
        rid = reader.get(("regions", i, "id"), str)
        if i >= len(REGION_IDS) or rid != REGION_IDS[i]:
            want = repr(REGION_IDS[i]) if i < len(REGION_IDS) else _("no further region")
            raise reader.error(_("region {n} must be {want} (the notation uses these ids, in "
                                 "this order), not {found}").format(
                n=i + 1, want=want, found=quoted(rid)), "regions", i, "id")
        ids.append(rid)
        names.append(reader.get(("regions", i, "name"), str))
        scores.append(_scores(reader, ("regions", i)))
        nbrs: list[object] = reader.get(("regions", i, "neighbors"), list)
        raw_neighbors.append(nbrs)
    if len(ids) != len(REGION_IDS):
        raise reader.error(_("there must be {want} regions, not {found}").format(
            want=len(REGION_IDS), found=len(ids)), "regions")
    neighbors: list[tuple[int, ...]] = []
    for i, nbrs in enumerate(raw_neighbors):
        out = []
        for n in nbrs:
            if not isinstance(n, str) or n not in ids:
                raise reader.error(_("{region} names an unknown neighbour {found}").format(
                    region=ids[i], found=quoted(n)), "regions", i, "neighbors")
            if n == ids[i]:
                raise reader.error(_("{region} cannot neighbour itself").format(region=ids[i]),
                                   "regions", i, "neighbors")
            out.append(ids.index(n))
        if len(set(out)) != len(out):
            raise reader.error(_("{region} names a neighbour twice").format(region=ids[i]),
                               "regions", i, "neighbors")
        neighbors.append(tuple(sorted(out)))
    for i, nbrs_i in enumerate(neighbors):
        for j in nbrs_i:
            if i not in neighbors[j]:
                raise reader.error(_("adjacency is not symmetric: {a} lists {b}, but {b} does "
                                     "not list {a}").format(a=ids[i], b=ids[j]),
                                   "regions", j, "neighbors")

    castillo = reader.get(("castillo",), dict)
    reader.check_provenance(castillo, ("castillo",))
    castillo_scores = _scores(reader, ("castillo",))

    power = reader.get(("power",), dict)
    reader.check_provenance(power, ("power",))
    values = reader.ints(("power", "values"), 13, 1, 13)
    if values != list(range(1, 14)):
        raise reader.error(_("power card values must be 1 to 13 in order"), "power", "values")
    cabs = reader.ints(("power", "caballeros"), 13, 0, 30)

    setup = reader.get(("setup",), dict)
    reader.check_provenance(setup, ("setup",))
    total = reader.get(("setup", "caballeros"), int)
    home = reader.get(("setup", "home"), int)
    court = reader.get(("setup", "court"), int)
    disk = reader.get(("setup", "disk"), int)
    if not 1 <= total <= 99:
        raise reader.error(_("a player has 1 to 99 caballeros, not {n}").format(n=total),
                           "setup", "caballeros")
    if min(home, court, disk) < 0 or home + court + disk > total:
        raise reader.error(_("setup counts must be >= 0 and fit in the caballeros"), "setup")

    sb_ids, sb_names, sb_scores = [], [], []
    for i, _entry in reader.entries("scoreboards"):
        sid = reader.get(("scoreboards", i, "id"), str)
        if i >= len(SCOREBOARD_IDS) or sid != SCOREBOARD_IDS[i]:
            raise reader.error(_("scoreboards must be {ids} in order").format(
                ids=", ".join(SCOREBOARD_IDS)), "scoreboards", i, "id")
        sb_ids.append(sid)
        sb_names.append(reader.get(("scoreboards", i, "name"), str))
        sb_scores.append(_scores(reader, ("scoreboards", i)))
    if len(sb_ids) != len(SCOREBOARD_IDS):
        raise reader.error(_("there must be 2 mobile scoreboards"), "scoreboards")

    cards: list[CardType] = []
    seen: set[str] = set()
    per_stack = [0] * len(STACK_SIZES)
    for i, _entry in reader.entries("cards"):
        cid = reader.get(("cards", i, "id"), str)
        if cid in seen:
            raise reader.error(_("card id {id} is used twice").format(id=quoted(cid)),
                               "cards", i, "id")
        seen.add(cid)
        stack = reader.get(("cards", i, "stack"), int)
        if not 1 <= stack <= len(STACK_SIZES):
            raise reader.error(_("stack must be 1 to {max}, not {n}").format(
                max=len(STACK_SIZES), n=stack), "cards", i, "stack")
        kind = reader.get(("cards", i, "kind"), str)
        if kind not in CARD_KINDS:
            raise reader.error(_("unknown card kind {kind} (known: {known})").format(
                kind=quoted(kind), known=", ".join(CARD_KINDS)), "cards", i, "kind")
        count = reader.get(("cards", i, "count"), int)
        if count < 1:
            raise reader.error(_("count must be at least 1"), "cards", i, "count")
        params = {name: reader.get(("cards", i, name), typ)
                  for name, typ in CARD_KINDS[kind].items()}
        for name, value in params.items():
            # no card moves or returns more caballeros than a player owns (30)
            if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= 30:
                raise reader.error(_("{name} must be 0 to 30, not {value}").format(
                    name=name, value=value), "cards", i, name)
        if kind == "score-group":
            params["first"] = tuple(reader.ints(("cards", i, "first"), None, 0, 99))
        per_stack[stack - 1] += count
        cards.append(CardType(len(cards), cid, stack, reader.get(("cards", i, "name"), str),
                              reader.get(("cards", i, "text"), str), kind, count,
                              MappingProxyType(params)))
    if tuple(per_stack) != STACK_SIZES:
        found = "/".join(map(str, per_stack))
        want = "/".join(map(str, STACK_SIZES))
        raise reader.error(_("the stacks must hold {want} cards (45 in all), not {found} "
                             "({total})").format(want=want, found=found, total=sum(per_stack)),
                           "cards")
    if [c.kind for c in cards if c.stack == 5] not in (["king"],):
        raise reader.error(_("stack 5 must hold the King's card alone (kind 'king')"), "cards")
    return Components(
        region_ids=tuple(ids), region_names=tuple(names), region_scores=tuple(scores),
        neighbors=tuple(neighbors), castillo_name=reader.get(("castillo", "name"), str),
        castillo_scores=castillo_scores, power_caballeros=(0, *cabs), caballeros=total,
        setup_home=home, setup_court=court, setup_disk=disk,
        scoreboard_ids=tuple(sb_ids), scoreboard_names=tuple(sb_names),
        scoreboard_scores=tuple(sb_scores), cards=tuple(cards),
        card_index=MappingProxyType({c.id: c.index for c in cards}),
        stack_cards=tuple(tuple(c.index for c in cards if c.stack == k)
                          for k in range(1, len(STACK_SIZES) + 1)),
        card_ids=tuple(c.id for c in cards),
    )
