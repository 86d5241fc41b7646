"""Limits on untrusted documents (records, saved states, editions) and the readers that keep them.

Files come from other people: each is read with a size cap, must be UTF-8, and its parsed
data may not nest deeper or hold larger integers than any document Regalia writes. Breaking a
limit raises the caller's :class:`~regalia.engine.errors.RegaliaError` subclass with the
reason, never a ``RecursionError``, ``MemoryError`` or a hang.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from regalia.engine.errors import RegaliaError, os_reason
from regalia.engine.i18n import N_, _

# A long El Grande record is about 100 KB; a saved state with its history a little more.
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
# Records and states nest about six levels (state -> game fields -> lists of lists).
MAX_NESTING = 64
# Seeds and RNG states are 64-bit; no value a game stores comes near this.
MAX_INT_BITS = 256


def word(what: str) -> str:
    """A document's name (``"record"``, ``"saved state"``, marked with ``N_`` where it is
    defined) in the language in force; a file name stays as it is."""
    return _(what) if what else what


def read_bytes(path: str | Path, error: type[RegaliaError], what: str) -> bytes:
    """The bytes of a file of at most :data:`MAX_DOCUMENT_BYTES` (``error`` if larger).

    ``what`` names the document in English (``"record"``), marked for translation where it is
    defined: messages word it in the language in force."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as err:
        raise error(_("cannot read {what} {path}: {reason}").format(
            what=word(what), path=path, reason=os_reason(err))) from None
    if len(data) > MAX_DOCUMENT_BYTES:
        raise error(_("{what} {path} is larger than {n} MiB").format(
            what=word(what), path=path, n=MAX_DOCUMENT_BYTES // 2**20))
    return data


def as_text(data: str | bytes, error: type[RegaliaError], what: str) -> str:
    """``data`` as text: bytes must be UTF-8, and neither may pass the size limit."""
    if len(data) > MAX_DOCUMENT_BYTES:
        raise error(_("{what} is larger than {n} MiB").format(
            what=word(what), n=MAX_DOCUMENT_BYTES // 2**20))
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(_("{what} is not UTF-8 text (byte {n})").format(
                what=word(what), n=err.start)) from None
    return data


def parse_json(data: str | bytes, error: type[RegaliaError], what: str) -> Any:
    """Parse untrusted JSON, refusing what breaks a limit with one ``error``."""
    text = as_text(data, error, what)
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise error(_("{what} nests too deeply").format(what=word(what))) from None
    except ValueError as err:  # JSONDecodeError, and ints past Python's digit limit
        reason = json_reason(err).splitlines()[0][:120]
        raise error(_("{what} is not JSON: {reason}").format(what=word(what), reason=reason)
                    ) from None
    check_shape(doc, error, what)
    return doc


# The json module's reasons (English), worded in the language in force by json_reason.
JSON_PROBLEMS = frozenset({
    N_("Expecting value"), N_("Expecting ':' delimiter"), N_("Expecting ',' delimiter"),
    N_("Extra data"), N_("Unterminated string starting at"), N_("Invalid control character at"),
    N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"),
    N_("Expecting property name enclosed in double quotes"),
})


def json_reason(err: ValueError) -> str:
    """Why text is not JSON: the json module's reason (its English words and where), worded
    in the language in force."""
    if isinstance(err, json.JSONDecodeError):
        problem = _(err.msg) if err.msg in JSON_PROBLEMS else err.msg
        return _("{problem}: line {line} column {column} (char {pos})").format(
            problem=problem, line=err.lineno, column=err.colno, pos=err.pos)
    return python_reason(err)


_DIGITS = re.compile(r"Exceeds the limit \((?P<limit>\d+) digits\) for integer string "
                     r"conversion: value has (?P<n>\d+) digits; use "
                     r"sys\.set_int_max_str_digits\(\) to increase the limit")


def python_reason(err: ValueError) -> str:
    """A ValueError's reason as Python words it, in the language in force where it is one we
    know (a number of more digits than Python reads)."""
    reason = str(err)
    match = _DIGITS.fullmatch(reason.splitlines()[0]) if reason else None
    if match is None:
        return reason
    return _("Exceeds the limit ({limit} digits) for integer string conversion: value has {n} "
             "digits; use sys.set_int_max_str_digits() to increase the limit").format(
                 limit=match.group("limit"), n=match.group("n"))


def _no_constant(name: str) -> Any:
    raise ValueError(_("{name} is no number Regalia writes").format(name=name))


def check_shape(doc: Any, error: type[RegaliaError], what: str) -> None:
    """Refuse data nested deeper than :data:`MAX_NESTING` or with integers too large to be
    any value a game stores. Iterative, so hostile depth cannot overflow the stack."""
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            if depth >= MAX_NESTING:
                raise error(_("{what} nests more than {n} levels deep").format(
                    what=word(what), n=MAX_NESTING))
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, (list, tuple)):
            if depth >= MAX_NESTING:
                raise error(_("{what} nests more than {n} levels deep").format(
                    what=word(what), n=MAX_NESTING))
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, int) and node.bit_length() > MAX_INT_BITS:
            raise error(_("{what} holds a number of {bits} bits (at most {n})").format(
                what=word(what), bits=node.bit_length(), n=MAX_INT_BITS))
        elif isinstance(node, float) and node != node:  # NaN: json accepts it, nothing equals it
            raise error(_("{what} holds NaN").format(what=word(what)))
