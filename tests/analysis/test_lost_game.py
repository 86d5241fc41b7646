"""A game lost by always taking the first option reads as lost: low accuracy and marks.

The records are real games: seat 0 always took the first legal action, the other seats were
``hard:iterations=100`` bots. El Grande ended 19 to 136 (the issue's game: 45 to 130, 99.8%
accuracy and no marks); Castles of Burgundy 1 to 25. Before the judge also weighed the margin a
move gives away, the first gave 99.8% and no marks at 200 iterations, the second 98.5% and one
inaccuracy at 30: once a seat's win chance is gone, every move "lost" nothing.
"""

from __future__ import annotations

from typing import Any

import pytest

from regalia.analysis import BLUNDER, INACCURACY, MISTAKE, Budget, analyse
from regalia.analysis.judge import margin_equivalent, margin_lost
from regalia.engine.record import Record
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
