"""The end screen at 80 columns: a move too long for a line goes on indented under its own
words, in every game."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from regalia.cli.play import LogLine, PlaySession, Terminal

WIDTH = 80




@pytest.mark.parametrize("viewer", [0, None])
def test_the_last_moves_wrap_indented(viewer: int | None) -> None:
    from regalia.engine.registry import get_game, new_game

    console = Console(width=WIDTH, height=24, record=True, file=io.StringIO(),
                      color_system=None)
    term = Terminal(console, lambda prompt: "", lambda: None, lambda: None)
    state = new_game("el-grande", 3, seed=2)
    seats = ["human", "random", "random"] if viewer == 0 else ["random"] * 3
    play = PlaySession(state, seats, term, 2, render_text=get_game("el-grande").render_text)
    long = "Red: " + " ".join(f"word{i}" for i in range(40))


    play.log.append(LogLine(-1, long, long))
    play.table_log = lambda seat: None  # type: ignore[method-assign]  # the rebuilt log
    play.show_board = lambda seat: None  # type: ignore[method-assign]
    play.show_end()
    lines = console.export_text().splitlines()
    at = next(i for i, line in enumerate(lines) if "word0" in line)
    assert lines[at].startswith("  Red: word0")
    assert lines[at + 1].startswith("    word") and len(lines[at]) <= WIDTH
