"""Step 4.1 allocation cases (EN p5 examples and text, SEED 4.1) and the city bonus tie."""

from __future__ import annotations

from regalia.games.ming_dynasty.scoring import bonus_winners, majority_moves, sets_of

Y, G, B, R = range(4)


def test_example_sole_majority_of_three_moves_two_and_the_second_one() -> None:
    # EN p5: yellow 3 moves 2, green 2 moves 1, blue (fewer) none.
    assert majority_moves([3, 2, 1, 0]) == [2, 1, 0, 0]


def test_example_three_tied_for_first_move_one_each_and_the_fourth_none() -> None:
    assert majority_moves([2, 2, 2, 1]) == [1, 1, 1, 0]


def test_example_two_tied_for_first_move_one_each_and_a_house_stays_empty() -> None:
    moves = majority_moves([2, 1, 2, 0])
    assert moves == [1, 0, 1, 0]
    assert sum(moves) == 2


def test_sole_first_with_a_tie_for_second_moves_two_and_the_seconds_none() -> None:
    assert majority_moves([4, 2, 2, 0]) == [2, 0, 0, 0]


def test_sole_first_with_a_single_member_moves_it_alone() -> None:
    assert majority_moves([0, 1, 0, 0]) == [0, 1, 0, 0]


def test_four_way_tie_moves_nobody_into_the_city() -> None:
    assert majority_moves([2, 2, 2, 2]) == [0, 0, 0, 0]


def test_empty_district_moves_nobody() -> None:
    assert majority_moves([0, 0, 0]) == [0, 0, 0]


def test_second_place_always_moves_fewer_than_first() -> None:
    for counts in ([5, 4, 0], [2, 1, 1], [3, 3, 1], [1, 1, 0], [6, 1, 0, 0]):
        moves = majority_moves(counts)
        firsts = max(moves)
        assert sum(moves) <= 3
        assert all(m in (0, firsts) or m < firsts for m in moves)


def test_city_bonus_goes_to_the_most_members_left() -> None:
    assert bonus_winners([[2, 1, 0], [0, 1, 0], [0, 0, 0]], "own-section") == [Y]


def test_example_city_bonus_tie_is_broken_by_the_largest_section() -> None:
    # Yellow and green both keep 2; yellow has 2 in one district's houses, green 1 and 1.
    left = [[2, 1, 0], [0, 1, 0], [0, 0, 0]]
    left[0][G] = 0
    left[2][G] = 1
    assert bonus_winners(left, "own-section") == [Y]


def test_city_bonus_still_tied_is_shared() -> None:
    assert bonus_winners([[1, 1, 0], [1, 1, 0], [0, 0, 0]], "own-section") == [Y, G]


def test_fullest_section_reading_looks_at_the_section_with_most_members() -> None:
    # Section 1 holds 3 (green 2, yellow 1); section 0 holds yellow's other member... yellow
    # has 2 in one section too, but the fullest section is green's.
    left = [[2, 0, 0], [1, 2, 0], [0, 1, 0]]
    assert bonus_winners(left, "own-section") == [Y, G]
    assert bonus_winners(left, "fullest-section") == [G]


def test_nobody_left_means_no_bonus() -> None:
    assert bonus_winners([[0, 0], [0, 0], [0, 0]], "own-section") == []


def test_sets_of_five_take_the_largest_piles_first() -> None:
    tiles = [2, 2, 2, 2, 1, 1]
    assert sets_of(tiles, 5) == 2
    assert sum(tiles) == 0
