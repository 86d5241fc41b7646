"""Majority scoring: the rule-book tie examples, player-count variants and both bonuses."""

from __future__ import annotations

from regalia.games.el_grande.scoring import award
from tests.games.el_grande.eg_helpers import BLUE, GREEN, RED, YELLOW, fresh, put, set_king


def test_rb_p6_example_a_three_tied_for_first_get_second_value_fourth_gets_third():
    # 5/3/1; Red 4, Blue 4, Yellow 4, Green 3
    assert award([4, 4, 4, 3], (5, 3, 1), 4)[0] == [3, 3, 3, 1]


def test_rb_p6_example_b_tie_for_third_scores_nothing():
    # 6/4/2; Red 4, Blue 3, Yellow 2, Green 2
    assert award([4, 3, 2, 2], (6, 4, 2), 4)[0] == [6, 4, 0, 0]


def test_only_players_with_caballeros_take_part():
    assert award([0, 2, 0, 0], (5, 3, 1), 4)[0] == [0, 5, 0, 0]


def test_two_tied_for_second_get_the_third_value():
    assert award([5, 3, 3, 1, 0], (7, 4, 2), 5)[0] == [7, 2, 2, 0, 0]


def test_seed_three_players_score_two_places_only():
    assert award([4, 3, 2], (6, 4, 2), 3)[0] == [6, 4, 0]


def test_seed_three_players_tie_for_first_gets_second_value():
    assert award([4, 4, 2], (6, 4, 2), 3)[0] == [4, 4, 0]


def test_seed_three_players_tie_for_second_gets_third_value():
    assert award([5, 2, 2], (6, 4, 2), 3)[0] == [6, 2, 2]


def test_seed_two_players_score_first_place_only():
    assert award([3, 2], (6, 4, 2), 2)[0] == [6, 0]


def test_seed_two_players_tie_for_first_scores_nothing():
    assert award([3, 3], (6, 4, 2), 2)[0] == [0, 0]


def test_king_bonus_goes_to_the_sole_majority_in_the_kings_region():
    st = fresh(4)
    set_king(st, "aragon")
    st.grande_region = [1, 1, 1, 1]  # all at home in New Castile
    put(st, RED, "aragon", 3)
    put(st, BLUE, "aragon", 1)
    assert st.score_area(0, "test") == [5 + 2, 4, 0, 0]


def test_king_bonus_lost_on_a_tie_for_first():
    st = fresh(4)
    set_king(st, "aragon")
    st.grande_region = [1, 1, 1, 1]
    put(st, RED, "aragon", 2)
    put(st, BLUE, "aragon", 2)
    assert st.score_area(0, "test") == [4, 4, 0, 0]


def test_grande_bonus_needs_sole_first_place_at_home():
    st = fresh(4)
    set_king(st, "galicia")
    st.grande_region = [0, 0, 1, 1]  # Red and Blue at home in Aragon
    put(st, RED, "aragon", 3)
    put(st, BLUE, "aragon", 2)
    assert st.score_area(0, "test") == [5 + 2, 4, 0, 0]
    put(st, BLUE, "aragon", 1)
    assert st.score_area(0, "test") == [4, 4, 0, 0]


def test_king_and_grande_bonus_both_go_to_one_player():
    st = fresh(4)
    set_king(st, "aragon")
    st.grande_region = [0, 1, 1, 1]
    put(st, RED, "aragon", 1)
    assert st.score_area(0, "test") == [5 + 2 + 2, 0, 0, 0]


def test_castillo_has_no_bonuses():
    st = fresh(4)
    st.grande_region = [0, 1, 1, 1]
    put(st, GREEN, "castillo", 2)
    put(st, YELLOW, "castillo", 1)
    assert st.score_area(9, "test") == [0, 0, 3, 5]


def test_mobile_scoreboard_replaces_the_printed_values():
    st = fresh(4)
    set_king(st, "galicia")
    st.grande_region = [1, 1, 1, 1]
    st.scoreboards[0] = 0  # 8/4/0 on Aragon
    put(st, RED, "aragon", 2)
    put(st, BLUE, "aragon", 1)
    assert st.score_area(0, "test") == [8, 4, 0, 0]
    st.scoreboards[0] = -1
    assert st.score_area(0, "test") == [5, 4, 0, 0]


def test_the_log_says_which_bonuses_a_scoring_includes():
    """Points with their reasons (issue 34): the King's and the home region's bonus are named
    in the scoring's log line, so the line's points read as the rule book adds them."""
    st = fresh(4)
    set_king(st, "aragon")
    st.grande_region = [0, 1, 1, 1]  # Red at home in Aragon
    put(st, RED, "aragon", 3)
    put(st, BLUE, "aragon", 1)
    st.score_area(0, "test")
    line = st.view(None)["log"][-1]
    assert line["points"] == [5 + 2 + 2, 4, 0, 0]
    assert line["text"] == ("Aragon scored: Red 9, Blue 4; Red's points include the King's "
                            "bonus of 2 and the home region's bonus of 2")
    st.grande_region = [1, 1, 1, 1]
    st.score_area(0, "test")
    assert st.view(None)["log"][-1]["text"] == (
        "Aragon scored: Red 7, Blue 4; Red's points include the King's bonus of 2")
    set_king(st, "galicia")
    st.score_area(0, "test")
    assert st.view(None)["log"][-1]["text"] == "Aragon scored: Red 5, Blue 4"
