"""Bots in the narrow columns of the result tables (simulate, tournament)."""

from __future__ import annotations

from regalia.bots.specs import spec_name

BOT_CELL = 13  # the longest spec shown whole in a column (``ismcts-strong``)


def bot_labels(specs: list[str]) -> tuple[list[str], list[str]]:
    """Labels for a Bot column, and the notes they need: a spec longer than ``BOT_CELL``
    (``hard:iterations=1200``) is shown as its bot's name and a number, ``hard(1)``, and
    written out whole in a note under the table, where it can be read and copied in one
    piece rather than cut into a narrow column. A spec met again keeps its number."""
    labels: list[str] = []
    notes: list[str] = []
    numbers: dict[str, int] = {}
    for spec in specs:
        if len(spec) <= BOT_CELL:
            labels.append(spec)
            continue
        number = numbers.get(spec)
        if number is None:
            number = numbers[spec] = len(notes) + 1
            notes.append(f"({number}) {spec}")
        labels.append(f"{spec_name(spec)}({number})")
    return labels, notes


def wins_cell(wins: float) -> str:
    """Wins to a tenth (shared first places make thirds and quarters): 8.3, 16, 7.7."""
    return f"{wins:.1f}".removesuffix(".0")
