"""Seeds derived from one base seed, so a game's outcome depends only on (seed, index, seat):
the same games for `regalia simulate`, `tournament` and `selfplay`, however they are split.

A bot's seed is a one-way hash of the game's seed: a bot sees its own seed, and a seed it could
turn back into the game's would tell it every hidden card.
"""

from __future__ import annotations

import hashlib

from regalia.engine.rng import Rng


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a series: independent of how games are split over workers."""
    return Rng(Rng(base).next64() ^ index).next64()


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with ``seed``; the game's seed cannot be
    recovered from it."""
    digest = hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=8,
                             person=b"regalia-bot-seed").digest()
    return int.from_bytes(digest, "big")
