"""Conservation laws and shape checks, for the conformance suite and the tests."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    CLOISTER,
    FACE_INDEX,
    FACE_TYPE,
    N_ACTION_CARDS,
)

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def check_invariants(s: CobState) -> None:
    """Raise AssertionError if cards, goods or animals were made or lost, or a rule's shape
    (hand of at most 2, at most 3 projects, piles of at most 3 of one type) is broken."""
    d = s.components
    n = s.players
    # The 114 action cards: unrevealed (per generation), hands, display, projects, estates,
    # discard, Aaron's estate, and cards waiting in a pending decision.
    cards: Counter[int] = Counter()
    for pool in s.unrevealed:
        cards.update(FACE_INDEX[name] for name in pool)
    for p in range(n):
        cards.update(s.hands[p])
        cards.update(s.projects[p])
        for _, faces in s.estates[p]:
            cards.update(faces)
    for row in s.display:
        cards.update(row)
    cards.update(s.discard_pile)
    for _, faces in s.aaron_estate:
        cards.update(faces)
    for entry in s.pending:
        if entry[0] in (P.DROP, P.ESTATE):
            cards[entry[1]] += 1
        elif entry[0] == P.KEEP:
            cards.update(entry[1:])
    assert sum(cards.values()) == N_ACTION_CARDS, f"{sum(cards.values())} action cards"
    assert cards == Counter(FACE_INDEX[x] for x in d.deck), "action cards changed"

    # Face-down cards are reserved from their generation's unrevealed cards.
    reserved = [0] * len(s.unrevealed)
    for pile in s.face_down_piles + s.aaron_face_down_piles:
        for gen in pile:
            reserved[gen] += 1
    assert reserved == s.face_down_counts, \
        f"reserved {s.face_down_counts} but piles hold {reserved}"
    for gen, pool in enumerate(s.unrevealed[:-1]):
        assert len(pool) == s.face_down_counts[gen], \
            f"old deck generation {gen} has loose cards"
    assert len(s.unrevealed[-1]) >= s.face_down_counts[-1], \
        "more reserved cards than unrevealed ones"
    assert len(s.reshuffled_discards) == len(s.unrevealed) - 1, "a reshuffle not remembered"
    # A pile is reserved from older generations up and drawn from the top, so a seat's cards
    # of this round, in drawing order (hidden.py), come from ever older generations.
    for p in range(n):
        played = s.generations_played_this_round[p]
        assert len(played) <= min(d.turns, len(s.played_cards[p])), "more plays this round"
        drawn = sorted(played + tuple(s.hand_generations[p]), reverse=True)
        order = drawn + s.face_down_piles[p][::-1]
        assert all(0 <= g < len(s.unrevealed) for g in order), "no such deck generation"
        assert order == sorted(order, reverse=True), "a pile drawn out of generation order"
        assert s.hand_generations[p] == sorted(s.hand_generations[p], reverse=True), \
            "a hand out of drawing order"

    # Goods and animals.
    goods: Counter[int] = Counter(s.goods_face_index[x] for x in s.hidden_goods)
    for i in (0, 1):
        assert (s.goods_pile_sizes[i] == 0) == (s.goods_pile_tops[i] < 0), \
            "goods pile top and count disagree"
        if s.goods_pile_sizes[i]:
            goods[s.goods_pile_tops[i]] += 1
    assert sum(s.goods_pile_sizes) == len(s.hidden_goods) + sum(1 for c in s.goods_pile_sizes if c)
    animals: Counter[int] = Counter(ANIMAL_KINDS.index(x) for x in s.hidden_animals)
    for i in (0, 1):
        assert (s.animal_pile_sizes[i] == 0) == (s.animal_pile_tops[i] < 0), \
            "animal pile top and count disagree"
        if s.animal_pile_sizes[i]:
            animals[s.animal_pile_tops[i]] += 1
    assert sum(s.animal_pile_sizes) == \
        len(s.hidden_animals) + sum(1 for c in s.animal_pile_sizes if c)
    for p in range(n):
        for gf, c in enumerate(s.goods[p]):
            goods[gf] += c
        for gf, c in enumerate(s.sold_goods[p]):
            goods[gf] += c
        for k, c in enumerate(s.animals[p]):
            animals[k] += c
    assert +goods == Counter(s.goods_face_index[x] for x in d.goods_deck), "goods changed"
    assert +animals == Counter(ANIMAL_KINDS.index(x) for x in d.animal_deck), "animals changed"

    # Shapes.
    for p in range(n):
        assert len(s.hands[p]) <= d.hand, "hand too big"
        assert len(s.hands[p]) == len(s.hand_generations[p])
        assert len(s.played_cards[p]) <= d.turns * (s.round_index + 1), \
            "more cards played than dealt"
        assert len(s.projects[p]) <= 3, "more than 3 projects"
        assert s.workers[p] >= 0 and s.silver[p] >= 0, "negative workers or silver"
        for t, faces in s.estates[p]:
            assert 1 <= len(faces) <= 3, "estate pile size"
            for f in faces:
                assert FACE_TYPE[f] in (t, CLOISTER), "card in a pile of another type"
            if t == CLOISTER:
                assert all(FACE_TYPE[f] == CLOISTER for f in faces), "cloister pile mixed"
    for t, faces in s.aaron_estate:
        assert all(FACE_TYPE[f] == t for f in faces), "Aaron's piles are of one type"
    bonus = [v for v in s.all_types_bonus if v] + s.all_types_stack
    assert sorted(bonus) == sorted(d.all_types[n] if s.options["all_types_by_player_count"]
                                   else d.all_types_vp), "all-types cards changed"
    if not s.game_over:
        assert s.pending and s.moving_seats == (s.current_seat,), \
            "a game in progress has a decision"
