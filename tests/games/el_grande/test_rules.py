"""Setup, rounds, power cards, the court, placement, the King, general scoring, options."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine.errors import IllegalAction, InvalidOption, InvalidPlayerCount
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.phases import CARD, OVER, POWER, SEALED
from tests.games.el_grande.eg_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    count,
    fresh,
    play,
    put,
    set_king,
    texts,
    turn,
)


def test_setup_king_and_homes_are_distinct_regions_by_chance():
    st = regalia.new_game("el-grande", 5, seed=3, setup_disk=False)
    homes = st.grande_region
    assert len(set(homes)) == 5 and st.king_region not in homes
    chance = [m["chance"] for m in st.moves() if "chance" in m]
    assert chance[:7] == ["king", "home red", "home blue", "home yellow", "home green",
                          "home black", "start player"]


def test_setup_1995_two_at_home_seven_in_court_21_in_provinces():
    st = regalia.new_game("el-grande", 4, seed=3, setup_disk=False)
    for s in range(4):
        assert st.board[st.grande_region[s] * 4 + s] == 2
        assert (st.court[s], st.provinces[s]) == (7, 21)
    assert st.phase == POWER


def test_seed_setup_disk_places_one_more_caballero_secretly_not_in_kings_region():
    st = regalia.new_game("el-grande", 3, seed=3)
    assert st.phase == SEALED and st.to_move() == (0, 1, 2)
    assert all(st.provinces[s] == 20 for s in range(3))
    king = A.AREA_IDS[st.king_region]
    assert f"disk {king}" not in texts(st, 0)
    free = [r for r in A.AREA_IDS[:9] if r != king]
    st.apply(f"disk {free[0]}", 1)
    assert st.view(0)["seats"][1]["disk"] == "chosen"  # hidden until all have chosen
    assert st.view(1)["seats"][1]["disk"] == free[0]
    st.apply(f"disk {free[0]}", 0)
    st.apply(f"disk {free[1]}", 2)
    assert st.phase == POWER
    assert st.board[A.AREA_IDS.index(free[0]) * 3 + 1] >= 1
    assert sum(st.board[a * 3 + 2] for a in range(10)) == 3 and st.court[2] == 7


def test_power_card_value_may_not_repeat_within_a_round():
    st = fresh(4)
    first = st.to_move()[0]
    st.apply("power 13")
    nxt = st.to_move()[0]
    assert nxt == (first + 1) % 4
    before = st.to_json()
    with pytest.raises(IllegalAction, match="13 was already played this round by"):
        st.apply("power 13")
    assert st.to_json() == before


def test_played_power_cards_do_not_return_to_hand():
    st = fresh(2)
    st.hand[0] &= ~(1 << 5)
    st.power_log[0] = (5,)
    st.start_player = 0
    st.seats_to_move = (0,)
    st._legal = {}
    assert "power 5" not in texts(st, 0)
    with pytest.raises(IllegalAction, match="not in your hand"):
        st.apply("power 5", 0)


def test_turn_order_is_descending_power_and_lowest_starts_next_round():
    st = fresh(4)
    start = st.to_move()[0]
    seats = [(start + i) % 4 for i in range(4)]
    for v in (3, 11, 1, 7):
        st.apply(f"power {v}")
    assert st.turn_order == (seats[1], seats[3], seats[0], seats[2])
    while st.round_index == 0:
        st.apply(st.legal_actions(st.to_move()[0])[0], st.to_move()[0])
    assert st.to_move() == (seats[2],)  # played the 1


def test_power_card_brings_caballeros_to_court_at_most():
    st = fresh(2)
    st.start_player = 0
    st.seats_to_move = (0,)
    play(st, "power 2", "power 1")  # the higher card acts first
    assert st.active_seat == 0 and st.to_move() == (0,)
    assert texts(st, 0) == [f"court {n}" for n in range(6)]
    st.apply("court 4")
    assert (st.court[0], st.provinces[0]) == (11, 23 - 4)
    assert st.phase == CARD


def test_provinces_running_out_caballeros_come_from_the_board_not_kings_region():
    st = fresh(2)
    set_king(st, "galicia")
    st.start_player = 0
    st.seats_to_move = (0,)
    st.provinces[0] = 0
    st.court[0] = 7
    st.board[0 * 2 + 0] = 20  # all of Red's others in Aragon...
    st.board[4 * 2 + 0] = 3   # ...and 3 in Galicia, the King's region
    play(st, "power 2", "power 1")
    assert texts(st, 0) == [f"court {n}" for n in range(6)]
    st.apply("court 2")
    assert texts(st, 0) == ["recall aragon"]
    with pytest.raises(IllegalAction, match="King's region"):
        st.apply("recall galicia")
    play(st, "recall aragon", "recall aragon")
    assert (st.court[0], count(st, RED, "aragon")) == (9, 18)
    st.check_invariants()


def test_each_stack_gives_one_card_per_round():
    st = fresh(2)
    st.start_player = 0
    st.seats_to_move = (0,)
    play(st, "power 13", "power 12", "card 2")
    while st.active_seat == 0:
        st.apply("done")
    assert st.active_seat == 1
    assert "card 2" not in texts(st, 1)
    with pytest.raises(IllegalAction, match="already taken this round by Red"):
        st.apply("card 2")


def test_seed_placement_example_four_caballeros_split_over_regions_and_castillo():
    # SEED 搬移说明: 1 each into two regions next to the King, 2 into the Castillo.
    st = turn(fresh(4), "mobile-scoreboard")
    set_king(st, "new-castile")
    play(st, "place aragon", "place valencia", "place castillo", "place castillo")
    assert (count(st, RED, "aragon"), count(st, RED, "valencia"),
            count(st, RED, "castillo")) == (1, 1, 2)
    assert st.court[RED] == 3
    assert not any(t.startswith("place") for t in texts(st))


def test_placement_only_next_to_the_king_never_into_his_region():
    st = turn(fresh(4), "grande")
    set_king(st, "galicia")
    places = [t for t in texts(st) if t.startswith("place")]
    assert places == ["place old-castile", "place basque-country", "place castillo"]
    with pytest.raises(IllegalAction, match="nothing may enter the King's region"):
        st.apply("place galicia")
    with pytest.raises(IllegalAction, match="next to the King"):
        st.apply("place seville")


def test_placement_maximum_is_the_cards_number():
    st = turn(fresh(4), "veto")
    set_king(st, "new-castile")
    play(st, "place aragon")
    assert st.placed == 1
    play(st, "place aragon")
    assert st.active_seat != RED  # two placed, Veto kept: the turn ends by itself


def test_placement_takes_from_the_court_only():
    st = turn(fresh(4), "king")
    st.court[RED] = 1
    st.provinces[RED] += 6
    play(st, "place castillo")
    assert not any(t.startswith("place") for t in texts(st))


def test_seed_placement_may_be_split_around_the_special_action():
    st = turn(fresh(4), "king")
    set_king(st, "galicia")
    play(st, "place old-castile", "act", "king catalonia", "place aragon", "place valencia")
    assert (count(st, RED, "old-castile"), count(st, RED, "aragon"),
            count(st, RED, "valencia")) == (1, 1, 1)


def test_1995_rule_d_placement_and_action_may_not_be_split():
    st = turn(fresh(4, split_placement=False), "king")
    set_king(st, "galicia")
    play(st, "place old-castile", "act", "king catalonia")
    assert st.active_seat != RED  # placement was over when the action began
    st = turn(fresh(4, split_placement=False), "king")
    set_king(st, "galicia")
    play(st, "act", "king catalonia", "place aragon", "place valencia")
    assert count(st, RED, "aragon") == 1  # action first, then the whole placement


def test_special_action_is_optional():
    st = turn(fresh(4), "score-castillo")
    put(st, BLUE, "castillo", 1)
    play(st, "done")
    assert st.score == [0, 0, 0, 0]


def general_scoring_position(**options):
    st = fresh(4, **options)
    st.round_index = 2  # round 3
    st.grande_region = [4, 4, 4, 4]  # all in Galicia
    set_king(st, "seville")
    return st


def test_general_scoring_castillo_first_then_disks_then_regions():
    st = general_scoring_position()
    put(st, RED, "castillo", 3)
    put(st, BLUE, "castillo", 1)
    put(st, BLUE, "granada", 2)
    put(st, YELLOW, "seville", 1)
    st._begin_general_scoring()
    assert st.to_move() == (RED, BLUE)  # only players with Castillo Caballeros choose
    st.apply("disk granada", RED)
    assert st.view(BLUE)["seats"][RED]["disk"] == "chosen"
    st.apply("disk aragon", BLUE)
    log = [e for e in st.view(None)["log"] if e["event"] == "score"]
    assert log[0]["area"] == "castillo" and log[0]["points"] == [5, 3, 0, 0]
    granada = next(e for e in log if e["area"] == "granada")
    assert granada["points"] == [6, 3, 0, 0]  # Red's 3 from the Castillo beat Blue's 2
    seville = next(e for e in log if e["area"] == "seville")
    assert seville["points"] == [0, 0, 4 + 2, 0]  # King bonus
    assert count(st, RED, "castillo") == 0 and st.phase == POWER and st.round_index == 3


def test_general_scoring_disk_on_kings_region_sends_castillo_caballeros_to_court():
    st = general_scoring_position()
    put(st, GREEN, "castillo", 2)
    st._begin_general_scoring()
    assert "disk seville" in texts(st, GREEN)
    st.apply("disk seville", GREEN)
    assert st.court[GREEN] == 9 and count(st, GREEN, "seville") == 0


def test_option_castillo_king_forbidden_removes_that_disk_choice():
    st = general_scoring_position(castillo_king="forbidden")
    put(st, GREEN, "castillo", 2)
    st._begin_general_scoring()
    assert "disk seville" not in texts(st, GREEN) and len(texts(st, GREEN)) == 8


def test_game_ends_after_the_third_general_scoring():
    st = general_scoring_position()
    st.round_index = 8
    st._begin_general_scoring()
    assert st.phase == OVER and st.is_over() and st.to_move() == ()
    assert st.view(None)["ranking"] == [1, 1, 1, 1]


def test_six_round_game_plays_rounds_2_3_5_6_8_9():
    st = regalia.new_game("el-grande", 3, seed=4, rounds=6, setup_disk=False)
    assert st.view(None)["rounds"] == [2, 3, 5, 6, 8, 9]
    assert st.view(None)["round"] == 2
    seen, generals = [], 0
    while st.to_move():
        seat = st.to_move()[0]
        if st.view(None)["round"] not in seen:
            seen.append(st.view(None)["round"])
        st.apply(st.legal_actions(seat)[-1], seat)
    generals = sum(1 for e in st.view(None)["log"] if e["event"] == "general")
    assert seen == [2, 3, 5, 6, 8, 9] and generals >= 1
    assert sum(1 for m in st.moves() if m.get("action", "").startswith("power")) == 18


def test_tie_break_option_unused_power_cards():
    st = general_scoring_position(tie_break="unused-power")
    st.hand = [1 << 13, 1 << 12, 1 << 2, 1 << 1]
    st.round_index = 8
    st._begin_general_scoring()
    assert st.ranking() == (1, 2, 3, 4)
    plain = general_scoring_position()
    plain.round_index = 8
    plain._begin_general_scoring()
    assert plain.ranking() == (1, 1, 1, 1)


def test_unknown_option_and_player_count_are_refused():
    with pytest.raises(InvalidOption, match="no option"):
        regalia.new_game("el-grande", 4, seed=1, speed=3)
    with pytest.raises(InvalidOption):
        regalia.new_game("el-grande", 4, seed=1, rounds=7)
    with pytest.raises(InvalidPlayerCount):
        regalia.new_game("el-grande", 6, seed=1)
    with pytest.raises(InvalidPlayerCount):
        regalia.new_game("el-grande", 1, seed=1)


def test_illegal_action_changes_nothing():
    st = fresh(4)
    before = st.to_json()
    for bad in ("card 1", "place aragon", "power 14", 9999):
        with pytest.raises(IllegalAction):
            st.apply(bad)
    with pytest.raises(IllegalAction, match=r"not .*turn"):
        st.apply("power 1", (st.to_move()[0] + 1) % 4)
    assert st.to_json() == before


def test_actions_read_as_sentences_and_errors_name_the_rule():
    st = turn(fresh(4), "royal-adviser")
    set_king(st, "galicia")
    assert st.describe(st.parse_action("place old-castile")) == \
        "Place a Caballero in Old Castile"
    assert st.describe(st.parse_action("act")) == \
        "Carry out the special action of Royal Adviser"
    assert st.seat_name(BLUE) == "Blue"
    with pytest.raises(IllegalAction, match="Caballeros are placed only next to the King"):
        st.apply("place aragon")
    st.court[RED] = 0
    st.provinces[RED] += 7
    st._legal = {}
    with pytest.raises(IllegalAction, match="your court is empty"):
        st.apply("place old-castile")


def test_errors_during_a_special_action_name_the_action_not_another_phase():
    # Audit: during a special action, 'card 3' said "already taken this round by -1" and
    # 'power 6' / 'court 0' gave reasons of other phases.
    st = turn(fresh(4), "intrigue-three")
    set_king(st, "galicia")
    put(st, BLUE, "aragon", 1)
    st.power_played = [6, 5, 4, 3]
    play(st, "act")
    for bad in ("card 3", "power 6", "court 0", "recall aragon", "disk seville", "veto",
                "done"):
        with pytest.raises(IllegalAction, match="now you must carry out Intrigue: three"):
            st.apply(bad)
    with pytest.raises(IllegalAction, match="King's region"):
        st.apply("pick blue galicia")


def test_error_for_a_scoreboard_stuck_in_the_kings_region():
    st = turn(fresh(4), "mobile-scoreboard")
    set_king(st, "galicia")
    st.scoreboards = [4, -1]  # the 8/4/0 board lies in Galicia, the King's region
    play(st, "act")
    with pytest.raises(IllegalAction, match="scoreboard in the King's region cannot leave"):
        st.apply("scoreboard high aragon")
    assert "scoreboard low aragon" in texts(st)
