"""The board as terminal text for the adapters' ``render_mode="ansi"`` and ``"human"``: the
games' screens are Rich markup, which a terminal does not read, so it is turned into ANSI
escape sequences (colours and bold) here."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

WIDTH = 100  # columns: the games' screens fit in 80, their long lines in 100


def ansi_board(draw: Callable[..., str] | None, view: Mapping[str, Any]) -> str:
    """``view`` drawn by the game's ``render_text`` as ANSI text (plain JSON-ish text for a
    game that draws no text)."""
    if draw is None:
        return str(view)
    from rich.console import Console
    from rich.text import Text

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, color_system="standard", width=WIDTH,
                      highlight=False, emoji=False, legacy_windows=False)
    console.print(Text.from_markup(draw(view)), soft_wrap=True)
    return out.getvalue()
