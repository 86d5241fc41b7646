"""Round end and the player-count rules: the start player, the four-player choice after the
last rounds but one and two, the two-player neutral family (SEED 5 and the two-player rules)."""

from __future__ import annotations

import regalia
from regalia.games.ming_dynasty.state import MingState
from tests.games.ming_dynasty.md_helpers import d, in_cloister, in_open, legal, started


def _end_round(s: MingState, ended: int) -> None:
    s.round = ended
    s._end_round()
    s._legal = {}
    s._settle()


def test_the_start_player_passes_to_the_left_each_round() -> None:
    s = started(3)
    _end_round(s, 1)
    assert s.start == 1 and s.round == 2 and s.to_move() == (1,)


def test_four_players_after_round_four_the_second_fewest_chooses() -> None:
    s = started(4)
    s.score = [30, 10, 20, 40]
    _end_round(s, 4)
    assert s.phase_name == "start" and s.to_move() == (2,)
    assert legal(s) == ["start 1", "start 2", "start 3", "start 4"]
    s.apply("start 3", 2)
    assert s.start == 2 and s.round == 5 and s.to_move() == (2,)


def test_four_players_after_round_five_the_fewest_chooses() -> None:
    s = started(4)
    s.score = [30, 10, 20, 40]
    _end_round(s, 5)
    assert s.to_move() == (1,)


def test_a_tie_for_the_choice_goes_to_most_cloister_members() -> None:
    s = started(4)
    s.score = [10, 10, 20, 40]
    in_cloister(s, 1, "2a")
    _end_round(s, 5)
    assert s.to_move() == (1,)


def test_still_tied_the_first_in_turn_order_from_the_start_player_chooses() -> None:
    s = started(4)
    s.score = [10, 10, 10, 40]
    s.start = 2
    _end_round(s, 4)  # second fewest is 10 too: seats 0, 1, 2 tie; seat 2 starts
    assert s.to_move() == (2,)


def test_three_players_have_no_start_player_choice() -> None:
    s = started(3)
    s.score = [30, 10, 20]
    _end_round(s, 4)
    assert s.phase_name == "place" and s.start == 1


# ---------------------------------------------------------------- two players
def test_two_players_place_three_neutral_members_each_at_setup() -> None:
    s = regalia.new_game("ming-dynasty", 2, seed=3)
    s.apply("prince 1a", 0)
    s.apply("prince 3a", 1)
    order = []
    while s.phase_name == "neutral":
        seat = s.to_move()[0]
        order.append(seat)
        s.apply("neutral 2a", seat) if s.open[d("2a")][2] < 3 else s.apply("neutral 4b", seat)
    assert order == [0, 1, 0, 1, 0, 1]
    assert s.open[d("2a")][2] == 3 and s.open[d("4b")][2] == 3
    assert s.supply[2] == 31 - 6


def test_no_more_than_three_neutral_members_in_a_district() -> None:
    s = regalia.new_game("ming-dynasty", 2, seed=3)
    s.apply("prince 1a", 0)
    s.apply("prince 3a", 1)
    for seat in (0, 1, 0):
        s.apply("neutral 2a", seat)
    assert "neutral 2a" not in legal(s)


def test_neutral_reinforcements_before_rounds_three_and_five() -> None:
    s = started(2)
    _end_round(s, 2)
    assert s.phase_name == "neutral" and s.round == 3
    assert sum(s.neutral_left) == 6
    _end_round(s, 3)
    assert s.phase_name == "place"


def test_the_neutral_family_competes_for_majorities_without_tiles() -> None:
    s = started(2)  # neutral 1 each in 2a, 2b, 2c, 4a, 4b, 4c
    in_open(s, 2, "1b", 2)
    in_open(s, 0, "1b", 1)
    s.round, s.province = 2, 0
    s._score_province()
    assert s.city[d("1b")] == [1, 0, 2]
    assert s.tiles[0][0] == 1 + 1


def test_a_sole_neutral_city_majority_is_cut_to_the_least_that_keeps_it() -> None:
    s = started(2)
    in_open(s, 2, "1a", 2)
    in_open(s, 2, "1b", 2)
    in_open(s, 0, "1c", 1)
    s.round, s.province = 2, 0
    s._score_province()
    s._legal = {}
    s._settle()
    assert s.city_members(0, 2) == 4
    s.apply("return 0", 0)
    # the neutral keeps 2 (one more than seat 0's 1); the start player picks the sections
    assert s.phase_name == "neutral-back" and s.to_move() == (0,)
    assert legal(s) == ["neutral back 1a", "neutral back 1b"]
    s.apply("neutral back 1a", 0)
    s.apply("neutral back 1a", 0)
    assert s.open[d("1a")][2] == 2
    assert s.score[0] == 4 and s.boxed[2] == 2, "no bonus for seat 0: the neutral has most"


def test_a_neutral_without_the_sole_city_majority_goes_back_entirely() -> None:
    s = started(2)
    in_open(s, 2, "1a", 1)
    in_open(s, 0, "1b", 1)
    s.round, s.province = 2, 0
    s._score_province()
    s._legal = {}
    s._settle()
    s.apply("return 0", 0)
    assert s.open[d("1a")][2] == 1 and s.boxed[2] == 0
    assert s.score[0] == 4 + 4
