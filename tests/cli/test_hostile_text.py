"""Text from files shown in the terminal as written: an edition whose names hold Rich markup
(``X\\[/]``, a backslash before a closing tag) or control characters, in every game's screens,
in ``play`` and in ``replay --step`` of a record that carries the edition."""

from __future__ import annotations

import functools
import itertools
import re
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

import regalia
from regalia.cli.main import app
from regalia.engine import RegaliaError
from regalia.engine.markup import esc, strip_markup

GAMES = [info.id for info in regalia.list_games() if not info.id.startswith("toy")]
HOSTILE = "X\\[/]"
SOURCES = Path(regalia.__file__).parent / "games"


@functools.cache
def hostile_edition(game: str) -> str:
    """The built-in edition with every display name it accepts ending in ``X\\[/]``."""
    info = regalia.get_game(game)
    text = (SOURCES / game.replace("-", "_") / "edition.toml").read_text(encoding="utf-8")
    counter = itertools.count()
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        match = re.match(r'(\s*(?:name|title)\s*=\s*)"([^"\\]*)"(.*)', line, re.S)
        if not match:
            continue
        changed = f'{match[1]}"{match[2]}{next(counter)}X\\\\[/]"{match[3]}'
        trial = [*lines[:i], changed, *lines[i + 1:]]
        try:  # a name that is also a key (a card type, an edge) must stay as it is
            info.load_edition("".join(trial))
        except RegaliaError:
            continue
        lines = trial
    return "".join(lines)


@pytest.mark.parametrize("game", GAMES)
def test_the_hostile_edition_renames_something(game: str) -> None:
    edition = regalia.get_game(game).load_edition(hostile_edition(game))
    assert HOSTILE.replace("\\", "\\\\") in repr(edition)


@pytest.mark.parametrize("game", GAMES)
def test_every_screen_shows_hostile_names_as_written(game: str, tmp_path: Path) -> None:
    info = regalia.get_game(game)
    edition = info.load_edition(hostile_edition(game))
    state = regalia.new_game(game, info.min_players, seed=3, edition=edition)
    rng = regalia.engine.Rng(1)
    for _ in range(60):
        for seat in (None, *range(state.players)):
            markup = info.render_text(state.view(seat))
            # never a MarkupError, and the plain text is what the layout measured
            assert Text.from_markup(markup).plain == strip_markup(markup)
        movers = state.to_move()
        if not movers:
            break
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])


@pytest.mark.parametrize("game", GAMES)
def test_play_and_replay_step_show_a_hostile_edition(game: str, tmp_path: Path) -> None:
    path = tmp_path / "edition.toml"
    path.write_text(hostile_edition(game), encoding="utf-8")
    record = tmp_path / "game.json"
    players = str(regalia.get_game(game).min_players)
    runner = CliRunner()
    played = runner.invoke(app, ["play", game, "--players", players, "--edition", str(path),
                                 "--seats", ",".join(["random"] * int(players)),
                                 "--seed", "2", "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert played.exception is None or isinstance(played.exception, SystemExit)
    # The record alone carries the edition: replaying it shows the names as written too.
    path.unlink()
    for args in (["--step", "5"], ["--step", "5", "--seat", "0"], []):
        shown = runner.invoke(app, ["replay", str(record), *args])
        assert shown.exit_code == 0, shown.output
        assert shown.exception is None or isinstance(shown.exception, SystemExit)


@pytest.mark.parametrize("text", ["X\\[/]", "X\\", "a\\[1]", "[bold]", "\\\\[/]x", "[[b]]",
                                  "end\\\\", "\x1b[2Jclear"])
def test_esc_keeps_any_text_as_written(text: str) -> None:
    markup = f"[bold]{esc(text)}[/] after"
    expected = text.replace("\x1b", "\\x1b") + " after"
    assert Text.from_markup(markup).plain == expected == strip_markup(markup)
