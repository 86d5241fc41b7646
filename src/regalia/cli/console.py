"""Shared Rich consoles, error reporting and exit codes of the command line."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from regalia.engine.errors import (
    InvalidOption,
    InvalidPlayerCount,
    RegaliaError,
    UnknownGame,
)
from regalia.engine.i18n import _
from regalia.engine.markup import printable

P = ParamSpec("P")

# Rich breaks lines at spaces only, so a Chinese sentence (no spaces) would be cut off with an
# ellipsis in a table cell or a help panel. Chinese may break between any two characters, but
# not before closing punctuation nor after opening punctuation: each CJK character (with the
# punctuation that clings to it) is a "word" of its own for Rich's line breaking.
_CJK = ("\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3100-\u312f\u3200-\u9fff\uac00-\ud7af"
        "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef")
_OPENING = "（「『《〈【〔“‘"
_CLOSING = "，。、：；！？）」』》〉】〕”’…·"
CJK_WORD = re.compile(rf"\s*(?:[{_OPENING}]*[{_CJK}][{_CLOSING}]*|[^\s{_CJK}]+[{_CLOSING}]*)\s*")


def break_cjk_lines() -> None:
    """Let Rich wrap CJK text between characters (it reads ``rich._wrap.re_word``)."""
    from rich import _wrap

    _wrap.re_word = CJK_WORD


break_cjk_lines()


def safe(text: object) -> str:
    """Text from outside (a record, an edition, a file name) as Rich markup that shows it as
    it is: brackets escaped, control characters made visible instead of sent to the terminal."""
    return escape(printable(text))


R = TypeVar("R")


class UsageError(RegaliaError):
    """A command-line value that cannot be used as it is given (a database URL that is none)."""


# Usage-type errors: the command line itself asked for something that does not exist.
USAGE_ERRORS: tuple[type[RegaliaError], ...] = (UnknownGame, InvalidOption, InvalidPlayerCount,
                                                 UsageError)
EXIT_USAGE = 2
EXIT_FAILURE = 1
EXIT_INTERRUPTED = 130  # the shell's convention for Ctrl-C


def stdout_console(**kwargs: object) -> Console:
    # Built per command, not at import: test runners swap sys.stdout between invocations.
    return Console(highlight=False, **kwargs)  # type: ignore[arg-type]


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def exit_code_for(err: RegaliaError) -> int:
    return EXIT_USAGE if isinstance(err, USAGE_ERRORS) else EXIT_FAILURE


def fail(message: str, code: int = EXIT_FAILURE) -> typer.Exit:
    """Print one red line on stderr; the caller raises the returned ``typer.Exit``."""
    stderr_console().print("[bold red]" + label(_("error:")) + f"[/][red]{safe(message)}[/]",
                           soft_wrap=True)
    return typer.Exit(code)


def label(text: str) -> str:
    """A label before what it names: "error: " in English, "错误：" (the full-width colon
    is its own space) in Chinese."""
    return text if text.endswith(("：", "）", "。")) else text + " "


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a RegaliaError (or Ctrl-C) escaping a command into one red line and an exit code."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except RegaliaError as err:
            raise fail(str(err), exit_code_for(err)) from None
        except KeyboardInterrupt:
            raise fail(_("interrupted"), EXIT_INTERRUPTED) from None

    return wrapper
