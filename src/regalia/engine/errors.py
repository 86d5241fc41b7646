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
        if self.args:
            return str(self.args[0])
        from regalia.engine.i18n import _

        return _("unknown game")


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
        # worded now, in the language in force (i18n imports this module: imported here)
        from regalia.engine.i18n import _

        where = _(source) if source in _ORIGIN_WORDS else source
        where = where or _("edition")
        if line is not None:
            where = _("{where}, line {line}").format(where=where, line=line)
        super().__init__(_("{where}: {reason}").format(where=where, reason=reason))


def N_(message: str) -> str:  # (regalia.engine.i18n.N_; i18n imports this module)
    return message


# An edition's origin when it is no file: words, translated when an error shows them.
EDITION_TEXT = N_("edition text")
_ORIGIN_WORDS = frozenset({EDITION_TEXT})


QUOTE_LIMIT = 60  # characters of an untrusted value an error message quotes


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to ``limit`` characters: errors never echo a huge input whole.

    Cuts ``str`` before quoting (a 10 MB string is not copied twice), and survives objects
    whose ``repr`` raises or is huge (an int of thousands of digits, say).
    """
    from regalia.engine.i18n import _

    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit]) + _("… ({n} characters)").format(n=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return _("<a whole number of {n} bits>").format(n=value.bit_length())
    try:
        text = repr(value)
    except Exception:  # any object may be handed in; its repr may fail
        return _("<a {kind}>").format(kind=type(value).__name__)
    return text if len(text) <= limit else text[:limit] + "…"


# The operating system's reasons a user meets most (its own words are English): errno -> words.
_OS_REASONS = {
    2: N_("No such file or directory"), 13: N_("Permission denied"), 21: N_("Is a directory"),
    20: N_("Not a directory"), 28: N_("No space left on device"),
    30: N_("Read-only file system"), 17: N_("File exists"), 36: N_("File name too long"),
    1: N_("Operation not permitted"),
}


def os_reason(err: OSError) -> str:
    """Why an operating-system call failed, in the language in force where we know the words
    (the system's own ``strerror`` otherwise)."""
    from regalia.engine.i18n import _

    words = _OS_REASONS.get(err.errno) if err.errno is not None else None
    if words is not None and err.strerror == words:  # the C library's English: we know it
        return _(words)
    return str(err.strerror or err)
