"""Where pieces stand: location codes of Baron/Couple tiles and knights, as plain ints.

A tile's location is ``SUPPLY``, ``TRANSIT`` (lifted and being placed: a moved tile, a deposed
Emperor or elector), ``THRONE``, or an electorate ``e`` plus one of ``ELECTOR``,
``ARISTOCRAT`` or ``EMINENCE`` (a Gray eminence, which stands on no space). A knight's location
is ``SUPPLY`` or a spot ``2 e`` (aristocrat space) / ``2 e + 1`` (castle space).
"""

from __future__ import annotations

from typing import Final

# ``Final``: compiled, the rules read them as constants, not from a module dictionary.
SUPPLY: Final = -1
TRANSIT: Final = -2
THRONE: Final = 0
ELECTOR: Final = 10
ARISTOCRAT: Final = 20
EMINENCE: Final = 30


def electorate_of(loc: int) -> int:
    """The electorate of a tile location on an electorate (elector, aristocrat, eminence)."""
    return loc % 10
