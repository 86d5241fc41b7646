"""El Grande's component texts (from the edition) and the components each action names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.edition import Edition, EditionReader
from regalia.engine.glossary import Entry, entry, read_texts


def read(reader: EditionReader) -> tuple[Entry, ...]:
    """Every text of the edition, checked: regions, the Castillo, scoreboards, power cards,
    action cards and pieces (a component without its text is an edition error)."""
    power = tuple(Entry(e.key, e.name, e.text, (*e.words, f"power {e.words[0]}"))
                  for e in read_texts(reader, "power_cards", "value", prefix="power",
                                       id_kind=int))
    return (*read_texts(reader, "cards", prefix="card"),
            *power,
            *read_texts(reader, "regions", prefix="region"),
            entry(reader, ("castillo",), "region:castillo", ("castillo",)),
            *read_texts(reader, "scoreboards", prefix="scoreboard"),
            *read_texts(reader, "pieces", prefix="piece"))


def entries(edition: Edition) -> tuple[Entry, ...]:
    return edition.components["glossary"]


_REGION_VERBS = frozenset({"disk", "place", "king", "score", "grande", "to", "return", "pick",
                           "scoreboard", "evict"})


def named_by(edition: Edition, view: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    words = notation.split()
    if not words:
        return ()
    verb, args = words[0], words[1:]
    keys: list[str] = []
    if verb == "power" and args:
        keys.append(f"power:{args[0]}")
    elif verb == "card" and args and args[0].isdigit():
        stack = int(args[0])
        for card in view.get("cards") or ():
            if card.get("stack") == stack and card.get("id"):
                keys.append(f"card:{card['id']}")
    elif verb in ("act", "veto") or verb == "takeback":
        for card in _own_card(view, verb):
            keys.append(f"card:{card}")
        if verb == "takeback" and args:
            keys.append(f"power:{args[0]}")
    elif verb == "court":
        keys.append("piece:court")
    if verb in _REGION_VERBS:
        keys += [f"region:{a}" for a in args if a in _regions(view)]
        keys += [f"scoreboard:{a}" for a in args if a in ("high", "low")]
    if verb in ("king",):
        keys.append("piece:king")
    if verb == "grande":
        keys.append("piece:grande")
    return tuple(dict.fromkeys(keys))


def _regions(view: Mapping[str, Any]) -> set[str]:
    return {r["id"] for r in view.get("regions") or ()} | {"castillo"}


def _own_card(view: Mapping[str, Any], verb: str) -> list[str]:
    """The action card the acting seat took this round ("act"), or a Veto it holds."""
    if verb == "veto":
        return ["veto"]
    seat = view.get("seat")
    return [c["id"] for c in view.get("cards") or ()
            if c.get("taken_by") == seat and c.get("id") and seat is not None]
