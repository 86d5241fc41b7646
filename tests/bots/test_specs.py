"""Bot specs: names with settings, thinking times, the strength levels."""

from __future__ import annotations

import time

import pytest

import regalia
from regalia.bots import KINDS, GreedyBot, InformationSet, IsmctsBot, make_bot
from regalia.bots.specs import check_spec, parse_duration
from regalia.engine import InvalidOption


@pytest.mark.parametrize(("text", "seconds"), [
    ("0.5s", 0.5), ("500ms", 0.5), ("2", 2.0), ("1m", 60.0), (" 1.5 S ", 1.5),
])
def test_durations(text: str, seconds: float) -> None:
    assert parse_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["", "fast", "0s", "-1s", "nan", "inf", "2h", "7200"])
def test_bad_durations_are_refused(text: str) -> None:
    with pytest.raises(InvalidOption):
        parse_duration(text)


def test_settings_reach_the_bot() -> None:
    bot = make_bot("ismcts:think=250ms:exploration=1.2:leaf=evaluation:cap=20", 1)
    assert isinstance(bot, IsmctsBot)
    assert bot.seconds == pytest.approx(0.25) and bot.exploration == pytest.approx(1.2)
    assert bot.leaf == "evaluation" and bot.rollout_cap == 20
    assert make_bot("ismcts:iterations=33", 1).iterations == 33  # type: ignore[attr-defined]
    assert make_bot("hard", 1).stop == "early"  # type: ignore[attr-defined]
    assert make_bot("hard:stop=full", 1).stop == "full"  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spec", "message"), [
    ("genius", "unknown bot 'genius'"),
    ("greedy:think=1s", "bot 'greedy' has no setting 'think'"),
    ("ismcts:think", "NAME=VALUE"),
    ("ismcts:think=1s:think=2s", "given twice"),
    ("hard:stop=never", "expected one of early, full"),
    ("pimc:stop=full", "bot 'pimc' has no setting 'stop'"),
    ("ismcts:iterations=0", "from 1"),
    ("ismcts:rollout=clever", "random, greedy"),
])
def test_bad_specs_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        make_bot(spec)


def test_think_from_the_command_line_fills_in_only_an_unset_budget() -> None:
    assert check_spec("ismcts", 0.5) == "ismcts:think=0.5s"
    assert check_spec("ismcts:think=2s", 0.5) == "ismcts:think=2s"
    assert check_spec("ismcts:iterations=10", 0.5) == "ismcts:iterations=10"
    assert check_spec("greedy", 0.5) == "greedy"  # does not think
    assert check_spec("hard", 0.5) == "hard:think=0.5s"


def test_levels_are_documented_settings() -> None:
    assert isinstance(make_bot("easy", 1), GreedyBot)
    medium, hard = make_bot("medium", 1), make_bot("hard", 1)
    assert isinstance(medium, IsmctsBot) and isinstance(hard, IsmctsBot)
    assert medium.seconds is not None and hard.seconds is not None
    assert medium.seconds < hard.seconds
    assert medium.leaf == hard.leaf == "evaluation"
    for level in ("easy", "medium", "hard"):
        assert "level" in KINDS[level].help


def test_a_thinking_time_is_honoured() -> None:
    state = regalia.new_game("el-grande", 4, seed=3)
    seat = state.to_move()[0]
    bot = make_bot("ismcts:think=0.2s:stop=full", 5)  # (stop=early may answer sooner)
    start = time.perf_counter()
    action = bot.act(InformationSet(state, seat))
    spent = time.perf_counter() - start
    assert action in state.legal_actions(seat)
    # The search stops after the iteration that crosses the deadline; one iteration of a
    # 4-player El Grande rollout takes a few milliseconds, well inside the tolerance.
    assert 0.2 <= spent < 0.2 + 0.15
    assert bot.last_iterations > 1  # type: ignore[attr-defined]
