"""The table of registered games shown by ``regalia games``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.markup import escape
from rich.table import Table

from regalia.engine.registry import GameInfo, Option


def games_table(infos: Sequence[GameInfo]) -> Table:
    table = Table(title="Regalia games", show_lines=True)
    table.add_column("Id", style="bold cyan", no_wrap=True)
    table.add_column("Title", overflow="fold")
    table.add_column("Designers", overflow="fold")
    table.add_column("Year", justify="right")
    table.add_column("Players", justify="center")
    table.add_column("Options (name=default)", overflow="fold")
    for info in infos:
        table.add_row(
            escape(info.id), escape(info.title), escape(", ".join(info.designers)),
            str(info.year), player_counts(info),
            "\n".join(option_line(o) for o in info.options) or "[dim]none[/]",
        )
    return table


def player_counts(info: GameInfo) -> str:
    span = (str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}")
    return f"{span} (default {info.default_players})"


def option_line(option: Option) -> str:
    line = f"{escape(option.name)}={escape(show_value(option.default))}"
    if option.choices is not None:
        line += f" [dim]({escape(' | '.join(show_value(c) for c in option.choices))})[/]"
    elif isinstance(option.default, bool):
        line += " [dim](true | false)[/]"
    return line


def show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def games_json(infos: Sequence[GameInfo]) -> list[dict[str, Any]]:
    return [
        {
            "id": info.id, "title": info.title, "designers": list(info.designers),
            "year": info.year, "min_players": info.min_players,
            "max_players": info.max_players, "default_players": info.default_players,
            "rules_version": info.rules_version, "summary": info.summary,
            "options": [
                {"name": o.name, "default": o.default, "help": o.help,
                 "choices": None if o.choices is None else list(o.choices)}
                for o in info.options
            ],
        }
        for info in infos
    ]
