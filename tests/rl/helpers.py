"""What the adapter tests share: every registered game, and the encoding to observe it with."""

from __future__ import annotations

import regalia
from regalia.engine.errors import RegaliaError
from regalia.rl.observations import encoder


def game_ids() -> list[str]:
    return [info.id for info in regalia.list_games()]


def encoding(game_id: str) -> str:
    """The game's own encoder where it has one (they land game by game), else the hashed one,
    so every game goes through the adapters either way."""
    try:
        encoder(game_id)
    except RegaliaError:
        return "hashed"
    return "game"


def table_size(game_id: str) -> int:
    """Four players where the game allows them (the issue's benchmark count), else its most."""
    info = regalia.get_game(game_id)
    return min(4, info.max_players)
