"""Every action card's special action, one test (or more) per card, awkward cases included."""

from __future__ import annotations

import pytest

from regalia.engine.errors import IllegalAction
from regalia.games.el_grande.actions import CASTILLO
from regalia.games.el_grande.phases import MAIN, SEALED, WITHDRAW
from tests.games.el_grande.eg_helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    count,
    fresh,
    last_scores,
    play,
    put,
    set_king,
    texts,
    turn,
)


def board4(card: str, king: str = "galicia", **options):
    st = turn(fresh(4, **options), card)
    set_king(st, king)
    st.grande_region = [7, 7, 7, 7]  # everyone at home in Seville, out of the way
    return st


def picks(st):
    return [t for t in texts(st) if t.startswith("pick")]


# ---------------------------------------------------------------- stack 1: Intrigue
@pytest.mark.parametrize("copy", [1, 2])
def test_intrigue_one_region_moves_up_to_five_out_of_one_region(copy):
    st = board4("intrigue-one-region")
    put(st, BLUE, "aragon", 4)
    put(st, RED, "aragon", 2)
    put(st, GREEN, "granada", 3)
    play(st, "act", "pick blue aragon")
    with pytest.raises(IllegalAction, match="King's region"):
        st.apply("to galicia")
    play(st, "to castillo")
    assert set(p.split()[-1] for p in picks(st)) == {"aragon"}  # the source is fixed
    for _ in range(4):
        play(st, "pick blue aragon" if count(st, BLUE, "aragon") else "pick red aragon",
             "to catalonia")
    assert count(st, BLUE, "castillo") == 1 and st.phase == MAIN  # 5 moved: it ends
    assert count(st, BLUE, "catalonia") + count(st, RED, "catalonia") == 4
    assert count(st, GREEN, "granada") == 3


def test_intrigue_cannot_move_out_of_the_kings_region_or_castillo():
    st = board4("intrigue-four", king="galicia")
    put(st, BLUE, "galicia", 3)
    put(st, BLUE, "castillo", 3)
    put(st, BLUE, "seville", 1)
    play(st, "act")
    assert picks(st) == ["pick blue seville"]


def test_intrigue_with_nothing_to_move_ends_at_once():
    st = board4("intrigue-three")
    play(st, "act")
    assert st.special_state == 2 and st.phase == MAIN


def test_intrigue_four_moves_any_colours_from_any_regions():
    st = board4("intrigue-four")
    put(st, BLUE, "aragon", 1)
    put(st, YELLOW, "granada", 1)
    put(st, RED, "valencia", 2)
    play(st, "act", "pick blue aragon", "to valencia", "pick yellow granada", "to valencia",
         "pick red valencia", "to castillo", "pick red valencia", "to aragon")
    assert st.special_state == 2
    assert (count(st, BLUE, "valencia"), count(st, YELLOW, "valencia"),
            count(st, RED, "castillo"), count(st, RED, "aragon")) == (1, 1, 1, 1)


def test_intrigue_four_own_moves_only_your_own():
    st = board4("intrigue-four-own")
    put(st, BLUE, "aragon", 2)
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert picks(st) == ["pick red aragon"]


@pytest.mark.parametrize("copy", [1, 2])
def test_intrigue_two_and_two_limits_own_and_others_separately(copy):
    st = board4("intrigue-two-and-two")
    put(st, BLUE, "aragon", 3)
    put(st, RED, "aragon", 3)
    play(st, "act")
    for _ in range(2):
        play(st, "pick red aragon", "to valencia")
    assert picks(st) == ["pick blue aragon"]
    play(st, "pick blue aragon", "to valencia", "pick blue aragon", "to valencia")
    assert st.special_state == 2
    assert count(st, RED, "aragon") == 1 and count(st, BLUE, "aragon") == 1


def test_intrigue_three_opponents_moves_only_others():
    st = board4("intrigue-three-opponents")
    put(st, BLUE, "aragon", 1)
    put(st, RED, "aragon", 2)
    put(st, GREEN, "seville", 2)
    play(st, "act")
    assert picks(st) == ["pick blue aragon", "pick green seville"]


def test_intrigue_three_moves_up_to_three_and_may_stop():
    st = board4("intrigue-three")
    put(st, BLUE, "aragon", 5)
    play(st, "act", "pick blue aragon", "to valencia", "stop")
    assert st.special_state == 2 and count(st, BLUE, "valencia") == 1


def test_intrigue_place_two_goes_anywhere_but_the_kings_region():
    st = board4("intrigue-place-two", king="galicia")
    play(st, "act")
    places = [t for t in texts(st) if t.startswith("place")]
    assert "place galicia" not in places and "place seville" in places
    assert "place castillo" in places
    play(st, "place seville", "place castillo")
    assert (count(st, RED, "seville"), count(st, RED, "castillo")) == (1, 1)
    assert st.court[RED] == 5
    # the card's own placement (1, next to the King) is still there
    assert "place old-castile" in texts(st) and "place seville" not in texts(st)


def test_intrigue_either_place_two():
    st = board4("intrigue-either")
    put(st, RED, "aragon", 2)
    play(st, "act", "place catalonia")
    assert picks(st) == []  # having placed, the other half is gone
    play(st, "place seville")
    assert st.special_state == 2 and count(st, RED, "catalonia") == 1


def test_intrigue_either_move_all_out_of_one_region():
    st = board4("intrigue-either")
    put(st, RED, "aragon", 2)
    play(st, "act", "pick red aragon", "to valencia")
    assert "stop" not in texts(st) and not any(t.startswith("place ") for t in texts(st))
    play(st, "pick red aragon", "to castillo")
    assert st.special_state == 2 and count(st, RED, "aragon") == 0


def test_intrigue_all_own_must_empty_the_region_once_begun():
    st = board4("intrigue-all-own")
    put(st, RED, "aragon", 3)
    put(st, RED, "granada", 1)
    put(st, BLUE, "aragon", 1)
    play(st, "act")
    assert picks(st) == ["pick red aragon", "pick red granada"]
    play(st, "pick red aragon", "to valencia")
    assert picks(st) == ["pick red aragon"] and "stop" not in texts(st)
    play(st, "pick red aragon", "to valencia", "pick red aragon", "to seville")
    assert st.special_state == 2
    assert count(st, RED, "aragon") == 0 and count(st, BLUE, "aragon") == 1


# ---------------------------------------------------------------- stack 2
def veto_position():
    st = board4("veto", king="galicia")
    st.apply("done")  # Red keeps the Veto; let Blue play the King's card
    turn(st, "king", seat=BLUE)
    return st


@pytest.mark.parametrize("copy", [1, 2])
def test_veto_stops_another_players_special_action(copy):
    st = veto_position()
    play(st, "act")
    assert st.to_move() == (RED,) and texts(st, RED) == ["veto", "pass"]
    st.apply("veto", RED)
    assert st.king_region == 4  # the King stays in Galicia
    assert st.active_seat == BLUE and st.special_state == 2
    assert st.vetos_held == () and st.discarded[st.components.card_index["veto"]] == 1
    assert "place old-castile" in texts(st)  # the placement is not vetoed
    st.check_invariants()


def test_veto_may_stop_the_rest_of_an_action():
    st = board4("veto", king="galicia")
    st.apply("done")
    turn(st, "intrigue-three", seat=BLUE)
    put(st, RED, "aragon", 3)
    play(st, "act")
    st.apply("pass", RED)
    play(st, "pick red aragon", "to valencia")
    assert st.to_move() == (RED,)
    st.apply("veto", RED)
    assert count(st, RED, "aragon") == 2 and count(st, RED, "valencia") == 1
    assert st.special_state == 2


def test_veto_is_not_asked_against_its_holder_or_when_nothing_is_left():
    st = board4("veto")
    st.apply("done")
    turn(st, "intrigue-three", seat=RED)
    put(st, BLUE, "aragon", 1)
    play(st, "act", "pick blue aragon", "to castillo")
    assert st.special_state == 2  # Red's own action: no window; nothing left to move


def test_veto_expires_at_the_end_of_the_next_round():
    st = veto_position()
    st._end_round()  # round 1 ends (Veto taken in round 1)
    assert len(st.vetos_held) == 1
    st.round_index = 1
    st.taken_by = [-1] * 5
    st._end_round()  # round 2 ends
    assert st.vetos_held == () and st.discarded[st.components.card_index["veto"]] == 1


def test_decay_of_authority_all():
    st = board4("decay-all")
    st.court = [7, 7, 2, 0]
    play(st, "act")
    assert st.court == [7, 0, 0, 0] and st.provinces[BLUE] == 23 + 7


def test_decay_of_authority_three_or_all_if_fewer():
    st = board4("decay-three")
    st.court = [7, 7, 2, 0]
    st.provinces[YELLOW] += 5
    st.provinces[GREEN] += 7
    play(st, "act")
    assert st.court == [7, 4, 0, 0]
    st.check_invariants()


def test_the_king_returns_opponents_return_three_from_court_or_regions_from_left():
    st = board4("king-returns", king="galicia")
    turn(st, "king-returns", seat=YELLOW)
    put(st, GREEN, "galicia", 3)  # King's region: safe
    put(st, GREEN, "castillo", 3)  # Castillo: safe
    st.court[GREEN] = 1
    st.provinces[GREEN] += 6
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert st.phase == WITHDRAW and st.to_move() == (GREEN,)  # left neighbour first
    assert texts(st, GREEN) == ["withdraw court"]
    st.apply("withdraw court", GREEN)  # Green has only that one: as many as possible
    assert st.to_move() == (RED,)
    assert texts(st, RED) == ["withdraw aragon", "withdraw court"]
    play(st, "withdraw aragon", "withdraw aragon", "withdraw court", seat=RED)
    assert st.to_move() == (BLUE,)
    play(st, "withdraw court", "withdraw court", "withdraw court", seat=BLUE)
    assert st.active_seat == YELLOW and st.phase == MAIN
    assert (st.court[RED], st.court[BLUE], st.court[GREEN]) == (6, 4, 0)
    assert count(st, GREEN, "galicia") == 3 and count(st, GREEN, "castillo") == 3


def test_return_one_of_each_player_includes_one_of_his_own():
    # The 1995 rule book: "one Caballero from each player (including one of your own)".
    st = board4("return-one-each")
    put(st, BLUE, "aragon", 2)
    put(st, GREEN, "galicia", 2)  # King's region
    put(st, YELLOW, "castillo", 2)
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert [t for t in texts(st) if t != "stop"] == ["return red aragon", "return blue aragon"]
    play(st, "return red aragon")
    assert texts(st) == ["return blue aragon", "stop"]  # one each: Red is done
    play(st, "return blue aragon")
    assert count(st, RED, "aragon") == 1 and count(st, BLUE, "aragon") == 1
    assert st.provinces[RED] == 22 and st.provinces[BLUE] == 22 and st.special_state == 2
    st.check_invariants()


def test_return_one_of_each_opponent_only_with_banish_own_false():
    st = board4("return-one-each", banish_own=False)
    shown = st.view(None)["cards"][1]
    assert "each opponent" in shown["text"] and "your own" not in shown["text"]
    assert "your own included" in board4("return-one-each").view(None)["cards"][1]["text"]
    put(st, BLUE, "aragon", 2)
    put(st, GREEN, "galicia", 2)  # King's region
    put(st, YELLOW, "castillo", 2)
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert [t for t in texts(st) if t != "stop"] == ["return blue aragon"]
    play(st, "return blue aragon")
    assert count(st, BLUE, "aragon") == 1 and st.provinces[BLUE] == 22 and st.special_state == 2


def test_disk_return_two_opponents_secretly_choose_a_region_with_two():
    st = board4("disk-return-two")
    put(st, BLUE, "aragon", 1)
    put(st, BLUE, "valencia", 3)
    put(st, YELLOW, "aragon", 1)  # only 1 anywhere: returns that one
    put(st, RED, "aragon", 3)
    play(st, "act")
    assert st.phase == SEALED and st.to_move() == (BLUE, YELLOW)  # not Red, not Green
    assert texts(st, BLUE) == ["disk valencia"]
    st.apply("disk valencia", BLUE)
    assert st.view(YELLOW)["seats"][BLUE]["disk"] == "chosen"
    st.apply("disk aragon", YELLOW)
    assert count(st, BLUE, "valencia") == 1 and count(st, YELLOW, "aragon") == 0
    assert count(st, RED, "aragon") == 3 and st.special_state == 2


def test_disk_return_option_includes_the_player_himself():
    st = board4("disk-return-two", disk_return_self=True)
    put(st, RED, "aragon", 3)
    play(st, "act")
    assert st.to_move() == (RED,)


def test_disk_return_all_returns_every_caballero_of_the_chosen_region():
    st = board4("disk-return-all")
    put(st, BLUE, "aragon", 4)
    put(st, BLUE, "valencia", 1)
    play(st, "act")
    assert texts(st, BLUE) == ["disk aragon", "disk valencia"]
    st.apply("disk aragon", BLUE)
    assert count(st, BLUE, "aragon") == 0 and st.provinces[BLUE] == 23 - 1


@pytest.mark.parametrize("card", ["special-scoring", "score-any-region"])
def test_special_scoring_of_a_chosen_region_even_kings_region_or_castillo(card):
    st = board4(card, king="galicia")
    put(st, BLUE, "galicia", 2)
    put(st, RED, "castillo", 1)
    play(st, "act")
    assert len(texts(st)) == 10 and "score castillo" in texts(st)
    play(st, "score galicia")
    assert last_scores(st) == [("galicia", [0, 4 + 2, 0, 0])]


# ---------------------------------------------------------------- stack 3
@pytest.mark.parametrize("card, regions", [
    ("score-four-regions", ["catalonia", "galicia", "seville"]),
    ("score-five-regions", ["aragon", "basque-country", "valencia"]),
    ("score-six-seven-regions", ["new-castile", "old-castile", "granada"]),
])
def test_group_scoring_scores_the_regions_of_that_first_value(card, regions):
    st = board4(card, king="galicia")
    play(st, "act")
    got = sorted(a for a, _ in last_scores(st))
    assert got == sorted(regions)


def test_group_scoring_uses_a_mobile_scoreboards_current_value():
    st = board4("score-four-regions")
    st.scoreboards = [3, 0]  # 8/4/0 on Catalonia, 4/0/0 on Aragon
    play(st, "act")
    assert sorted(a for a, _ in last_scores(st)) == ["aragon", "galicia", "seville"]


def test_group_scoring_option_printed_values():
    st = board4("score-four-regions", group_values="printed")
    st.scoreboards = [3, 0]
    play(st, "act")
    assert sorted(a for a, _ in last_scores(st)) == ["catalonia", "galicia", "seville"]


@pytest.mark.parametrize("copy", [1, 2])
def test_castillo_scoring_leaves_the_caballeros_inside(copy):
    st = board4("score-castillo")
    put(st, BLUE, "castillo", 2)
    put(st, GREEN, "castillo", 2)
    put(st, RED, "castillo", 1)
    play(st, "act")
    assert last_scores(st) == [("castillo", [1, 3, 0, 3])]
    assert count(st, BLUE, "castillo") == 2


def test_first_places_only_tie_scores_nothing_bonuses_stay():
    st = board4("score-first-places", king="galicia")
    st.grande_region = [0, 7, 7, 7]
    put(st, RED, "aragon", 2)
    put(st, BLUE, "aragon", 1)
    put(st, BLUE, "galicia", 1)
    put(st, YELLOW, "valencia", 1)
    put(st, GREEN, "valencia", 1)
    put(st, GREEN, "castillo", 5)
    play(st, "act")
    scores = dict(last_scores(st))
    assert "castillo" not in scores and len(scores) == 9
    assert scores["aragon"] == [5 + 2, 0, 0, 0]
    assert scores["galicia"] == [0, 4 + 2, 0, 0]
    assert scores["valencia"] == [0, 0, 0, 0]


def test_most_caballeros_scores_every_region_tied_for_most():
    st = board4("score-most-crowded")
    put(st, BLUE, "aragon", 3)
    put(st, RED, "granada", 2)
    put(st, GREEN, "granada", 1)
    put(st, GREEN, "castillo", 9)
    play(st, "act")
    assert sorted(a for a, _ in last_scores(st)) == ["aragon", "granada"]


def test_fewest_caballeros_ignores_empty_regions():
    st = board4("score-least-crowded")
    put(st, BLUE, "aragon", 3)
    put(st, RED, "granada", 1)
    put(st, GREEN, "seville", 1)
    play(st, "act")
    assert sorted(a for a, _ in last_scores(st)) == ["granada", "seville"]


# ---------------------------------------------------------------- stack 4
@pytest.mark.parametrize("copy", [1, 2, 3])
def test_mobile_scoreboard_place_then_move_never_into_or_out_of_kings_region(copy):
    st = board4("mobile-scoreboard", king="galicia", scoreboard_castillo=False)
    play(st, "act")
    assert "scoreboard high galicia" not in texts(st) and len(texts(st)) == 16
    with pytest.raises(IllegalAction, match="on a region only"):
        st.apply("scoreboard high castillo")
    play(st, "scoreboard high aragon")
    assert st.view(None)["regions"][0]["scores"] == [8, 4, 0]
    turn(st, "mobile-scoreboard", seat=BLUE)
    play(st, "act")
    assert "scoreboard low aragon" not in texts(st)  # not both on one region
    play(st, "scoreboard high valencia")
    assert st.view(None)["regions"][0]["scores"] == [5, 4, 1]  # printed values again
    set_king(st, "valencia")
    turn(st, "mobile-scoreboard", seat=GREEN)
    play(st, "act")
    assert not any(t.startswith("scoreboard high") for t in texts(st))


def test_mobile_scoreboard_may_go_to_the_castillo():
    # The 1995 rule book: "may go to the Castillo"; still never into the King's region.
    st = board4("mobile-scoreboard", king="galicia")
    play(st, "act")
    assert "scoreboard high castillo" in texts(st) and len(texts(st)) == 18
    assert "scoreboard high galicia" not in texts(st)
    play(st, "scoreboard high castillo")
    castillo = st.view(None)["castillo"]
    assert castillo["scores"] == [8, 4, 0] and castillo["scoreboard"] == "high"
    assert castillo["printed_scores"] == [5, 3, 1]
    assert st.view(None)["scoreboards"][0]["region"] == "castillo"
    put(st, BLUE, "castillo", 2)
    put(st, RED, "castillo", 1)
    assert st.score_area(CASTILLO, "test")[:2] == [4, 8]
    turn(st, "mobile-scoreboard", seat=BLUE)
    play(st, "act")
    assert "scoreboard low castillo" not in texts(st)  # not both on one area
    play(st, "scoreboard high aragon")  # moved out of the Castillo: 5/3/1 again
    assert st.view(None)["castillo"]["scores"] == [5, 3, 1]
    st.check_invariants()


def test_royal_adviser_moves_the_king_to_an_adjacent_region():
    st = board4("royal-adviser", king="galicia")
    play(st, "act")
    assert texts(st) == ["king old-castile", "king basque-country"]
    with pytest.raises(IllegalAction, match="only next to Galicia"):
        st.apply("king seville")
    play(st, "king basque-country")
    assert st.view(None)["king"] == "basque-country"


def test_movement_disk_on_the_kings_or_the_named_region_sends_them_to_court():
    # The 1995 rule book: "those choosing the King's region or the same region return
    # them to court".
    st = board4("movement", king="galicia")
    put(st, BLUE, "aragon", 3)
    put(st, GREEN, "aragon", 1)
    put(st, YELLOW, "aragon", 2)
    put(st, RED, "aragon", 2)
    play(st, "act", "evict aragon")
    assert st.to_move() == (BLUE, YELLOW, GREEN)
    assert "disk aragon" in texts(st, BLUE) and "disk galicia" in texts(st, BLUE)
    assert len(texts(st, BLUE)) == 9  # every region on the disk
    st.apply("disk aragon", BLUE)
    st.apply("disk galicia", GREEN)
    st.apply("disk seville", YELLOW)
    assert st.court[BLUE] == 7 + 3 and st.court[GREEN] == 7 + 1
    assert count(st, BLUE, "aragon") == 0 and count(st, GREEN, "galicia") == 0
    assert count(st, YELLOW, "seville") == 2 and count(st, RED, "aragon") == 2
    st.check_invariants()


def test_movement_opponents_move_all_from_the_named_region_to_their_disk_region():
    st = board4("movement", king="galicia", movement_to_court=False)
    put(st, BLUE, "aragon", 3)
    put(st, GREEN, "aragon", 1)
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert texts(st) == ["evict aragon"]
    play(st, "evict aragon")
    assert st.to_move() == (BLUE, GREEN)
    assert "disk aragon" not in texts(st, BLUE) and "disk galicia" not in texts(st, BLUE)
    st.apply("disk seville", BLUE)
    st.apply("disk catalonia", GREEN)
    assert (count(st, BLUE, "seville"), count(st, GREEN, "catalonia"),
            count(st, RED, "aragon")) == (3, 1, 2)


@pytest.mark.parametrize("copy", [1, 2])
def test_grande_moves_anywhere_but_into_the_kings_region(copy):
    st = board4("grande", king="galicia")
    play(st, "act")
    assert "grande galicia" not in texts(st) and "grande seville" not in texts(st)
    play(st, "grande aragon")
    assert st.view(None)["seats"][RED]["home"] == "aragon"


def test_grande_in_the_kings_region_cannot_move():
    st = board4("grande", king="seville")
    play(st, "act")
    assert st.special_state == 2


@pytest.mark.parametrize("copy", [1, 2])
def test_power_cards_take_a_played_card_back_without_saying_which(copy):
    st = board4("power-cards")
    for v in (13, 4):
        st.hand[RED] &= ~(1 << v)
        st.power_log[RED] = (*st.power_log[RED], v)
    play(st, "act")
    assert texts(st) == ["takeback 4", "takeback 13"]
    taking = st.parse_action("takeback 13")
    assert "13" in st.describe(taking) and "13" not in st.announce(taking, RED)
    play(st, "takeback 13")
    assert 13 in st.view(RED)["seats"][RED]["hand"]
    other = st.view(BLUE)["seats"][RED]
    assert other["hand"] is None and other["hand_count"] == 12 and other["takebacks"] == 1
    assert "13" not in str(st.view(BLUE)["log"][-1])
    samples = {tuple(st.determinize(BLUE, i).view(None)["seats"][RED]["power_played"])
               for i in range(3)}
    assert samples == {(13, 4)}
    hands = {st.determinize(BLUE, i).hand[RED] for i in range(40)}
    assert len(hands) == 2  # 4 or 13 came back
    for i in range(5):
        assert st.determinize(BLUE, i).view(BLUE) == st.view(BLUE)


def test_the_court_brings_two_from_the_provinces_or_the_board():
    st = board4("the-court")
    play(st, "act")
    assert texts(st) == ["court 0", "court 1", "court 2"]
    play(st, "court 2")
    assert st.court[RED] == 9
    st = board4("the-court")
    st.provinces[RED] = 1
    st.board[0 * 4 + RED] += 22  # the rest in Aragon
    play(st, "act", "court 2", "recall aragon")
    assert st.court[RED] == 9 and st.provinces[RED] == 0


def test_secret_scoring_may_choose_the_kings_region():
    # The 1995 rule book: the disks show every region; the King's region scores as any
    # other, King's bonus included.
    st = board4("secret-scoring", king="galicia")
    put(st, BLUE, "galicia", 2)
    put(st, RED, "galicia", 1)
    play(st, "act")
    assert "disk galicia" in texts(st, RED) and len(texts(st, RED)) == 9
    play(st, "disk galicia", seat=RED)
    for seat in (BLUE, YELLOW, GREEN):
        st.apply("disk aragon", seat)
    assert last_scores(st) == [("galicia", [2, 4 + 2, 0, 0])]  # Galicia 4/2/0, King +2


def test_secret_scoring_scores_regions_chosen_by_exactly_one_player():
    st = board4("secret-scoring", king="galicia", secret_scoring_king=False)
    put(st, RED, "aragon", 1)
    put(st, BLUE, "valencia", 1)
    put(st, GREEN, "seville", 1)
    play(st, "act")
    assert st.to_move() == (RED, BLUE, YELLOW, GREEN)
    assert "disk galicia" not in texts(st, RED)
    st.apply("disk aragon", RED)
    st.apply("disk valencia", BLUE)
    st.apply("disk seville", YELLOW)
    st.apply("disk seville", GREEN)
    assert sorted(a for a, _ in last_scores(st)) == ["aragon", "valencia"]


# ---------------------------------------------------------------- stack 5
def test_kings_card_puts_the_king_anywhere_and_is_there_every_round():
    st = board4("king", king="galicia")
    play(st, "act")
    assert len(texts(st)) == 8
    play(st, "king seville")
    assert st.view(None)["king"] == "seville"
    st._end_round()
    assert st.view(None)["cards"][4]["id"] == "king"
    assert st.view(None)["cards"][4]["taken_by"] is None


def test_veto_window_does_not_open_when_the_action_has_nothing_left():
    st = board4("veto")
    st.apply("done")
    turn(st, "intrigue-three", seat=BLUE)
    put(st, RED, "aragon", 1)
    play(st, "act")
    st.apply("pass", RED)
    play(st, "pick red aragon", "to castillo")
    assert st.special_state == 2 and st.to_move() == (BLUE,)


# ---------------------------------------------------------------- awkward cases (audit)
def test_intrigue_moves_into_the_castillo_never_out_of_it():
    st = board4("intrigue-four", king="galicia")
    put(st, BLUE, "castillo", 2)
    put(st, BLUE, "aragon", 1)
    play(st, "act")
    assert picks(st) == ["pick blue aragon"]
    play(st, "pick blue aragon")
    assert "to castillo" in texts(st) and "to aragon" not in texts(st)
    assert "to galicia" not in texts(st)
    play(st, "to castillo")
    assert count(st, BLUE, "castillo") == 3


def test_movement_cannot_name_the_kings_region_or_a_region_of_only_your_own():
    st = board4("movement", king="galicia")
    put(st, BLUE, "galicia", 3)
    put(st, RED, "aragon", 2)
    play(st, "act")
    assert st.special_state == 2 and count(st, BLUE, "galicia") == 3  # nothing to name: it ends


def test_most_caballeros_in_the_kings_region_scores_it_with_the_king_bonus():
    st = board4("score-most-crowded", king="galicia")
    put(st, BLUE, "galicia", 3)
    put(st, RED, "galicia", 1)
    put(st, GREEN, "aragon", 2)
    play(st, "act")
    assert last_scores(st) == [("galicia", [2, 4 + 2, 0, 0])]


def test_decay_with_empty_courts_changes_nothing():
    st = board4("decay-all")
    st.court = [7, 0, 0, 0]
    st.provinces = [23, 30, 30, 30]
    play(st, "act")
    assert st.court == [7, 0, 0, 0] and st.special_state == 2
    st.check_invariants()


def test_secret_scoring_all_on_one_region_scores_nothing():
    st = board4("secret-scoring", king="galicia")
    put(st, RED, "aragon", 1)
    play(st, "act")
    for s in (RED, BLUE, YELLOW, GREEN):
        st.apply("disk aragon", s)
    assert last_scores(st) == [] and st.score == [0, 0, 0, 0]


def test_grande_may_join_another_grande():
    st = board4("grande", king="galicia")
    st.grande_region = [7, 0, 7, 7]  # Blue's Grande in Aragon
    play(st, "act", "grande aragon")
    assert st.grande_region[RED] == st.grande_region[BLUE] == 0


def test_the_court_with_nothing_left_anywhere_ends_at_once():
    st = board4("the-court", king="galicia")
    st.court[RED] += st.provinces[RED] - 3
    st.provinces[RED] = 0
    put_king = st.components.region_ids.index("galicia")
    st.board[put_king * 4 + RED] += 3  # only in the King's region: untouchable
    st._legal = {}
    play(st, "act")
    assert st.special_state == 2 and st.provinces[RED] == 0
    st.check_invariants()


def test_power_cards_may_take_back_the_card_played_this_round():
    st = board4("power-cards")
    st.power_played[RED] = 9
    st.hand[RED] &= ~(1 << 9)
    st.power_log[RED] = (9,)
    play(st, "act")
    assert texts(st) == ["takeback 9"]
    play(st, "takeback 9")
    assert 9 in st.view(RED)["seats"][RED]["hand"]
    assert st.view(BLUE)["seats"][RED]["power_card"] == 9  # still this round's card


@pytest.mark.parametrize(("card", "option", "words"), [
    ("return-one-each", "banish_own", "each opponent"),
    ("mobile-scoreboard", "scoreboard_castillo", "never onto the Castillo"),
    ("movement", "movement_to_court", "not the King's"),
    ("secret-scoring", "secret_scoring_king", "not the King's"),
])
def test_a_card_shows_the_text_of_the_reading_in_force(card, option, words):
    stack = board4(card).components.cards[board4(card).turn_card].stack - 1
    printed = board4(card).view(None)["cards"][stack]["text"]
    other = board4(card, **{option: False}).view(None)["cards"][stack]["text"]
    assert words in other and words not in printed
