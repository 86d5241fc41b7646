"""Limits on untrusted documents (records, saved states, editions) and the readers that keep them.

Files come from other people: each is read with a size cap, must be UTF-8, and its parsed
data may not nest deeper or hold larger integers than any document Regalia writes. Breaking a
limit raises the caller's :class:`~regalia.engine.errors.RegaliaError` subclass with the
reason, never a ``RecursionError``, ``MemoryError`` or a hang.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from regalia.engine.errors import RegaliaError

# A long El Grande record is about 100 KB; a saved state with its history a little more.
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
# Records and states nest about six levels (state -> game fields -> lists of lists).
MAX_NESTING = 64
# Seeds and RNG states are 64-bit; no value a game stores comes near this.
MAX_INT_BITS = 256


def read_bytes(path: str | Path, error: type[RegaliaError], what: str) -> bytes:
    """The bytes of a file of at most :data:`MAX_DOCUMENT_BYTES` (``error`` if larger)."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as err:
        raise error(f"cannot read {what} {path}: {err.strerror or err}") from None
    if len(data) > MAX_DOCUMENT_BYTES:
        raise error(f"{what} {path} is larger than {MAX_DOCUMENT_BYTES // 2**20} MiB")
    return data


def as_text(data: str | bytes, error: type[RegaliaError], what: str) -> str:
    """``data`` as text: bytes must be UTF-8, and neither may pass the size limit."""
    if len(data) > MAX_DOCUMENT_BYTES:
        raise error(f"{what} is larger than {MAX_DOCUMENT_BYTES // 2**20} MiB")
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(f"{what} is not UTF-8 text (byte {err.start})") from None
    return data


def parse_json(data: str | bytes, error: type[RegaliaError], what: str) -> Any:
    """Parse untrusted JSON, refusing what breaks a limit with one ``error``."""
    text = as_text(data, error, what)
    try:
        doc = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise error(f"{what} nests too deeply") from None
    except ValueError as err:  # JSONDecodeError, and ints past Python's digit limit
        reason = str(err).splitlines()[0][:120]
        raise error(f"{what} is not JSON: {reason}") from None
    check_shape(doc, error, what)
    return doc


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no number Regalia writes")


def check_shape(doc: Any, error: type[RegaliaError], what: str) -> None:
    """Refuse data nested deeper than :data:`MAX_NESTING` or with integers too large to be
    any value a game stores. Iterative, so hostile depth cannot overflow the stack."""
    stack: list[tuple[Any, int]] = [(doc, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            if depth >= MAX_NESTING:
                raise error(f"{what} nests more than {MAX_NESTING} levels deep")
            stack.extend((v, depth + 1) for v in node.values())
        elif isinstance(node, (list, tuple)):
            if depth >= MAX_NESTING:
                raise error(f"{what} nests more than {MAX_NESTING} levels deep")
            stack.extend((v, depth + 1) for v in node)
        elif isinstance(node, int) and node.bit_length() > MAX_INT_BITS:
            raise error(f"{what} holds a number of {node.bit_length()} bits "
                        f"(at most {MAX_INT_BITS})")
        elif isinstance(node, float) and node != node:  # NaN: json accepts it, nothing equals it
            raise error(f"{what} holds NaN")
