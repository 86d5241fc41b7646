"""What ``regalia games`` and ``regalia rules`` print: the table of the games, one game's
card with its options, and a game's turn and scoring on one screen."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from regalia.engine.i18n import _, ngettext
from regalia.engine.registry import GameInfo, Option
from regalia.games.rules_summaries import rules_summary


def games_table(infos: Sequence[GameInfo]) -> Group:
    """The games in one short table, and where to read more about one."""
    table = Table(title=_("Regalia games"))
    table.add_column(_("Id"), style="bold cyan", no_wrap=True)
    table.add_column(_("Title"), overflow="fold")
    table.add_column(_("Year"), justify="right")
    table.add_column(_("Players"), justify="center", no_wrap=True)
    for info in infos:
        table.add_row(escape(info.id), escape(_(info.title)), str(info.year), span(info))
    return Group(table, Text.from_markup("[dim]" + _(
        "A game's options: {options} · its turn and scoring: {rules}").format(
            options="[cyan]regalia games GAME[/]", rules="[cyan]regalia rules GAME[/]")
        + "[/]"))


def heading(info: GameInfo, default: bool = True) -> str:
    """"El Grande · Wolfgang Kramer, Richard Ulrich, 1995 · 2–5 players (default 4)"; without
    the default (an option's business) on the rules card, whose one screen it would cost a
    line (the Castles' title is long)."""
    if default:
        players = ngettext("{span} player (default {n})", "{span} players (default {n})",
                           info.max_players).format(span=span(info), n=info.default_players)
    else:
        players = ngettext("{span} player", "{span} players", info.max_players).format(
            span=span(info))
    return f"[bold]{escape(_(info.title))}[/] · {escape(', '.join(info.designers))}, " \
        f"{info.year} · {players}"


def game_card(info: GameInfo, long: bool = False) -> Group:
    """One game: its title line, its summary and its options (``regalia games GAME``), a
    short line to each (name, values with the default first, a few words), on one screen;
    with ``long``, each option's help in full."""
    parts: list[RenderableType] = [Text.from_markup(heading(info)),
                                   Text(_(info.summary)) if info.summary else Text("")]
    if not info.options:
        parts.append(Text(_("This game has no options.")))
    elif long:
        parts.append(options_table(info))
    else:
        parts.append(Text.from_markup(_("Options ({how}; the default first):").format(
            how="[cyan]--option NAME=VALUE[/]")))
        parts.append(short_options(info))
    if info.options and not long:
        parts.append(Text.from_markup("[dim]" + _("Each option in full: {long}").format(
            long=f"[cyan]regalia games {escape(info.id)} --long[/]") + "[/]"))
    parts.append(Text.from_markup("[dim]" + _("Its turn and scoring: {rules}").format(
        rules=f"[cyan]regalia rules {escape(info.id)}[/]") + "[/]"))
    return Group(*parts)


def short_options(info: GameInfo) -> Table:
    """An option to a line: its name, its values (the default first, in bold) and what it
    sets in a few words (the help's first words where the game gives no short text)."""
    table = Table.grid(padding=(0, 2, 0, 0))
    table.add_column(style="cyan", no_wrap=True)
    table.add_column(overflow="fold", max_width=20)
    table.add_column(overflow="fold", ratio=1)
    for option in info.options:
        # (true or false goes without saying: the default alone)
        others = [] if isinstance(option.default, bool) else [
            show_value(c) for c in choices(option) if c != option.default]
        values = f"[bold]{escape(show_value(option.default))}[/]" + "".join(
            f" | {escape(v)}" for v in others)
        table.add_row("  " + escape(option.name), values, escape(short_text(option)))
    return table


def short_text(option: Option) -> str:
    if option.short:
        return _(option.short)
    told = _(option.help) if option.help else ""
    return told


def option_card(info: GameInfo, name: str) -> Group:
    """One option in full (``regalia games GAME OPTION``)."""
    option = next((o for o in info.options if o.name == name), None)
    if option is None:
        from regalia.engine.errors import InvalidOption

        raise InvalidOption(_("{game} has no option {name} (its options: {names})").format(
            game=info.id, name=repr(name), names=", ".join(o.name for o in info.options)
            or _("none")))
    values = [show_value(c) for c in choices(option)]
    parts: list[RenderableType] = [
        Text.from_markup(f"[bold cyan]{escape(option.name)}[/] · " + _("default {value}").format(
            value=f"[bold]{escape(show_value(option.default))}[/]")
            + (" · " + _("values: {values}").format(values=escape(" | ".join(values)))
               if values else "")),
        Text(short_text(option), style="italic"),
        Text(_(option.help) if option.help else ""),
        Text.from_markup("[dim]" + _("Set it with {how}").format(
            how=f"[cyan]--option {escape(option.name)}=VALUE[/]") + "[/]"),
    ]
    return Group(*parts)


def rules_card(info: GameInfo) -> Group:
    """The game's turn and scoring on one screen (``regalia rules GAME``), from the
    engine's texts (regalia.games.rules_summaries), in the language in force."""
    parts: list[RenderableType] = [Text.from_markup(heading(info, default=False))]
    if info.summary:
        parts.append(Text(_(info.summary), style="italic"))
    sections = rules_summary(info.id)
    if not sections:
        parts.append(Text(_("No summary of this game's rules is available.")))
    for title, sentences in sections:
        parts.append(Text(_(title), style="bold"))
        bullets = Table.grid(padding=(0, 1, 0, 1))  # (a hanging indent under each bullet)
        bullets.add_column(no_wrap=True)
        bullets.add_column(ratio=1)
        for sentence in sentences:
            bullets.add_row("•", _(sentence))
        parts.append(bullets)
    parts.append(Text.from_markup("[dim]" + _("Options: {games} · at the table: {help}").format(
        games=f"[cyan]regalia games {escape(info.id)}[/]", help="[cyan]help[/]") + "[/]"))
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


def span(info: GameInfo) -> str:
    return (str(info.min_players) if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players}")


def show_value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def games_json(infos: Sequence[GameInfo]) -> list[dict[str, Any]]:
    return [game_json(info) for info in infos]


def game_json(info: GameInfo) -> dict[str, Any]:
    return {
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
