"""The game log: the moves made and the events nobody chose (Aaron's reveals, the solo check).

Entries are tuples, newest last, the kind first:

- ``(MOVE, round_index, seat, action_code, card, vp)``: a seat's move (``card`` the card a
  "play" played, else -1; ``vp`` the points the move scored, counted as they are scored:
  ``CobState.move_vp``); a decision the rules take for the seat (its only choice) is logged
  so too when it scores
- ``(AARON_REVEAL, round_index, vp_for_you, *cards)``: solo, start of a round: Aaron's pile
  turned up (its cloisters gave you ``vp_for_you``)
- ``(SOLO_CHECK, round_index, your_score, aaron_score)``: solo, end of a round: you lose if
  Aaron is ahead
- ``(START_CARD, round_index, taker, giver, how)``: the start player card (and the point it
  is worth) went from ``giver`` to ``taker``: ``how`` SOLD (a sale took it) or PASSED (a new
  round passed it on to the left)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

MOVE: Final = 0
AARON_REVEAL: Final = 1
SOLO_CHECK: Final = 2
START_CARD: Final = 3
KIND_NAMES = ("move", "aaron-reveal", "solo-check", "start-card")
NO_CARD: Final = -1
SOLD: Final = 0
PASSED: Final = 1


def log_entry(saved: Sequence[int]) -> tuple[int, ...]:
    """An entry read from a save (saves made before the points were logged: moves without a
    card or VP, the start card without ``how``, filled in as they were then)."""
    entry = tuple(saved)
    if entry and entry[0] == MOVE and len(entry) < 6:
        return (*entry, NO_CARD, 0)[:6] if len(entry) == 4 else (*entry, 0)
    if entry and entry[0] == START_CARD and len(entry) == 4:
        return (*entry, SOLD)
    return entry
