"""`regalia games`, `regalia games GAME`, `regalia rules GAME` and `regalia --version`."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import regalia
from regalia.cli.main import app
from regalia.engine.i18n import _, display_width, speaking
from regalia.games.rules_summaries import END, PLAY, SCORING, rules_summary
from tests.cli.conftest import TOY

GAMES = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "shadow-of-the-emperor",
         "ming-dynasty")


def test_games_is_a_short_table_of_the_games(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    assert TOY in result.stdout and "Sealed Bids" in result.stdout
    for game in GAMES:
        assert game in result.stdout
    assert "options (--option" not in result.stdout  # the options are one game's business
    assert "regalia games GAME" in result.stdout and "regalia rules GAME" in result.stdout
    assert len(result.stdout.splitlines()) <= 24
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_games_game_gives_its_summary_and_options(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", TOY], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "Sealed Bids" in result.stdout and "2–4 players (default 3)" in result.stdout
    options = result.stdout.split("Options (--option NAME=VALUE")[1]
    # a game that gives no short words: its help is the line's words
    hand = next(line for line in options.splitlines() if " hand " in line)
    assert "3 | 2" in hand and "cards dealt to each player" in hand
    allow = next(line for line in options.splitlines() if " allow_pass " in line)
    assert "false" in allow and "true" not in allow  # (true or false goes without saying)
    assert f"regalia rules {TOY}" in result.stdout
    other = runner.invoke(app, ["games", "el-grande"], env={"COLUMNS": "200"})
    assert "tie_break" in other.stdout and "allow_pass" not in other.stdout


def test_games_game_json_is_that_game(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", TOY, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == TOY


@pytest.mark.parametrize("command", ["games", "rules"])
def test_an_unknown_game_is_a_clear_error(runner: CliRunner, command: str) -> None:
    result = runner.invoke(app, [command, "el-grandee"])
    assert result.exit_code == 2
    assert "unknown game 'el-grandee'" in result.stderr and "el-grande" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rules_is_one_screen_of_turn_and_scoring(runner: CliRunner, game: str,
                                                 lang: str) -> None:
    result = runner.invoke(app, ["rules", game, "--lang", lang], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) <= 23, result.stdout  # one 80x24 screen, the shell's prompt below it
    assert max(display_width(line) for line in lines) <= 80  # (a Chinese character is two)
    headings = [PLAY, SCORING, END]
    text = " ".join(result.stdout.split())
    with speaking(lang):
        for heading in headings:
            assert _(heading) in lines
        for _title, sentences in rules_summary(game):
            for sentence in sentences:
                # (as the terminal wraps it: compare without the line breaks)
                wanted = " ".join(_(sentence).split())
                assert wanted.replace(" ", "") in text.replace(" ", "")
                if lang == "zh":
                    assert _(sentence) != sentence  # translated, not the English left in


def test_rules_of_a_game_without_a_summary_says_so(runner: CliRunner) -> None:
    result = runner.invoke(app, ["rules", TOY])
    assert result.exit_code == 0, result.output
    assert "No summary of this game's rules is available." in result.stdout


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


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_games_game_is_one_screen_a_line_to_each_option(runner: CliRunner, game: str,
                                                        lang: str) -> None:
    result = runner.invoke(app, ["games", game, "--lang", lang], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) <= 23, result.stdout  # one 80x24 screen, the shell's prompt below it
    assert max(display_width(line) for line in lines) <= 80
    info = regalia.get_game(game)
    assert info.options
    with speaking(lang):
        for option in info.options:
            line = next(line for line in lines if line.startswith(f"  {option.name} "))
            # its default, then its other values, and its few words (the start of them)
            shown = line.split(option.name, 1)[1].split()
            assert shown[0] == str(option.default).lower(), line
            assert option.short and _(option.short)[:4] in line, line
            if lang == "zh":
                assert _(option.short) != option.short
            assert _(option.help) not in result.stdout  # the long text waits for --long
    assert f"regalia games {game} --long" in result.stdout
    assert f"regalia rules {game}" in result.stdout


@pytest.mark.parametrize("game", GAMES)
def test_games_game_long_gives_every_option_in_full(runner: CliRunner, game: str) -> None:
    result = runner.invoke(app, ["games", game, "--long"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    info = regalia.get_game(game)
    flat = " ".join(result.stdout.replace("│", " ").split())
    for option in info.options:
        assert any(line.startswith(f"│ {option.name} ") for line in lines), option.name
        assert " ".join(option.help.split())[:60] in flat
    assert "--long" not in result.stdout


def test_games_game_option_tells_one_option_in_full(runner: CliRunner) -> None:
    result = runner.invoke(app, ["games", "palais-royal", "end"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    flat = " ".join(result.stdout.split())
    assert "default twelve-or-fewer" in flat
    assert "values: twelve-or-fewer | fewer-than-twelve" in flat
    assert "one German review's wording" in flat and "--option end=VALUE" in flat
    wrong = runner.invoke(app, ["games", "palais-royal", "ends"])
    assert wrong.exit_code == 2 and wrong.stdout == ""
    assert "has no option 'ends'" in wrong.stderr and "edge_ties" in wrong.stderr
