"""What the tests read of an edition's words: every ``name`` and ``text`` it spells in English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def edition_strings(node: Any) -> Iterator[str]:
    """Every ``name`` and ``text`` of an edition's data (a TOML table, parsed or frozen), all
    the way down; ``provenance`` tables are the sources of those values, not components."""
    if hasattr(node, "items"):
        for key, value in node.items():
            if key in ("name", "text") and isinstance(value, str):
                yield value
            elif key != "provenance":
                yield from edition_strings(value)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from edition_strings(item)
