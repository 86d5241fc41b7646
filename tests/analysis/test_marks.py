"""Marks and accuracy follow the documented thresholds."""

from __future__ import annotations

import pytest

from regalia.analysis import BLUNDER, INACCURACY, MISTAKE, Budget, mark_of, move_accuracy
from regalia.engine.errors import InvalidOption


@pytest.mark.parametrize(("loss", "mark"), [
    (0.0, None), (INACCURACY - 0.0001, None), (INACCURACY, "inaccuracy"),
    (MISTAKE - 0.0001, "inaccuracy"), (MISTAKE, "mistake"), (BLUNDER - 0.0001, "mistake"),
    (BLUNDER, "blunder"), (0.9, "blunder"),
])
def test_marks_by_lost_win_chance(loss: float, mark: str | None) -> None:
    assert mark_of(loss) == mark


def test_thresholds_are_five_ten_and_twenty_points() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.05, 0.10, 0.20)


def test_accuracy_is_full_without_loss_and_falls_with_it() -> None:
    assert move_accuracy(0.0) == pytest.approx(100.0, abs=0.01)
    values = [move_accuracy(loss / 100) for loss in range(0, 101, 5)]
    assert values == sorted(values, reverse=True)
    assert values[-1] == 0.0
    assert 35 < move_accuracy(BLUNDER) < 45


def test_a_budget_is_iterations_or_time_not_both_nor_neither() -> None:
    assert Budget(iterations=10).spec == "hard:iterations=10"
    assert Budget(iterations=None, seconds=0.5).spec == "hard:think=0.5s"
    for bad in ({"iterations": 0}, {"iterations": 5, "seconds": 1.0},
                {"iterations": None, "seconds": None}, {"iterations": None, "seconds": -1.0}):
        with pytest.raises(InvalidOption):
            Budget(**bad)  # type: ignore[arg-type]
