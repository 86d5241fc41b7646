"""The seven electors' privileges: Trier, Köln, Palatinate and Brandenburg in phase IV,
Mainz after phase V, Saxony in phase I, Bohemia in phase VI; each once per round and only
with the elector space occupied."""

from __future__ import annotations

from regalia.games.shadow_of_the_emperor.board import K_DOCTOR, K_MOVE, K_PERMIT
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT
from tests.games.shadow_of_the_emperor.soe_helpers import (
    E,
    empty,
    fill,
    legal,
    play,
    put,
    run,
)


def test_trier_takes_a_sold_out_action_paying_its_cost_without_keeping_a_card() -> None:
    s = empty(4)
    put(s, 0, "trier", 25, as_="elector")
    put(s, 1, "mainz", 25)
    s.kept[2][K_DOCTOR] = 3
    s.stacks[K_DOCTOR] = 0
    run(s, ("actions",))
    assert "buy doctor" not in legal(s) and "trier doctor" in legal(s)
    assert "trier move" not in legal(s)        # that stack is not sold out
    play(s, "trier doctor", "older B1")
    assert s.thalers[0] == 6 and s.kept[0][K_DOCTOR] == 0
    play(s, "pass", "pass", "pass")
    assert s.to_move() == (0,) and "trier doctor" not in legal(s)  # once per round


def test_an_empty_stack_without_trier_is_unavailable() -> None:
    s = empty(4)
    put(s, 0, "mainz", 25)
    s.stacks[K_MOVE] = 0
    s.kept[1][K_MOVE] = 2
    run(s, ("actions",))
    assert not any(a.endswith(" move") for a in legal(s))


def test_trier_cannot_take_cards_used_outside_phase_iv() -> None:
    s = empty(4)
    put(s, 0, "trier", 25, as_="elector")
    s.stacks[4] = 0
    s.kept[1][4] = 1  # Church influence, used in phase VI
    run(s, ("actions",))
    assert not any(a.startswith("trier church") for a in legal(s))


def test_koeln_gives_a_free_doctor() -> None:
    s = empty(4)
    put(s, 0, "koeln", 25, as_="elector")
    b = put(s, 1, "bohemia", 35)
    run(s, ("actions",))
    play(s, "koeln", "older B1")
    assert s.age[b] == 3 and s.thalers[0] == 7 and s.stacks[K_DOCTOR] == 3


def test_palatinate_places_a_free_15_year_old_baron_pushing_a_knight_if_full() -> None:
    s = empty(4)
    put(s, 0, "palatinate", 25, as_="elector")
    for e in ("mainz", "trier", "koeln"):
        fill(s, 1 if e != "koeln" else 2, e)
    run(s, ("actions",))
    play(s, "palatinate")
    assert "to mainz bump B" in legal(s) and "to bohemia" in legal(s)
    play(s, "to bohemia")
    t = next(x for x in s.tiles_of(0) if s.where[x] == ARISTOCRAT + E["bohemia"])
    assert s.age[t] == 0 and not s.couple[t] and s.thalers[0] == 7
    assert s.stacks[K_PERMIT] == 4


def test_a_privilege_needs_its_elector_on_the_space() -> None:
    s = empty(4)
    put(s, 0, "koeln", 25)      # an aristocrat there, but not the elector
    put(s, 1, "mainz", 25)
    run(s, ("actions",))
    assert "koeln" not in legal(s) and "palatinate" not in legal(s)


def test_mainz_scores_one_point_after_the_new_electors() -> None:
    s = empty(4)
    put(s, 2, "mainz", 25, as_="elector")
    put(s, 2, "mainz", 15)
    run(s, ("electors",))
    assert s.vp[2] == 1


def test_saxony_gives_two_thalers_of_income() -> None:
    s = empty(4)
    s.thalers = [0, 0, 0, 0]
    put(s, 3, "saxony", 25, as_="elector")
    run(s, ("income",))
    assert s.thalers[3] == s.thalers[0] + 2


def test_bohemia_elector_has_two_votes() -> None:
    from regalia.games.shadow_of_the_emperor.phases import votes_of

    s = empty(4)
    put(s, 1, "bohemia", 25, as_="elector")
    put(s, 2, "saxony", 25, as_="elector")
    assert votes_of(s) == [0, 2, 1, 0]
