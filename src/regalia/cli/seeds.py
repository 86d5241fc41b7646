"""Seeds derived from one base seed, so a game's outcome depends only on (seed, index, seat)."""

from __future__ import annotations

from regalia.engine.rng import Rng


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a series: independent of how games are split over workers."""
    return Rng(Rng(base).next64() ^ index).next64()


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with ``seed`` (never the game's own stream)."""
    return Rng(seed ^ (0xB07 << 48) ^ (seat + 1)).next64()
