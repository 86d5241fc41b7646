"""Reading and checking an edition file: the component data as fast tables (CobData).

``load_edition(None)`` gives the built-in edition (read once, then cached); a path or TOML text
gives another one. A file that breaks a printed fact (114 action cards, 12/12/12/18/18/18 plus
eight buildings of three, dice 1..6, three goods kinds whose dice cover 1..6 once, ...) is
refused with an :class:`EditionError` naming the line.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from regalia.engine.edition import Edition, EditionReader, edition_loader
from regalia.engine.errors import quoted
from regalia.engine.i18n import _
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    FACE_NAMES,
    GOODS_KINDS,
    KIND_COUNTS,
    KIND_NAMES,
    N_ACTION_CARDS,
    N_ANIMAL_KINDS,
    N_GOODS_KINDS,
    ROUND_LETTERS,
    TYPE_NAMES,
    face_of,
)
from regalia.games.castles_of_burgundy_cards.pool import ranks_of

GAME_ID = "castles-of-burgundy-cards"
BUILTIN_PATH = Path(__file__).with_name("edition.toml")
BUNDLE_KEYS = ("vp", "goods", "animals", "silver", "workers")

# A round-bonus option: (vp, goods, animals, silver, workers).
Bundle = tuple[int, int, int, int, int]


@dataclass(frozen=True)
class CobData:
    """The edition's values in the shapes the rules code reads on the hot path."""

    triple_vp: tuple[int, ...]            # per type
    deck: tuple[str, ...]                 # the 114 action cards as face names (a multiset)
    deck_ranks: bytes                     # the same as a Pool holds them (pool.py)
    goods_kind_of_die: tuple[int, ...]    # index 1..6 -> goods kind (index 0 unused)
    goods_dice: tuple[tuple[int, ...], ...]
    goods_faces: tuple[tuple[int, int], ...]   # goods face -> (kind, vp)
    goods_face_names: tuple[str, ...]
    goods_deck: tuple[str, ...]           # the 18 goods cards as goods-face names
    animal_deck: tuple[str, ...]          # the 20 animal cards as kind names
    animal_variety_vp: tuple[int, ...]
    first_triple_vp: int
    all_types_vp: tuple[int, ...]
    start_player_vp: int
    rounds: tuple[tuple[Bundle, ...], ...]
    pile: int
    hand: int
    turns: int
    start_silver: int
    start_goods: int
    start_animals: int
    solo_workers: int
    display: Mapping[int, int]  # read-only, like all edition data: editions are shared
    all_types: Mapping[int, tuple[int, ...]]
    aaron_piles: tuple[int, ...]
    cloister_vp: int

    @property
    def goods_face_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.goods_face_names)}


def _components(reader: EditionReader) -> dict[str, Any]:
    from regalia.games.castles_of_burgundy_cards.glossary import (
        read,  # (it reads this edition's texts)
    )

    return {"data": _check(reader), "glossary": read(reader)}


load_edition = edition_loader(GAME_ID, BUILTIN_PATH, _components)


def data_of(edition: Edition) -> CobData:
    return edition.components["data"]


def _whole(reader: EditionReader, path: tuple[Any, ...], lo: int = 0, hi: int = 99) -> int:
    value = reader.get(path, int)
    if not lo <= value <= hi:
        raise reader.error(_("{key} must be between {lo} and {hi}, not {value}").format(
            key=path[-1], lo=lo, hi=hi, value=value), *path)
    return value


def _check(r: EditionReader) -> CobData:
    # Types and their triple VP.
    triple_vp = [-1] * len(TYPE_NAMES)
    for i, _entry in r.entries("types"):
        name = r.get(("types", i, "name"), str)
        if name not in TYPE_NAMES:
            raise r.error(_("unknown card type {name} (types: {types})").format(
                name=quoted(name), types=", ".join(TYPE_NAMES)), "types", i, "name")
        t = TYPE_NAMES.index(name)
        if triple_vp[t] >= 0:
            raise r.error(_("type {name} is given twice").format(name=quoted(name)),
                          "types", i, "name")
        triple_vp[t] = _whole(r, ("types", i, "triple_vp"), 0, 50)
    missing = [TYPE_NAMES[t] for t, v in enumerate(triple_vp) if v < 0]
    if missing:
        raise r.error(_("types missing: {types}").format(types=", ".join(missing)), "types")

    # Action cards: every kind once, the printed count of cards, dice 1..6.
    deck: list[str] = []
    seen: set[int] = set()
    for i, _entry in r.entries("cards"):
        kind_name = r.get(("cards", i, "kind"), str)
        if kind_name not in KIND_NAMES:
            raise r.error(_("unknown card kind {kind}").format(kind=quoted(kind_name)),
                          "cards", i, "kind")
        kind = KIND_NAMES.index(kind_name)
        if kind in seen:
            raise r.error(_("card kind {kind} is given twice").format(kind=quoted(kind_name)),
                          "cards", i, "kind")
        seen.add(kind)
        dice = r.ints(("cards", i, "dice"), lo=1, hi=6)
        if len(dice) != KIND_COUNTS[kind]:
            raise r.error(_("the game has {n} {kind} cards, this entry gives {dice} "
                            "dice").format(n=KIND_COUNTS[kind], kind=kind_name, dice=len(dice)),
                          "cards", i, "dice")
        deck.extend(FACE_NAMES[face_of(kind, d)] for d in dice)
    missing = [KIND_NAMES[k] for k in range(len(KIND_NAMES)) if k not in seen]
    if missing:
        raise r.error(_("card kinds missing: {kinds}").format(kinds=", ".join(missing)),
                      "cards")
    if len(deck) != N_ACTION_CARDS:  # pragma: no cover - implied by the counts above
        raise r.error(_("{n} action cards instead of {expected}").format(
            n=len(deck), expected=N_ACTION_CARDS), "cards")

    # Goods: three kinds, dice covering 1..6 exactly once, six cards each with their VP.
    kind_of_die = [-1] * 7
    goods_dice: list[tuple[int, ...]] = [()] * N_GOODS_KINDS
    goods_faces: list[tuple[int, int]] = []
    goods_deck_faces: list[int] = []
    for i, _entry in r.entries("goods"):
        name = r.get(("goods", i, "kind"), str)
        if name not in GOODS_KINDS:
            raise r.error(_("unknown goods kind {name} (kinds: {kinds})").format(
                name=quoted(name), kinds=", ".join(GOODS_KINDS)), "goods", i, "kind")
        g = GOODS_KINDS.index(name)
        if goods_dice[g]:
            raise r.error(_("goods kind {name} is given twice").format(name=quoted(name)),
                          "goods", i, "kind")
        dice = r.ints(("goods", i, "dice"), lo=1, hi=6)
        if not dice:
            raise r.error(_("a goods kind needs at least one die number"), "goods", i, "dice")
        for d in dice:
            if kind_of_die[d] >= 0:
                raise r.error(_("die {die} already sells {goods} goods").format(
                    die=d, goods=GOODS_KINDS[kind_of_die[d]]), "goods", i, "dice")
            kind_of_die[d] = g
        goods_dice[g] = tuple(dice)
        vps = r.ints(("goods", i, "vp"), length=6, lo=0, hi=20)
        for vp in vps:
            if (g, vp) not in goods_faces:
                goods_faces.append((g, vp))
            goods_deck_faces.append(goods_faces.index((g, vp)))
    if any(not d for d in goods_dice):
        raise r.error(_("goods kinds missing: {kinds}").format(kinds=", ".join(
            GOODS_KINDS[g] for g in range(N_GOODS_KINDS) if not goods_dice[g])), "goods")
    if -1 in kind_of_die[1:]:
        raise r.error(_("die {die} sells no goods kind").format(die=kind_of_die.index(-1, 1)),
                      "goods")
    goods_faces_sorted = sorted(goods_faces)
    face_names = tuple(f"{GOODS_KINDS[g]}-{vp}vp" for g, vp in goods_faces_sorted)
    goods_deck = tuple(sorted(face_names[goods_faces_sorted.index(goods_faces[f])]
                              for f in goods_deck_faces))

    # Animals: four kinds, five cards each.
    animal_deck: list[str] = []
    kinds_seen: set[str] = set()
    for i, _entry in r.entries("animals"):
        name = r.get(("animals", i, "kind"), str)
        if name not in ANIMAL_KINDS or name in kinds_seen:
            raise r.error(_("animal kind {name} is unknown or given twice").format(
                name=quoted(name)), "animals", i, "kind")
        kinds_seen.add(name)
        count = _whole(r, ("animals", i, "cards"), 5, 5)
        animal_deck.extend([name] * count)
    if len(kinds_seen) != N_ANIMAL_KINDS:
        raise r.error(_("the game has four animal kinds: {kinds}").format(
            kinds=", ".join(ANIMAL_KINDS)), "animals")

    # Scoring constants.
    r.check_provenance(r.get(("scoring",), dict), ("scoring",))
    variety = r.ints(("scoring", "animal_variety_vp"), length=N_ANIMAL_KINDS + 1, lo=0, hi=50)
    first_vp = _whole(r, ("scoring", "first_triple_vp"), 0, 20)
    all_types_vp = r.ints(("scoring", "all_types_vp"), lo=0, hi=50)
    start_vp = _whole(r, ("scoring", "start_player_vp"), 0, 20)
    r.check_provenance(r.get(("vp_cards",), dict), ("vp_cards",))

    # Round cards A..E.
    rounds: list[tuple[Bundle, ...]] = []
    for i, _entry in r.entries("round_cards"):
        letter = r.get(("round_cards", i, "letter"), str)
        if i >= len(ROUND_LETTERS) or letter != ROUND_LETTERS[i]:
            raise r.error(_("round cards run A to E in order; entry {n} is {letter}").format(
                n=i + 1, letter=quoted(letter)), "round_cards", i, "letter")
        options = r.get(("round_cards", i, "options"), list)
        if not options or len(options) > 8:
            raise r.error(_("a round card offers 1 to 8 bonus options"), "round_cards", i,
                          "options")
        menu: list[Bundle] = []
        for option in options:
            if not isinstance(option, dict) or not option or any(
                    k not in BUNDLE_KEYS for k in option):
                raise r.error(_("a bonus option is a table of {keys}, not {option}").format(
                    keys=", ".join(BUNDLE_KEYS), option=quoted(option)), "round_cards", i,
                    "options")
            values = [option.get(k, 0) for k in BUNDLE_KEYS]
            if any(not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 20
                   for v in values) or not any(values):
                raise r.error(_("bonus option {option} needs whole amounts 0..20, not all "
                                "0").format(option=quoted(option)), "round_cards", i, "options")
            menu.append(tuple(values))
        rounds.append(tuple(menu))
    if len(rounds) != len(ROUND_LETTERS):
        raise r.error(_("the game has five round cards, A to E"), "round_cards")

    # Setup.
    r.check_provenance(r.get(("setup",), dict), ("setup",))
    pile = _whole(r, ("setup", "pile"), 1, 10)
    hand = _whole(r, ("setup", "hand"), 1, pile)
    turns = _whole(r, ("setup", "turns"), 1, 20)
    if turns != pile:
        raise r.error(_("every card of a round's pile is played: turns must equal pile"),
                      "setup", "turns")
    display: dict[int, int] = {}
    all_types: dict[int, tuple[int, ...]] = {}
    for i, _entry in r.entries("player_counts"):
        n = _whole(r, ("player_counts", i, "players"), 1, 4)
        display[n] = _whole(r, ("player_counts", i, "display"), 1, 24)
        kept = r.ints(("player_counts", i, "all_types"), lo=0, hi=50)
        for v in kept:
            if v not in all_types_vp:
                raise r.error(_("all-types card {vp} is not in scoring.all_types_vp").format(
                    vp=v), "player_counts", i, "all_types")
        all_types[n] = tuple(kept)
    if sorted(display) != [1, 2, 3, 4]:
        raise r.error(_("player_counts must cover 1, 2, 3 and 4 players once each"),
                      "player_counts")
    r.check_provenance(r.get(("solo",), dict), ("solo",))
    aaron = r.ints(("solo", "aaron_piles"), length=len(ROUND_LETTERS), lo=0, hi=20)

    return CobData(
        triple_vp=tuple(triple_vp), deck=tuple(deck), deck_ranks=ranks_of(deck),
        goods_kind_of_die=tuple(kind_of_die), goods_dice=tuple(goods_dice),
        goods_faces=tuple(goods_faces_sorted), goods_face_names=face_names,
        goods_deck=goods_deck, animal_deck=tuple(animal_deck),
        animal_variety_vp=tuple(variety), first_triple_vp=first_vp,
        all_types_vp=tuple(all_types_vp), start_player_vp=start_vp, rounds=tuple(rounds),
        pile=pile, hand=hand, turns=turns,
        start_silver=_whole(r, ("setup", "start_silver"), 0, 20),
        start_goods=_whole(r, ("setup", "start_goods"), 0, 1),
        start_animals=_whole(r, ("setup", "start_animals"), 0, 1),
        solo_workers=_whole(r, ("setup", "solo_workers"), 0, 20),
        display=MappingProxyType(display), all_types=MappingProxyType(all_types),
        aaron_piles=tuple(aaron),
        cloister_vp=_whole(r, ("solo", "cloister_vp"), 0, 20),
    )
