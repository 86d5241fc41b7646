"""Final scoring [RB]: triples, bonus cards, VP cards, sold goods, animals, start player card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from regalia.engine.i18n import _, ngettext, pgettext
from regalia.games.castles_of_burgundy_cards.names import type_word

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState

# An estate pile: (type it counts as, faces in it).
Pile = tuple[int, tuple[int, ...]]


def animal_vp(counts: Sequence[int], table: Sequence[int]) -> int:
    """Animals score by variety: layer them into groups of different kinds (group k holds the
    kinds with at least k cards) and score each group by its number of kinds. The table is
    convex, so this layering is also the best grouping a player could choose.

    >>> animal_vp([1, 2, 3, 0], [0, 0, 1, 2, 4])  # 1 chicken, 2 cattle, 3 sheep [RB]
    3
    """
    total = 0
    k = 1
    while True:
        kinds = 0
        for c in counts:
            if c >= k:
                kinds += 1
        if not kinds:
            return total
        total += table[kinds]
        k += 1


def triples_vp(estate: Sequence[Pile], triple_vp: Sequence[int]) -> int:
    """VP of the completed triples (a pile that became a type counts as that type)."""
    return sum(triple_vp[t] for t, cards in estate if len(cards) == 3)


def player_score(s: CobState, p: int) -> int:
    """The seat's score if the game ended now."""
    d = s.components
    score = triples_vp(s.estates[p], d.triple_vp)
    score += d.first_triple_vp * s.first_bonus_owner.count(p)
    score += s.all_types_bonus[p] + s.vp_cards[p]
    faces = d.goods_faces
    for g, n in enumerate(s.sold_goods[p]):
        if n:
            score += n * faces[g][1]
    score += animal_vp(s.animals[p], d.animal_variety_vp)
    if s.start_card_holder == p:
        score += d.start_player_vp
    return score


def aaron_score(s: CobState) -> int:
    """Aaron's VP: his triples and his bonus cards (he has nothing else) [RB solo]."""
    d = s.components
    aaron = s.players
    return (triples_vp(s.aaron_estate, d.triple_vp)
            + d.first_triple_vp * s.first_bonus_owner.count(aaron) + s.all_types_bonus[aaron])


def storage_cards(s: CobState, p: int) -> int:
    """The tie-breaker: workers, silver, unsold goods and animals left in storage [RB]."""
    return s.workers[p] + s.silver[p] + sum(s.goods[p]) + sum(s.animals[p])


def score_parts(s: CobState, p: int) -> list[tuple[str, int, int]]:
    """Where the seat's points come from, as ``(source, count, VP)``: triples by type, "1."
    cards, the "all 7 types" card, VP cards, sold goods, animals, the start player card.
    Sources worth nothing are left out; the VP add up to :func:`player_score`. The sources
    are words in the language in force (made when the view is)."""
    d = s.components
    parts = _estate_parts(s, s.estates[p], p)
    # VP cards are counted by value only
    parts.append((pgettext("castles-of-burgundy-cards", "VP cards"), 0, s.vp_cards[p]))
    faces = d.goods_faces
    sold = sum(s.sold_goods[p])
    parts.append((pgettext("castles-of-burgundy-cards", "sold goods"), sold,
                  sum(n * faces[g][1] for g, n in enumerate(s.sold_goods[p]))))
    parts.append((pgettext("castles-of-burgundy-cards", "animals"), sum(s.animals[p]),
                  animal_vp(s.animals[p], d.animal_variety_vp)))
    holds = s.start_card_holder == p
    parts.append((pgettext("castles-of-burgundy-cards", "start player card"), int(holds),
                  d.start_player_vp if holds else 0))
    return [part for part in parts if part[2]]


def aaron_score_parts(s: CobState) -> list[tuple[str, int, int]]:
    """Aaron's points by source, as :func:`score_parts` (triples and bonus cards only)."""
    return [part for part in _estate_parts(s, s.aaron_estate, s.players) if part[2]]


def _estate_parts(s: CobState, estate: Sequence[Pile], owner: int
                  ) -> list[tuple[str, int, int]]:
    """Triples by type and the two kinds of bonus card (owner ``players`` is Aaron)."""
    d = s.components
    parts: list[tuple[str, int, int]] = []
    done = [t for t, cards in estate if len(cards) == 3]
    for t in sorted(set(done)):
        n = done.count(t)
        words = ngettext("{type} triple", "{type} triples", n).format(
            type=type_word(t, s.edition))
        parts.append((words, n, n * d.triple_vp[t]))
    firsts = s.first_bonus_owner.count(owner)
    parts.append((_('"1." bonus cards'), firsts, firsts * d.first_triple_vp))
    value = s.all_types_bonus[owner]
    parts.append((_('"all 7 types" card'), 1 if value else 0, value))
    return parts
