"""Component texts on the web table: a hover text per legal action, and the board's targets
and drawn components given an SVG ``<title>`` (a tooltip on hover; table.js shows it on a
long press)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.glossary import folded, hover_text
from regalia.engine.state import State

# An element's opening tag with data- attributes (a target's actions, a component's id), and a
# <title> right after it.
_TAGGED = re.compile(r'<(?P<tag>[a-zA-Z]+)(?P<attrs>[^<>]*?\sdata-[a-z-]+="[^"]*"[^<>]*?)'
                     r'(?P<close>/?)>(?P<title>\s*<title>(?P<old>[^<]*)</title>)?')
_DATA = re.compile(r'\sdata-(?P<name>[a-z-]+)="(?P<value>[^"]*)"')

# The drawings' data- attributes that name a component (an El Grande region, a Palais Royal
# room, a Castles card …), and the glossary kinds (an entry key's part before ":") each may
# name, in the order tried. A power card's number is read from its group's class; a space is
# Palais Royal's park space (its noble, by the game's ``at``) or Ming's province space.
COMPONENT_ATTRIBUTES: dict[str, tuple[str, ...]] = {
    "region": ("region",), "room": ("room",), "electorate": ("electorate",),
    "card": ("card", "type", "power"), "type": ("type", "card"), "good": ("goods",),
    "round": ("round",), "district": ("province",), "space": ("province",),
}


def action_texts(state: State, view: Mapping[str, Any],
                 legal: Sequence[Action]) -> dict[str, str]:
    """Per legal notation, the texts of the components it names ("" for none), in the
    language in force; read from ``view`` (the seat's) only."""
    glossary = state.info().glossary
    if glossary is None:
        return {a.text: "" for a in legal}
    entries = glossary.entries(state.edition)
    return {a.text: hover_text(entries, state.edition,
                               glossary.named_by(state.edition, view, a.text))
            for a in legal}


def component_texts(state: State, view: Mapping[str, Any]) -> Callable[[str, str, str], str]:
    """How a drawn component's text is found: ``(attribute, value, class) -> text`` ("" for
    none) for the data- attributes of :data:`COMPONENT_ATTRIBUTES` (and Palais Royal's park
    spaces, by the game's ``at``), in the language in force. The values are the drawing's
    own (drawn from ``view``): a text tells nothing the picture did not."""
    glossary = state.info().glossary
    if glossary is None:
        return lambda _name, _value, _cls: ""
    edition = state.edition
    entries = glossary.entries(edition)
    by_key = {e.key: e for e in entries}
    names: dict[tuple[str, str], str] = {}
    for e in entries:
        kind = e.key.split(":", 1)[0]
        for word in (e.name, e.name_in(edition), *e.words):
            names.setdefault((kind, folded(word)), e.key)
    at = getattr(glossary, "at", None)

    def keys_of(name: str, value: str, cls: str) -> tuple[str, ...]:
        if name == "space" and at is not None:
            return tuple(at(edition, view, value))
        if name == "value" and "power-card" in cls.split():
            return (f"power:{value}",)
        kinds = COMPONENT_ATTRIBUTES.get(name, ())
        # "castle-4" is a castle card, "light-1vp" a light good, district "2b" lies in
        # province 2: the value itself first, then its leading part
        heads = dict.fromkeys((value, value.split("-", 1)[0], value.rstrip("abcdefgh")))
        for kind in kinds:
            for head in heads:
                key = f"{kind}:{head}" if f"{kind}:{head}" in by_key else \
                    names.get((kind, folded(head)))
                if key:
                    return (key,)
        return ()

    def text(name: str, value: str, cls: str) -> str:
        return hover_text(entries, edition, keys_of(name, html.unescape(value), cls))

    return text


def titled(svg: str, texts: Mapping[str, str],
           components: Callable[[str, str, str], str] | None = None) -> str:
    """``svg`` with a ``<title>`` (added after any title it had) on each target, the component
    texts of its legal actions (``texts``), and on each drawn component, its own text
    (``components``, see :func:`component_texts`): hovered or long-pressed, every card, tile,
    room and space of the board says what it is, whether or not it is a move now."""

    def add(match: re.Match[str]) -> str:
        data = {m["name"]: m["value"] for m in _DATA.finditer(match["attrs"])}
        found: list[str] = []
        if "action" in data:
            found += [t for a in html.unescape(data["action"]).split("|")
                      for t in texts.get(a, "").split("\n") if t]
        if components is not None:
            cls = re.search(r'\sclass="([^"]*)"', match["attrs"])
            for name, value in data.items():
                if name != "action":
                    found += [t for t in components(name, value, cls[1] if cls else "")
                              .split("\n") if t]
        found = list(dict.fromkeys(found))
        if not found:
            return match[0]
        lines = ([html.unescape(match["old"])] if match["old"] else []) + \
            [t for t in found if t != html.unescape(match["old"] or "")]
        title = "<title>" + html.escape("\n".join(lines), quote=False) + "</title>"
        if match["close"]:  # a childless element gets children: its title
            return f'<{match["tag"]}{match["attrs"]}>{title}</{match["tag"]}>'
        return f'<{match["tag"]}{match["attrs"]}>{title}'

    return _TAGGED.sub(add, svg)
