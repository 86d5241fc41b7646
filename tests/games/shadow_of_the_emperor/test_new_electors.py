"""Phase V: influence, the Emperor breaking ties, new electors, deposed electors."""

from __future__ import annotations

from regalia.games.shadow_of_the_emperor.phases import influence
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, SUPPLY
from tests.games.shadow_of_the_emperor.soe_helpers import (
    E,
    empty,
    knight,
    legal,
    play,
    put,
    run,
)


def test_influence_counts_cities_knights_barons_couples_eminences_and_empire_cities() -> None:
    s = empty(4, emperor=3)
    put(s, 0, "bohemia", 25)                    # 1
    put(s, 0, "bohemia", 15, couple=True)       # 2
    knight(s, 0, "bohemia", castle=True)        # 1
    s.city[E["bohemia"]][0] = 1                 # 1
    put(s, 1, "bohemia", 45, as_="eminence")    # 1
    knight(s, 2, "bohemia")                     # 1
    s.city[E["bohemia"]][4] = 2                 # 2 to the Emperor
    put(s, 1, "bohemia", 35, couple=True, as_="elector")  # 2 (option elector_influence)
    assert influence(s, E["bohemia"]) == [5, 3, 1, 2]


def test_the_sitting_elector_does_not_count_with_the_option_off() -> None:
    s = empty(4, elector_influence=False)
    put(s, 1, "bohemia", 35, couple=True, as_="elector")
    assert influence(s, E["bohemia"]) == [0, 0, 0, 0]


def test_the_winner_seats_an_aristocrat_of_his_and_scores_two() -> None:
    s = empty(4)
    t = put(s, 1, "saxony", 25)
    put(s, 2, "saxony", 15)
    knight(s, 1, "saxony")
    run(s, ("electorate", E["saxony"]))
    assert s.elector[E["saxony"]] == t and s.where[t] == ELECTOR + E["saxony"]
    assert s.vp[1] == 2


def test_keeping_ones_own_elector_scores_nothing() -> None:
    s = empty(4)
    put(s, 1, "saxony", 25, as_="elector")
    put(s, 1, "saxony", 15)
    run(s, ("electorate", E["saxony"]))
    assert s.vp[1] == 0


def test_a_tie_for_an_electorate_is_broken_by_the_emperor() -> None:
    s = empty(4, emperor=3)
    a = put(s, 0, "brandenburg", 25)
    put(s, 1, "brandenburg", 25)
    run(s, ("electorate", E["brandenburg"]))
    assert s.to_move() == (3,) and legal(s) == ["award R", "award B"]
    play(s, "award R")
    assert s.elector[E["brandenburg"]] == a and s.vp[0] == 2


def test_the_emperor_may_award_a_tied_electorate_to_himself() -> None:
    s = empty(4, emperor=1)
    put(s, 0, "trier", 25)
    b = put(s, 1, "trier", 25)
    run(s, ("electorate", E["trier"]))
    play(s, "award B")
    assert s.elector[E["trier"]] == b


def test_a_deposed_elector_returns_to_an_aristocrat_space_of_the_electorate() -> None:
    s = empty(4)
    old = put(s, 2, "mainz", 35, as_="elector")
    new = put(s, 1, "mainz", 25)
    knight(s, 1, "mainz")
    run(s, ("electorate", E["mainz"]))
    assert s.elector[E["mainz"]] == new
    assert s.where[old] == ARISTOCRAT + E["mainz"] and s.age[old] == 2


def test_a_full_electorate_pushes_a_knight_for_the_deposed_elector() -> None:
    s = empty(4)
    old = put(s, 2, "mainz", 35, as_="elector")
    put(s, 1, "mainz", 25, couple=True)
    put(s, 1, "mainz", 15, couple=True)
    k = knight(s, 3, "mainz")
    # Blue wins but has only Couples: an archdiocese needs a single Baron, so the space
    # empties; the old elector goes back, pushing Green's knight off the full electorate.
    run(s, ("electorate", E["mainz"]))
    assert s.elector[E["mainz"]] == -1 and s.vp[1] == 0
    assert s.where[old] == ARISTOCRAT + E["mainz"] and s.knight[k] == SUPPLY


def test_a_deposed_elector_with_no_room_at_all_returns_to_supply() -> None:
    s = empty(4)
    old = put(s, 2, "koeln", 35, as_="elector")
    for _ in range(3):
        put(s, 1, "koeln", 15, couple=True)
    run(s, ("electorate", E["koeln"]))
    assert s.where[old] == SUPPLY and s.elector[E["koeln"]] == -1


def test_the_deposed_owner_chooses_whose_knight_to_push_when_several_could_go() -> None:
    s = empty(4)
    old = put(s, 3, "koeln", 35, as_="elector")
    put(s, 1, "koeln", 15, couple=True)
    knight(s, 0, "koeln")
    knight(s, 2, "koeln")
    run(s, ("electorate", E["koeln"]))
    assert s.to_move() == (3,) and legal(s) == ["to koeln bump R", "to koeln bump Y"]
    play(s, "to koeln bump Y")
    assert s.where[old] == ARISTOCRAT + E["koeln"] and s.knight[6] == SUPPLY


def test_the_winner_picks_which_aristocrat_becomes_elector() -> None:
    s = empty(4)
    put(s, 1, "bohemia", 25)
    c = put(s, 1, "bohemia", 15, couple=True)
    run(s, ("electorate", E["bohemia"]))
    assert s.to_move() == (1,) and sorted(legal(s)) == ["seat B1", "seat B2"]
    play(s, "seat B2")
    assert s.elector[E["bohemia"]] == c and s.vp[1] == 2


def test_no_influence_no_elector() -> None:
    s = empty(4)
    run(s, ("electorate", E["saxony"]))
    assert s.elector[E["saxony"]] == -1 and s.vp == [0, 0, 0, 0]


def test_an_empty_elector_space_gives_no_vote() -> None:
    from regalia.games.shadow_of_the_emperor.phases import votes_of

    s = empty(4)
    put(s, 1, "saxony", 25)
    assert votes_of(s) == [0, 0, 0, 0]
