"""``help CARD`` and ``? N`` at the play prompt: a component's full text, from the edition."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from regalia.cli.console import safe
from regalia.engine.actions import Action
from regalia.engine.glossary import Entry, about, find, near
from regalia.engine.i18n import _
from regalia.engine.state import State

MOST_SHOWN = 4  # a query naming more components lists their names instead


def show_entries(console: Console, state: State, entries: Sequence[Entry]) -> None:
    edition = state.edition
    for entry in entries:
        console.print(f"[bold]{safe(entry.name_in(edition))}[/]")
        console.print(Padding(Text(entry.text_in(edition)), (0, 0, 0, 2), expand=False))


def explain_query(console: Console, state: State, seat: int, query: str) -> None:
    """``help CARD``: the text of the component ``query`` names (loosely: case, accents and
    spaces do not matter, a start of a name is enough), or of the component at a place the
    screen names (Palais Royal's park spaces, whose nobles have no names)."""
    glossary = state.info().glossary
    if glossary is None:
        console.print("[yellow]" + _("This game has no component texts.") + "[/]")
        return
    entries = glossary.entries(state.edition)
    hits = find(entries, state.edition, query)
    at = getattr(glossary, "at", None)
    if not hits and at is not None:
        hits = about(entries, state.edition, at(state.edition, state.view(seat), query))
    if not hits:
        close = near(entries, state.edition, query)
        message = _("No card, tile or space is called {query}.").format(query=safe(repr(query)))
        if close:
            message += " " + _("Did you mean: {names}?").format(names=safe(", ".join(close)))
        console.print("[red]" + message + "[/]")
        return
    if len(hits) > MOST_SHOWN:
        console.print("[dim]" + _("{query} names {n} components; type more of one name:").format(
            query=safe(repr(query)), n=len(hits)) + "[/]")
        console.print("  " + safe(", ".join(e.name_in(state.edition) for e in hits)))
        return
    show_entries(console, state, hits)


def explain_choice(console: Console, state: State, seat: int, number: int,
                   legal: Sequence[Action], numbers: Sequence[int]) -> None:
    """``? N``: the texts of the components the N-th listed choice names."""
    by_number = dict(zip(numbers, legal, strict=True))
    action = by_number.get(number)
    if action is None:
        console.print("[red]" + _("There is no choice {n}.").format(n=number) + "[/]")
        return
    glossary = state.info().glossary
    keys = () if glossary is None else glossary.named_by(state.edition, state.view(seat),
                                                         action.text)
    entries = [] if glossary is None else about(glossary.entries(state.edition),
                                                state.edition, keys)
    console.print(f"[bold cyan]{number:>3}[/] {safe(state.describe(action))}")
    if not entries:
        console.print("  [dim]" + _("This choice names no card, tile or space.") + "[/]")
        return
    show_entries(console, state, entries)
