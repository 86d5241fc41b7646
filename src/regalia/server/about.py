"""Component texts on the web table: a hover text per legal action, and the board's targets
given an SVG ``<title>`` (a tooltip on hover; table.js shows it on a long press)."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.glossary import hover_text
from regalia.engine.state import State

# An element's opening tag carrying a target's actions, and a <title> right after it.
_TARGET = re.compile(r'<(?P<tag>[a-zA-Z]+)(?P<attrs>[^<>]*?\sdata-action="(?P<actions>[^"]*)"'
                     r'[^<>]*?)(?P<close>/?)>(?P<title>\s*<title>(?P<old>[^<]*)</title>)?')


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


def titled(svg: str, texts: Mapping[str, str]) -> str:
    """``svg`` with the component texts of each target's legal actions in its ``<title>``
    (added after any title it had)."""

    def add(match: re.Match[str]) -> str:
        actions = html.unescape(match["actions"]).split("|")
        found = list(dict.fromkeys(t for a in actions for t in texts.get(a, "").split("\n")
                                   if t))
        if not found:
            return match[0]
        lines = ([html.unescape(match["old"])] if match["old"] else []) + found
        title = "<title>" + html.escape("\n".join(lines), quote=False) + "</title>"
        if match["close"]:  # a childless element gets children: its title
            return f'<{match["tag"]}{match["attrs"]}>{title}</{match["tag"]}>'
        return f'<{match["tag"]}{match["attrs"]}>{title}'

    return _TARGET.sub(add, svg)
