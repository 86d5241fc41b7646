"""Setup for 2-4 players and the room layouts; the end trigger, the last round, final
scoring (edges with ties), the winner, and the 2-player game."""

from __future__ import annotations

import regalia
from regalia.engine import Rng
from regalia.games.palais_royal.rooms import CARDINAL, GATE, ROOM_INDEX
from regalia.games.palais_royal.scoring import edge_points
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    grant_noble,
    new,
    set_rooms,
    space,
    start_turn,
    take_noble,
)


def test_setup_servants_supply_and_park() -> None:
    for n in (2, 3, 4):
        s = regalia.new_game("palais-royal", n, seed=n)
        assert all(s.servants[p][1] == 3 and s.servants[p][0] == 2 for p in range(n))
        assert s.area == [13] * n and s.reserve == [7] * n
        assert s.nobles_left() == 36 and len(s.box) == 6
        s.check_invariants()


def test_starting_gold_rises_by_one_per_seat_from_the_start_player() -> None:
    for n in (2, 3, 4):
        s = regalia.new_game("palais-royal", n, seed=1)
        assert s.gold == list(range(n))


def test_setup_placement_start_player_first_then_clockwise_five_each() -> None:
    s = regalia.new_game("palais-royal", 3, seed=2)
    order = []
    while s.phase == 0:
        order.append(s.cur)
        s.apply("place office")
    assert order == [0] * 5 + [1] * 5 + [2] * 5
    assert s.area == [8, 8, 8]
    assert [s.servants[p][ROOM_INDEX["office"]] for p in range(3)] == [5, 5, 5]


def test_layout_options() -> None:
    first = regalia.new_game("palais-royal", 2, seed=1, layout="first-game")
    assert first.view(None)["layout"] == [["backdoor", "office", "cardinal"],
                                          ["mint", "gate", "pompadour"],
                                          ["stairs", "king", "parade"]]
    for seed in range(5):
        centre = regalia.new_game("palais-royal", 2, seed=seed, layout="gate-centre")
        assert centre.layout[4] == GATE
    layouts = {tuple(regalia.new_game("palais-royal", 2, seed=k).layout) for k in range(6)}
    assert len(layouts) > 1
    rec = regalia.new_game("palais-royal", 2, seed=1).record()
    assert sum(1 for m in rec.moves if m.get("chance") == "room") == 9


def test_end_triggered_at_the_start_players_turn_with_twelve_left_and_last_round_played() -> None:
    s = new(3)
    clear_rooms(s)
    for p in range(3):
        set_rooms(s, p, parade=1)
    for i, sp in enumerate([t for t in range(36) if s.park[t] >= 0][:24]):
        s.nobles[i % 3].append(s.park[sp])
        s.park[sp] = -1
    assert s.nobles_left() == 12
    start_turn(s, 1)  # not the start player: no trigger
    assert not s.final
    act(s, "done")
    while s.cur != 0:
        act(s, "done")
    assert s.final  # at the start of the start player's turn
    seen = []
    while not s.is_over():
        seen.append(s.cur)
        act(s, "done")
    assert seen[0] == 0 and seen[-1] == 2 and set(seen) == {0, 1, 2}


def test_end_option_fewer_than_twelve() -> None:
    s = new(2, end="fewer-than-twelve")
    clear_rooms(s)
    for p in range(2):
        set_rooms(s, p, parade=1)
    for sp in [t for t in range(36) if s.park[t] >= 0][:24]:
        s.nobles[0].append(s.park[sp])
        s.park[sp] = -1
    start_turn(s, 0)
    assert not s.final
    s2 = new(2)
    clear_rooms(s2)
    for p in range(2):
        set_rooms(s2, p, parade=1)
    for sp in [t for t in range(36) if s2.park[t] >= 0][:24]:
        s2.nobles[0].append(s2.park[sp])
        s2.park[sp] = -1
    start_turn(s2, 0)
    assert s2.final


def _marker(s, where: str, seat: int) -> None:  # type: ignore[no-untyped-def]
    take_noble(s, where, seat)
    s.marker[space(where, s)] = seat
    s.area[seat] -= 1


def test_edge_scoring_first_and_second_place() -> None:
    s = new(3)
    _marker(s, "b1", 0)
    _marker(s, "c1", 0)
    _marker(s, "d1", 1)
    s.check_invariants()
    pts = edge_points(s)
    assert pts == [6, 2, 0]  # top edge: 6 / 2


def test_edge_tie_both_score_the_place_and_the_next_is_skipped() -> None:
    s = new(3)
    _marker(s, "b6", 0)
    _marker(s, "c6", 1)
    _marker(s, "d6", 2)
    _marker(s, "e6", 2)
    assert edge_points(s) == [2, 2, 6]  # bottom: 2 first, the tied two both second
    s2 = new(3)
    _marker(s2, "b6", 0)
    _marker(s2, "c6", 1)
    assert edge_points(s2) == [6, 6, 0]  # tied for first: no second place


def test_edge_tie_option_cardinal_breaks_it() -> None:
    s = new(3, edge_ties="cardinal")
    clear_rooms(s)
    set_rooms(s, 1, cardinal=1)
    _marker(s, "b6", 0)
    _marker(s, "c6", 1)
    assert edge_points(s) == [2, 6, 0]


def test_edge_tie_option_cardinal_counts_the_cardinals_privilege_as_the_rooms_do() -> None:
    s = new(3, edge_ties="cardinal")
    clear_rooms(s)
    grant_noble(s, 1, "cardinal-1")
    assert s.cardinal_strength(1) == 1 and s.servants[1][CARDINAL] == 0
    _marker(s, "b6", 0)
    _marker(s, "c6", 1)
    assert edge_points(s) == [2, 6, 0]


def test_corner_space_counts_on_both_of_its_edges() -> None:
    s = new(2)
    _marker(s, "f6", 1)
    assert edge_points(s) == [0, 6 + 4]  # bottom first 6, right first 4


def test_winner_tie_is_shared_unless_the_gold_option_is_chosen() -> None:
    s = new(2)
    s.gold = [5, 2]
    assert s.scores()[0] == s.scores()[1]
    assert s.ranking() == (1, 1)
    g = new(2, winner_tiebreak="gold")
    g.gold = [5, 2]
    assert g.ranking() == (1, 2)


def test_final_score_adds_nobles_played_cards_hand_and_edges() -> None:
    s = new(2)
    take_noble(s, "c3", 0)
    give_cards(s, 0, "gold", 2)
    s.played_vp[0] = 4
    _marker(s, "a3", 0)
    nb = s.d.nobles
    expect = sum(nb[t].vp for t in s.nobles[0]) + 4 + 2 + 5
    assert s.scores()[0] == expect


def test_two_player_games_play_to_the_end_under_the_same_rules() -> None:
    rng = Rng(5)
    for k in range(5):
        s = regalia.new_game("palais-royal", 2, seed=k)
        while not s.is_over():
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        assert len(s.scores()) == 2 and min(s.ranking()) == 1


def test_rounds_without_any_noble_enlisted_end_the_game() -> None:
    s = new(2, stall_rounds=5)
    clear_rooms(s)
    for p in range(2):
        set_rooms(s, p, parade=1)
    start_turn(s, 0)
    while not s.is_over():
        act(s, "done")
    assert s.round == 5 and s.nobles_left() == 36
    import pytest

    with pytest.raises(regalia.engine.errors.InvalidOption, match="stall_rounds"):
        regalia.new_game("palais-royal", 2, stall_rounds=2)
