"""Ming Dynasty's component texts (from the edition) and the components each action names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.edition import Edition, EditionReader
from regalia.engine.glossary import Entry, read_texts


def read(reader: EditionReader) -> tuple[Entry, ...]:
    """Every text of the edition, checked (a component without its text is an edition error)."""
    from regalia.engine.i18n import speaking
    from regalia.games.ming_dynasty.text import short_card

    with speaking("en"):  # the board's abbreviations (rik, DRG) find their cards too
        cards = tuple(Entry(e.key, e.name, e.text, (*e.words, short_card(e.words[0])))
                      for e in read_texts(reader, "cards", "transport", prefix="card"))
        pieces = tuple(Entry(e.key, e.name, e.text, (*e.words, short_card(e.words[0])))
                       for e in read_texts(reader, "pieces", prefix="piece"))
    return (*cards, *read_texts(reader, "provinces", prefix="province"), *pieces)


def entries(edition: Edition) -> tuple[Entry, ...]:
    return edition.components["glossary"]


_VERB = {"prince": ("piece:prince",), "place": ("piece:province-space",),
         "dragon": ("piece:dragon",), "step": ("piece:prince",), "deploy": ("piece:family",),
         "return": ("piece:return-card",), "back": ("piece:family",)}


def named_by(edition: Edition, view: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    words = notation.split()
    if not words:
        return ()
    verb, args = words[0], words[1:]
    keys = list(_VERB.get(verb, ()))
    provinces = view.get("provinces") or []
    if verb in ("place", "take", "dragon") and args and args[0].isdigit():
        number = int(args[0])
        if verb == "take" and 0 < number <= len(provinces):
            keys.append(f"card:{provinces[number - 1].get('display')}")
        keys.append(f"province:{number}")
    if verb == "step" and args:
        transport = _border(view, args[0])
        if "dragon" in args:
            keys.append("piece:dragon")
        elif transport:
            keys.append(f"card:{transport}")
        keys.append("piece:district")
    if verb == "stay" and args:
        keys.append("piece:dragon" if args[0] == "dragon" else f"card:{args[0]}")
    if verb == "deploy" and "cloister" in args:
        keys.append("piece:cloister")
    return tuple(dict.fromkeys(keys))


def _border(view: Mapping[str, Any], target: str) -> str | None:
    """The transport on the border from the acting seat's prince to ``target``."""
    seat = view.get("seat")
    here = next((d["id"] for d in view.get("districts") or () if d.get("prince") == seat
                 and seat is not None), None)
    for a, b, transport in (view.get("map") or {}).get("borders") or ():
        if {a, b} == {here, target}:
            return str(transport)
    return None
