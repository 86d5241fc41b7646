"""Text helpers every game's pictures share: SVG elements and Rich console markup as strings.

Pictures are pure functions of a view (like ``chess.svg.board``) and the rules core takes no
third-party package, so markup is written as text here rather than through Rich or an XML
library.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from regalia.engine.i18n import cell_width

# A tag as Rich's markup parser finds one (rich.markup.RE_TAGS), with the backslashes before it.
_TAG = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
# What esc changes: a tag (escaped, its backslashes doubled), or backslashes before another
# bracket (Rich turns ``\\[`` into ``[`` outside tags, so one more keeps them all).
_TRAILING = re.compile(r"\\+\Z")
_ESCAPE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])|(\\+)(?=\[)")
# C0 and C1 control characters and DEL, but not tab and newline: in a terminal they move the
# cursor, clear the screen or retitle the window; in XML most of them make a document invalid.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: object) -> str:
    """Text from a file (an edition's names, a record's labels) with control characters
    shown as ``\\xNN`` instead of acted upon."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def number(x: float) -> str:
    """A coordinate as short, stable text (no float noise such as 0.30000000000000004)."""
    r = round(float(x), 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def attributes(attrs: Mapping[str, Any]) -> str:
    """SVG attributes: ``data_action`` is written ``data-action``, ``class_`` ``class``;
    None leaves an attribute out; numbers are written short."""
    parts = []
    for k, v in attrs.items():
        if v is None:
            continue
        text = number(v) if isinstance(v, float | int) and not isinstance(v, bool) \
            else printable(v)
        parts.append(f" {k.rstrip('_').replace('_', '-')}={quoteattr(text)}")
    return "".join(parts)


def element(tag: str, text: str | None = None, /, **attrs: Any) -> str:
    """One SVG element; ``text`` is escaped."""
    if text is None:
        return f"<{tag}{attributes(attrs)}/>"
    return f"<{tag}{attributes(attrs)}>{escape(printable(text))}</{tag}>"


def group(cls: str, action: str | None = None, /, **attrs: Any) -> str:
    """The opening tag of a ``<g>`` of class ``cls``; with an action it carries
    ``data-action`` and a pointer cursor, so a front end can make it clickable."""
    if action:
        attrs["cursor"] = "pointer"
    return f"<g{attributes({'class_': cls, 'data_action': action, **attrs})}>"


# A sans-serif letter's mean advance in ems (digits and lower case; DejaVu Sans, which
# Debian's Chromium draws with, and Arial are within a few per cent of it); a Chinese
# character is a full em square.
LATIN_EM = 0.62


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn in a ``size``-pixel sans-serif font: enough to size a
    chip or button around it, not a typesetter's measure. A character two terminal cells wide
    is an em, one a letter's mean advance."""
    return sum(size if cells == 2 else cells * LATIN_EM * size
               for cells in map(cell_width, text))


def strip_markup(text: str) -> str:
    """The plain text of Rich markup, read as Rich reads it: tags removed, an escaped tag
    shown, each pair of backslashes before a tag one backslash, ``\\[`` elsewhere ``[``."""
    out: list[str] = []
    position = 0
    for match in _TAG.finditer(text):
        escapes, tag = match[1], match[2]
        out.append(text[position:match.start()].replace("\\[", "["))
        out.append("\\" * (len(escapes) // 2))
        if len(escapes) % 2:
            out.append(tag)
        position = match.end()
    out.append(text[position:].replace("\\[", "["))
    return "".join(out)


def esc(text: object) -> str:
    """Escape text for Rich markup as ``rich.markup.escape`` does (a tag-like bracket gets a
    backslash, and backslashes before one are doubled, or ``X\\[/]`` would close a tag never
    opened); control characters are made visible (:func:`printable`)."""
    escaped = _ESCAPE.sub(lambda m: f"{m[1]}{m[1]}\\{m[2]}" if m[2] else f"{m[3]}\\",
                          printable(text))
    # backslashes at the end: a tag may follow (``[bold]{esc(name)}[/]``), so double them too
    return _TRAILING.sub(lambda m: m[0] * 2, escaped)


def wrap_cells(text: str, width: int, indent: str = "  ") -> list[str]:
    """Plain ``text`` in lines of at most ``width`` terminal cells, broken at spaces (within a
    word wider than a line, and in Chinese, between any two characters); lines after the
    first start with ``indent``. For the lines a player must read whole (final scores, whose
    turn it is), which a cut would garble."""
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else word
        if sum(map(cell_width, candidate)) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
            line = indent + word
        else:
            line = word
        while sum(map(cell_width, line)) > width:  # a word wider than the line: by character
            cut, used = 0, 0
            for ch in line:
                if used + cell_width(ch) > width:
                    break
                used += cell_width(ch)
                cut += 1
            lines.append(line[:cut])
            line = indent + line[cut:]
    if line.strip() or not lines:
        lines.append(line)
    return lines


def button_words(view: Mapping[str, Any], notation: str, fallback: str, size: float,
                 room: float) -> str:
    """A desktop board button's label: the action in words, as the front end described it
    in the reader's language (``view["described"]``, notation → words), else ``fallback``;
    cut with "…" to what ``room`` pixels hold at ``size`` (the whole words are the button's
    hover text and the action list's). Notation is for typing, not for reading off a board."""
    described = view.get("described")
    words = described.get(notation) if isinstance(described, Mapping) else None
    label = words if isinstance(words, str) and words.strip() else fallback
    if text_width(label, size) <= room:
        return label
    while label and text_width(label + "…", size) > room:
        label = label[:-1]
    return label.rstrip() + "…"
