"""The README's examples work: its Python example runs, its command lines name real games
and real options."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

import regalia

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README, re.S)


def test_the_python_example_runs(tmp_path: Path) -> None:
    (example,) = [b for b in _blocks("python") if "regalia.new_game" in b]
    cwd = os.getcwd()
    os.chdir(tmp_path)  # it saves game.json
    try:
        exec(compile(example, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    assert (tmp_path / "game.json").exists()


def _command_lines() -> list[list[str]]:
    lines = []
    for block in _blocks("text") + _blocks("bash"):
        for line in block.splitlines():
            line = line.split("#")[0].strip()
            if "regalia " in line:
                words = shlex.split(line[line.index("regalia "):].replace("[", "").replace(
                    "]", ""))
                lines.append(words)
    return lines


@pytest.mark.parametrize("words", _command_lines(), ids=lambda w: " ".join(w[:3]))
def test_each_command_line_names_a_real_game_and_real_options(words: list[str]) -> None:
    command = words[1]
    if command not in ("play", "simulate", "bench") or words[2].startswith("-"):
        return  # no game named (replay, render, play --resume FILE)
    info = regalia.get_game(words[2])
    players = int(words[words.index("--players") + 1]) if "--players" in words else None
    if players is not None:
        assert players in info.player_counts
    options = {}
    for i, word in enumerate(words):
        if word in ("--option", "-O"):
            name, _, value = words[i + 1].partition("=")
            options[name] = value
    info.resolve_options(options)  # raises InvalidOption for a name or value it lacks
