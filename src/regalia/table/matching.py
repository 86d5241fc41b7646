"""Reading what a person typed for a chance outcome: a number, a name, or its unique start."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.table.draws import outcome_key
from regalia.table.names import outcome_name
from regalia.table.session import TableError


def match_outcome(text: str, choices: Sequence[tuple[Any, int]]) -> Any:
    """The outcome among ``choices`` (as listed, numbered from 1) that ``text`` names: its
    number, its notation or readable name, or an unambiguous start of either."""
    typed = " ".join(text.strip().lower().split())
    if not typed:
        raise TableError("type the number or the name of what came up")
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(choices):
            return choices[number - 1][0]
        raise TableError(f"there is no outcome {number}: choose 1 to {len(choices)}")
    names = [(value, {outcome_key(value).lower(), outcome_name(value).lower()})
             for value, _ in choices]
    exact = [value for value, forms in names if typed in forms]
    if exact:
        return exact[0]
    starts = [value for value, forms in names if any(f.startswith(typed) for f in forms)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(outcome_key(v) for v in starts[:8]) + (", …" if len(starts) > 8 else "")
        raise TableError(f"{text.strip()!r} could be any of {shown}: type more of it")
    raise TableError(f"{text.strip()!r} cannot come up now (a card already gone, or a typo); "
                     f"it is none of the {len(choices)} outcomes listed")


def completions(prefix: str, choices: Sequence[tuple[Any, int]]) -> list[str]:
    """The outcomes' notations that start with ``prefix`` (for tab completion)."""
    typed = prefix.strip().lower()
    return [outcome_key(v) for v, _ in choices if outcome_key(v).lower().startswith(typed)]
