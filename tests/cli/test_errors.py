"""Bad input: one clear red line on stderr, a non-zero exit code, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.engine.record import Record
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


@pytest.fixture
def two_player_record(tmp_path: Path) -> Path:
    from regalia.engine.registry import new_game

    record = tmp_path / "r.json"
    new_game(TOY, 2, seed=1).record().save(record)
    return record


@pytest.mark.parametrize("seat", ["2", "-1", "99999999999999999999999", "1.0", "true"])
def test_out_of_range_seat_for_replay(runner: CliRunner, two_player_record: Path,
                                      seat: str) -> None:
    check(runner, ["replay", str(two_player_record), "--seat", seat], 2,
          f"no seat '{seat}': give 0 to 1")


def test_step_beyond_the_record(runner: CliRunner, two_player_record: Path) -> None:
    check(runner, ["replay", str(two_player_record), "--step", "10000000000000"], 2,
          "--step must be from 0 to 0")


@pytest.mark.parametrize("players", ["0", "-3", "100000000000000000000"])
def test_out_of_range_player_counts(runner: CliRunner, players: str) -> None:
    check(runner, ["play", TOY, "--players", players], 2, "is for 2 to 4 players")
    check(runner, ["bench", TOY, "--players", players], 2, "is for 2 to 4 players")


def test_seed_out_of_range_is_refused_without_a_traceback(runner: CliRunner) -> None:
    for seed in ["-1", str(2**64), "1" * 5000]:
        result = runner.invoke(app, ["play", TOY, "--seed", seed], input="")
        assert result.exit_code == 2
        assert "Traceback" not in result.output
        assert "--seed" in result.output


def test_edition_text_is_shown_not_obeyed(runner: CliRunner, tmp_path: Path) -> None:
    """Names from a user's edition reach the screen as text: no markup, no control codes."""
    from regalia.games.el_grande.edition import EDITION_FILE

    text = EDITION_FILE.read_text()
    assert 'name = "Aragon"' in text
    evil = text.replace('name = "Aragon"', 'name = "[blink]Ara\\u001b]0;owned\\u0007gon[/]"')
    edition = tmp_path / "evil.toml"
    edition.write_text(evil)
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "el-grande", "--edition", str(edition), "--seats",
                                 "random,random", "--seed", "2", "--record", str(record)],
                           color=True)
    assert played.exit_code == 0, played.output
    # The replay log describes every move: placements name the regions, Aragon among them.
    decisions = Record.load(record).action_count
    result = runner.invoke(app, ["replay", str(record), "--step", str(decisions)], color=True)
    assert result.exit_code == 0, result.output
    for output in (played.output, result.output):
        assert "\x1b]0;" not in output and "\x07" not in output
    assert "[blink]Ara\\x1b]0;owned\\x07gon[/]" in result.output  # shown as written
