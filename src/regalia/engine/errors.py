"""The errors Regalia raises: every bad input gets one of these, with a readable reason."""

from __future__ import annotations


class RegaliaError(Exception):
    """Base of every error Regalia raises on bad input."""


class IllegalAction(RegaliaError):
    """An action that the rules do not allow now; the state is left untouched."""


class MalformedAction(IllegalAction, ValueError):
    """Text or a number that does not name any action of the game."""


class UnknownGame(RegaliaError, KeyError):
    """A game id that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown game"


class InvalidOption(RegaliaError, ValueError):
    """An option the game does not have, or a value it does not accept."""


class InvalidPlayerCount(RegaliaError, ValueError):
    """A player count outside the game's range."""


class InvalidRecord(RegaliaError, ValueError):
    """A game record or saved state that is malformed or does not replay."""


class EditionError(RegaliaError, ValueError):
    """An edition (component data) file that is malformed or inconsistent.

    ``line`` is the 1-based line of the file the problem is on, when it can be told.
    """

    def __init__(self, reason: str, *, source: str = "", line: int | None = None) -> None:
        if len(reason) > 4 * QUOTE_LIMIT:  # a game's reader may quote a huge value whole
            reason = reason[:4 * QUOTE_LIMIT] + "…"
        if len(source) > 2 * QUOTE_LIMIT:
            source = source[:2 * QUOTE_LIMIT] + "…"
        self.reason = reason
        self.source = source
        self.line = line
        where = source or "edition"
        if line is not None:
            where = f"{where}, line {line}"
        super().__init__(f"{where}: {reason}")


QUOTE_LIMIT = 60  # characters of an untrusted value an error message quotes


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters: errors never echo a huge input whole.

    Cuts ``str`` before quoting (a 10 MB string is not copied twice), and survives objects
    whose ``repr`` raises or is huge (an int of thousands of digits, say).
    """
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + f"… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<a whole number of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except Exception:  # any object may be handed in; its repr may fail
        return f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"
