"""A board for a phone's screen, drawn as an SVG one column wide: sections of tiles.

A game's desktop picture (``render_svg``) is a wide table, a thousand pixels and more across;
on a phone, shrunk to the screen, its words are 5-7 px and its targets a few pixels wide. A
game's phone picture (``render_phone_svg``) says the same things in a form a narrow screen
holds: a column :data:`WIDTH` units wide (shown at the screen's width, so about one unit a CSS
pixel on a 360-390 px phone), made of sections (the map's regions, the players, your hand, the
log...), each a grid of tiles. Every word is at least :data:`SMALL` units, every tile that
carries an action at least :data:`TARGET` units each way, so the picture stays legible and
every target finger-sized without zooming. A pure function of what it is given, like the
desktop picture: no state, no I/O, the same bytes for the same sections.

Tiles carry ``data-action`` (several actions joined with ``|``, as on the desktop picture, when
one tap could mean more than one) and any ``data-*`` the game gives them, so front ends and
tests read the picture back the same way.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import quoteattr

from regalia.engine.i18n import display_width
from regalia.engine.markup import attributes, element, text_width

WIDTH = 360  # the picture's width in units: about a CSS pixel each on a phone
PAD = 6  # the margin around the sections and between tiles
TEXT = 13  # a tile's words
SMALL = 11.5  # the smallest words anywhere (at least 11 CSS px on a 360 px screen)
HEADING = 15  # a section's heading
TARGET = 46  # the least size, each way, of a tile with an action: a finger's 44 px and a margin
LINE = 16  # a line of a tile's words
CHIP_H = 22  # a chip's height (a count in a player's colour, a card's value)
SMALL_CHIP = 18  # a small chip's height and least width
FIT = 1.3  # how much wider than its tile a ``fit`` tile's word may be (by the estimate)

FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', "
        "'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif")
ACTION_EDGE = "#2a6fdb"  # the dashed blue edge of a target, as on the desktop pictures


@dataclass(frozen=True)
class Chip:
    """A small labelled token inside a tile: a count in a player's colour, a card's value."""

    text: str
    fill: str = "#efe3c6"
    ink: str = "#222"
    edge: str = "#8c6d3f"
    title: str | None = None
    action: str | None = None  # a chip with an action is drawn TARGET units each way
    data: Mapping[str, object] = field(default_factory=dict)
    small: bool = False  # a small square (:data:`SMALL_CHIP`), two or three to a narrow tile


@dataclass(frozen=True)
class Tile:
    """One box of a section: a bold title, lines of words, a row of chips."""

    title: str = ""
    lines: Sequence[str] = ()
    chips: Sequence[Chip] = ()
    action: str | None = None
    fill: str = "#fffaf0"
    edge: str = "#c9b48a"
    ink: str = "#222"
    title_ink: str | None = None
    span: int = 1  # columns of the section's grid it takes
    marked: bool = False  # drawn with a gold edge: the player to move, the card in play
    kind: str = "tile"  # its class, for front ends and tests
    data: Mapping[str, object] = field(default_factory=dict)
    # A narrow tile (a 6-column grid's) may keep its words whole: ``pad`` its margin, ``size``
    # its lines' words, and ``fit`` draws a word a little wider than the tile condensed to
    # its width (SVG ``textLength``) instead of breaking it in two.
    pad: float = PAD
    size: float = TEXT
    fit: bool = False


@dataclass(frozen=True)
class Section:
    """A heading and a grid of tiles ``columns`` wide; ``panel`` names it for front ends."""

    title: str
    tiles: Sequence[Tile]
    columns: int = 1
    panel: str = ""
    note: str = ""  # a line of words under the heading


def wrap_to(text: str, width: float, size: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` units at ``size`` (by the estimate
    of :func:`text_width`): between words, or between any two wide (CJK) characters."""
    lines: list[str] = []
    line = ""
    for token in _tokens(text):
        if token == " ":
            line += " " if line else ""
            continue
        if line and text_width(line + token, size) > width:
            lines.append(line.rstrip())
            line = token
        else:
            line += token
        while text_width(line, size) > width and len(line) > 1:  # one word wider than a line
            cut = len(line) - 1
            while cut > 1 and text_width(line[:cut], size) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    if line.strip():
        lines.append(line.rstrip())
    return lines


# Punctuation no line may start with (it keeps to the character before it), and punctuation
# no line may end with (it keeps to the one after): the line-breaking rules of Chinese text.
CLOSING = set("）」』】》〉，。、；：！？…)]}%,.;:!?·")
OPENING = set("（「『【《〈([{")


NO_BREAK = "\u00a0"


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    word = ""
    for ch in text:
        if ch.isspace() and ch != NO_BREAK:  # (a no-break space holds its words together)
            if word:
                out.append(word)
                word = ""
            out.append(" ")
        elif ord(ch) >= 0x1100:  # a wide character is a word of its own
            if ch in CLOSING and (word or (out and out[-1] != " ")):
                if word:
                    word += ch
                else:
                    out[-1] += ch
                continue
            if word:
                out.append(word)
                word = ""
            if out and out[-1] != " " and out[-1][-1] in OPENING:
                out[-1] += ch
            else:
                out.append(ch)
        elif out and not word and out[-1] != " " and out[-1][-1] in OPENING:
            word = out.pop() + ch
        else:
            word += ch
    if word:
        out.append(word)
    return out


def _text(x: float, y: float, s: str, size: float = TEXT, weight: str = "normal",
          fill: str = "#222", anchor: str = "start", **more: object) -> str:
    return element("text", s, x=float(x), y=float(y), font_size=float(max(size, SMALL)),
                   font_weight=weight, fill=fill, text_anchor=anchor, **more)


def _chip_size(chip: Chip) -> tuple[float, float]:
    if chip.small and not chip.action:
        return max(float(SMALL_CHIP), text_width(chip.text, SMALL + 0.5) + 6), float(SMALL_CHIP)
    w = max(CHIP_H + 4, text_width(chip.text, SMALL + 0.5) + 12)
    return (max(w, TARGET), float(TARGET)) if chip.action else (w, float(CHIP_H))


def _chip_rows(chips: Sequence[Chip], width: float) -> list[list[Chip]]:
    rows: list[list[Chip]] = []
    used = width + 1
    for chip in chips:
        w = _chip_size(chip)[0]
        if not rows or used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append(chip)
        used += w + 4
    return rows


def _tile_layout(tile: Tile, width: float) -> tuple[list[str], list[str], list[list[Chip]],
                                                       float]:
    inner = width - 2 * tile.pad
    room = inner * FIT if tile.fit else inner
    title = wrap_to(tile.title, room, TEXT + 1) if tile.title else []
    lines = [part for line in tile.lines for part in wrap_to(line, room, tile.size)]
    rows = _chip_rows(tile.chips, inner)
    # (a float sum from a float start: compiled, ``sum`` of floats from 0 is taken for an int)
    chips_height = sum((max(_chip_size(c)[1] for c in row) + 4.0 for row in rows), 0.0)
    height = float(PAD + LINE * (len(title) + len(lines)) + PAD) + chips_height
    return title, lines, rows, max(height, TARGET if tile.action else 0.0, 30.0)


def _draw_tile(tile: Tile, x: float, y: float, w: float, h: float) -> list[str]:
    title, lines, rows, _h = _tile_layout(tile, w)
    attrs: dict[str, object] = {"class_": tile.kind, "data_action": tile.action}
    attrs.update({f"data_{k}": v for k, v in tile.data.items()})
    out = [f"<g{attributes(attrs)}>"]
    edge, stroke, dash = tile.edge, 1.0, None
    if tile.marked:
        edge, stroke = "#b8860b", 2.4
    if tile.action:
        edge, stroke, dash = ACTION_EDGE, 2.4, "6 3"
    out.append(element("rect", x=x, y=y, width=w, height=h, rx=6.0, fill=tile.fill,
                       stroke=edge, stroke_width=stroke, stroke_dasharray=dash))
    ty = y + PAD + 12
    inner = w - 2 * tile.pad

    def condensed(line: str, size: float) -> dict[str, Any]:
        if not tile.fit or text_width(line, size) <= inner:
            return {}
        return {"textLength": inner, "lengthAdjust": "spacingAndGlyphs"}

    for line in title:
        out.append(_text(x + tile.pad, ty, line, TEXT + 1, "bold", tile.title_ink or tile.ink,
                         **condensed(line, TEXT + 1)))
        ty += LINE
    for line in lines:
        out.append(_text(x + tile.pad, ty, line, tile.size, fill=tile.ink,
                         **condensed(line, tile.size)))
        ty += LINE
    cy = ty - 12 + 2
    for row in rows:
        cx = x + tile.pad
        row_h = max(_chip_size(c)[1] for c in row)
        for chip in row:
            out += _draw_chip(chip, cx, cy)
            cx += _chip_size(chip)[0] + 4
        cy += row_h + 4
    out.append("</g>")
    return out


def _draw_chip(chip: Chip, x: float, y: float) -> list[str]:
    w, h = _chip_size(chip)
    attrs: dict[str, object] = {"class_": "chip", "data_action": chip.action}
    attrs.update({f"data_{k}": v for k, v in chip.data.items()})
    out = [f"<g{attributes(attrs)}>"]
    if chip.title:
        out.append(element("title", chip.title))
    out.append(element("rect", x=x, y=y, width=w, height=h, rx=4.0, fill=chip.fill,
                       stroke=ACTION_EDGE if chip.action else chip.edge,
                       stroke_width=2.4 if chip.action else 1.0,
                       stroke_dasharray="6 3" if chip.action else None))
    out.append(_text(x + w / 2, y + h / 2 + 4.5, chip.text, SMALL + 0.5, "bold", chip.ink,
                     anchor="middle"))
    out.append("</g>")
    return out


def _section(section: Section, top: float) -> tuple[list[str], float]:
    """A section drawn from its own top (0), moved to ``top`` by its group's transform (so
    :func:`widen` can move it again); its markup and where the next one starts."""
    y = 0.0
    out = [f'<g class="section" transform="translate(0 {top:g})"'
           f"{attributes({'data_panel': section.panel or None})}>"]
    for line in wrap_to(section.title, WIDTH - 2 * PAD, HEADING):
        out.append(_text(PAD, y + HEADING, line, HEADING, "bold", "#3b2a1a"))
        y += HEADING + 4
    y += 4
    if section.note:
        for line in wrap_to(section.note, WIDTH - 2 * PAD, SMALL):
            out.append(_text(PAD, y + 10, line, SMALL, fill="#5a4630"))
            y += LINE - 1
        y += 2
    cols = max(1, section.columns)
    cell = (WIDTH - PAD * (cols + 1)) / cols
    row: list[tuple[Tile, int]] = []
    used = 0

    def flush(y: float) -> float:
        if not row:
            return y
        sizes = [(t, cell * span + PAD * (span - 1)) for t, span in row]
        h = max(_tile_layout(t, w)[3] for t, w in sizes)
        x = float(PAD)
        for t, w in sizes:
            out.extend(_draw_tile(t, x, y, w, h))
            x += w + PAD
        row.clear()
        return y + h + PAD

    for tile in section.tiles:
        span = min(max(1, tile.span), cols)
        if used + span > cols:
            y = flush(y)
            used = 0
        row.append((tile, span))
        used += span
    y = flush(y)
    out.append("</g>")
    return out, top + y + 4


def draw(title: str, header: Sequence[str], sections: Sequence[Section], *,
         header_fill: str = "#6b1d1d", background: str = "#f7f0de") -> str:
    """The phone picture: a band with the game's ``title`` and the ``header`` lines (the
    round, whose turn it is), then each section in turn."""
    body: list[str] = []
    y = PAD + 20.0
    band = [_text(PAD + 4, y, title, HEADING + 3, "bold", "#f6d77a")]
    for line in header:
        for part in wrap_to(line, WIDTH - 2 * PAD - 8, TEXT):
            y += LINE + 1
            band.append(_text(PAD + 4, y, part, TEXT, fill="#fff3d6"))
    y += PAD + 6
    body.append('<g class="band">')
    body.append(element("rect", x=0.0, y=0.0, width=float(WIDTH), height=y, fill=header_fill))
    body += band
    body.append("</g>")
    y += PAD
    for section in sections:
        if not section.tiles and not section.note:
            continue
        drawn, y = _section(section, y)
        body += drawn
    height = int(y + PAD)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="phone-board" '
            f'width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
            f'font-family={quoteattr(FONT)}>')
    return "\n".join([head, element("title", title),
                      element("rect", x=0.0, y=0.0, width=float(WIDTH), height=float(height),
                              fill=background), *body, "</svg>"]) + "\n"


_HEAD = re.compile(r'<svg [^>]*class="phone-board"[^>]*>')
_BACK = re.compile(r'(<rect x="0" y="0" width=")\d+(" height=")\d+(")')
_BAND = re.compile(r'(<g class="band">\n<rect x="0" y="0" width=")\d+(")')
_SECTION = re.compile(r'<g class="section" transform="translate\(0 ([\d.]+)\)"')


def widen(svg: str, columns: int) -> str | None:
    """A phone picture (:func:`draw`'s) laid out ``columns`` wide for a wider screen: the
    band across the top, each section in turn at the top of the shortest column (so the
    first is top left, and every tile keeps its size, words and targets). None for a
    picture :func:`draw` did not make (a :func:`text_board` has no sections to move)."""
    head = _HEAD.search(svg)
    tops = [float(m.group(1)) for m in _SECTION.finditer(svg)]
    if head is None or not tops or columns < 1:
        return None
    height = float(re.search(r'height="(\d+)"', head.group(0)).group(1))  # type: ignore[union-attr]
    band = tops[0] - PAD
    ends = [*tops[1:], height - PAD]
    filled = [band] * columns
    places: list[tuple[float, float]] = []
    for top, end in zip(tops, ends, strict=True):
        col = min(range(columns), key=lambda c: (filled[c], c))
        places.append((col * WIDTH, filled[col] + PAD))
        filled[col] += PAD + (end - top)
    width, tall = WIDTH * columns, int(max(filled) + PAD)
    moved = iter(places)

    def place(m: re.Match[str]) -> str:
        x, y = next(moved)
        return f'<g class="section wide" transform="translate({x:g} {y:g})"'

    out = _SECTION.sub(place, svg)
    out = out.replace(head.group(0), head.group(0).replace(
        f'width="{WIDTH}" height="{int(height)}" viewBox="0 0 {WIDTH} {int(height)}"',
        f'width="{width}" height="{tall}" viewBox="0 0 {width} {tall}"').replace(
        'class="phone-board"', 'class="phone-board wide-board"'), 1)
    out = _BACK.sub(lambda m: f"{m.group(1)}{width}{m.group(2)}{tall}{m.group(3)}", out, 1)
    return _BAND.sub(lambda m: f"{m.group(1)}{width}{m.group(2)}", out, 1)


# --------------------------------------------------------------------------- a text board
MONO = ("DejaVu Sans Mono, Menlo, Consolas, 'Noto Sans Mono CJK SC', 'WenQuanYi Micro Hei Mono', "
        "monospace")
MONO_SIZE = 13.0  # at 0.602 em a cell, TEXT_COLUMNS cells fill WIDTH
MONO_CELL = 0.602 * MONO_SIZE
TEXT_COLUMNS = int((WIDTH - 2 * PAD) // MONO_CELL)
_TAG = re.compile(r"(?<!\\)\[(/?[a-z0-9_ #]*|/)\]")
# Rich's colour names as the terminal boards use them, in tones that read on parchment.
_COLOURS = {
    "red": "#b3261e", "green": "#1e7b34", "yellow": "#8a6d00", "blue": "#1d5bbf",
    "magenta": "#8e2f8f", "cyan": "#0f7580", "white": "#555555", "black": "#111111",
    "bright_red": "#d7301f", "bright_green": "#2e9e44", "bright_yellow": "#9a7b00",
    "bright_blue": "#2a6fdb", "bright_magenta": "#a33ea8", "bright_cyan": "#138a96",
    "bright_white": "#666666", "bright_black": "#666666", "orange": "#b85c00",
    "purple": "#6f3596", "grey": "#666666", "gray": "#666666",
}


def _style(tag: str) -> dict[str, str]:
    """The SVG text attributes of a Rich style (``bold red``, ``dim``, ``#2a6fdb on white``);
    a background (``on …``) and words Rich knows but SVG need not are left out."""
    style: dict[str, str] = {}
    words = tag.split()
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "on":
            skip = True
        elif word == "bold":
            style["font_weight"] = "bold"
        elif word == "dim":
            style["opacity"] = "0.65"
        elif word == "italic":
            style["font_style"] = "italic"
        elif word.startswith("#") and len(word) in (4, 7):
            style["fill"] = word
        elif word in _COLOURS:
            style["fill"] = _COLOURS[word]
    return style


def _styled_runs(line: str) -> list[tuple[str, dict[str, str]]]:
    """A line of Rich markup as runs of plain text, each with its style."""
    stack: list[dict[str, str]] = [{}]
    runs: list[tuple[str, dict[str, str]]] = []
    pos = 0
    for m in _TAG.finditer(line):
        if m.start() > pos:
            runs.append((line[pos:m.start()].replace("\\[", "["), stack[-1]))
        tag = m.group(1)
        if tag.startswith("/"):
            if len(stack) > 1:
                stack.pop()
        else:
            stack.append({**stack[-1], **_style(tag)})
        pos = m.end()
    if pos < len(line):
        runs.append((line[pos:].replace("\\[", "["), stack[-1]))
    return runs


def text_board(markup: str) -> str:
    """A terminal board (Rich markup laid out :data:`TEXT_COLUMNS` cells wide) as a phone
    picture: the same lines and colours in a monospaced font of :data:`MONO_SIZE` units.
    For a game with no phone picture of its own: it says everything the terminal says,
    legibly; its decisions are made in the list of actions the page gives beside it."""
    out: list[str] = []
    y = PAD + MONO_SIZE
    for line in markup.splitlines():
        cells = 0
        for text, style in _styled_runs(line):
            attrs = {"fill": style.get("fill", "#222"), "font_weight": style.get("font_weight"),
                     "font_style": style.get("font_style"), "opacity": style.get("opacity")}
            # A piece at a time: a narrow run as it is, a wide (CJK) character in its own
            # two cells (no monospaced font holds both scripts at the terminal's widths); a
            # line wider than the screen goes on at the next line's start.
            for piece in re.findall(r"[\u1100-\uffef]|[^\u1100-\uffef]+", text):
                while piece:
                    room = TEXT_COLUMNS - cells
                    if room <= 0 or display_width(piece[0]) > room:
                        y += MONO_SIZE + 4
                        cells = 2 if line.strip() else 0
                        room = TEXT_COLUMNS - cells
                    fits = piece[:room] if display_width(piece[0]) == 1 else piece
                    if fits.strip():  # no-break spaces: SVG would fold a run's spaces
                        out.append(element("text", fits.replace(" ", "\u00a0"),
                                           x=PAD + cells * MONO_CELL, y=y,
                                           font_size=MONO_SIZE, **attrs))
                    cells += display_width(fits)
                    piece = piece[len(fits):]
        y += MONO_SIZE + 4
    height = int(y + PAD)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="phone-board text" '
            f'width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" '
            f'font-family={quoteattr(MONO)}>')
    return "\n".join([head, element("rect", x=0.0, y=0.0, width=float(WIDTH),
                                    height=float(height), fill="#fbf7ee"),
                      *out, "</svg>"]) + "\n"


def text_picture(render_text: Callable[..., str]) -> Callable[[Mapping[str, Any]], str]:
    """A game's ``render_phone_svg`` made from its terminal board (see :func:`text_board`):
    laid out for the phone's columns where ``render_text`` takes a size (``width``,
    ``height``), else as it comes (lines wider than the screen go on below)."""
    takes = inspect.signature(render_text).parameters
    size = {"width": TEXT_COLUMNS, "height": 400} if {"width", "height"} <= set(takes) else {}

    def render_phone_svg(view: Mapping[str, Any]) -> str:
        return text_board(render_text(view, **size))
    return render_phone_svg
