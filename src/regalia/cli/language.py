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
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from regalia.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES, N_, _, language

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

# Typer's copy of click words its usage errors in English, in f-strings: they are recognised
# here by their shape and said again in the language in force.
USAGE_ERRORS: tuple[tuple[str, str], ...] = (
    (r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.*)\)",
     N_("No such option: {name} (possible options: {options})")),
    (r"No such option: (?P<name>\S+)", N_("No such option: {name}")),
    (r"Missing argument (?P<name>.+)\.", N_("Missing argument {name}.")),
    (r"Missing option (?P<name>.+)\.", N_("Missing option {name}.")),
    (r"Missing command\.", N_("Missing command.")),
    (r"No such command (?P<name>.+)\.", N_("No such command {name}.")),
    (r"Got unexpected extra argument\(s\) \((?P<args>.*)\)",
     N_("Got unexpected extra arguments ({args})")),
    (r"Option (?P<name>\S+) requires an argument\.", N_("Option {name} requires an argument.")),
    (r"Option (?P<name>\S+) does not take a value\.", N_("Option {name} does not take a value.")),
    (r"Invalid value for (?P<param>.+?): (?P<message>.*)",
     N_("Invalid value for {param}: {message}")),
    (r"Invalid value: (?P<message>.*)", N_("Invalid value: {message}")),
)
VALUE_ERRORS: tuple[tuple[str, str], ...] = (
    (r"Input should be a valid integer, unable to parse string as an integer",
     N_("a whole number is wanted")),
    (r"Input should be a valid number, unable to parse string as a number",
     N_("a number is wanted")),
    (r"Input should be greater than or equal to (?P<n>\S+)", N_("it must be at least {n}")),
    (r"Input should be less than or equal to (?P<n>\S+)", N_("it must be at most {n}")),
)


def usage_error(text: str) -> str:
    """A usage error of typer's in the language in force (English: as typer words it)."""
    if language() == DEFAULT_LANGUAGE:
        return text
    for pattern, message in USAGE_ERRORS:
        found = re.fullmatch(pattern, text.strip(), re.S)
        if found:
            fields = found.groupdict()
            if "message" in fields:
                fields["message"] = _value_error(fields["message"])
            return _(message).format(**fields)
    return text


def _value_error(text: str) -> str:
    for pattern, message in VALUE_ERRORS:
        found = re.fullmatch(pattern, text.strip(), re.S)
        if found:
            return _(message).format(**found.groupdict())
    return text


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
    shown = rich_utils.rich_format_error

    def format_error(error: Any) -> None:
        english = error.format_message()
        error.format_message = lambda: usage_error(english)
        shown(error)

    patch(rich_utils, "rich_format_error", format_error)
    try:
        yield
    finally:
        for step in reversed(undo):
            step()


USAGE = N_("Usage:")


def usage_prefix() -> str:
    from regalia.cli.console import label

    return label(_(USAGE))
