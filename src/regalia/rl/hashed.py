"""A generic observation encoding for any game: the view's leaves hashed into a fixed vector.

For a game with no hand-made encoder in :mod:`regalia.rl.observations` (a game registered at
run time, or one whose encoder has not landed yet), or as a baseline for a hand-made one.
Every leaf of ``view(seat)`` adds to one of ``size`` slots picked by a stable hash of its path
(list positions included): a number adds its value, any other leaf (text, true/false, null)
adds 1 at its path joined with its value. Collisions blur features, so it is a baseline, not
a replacement for a layout a person designed; but it is built from the view alone, the same
view always gives the same numbers, and its length is fixed.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.rl.observations import Encoder, Field

DEFAULT_SIZE = 512


def _slot(text: str, size: int) -> int:
    return zlib.crc32(text.encode()) % size


def _add_leaves(value: Any, path: str, out: list[float], size: int) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            _add_leaves(item, f"{path}/{key}", out, size)
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _add_leaves(item, f"{path}/{index}", out, size)
    elif isinstance(value, bool) or value is None or isinstance(value, str):
        out[_slot(f"{path}={value}", size)] += 1.0
    elif isinstance(value, int | float):
        out[_slot(path, size)] += float(value)
    else:
        out[_slot(f"{path}={value}", size)] += 1.0


def hashed_encoder(game_id: str, size: int = DEFAULT_SIZE) -> Encoder:
    """An :class:`Encoder` of ``size`` hashed view features for ``game_id``."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise RegaliaError(f"a hashed encoding needs a positive whole size, not {size!r}")

    def layout(players: int) -> tuple[Field, ...]:
        return (Field("hashed", size, "the view's leaves hashed by path (numbers add their "
                                      "value, other leaves add 1 at path=value)"),)

    def encode(view: Mapping[str, Any], players: int) -> list[float]:
        out = [0.0] * size
        _add_leaves(view, "", out, size)
        return out

    return Encoder(game_id, layout, encode)
