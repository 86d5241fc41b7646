"""Phase II (aging, the Emperor's and electors' deaths) and phase III (sons, daughters,
marriages, the convent)."""

from __future__ import annotations

import pytest

from regalia.games.shadow_of_the_emperor.board import (
    K_DOCTOR,
    K_INDULGENCE,
    K_ORDINANCE,
    K_PERMIT,
    K_RIVAL,
)
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, SUPPLY, THRONE
from tests.games.shadow_of_the_emperor.soe_helpers import (
    E,
    empty,
    fill,
    knight,
    legal,
    play,
    put,
    run,
    turn,
)


def test_aging_removes_the_45s_and_turns_the_rest_ten_years_older() -> None:
    s = empty(4, emperor_age=35)
    young = put(s, 1, "mainz", 15, couple=True)
    old = put(s, 1, "mainz", 45)
    elector = put(s, 2, "bohemia", 35, as_="elector")
    eminence = put(s, 3, "saxony", 45, as_="eminence")
    k = knight(s, 2, "trier")
    run(s, ("aging",))
    assert s.age[young] == 1 and s.couple[young] == 1
    assert s.where[old] == SUPPLY and s.where[eminence] == SUPPLY
    assert s.age[elector] == 3 and s.elector[E["bohemia"]] == elector
    assert s.age[s.throne] == 3
    assert s.knight[k] == 2 * E["trier"]  # knights do not age


def test_emperor_dying_of_age_is_replaced_by_an_aristocrat_his_player_chooses() -> None:
    s = empty(4, emperor=1)
    a = put(s, 1, "koeln", 25, couple=True)
    b = put(s, 1, "saxony", 35)
    put(s, 1, "mainz", 15, as_="elector")  # an elector may never go to the throne
    run(s, ("aging",))
    assert s.to_move() == (1,)
    assert sorted(legal(s)) == sorted([f"throne B{a % 7 + 1}", f"throne B{b % 7 + 1}"])
    play(s, f"throne B{b % 7 + 1}")
    assert s.throne == b and s.where[b] == THRONE
    assert s.age[b] == 3  # already aged: the replacement keeps its age (question A3)
    assert s.arist_used[E["saxony"]] == 0


def test_emperor_dying_of_age_without_an_aristocrat_takes_a_45_baron_from_supply() -> None:
    s = empty(3, emperor=2)
    put(s, 2, "trier", 25, as_="elector")
    run(s, ("aging",))
    t = s.throne
    assert t // 7 == 2 and s.where[t] == THRONE
    assert s.age[t] == 3 and s.couple[t] == 0
    assert s.to_move() == ()


def test_an_elector_dying_leaves_the_space_empty_and_its_privilege_unusable() -> None:
    s = empty(4)
    put(s, 1, "koeln", 45, as_="elector")
    put(s, 1, "koeln", 15)
    put(s, 2, "mainz", 15)
    run(s, ("aging",))
    assert s.elector[E["koeln"]] == -1
    s.thalers[1] = 5
    s.passed = 0
    run(s, turn(1))
    assert "koeln" not in legal(s)


def _kept(s, seat, **cards):  # type: ignore[no-untyped-def]
    kinds = {"doctor": K_DOCTOR, "rival": K_RIVAL, "indulgence": K_INDULGENCE,
             "ordinance": K_ORDINANCE, "permit": K_PERMIT}
    for name, count in cards.items():
        s.kept[seat][kinds[name]] += count
        s.stacks[kinds[name]] -= count


def test_more_blue_cards_than_red_bring_a_son() -> None:
    s = empty(4)
    _kept(s, 1, doctor=2, indulgence=1)
    run(s, ("descendants",))
    assert s.to_move() == (1,)
    assert "to mainz" in legal(s)
    play(s, "to mainz")
    son = [t for t in s.tiles_of(1) if s.where[t] == ARISTOCRAT + E["mainz"]]
    assert len(son) == 1 and s.age[son[0]] == 0 and s.couple[son[0]] == 0


def test_a_tie_of_colours_brings_a_daughter() -> None:
    s = empty(4)
    _kept(s, 2, doctor=1, indulgence=1)
    put(s, 1, "trier", 25)
    run(s, ("descendants",))
    assert s.to_move() == (2,)
    assert legal(s) == ["propose R1", "propose B1", "convent"]  # R1: the Emperor


def test_no_coloured_card_no_child() -> None:
    s = empty(4)
    _kept(s, 1, rival=1)  # the Rival card is white
    run(s, ("descendants",))
    assert s.to_move() == ()
    assert all(s.where[t] == SUPPLY for t in s.tiles_of(1))


def test_descendants_go_from_the_emperor_clockwise() -> None:
    s = empty(4, emperor=2)
    for seat in range(4):
        _kept(s, seat, doctor=1) if seat != 1 else None
    s.kept[1][K_PERMIT] += 1
    s.stacks[K_PERMIT] -= 1
    run(s, ("descendants",), ("return_cards",))
    order = []
    while s.to_move():
        order.append(s.to_move()[0])
        play(s, "to bohemia")
    assert order == [2, 3, 0, 1]
    assert s.stacks[K_DOCTOR] == 3 and sum(map(sum, s.kept)) == 0  # cards went back


def test_a_son_pushes_a_knight_off_only_when_the_electorate_is_full() -> None:
    s = empty(4)
    fill(s, 2, "palatinate")
    knight(s, 3, "trier")
    _kept(s, 1, doctor=1)
    run(s, ("descendants",))
    assert "to palatinate bump Y" in legal(s) and "to palatinate" not in legal(s)
    assert "to trier bump G" not in legal(s) and "to trier" in legal(s)
    play(s, "to palatinate bump Y")
    assert s.knight[6:9].count(SUPPLY) == 1
    assert s.free_arist(E["palatinate"]) == 0


def test_marriage_accepted_flips_the_baron_and_scores_for_the_proposer() -> None:
    s = empty(4)
    _kept(s, 0, indulgence=1)
    b = put(s, 3, "saxony", 25)
    run(s, ("descendants",))
    play(s, "propose G1")
    assert s.to_move() == (3,)  # the proposed-to player answers
    assert legal(s) == ["accept", "refuse"]
    play(s, "accept")
    assert s.couple[b] == 1 and s.age[b] == 1
    assert s.vp[0] == 1 and s.thalers[0] == 7


def test_marriage_refused_sends_the_daughter_to_the_convent_for_a_thaler() -> None:
    s = empty(4)
    _kept(s, 0, indulgence=1)
    b = put(s, 3, "saxony", 25)
    run(s, ("descendants",))
    play(s, "propose G1", "refuse")
    assert s.couple[b] == 0 and s.vp[0] == 0 and s.thalers[0] == 8


def test_the_convent_straight_away_gives_one_thaler_capped() -> None:
    s = empty(4)
    _kept(s, 1, indulgence=1)
    s.thalers[1] = 12
    run(s, ("descendants",))
    play(s, "convent")
    assert s.thalers[1] == 12


def test_a_daughter_with_no_single_baron_to_marry_can_only_go_to_the_convent() -> None:
    s = empty(4)
    _kept(s, 0, ordinance=1)
    put(s, 1, "mainz", 25, couple=True)
    put(s, 2, "trier", 35, as_="elector")   # an archdiocese elector may not marry
    put(s, 0, "koeln", 15)                  # one's own Baron is no match
    run(s, ("descendants",))
    assert legal(s) == ["convent"]


@pytest.mark.parametrize("where,allowed", [("bohemia", True), ("koeln", False)])
def test_a_secular_elector_may_marry_an_archdiocese_elector_not(where: str,
                                                                allowed: bool) -> None:
    s = empty(4)
    _kept(s, 0, ordinance=1)
    put(s, 1, where, 25, as_="elector")
    run(s, ("descendants",))
    assert ("propose B1" in legal(s)) is allowed


def test_the_emperor_may_be_proposed_to() -> None:
    s = empty(4, emperor=1)
    _kept(s, 0, ordinance=1)
    run(s, ("descendants",))
    assert legal(s) == ["propose B1", "convent"]
