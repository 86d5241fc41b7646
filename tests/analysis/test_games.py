"""Every registered game analyses a real (short) game, and a plainly lost scoring is marked."""

from __future__ import annotations

import json

import pytest

from regalia.analysis import SCHEMA, Budget, analyse, judge
from regalia.engine.record import Record, replay
from regalia.engine.registry import games
from regalia.engine.state import State
from tests.analysis.conftest import DATA, played


@pytest.mark.parametrize("game", [info.id for info in games()])
def test_every_registered_game_analyses_a_short_real_game(game: str) -> None:
    info = next(i for i in games() if i.id == game)
    players = info.default_players
    record = played(game, players, seed=7, decisions=14).record()
    report = analyse(record, None, Budget(iterations=8), seed=1)
    assert report["schema"] == SCHEMA
    assert [m["step"] for m in report["moves"]] == list(range(record.action_count))
    judged = [m for m in report["moves"] if not m["forced"]]
    assert judged, "a short game still has choices"
    for m in judged:
        assert 0.0 <= m["win_after"] <= 1.0 and 0.0 <= m["win_before"] <= 1.0
        assert m["loss"] >= 0.0
        assert 1.0 <= m["place_before"] <= players and 1.0 <= m["place_after"] <= players
    assert sum(s["decisions"] for s in report["summary"]) == record.action_count


def test_a_played_out_game_is_analysed_to_its_result() -> None:
    state = played("castles-of-burgundy-cards", 2, seed=4)
    assert state.is_over()
    report = analyse(state.record(), [1], Budget(iterations=4), seed=0)
    assert report["over"] and report["scores"] == list(state.scores())
    assert {m["seat"] for m in report["moves"]} == {1}


# (Palais Royal's seed 5 ends differently since its rules version 3: seed 0 instead.)
@pytest.mark.parametrize(("game", "players", "seed"), [("castles-of-burgundy-cards", 2, 4),
                                                      ("el-grande", 3, 2), ("palais-royal", 2, 0)])
def test_at_a_decided_last_decision_the_expected_place_is_the_place(
        game: str, players: int, seed: int) -> None:
    # The last decision of a played-out game, where every legal move leaves the mover in the
    # same place: the search plays each move to the end, and the game is all but over, so the
    # expected place (before and after) is the place itself, to the calibration's sliver.
    whole = played(game, players, seed=seed)
    last_move = [m for m in whole.record().moves if "action" in m and "chance" not in m][-1]
    step = whole.record().action_count - 1
    state = replay(whole.record(), steps=step)
    seat, last = last_move["seat"], last_move["action"]
    assert state.to_move() == (seat,)
    places = set()
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(action, seat)
        if after.is_over():
            places.add(after.ranking()[seat])
        else:
            places.add(-1)
    assert places == {whole.ranking()[seat]}, "pick a game whose last decision is decided"
    m = judge(state, seat, last, step, Budget(iterations=60), seed=0)
    place = whole.ranking()[seat]
    assert abs(m["place_before"] - place) < 0.05 and abs(m["place_after"] - place) < 0.05, m


# Positions built so one move plainly forfeits points, in a close game (each file's "why"):
# Castles of Burgundy's last turns (a record), El Grande's special scoring card (a saved
# position with the scores edited so that the game is close).
FORFEITS = ["castles-of-burgundy-cards-convert.json", "el-grande-special-scoring.json"]


@pytest.mark.parametrize("name", FORFEITS)
def test_passing_up_a_certain_scoring_is_marked(name: str) -> None:
    case = json.loads((DATA / name).read_text())
    state = replay(Record.from_json(case["record"])) if "record" in case else \
        State.from_json(case["state"])
    seat = case["seat"]
    assert state.to_move() == (seat,)
    scoring = state.clone()
    scoring.apply(case["good"], seat)
    passing = state.clone()
    passing.apply(case["bad"], seat)
    assert scoring.scores()[seat] > passing.scores()[seat]  # the scoring really is one
    budget = Budget(iterations=300)
    bad = judge(state, seat, case["bad"], case["step"], budget, seed=0)
    good = judge(state, seat, case["good"], case["step"], budget, seed=0)
    assert bad["mark"] in ("mistake", "blunder"), bad
    assert good["mark"] is None and good["loss"] < bad["loss"]
    assert bad["best"] == case["good"]
