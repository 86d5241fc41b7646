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
    options = result.stdout.split(f"{TOY} options")[1]
    hand = next(line for line in options.splitlines() if " hand " in line)
    assert "3" in hand and "2 | 3" in hand and "cards dealt to each player" in hand
    allow = next(line for line in options.splitlines() if " allow_pass " in line)
    assert "false" in allow and "true | false" in allow


def test_games_json_parses(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "--json"])
    toy = next(g for g in json.loads(result.stdout) if g["id"] == TOY)
    assert toy["options"][0] == {"name": "hand", "default": 3, "choices": [2, 3],
                                 "help": "cards dealt to each player (and rounds played)"}


def test_version(runner: CliRunner) -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    # the variant follows the version: this suite runs against either build
    assert result.stdout.strip() in (f"regalia {regalia.__version__} (pure)",
                                     f"regalia {regalia.__version__} (compiled)")
