"""`regalia games` and `regalia --version`."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import regalia
from regalia.cli.main import app
from tests.cli.conftest import TOY


def test_games_table_lists_the_toy_game_and_its_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert TOY in result.stdout
    assert "Sealed Bids" in result.stdout
    assert "2–4 (default 3)" in result.stdout
    assert "hand=3 (2 | 3)" in result.stdout
    assert "allow_pass=false (true | false)" in result.stdout


def test_games_json_parses(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--json"])
    toy = next(g for g in json.loads(result.stdout) if g["id"] == TOY)
    assert toy["options"][0] == {"name": "hand", "default": 3, "choices": [2, 3],
                                 "help": "cards dealt to each player (and rounds played)"}


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"regalia {regalia.__version__}"
