"""Helpers for the table tests: an engine game to copy, and entering it at a table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import regalia
from regalia.engine.record import Record
from regalia.engine.registry import BUILTIN_GAMES, get_game
from regalia.engine.rng import Rng
from regalia.table import TableSession

# Every registered game, at a count where it draws (Shadow draws only with 2 players).
GAMES = [(game, 2 if game == "shadow-of-the-emperor" else get_game(game).default_players)
         for game in BUILTIN_GAMES]


def engine_record(game: str, players: int, seed: int = 5, steps: int | None = None) -> Record:
    """The record of a random engine game (to the end, or ``steps`` decisions); in a sealed
    choice the seats choose in seat order, as the table's screen asks them."""
    state = regalia.new_game(game, players, seed=seed)
    rng = Rng(seed)
    while state.to_move() and (steps is None or steps > 0):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
        steps = None if steps is None else steps - 1
    return state.record()


def new_session(game: str, players: int, path: Path | None = None) -> TableSession:
    return TableSession(game, players, seed=99, path=path)


def entries_to_type(session: TableSession, moves: list[dict[str, Any]]) -> Iterator[int]:
    """The indices of ``moves`` the table must type (those it did not fill in itself)."""
    index = 0
    while index < len(moves):
        if index < len(session.entries):
            assert session.entries[index].move == moves[index], index
            index += 1
            continue
        yield index
        index = max(index, len(session.entries))


def enter(session: TableSession, moves: list[dict[str, Any]], stop: int | None = None) -> None:
    """Type ``moves`` (a record's) into the session, up to entry ``stop``."""
    limit = len(moves) if stop is None else stop
    for index in entries_to_type(session, moves[:limit]):
        move = moves[index]
        if "chance" in move:
            session.enter_outcome(move["outcome"])
        else:
            session.enter_action(move["action"], move["seat"])


def game_info(game: str) -> Any:
    return get_game(game)
