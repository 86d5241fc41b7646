"""Palais Royal's component texts (from the edition) and the components each action names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.edition import Edition, EditionReader
from regalia.engine.glossary import Entry, read_texts

COST = ("gold", "turquoise", "purple")


def read(reader: EditionReader) -> tuple[Entry, ...]:
    """Every text of the edition, checked (a component without its text is an edition error).
    An older edition without ``[[castle_rooms]]`` keeps the built-in rooms' texts, as it keeps
    their names."""
    if "castle_rooms" in reader.data:
        rooms = read_texts(reader, "castle_rooms", prefix="room")
    else:
        from regalia.games.palais_royal.edition import load_edition

        rooms = tuple(e for e in entries(load_edition(None)) if e.key.startswith("room:"))
    cards = tuple(Entry(e.key, e.name, e.text, (*e.words, str(raw.get("effect", ""))))
                  for e, raw in zip(read_texts(reader, "cards", prefix="card"),
                                    reader.get(("cards",), list), strict=True))
    return (*rooms, *cards,
            *read_texts(reader, "nobles", prefix="noble", cost=COST),
            *read_texts(reader, "edges", "name", prefix="edge"),
            *read_texts(reader, "pieces", prefix="piece"))


def entries(edition: Edition) -> tuple[Entry, ...]:
    return edition.components["glossary"]


def named_by(edition: Edition, view: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    words = notation.split()
    if not words:
        return ()
    verb, args = words[0], words[1:]
    rooms = set(view.get("room_titles") or ())
    keys = [f"room:{w}" for w in args if w in rooms]
    if "area" in args:
        keys.append("piece:play-area")
    if verb == "draw":
        keys.append("room:backdoor")
    elif verb in ("recruit",):
        keys.append("room:parade")
    elif verb in ("keep", "play") and args:
        keys += [f"card:{c['id']}" for c in view.get("cards") or () if c.get("effect") == args[0]]
    elif verb == "enlist" and args:
        park = view.get("park") or {}
        for space in park.get("spaces") or ():
            if space.get("space") == args[0] and space.get("noble"):
                keys.append(f"noble:{space['noble']['id']}")
                if space.get("edge"):
                    keys += _edges(park, args[0])
    return tuple(dict.fromkeys(keys))


def at(edition: Edition, view: Mapping[str, Any], place: str) -> tuple[str, ...]:
    """The components at a place the screen names: the noble on a park space ("c4")."""
    return named_by(edition, view, f"enlist {place.strip().lower()}")


def _edges(park: Mapping[str, Any], space: str) -> list[str]:
    """The outer rows a park space lies on ("a1" lies on the top and the left)."""
    column, row = "abcdefgh".index(space[0]), int(space[1:]) - 1
    out = []
    if row == 0:
        out.append("edge:top")
    if row == park.get("rows", 0) - 1:
        out.append("edge:bottom")
    if column == 0:
        out.append("edge:left")
    if column == park.get("columns", 0) - 1:
        out.append("edge:right")
    return out
