"""The names the rules code uses for components: card types, building kinds, faces, goods.

A *face* is what is printed on an action card that matters to the rules: its kind (one of the
six plain types or one of the eight buildings) and its die. Two cards with the same face are
interchangeable, so decks, hands and rows hold face numbers and the deck is a multiset of them.
Face numbers do not depend on the edition (``kind * 6 + die - 1``), so the action table can be
built once for every edition.
"""

from __future__ import annotations

from typing import Final

# The seven card types (colours); a triple is three cards of one type.
CASTLE: Final = 0
MINE: Final = 1
CLOISTER: Final = 2
KNOWLEDGE: Final = 3
SHIP: Final = 4
PASTURE: Final = 5
BUILDING: Final = 6
TYPE_NAMES: tuple[str, ...] = ("castle", "mine", "cloister", "knowledge", "ship", "pasture",
                               "building")
TYPE_COLOURS: tuple[str, ...] = ("dark green", "grey", "violet", "yellow", "blue",
                                 "light green", "beige")
N_TYPES: Final = 7

# Kinds: the six plain types keep their number; the eight buildings follow.
CARPENTER: Final = 6
CHURCH: Final = 7
MARKET: Final = 8
WATCHTOWER: Final = 9
BANK: Final = 10
BOARDING_HOUSE: Final = 11
WAREHOUSE: Final = 12
CITY_HALL: Final = 13
KIND_NAMES: tuple[str, ...] = (
    *TYPE_NAMES[:6], "carpenter", "church", "market", "watchtower", "bank", "boarding-house",
    "warehouse", "city-hall",
)
KIND_TITLES: tuple[str, ...] = (
    "castle", "mine", "cloister", "knowledge", "ship", "pasture", "carpenter's workshop",
    "church", "market", "watchtower", "bank", "boarding house", "warehouse", "city hall",
)
N_KINDS: Final = 14
KIND_TYPE: Final[tuple[int, ...]] = tuple(k if k < BUILDING else BUILDING for k in range(N_KINDS))

# Printed counts per kind [RB]: 12 castles, mines, cloisters; 18 knowledge, ships, pastures;
# eight buildings, three cards each.
KIND_COUNTS: tuple[int, ...] = (12, 12, 12, 18, 18, 18) + (3,) * 8
N_ACTION_CARDS = 114

N_FACES: Final = N_KINDS * 6
FACE_KIND: Final[tuple[int, ...]] = tuple(f // 6 for f in range(N_FACES))
FACE_DIE: Final[tuple[int, ...]] = tuple(f % 6 + 1 for f in range(N_FACES))
FACE_TYPE: Final[tuple[int, ...]] = tuple(KIND_TYPE[f // 6] for f in range(N_FACES))
FACE_NAMES: Final[tuple[str, ...]] = tuple(f"{KIND_NAMES[f // 6]}-{f % 6 + 1}"
                                           for f in range(N_FACES))
FACE_INDEX: Final[dict[str, int]] = {name: f for f, name in enumerate(FACE_NAMES)}


def face_of(kind: int, die: int) -> int:
    """The face number of a card of ``kind`` showing ``die``."""
    return kind * 6 + die - 1


def face_title(face: int) -> str:
    """'castle (3)': how a sentence names a card."""
    return f"{KIND_TITLES[FACE_KIND[face]]} ({FACE_DIE[face]})"


# Goods: three kinds, each sold with two die numbers (edition data gives which).
GOODS_KINDS: tuple[str, ...] = ("light", "medium", "dark")
N_GOODS_KINDS = 3

# Animals: four kinds; they score by variety only.
ANIMAL_KINDS: tuple[str, ...] = ("chicken", "cattle", "sheep", "pig")
N_ANIMAL_KINDS = 4
ANIMAL_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(ANIMAL_KINDS)}

ROUND_LETTERS = "ABCDE"


def die_distance(a: int, b: int) -> int:
    """Workers needed to turn die ``a`` into ``b``: one per step, 6 and 1 adjacent [RB]."""
    d = a - b if a > b else b - a
    return 6 - d if d > 3 else d


# REACH[die][workers]: the die values a card showing ``die`` can be turned into with that
# many workers (die 0: a free action, any value; three workers reach every face).
REACH: tuple[tuple[frozenset[int], ...], ...] = tuple(
    tuple(frozenset(v for v in range(1, 7) if die == 0 or die_distance(die, v) <= w)
          for w in range(4))
    for die in range(7)
)
# The same as bit masks (bit v set: die v reachable), for the legal-action lists: compiled, a
# shift and a mask instead of a set look-up of a boxed int.
REACH_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << v for v in reach) for reach in by_workers) for by_workers in REACH)

