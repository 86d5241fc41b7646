"""The game log: the moves made and the events nobody chose (Aaron's reveals, the solo check).

Entries are tuples, newest last, the kind first:

- ``(MOVE, round_index, seat, action_code)``: a seat's move
- ``(AARON_REVEAL, round_index, vp_for_you, *cards)``: solo, start of a round: Aaron's pile
  turned up (its cloisters gave you ``vp_for_you``)
- ``(SOLO_CHECK, round_index, your_score, aaron_score)``: solo, end of a round: you lose if
  Aaron is ahead
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

MOVE: Final = 0
AARON_REVEAL: Final = 1
SOLO_CHECK: Final = 2
KIND_NAMES = ("move", "aaron-reveal", "solo-check")


def log_entry(saved: Sequence[int]) -> tuple[int, ...]:
    """An entry read from a save."""
    return tuple(saved)
