"""Final scoring and the tie-breaker [RB]."""

from __future__ import annotations

import pytest

from regalia.games.castles_of_burgundy_cards.faces import CASTLE, SHIP
from regalia.games.castles_of_burgundy_cards.scoring import animal_vp, player_score
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    clear_table,
    new,
    set_animals,
    set_estate,
    set_goods,
)


def test_megans_3_sheep_2_cattle_1_chicken_score_3() -> None:
    """Groups {sheep, cattle, chicken} 2 + {sheep, cattle} 1 + {sheep} 0 [RB example]."""
    assert animal_vp([1, 2, 3, 0], [0, 0, 1, 2, 4]) == 3


@pytest.mark.parametrize(("counts", "vp"), [([1, 1, 1, 1], 4), ([1, 1, 1, 0], 2),
                                            ([1, 1, 0, 0], 1), ([5, 0, 0, 0], 0),
                                            ([2, 2, 2, 2], 8), ([0, 0, 0, 0], 0)])
def test_animals_score_by_variety(counts: list[int], vp: int) -> None:
    assert animal_vp(counts, [0, 0, 1, 2, 4]) == vp


def test_final_score_adds_every_part() -> None:
    s = new(2, seed=6)
    clear_table(s)
    set_estate(s, 0, (CASTLE, ("castle-1", "castle-2", "cloister-3")), (SHIP, ("ship-1",)))
    s.first_bonus_owner[CASTLE] = 0
    s.all_types_bonus[0] = 3
    s.all_types_stack = [1]
    s.vp_cards[0] = 4
    set_goods(s, 0)
    s.sold_goods[0][s.goods_face_index["light-1vp"]] = 2
    s.hidden_goods.remove("light-1vp")
    s.hidden_goods.remove("light-1vp")
    s.goods_pile_sizes[0] -= 2
    set_animals(s, 0, sheep=1, pig=1)
    s.start_card_holder = 0
    d = s.components
    expected = d.triple_vp[CASTLE] + 1 + 3 + 4 + 2 * 1 + 1 + 1
    assert player_score(s, 0) == expected
    s.check_invariants()


def test_the_start_player_card_is_worth_1_on_either_side() -> None:
    s = new(2, seed=6)
    base = player_score(s, 0)
    s.start_card_question_marks = True
    assert player_score(s, 0) == base
    s.start_card_holder = 1
    assert player_score(s, 0) == base - 1


def test_ties_go_to_the_most_cards_left_in_storage_then_share() -> None:
    s = new(3, seed=6)
    s.start_card_holder = -1
    for p in range(3):
        set_goods(s, p)
        set_animals(s, p)
        s.vp_cards[p] = 5
        s.workers[p] = s.silver[p] = 1
    s.silver[2] = 3
    assert s.scores() == (5, 5, 5)
    assert s.ranking() == (2, 2, 1)
