"""Setup by the start position card, the 2- and 3-player setups, phase I (income)."""

from __future__ import annotations

from regalia.games.shadow_of_the_emperor.board import (
    ARCHDIOCESES,
    K_DOCTOR,
    K_PERMIT,
    SECULAR,
)
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, THRONE
from regalia.games.shadow_of_the_emperor.state import ACTIONS
from tests.games.shadow_of_the_emperor.soe_helpers import E, empty, legal, new, play, put, run


def _setup_to_actions(s):  # type: ignore[no-untyped-def]
    while s.phase != ACTIONS:
        s.apply(s.legal_actions(s.to_move()[0])[0], s.to_move()[0])
    return s


def test_setup_follows_the_start_position_card() -> None:
    s = new(4)
    # The Emperor (seat 0) has his 45-year-old single Baron on the throne and places an
    # empire city first.
    assert s.where[0] == THRONE and s.age[0] == 3 and not s.couple[0]
    assert s.to_move() == (0,) and legal(s)[0].startswith("empire ")
    play(s, "empire bohemia")
    assert s.city[E["bohemia"]][4] == 1
    # Then each other seat clockwise puts a 45-year-old single Baron on an elector space.
    for seat, where in ((1, "mainz"), (2, "saxony"), (3, "trier")):
        assert s.to_move() == (seat,)
        play(s, f"elector {where}")
        t = s.elector[E[where]]
        assert t // 7 == seat and s.age[t] == 3 and not s.couple[t]
    assert "elector mainz" not in legal(s)
    # Couple 35, Baron 25, Couple 15, each step from the Emperor clockwise, then a knight.
    for age, couple in ((2, 1), (1, 0), (0, 1)):
        for seat in range(4):
            assert s.to_move() == (seat,)
            play(s, legal(s)[0])
            placed = [t for t in s.tiles_of(seat) if s.where[t] >= ARISTOCRAT]
            newest = max(placed)
            assert (s.age[newest], s.couple[newest]) == (age, couple)
    for seat in range(4):
        assert s.to_move() == (seat,)
        assert all(a.startswith("knight ") for a in legal(s))
        play(s, legal(s)[0])
    # Round 1 starts at phase IV with 7 thalers each, the Emperor first.
    assert s.phase == ACTIONS and s.round == 1 and s.to_move() == (0,)
    assert s.thalers == [7, 7, 7, 7]
    assert all(s.knight[k] >= 0 for k in (0, 3, 6, 9))


def test_two_player_game_removes_one_archdiocese_and_one_secular_electorate() -> None:
    for seed in range(12):
        s = new(2, seed=seed)
        out = [e for e in range(7) if not s.in_play[e]]
        assert len(out) == 2
        assert out[0] in ARCHDIOCESES and out[1] in SECULAR
        record = s.record()
        assert [m["chance"] for m in record.moves[:2]] == ["removed archdiocese",
                                                           "removed secular"]
        _setup_to_actions(s)
        for e in out:  # nothing was placed there and nothing can be
            assert s.elector[e] < 0 and s.arist_used[e] == 0 and sum(s.city[e]) == 0


def test_fewer_players_use_fewer_cards() -> None:
    four, three, two = new(4), new(3), new(2)
    assert [four.stacks[K_DOCTOR], three.stacks[K_DOCTOR], two.stacks[K_DOCTOR]] == [3, 2, 1]
    assert four.stacks[K_PERMIT] == 4 and three.stacks[K_PERMIT] < 4
    assert sum(four.stacks) == 21  # the rule book's 21 action cards


def test_income_base_own_cities_others_cities_in_own_electorates_and_saxony() -> None:
    s = empty(4)
    s.thalers = [0, 0, 0, 0]
    s.city[E["mainz"]][0] = 1          # seat 0's own city in his own electorate: counts once
    s.city[E["mainz"]][1] = 1          # seat 1's city in seat 0's electorate: +1 to seat 0
    s.city[E["trier"]][4] = 1          # an empire city gives no income
    put(s, 0, "mainz", 45, as_="elector")
    put(s, 2, "saxony", 45, as_="elector")
    run(s, ("income",))
    assert s.thalers == [6 + 1 + 1, 6 + 1, 6 + 2, 6]


def test_money_at_the_cap_stays_at_12() -> None:
    s = empty(3)
    s.thalers = [11, 12, 3]
    run(s, ("income",))
    assert s.thalers == [12, 12, 9]


def test_elector_spaces_at_setup_are_taken_once() -> None:
    s = new(3)
    play(s, "empire mainz", "elector trier")
    assert s.to_move() == (2,) and "elector trier" not in legal(s)
    assert s.where[s.elector[E["trier"]]] == ELECTOR + E["trier"]
