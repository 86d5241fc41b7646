"""Reading what a person typed for a chance outcome: a number, a name (in any language the
edition names it in: Chinese or English), its notation, or an unambiguous start of one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from regalia.engine.edition import Edition
from regalia.engine.i18n import _
from regalia.table.draws import outcome_key
from regalia.table.names import names_of
from regalia.table.session import TableError


def match_outcome(text: str, choices: Sequence[tuple[Any, int]],
                  edition: Edition | None = None) -> Any:
    """The outcome among ``choices`` (as listed, numbered from 1) that ``text`` names: its
    number, its notation or readable name, its name in the edition (any language), or an
    unambiguous start of any of them."""
    typed = " ".join(text.strip().lower().split())
    if not typed:
        raise TableError(_("type the number or the name of what came up"))
    if typed.isdigit():
        number = int(typed)
        if 1 <= number <= len(choices):
            return choices[number - 1][0]
        raise TableError(_("there is no outcome {number}: choose 1 to {count}").format(
            number=number, count=len(choices)))
    names = [(value, {" ".join(f.lower().split())
                      for f in {outcome_key(value), *names_of(edition, value)}})
             for value, _n in choices]
    exact = [value for value, forms in names if typed in forms]
    if exact:
        return exact[0]
    starts = [value for value, forms in names if any(f.startswith(typed) for f in forms)]
    if len(starts) == 1:
        return starts[0]
    if starts:
        shown = ", ".join(outcome_key(v) for v in starts[:8]) + (", …" if len(starts) > 8 else "")
        raise TableError(_("{typed} could be any of {shown}: type more of it").format(
            typed=repr(text.strip()), shown=shown))
    raise TableError(_("{typed} cannot come up now (a card already gone, or a typo); it is "
                       "none of the {count} outcomes listed").format(
        typed=repr(text.strip()), count=len(choices)))


def completions(prefix: str, choices: Sequence[tuple[Any, int]],
                edition: Edition | None = None) -> list[str]:
    """The outcomes' notations whose notation (or name in the edition, any language) starts
    with ``prefix`` (for tab completion)."""
    typed = prefix.strip().lower()
    return [outcome_key(v) for v, _n in choices
            if any(f.lower().startswith(typed) for f in
                   ({outcome_key(v)} if edition is None else {outcome_key(v),
                                                             *names_of(edition, v)}))]
