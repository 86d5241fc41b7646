"""Readable questions for the games' chance labels, where a label alone is cryptic, and the
names of the outcomes in the reader's language.

The labels and their outcomes come from the engine; this only words the question the table
is asked. A label not listed here is asked as it is ("What came up for 'label'?"). An outcome
that is a component of the edition (a region, a card, a room, …) is named as the edition names
it, in the current language (``name_<lang>``), so a corrected edition corrects the names too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from regalia.engine.edition import Edition
from regalia.engine.i18n import N_, _

# game id -> label, or label prefix followed by a space -> question
QUESTIONS: dict[str, dict[str, str]] = {
    "el-grande": {
        "king": N_("In which region does the King start?"),
        "home": N_("Which home region did {rest} draw?"),
        "start player": N_("Who starts (the drawn colour)?"),
        "stack": N_("Which action card was turned up on stack {rest}?"),
    },
    "castles-of-burgundy-cards": {
        "display": N_("Which card was dealt to the display?"),
        "hand": N_("Which card did you draw into your hand?"),
        "buy": N_("Which card was drawn from the deck for the purchase?"),
        "good": N_("Which goods tile was drawn?"),
        "animal": N_("Which animal was drawn?"),
        "aaron": N_("Which card was revealed in Aaron's pile?"),
    },
    "palais-royal": {
        "room": N_("Which room tile was laid next?"),
        "noble": N_("Which noble tile was laid in the park?"),
        "card": N_("Which card did you draw through the Back door?"),
    },
    "shadow-of-the-emperor": {
        "removed": N_("Which {rest} electorate was drawn to be left out?"),
    },
    "ming-dynasty": {
        "display": N_("Which movement card was laid on display space {rest}?"),
    },
}


def question(game: str, label: str, edition: Edition | None = None) -> str:
    """The question the table is asked for the draw ``label``, in the current language (a
    word of the label that names a component of ``edition`` is named as it names it)."""
    table = QUESTIONS.get(game, {})
    if label in table:
        return _(table[label]).replace("{rest}", "").replace("  ", " ").strip()
    head, _sep, rest = label.partition(" ")
    if rest and head in table:
        return _(table[head]).replace("{rest}", outcome_name(rest, edition))
    return _("What came up for '{label}'?").format(label=label)


def outcome_name(value: object, edition: Edition | None = None) -> str:
    """An outcome as a person reads it: the edition's name for the component in the current
    language where ``value`` is a component's id, else the notation made readable
    (``new-castile`` -> ``new castile``)."""
    if edition is not None:
        english = edition_name(edition, value)
        if english is not None:
            return edition.localize(english)
    return readable(value)


def readable(value: object) -> str:
    """The notation made readable (``new-castile`` -> ``new castile``)."""
    return str(value).replace("-", " ").replace("_", " ")


def edition_name(edition: Edition, value: object) -> str | None:
    """The English name of the edition's component whose id is ``value``, or None."""
    if not isinstance(value, str):
        return None
    return _ids(edition).get(value)


def names_of(edition: Edition | None, value: object) -> set[str]:
    """Every name ``value`` goes by: its notation, readable, and the edition's name of it in
    every language (a player may type any of them, whatever language is spoken)."""
    forms = {str(value), readable(value)}
    if edition is not None:
        english = edition_name(edition, value)
        if english is not None:
            forms.add(english)
            forms.update(t[english] for t in edition.names.values() if english in t)
    return forms


_CACHE: dict[int, tuple[Edition, dict[str, str]]] = {}


def _ids(edition: Edition) -> dict[str, str]:
    """id -> English name of every named entry of the edition (the first of an id wins)."""
    found = _CACHE.get(id(edition))
    if found is not None and found[0] is edition:
        return found[1]
    table: dict[str, str] = {}
    for entry in _entries(edition.data):
        ident, name = entry.get("id"), entry.get("name")
        if isinstance(ident, str) and isinstance(name, str):
            table.setdefault(ident, name)
    if len(_CACHE) > 32:
        _CACHE.clear()
    _CACHE[id(edition)] = (edition, table)
    return table


def _entries(data: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(data, Mapping):
        yield data
        for value in data.values():
            yield from _entries(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _entries(value)
