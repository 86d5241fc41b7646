"""Component texts: what each card, tile, room or space does, read from a game's edition.

Every game's edition gives each of its components a ``text`` (and ``text_zh``) beside its
``name``; :func:`read_texts` checks them as the edition loads (a component without its text is
an edition error) and turns them into :class:`Entry` values. A game exposes its entries and,
per legal action, the components that action names (:class:`Glossary`), so a front end can
show a component's text where it is chosen: ``help CARD`` and ``? N`` in the terminal, a
hover or a long press on the web. Matching a typed name is loose: case, accents, spaces and
punctuation do not matter, and a unique start of a name is enough.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from regalia.engine.errors import quoted
from regalia.engine.i18n import _

if TYPE_CHECKING:
    from regalia.engine.edition import Edition, EditionReader

LONGEST_TEXT = 1000


@dataclass(frozen=True)
class Entry:
    """One component's text. ``name`` and ``text`` are the edition's English words (its
    ``localize`` gives the others); ``words`` are further names ``help`` accepts (the id the
    action notation uses); ``cost`` the numbers of its printed cost, which its text states."""

    key: str
    name: str
    text: str
    words: tuple[str, ...] = ()
    cost: tuple[int, ...] = ()

    def name_in(self, edition: Edition, lang: str | None = None) -> str:
        return edition.localize(self.name, lang)

    def text_in(self, edition: Edition, lang: str | None = None) -> str:
        return edition.localize(self.text, lang)


class Glossary(Protocol):
    """What a game gives front ends: its entries and the components an action names."""

    def entries(self, edition: Edition) -> tuple[Entry, ...]: ...

    def named_by(self, edition: Edition, view: Mapping[str, Any],
                 notation: str) -> tuple[str, ...]:
        """The keys of the components the action ``notation`` names, read from ``view``
        (the acting seat's: an action never names what its seat may not know)."""
        ...

# A game may also give ``at(edition, view, place) -> keys``: the components at a place its
# screens name without naming the component (Palais Royal's park space "c4" holds a noble).


def read_text(reader: EditionReader, path: tuple[str | int, ...]) -> str:
    """The ``text`` at ``path`` (an entry's path), checked: present, not blank, not too long."""
    text = reader.get((*path, "text"), str, default=None)
    if text is None:
        raise reader.error(_("{path} needs a text: what the component does, in English "
                             "(text_zh beside it in Chinese)").format(
            path=".".join(str(p) for p in path)), *path)
    if not text.strip() or len(text) > LONGEST_TEXT:
        raise reader.error(_("text must be 1 to {n} characters, not {value}").format(
            n=LONGEST_TEXT, value=quoted(text)), *path, "text")
    return text


def read_texts(reader: EditionReader, table: str, id_field: str = "id", *,
               prefix: str | None = None, cost: Sequence[str] = (),
               id_kind: type | tuple[type, ...] = (str, int)) -> tuple[Entry, ...]:
    """An entry per element of the array of tables ``table``: its key is ``prefix:id`` (the
    field ``id_field``, of the kind ``id_kind``, else the element's index), its name and text
    the element's (both required), its cost the nonzero values of the fields ``cost``
    names."""
    out = []
    for i, entry in enumerate(reader.get((table,), list)):
        if not isinstance(entry, dict):
            raise reader.error(_("{name} must be an array of tables ([[{name}]])").format(
                name=table), table)
        ident = str(reader.get((table, i, id_field), id_kind) if id_field in entry else i)
        name = reader.get((table, i, "name"), str)
        text = read_text(reader, (table, i))
        numbers = tuple(entry[c] for c in cost if isinstance(entry.get(c), int)
                        and not isinstance(entry.get(c), bool) and entry[c])
        out.append(Entry(f"{prefix or table}:{ident}", name, text, (ident,), numbers))
    return tuple(out)


def entry(reader: EditionReader, path: tuple[str | int, ...], key: str,
          words: Iterable[str] = ()) -> Entry:
    """The entry of the single table at ``path`` (a ``[castillo]``-like table)."""
    return Entry(key, reader.get((*path, "name"), str), read_text(reader, path), tuple(words))


# ---------------------------------------------------------------------------- matching
def folded(text: str) -> str:
    """``text`` as matching compares it: no case, accents, spaces or punctuation."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if c.isalnum() and not unicodedata.combining(c))


def find(entries: Sequence[Entry], edition: Edition, query: str) -> list[Entry]:
    """The entries ``query`` names: an exact name, id or word first; else those whose name
    starts with it; else those whose name holds it. Several: all of them, in edition order."""
    want = folded(query)
    if not want:
        return []

    def names(e: Entry) -> list[str]:
        return [folded(n) for n in (e.name, e.name_in(edition), *e.words, e.key)]

    for test in (lambda n: n == want, lambda n: n.startswith(want), lambda n: want in n):
        hits = [e for e in entries if any(test(n) for n in names(e) if n)]
        if hits:
            return hits
    return []


def near(entries: Sequence[Entry], edition: Edition, query: str, count: int = 4) -> list[str]:
    """Names close to a query that matched nothing (a typo), in the language in force."""
    shown = {folded(e.name_in(edition)): e.name_in(edition) for e in entries}
    shown.update({folded(e.name): e.name_in(edition) for e in entries})
    close = difflib.get_close_matches(folded(query), list(shown), n=count, cutoff=0.6)
    return list(dict.fromkeys(shown[c] for c in close))


def about(entries: Sequence[Entry], edition: Edition, keys: Iterable[str]) -> list[Entry]:
    """The entries of ``keys``, once each, in the order given (unknown keys are skipped)."""
    by_key = {e.key: e for e in entries}
    return [by_key[k] for k in dict.fromkeys(keys) if k in by_key]


def hover_text(entries: Sequence[Entry], edition: Edition, keys: Iterable[str]) -> str:
    """The texts of the named components as one block (a tooltip): "Name: text" lines."""
    return "\n".join(_("{name}: {text}").format(name=e.name_in(edition), text=e.text_in(edition))
                     for e in about(entries, edition, keys))
