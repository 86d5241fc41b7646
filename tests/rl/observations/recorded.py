"""Digests of the observation tensors met in seeded random games, recorded from the encoders
as they stood before the observation path was made faster (recorded_digests.json): every
speed-up of views, encoders or adapters must give the very same float32 bytes.

    PYTHONPATH=src python -m tests.rl.observations.recorded   # rewrite the file (only on
                                                              # purpose: a layout change)
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import regalia
from regalia.engine import Rng
from regalia.rl.table import Table

RECORDED = Path(__file__).with_name("recorded_digests.json")
GAMES = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "ming-dynasty",
         "shadow-of-the-emperor")
PLAYERS = (2, 4)
SEED = 7


def digest(game_id: str, players: int, encoding: str) -> dict[str, object]:
    """The sha256 of every seat's (and the spectator's) observation at every decision of one
    seeded random game, and how many there were; the hashed encoding only for the mover."""
    table = Table(game_id, players, {}, encoding)
    state, rng, sha, count = table.new_state(SEED), Rng(SEED), hashlib.sha256(), 0
    while True:
        movers = state.to_move()
        seats = (None, *range(players)) if encoding == "game" else movers[:1]
        for seat in seats:
            sha.update(table.observe(state, seat).tobytes())  # type: ignore[arg-type]
            count += 1
        if not movers:
            break
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    return {"observations": count, "sha256": sha.hexdigest()}


def cases() -> list[tuple[str, int, str]]:
    out = []
    for game_id in GAMES:
        counts = regalia.get_game(game_id).player_counts
        out += [(game_id, n, e) for n in PLAYERS if n in counts for e in ("game", "hashed")]
    return out


def key(game_id: str, players: int, encoding: str) -> str:
    return f"{game_id}/{players}p/{encoding}"


if __name__ == "__main__":
    RECORDED.write_text(json.dumps({key(*c): digest(*c) for c in cases()}, indent=1,
                                   sort_keys=True) + "\n", encoding="utf-8")
