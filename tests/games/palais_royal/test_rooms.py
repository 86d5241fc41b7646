"""Each room's action, its majority bonus, the Cardinal, and the SEED's worked examples."""

from __future__ import annotations

import pytest

from regalia.engine import IllegalAction
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    legal,
    new,
    set_rooms,
    start_turn,
)


def test_parade_ground_example_three_servants_and_majority_place_four_on_the_gate() -> None:
    # SEED: Red has 3 on the Parade ground, the most: 3 + 1 servants onto the Gate.
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, parade=3)
    set_rooms(s, 1, parade=2)
    start_turn(s, 0)
    assert s.left == 4
    act(s, "recruit", "recruit", "recruit", "recruit")
    assert s.servants[0][8] == 4
    assert s.area[0] == 18 - 3 - 4
    assert s.cur == 1  # no placements left and nothing else to do: the turn has passed


def test_parade_ground_takes_servants_from_rooms_only_when_the_play_area_is_empty() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, parade=2, mint=3)
    s.servants[0][8] = s.area[0]  # everything else onto the Gate
    s.area[0] = 0
    start_turn(s, 0)
    opts = legal(s)
    assert "recruit" not in opts
    assert "recruit from mint" in opts and "recruit from parade" in opts
    assert "recruit from gate" not in opts
    act(s, "recruit from mint")
    assert s.servants[0][2] == 2


def test_parade_ground_step_is_optional() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, parade=2, stairs=1)
    start_turn(s, 0)
    act(s, "done")
    assert s.phase == 2  # the Stairway
    assert s.servants[0][8] == 0


def test_stairway_example_four_servants_and_majority_give_five_moves() -> None:
    # SEED: Green has 4 on the Stairway, the most: 4 + 1 moves.
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, stairs=4)
    start_turn(s, 0)
    assert s.phase == 2 and s.left == 5


def test_stairway_moves_are_fixed_at_the_start_of_the_step() -> None:
    # Moving servants out of (or into) the Stairway does not change the moves left.
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, stairs=2, mint=1)
    set_rooms(s, 1, stairs=3)
    start_turn(s, 0)
    assert s.left == 2
    act(s, "move stairs king")  # first-game layout: Stairway next to Mint and King
    assert s.left == 1
    act(s, "move mint stairs")
    assert s.left == 0
    assert s.phase == 3  # no moves left: on to step 3


def test_stairway_same_servant_moves_several_times_orthogonally_only() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, stairs=3)
    set_rooms(s, 1, stairs=3, cardinal=1)
    start_turn(s, 0)
    assert s.left == 3
    opts = legal(s)
    assert "move stairs mint" in opts and "move stairs king" in opts
    assert "move stairs gate" not in opts  # diagonal in the first-game layout
    act(s, "move stairs king", "move king gate", "move gate office")
    assert s.servants[0][5] == 1 and s.servants[0][1] == 2


def test_stairway_unused_moves_are_lost() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, stairs=2)
    start_turn(s, 0)
    act(s, "done")
    assert s.cur == 1 and s.servants[0][1] == 2  # nothing moved; the turn went on


def test_mint_example_two_servants_and_majority_give_three_gold() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=2)
    set_rooms(s, 1, mint=1)
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "mint")
    assert s.gold[0] == 3


def test_seal_example_two_king_three_pompadour_majority_both_give_three_and_four() -> None:
    # SEED: Yellow has 2 in the King's chamber and 3 with Madame de Pompadour, the most in
    # both, and adds one servant to each: 3 turquoise and 4 purple seals for enlisting.
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, king=2, pompadour=3)
    set_rooms(s, 1, king=1, pompadour=2)
    give_cards(s, 0, "prestige")  # keeps a choice open in every step
    start_turn(s, 0)
    act(s, "done", "done")  # Parade ground, Stairway
    assert s.phase == 3
    act(s, "extra king", "extra pompadour")
    view = s.view(0)
    assert view["turn"]["turquoise"] == 3 and view["turn"]["purple"] == 4
    assert "extra king" not in legal(s)


def test_seal_bonus_servant_comes_from_a_room_when_the_play_area_is_empty() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, king=2, office=1)
    s.servants[0][8] += s.area[0]
    s.area[0] = 0
    start_turn(s, 0)
    assert "extra king from office" in legal(s)
    assert "extra king" not in legal(s)


def test_office_example_two_servants_allow_at_most_two_nobles() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, office=2, king=4, pompadour=4)
    s.gold[0] = 99
    start_turn(s, 0)
    act(s, "done")  # step 3: no bonus servants
    cheap = [a for a in legal(s) if a.startswith("enlist")]
    assert len(cheap) >= 3
    taken = 0
    while any(a.startswith("enlist") for a in legal(s)) and taken < 5:
        act(s, next(a for a in legal(s) if a.startswith("enlist")))
        if s.phase == 5:
            act(s, "leave area")
        taken += 1
    assert taken == 2


def test_office_with_no_servant_allows_no_noble() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, king=3, pompadour=3, mint=1)
    s.gold[0] = 99
    start_turn(s, 0)
    assert not any(a.startswith("enlist") for a in legal(s))


def test_back_door_draws_one_card_per_servant_and_keeping_sends_a_servant_home() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, backdoor=3)
    start_turn(s, 0)
    assert legal(s) == ["draw", "done"]
    area = s.area[0]
    pile = len(s.pile)
    act(s, "draw")
    assert len(s.drawn) == 3 and len(s.pile) == pile - 3
    keep = next(a for a in legal(s) if a.startswith("keep"))
    act(s, keep)
    assert sum(s.hand[0]) == 1 and s.servants[0][6] == 2 and s.area[0] == area + 1
    act(s, "done")
    assert sum(s.discard) == 2 and s.drawn == [] and s.cur == 1


def test_back_door_reshuffles_the_discard_pile_when_the_draw_pile_runs_out() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, backdoor=3)
    give_cards(s, 1, "prestige")
    for k in range(9):  # all but one card onto the discard pile
        s.discard[k] = s.pile.count(k)
    s.pile = [s.pile[0]]
    s.discard[s.pile[0]] -= 1
    start_turn(s, 0)
    act(s, "draw")
    assert len(s.drawn) == 3
    assert len(s.pile) + sum(s.discard) == 32


def test_back_door_with_empty_draw_and_discard_piles_offers_no_draw() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, backdoor=2)
    for k in list(s.pile):
        s.hand[1][k] += 1
    s.pile = []
    start_turn(s, 0)
    assert "draw" not in legal(s)


def test_back_door_has_no_majority_bonus() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, backdoor=2)
    start_turn(s, 0)
    act(s, "draw")
    assert len(s.drawn) == 2


def test_majority_tie_without_the_cardinal_gives_no_bonus() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=2)
    set_rooms(s, 1, mint=2)
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "mint")
    assert s.gold[0] == 2


def test_majority_tie_is_broken_by_the_cardinal() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=2, cardinal=1)
    set_rooms(s, 1, mint=2)
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "mint")
    assert s.gold[0] == 3


def test_majority_tie_also_tied_in_the_cardinal_room_gives_nobody_the_bonus() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=2, cardinal=1)
    set_rooms(s, 1, mint=2, cardinal=1)
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "mint")
    assert s.gold[0] == 2
    assert s.majority_holder(2) == -1


def test_the_cardinal_helps_only_players_tied_for_the_most() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=1, cardinal=5)
    set_rooms(s, 1, mint=2)
    assert s.majority(2, 0) == 0 and s.majority(2, 1) == 1


def test_the_gate_has_no_action() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, gate=5)
    start_turn(s, 0)
    assert s.cur == 1  # nothing to do: the whole turn passed


def test_an_illegal_move_is_refused_and_changes_nothing() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, stairs=2)
    start_turn(s, 0)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        s.apply("move stairs parade")
    assert s.to_json() == before


def test_card_plays_are_offered_only_in_their_steps() -> None:
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, parade=1)
    give_cards(s, 0, "moves")
    start_turn(s, 0)
    assert "play moves" not in legal(s)
    act(s, "done")
    assert "play moves" in legal(s)
