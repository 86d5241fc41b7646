"""The command line's language: ``--lang`` on the group and on every command, then
``REGALIA_LANG``, then the system locale (:func:`regalia.engine.i18n.resolve_language`).

Typer reads help texts when the module is imported, before anyone knows the language, so the
sources keep them in English, marked with ``N_`` for the catalog, and they are translated
here at the moment click formats the help (:func:`translated_help`). Typer's own words
(panel titles, "Usage:") are translated while a command runs (:func:`cli_words`).
"""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from regalia.engine.i18n import LANGUAGES, N_, _

LANG_HELP = N_("Language of everything shown: {languages} (default: REGALIA_LANG, else the "
               "system locale, else en).")
HELP_OPTION_HELP = N_("Show this message and exit.")


def lang_from_args(args: Sequence[str]) -> str | None:
    """The value of the last ``--lang`` among ``args`` (group's or command's), or None."""
    found = None
    items = list(args)
    for i, item in enumerate(items):
        if item == "--":
            break
        if item == "--lang" and i + 1 < len(items):
            found = items[i + 1]
        elif item.startswith("--lang="):
            found = item.partition("=")[2]
    return found


def help_fields() -> dict[str, str]:
    """Values that help texts name with ``{fields}`` (lists that depend on what is installed)."""
    from regalia.cli import options as opts

    return {"bots": opts.bot_names(), "opponent": opts.DEFAULT_OPPONENT,
            "languages": ", ".join(LANGUAGES), "iterations": str(_default_iterations())}


def _default_iterations() -> int:
    from regalia.analysis import DEFAULT_ITERATIONS

    return DEFAULT_ITERATIONS


def flow(text: str) -> str:
    """A help text's paragraphs each on one line: typer keeps a docstring's line breaks after
    the first paragraph, so a text wrapped in the source would break mid-sentence on screen."""
    return "\n\n".join(" ".join(part.split("\n")) for part in inspect.cleandoc(text).split("\n\n"))


def translate_help(text: str, fields: Mapping[str, str] | None = None) -> str:
    """A help text from the sources in the language in force, its ``{fields}`` filled in."""
    shown = _(text)
    if "{" in shown:
        with contextlib.suppress(KeyError, IndexError, ValueError):
            shown = shown.format_map(fields if fields is not None else help_fields())
    return flow(shown)


@contextlib.contextmanager
def translated_help(command: Any) -> Iterator[None]:
    """While click formats ``command``'s help: its help, its parameters' and (a group) its
    commands' in the language in force; the English sources afterwards."""
    fields = help_fields()
    saved: list[tuple[Any, str | None]] = []

    def swap(obj: Any) -> None:
        source = getattr(obj, "source_help", None) or getattr(obj, "help", None)
        if source:
            saved.append((obj, obj.help))
            obj.help = translate_help(source, fields)

    swap(command)
    for param in command.params:
        if getattr(param, "help", None):
            if not hasattr(param, "source_help"):
                param.source_help = param.help
            swap(param)
    for sub in getattr(command, "commands", {}).values():
        swap(sub)
    try:
        yield
    finally:
        for obj, text in reversed(saved):
            obj.help = text


# Typer's rich help and error words, by the name of the module constant that holds each.
TYPER_WORDS = {
    "ARGUMENTS_PANEL_TITLE": N_("Arguments"),
    "OPTIONS_PANEL_TITLE": N_("Options"),
    "COMMANDS_PANEL_TITLE": N_("Commands"),
    "ERRORS_PANEL_TITLE": N_("Error"),
    "ABORTED_TEXT": N_("Aborted."),
    "RICH_HELP": N_("Try [blue]'{command_path} {help_option}'[/] for help."),
    "DEFAULT_STRING": N_("[default: {}]"),
    "REQUIRED_LONG_STRING": N_("[required]"),
    "DEPRECATED_STRING": N_("(deprecated) "),
    "ENVVAR_STRING": N_("[env var: {}]"),
}

@contextlib.contextmanager
def cli_words() -> Iterator[None]:
    """While a command runs: typer's help and error words in the language in force. (Typer's
    own copy of click words its usage errors in English only: they stay English.)"""
    from typer import rich_utils

    undo: list[Callable[[], None]] = []

    def patch(module: Any, name: str, value: Any) -> None:
        old = getattr(module, name)
        setattr(module, name, value)
        undo.append(lambda: setattr(module, name, old))

    for name, english in TYPER_WORDS.items():
        if hasattr(rich_utils, name):
            patch(rich_utils, name, _(english))
    try:
        yield
    finally:
        for step in reversed(undo):
            step()


USAGE = N_("Usage:")


def usage_prefix() -> str:
    from regalia.cli.console import label

    return label(_(USAGE))
