"""The game log: the moves made and the events nobody chose (Aaron's reveals, the solo check).

Entries are tuples, newest last, the kind first:

- ``(MOVE, round_index, seat, action_code)``: a seat's move
- ``(AARON_REVEAL, round_index, vp_for_you, *cards)``: solo, start of a round: Aaron's pile
  turned up (its cloisters gave you ``vp_for_you``)
- ``(SOLO_CHECK, round_index, your_score, aaron_score)``: solo, end of a round: you lose if
  Aaron is ahead
- ``(START_CARD, round_index, taker, giver)``: a sale took the start player card (and the
  point it is worth) from ``giver`` to ``taker``
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

MOVE: Final = 0
AARON_REVEAL: Final = 1
SOLO_CHECK: Final = 2
START_CARD: Final = 3
KIND_NAMES = ("move", "aaron-reveal", "solo-check", "start-card")


def log_entry(saved: Sequence[int]) -> tuple[int, ...]:
    """An entry read from a save."""
    return tuple(saved)
