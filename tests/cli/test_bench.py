"""`regalia bench`."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from regalia.cli.main import app
from tests.cli.conftest import TOY


def test_bench_prints_figures(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", TOY, "--seconds", "0.5"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    assert "Games/s" in result.stdout and "clone() µs" in result.stdout
    row = re.search(r"│\s*3\s*│\s*(\d+)\s*│\s*([\d,.]+)\s*│", result.stdout)
    assert row and int(row.group(1)) > 0


def test_bench_all_player_counts_as_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["bench", TOY, "--players", "all", "--seconds", "0.1",
                                 "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    assert [f["players"] for f in figures] == [2, 3, 4]
    assert all(f["games_per_second"] > 0 and f["mean_decisions"] == 3 * f["players"]
               for f in figures)
