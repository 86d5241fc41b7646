"""--help reads as a manual: no type tags on flags, a line of help for every option."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app

COMMANDS = ["games", "play", "simulate", "tournament", "replay", "render", "bench"]


def option_rows(text: str) -> list[str]:
    """The rows of the Options panel that start an option (``│ --name …``)."""
    panel = text.split("Options")[-1]
    rows = (re.sub(r"^│\s+(\*\s+)?", "", line) for line in panel.splitlines())
    return [row for row in rows if row.startswith("--")]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_has_no_bool_tags_and_every_option_explains_itself(command: str | None) -> None:
    args = ["--help"] if command is None else [command, "--help"]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.stdout
    rows = option_rows(result.stdout)
    assert any(row.startswith("--help") for row in rows)
    for row in rows:
        cells = [c for c in re.split(r"\s{2,}", row.strip("│ ")) if c]
        assert len(cells) >= 2, f"an option without help: {row!r}"


def test_command_descriptions_flow_as_paragraphs() -> None:
    # At 200 columns a paragraph fits on one line; a source line break kept by typer would
    # split a sentence ("...every hidden card." then "SIGTERM ..." on a line of its own).
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert re.search(r"every hidden card\. SIGTERM or SIGHUP", result.stdout)
