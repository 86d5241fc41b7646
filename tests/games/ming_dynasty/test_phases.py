"""Setup and phases 1-3 (EN pp. 1-4, SEED), one rule per test, with the edge cases."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine import IllegalAction
from regalia.games.ming_dynasty.board import DRAGON, TRANSPORT_INDEX
from tests.games.ming_dynasty.md_helpers import (
    clear_hands,
    d,
    edition_with,
    enter,
    give,
    in_cloister,
    legal,
    on_space,
    started,
)

HORSE, RICKSHAW, JUNK = (TRANSPORT_INDEX[t] for t in ("horse", "rickshaw", "junk"))


# ---------------------------------------------------------------- setup
def test_setup_lays_out_the_display_dragons_and_one_dragon_in_each_hand() -> None:
    s = regalia.new_game("ming-dynasty", 4, seed=5)
    assert all(k >= 0 for k in s.display)
    assert s.dragons == 18 - 4
    assert all(h[DRAGON] == 1 and sum(h) == 1 for h in s.hand)
    assert sum(s.deck) == 54 - 6
    assert s.supply[:4] == [30] * 4


def test_princes_go_into_districts_not_yet_chosen_and_take_a_tile() -> None:
    s = regalia.new_game("ming-dynasty", 3, seed=5)
    s.apply("prince 2b", 0)
    assert "prince 2b" not in legal(s, 1)
    with pytest.raises(IllegalAction):
        s.apply("prince 2b", 1)
    s.apply("prince 2a", 1)
    assert s.tiles[0][1] == 1 and s.tiles[1][1] == 1
    assert s.tile_supply[1] == 16


# ---------------------------------------------------------------- phase 1
def test_phase_one_places_five_members_one_at_a_time_in_turn_order() -> None:
    s = started(3)
    order = []
    while s.phase_name == "place":
        seat = s.to_move()[0]
        order.append(seat)
        s.apply("place 2", seat)
    assert order == [0, 1, 2] * 5
    assert [s.spaces[1][p] for p in range(3)] == [5, 5, 5]
    assert s.supply[:3] == [25, 25, 25]
    assert s.phase_name == "take"


# ---------------------------------------------------------------- phase 2
def test_a_display_card_needs_a_member_on_its_province_space() -> None:
    s = started(3)
    on_space(s, 0, 4)
    enter(s, "take", 0)
    assert [a for a in legal(s) if a.startswith("take")] == ["take 4"]
    card = s.display[3]
    s.apply("take 4", 0)
    assert s.hand[0][card] == 1
    assert s.display[3] >= 0, "the display is refilled at once"
    assert s.spaces[3][0] == 1, "the family member stays on the space"


def test_a_dragon_sends_a_member_from_a_chosen_space_to_the_box() -> None:
    s = started(3)
    on_space(s, 0, 2)
    on_space(s, 0, 5)
    enter(s, "take", 0)
    assert "dragon 2" in legal(s) and "dragon 5" in legal(s)
    s.apply("dragon 5", 0)
    assert s.spaces[4][0] == 0 and s.boxed[0] == 1
    assert s.hand[0][DRAGON] == 2 and s.dragons == 18 - 3 - 1


def test_empty_dragon_supply_offers_no_dragon() -> None:
    s = started(3, edition=edition_with("dragons = 18", "dragons = 4"))
    on_space(s, 0, 2)
    on_space(s, 0, 3)
    give(s, 1, "dragon")
    assert s.dragons == 0
    enter(s, "take", 0)
    assert legal(s) == ["take 2", "take 3"]


def test_a_player_with_no_member_on_any_space_takes_nothing() -> None:
    s = started(3)
    on_space(s, 1, 1)
    on_space(s, 2, 1)
    enter(s, "take", 0)
    assert s.to_move() == (1,), "seat 0 can take neither a card nor a dragon"
    s.apply("take 1", 1)
    assert s.to_move() == (2,)


def test_a_full_hand_drops_out_of_phase_two() -> None:
    s = started(3)
    for p in range(3):
        on_space(s, p, 1)
    give(s, 0, "horse", 3)  # and the dragon of the setup: 4 cards
    enter(s, "take", 0)
    s.apply("take 1", 0)
    assert sum(s.hand[0]) == 5
    seen = []
    while s.phase_name == "take":
        seat = s.to_move()[0]
        seen.append(seat)
        s.apply(legal(s)[0], seat)
    assert 0 not in seen
    assert all(sum(h) == 5 for h in s.hand)


def test_an_empty_supply_is_made_again_from_the_discards() -> None:
    s = started(3)
    on_space(s, 0, 1)
    for k in range(len(s.deck)):
        s.discard[k] += s.deck[k]
        s.deck[k] = 0
    enter(s, "take", 0)
    before = sum(s.discard)
    s.apply("take 1", 0)
    assert sum(s.discard) == 0 and sum(s.deck) == before - 1
    assert s.display[0] >= 0


# ---------------------------------------------------------------- phase 3
def _acting(players: int = 3) -> regalia.engine.State:
    s = started(players)
    clear_hands(s)
    return s


def test_a_step_needs_the_border_transport_or_a_dragon() -> None:
    s = _acting()
    give(s, 0, "junk")  # 1a borders 1b (horse), 1c (junk), 4a (horse)
    enter(s, "act", 0)
    assert [a for a in legal(s) if a.startswith("step")] == ["step 1c"]
    give(s, 0, "dragon")
    enter(s, "act", 0)
    steps = [a for a in legal(s) if a.startswith("step")]
    assert steps == ["step 1b dragon", "step 1c", "step 1c dragon", "step 4a dragon"]


def test_moving_pays_each_border_and_then_deploys() -> None:
    s = _acting()
    give(s, 0, "junk")
    give(s, 0, "rickshaw")  # 1c borders 1b by rickshaw: the move may go on
    on_space(s, 0, 1, 2)
    enter(s, "act", 0)
    s.apply("step 1c", 0)
    assert s.prince[0] == d("1c") and s.phase_name == "moving"
    assert "step 1b" in legal(s) and "stop" in legal(s)
    assert s.discard[JUNK] == 1
    s.apply("stop", 0)
    assert s.phase_name == "deploy"
    s.apply("deploy", 0)
    s.apply("deploy", 0)
    assert s.open[d("1c")][0] == 2 and s.spaces[0][0] == 0
    # nothing left to deploy: the player still ends the deployment himself
    assert legal(s) == ["done"]
    s.apply("done", 0)
    assert s.to_move() == (1,) and s.phase_name == "act"


def test_moving_through_an_occupied_district_without_ending_there() -> None:
    s = started(3, princes=("1a", "1c", "5a"))
    clear_hands(s)
    give(s, 0, "junk")
    enter(s, "act", 0)
    assert "step 1c" not in legal(s), "with no card to leave 1c the prince would stop there"
    give(s, 0, "rickshaw")  # 1c-4c is a rickshaw border
    enter(s, "act", 0)
    s.apply("step 1c", 0)
    assert "stop" not in legal(s)
    # the junk is spent (1c-1a, 1c-2c); the rickshaw crosses 1c-1b or 1c-4c
    assert legal(s) == ["step 1b", "step 4c"]
    s.apply("step 4c", 0)
    assert s.prince[0] == d("4c") and s.prince[1] == d("1c")


def test_staying_discards_any_card_and_deploys_in_place() -> None:
    s = _acting()
    give(s, 0, "rickshaw")
    on_space(s, 0, 1)
    enter(s, "act", 0)
    s.apply("stay rickshaw", 0)
    assert s.prince[0] == d("1a") and s.discard[RICKSHAW] == 1
    assert "deploy" in legal(s)


def test_example_deploy_two_one_of_them_into_the_cloister() -> None:
    # EN p4 figures: two members go into the district, one of them into its cloister.
    s = _acting()
    give(s, 0, "horse")
    on_space(s, 0, 1, 3)
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    s.apply("deploy", 0)
    s.apply("deploy cloister", 0)
    assert s.open[d("1a")][0] == 1 and s.cloister[d("1a")] == 0
    assert "deploy cloister" not in legal(s), "one member at most into the cloister"
    s.apply("done", 0)
    assert s.spaces[0][0] == 1


def test_at_most_three_members_are_deployed() -> None:
    s = _acting()
    give(s, 0, "horse")
    on_space(s, 0, 1, 5)
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    for _ in range(3):
        s.apply("deploy", 0)
    assert s.open[d("1a")][0] == 3 and s.to_move() == (1,)


def test_ousting_sends_the_cloister_member_back_to_the_open_area() -> None:
    s = _acting()
    in_cloister(s, 1, "1a")
    give(s, 0, "horse")
    on_space(s, 0, 1)
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    s.apply("deploy cloister", 0)
    assert s.cloister[d("1a")] == 0 and s.open[d("1a")][1] == 1


def test_cloister_lock_forbids_deploying_into_that_district() -> None:
    s = _acting()
    in_cloister(s, 0, "1a")
    give(s, 0, "horse")
    on_space(s, 0, 1, 2)
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    assert legal(s) == ["done"], "locked: nothing can be deployed there"
    s.apply("done", 0)
    assert s.to_move() == (1,) and s.spaces[0][0] == 2


def test_only_the_matching_province_space_supplies_the_deployment() -> None:
    s = _acting()
    give(s, 0, "horse")
    on_space(s, 0, 2, 3)  # province 2, but the prince stands in province 1
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    assert legal(s) == ["done"]


def test_a_pass_leaves_phase_three_and_the_others_go_on() -> None:
    s = _acting()
    for p in range(3):
        give(s, p, "horse", 2)
    enter(s, "act", 0)
    s.apply("pass", 0)
    s.apply("stay horse", 1)
    s.apply("done", 1)  # nothing to deploy
    assert s.to_move() == (2,)
    s.apply("stay horse", 2)
    s.apply("done", 2)
    assert s.to_move() == (1,), "seat 0 passed and is skipped"


def test_a_player_without_cards_still_passes_himself() -> None:
    # SEED 3.3: a player who cannot play a card "may pass"; the rules do not pass for him,
    # so the one legal decision stays his (and is in the record).
    s = _acting()
    give(s, 1, "horse")
    enter(s, "act", 0)
    assert s.to_move() == (0,) and legal(s) == ["pass"] and not s.passed[0]
    s.apply("pass", 0)
    assert s.to_move() == (1,) and s.passed[0]
    assert s.moves()[-1]["action"] == "pass"


def test_the_only_card_one_may_take_is_still_taken_by_the_player() -> None:
    s = started(3, edition=edition_with("dragons = 18", "dragons = 4"))
    on_space(s, 0, 3)
    give(s, 1, "dragon")
    assert s.dragons == 0
    enter(s, "take", 0)
    assert s.to_move() == (0,) and legal(s) == ["take 3"]
    before = sum(s.hand[0])
    s.apply("take 3", 0)
    assert sum(s.hand[0]) == before + 1
    assert [m["action"] for m in s.moves() if "action" in m][-1] == "take 3"


def test_a_move_with_no_card_to_go_on_is_ended_by_the_player() -> None:
    s = _acting()
    give(s, 0, "junk")
    enter(s, "act", 0)
    s.apply("step 1c", 0)
    assert s.phase_name == "moving" and legal(s) == ["stop"]
    s.apply("stop", 0)
    assert s.phase_name == "deploy"


def test_reachable_districts_follow_the_cards_in_hand() -> None:
    s = _acting()
    give(s, 0, "horse")
    give(s, 0, "junk")
    reach = s.view(0)["reachable"]
    assert "1b" in reach and "1c" in reach and "4a" in reach
    assert "3a" not in reach


def test_a_move_may_end_in_the_district_it_started_from() -> None:
    # SEED 3.1 asks one or more steps, each across a border; none forbids coming back
    # (A -> B -> A costs two cards where a stay, 3.2, costs one).
    s = _acting()
    give(s, 0, "horse", 2)  # 1a-1b is a horse border
    enter(s, "act", 0)
    s.apply("step 1b", 0)
    s.apply("step 1a", 0)
    assert s.prince[0] == d("1a") and "stop" in legal(s)
    s.apply("stop", 0)
    assert s.phase_name == "deploy" and s.discard[HORSE] == 2


def test_a_deployment_ends_by_itself_at_its_third_member_and_the_record_shows_no_done() -> None:
    s = _acting()
    give(s, 0, "horse")
    on_space(s, 0, 1, 4)
    enter(s, "act", 0)
    s.apply("stay horse", 0)
    for _ in range(3):
        s.apply("deploy", 0)
    assert s.phase_name == "act" and s.to_move() == (1,)
    assert [m["action"] for m in s.moves() if "action" in m][-1] == "deploy"
