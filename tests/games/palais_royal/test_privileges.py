"""Each noble privilege and each of the nine privilege-card kinds, in its own test."""

from __future__ import annotations

from regalia.games.palais_royal.rooms import GATE
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    grant_noble,
    legal,
    new,
    put_noble,
    set_rooms,
    space,
    start_turn,
    to_step,
)

PARADE, STAIRS, ROOMS, ENLIST, BACKDOOR = 1, 2, 3, 4, 6


def _fresh(**rooms: int):  # type: ignore[no-untyped-def]
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, **rooms)
    give_cards(s, 0, "prestige")  # a choice in every step, so the turn stops where tested
    return s


# ------------------------------------------------------------------ noble privileges
def test_noble_servants_3_takes_three_servants_from_the_general_supply_at_once() -> None:
    s = _fresh(office=1, king=2, pompadour=2)
    put_noble(s, "c3", "servants-3")
    s.gold[0] = 9
    start_turn(s, 0)
    to_step(s, ENLIST)
    area = s.area[0]
    act(s, "enlist c3")
    assert s.reserve[0] == 4 and s.area[0] == area + 5 + 3


def test_noble_servants_4_takes_only_what_is_left_in_the_general_supply() -> None:
    s = _fresh()
    grant_noble(s, 0, "servants-3")
    assert s.reserve[0] == 4
    grant_noble(s, 0, "servants-4")
    assert s.reserve[0] == 0
    s.check_invariants()
    s2 = _fresh()
    s2.reserve[1] = 2  # five already taken out of the supply
    s2.area[1] += 5
    area = s2.area[1]
    grant_noble(s2, 1, "servants-4")
    assert s2.reserve[1] == 0 and s2.area[1] == area + 2
    s2.check_invariants()


def test_noble_moves_gives_one_more_stairway_move_every_turn() -> None:
    s = _fresh(stairs=2)
    set_rooms(s, 1, stairs=3)
    grant_noble(s, 0, "moves-1")
    start_turn(s, 0)
    to_step(s, STAIRS)
    assert s.left == 3


def test_noble_moves_counts_twice_for_both_movement_nobles() -> None:
    s = _fresh(stairs=2)
    set_rooms(s, 1, stairs=3)
    grant_noble(s, 0, "moves-1")
    grant_noble(s, 0, "moves-2")
    start_turn(s, 0)
    to_step(s, STAIRS)
    assert s.left == 4


def test_noble_diagonal_lets_stairway_moves_go_diagonally() -> None:
    s = _fresh(stairs=1)
    set_rooms(s, 1, stairs=2)
    start_turn(s, 0)
    to_step(s, STAIRS)
    assert "move stairs gate" not in legal(s)
    s2 = _fresh(stairs=1)
    set_rooms(s2, 1, stairs=2)
    grant_noble(s2, 0, "diagonal-1")
    start_turn(s2, 0)
    to_step(s2, STAIRS)
    assert "move stairs gate" in legal(s2)


def test_noble_gate_places_one_more_servant_on_the_gate() -> None:
    s = _fresh(parade=1)
    set_rooms(s, 1, parade=2)
    grant_noble(s, 0, "gate-1")
    start_turn(s, 0)
    assert s.phase == PARADE and s.left == 2


def test_noble_backdoor_draws_one_more_card() -> None:
    s = _fresh(backdoor=2)
    grant_noble(s, 0, "backdoor-1")
    start_turn(s, 0)
    to_step(s, BACKDOOR)
    act(s, "draw")
    assert len(s.drawn) == 3


def test_noble_turquoise_and_purple_give_a_seal_every_turn() -> None:
    s = _fresh(office=1)
    grant_noble(s, 0, "turquoise-1")
    grant_noble(s, 0, "purple-1")
    put_noble(s, "c3", "moves-1")  # 1 turquoise, 1 purple
    s.gold[0] = 9
    start_turn(s, 0)
    to_step(s, ENLIST)
    assert s.view(0)["turn"]["turquoise"] == 1 and s.view(0)["turn"]["purple"] == 1
    assert "enlist c3" in legal(s)
    act(s, "enlist c3")
    assert s.t_turquoise == 0 and s.t_purple == 0


def test_noble_gold_gives_one_gold_every_turn_in_step_3() -> None:
    s = _fresh(mint=1)
    set_rooms(s, 1, mint=1)
    grant_noble(s, 0, "gold-1")
    s.gold[0] = 0
    start_turn(s, 0)
    to_step(s, ROOMS)
    assert s.gold[0] == 0  # taken with the Mint's gold (rules version 3)
    act(s, "mint")
    assert s.gold[0] == 2


def test_noble_cardinal_breaks_ties_as_a_servant_in_the_cardinals_room() -> None:
    s = _fresh(mint=2)
    set_rooms(s, 1, mint=2)
    assert s.majority(2, 0) == 0
    grant_noble(s, 0, "cardinal-1")
    assert s.majority(2, 0) == 1


def test_privileges_of_a_noble_enlisted_this_turn_start_next_turn() -> None:
    s = _fresh(office=1, king=3, pompadour=3)
    put_noble(s, "c3", "turquoise-1")
    s.gold[0] = 9
    start_turn(s, 0)
    to_step(s, ENLIST)
    act(s, "enlist c3")
    assert s.t_turquoise == 0 and s.perks[0][5] == 1


# ------------------------------------------------------------------ privilege cards
def test_card_purse_gives_two_gold() -> None:
    s = _fresh(parade=1)
    give_cards(s, 0, "gold")
    start_turn(s, 0)
    gold = s.gold[0]
    act(s, "play gold")
    assert s.gold[0] == gold + 2 and s.discard[0] == 1


def test_card_kings_seal_and_pompadours_seal_give_a_seal_this_turn() -> None:
    s = _fresh(office=1)
    give_cards(s, 0, "turquoise")
    give_cards(s, 0, "purple")
    put_noble(s, "c3", "moves-1")
    s.gold[0] = 9
    start_turn(s, 0)
    to_step(s, ENLIST)
    assert "enlist c3" not in legal(s)
    act(s, "play turquoise", "play purple")
    assert "enlist c3" in legal(s)


def test_card_messenger_gives_two_more_stairway_moves() -> None:
    s = _fresh(stairs=1)
    set_rooms(s, 1, stairs=2)
    give_cards(s, 0, "moves")
    start_turn(s, 0)
    to_step(s, STAIRS)
    act(s, "play moves")
    assert s.left == 3


def test_card_recruiter_places_two_more_servants_on_the_gate() -> None:
    s = _fresh(parade=1)
    set_rooms(s, 1, parade=1)
    give_cards(s, 0, "gate")
    start_turn(s, 0)
    act(s, "play gate")
    assert s.left == 3


def test_card_letter_of_appointment_enlists_without_an_office_servant() -> None:
    s = _fresh(king=3, pompadour=3)
    give_cards(s, 0, "office")
    put_noble(s, "c3", "moves-1")
    s.gold[0] = 9
    start_turn(s, 0)
    to_step(s, ENLIST)
    assert "enlist c3" not in legal(s)
    act(s, "play office", "enlist c3")
    assert s.servants[0][5] == 0 and s.t_office == 0


def test_card_back_stairs_draws_two_more_cards() -> None:
    s = _fresh(backdoor=1)
    give_cards(s, 0, "backdoor")
    start_turn(s, 0)
    to_step(s, BACKDOOR)
    act(s, "play backdoor", "draw")
    assert len(s.drawn) == 3


def test_card_cardinals_favour_wins_a_tie_this_turn() -> None:
    s = _fresh(parade=1, mint=2)
    set_rooms(s, 1, mint=2)
    give_cards(s, 0, "cardinal")
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "play cardinal")
    to_step(s, ROOMS)
    act(s, "mint")
    assert s.gold[0] == 3


def test_card_cardinals_favour_played_in_step_1_wins_the_parade_grounds_tie() -> None:
    # "This turn's ties": the Parade ground's majority, judged when the turn began, is judged
    # again; a 2-2 tie lost on the Cardinal (nobody there) becomes the majority's extra servant.
    s = _fresh(parade=2)
    set_rooms(s, 1, parade=2)
    give_cards(s, 0, "cardinal")
    start_turn(s, 0)
    assert s.phase == PARADE and s.left == 2
    act(s, "play cardinal")
    assert s.left == 3
    gate = s.servants[0][GATE]
    act(s, "recruit", "recruit", "recruit")
    assert s.servants[0][GATE] == gate + 3


def test_card_cardinals_favour_in_step_2_leaves_the_stairway_count_judged_at_its_start() -> None:
    # SEED: the Stairway's moves are fixed when its step begins; the card played in step 1
    # counts there, one played in step 2 comes after the judgement.
    for played_in, moves in ((PARADE, 3), (STAIRS, 2)):
        s = _fresh(stairs=2)
        set_rooms(s, 1, stairs=2)
        give_cards(s, 0, "cardinal")
        start_turn(s, 0)
        if played_in == STAIRS:
            to_step(s, STAIRS)
        act(s, "play cardinal")
        to_step(s, STAIRS)
        assert s.left == moves


def test_card_prestige_scores_two_when_played_and_one_in_hand() -> None:
    s = _fresh(parade=1)
    start_turn(s, 0)
    before = s.scores()[0]
    act(s, "play prestige")
    assert s.played_vp[0] == 2 and s.scores()[0] == before - 1 + 2


def test_cards_in_hand_score_one_each_at_most_six() -> None:
    s = _fresh()
    give_cards(s, 0, "gold", 4)
    give_cards(s, 0, "moves", 4)
    from regalia.games.palais_royal.scoring import hand_vp

    assert sum(s.hand[0]) == 9 and hand_vp(s, 0) == 6


def test_kept_card_kinds_are_secret_but_their_count_is_public() -> None:
    s = _fresh()
    give_cards(s, 0, "moves", 2)
    assert s.view(0)["seats"][0]["hand"] == {"messenger": 2, "prestige": 1}
    assert s.view(1)["seats"][0]["hand"] is None and s.view(1)["seats"][0]["hand_count"] == 3
    assert s.announce(s.parse_action("keep moves"), 0).startswith("keep a drawn card")


def test_space_helper_names_match_the_board() -> None:
    s = new()
    assert space("a1", s) == 0 and space("f6", s) == 35
