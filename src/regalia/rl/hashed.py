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

import functools
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _
from regalia.rl.observations import Encoder, Field

DEFAULT_SIZE = 512


def _add_leaves(value: Any, path: str, out: list[float], slot: Callable[[str], int]) -> None:
    kind = value.__class__
    if kind is dict or isinstance(value, Mapping):
        for key, item in value.items():
            _add_leaves(item, f"{path}/{key}", out, slot)
    elif kind is list or kind is tuple:
        for index, item in enumerate(value):
            _add_leaves(item, f"{path}/{index}", out, slot)
    elif (kind is int or kind is float) and kind is not bool:
        out[slot(path)] += value
    else:  # text, true/false, null, anything else: present or not
        out[slot(f"{path}={value}")] += 1.0


def hashed_encoder(game_id: str, size: int = DEFAULT_SIZE) -> Encoder:
    """An :class:`Encoder` of ``size`` hashed view features for ``game_id``."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise RegaliaError(_("a hashed encoding needs a positive whole size, not {value}")
                           .format(value=repr(size)))

    def layout(players: int) -> tuple[Field, ...]:
        return (Field("hashed", size, "the view's leaves hashed by path (numbers add their "
                                      "value, other leaves add 1 at path=value)"),)

    # a view's paths repeat from one decision to the next: hash each once
    @functools.lru_cache(maxsize=1 << 16)
    def slot(text: str) -> int:
        return zlib.crc32(text.encode()) % size

    def encode(view: Mapping[str, Any], players: int) -> list[float]:
        out = [0.0] * size
        _add_leaves(view, "", out, slot)
        return out

    return Encoder(game_id, layout, encode)
