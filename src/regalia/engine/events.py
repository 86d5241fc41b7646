"""What a game notes happening without a choice (scorings, income, elections), shared by the
games that keep such events (``view["events"]``).

An entry is a tuple of ints, its kind first and the number of decisions made before it last
(where it goes among the moves). A game keeps its entries newest last as a chain
``(older, entry)``: a clone of the state shares it and costs nothing more. How an entry reads
in words, and how it is saved, is the game's own (its ``events`` module).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from regalia.engine.i18n import _

Entry = tuple[int, ...]
# (older, entry) or None: the older part is a Chain too, spelt Any because the compiled build
# (mypyc) takes no recursive type alias.
Chain = tuple[Any, Entry] | None


def noted(chain: Chain, entry: Entry) -> Chain:
    """``chain`` with ``entry`` added as its newest."""
    return (chain, entry)


def entries(chain: Chain) -> list[Entry]:
    """The chain's entries, oldest first."""
    out = []
    while chain is not None:
        chain, entry = chain
        out.append(entry)
    out.reverse()
    return out


def malformed(entry: Sequence[int]) -> ValueError:
    """The error for a saved entry that is not one."""
    return ValueError(_("inconsistent position: a malformed event {entry}").format(
        entry=list(entry)))


def checked(entry: Entry, sizes: Sequence[int]) -> Entry:
    """``entry`` if its kind is one of ``sizes``' and it is at least that long; else the
    ValueError of :func:`malformed`."""
    if not entry or not 0 <= entry[0] < len(sizes) or len(entry) < sizes[entry[0]]:
        raise malformed(entry)
    return entry


def chain_of_entries(saved: Iterable[Iterable[Any]], sizes: Sequence[int]) -> Chain:
    """The chain of a save's entries, each a list of numbers (``sizes``: the shortest entry of
    each kind, its decision count included); ValueError if one is not an entry."""
    chain: Chain = None
    for entry in saved:
        chain = (chain, checked(tuple(int(x) for x in entry), sizes))
    return chain


def flat_sized(chain: Chain) -> list[int]:
    """The entries saved flat, oldest first, each after its length (a flat list of numbers has
    the same shape whether or not a game noted any: saves are checked by shape)."""
    return [x for entry in entries(chain) for x in (len(entry), *entry)]


def chain_of_sized(saved: Iterable[Any], sizes: Sequence[int]) -> Chain:
    """The chain of :func:`flat_sized`'s numbers; ValueError if they are not entries."""
    values = [int(x) for x in saved]
    chain: Chain = None
    i = 0
    while i < len(values):
        size = values[i]
        entry = tuple(values[i + 1:i + 1 + size])
        i += 1 + size
        if size < 1 or len(entry) < size:
            raise malformed(entry)
        chain = (chain, checked(entry, sizes))
    return chain


def flat_fixed(chain: Chain) -> list[int]:
    """The entries saved flat, oldest first, where every entry has the same length."""
    return [x for entry in entries(chain) for x in entry]


def chain_of_fixed(saved: Iterable[Any], size: int, kinds: int) -> Chain:
    """The chain of :func:`flat_fixed`'s numbers, ``size`` a entry, of ``kinds`` kinds;
    ValueError if they are not entries."""
    values = [int(x) for x in saved]
    if len(values) % size:
        raise malformed(values[len(values) // size * size:])
    chain: Chain = None
    for i in range(0, len(values), size):
        chain = (chain, checked(tuple(values[i:i + size]), (size,) * kinds))
    return chain


def event_line(kind: str, text: str, after: int, seat: int | None = None,
               points: int = 0) -> dict[str, Any]:
    """One line of ``view["events"]``: its kind's name, its words and the decisions before
    it; a seat's points where it scored."""
    line: dict[str, Any] = {"event": kind, "text": text, "after": after}
    if seat is not None:
        line["seat"], line["points"] = seat, points
    return line
