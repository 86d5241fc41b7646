"""Fixed-shape numeric encodings of one seat's view, one module per game, picked by game id.

An encoder is built from ``State.view(seat)`` alone, never from the state, so a learner fed
its numbers cannot see what the seat may not know: two states with the same view give the
same numbers. The length depends only on the game and the player count.

A game's module is ``regalia.rl.observations.<package>`` (the game id with ``-`` as ``_``)
and defines

- ``layout(players: int) -> tuple[Field, ...]``: the named slices of the vector, in order,
  each with its length and what its numbers mean (documentation that tests check against
  the encoding's length);
- ``encode(view: Mapping[str, Any], players: int) -> list[float]``: the numbers, of length
  ``size(layout(players))``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from regalia.engine.errors import RegaliaError


@dataclass(frozen=True, slots=True)
class Field:
    """One named slice of an observation vector."""

    name: str
    length: int
    meaning: str


Layout = Callable[[int], tuple[Field, ...]]
Encode = Callable[[Mapping[str, Any], int], list[float]]


@dataclass(frozen=True, slots=True)
class Encoder:
    game_id: str
    layout: Layout
    encode: Encode

    def size(self, players: int) -> int:
        return sum(field.length for field in self.layout(players))


def module_name(game_id: str) -> str:
    return f"{__name__}.{game_id.replace('-', '_')}"


def encoder(game_id: str) -> Encoder:
    """The observation encoder of a registered game (a clear error for a game without one)."""
    try:
        module: ModuleType = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name != module_name(game_id):
            raise
        raise RegaliaError(f"no observation encoding for game {game_id!r}") from None
    return Encoder(game_id, module.layout, module.encode)
