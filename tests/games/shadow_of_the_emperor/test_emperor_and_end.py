"""Phase VII (the Emperor's rights by round), phase VIII, the end, the winner, hidden
points, and bad input."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine import EditionError, IllegalAction, InvalidOption, InvalidRecord, Rng
from regalia.engine.bench import random_playout
from regalia.games.shadow_of_the_emperor.edition import load_edition
from regalia.games.shadow_of_the_emperor.state import ACTIONS
from regalia.games.shadow_of_the_emperor.view import shown_vp
from tests.games.shadow_of_the_emperor.soe_helpers import E, empty, legal, new, play, run


@pytest.mark.parametrize("rnd,vp,thalers", [(1, 2, 0), (2, 2, 0), (3, 2, 1), (4, 1, 2),
                                            (5, 1, 0)])
def test_the_emperors_points_and_thalers_by_round(rnd: int, vp: int, thalers: int) -> None:
    s = empty(4, emperor=2)
    s.round = rnd
    s.thalers[2] = 5
    run(s, ("rights",))
    assert s.vp[2] == vp and s.thalers[2] == 5 + thalers


def test_rounds_1_and_2_place_an_empire_city_or_else_move_one() -> None:
    s = empty(4, emperor=1)
    s.city[E["mainz"]][4] = 1
    run(s, ("rights",))
    options = legal(s)
    assert "empire saxony" in options and "empire mainz saxony" in options
    assert options[-1] == "pass"      # optional (the seed's "may")
    play(s, "empire saxony")
    assert s.city[E["saxony"]][4] == 1 and s.empire_supply() == 1


def test_round_3_only_moves_an_empire_city_and_rounds_4_5_none() -> None:
    s = empty(4)
    s.round = 3
    s.city[E["mainz"]][4] = 1
    run(s, ("rights",))
    assert not any(len(a.split()) == 2 and a != "pass" for a in legal(s))
    play(s, "empire mainz bohemia")
    assert s.city[E["bohemia"]][4] == 1 and s.city[E["mainz"]][4] == 0
    s.round = 4
    run(s, ("rights",))
    assert s.to_move() == ()


def test_the_mandatory_reading_offers_no_pass() -> None:
    s = empty(4, empire_city="mandatory")
    run(s, ("rights",))
    assert "pass" not in legal(s)


def test_the_round_marker_advances_and_the_game_ends_after_round_5() -> None:
    s = empty(4)
    s.round = 4
    run(s, ("end_round",))
    # round 5 runs phases I-III at once here (nothing to decide) and stops in phase IV
    assert s.round == 5 and s.phase == ACTIONS and s.tasks[-1] == ("turn", 0)
    s2 = empty(4)
    s2.round = 5
    run(s2, ("end_round",))
    assert s2.is_over() and s2.to_move() == ()


def test_a_whole_game_has_five_rounds_and_the_most_points_win() -> None:
    s = new(4, seed=5)
    random_playout(s, Rng(5))
    assert s.is_over() and s.round == 5
    best = max(s.vp)
    assert [p for p in range(4) if s.ranking()[p] == 1] == [p for p in range(4)
                                                            if s.vp[p] == best]


def test_equal_points_share_the_win_or_are_broken_by_thalers() -> None:
    s = empty(3)
    s.vp = [5, 5, 2]
    s.thalers = [1, 4, 0]
    assert s.ranking() == (1, 1, 3)
    t = empty(3, winner_tiebreak="thalers")
    t.vp = [5, 5, 2]
    t.thalers = [1, 4, 0]
    assert t.ranking() == (2, 1, 3)


def test_hidden_points_are_hidden_on_the_screen_only_and_samples_keep_them_exact() -> None:
    """Question N19: every point is won in the open, so a seat with perfect memory knows them
    all; ``points=hidden`` hides the others' on the screen until the end, and a determinized
    sample keeps every seat's exact points."""
    s = new(4, seed=2)
    random_playout_half(s)
    assert min(s.vp) >= 0 and sum(s.vp) > 0
    view = s.view(1)
    assert [seat["vp"] for seat in view["seats"]] == s.vp
    assert [shown_vp(view, p) for p in range(4)] == [None, s.vp[1], None, None]
    spectator = s.view(None)
    assert [shown_vp(spectator, p) for p in range(4)] == [None] * 4
    for i in range(20):
        sample = s.determinize(1, Rng(i))
        assert sample.vp == s.vp
    o = new(4, seed=2, points="open")
    random_playout_half(o)
    assert [shown_vp(o.view(1), p) for p in range(4)] == o.vp
    random_playout(s, Rng(1))
    assert [shown_vp(s.view(2), p) for p in range(4)] == s.vp


def random_playout_half(s):  # type: ignore[no-untyped-def]
    rng = Rng(3)
    for _ in range(80):
        seat = s.to_move()[0]
        opts = s.legal_actions(seat)
        s.apply(opts[rng.below(len(opts))], seat)


# ------------------------------------------------------------------------ bad input
def test_an_illegal_action_is_refused_with_a_reason_and_changes_nothing() -> None:
    s = new(4)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("buy doctor")
    assert "not legal" in str(err.value)
    with pytest.raises(IllegalAction):
        s.apply("empire mainz", 2)  # not Yellow's turn
    with pytest.raises(regalia.engine.MalformedAction):
        s.apply("empire atlantis")
    assert s.to_json() == before


def test_a_bad_option_is_refused() -> None:
    with pytest.raises(InvalidOption):
        new(4, points="secret")
    with pytest.raises(InvalidOption):
        new(4, elector_influence="maybe")
    with pytest.raises(InvalidOption):
        new(4, no_such_option=1)


def test_a_bad_edition_is_refused_with_its_line() -> None:
    text = load_edition(None).text
    with pytest.raises(EditionError) as err:
        load_edition(text.replace("cost = 0\n", "cost = 9\n", 1))
    assert "cost" in str(err.value) and "line" in str(err.value)
    with pytest.raises(EditionError):
        load_edition(text.replace('id = "bohemia"', 'id = "austria"'))
    with pytest.raises(EditionError):
        load_edition(text.replace("aristocrat = 3", "aristocrat = 1"))


def test_a_record_that_does_not_replay_is_refused() -> None:
    s = new(3, seed=4)
    play(s, "empire mainz", "elector trier", "elector koeln")
    data = s.record().to_dict()
    data["moves"][2]["action"] = "elector trier"  # taken already: illegal on replay
    with pytest.raises(InvalidRecord):
        regalia.replay(data)


def test_the_rival_is_no_longer_shown_once_the_round_ends() -> None:
    s = empty(4)
    s.rival = 2
    s.round = 2
    run(s, ("end_round",))
    assert s.round == 3 and s.rival == -1 and s.view(0)["rival"] is None
