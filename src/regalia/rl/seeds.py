"""Seeds the adapters derive: a bot's from its game's, one-way, so no bot can learn the deal."""

from __future__ import annotations

import hashlib


def bot_seed(game_seed: int, seat: int) -> int:
    digest = hashlib.blake2b(f"{game_seed}:{seat}".encode(), digest_size=8,
                             person=b"regalia-rl-bot").digest()
    return int.from_bytes(digest, "big")
