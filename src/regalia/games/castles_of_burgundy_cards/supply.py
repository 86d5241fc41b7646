"""The action deck, face-down piles, and the open goods and animal piles.

Chance model (DESIGN.md: a card is drawn when it is revealed). The deck is a multiset of face
names (``Pool``, pool.py). A face-down pile (a player's cards for the round, Aaron's piles) is
only a *count of cards reserved* from the deck: its cards are drawn from the deck's multiset
when they enter a hand or are revealed. Because the discard pile is shuffled into a new deck
when the deck runs out while reserved cards are still face down, each reshuffle starts a new
*generation*: ``unrevealed[g]`` holds the unrevealed cards of generation ``g`` (reserved and
still in the deck), ``face_down_counts[g]`` how many of them lie in face-down piles, and a pile
is a list of the generations of its cards, top last. Every unrevealed card of a generation is
equally likely to be any of them, so drawing uniformly from ``unrevealed[g]`` is exact.

Goods and animal piles lie face up: only their tops are seen. A pile is a count and a top;
the card under a taken top is drawn from the hidden rest of the goods (animals) when it turns
up. When one pile of a kind runs out, the other is split into two [RB].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_INDEX
from regalia.games.castles_of_burgundy_cards.pool import Pool
from regalia.games.castles_of_burgundy_cards.scoring import animal_vp

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def deck_count(s: CobState) -> int:
    """Cards in the draw deck (the current generation less its reserved cards)."""
    return len(s.unrevealed[-1].ranks) - s.face_down_counts[-1]


def available(s: CobState) -> int:
    """Cards that can still be drawn: the deck, then the discard pile reshuffled."""
    return len(s.unrevealed[-1].ranks) - s.face_down_counts[-1] + len(s.discard_pile)


def _ensure_deck(s: CobState) -> bool:
    """Reshuffle the discard pile into a new deck if the deck is empty [RB, A19]."""
    if len(s.unrevealed[-1].ranks) > s.face_down_counts[-1]:
        return True
    if not s.discard_pile:
        return False
    s.unrevealed.append(Pool.of_faces(s.discard_pile))
    s.reshuffled_discards.append(tuple(s.discard_pile))  # it lay face up: every seat remembers it
    s.face_down_counts.append(0)
    s.discard_pile.clear()
    return True


def draw_deck(s: CobState, label: str) -> int:
    """The top card of the deck, revealed (-1 if deck and discard pile are both empty)."""
    if not _ensure_deck(s):
        return -1
    return s.unrevealed[-1].draw_face(s, label)


def reserve(s: CobState) -> int:
    """Put the deck's top card face down in a pile: its generation (-1 if none left)."""
    if not _ensure_deck(s):
        return -1
    s.face_down_counts[-1] += 1
    return len(s.unrevealed) - 1


def draw_reserved(s: CobState, label: str, gen: int) -> int:
    """Reveal a face-down card of generation ``gen``."""
    s.face_down_counts[gen] -= 1
    return s.unrevealed[gen].draw_face(s, label)


# ---------------------------------------------------------------- goods and animal piles
def setup_open_piles(s: CobState) -> None:
    """Split the goods and the animals left after the start storage into two piles each."""
    rest = len(s.hidden_goods)
    s.goods_pile_sizes = [rest - rest // 2, rest // 2]
    s.goods_pile_tops = [_reveal_good(s) if c else -1 for c in s.goods_pile_sizes]
    rest = len(s.hidden_animals)
    s.animal_pile_sizes = [rest - rest // 2, rest // 2]
    s.animal_pile_tops = [_reveal_animal(s) if c else -1 for c in s.animal_pile_sizes]


def draw_good(s: CobState) -> int:
    """A random good from the hidden goods (start storage)."""
    return _reveal_good(s)


def draw_animal(s: CobState) -> int:
    return _reveal_animal(s)


def _reveal_good(s: CobState) -> int:
    name = s._draw("good", s.hidden_goods)
    s.hidden_goods.remove(name)
    return s.goods_face_index[name]


def _reveal_animal(s: CobState) -> int:
    name = s._draw("animal", s.hidden_animals)
    s.hidden_animals.remove(name)
    return ANIMAL_INDEX[name]


def take_good(s: CobState, seat: int, pile: int) -> None:
    """Move the top of goods pile ``pile`` into the seat's storage."""
    s.goods[seat][s.goods_pile_tops[pile]] += 1
    _after_taking(s, s.goods_pile_sizes, s.goods_pile_tops, pile, True)


def take_animal(s: CobState, seat: int, pile: int) -> None:
    """Move the top of animal pile ``pile`` into the seat's storage (the change of its
    animals' VP counted in ``s.move_vp``)."""
    table = s.components.animal_variety_vp
    before = animal_vp(s.animals[seat], table)
    s.animals[seat][s.animal_pile_tops[pile]] += 1
    s.move_vp += animal_vp(s.animals[seat], table) - before
    _after_taking(s, s.animal_pile_sizes, s.animal_pile_tops, pile, False)


def _after_taking(s: CobState, counts: list[int], tops: list[int], pile: int,
                  goods: bool) -> None:
    """The pile shrinks and shows its next card; an emptied pile takes the bottom half of
    the other: "if one deck runs out, split the other in two" [RB]. (``goods``: the goods
    piles, else the animals; a flag, not a closure to call, which compiled code calls
    through Python.)"""
    counts[pile] -= 1
    tops[pile] = (_reveal_good(s) if goods else _reveal_animal(s)) if counts[pile] else -1
    other = 1 - pile
    if not counts[pile] and counts[other] >= 2:
        half = counts[other] // 2
        counts[other] -= half
        counts[pile] = half
        tops[pile] = _reveal_good(s) if goods else _reveal_animal(s)
