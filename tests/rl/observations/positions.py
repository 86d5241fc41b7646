"""Random positions to encode, and the slices of an observation vector by field name."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

import regalia
from regalia.engine import Rng, State
from regalia.rl.observations import Encoder, Field, encoder

GAMES_WITH_ENCODERS = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "ming-dynasty",
                       "shadow-of-the-emperor")


def player_counts(game_id: str) -> tuple[int, ...]:
    info = next(i for i in regalia.list_games() if i.id == game_id)
    return tuple(info.player_counts)


def cases() -> list[tuple[str, int]]:
    return [(g, n) for g in GAMES_WITH_ENCODERS for n in player_counts(g)]


def positions(game_id: str, players: int, games: int = 2, every: int = 5,
              seed: int = 0) -> Iterator[State]:
    """States met in seeded random playouts: every ``every``-th decision and the end."""
    for g in range(games):
        state = regalia.new_game(game_id, players, seed=seed + g)
        rng = Rng(seed + 1000 + g)
        step = 0
        while True:
            movers = state.to_move()
            if step % every == 0 or not movers:
                yield state
            if not movers:
                break
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            step += 1


def span(layout: tuple[Field, ...], name: str) -> slice:
    start = 0
    for field in layout:
        if field.name == name:
            return slice(start, start + field.length)
        start += field.length
    raise KeyError(name)


def changed_fields(enc: Encoder, players: int, before: list[float],
                   after: list[float]) -> set[str]:
    """The names of the fields in which two encodings differ."""
    out, start = set(), 0
    for field in enc.layout(players):
        stop = start + field.length
        if before[start:stop] != after[start:stop]:
            out.add(field.name)
        start = stop
    return out


def edited(game_id: str, view: Mapping[str, Any], players: int, edit: Any) -> set[str]:
    """The fields that change when ``edit`` (a function changing a copy of ``view``) runs."""
    enc = encoder(game_id)
    other = copy.deepcopy(dict(view))
    edit(other)
    return changed_fields(enc, players, enc.encode(view, players), enc.encode(other, players))
