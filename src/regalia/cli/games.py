"""The table of registered games shown by ``regalia games``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.table import Table

from regalia.engine.i18n import _
from regalia.engine.registry import GameInfo, Option


def games_table(infos: Sequence[GameInfo]) -> Group:
    """The games in one table, then each game's options in a table of its own (options have
    help texts too long for a column of the first)."""
    table = Table(title=_("Regalia games"))
    table.add_column(_("Id"), style="bold cyan", no_wrap=True)
    table.add_column(_("Title"), overflow="fold")
    table.add_column(_("Designers"), overflow="fold")
    table.add_column(_("Year"), justify="right")
    table.add_column(_("Players"), justify="center")
    for info in infos:
        table.add_row(
            escape(info.id), escape(_(info.title)), escape(", ".join(info.designers)),
            str(info.year), player_counts(info),
        )
    parts: list[Table] = [table]
    for info in infos:
        if info.options:
            parts.append(options_table(info))
    return Group(*parts)


def options_table(info: GameInfo) -> Table:
    table = Table(title=_("{game} options (--option NAME=VALUE)").format(game=escape(info.id)),
                  title_justify="left",
                  show_header=True)
    table.add_column(_("Option"), style="cyan", no_wrap=True)
    table.add_column(_("Default"), no_wrap=True)
    table.add_column(_("Choices"), overflow="fold")
    table.add_column(_("Meaning"), overflow="fold", ratio=1)
    for option in info.options:
        table.add_row(escape(option.name), escape(show_value(option.default)),
                      escape(" | ".join(show_value(c) for c in choices(option))),
                      escape(_(option.help) if option.help else ""))
    return table


def choices(option: Option) -> tuple[Any, ...]:
    if option.choices is not None:
        return option.choices
    if isinstance(option.default, bool):
        return (True, False)
    return ()


def player_counts(info: GameInfo) -> str:
    span = (str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}")
    return _("{span} (default {n})").format(span=span, n=info.default_players)


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
