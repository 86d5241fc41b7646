"""Phase 4 in play (EN p5, SEED 4.1-4.3) and the final scoring."""

from __future__ import annotations

import pytest

from regalia.engine import IllegalAction
from regalia.games.ming_dynasty.state import MingState
from tests.games.ming_dynasty.md_helpers import d, in_cloister, in_open, legal, set_tiles, started


def score(s: MingState, round_: int, province: int = 1) -> None:
    """Start the scoring of ``province`` (1-6) after round ``round_``."""
    s.round = round_
    s.province = province - 1
    s.check_invariants()
    s._score_province()
    s._legal = {}
    s._settle()


def test_majorities_move_members_into_the_city_and_earn_tiles() -> None:
    s = started(3)  # seat 0's prince tile is of province 1
    in_open(s, 0, "1b", 3)
    in_open(s, 1, "1b", 2)
    in_open(s, 2, "1b", 1)
    score(s, 2)
    assert s.city[d("1b")] == [2, 1, 0] and s.open[d("1b")] == [1, 1, 1]
    assert s.tiles[0][0] == 1 + 2 and s.tiles[1][0] == 1
    assert s.to_move() == (0, 1), "both choose return cards at once"


def test_cloister_members_count_for_no_majority() -> None:
    s = started(3)
    in_open(s, 1, "1b", 1)
    in_cloister(s, 0, "1b")
    score(s, 2)
    assert s.city[d("1b")] == [0, 1, 0] and s.cloister[d("1b")] == 0


def test_return_cards_stay_sealed_until_everyone_has_chosen() -> None:
    s = started(3)
    in_open(s, 0, "1b", 3)
    in_open(s, 1, "1b", 2)
    score(s, 2)
    assert legal(s, 0) == ["return 0", "return 1", "return 2"]
    assert legal(s, 1) == ["return 0", "return 1"]
    s.apply("return 1", 0)
    assert s.to_move() == (1,)
    theirs = s.view(1)["players"][0]
    assert theirs["sealed"] is True and "return" not in theirs
    assert s.view(0)["players"][0]["return"] == 1
    assert "lays return cards face down" in s.announce(s.parse_action("return 0"), 1)
    with pytest.raises(IllegalAction):
        s.apply("return 1", 0)
    s.apply("return 0", 1)
    assert s.view(2)["players"][0]["revealed"] == 1
    assert s.open[d("1b")][0] == 2, "the returned member is back in its district"


def test_members_left_score_by_round_and_the_majority_takes_the_bonus() -> None:
    s = started(3)
    in_open(s, 0, "1b", 3)
    in_open(s, 1, "1b", 2)
    score(s, 2)
    s.apply("return 0", 0)
    s.apply("return 0", 1)
    assert s.score[0] == 2 * 4 + 4 and s.score[1] == 1 * 4
    assert s.boxed[0] == 2 and s.boxed[1] == 1, "members left in the city go to the box"
    assert sum(s.city[d("1b")]) == 0


def test_round_four_pays_three_per_member() -> None:
    s = started(3)
    in_open(s, 0, "1b", 2)
    score(s, 4)
    s.apply("return 0", 0)
    assert s.score[0] == 2 * 3 + 4


def test_round_six_pays_nothing_per_member_but_the_bonus_stands() -> None:
    s = started(3)
    in_open(s, 0, "1b", 2)
    score(s, 6)
    s.apply("return 0", 0)
    assert s.is_over()
    assert s.score[0] == 4 + 1 * (1 + 2)  # bonus, then one point per tile left


def test_a_city_with_nobody_left_after_returns_scores_nothing() -> None:
    s = started(3)
    in_open(s, 0, "1b", 2)
    in_open(s, 1, "1c", 1)
    score(s, 2)
    s.apply("return 2", 0)
    s.apply("return 1", 1)
    assert s.score[:2] == [0, 0]
    assert s.open[d("1b")][0] == 2 and s.open[d("1c")][1] == 1
    assert s.boxed[:2] == [0, 0]


def test_a_return_from_several_sections_lets_the_player_choose() -> None:
    s = started(3)
    in_open(s, 0, "1b", 2)
    in_open(s, 0, "1c", 1)
    score(s, 2)
    s.apply("return 1", 0)
    assert s.phase_name == "back" and legal(s) == ["back 1b", "back 1c"]
    s.apply("back 1c", 0)
    assert s.open[d("1c")][0] == 1 and s.score[0] == 2 * 4 + 4


def test_city_bonus_tie_goes_to_the_largest_section_then_is_shared() -> None:
    s = started(3)
    in_open(s, 0, "1a", 2)          # yellow: 2 in 1a's houses
    in_open(s, 1, "1b", 1)          # green: 1 in 1b's and 1 in 1c's
    in_open(s, 1, "1c", 1)
    score(s, 2)
    s.apply("return 0", 0)
    s.apply("return 0", 1)
    assert s.score[0] == 8 + 4 and s.score[1] == 8


def test_a_still_tied_city_bonus_is_shared_rounding_down() -> None:
    s = started(3)
    for p, dist in ((0, "1a"), (1, "1b"), (2, "1c")):
        in_open(s, p, dist, 1)
    score(s, 2)
    for p in range(3):
        s.apply("return 0", p)
    assert s.score == [4 + 1, 4 + 1, 4 + 1]


def test_a_set_of_six_formed_mid_scoring_scores_at_once() -> None:
    s = started(3)
    set_tiles(s, 0, [0, 1, 1, 1, 1, 1])
    in_open(s, 0, "1b", 1)
    score(s, 2)
    assert s.score[0] == 28
    assert s.tiles[0] == [0] * 6 and s.tile_supply[0] == 18


def test_cloisters_score_four_each_and_stay() -> None:
    s = started(3)
    in_cloister(s, 2, "3b")
    in_cloister(s, 2, "6c")
    score(s, 2)
    assert s.score[2] == 8 and s.cloister[d("3b")] == 2
    assert s.phase_name == "place" and s.round == 3


def test_final_scoring_counts_sets_of_five_then_single_tiles() -> None:
    s = started(3)
    set_tiles(s, 0, [2, 1, 1, 1, 1, 0])
    score(s, 6)
    assert s.is_over()
    assert s.score[0] == 10 + 1


def test_scores_and_places_after_the_last_round() -> None:
    s = started(3)
    in_open(s, 1, "1b", 2)
    score(s, 6)
    s.apply("return 0", 1)
    assert s.is_over() and s.to_move() == ()
    assert s.ranking()[1] == 1


def test_return_cards_come_back_for_the_next_city() -> None:
    # Four cards and up to six cities a scoring: the cards played for one city are in hand
    # again for the next (an inference from the counts; SEED 4.2 is silent).
    s = started(3)
    in_open(s, 0, "1b", 3)
    in_open(s, 0, "2b", 3)
    score(s, 2, province=1)
    s.apply("return 2", 0)
    assert s.province == 1 and s.phase_name == "return"
    assert legal(s, 0) == ["return 0", "return 1", "return 2"]


def test_an_emptied_tile_colour_gives_no_tile() -> None:
    s = started(3)
    s.tile_supply[0], s.tiles[2][0] = 0, s.tiles[2][0] + s.tile_supply[0]
    in_open(s, 0, "1b", 2)
    before = list(s.tiles[0])
    score(s, 2)
    assert s.city[d("1b")][0] == 2 and s.tiles[0] == before
