"""Game analysis: every decision of a record judged by the strongest search from what the seat
knew then, with marks, a per-seat summary, a win-chance graph and an HTML report
(docs/analysis.md)."""

from __future__ import annotations

from regalia.analysis.judge import (
    BLUNDER,
    DEFAULT_ITERATIONS,
    INACCURACY,
    MISTAKE,
    Budget,
    judge,
    mark_of,
    move_accuracy,
)
from regalia.analysis.run import SCHEMA, analyse, parse_seats, seat_names

__all__ = ["BLUNDER", "DEFAULT_ITERATIONS", "INACCURACY", "MISTAKE", "SCHEMA", "Budget",
           "analyse", "judge", "mark_of", "move_accuracy", "parse_seats", "seat_names"]
