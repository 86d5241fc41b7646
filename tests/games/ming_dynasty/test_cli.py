"""The command line with Ming Dynasty: simulate, replay, render, bench and a bot game."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from regalia.cli.main import app

RECORD = Path(__file__).parent / "records" / "2p-greedy-defaults.json"


def test_simulate_plays_whole_games() -> None:
    result = CliRunner().invoke(app, ["simulate", "ming-dynasty", "--players", "3",
                                      "--games", "2", "--seed", "4"],
                                env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Player 3" in result.stdout


def test_replay_and_render_a_stored_game(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["replay", str(RECORD)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "replays correctly" in result.stdout
    out = tmp_path / "mid.svg"
    result = runner.invoke(app, ["render", str(RECORD), "--step", "60", "--seat", "0",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Ming Dynasty" in svg


def test_bench_reports_every_player_count() -> None:
    result = CliRunner().invoke(app, ["bench", "ming-dynasty", "--players", "all",
                                      "--seconds", "0.2"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for players in ("2", "3", "4"):
        assert f"│       {players} │" in result.stdout


def test_a_bad_option_on_the_command_line_is_one_clear_message() -> None:
    result = CliRunner().invoke(app, ["simulate", "ming-dynasty", "--games", "1",
                                      "--option", "city_tie=coin"], env={"COLUMNS": "120"})
    assert result.exit_code != 0
    assert "city_tie" in result.output
