"""Phase IV: the turn order, passing, every card kind, the knight action, buying rules."""

from __future__ import annotations

from regalia.games.shadow_of_the_emperor.board import (
    K_DOCTOR,
    K_EMINENCE,
    K_MOVE,
    K_PERMIT,
    K_POPE,
    K_RIVAL,
)
from regalia.games.shadow_of_the_emperor.places import (
    ARISTOCRAT,
    EMINENCE,
    SUPPLY,
    THRONE,
)
from regalia.games.shadow_of_the_emperor.state import ShadowState
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


def _actions(s: ShadowState) -> ShadowState:
    return run(s, ("actions",))


def test_turns_go_from_the_emperor_clockwise_until_everyone_passed() -> None:
    s = _actions(empty(4, emperor=2))
    seen = []
    for _ in range(4):
        seen.append(s.to_move()[0])
        play(s, "pass")
    assert seen == [2, 3, 0, 1]
    assert s.to_move() == ()


def test_a_pass_is_final_for_the_phase() -> None:
    s = _actions(empty(3))
    play(s, "pass")              # seat 0
    play(s, "knight new", "knight mainz")  # seat 1
    play(s, "pass")              # seat 2
    assert s.to_move() == (1,)   # seat 0 passed: only seat 1 goes on
    play(s, "pass")
    assert s.to_move() == ()


def test_rival_ends_the_takers_phase_and_the_emperor_may_not_take_it() -> None:
    s = _actions(empty(3))
    assert "buy rival" not in legal(s)  # seat 0 is the Emperor
    play(s, "pass", "buy rival")
    assert s.rival == 1 and s.kept[1][K_RIVAL] == 1 and s.thalers[1] == 7
    assert s.to_move() == (2,)
    play(s, "pass")
    assert s.to_move() == ()
    s2 = _actions(empty(3))
    play(s2, "knight new", "knight mainz", "buy rival", "pass")
    assert s2.to_move() == (0,)     # seat 1 is skipped from now on
    play(s2, "pass")
    assert s2.to_move() == ()


def test_doctor_makes_an_own_aristocrat_younger_or_another_older() -> None:
    s = empty(4)
    own = put(s, 0, "trier", 35)
    other = put(s, 1, "mainz", 25)
    put(s, 0, "koeln", 15)        # already 15: cannot get younger
    _actions(s)
    play(s, "buy doctor")
    assert s.thalers[0] == 6 and s.stacks[K_DOCTOR] == 2 and s.kept[0][K_DOCTOR] == 1
    options = legal(s)
    assert "younger R1" in options and "younger R2" in options and "younger R3" not in options
    assert "older B1" in options
    play(s, "younger R2")
    assert s.age[own] == 1
    play(s, "pass", "pass", "pass")
    play(s, "buy doctor")
    play(s, "older B1")
    assert s.age[other] == 2


def test_doctor_past_45_removes_the_tile_and_an_elector_leaves_the_space_empty() -> None:
    s = empty(4)
    el = put(s, 1, "bohemia", 45, as_="elector")
    _actions(s)
    play(s, "buy doctor", "older B1")
    assert s.where[el] == SUPPLY and s.elector[E["bohemia"]] == -1


def test_doctor_killing_the_emperor_has_him_replaced_at_once() -> None:
    s = empty(4, emperor=1)
    heir = put(s, 1, "saxony", 25)
    s.passed = 0
    run(s, turn(0))
    play(s, "buy doctor", "older B1")
    # the Emperor's player chooses the replacement now, then play goes on
    assert s.to_move() == (1,) and legal(s) == ["throne B2"]
    play(s, "throne B2")
    assert s.throne == heir and s.where[heir] == THRONE and s.to_move() == (1,)
    assert s.tasks[-1] == ("turn", 1)


def test_move_takes_an_own_aristocrat_to_another_electorate_pushing_a_knight() -> None:
    s = empty(4)
    t = put(s, 0, "mainz", 25, couple=True)
    put(s, 0, "trier", 15, as_="elector")   # electors never move
    for where, seat in (("saxony", 2), ("trier", 1), ("koeln", 2), ("bohemia", 3),
                        ("palatinate", 1), ("brandenburg", 3)):
        fill(s, seat, where)
    _actions(s)
    play(s, "buy move")
    assert legal(s) == ["move R2"]
    play(s, "move R2")
    options = legal(s)
    assert "to mainz" not in options               # another electorate
    assert "to saxony bump Y" in options and "to trier" not in options
    play(s, "to saxony bump Y")
    assert s.where[t] == ARISTOCRAT + E["saxony"] and s.age[t] == 1 and s.couple[t] == 1
    assert s.kept[0][K_MOVE] == 1


def test_permit_places_a_15_year_old_baron_for_3_or_a_couple_for_5() -> None:
    s = empty(4)
    _actions(s)
    s.thalers[0] = 5
    s._legal = {}
    assert "buy permit baron" in legal(s) and "buy permit couple" in legal(s)
    play(s, "buy permit couple", "to koeln")
    t = next(x for x in s.tiles_of(0) if s.where[x] == ARISTOCRAT + E["koeln"])
    assert s.couple[t] == 1 and s.age[t] == 0 and s.thalers[0] == 0
    assert s.kept[0][K_PERMIT] == 1
    play(s, "buy permit baron", "to koeln")  # seat 1
    assert s.thalers[1] == 4


def test_ordinance_builds_cities_scoring_1_1_and_2() -> None:
    s = empty(4)
    s.thalers[0] = 12
    _actions(s)
    gained = []
    for where in ("mainz", "trier", "bohemia"):
        before = s.vp[0]
        play(s, "buy ordinance", f"city {where}")
        gained.append(s.vp[0] - before)
        if s.to_move() != (0,):
            for _ in range(3):
                play(s, "pass")
    assert gained == [1, 1, 2]
    assert s.city_supply(0) == 0 and s.thalers[0] == 12 - 9


def test_ordinance_needs_a_free_city_space() -> None:
    s = empty(4)
    for e in range(7):
        s.city[e][4 if e < 3 else 1] = s.d.electorates[e].city if e < 3 else 0
    s.city[E["bohemia"]][1] = 3
    for e in range(4, 7):
        s.city[e][2] = s.d.electorates[e].city
    _actions(s)
    assert "buy ordinance" not in legal(s)


def test_promotion_replaces_an_own_knight_on_an_aristocrat_space_by_a_baron() -> None:
    s = empty(4)
    knight(s, 0, "brandenburg")
    knight(s, 0, "saxony", castle=True)  # a knight on a castle cannot be promoted
    _actions(s)
    play(s, "buy promotion")
    assert legal(s) == ["promote brandenburg"]
    play(s, "promote brandenburg")
    assert s.knight[0:3].count(SUPPLY) == 2
    t = [x for x in s.tiles_of(0) if s.where[x] == ARISTOCRAT + E["brandenburg"]]
    assert len(t) == 1 and s.age[t[0]] == 0 and not s.couple[t[0]]


def test_foreign_kings_daughter_flips_an_own_single_baron_at_the_same_age() -> None:
    s = empty(4)
    t = put(s, 0, "palatinate", 35)
    put(s, 0, "mainz", 25, as_="elector")   # not an archdiocese elector
    _actions(s)
    play(s, "buy daughter")
    assert sorted(legal(s)) == ["flip R1", "flip R2"]  # R1 is the Emperor on the throne
    play(s, "flip R2")
    assert s.couple[t] == 1 and s.age[t] == 2


def test_indulgence_scores_one_point() -> None:
    s = _actions(empty(4))
    play(s, "buy indulgence")
    assert s.vp[0] == 1 and s.thalers[0] == 5


def test_pope_church_and_excommunication_are_kept_for_the_election() -> None:
    s = _actions(empty(4))
    play(s, "buy pope")
    assert s.kept[0][K_POPE] == 1 and s.to_move() == (1,)


def test_knight_action_costs_a_thaler_to_place_or_move() -> None:
    s = _actions(empty(4))
    assert legal(s).count("knight new") == 1 and "knight bohemia castle" not in legal(s)
    play(s, "knight new")
    assert s.thalers[0] == 6 and s.to_move() == (0,)
    assert "knight bohemia castle" in legal(s) and "knight mainz" in legal(s)
    play(s, "knight bohemia castle")
    assert s.knight[0] == 2 * E["bohemia"] + 1 and s.to_move() == (1,)
    for _ in range(3):
        play(s, "pass")
    play(s, "knight from bohemia castle")
    assert "knight bohemia castle" not in legal(s)  # another space than its own
    play(s, "knight mainz")
    assert s.thalers[0] == 5 and s.knight[0] == 2 * E["mainz"]
    assert sum(s.kept[0]) == 0  # the Knight card is only a reminder


def test_no_thalers_no_paid_action() -> None:
    s = empty(4)
    s.thalers[0] = 0
    _actions(s)
    assert legal(s) == ["pass"]  # the Emperor may not take the free Rival


def test_a_card_that_cannot_be_carried_out_cannot_be_bought_at_3_or_4_players() -> None:
    s = empty(4)
    _actions(s)
    # no own knight on an aristocrat space, no own Baron on an aristocrat space
    assert "buy promotion" not in legal(s) and "buy move" not in legal(s)


def test_two_players_may_buy_a_card_they_cannot_use_and_decline_any_card() -> None:
    s = empty(2)
    _actions(s)
    assert "buy promotion" in legal(s)
    play(s, "buy promotion")
    assert legal(s) == ["decline"]
    play(s, "decline")
    assert s.thalers[0] == 5 and s.kept[0][12 - 3] == 1  # promotion kept (blocks the stack)
    play(s, "pass", "buy doctor")
    assert legal(s)[-1] == "decline"


def test_an_empty_stack_cannot_be_bought() -> None:
    s = empty(4)
    s.stacks[K_MOVE] = 0
    s.kept[3][K_MOVE] = 2
    put(s, 0, "mainz", 25)
    _actions(s)
    assert "buy move" not in legal(s)


def test_gray_eminence_only_for_the_brandenburg_elector_and_placed_in_phase_v() -> None:
    s = empty(4)
    put(s, 1, "brandenburg", 25, as_="elector")
    _actions(s)
    assert "buy eminence" not in legal(s)
    play(s, "pass")
    assert "buy eminence" in legal(s)
    play(s, "buy eminence")
    assert s.kept[1][K_EMINENCE] == 1 and s.thalers[1] == 7 - s.d.cards[K_EMINENCE].cost
    play(s, "pass", "pass")  # seats 2 and 3; seat 0 has passed already
    assert s.to_move() == (1,)
    play(s, "pass")
    run(s, ("electors",))
    assert s.to_move() == (1,) and "eminence saxony" in legal(s)
    play(s, "eminence saxony")
    t = next(x for x in s.tiles_of(1) if s.where[x] == EMINENCE + E["saxony"])
    assert s.age[t] == 3 and not s.couple[t]
    assert s.elector[E["saxony"]] == -1  # a Gray eminence is never elector
    assert s.vp[1] == 0


def test_a_gray_eminence_bought_is_not_placed_once_brandenburg_is_lost() -> None:
    # Seed: only the player controlling the Brandenburg elector may use the Gray eminence;
    # a Doctor that kills that elector after the purchase leaves the card unusable.
    s = empty(4)
    put(s, 1, "brandenburg", 45, as_="elector")
    _actions(s)
    play(s, "pass", "buy eminence")
    assert s.to_move() == (2,) and "buy doctor" in legal(s)
    play(s, "buy doctor", "older B1")
    assert s.elector[E["brandenburg"]] == -1
    play(s, "pass", "pass", "pass")
    run(s, ("electors",))
    assert s.kept[1][K_EMINENCE] == 1
    assert not any(s.where[t] >= EMINENCE for t in s.tiles_of(1))
    assert s.to_move() != (1,) or "eminence saxony" not in legal(s)
