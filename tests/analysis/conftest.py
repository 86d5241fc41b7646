"""Helpers for the analysis tests: short real games of every registered game, as records."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.bots import InformationSet, RandomBot
from regalia.engine.record import Record
from regalia.engine.registry import new_game
from regalia.engine.state import State

DATA = Path(__file__).parent / "data"


def played(game: str, players: int, seed: int, decisions: int | None = None,
           bot_seed: int = 1) -> State:
    """A game of random bots, stopped after ``decisions`` decisions (None: played out)."""
    state = new_game(game, players, seed=seed)
    bots = [RandomBot(bot_seed + s) for s in range(players)]
    done = 0
    while (movers := state.to_move()) and (decisions is None or done < decisions):
        seat = movers[0]
        state.apply(bots[seat].act(InformationSet(state, seat)), seat)
        done += 1
    return state


def short_record(game: str, players: int = 2, seed: int = 3, decisions: int = 24) -> Record:
    return played(game, players, seed, decisions).record()


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    short_record("el-grande", 3, seed=5, decisions=30).save(path)
    return path
