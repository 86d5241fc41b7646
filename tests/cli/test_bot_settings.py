"""Bots with settings and thinking times in `play` and `simulate`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from regalia.cli.main import app
from tests.cli.conftest import TOY
from tests.cli.test_errors import check


def test_simulate_takes_bot_settings_and_a_thinking_time(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", TOY, "--players", "3", "--games", "2", "--seed",
                                 "4", "--json", "--think", "20ms", "--bots",
                                 "greedy,ismcts,ismcts:iterations=5"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["bots"] == ["greedy", "ismcts:think=0.02s", "ismcts:iterations=5"]


def test_levels_are_bots(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", TOY, "--players", "2", "--games", "1", "--json",
                                 "--bots", "easy,medium:think=10ms"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["bots"] == ["easy", "medium:think=10ms"]


def test_bad_bot_setting(runner: CliRunner) -> None:
    check(runner, ["simulate", TOY, "--bots", "greedy:think=1s"], 2,
          "bot 'greedy' has no setting 'think'")


def test_bad_thinking_time(runner: CliRunner) -> None:
    check(runner, ["play", TOY, "--think", "soon"], 2, "a thinking time is written like")


def test_play_seats_take_settings(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", TOY, "--seats", "greedy,ismcts:iterations=3,easy",
                                 "--seed", "5"], input="")
    assert result.exit_code == 0, result.output
    assert "ismcts:iterations=3" in result.stdout


def test_an_external_bot_takes_a_seat_in_a_tournament(runner: CliRunner) -> None:
    import shlex
    import sys
    from pathlib import Path

    example = Path(__file__).parents[2] / "examples" / "random_bot.py"
    command = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(example))} --seed 1"
    result = runner.invoke(app, ["tournament", TOY, "--players", "3", "--games", "3",
                                 "--seed", "2", "--json", "--bots", f"greedy,{command}"])
    assert result.exit_code == 0, result.output
    bots = [b["bot"] for b in json.loads(result.stdout)["bots"]]
    assert bots == ["greedy", command]
