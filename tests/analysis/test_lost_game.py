"""A game lost by always taking the first option reads as lost: low accuracy and marks.

The records are real games: seat 0 always took the first legal action, the other seats were
``hard:iterations=100`` bots. El Grande ended 19 to 136 (the issue's game: 45 to 130, 99.8%
accuracy and no marks); Castles of Burgundy 1 to 25. Before the judge also weighed the margin a
move gives away, the first gave 99.8% and no marks at 200 iterations, the second 98.5% and one
inaccuracy at 30: once a seat's win chance is gone, every move "lost" nothing.

Ming Dynasty ended 47 to 154 and 175 (benchmarks/lost_games.py, seed 7) and still read 95.7%
at 50 iterations: a quarter of the loser's moves were moves the search never played out (it
spent every iteration on its preferred move, the others' priors far below), judged "no better
than the worst move played out", which was the preferred move itself, so they lost nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from regalia.analysis import BLUNDER, INACCURACY, MISTAKE, Budget, analyse
from regalia.analysis.judge import judge, margin_equivalent, margin_lost
from regalia.analysis.run import Cursor
from regalia.bots import IsmctsBot
from regalia.bots.ismcts import Suggestion
from regalia.engine.record import Record
from regalia.engine.registry import new_game
from tests.analysis.conftest import DATA


def marks(summary: dict[str, Any]) -> int:
    return int(summary["inaccuracies"] + summary["mistakes"] + summary["blunders"])


def test_a_lost_castles_game_of_first_options_gets_low_accuracy_and_marks() -> None:
    record = Record.load(DATA / "castles-of-burgundy-cards-first-option-lost.json")
    report = analyse(record, [0, 1], Budget(iterations=30), seed=0)
    weak, strong = report["summary"]
    assert weak["accuracy"] < 92 and marks(weak) >= 8, weak
    assert strong["accuracy"] > weak["accuracy"] + 5, (weak, strong)
    assert marks(strong) < marks(weak) / 2
    assert report["scores"] == [1, 25]


def test_a_lost_el_grande_game_of_first_options_gets_low_accuracy_and_marks() -> None:
    record = Record.load(DATA / "el-grande-first-option-lost.json")
    report = analyse(record, [0], Budget(iterations=50), seed=0)
    (weak,) = report["summary"]
    assert report["scores"][0] < 50 and min(report["scores"][1:]) > 100
    assert weak["accuracy"] < 90 and weak["mistakes"] + weak["blunders"] >= 5, weak
    # The marked moves' win chance hardly moved: the margin they gave away marked them.
    marked = [m for m in report["moves"] if m.get("mark")]
    assert any(m["win_loss"] < 0.01 and m["margin_loss"] > 2 for m in marked)


def test_a_margin_lost_costs_win_chance_as_in_an_even_position() -> None:
    assert margin_lost(0.6, 0.6) == 0.0
    assert margin_lost(0.5, 0.7) == 0.0  # the played move did better: nothing lost
    assert margin_lost(0.73106, 0.5) == pytest.approx(4.0, abs=0.01)  # one MARGIN_SCALE
    assert margin_equivalent(0.0, 4) == 0.0
    assert margin_equivalent(4.0, 2) > margin_equivalent(4.0, 4) > margin_equivalent(4.0, 5)
    # About a region's second place in El Grande (4 points) is a mistake in a 4-player game;
    # half a point, the search's noise, is no inaccuracy.
    assert MISTAKE <= margin_equivalent(4.0, 4) < BLUNDER
    assert margin_equivalent(0.5, 4) < INACCURACY
    assert margin_equivalent(100.0, 4) == pytest.approx(0.25, abs=1e-3)
    assert margin_equivalent(3.0, 1) == 0.0  # nobody to lose to


def test_a_lost_ming_game_reads_below_the_bots_in_a_movement_phase() -> None:
    # Round 2's movement and deployment (decisions 89-116): each seat moves its prince and
    # deploys once. The first option keeps moving the prince on, paying a card a step, where
    # the search ends the move: before, every such move was one the search never played out
    # and lost nothing, and the seat read 100%, above both bots.
    record = Record.load(DATA / "ming-dynasty-first-option-lost.json")
    cursor = Cursor(record)
    judged: dict[int, list[dict[str, Any]]] = {0: [], 1: [], 2: []}
    for step in range(89, 117):
        _step, seat, text = cursor.moves[step]
        move = judge(cursor.before(step), seat, text, step, Budget(iterations=30), 0)
        if not move["forced"]:
            judged[seat].append(move)
    accuracy = {s: sum(m["accuracy"] for m in ms) / len(ms) for s, ms in judged.items()}
    weak = judged[0]
    assert len(weak) >= 8 and all(len(judged[s]) >= 3 for s in (1, 2))
    assert accuracy[0] < min(accuracy[1], accuracy[2]) - 20, accuracy
    assert min(accuracy[1], accuracy[2]) > 90, accuracy  # fair to the bots
    never = [m for m in weak if m["unexplored"]]
    assert len(never) >= 4
    assert all(m["margin_loss"] > 2 and m["mark"] for m in never), never


def test_a_move_tied_with_the_preferred_one_is_not_marked(monkeypatch: Any) -> None:
    # Same visits and value: which of the two comes first is the game's order of its actions,
    # not a judgement, so the played one lost nothing (it lost 10 points of win chance
    # when the list put the other first).
    state = new_game("el-grande", 3, seed=2)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    first, played = legal[0], legal[1]

    def rows(self: IsmctsBot, info: Any, count: int = 3) -> list[Suggestion]:
        tied = [Suggestion(first, 0.5, 0.40, 1.8, 0.6), Suggestion(played, 0.5, 0.30, 2.0, 0.6)]
        return tied + [Suggestion(a, 0.0, 1 / 3, 2.0, 0.5) for a in legal[2:]]

    monkeypatch.setattr(IsmctsBot, "top_actions", rows)
    move = judge(state, seat, played.text, 0, Budget(iterations=1), 0)
    assert move["best"] == played.text and move["loss"] == 0.0 and move["mark"] is None
    # A better value still wins: the other move is preferred, the played one lost points.
    monkeypatch.setattr(IsmctsBot, "top_actions", lambda self, info, count=3: [
        Suggestion(first, 0.5, 0.40, 1.8, 0.7), Suggestion(played, 0.5, 0.30, 2.0, 0.6),
        *(Suggestion(a, 0.0, 1 / 3, 2.0, 0.5) for a in legal[2:])])
    move = judge(state, seat, played.text, 0, Budget(iterations=1), 0)
    assert move["best"] == first.text and move["loss"] >= MISTAKE
