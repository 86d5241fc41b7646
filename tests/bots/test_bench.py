"""The search benchmark: a fixed position per game, and a rate for every setting."""

from __future__ import annotations

import pytest

from regalia.bots.bench import SETTINGS, measure, position


def test_the_position_is_fixed_and_a_real_choice() -> None:
    a, b = position("el-grande", 4), position("el-grande", 4)
    assert a.to_json() == b.to_json()
    assert len(a.legal_actions(a.to_move()[0])) > 1


@pytest.mark.parametrize("setting", sorted(SETTINGS))
def test_every_setting_runs_iterations(setting: str) -> None:
    rate = measure("ming-dynasty", 4, setting, seconds=0.02)
    assert rate.iterations >= 1 and rate.cpu_seconds > 0
    assert rate.per_second == pytest.approx(rate.iterations / rate.cpu_seconds)
