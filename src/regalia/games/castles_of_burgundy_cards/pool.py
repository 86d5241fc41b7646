"""The unrevealed action cards of one deck generation, in their order (supply.py).

A chance draw picks a position in a multiset of card names and records the name drawn; the
drawn card then leaves the multiset from its first copy on, so the order of what is left, and
with it every later draw of a seed, follows from the names. ``Pool`` keeps that order and those
names but holds each card as one byte, the rank of its name among the sorted face names:
finding the first copy of a card is a ``memchr`` over a hundred bytes instead of a hundred
comparisons of strings (the deck's draws were 5 % of a pure game and more of a compiled one),
and sorting the bytes sorts the names.

To ``State._draw`` and to everything that reads it a pool is a sequence of names (``len``,
indexing, iteration, ``count``, ``append``, ``extend``, ``remove``, ``pop``); ``draw_face``
is the draw itself. The rules code counts a pool's cards as ``len(pool.ranks)``: compiled or
not, a plain length, no call of ``__len__``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Final, cast

from regalia.engine.rng import Rng
from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX, FACE_NAMES

if TYPE_CHECKING:
    from regalia.engine.state import State

NAMES_IN_ORDER: Final[tuple[str, ...]] = tuple(sorted(FACE_NAMES))
RANK: Final[dict[str, int]] = {name: r for r, name in enumerate(NAMES_IN_ORDER)}
FACE_OF_RANK: Final[tuple[int, ...]] = tuple(FACE_INDEX[name] for name in NAMES_IN_ORDER)
RANK_OF_FACE: Final[tuple[int, ...]] = tuple(RANK[name] for name in FACE_NAMES)


def ranks_of(names: Iterable[str]) -> bytes:
    """Card names as a pool holds them (an edition's deck is turned once: edition.py)."""
    return bytes([RANK[name] for name in names])


class Pool:
    """Card names in order, one byte each (the rank of the name in ``NAMES_IN_ORDER``)."""

    __slots__ = ("ranks",)

    def __init__(self, names: Iterable[str] = ()) -> None:
        self.ranks = bytearray(ranks_of(names))

    @staticmethod
    def of_ranks(ranks: bytes | bytearray) -> Pool:
        new = Pool.__new__(Pool)
        new.ranks = bytearray(ranks)
        return new

    @staticmethod
    def of_faces(faces: Iterable[int]) -> Pool:
        return Pool.of_ranks(bytes([RANK_OF_FACE[face] for face in faces]))

    def copy(self) -> Pool:
        return Pool.of_ranks(self.ranks)

    def draw_face(self, s: State, label: str) -> int:
        """Draw a card by chance (recorded by its name) and take it out: its face."""
        name: str = s._draw(label, cast(Sequence[str], self))
        self.ranks.remove(RANK[name])
        return FACE_INDEX[name]

    def append_face(self, face: int) -> None:
        self.ranks.append(RANK_OF_FACE[face])

    def pop_face(self, i: int) -> int:
        """Take out the card at position ``i``: its face."""
        ranks = self.ranks
        rank = ranks[i]
        del ranks[i]
        return FACE_OF_RANK[rank]

    def sort(self) -> None:
        """Into the order of the names."""
        self.ranks[:] = bytearray(sorted(self.ranks))

    def shuffle(self, rng: Rng) -> None:
        rng.shuffle(self.ranks)

    # ---- a sequence of names
    def __len__(self) -> int:
        return len(self.ranks)

    def __getitem__(self, i: int) -> str:
        return NAMES_IN_ORDER[self.ranks[i]]

    def __iter__(self) -> Iterator[str]:
        ranks = self.ranks  # (by position: mypyc 2.4 fails on a comprehension over bytes)
        return iter([NAMES_IN_ORDER[ranks[i]] for i in range(len(ranks))])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pool) and self.ranks == other.ranks

    def __repr__(self) -> str:
        return f"Pool({list(self)!r})"

    def count(self, name: str) -> int:
        return self.ranks.count(RANK[name])

    def append(self, name: str) -> None:
        self.ranks.append(RANK[name])

    def extend(self, names: Iterable[str]) -> None:
        self.ranks.extend(RANK[name] for name in names)

    def remove(self, name: str) -> None:
        """Take out the first copy of ``name`` (ValueError if none)."""
        self.ranks.remove(RANK[name])

    def pop(self, i: int = -1) -> str:
        ranks = self.ranks
        rank = ranks[i]
        del ranks[i]
        return NAMES_IN_ORDER[rank]
