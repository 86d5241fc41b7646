"""The Castles of Burgundy card game's component texts (from the edition) and the components
each action names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.edition import Edition, EditionReader
from regalia.engine.glossary import Entry, read_texts

_BUILDINGS = frozenset({"carpenter", "church", "market", "watchtower", "bank", "boarding-house",
                        "warehouse", "city-hall"})


def read(reader: EditionReader) -> tuple[Entry, ...]:
    """Every text of the edition, checked (a component without its text is an edition error)."""
    return (*read_texts(reader, "cards", "kind", prefix="card"),
            *read_texts(reader, "types", "name", prefix="type"),
            *read_texts(reader, "goods", "kind", prefix="goods"),
            *read_texts(reader, "animals", "kind", prefix="animal"),
            *read_texts(reader, "round_cards", "letter", prefix="round"),
            *read_texts(reader, "pieces", prefix="piece"))


def entries(edition: Edition) -> tuple[Entry, ...]:
    return edition.components["glossary"]


_VERB = {"workers": ("piece:workers",), "silver": ("piece:silver",),
         "convert": ("piece:vp-card",), "buy": ("piece:silver",), "pay": ("piece:workers",),
         "onto": ("piece:estate",), "keep": ("piece:project",)}


def card_keys(card: str) -> list[str]:
    """A card id ("boarding-house-2": kind and die) as the entries of its kind and type."""
    kind = card.rsplit("-", 1)[0]
    return [f"card:{kind}", "type:building" if kind in _BUILDINGS else f"type:{kind}"]


def named_by(edition: Edition, view: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    words = notation.split()
    if not words:
        return ()
    verb, args = words[0], words[1:]
    keys = list(_VERB.get(verb, ()))
    seat = view.get("seat")
    seats = view.get("seats") or []
    if verb == "play" and args and args[0].isdigit() and seat is not None and seat < len(seats):
        hand = seats[seat].get("hand") or []
        keys += next((card_keys(c) for c in hand if c.endswith(f"-{args[0]}")), [])
    elif verb in ("take", "place", "keep", "drop"):
        for word in args:
            if "-" in word and word.rsplit("-", 1)[1].isdigit():
                keys += card_keys(word)
    elif verb == "sell" and args:
        keys.append(f"goods:{args[0]}")
    elif verb == "goods" and args and args[0].isdigit():
        piles = view.get("goods_piles") or []
        number = int(args[0])
        if 0 < number <= len(piles) and piles[number - 1].get("top"):
            keys.append(f"goods:{piles[number - 1]['top'].split('-')[0]}")
    elif verb == "bonus":
        letter = (view.get("round_card") or {}).get("letter")
        if letter:
            keys.append(f"round:{letter}")
    return tuple(dict.fromkeys(keys))
