"""Fuzzing the command line's readers: every command that reads a record, a saved game or an
edition, fed the fuzz suite's mutated documents and hostile text (Rich markup, a backslash
before a closing tag, control characters) in every field a screen shows.

The property: the command ends with an exit code and, at most, one clear error line -- never
a traceback, a MarkupError, a hang or a file written outside its folder. ``REGALIA_FUZZ_CASES``
sets the cases as for tests/conformance/test_fuzz.py (a quarter of them here for records, a
twentieth for edition files, which play whole games: each case runs one command, drawn).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import regalia
from regalia.cli.main import app
from tests.conformance.test_fuzz import (
    FUZZ,
    FUZZ_CASES,
    bounded,
    mutate_json,
    mutate_toml,
    record_text,
)

pytestmark = pytest.mark.parametrize(
    "game", [info.id for info in regalia.list_games()])

CLI_FUZZ = settings(FUZZ, max_examples=max(1, FUZZ_CASES // 4))
HOSTILE = ("X\\[/]", "[bold]", "[/]", "\\", "a\\[1]", "\x1b[2J", "[link=file:///etc]x[/link]",
           "名字\\[/]", "")
COMMANDS = (
    ["replay", "{record}"],
    ["replay", "{record}", "--step", "3", "--seat", "0", "--chance"],
    ["replay", "{record}", "--step", "2"],
    ["render", "{record}", "-o", "{folder}/out.svg", "--force"],
    ["analyze", "{record}", "--iterations", "1", "--workers", "1", "--seat", "0"],
    ["play", "--resume", "{record}", "--seats", "{seats}"],
    ["table", "--resume", "{record}"],
)


def _hostile(data: st.DataObject, doc: Any) -> Any:
    """Put hostile text where screens show a record's text: the seats, bots, edition id."""
    if not isinstance(doc, dict):
        return doc
    text = data.draw(st.sampled_from(HOSTILE))
    where = data.draw(st.sampled_from(["seats", "bots", "edition", "option", "none"]))
    players = doc.get("players") if isinstance(doc.get("players"), int) else 2
    if where in ("seats", "bots"):
        doc["meta"] = {where: [text] * max(0, min(players, 6))}
    elif where == "edition" and isinstance(doc.get("game"), str):
        try:
            info = regalia.get_game(doc["game"])
        except regalia.engine.RegaliaError:
            return doc
        toml = mutate_toml(data, info.load_edition(None).text)
        if isinstance(toml, bytes):
            toml = toml.decode("utf-8", "replace")
        name = text.replace("\\", "\\\\").replace('"', '\\"').replace("\x1b", "")
        doc["edition"] = {"toml": toml.replace('title = "', f'title = "{name}', 1)}
    elif where == "option" and isinstance(doc.get("options"), dict):
        doc["options"] = {**doc["options"], text or "x": text}
    return doc


def run_refusing_cleanly(args: list[str]) -> None:
    """Run one command on hostile input: a clear exit (no traceback), nothing written beside
    the caller."""
    before = set(Path.cwd().iterdir())
    with bounded():
        result = CliRunner().invoke(app, args, input="")
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{args[0]} raised {result.exception!r}"
    assert "Traceback" not in result.output
    assert result.exit_code in (0, 1, 2, 130)
    assert set(Path.cwd().iterdir()) == before  # nothing written beside the caller
    event(f"{args[0]}: exit {result.exit_code}")


@CLI_FUZZ
@given(data=st.data())
def test_fuzzed_records_through_every_command(game: str, data: st.DataObject,
                                             tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("cli")
    players = data.draw(st.sampled_from(list(regalia.get_game(game).player_counts)))
    mutated = mutate_json(data, record_text(game, players), game, players)
    if isinstance(mutated, str) and data.draw(st.booleans()):
        with contextlib.suppress(ValueError, RecursionError):  # no JSON, or too deep for json
            mutated = json.dumps(_hostile(data, json.loads(mutated)))
    record = folder / "game.json"
    record.write_bytes(mutated if isinstance(mutated, bytes) else mutated.encode("utf-8",
                                                                                "surrogatepass"))
    command = data.draw(st.sampled_from(COMMANDS))
    args = [a.format(record=record, folder=folder, seats=",".join(["random"] * players))
            for a in command]
    run_refusing_cleanly(args)


# (a fifth of the record cases: each plays a whole game or more)
EDITION_FUZZ = settings(FUZZ, max_examples=max(1, FUZZ_CASES // 20))
EDITION_COMMANDS = (
    ["play", "{game}", "--players", "{players}", "--seats", "{seats}", "--seed", "3",
     "--edition", "{edition}"],
    ["simulate", "{game}", "--players", "{players}", "--games", "1", "--workers", "1",
     "--seed", "3", "--edition", "{edition}"],
    ["tournament", "{game}", "--players", "{players}", "--games", "1", "--workers", "1",
     "--bots", "{seats}", "--seed", "3", "--edition", "{edition}", "--json"],
    ["table", "{game}", "--players", "{players}", "--edition", "{edition}",
     "--record", "{folder}/table.json"],
)


@EDITION_FUZZ
@given(data=st.data())
def test_fuzzed_editions_through_every_command(game: str, data: st.DataObject,
                                              tmp_path_factory: pytest.TempPathFactory) -> None:
    """An edition file (``--edition FILE``) from anyone: the built-in edition mutated as the
    fuzz suite mutates it, hostile text in its title or a component's name."""
    folder = tmp_path_factory.mktemp("edition")
    info = regalia.get_game(game)
    players = data.draw(st.sampled_from(list(info.player_counts)))
    text = mutate_toml(data, info.load_edition(None).text)
    if isinstance(text, str):
        hostile = data.draw(st.sampled_from(HOSTILE))
        quoted = hostile.replace("\\", "\\\\").replace('"', '\\"').replace("\x1b", "\\u001b")
        field = data.draw(st.sampled_from(['title = "', 'name = "', 'name_zh = "']))
        text = text.replace(field, f"{field}{quoted}", 1)
    edition = folder / "edition.toml"
    edition.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8",
                                                                         "surrogatepass"))
    command = data.draw(st.sampled_from(EDITION_COMMANDS))
    args = [a.format(game=game, players=players, edition=edition, folder=folder,
                     seats=",".join(["random"] * players)) for a in command]
    run_refusing_cleanly(args)
