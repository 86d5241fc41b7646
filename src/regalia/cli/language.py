"""The command line's language: ``--lang`` on the group and on every command, then
``REGALIA_LANG``, then the system locale (:func:`regalia.engine.i18n.resolve_language`).

Typer reads help texts when the module is imported, before anyone knows the language, so the
sources keep them in English, marked with ``N_`` for the catalog, and they are translated
here at the moment click formats the help (:func:`translated_help`). Typer's and click's own
words (panel titles, "Usage:", click's error messages) are translated the same way, while a
command runs (:func:`cli_words`).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from regalia.engine.i18n import LANGUAGES, N_, _, ngettext

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

# Click's messages that a user of this command line meets (click words them with the standard
# gettext, in English): the same English here, so the catalog translates them.
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing {param_type}"),
    N_("Missing parameter: {param_name}"),
    N_("Missing command."),
    N_("Invalid value: {message}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Option {name!r} does not take a value."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{value!r} is not a valid boolean. Recognized values: {states}"),
    N_("{value} is not in the range {range}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is not readable."),
    N_("Choose from:\n\t{choices}"),
    N_("Show this message and exit."),
    N_("Aborted!"),
)
# Click's plural messages (singular, plural); Chinese has one form.
CLICK_PLURALS = (
    ngettext("Got unexpected extra argument ({args})",
             "Got unexpected extra arguments ({args})", 1),
    ngettext("Option {name!r} requires an argument.",
             "Option {name!r} requires {nargs} arguments.", 1),
)
CLICK_MODULES = ("click.core", "click.exceptions", "click.parser", "click.types",
                 "click.formatting", "click.decorators", "click.termui", "click.utils")


def _click_gettext(message: str) -> str:
    return _(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    return ngettext(singular, plural, n)


@contextlib.contextmanager
def cli_words() -> Iterator[None]:
    """While a command runs: typer's help and error words, and click's messages, in the
    language in force (read when they are shown, so a ``--lang`` of the command counts)."""
    from typer import rich_utils

    undo: list[Callable[[], None]] = []

    def patch(module: Any, name: str, value: Any) -> None:
        old = getattr(module, name)
        setattr(module, name, value)
        undo.append(lambda: setattr(module, name, old))

    for name, english in TYPER_WORDS.items():
        if hasattr(rich_utils, name):
            patch(rich_utils, name, _(english))
    for module_name in CLICK_MODULES:
        with contextlib.suppress(ImportError):
            module = importlib.import_module(module_name)
            if hasattr(module, "_"):
                patch(module, "_", _click_gettext)
            if hasattr(module, "ngettext"):
                patch(module, "ngettext", _click_ngettext)
    try:
        yield
    finally:
        for step in reversed(undo):
            step()


def usage_prefix() -> str:
    return _("Usage:") + " "
