"""Time banks: the arithmetic of a chess-like clock per seat, kept apart from the database.

A bank is ``left`` seconds when the seat's turn began at ``since``; at ``moment`` it holds
``left - (moment - since)``. A move spends the time taken and adds the increment; a bot's move
for a seat whose bank ran out leaves it the increment alone. Bots in seats spend nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

MIN_BANK = 60  # seconds: a bank shorter than a minute is a per-move clock's business
MAX_BANK = 30 * 86400
MAX_INCREMENT = 86400


@dataclass
class Banks:
    """A game's banks: seconds left per seat and when each seat to move began its turn."""

    bank: int
    increment: int
    left: dict[int, float]
    since: dict[int, float]

    @classmethod
    def new(cls, bank: int, increment: int, players: int, to_move: Iterable[int],
            moment: float) -> Banks:
        return cls(bank, increment, {s: float(bank) for s in range(players)},
                   {s: moment for s in to_move})

    @classmethod
    def from_row(cls, bank: int, increment: int, left: Mapping[str, float],
                 since: Mapping[str, float]) -> Banks:
        return cls(bank, increment, {int(k): float(v) for k, v in left.items()},
                   {int(k): float(v) for k, v in since.items()})

    def row_values(self) -> dict[str, Any]:
        return {"left": {str(k): round(v, 3) for k, v in sorted(self.left.items())},
                "since": {str(k): v for k, v in sorted(self.since.items())}}

    def remaining(self, seat: int, moment: float) -> float:
        """Seconds in ``seat``'s bank at ``moment`` (never below 0)."""
        left = self.left.get(seat, 0.0)
        if seat in self.since:
            left -= moment - self.since[seat]
        return max(0.0, left)

    def moved(self, seat: int, to_move: Iterable[int], moment: float, *,
              charged: bool, timed_out: bool) -> None:
        """``seat`` moved at ``moment`` and ``to_move`` are to move now: charge the mover
        (unless a bot in its seat moved: ``charged`` False) and start the clocks of the
        seats whose turn begins."""
        waiting = set(to_move)
        # The increment comes when the seat's turn is over: a turn of several decisions
        # earns it once.
        gain = 0 if seat in waiting else self.increment
        if timed_out:
            self.left[seat] = float(gain)  # a bot finishes the turn; then the increment alone
        elif charged:
            self.left[seat] = self.remaining(seat, moment) + gain
        # The others of a sealed choice keep running from when it began.
        self.since = {s: (self.since[s] if s in self.since and s != seat else moment)
                      for s in sorted(waiting)}

    def late(self, moment: float) -> list[int]:
        """The seats to move whose bank is spent."""
        return [s for s in sorted(self.since) if self.remaining(s, moment) <= 0.0]

    def public(self) -> dict[str, Any]:
        """What every seat (and a spectator) is shown: a chess clock is public."""
        return {"bank": self.bank, "increment": self.increment,
                "left": [round(self.left.get(s, 0.0), 3) for s in range(len(self.left))],
                "since": [self.since.get(s) for s in range(len(self.left))]}
