"""Reading and checking an edition file: the component data as fast tables (ShadowData).

``load_edition(None)`` gives the built-in edition (read once, then cached); a path or TOML text
gives another one. A file that breaks a printed fact (seven electorates, 13 card kinds, costs
0-5, five rounds of Emperor's rights) or leaves no room for the setup is refused with an
:class:`EditionError` naming the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regalia.engine.edition import Edition, EditionReader, edition_loader
from regalia.engine.errors import quoted
from regalia.engine.i18n import _
from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    COLOURS,
    ELECTORATES,
    K_KNIGHT,
    K_PERMIT,
    K_RIVAL,
    KIND_TITLES,
    KINDS,
    ROUNDS,
    SECULAR,
    SHORT,
    TITLES,
)

GAME_ID = "shadow-of-the-emperor"
BUILTIN_PATH = Path(__file__).with_name("edition.toml")
CITY_RIGHTS = ("place-or-move", "move", "none")


@dataclass(frozen=True)
class Electorate:
    id: str
    votes: int
    aristocrat: int
    castle: int
    city: int
    # English names, as the edition spells them (``Edition.localize`` gives another
    # language's when shown): short (``Mainz``) and full (``Archdiocese of Mainz``)
    name: str = ""
    title: str = ""


@dataclass(frozen=True)
class CardKind:
    id: str
    cost: int
    cost_couple: int
    counts: tuple[int, int, int]   # copies at 4, 3 and 2 players
    colour: int                    # index into board.COLOURS
    name: str = ""                 # English name (``Edition.localize`` translates it)
    short: str = ""                # a shorter English name for narrow screens

    def count(self, players: int) -> int:
        return self.counts[4 - players]


@dataclass(frozen=True)
class EmperorRight:
    vp: int
    thalers: int
    empire_city: str


@dataclass(frozen=True)
class ShadowData:
    """The edition's values in the shapes the rules code reads."""

    electorates: tuple[Electorate, ...]   # board order (board.ELECTORATES)
    cards: tuple[CardKind, ...]           # board.KINDS order
    rights: tuple[EmperorRight, ...]      # per round
    start_thalers: int
    thaler_cap: int
    base_income: int
    saxony_income: int
    convent_thalers: int
    elector_vp: int
    marriage_vp: int
    vote_vp: int
    mainz_vp: int
    indulgence_vp: int
    city_vp: tuple[int, int, int]


def _components(reader: EditionReader) -> dict[str, Any]:
    from regalia.games.shadow_of_the_emperor.glossary import read  # (it reads this edition's texts)

    return {"data": _check(reader), "glossary": read(reader)}


load_edition = edition_loader(GAME_ID, BUILTIN_PATH, _components)


def data_of(edition: Edition) -> ShadowData:
    return edition.components["data"]


def _whole(r: EditionReader, path: tuple[Any, ...], lo: int = 0, hi: int = 99) -> int:
    value = r.get(path, int)
    if not lo <= value <= hi:
        raise r.error(_("{key} must be between {lo} and {hi}, not {value}").format(
            key=path[-1], lo=lo, hi=hi, value=value), *path)
    return value


def _check(r: EditionReader) -> ShadowData:
    r.check_provenance(r.get(("rules",), dict), ("rules",))
    rules = {key: _whole(r, ("rules", key), lo, hi) for key, lo, hi in (
        ("start_thalers", 0, 12), ("thaler_cap", 5, 30), ("base_income", 0, 12),
        ("saxony_income", 0, 12), ("convent_thalers", 0, 12), ("elector_vp", 0, 10),
        ("marriage_vp", 0, 10), ("vote_vp", 0, 10), ("mainz_vp", 0, 10),
        ("indulgence_vp", 0, 10))}
    if rules["start_thalers"] > rules["thaler_cap"]:
        raise r.error(_("start_thalers cannot exceed the thaler cap"), "rules",
                      "start_thalers")
    city_vp = tuple(r.ints(("rules", "city_vp"), 3, 0, 10))
    if _whole(r, ("rules", "rounds"), 1, 10) != ROUNDS:
        raise r.error(_("the game has {n} rounds").format(n=ROUNDS), "rules", "rounds")

    rights: dict[int, EmperorRight] = {}
    for i, _entry in r.entries("emperor_rights"):
        rnd = _whole(r, ("emperor_rights", i, "round"), 1, ROUNDS)
        if rnd in rights:
            raise r.error(_("round {n} is given twice").format(n=rnd), "emperor_rights", i,
                          "round")
        city = r.get(("emperor_rights", i, "empire_city"), str)
        if city not in CITY_RIGHTS:
            raise r.error(_("empire_city must be one of {allowed}, not {value}").format(
                allowed=", ".join(CITY_RIGHTS), value=quoted(city)),
                "emperor_rights", i, "empire_city")
        rights[rnd] = EmperorRight(vp=_whole(r, ("emperor_rights", i, "vp"), 0, 10),
                                   thalers=_whole(r, ("emperor_rights", i, "thalers"), 0, 12),
                                   empire_city=city)
    if sorted(rights) != list(range(1, ROUNDS + 1)):
        raise r.error(_("emperor_rights needs one entry for each of rounds 1-{n}").format(
            n=ROUNDS), "emperor_rights")

    found: dict[str, Electorate] = {}
    for i, _entry in r.entries("electorates"):
        eid = r.get(("electorates", i, "id"), str)
        if eid not in ELECTORATES:
            raise r.error(_("unknown electorate {id} (electorates: {known})").format(
                id=quoted(eid), known=", ".join(ELECTORATES)), "electorates", i, "id")
        if eid in found:
            raise r.error(_("electorate {id} is given twice").format(id=quoted(eid)),
                          "electorates", i, "id")
        found[eid] = Electorate(
            id=eid, votes=_whole(r, ("electorates", i, "votes"), 0, 5),
            aristocrat=_whole(r, ("electorates", i, "aristocrat"), 1, 8),
            castle=_whole(r, ("electorates", i, "castle"), 0, 6),
            city=_whole(r, ("electorates", i, "city"), 1, 8),
            name=r.get(("electorates", i, "name"), str, default=SHORT[eid]),
            title=r.get(("electorates", i, "title", "name"), str, default=TITLES[eid]))
    missing = [e for e in ELECTORATES if e not in found]
    if missing:
        raise r.error(_("electorates missing: {missing}").format(missing=", ".join(missing)),
                      "electorates")
    electorates = tuple(found[e] for e in ELECTORATES)
    _check_room(r, electorates)

    kinds: dict[str, CardKind] = {}
    for i, entry in r.entries("cards"):
        cid = r.get(("cards", i, "id"), str)
        if cid not in KINDS:
            raise r.error(_("unknown card {id} (cards: {known})").format(
                id=quoted(cid), known=", ".join(KINDS)), "cards", i, "id")
        if cid in kinds:
            raise r.error(_("card {id} is given twice").format(id=quoted(cid)), "cards", i,
                          "id")
        colour = r.get(("cards", i, "colour"), str)
        if colour not in COLOURS:
            raise r.error(_("colour must be one of {allowed}, not {value}").format(
                allowed=", ".join(COLOURS), value=quoted(colour)), "cards", i, "colour")
        counts = r.ints(("cards", i, "counts"), 3, 1, 6)
        if not counts[0] >= counts[1] >= counts[2]:
            raise r.error(_("fewer players never use more copies of a card"), "cards", i,
                          "counts")
        cost = _whole(r, ("cards", i, "cost"), 0, 5)
        couple = cost
        if cid == KINDS[K_PERMIT]:
            couple = _whole(r, ("cards", i, "cost_couple"), 0, 5)
        elif "cost_couple" in entry:
            raise r.error(_("only the Permit has a Couple cost"), "cards", i, "cost_couple")
        name = r.get(("cards", i, "name"), str, default=KIND_TITLES[cid])
        kinds[cid] = CardKind(id=cid, cost=cost, cost_couple=couple,
                              counts=(counts[0], counts[1], counts[2]),
                              colour=COLOURS.index(colour), name=name,
                              short=r.get(("cards", i, "short", "name"), str, default=name))
    missing = [k for k in KINDS if k not in kinds]
    if missing:
        raise r.error(_("cards missing: {missing}").format(missing=", ".join(missing)),
                      "cards")
    cards = tuple(kinds[k] for k in KINDS)
    if cards[K_KNIGHT].counts != (1, 1, 1) or cards[K_RIVAL].counts[2] < 1:
        raise r.error(_("the Knight reminder and the Rival are in every game"), "cards")
    return ShadowData(electorates=electorates, cards=cards,
                      rights=tuple(rights[n] for n in range(1, ROUNDS + 1)),
                      city_vp=(city_vp[0], city_vp[1], city_vp[2]), **rules)


def _check_room(r: EditionReader, electorates: tuple[Electorate, ...]) -> None:
    """Every player count's setup must fit, with the 2-player game's largest archdiocese and
    largest secular electorate out of play: 3 aristocrats and a knight per player."""
    arist = sum(e.aristocrat for e in electorates)
    knight = arist + sum(e.castle for e in electorates)
    if arist < 12 or knight < 16:
        raise r.error(_("the board needs room for 4 players' setup: 12 aristocrat spaces "
                        "and 16 aristocrat and castle spaces"), "electorates")
    big_a = max(ARCHDIOCESES, key=lambda e: electorates[e].aristocrat + electorates[e].castle)
    big_s = max(SECULAR, key=lambda e: electorates[e].aristocrat + electorates[e].castle)
    small = [electorates[e] for e in range(7) if e not in (big_a, big_s)]
    if sum(e.aristocrat for e in small) < 6 or sum(e.aristocrat + e.castle for e in small) < 8:
        raise r.error(_("the 2-player board (5 electorates) needs room for the setup"),
                      "electorates")
    if sum(e.city for e in electorates) < 3:
        raise r.error(_("the board needs city spaces for the empire cities"), "electorates")
