"""Bad input: one clear red line on stderr, a non-zero exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from tests.cli.conftest import TOY


def check(runner: CliRunner, args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, args, input="")
    assert result.exit_code == code, result.output
    assert message in result.stderr
    assert result.stderr.startswith("error:")
    assert "Traceback" not in result.output


@pytest.mark.parametrize("command", [
    ["play", "no-such-game"], ["simulate", "no-such-game"], ["bench", "no-such-game"],
])
def test_unknown_game(runner: CliRunner, command: list[str]) -> None:
    check(runner, command, 2, "unknown game 'no-such-game'")


def test_bad_option_value(runner: CliRunner) -> None:
    check(runner, ["play", TOY, "--option", "hand=7"], 2,
          "option 'hand' takes one of: 2, 3; not 7")


def test_unknown_option(runner: CliRunner) -> None:
    check(runner, ["simulate", TOY, "--option", "colour=red"], 2, "has no option 'colour'")


def test_option_without_value(runner: CliRunner) -> None:
    check(runner, ["play", TOY, "--option", "hand"], 2, "options are written NAME=VALUE")


def test_wrong_player_count(runner: CliRunner) -> None:
    check(runner, ["simulate", TOY, "--players", "9"], 2, "is for 2 to 4 players, not 9")


def test_seat_list_disagreeing_with_players(runner: CliRunner) -> None:
    check(runner, ["play", TOY, "--players", "3", "--seats", "human,random"], 2,
          "--players is 3 but 2 seats are listed")


def test_unknown_bot(runner: CliRunner) -> None:
    check(runner, ["play", TOY, "--seats", "human,genius"], 2, "unknown bot 'genius'")


def test_bad_edition_file(runner: CliRunner, tmp_path: Path) -> None:
    edition = tmp_path / "broken.toml"
    edition.write_text('[edition]\ngame = "toy-sealed-bids"\nid = 3 3\n')
    check(runner, ["play", TOY, "--edition", str(edition)], 1, "broken.toml, line 3")


def test_missing_edition_file(runner: CliRunner, tmp_path: Path) -> None:
    check(runner, ["simulate", TOY, "--edition", str(tmp_path / "none.toml")], 1,
          "cannot read the edition file")


def test_missing_record(runner: CliRunner, tmp_path: Path) -> None:
    check(runner, ["render", str(tmp_path / "none.json"), "-o", str(tmp_path / "x.svg")], 1,
          "cannot read record")


def test_unknown_seat_for_replay(runner: CliRunner, tmp_path: Path) -> None:
    from regalia.engine.registry import new_game

    record = tmp_path / "r.json"
    new_game(TOY, 2, seed=1).record().save(record)
    check(runner, ["replay", str(record), "--seat", "Mars"], 2,
          "no seat 'Mars': give 0 to 1, a seat name (North, East) or 'spectator'")


def test_bench_players_must_be_a_number_or_all(runner: CliRunner) -> None:
    check(runner, ["bench", TOY, "--players", "many"], 2, "--players takes a number or 'all'")
