"""`regalia simulate`: statistics independent of the number of workers, records, JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.engine.record import Record, replay
from tests.cli.conftest import TOY


def simulate_json(runner: CliRunner, *extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["simulate", TOY, "--players", "3", "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_second")}


def test_results_do_not_depend_on_the_number_of_workers(runner: CliRunner) -> None:
    one = simulate_json(runner, "--games", "20", "--seed", "42", "--workers", "1")
    two = simulate_json(runner, "--games", "20", "--seed", "42", "--workers", "2")
    assert without_timing(one) == without_timing(two)
    other = simulate_json(runner, "--games", "20", "--seed", "43", "--workers", "1")
    assert without_timing(other) != without_timing(one)  # the comparison can tell


def test_json_output_has_per_seat_wins_and_lengths(runner: CliRunner) -> None:
    summary = simulate_json(runner, "--games", "30", "--seed", "1", "--option", "allow_pass=true")
    assert summary["games"] == 30 and summary["options"] == {"allow_pass": True}
    assert [s["name"] for s in summary["seats"]] == ["North", "East", "South"]
    # Shared first places count fractionally, so the wins add up to the number of games
    # (a game where nobody scores is a three-way tie for first); each seat's figure is
    # rounded to six places.
    assert abs(sum(s["wins"] for s in summary["seats"]) - 30) < 1e-5
    assert summary["length"] == {"mean": 9, "min": 9, "max": 9}
    assert summary["games_per_second"] > 0


def test_records_dir_gets_one_replayable_record_per_game(runner: CliRunner,
                                                         tmp_path: Path) -> None:
    out = tmp_path / "records"
    summary = simulate_json(runner, "--games", "5", "--seed", "9", "--workers", "2",
                            "--records", str(out))
    files = sorted(out.glob("*.json"))
    assert len(files) == 5
    totals = [0, 0, 0]
    for path in files:
        record = Record.load(path)
        state = replay(record)
        assert state.is_over() and list(state.scores()) == record.result["scores"]
        totals = [t + s for t, s in zip(totals, state.scores(), strict=True)]
    assert [s["score_mean"] * 5 for s in summary["seats"]] == totals


def test_table_output_says_how_ties_count(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", TOY, "--games", "10", "--seed", "2",
                                 "--bots", "random"], env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "shared by k seats counts 1/k" in result.stdout
    assert "Games per second" in result.stdout


def test_games_per_second_keeps_its_figures_for_slow_bots() -> None:
    from regalia.cli.simulate import _rate

    assert _rate(0.0182) == "0.018" and _rate(35.04) == "35.0" and _rate(1234.5) == "1,234"
