"""Seeds the adapters and self-play derive from one base seed.

The same formulas as ``regalia simulate`` (``regalia.cli.seeds``, which rl may not import:
front ends sit side by side), so ``regalia selfplay --seed S`` plays the very games
``regalia simulate --seed S`` plays with the same bots. A bot's seed is a one-way hash of its
game's: a seed it could turn back into the game's would tell it every hidden card.
"""

from __future__ import annotations

import hashlib

from regalia.engine.rng import Rng


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` of a run: independent of how games are split up."""
    return Rng(Rng(base).next64() ^ index).next64()


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` of the game with ``seed``."""
    digest = hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=8,
                             person=b"regalia-bot-seed").digest()
    return int.from_bytes(digest, "big")
