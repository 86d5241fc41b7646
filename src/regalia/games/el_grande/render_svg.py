"""El Grande as a picture: ``render_svg(view) -> str``, a self-contained SVG map of Spain.

A pure function of the view, like ``chess.svg.board()``: no state, no I/O, no fonts or images
from outside, the same bytes for the same view. Elements a click could act on carry the
action's notation in ``data-action`` (several, joined with ``|``, where one click could mean
more than one action); pieces carry ``data-region`` / ``data-seat`` /
``data-count`` so front ends and tests can read the picture back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import quoteattr

from regalia.engine.i18n import N_, _, display_width, ngettext, pgettext
from regalia.engine.markup import attributes as _attrs
from regalia.engine.markup import element as el
from regalia.engine.markup import number as _n
from regalia.games.el_grande.map_layout import (
    BALEARICS,
    CASTILLO_BOX,
    FRANCE,
    LABEL_ANCHORS,
    MAP_HEIGHT,
    MAP_WIDTH,
    PIECE_ANCHORS,
    PORTUGAL,
    REGION_POLYGONS,
    REGIONS,
    Point,
)
from regalia.games.el_grande.render_text import (
    CASTILLO,
    Area,
    Board,
    Seat,
    disk_words,
    read_view,
    turn_words,
    wrap,
)

WIDTH, HEIGHT = 1080, 600
GRANDE_MARK = "G"  # the letter on a Grande, explained in the legend
MAP_X, MAP_Y = 10, 52  # the map's top-left corner in the picture
PANEL_X = MAP_X + MAP_WIDTH + 14

# Installed families only, nothing to fetch; the CJK ones carry Chinese names and texts.
FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', "
        "'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif")

# Fill and outline of each El Grande player colour as a view may name it; an unknown name
# falls back to a neutral grey rather than failing.
PALETTE: dict[str, tuple[str, str]] = {
    "red": ("#d7301f", "#7f1409"), "yellow": ("#f5c518", "#8a6d00"),
    "green": ("#2e9e44", "#145a22"), "blue": ("#2a6fdb", "#12397a"),
    "black": ("#2b2b2b", "#000000"), "white": ("#f4f4f4", "#808080"),
    "purple": ("#7b3fa8", "#3f1c5a"), "orange": ("#f08a24", "#8a4608"),
    "pink": ("#e86aa6", "#8a2a57"), "brown": ("#8b5a2b", "#4a2e12"),
}
_UNKNOWN = ("#9e9e9e", "#4d4d4d")
# Text on a cube must stay legible on light and dark colours alike.
_LIGHT = {"yellow", "white", "orange", "pink"}

# Parchment tones for the regions, alternated so neighbours differ (a 3-colouring of the map).
_REGION_FILL: dict[str, str] = {
    "Galicia": "#e9dcb5", "Basque Country": "#dfe6b9", "Old Castile": "#f1e4c2",
    "Aragon": "#e6d3a8", "Catalonia": "#dfe6b9", "Valencia": "#f1e4c2",
    "New Castile": "#dfe6b9", "Granada": "#e9dcb5", "Seville": "#f1e4c2",
}


def colour_of(seat: Seat) -> tuple[str, str]:
    return PALETTE.get(seat.colour.lower(), _UNKNOWN)


def _points(pts: Sequence[Point], dx: float = MAP_X, dy: float = MAP_Y) -> str:
    return " ".join(f"{_n(x + dx)},{_n(y + dy)}" for x, y in pts)


def _text(x: float, y: float, s: str, size: float = 11, weight: str = "normal",
          fill: str = "#222", anchor: str = "middle", **more: Any) -> str:
    return el("text", s, x=float(x), y=float(y), font_size=float(size), font_weight=weight,
              fill=fill, text_anchor=anchor, **more)


# --------------------------------------------------------------------------- pieces
def cube(x: float, y: float, size: float, seat: Seat, label: str | None = None) -> list[str]:
    """A Caballero (or, larger, a Grande) as a cube seen slightly from above."""
    fill, stroke = colour_of(seat)
    d = size * 0.22  # depth of the top face: gives the flat square a wooden-cube feel
    top = f"{_n(x)},{_n(y)} {_n(x + d)},{_n(y - d)} {_n(x + size + d)},{_n(y - d)} " \
          f"{_n(x + size)},{_n(y)}"
    side = f"{_n(x + size)},{_n(y)} {_n(x + size + d)},{_n(y - d)} " \
           f"{_n(x + size + d)},{_n(y + size - d)} {_n(x + size)},{_n(y + size)}"
    out = [
        el("polygon", points=side, fill=stroke, stroke=stroke, stroke_width=0.6),
        el("polygon", points=top, fill=fill, stroke=stroke, stroke_width=0.6, opacity=0.85),
        el("rect", x=float(x), y=float(y), width=float(size), height=float(size), fill=fill,
           stroke=stroke, stroke_width=0.8),
    ]
    if label is not None:
        ink = "#222" if seat.colour.lower() in _LIGHT else "#fff"
        out.append(_text(x + size / 2, y + size * 0.74, label, size=size * 0.66,
                         weight="bold", fill=ink))
    return out


def king_piece(x: float, y: float) -> list[str]:
    """The King: a black pawn wearing a gold crown, base centred on (x, y)."""
    body = (f"M{_n(x - 9)},{_n(y)} L{_n(x + 9)},{_n(y)} L{_n(x + 6)},{_n(y - 5)} "
            f"L{_n(x + 3.5)},{_n(y - 14)} A5.5,5.5 0 1 0 {_n(x - 3.5)},{_n(y - 14)} "
            f"L{_n(x - 6)},{_n(y - 5)} Z")
    crown = (f"M{_n(x - 6)},{_n(y - 21)} L{_n(x - 7)},{_n(y - 29)} L{_n(x - 3)},{_n(y - 25)} "
             f"L{_n(x)},{_n(y - 31)} L{_n(x + 3)},{_n(y - 25)} L{_n(x + 7)},{_n(y - 29)} "
             f"L{_n(x + 6)},{_n(y - 21)} Z")
    return [
        el("path", d=body, fill="#1b1b1b", stroke="#000", stroke_width=0.8),
        el("path", d=crown, fill="#f2c230", stroke="#8a6a00", stroke_width=0.8),
    ]


def value_plate(x: float, y: float, values: Sequence[int], mobile: bool) -> list[str]:
    """The 1st/2nd/3rd values as three discs; a mobile scoreboard's values on dark tiles."""
    out = []
    fill, ink, edge = ("#3b2a1a", "#ffe9a8", "#000") if mobile else ("#fffaf0", "#3b2a1a",
                                                                       "#8c6d3f")
    if mobile:
        out.append(el("rect", x=float(x - 29), y=float(y - 8.5), width=58.0, height=17.0,
                      rx=3.0, fill="#6b4e2e", stroke="#000", stroke_width=0.8))
    for i, v in enumerate(values):
        cx = x + (i - 1) * 18
        out.append(el("circle", cx=float(cx), cy=float(y), r=7.2, fill=fill, stroke=edge,
                      stroke_width=0.8))
        out.append(_text(cx, y + 3.6, str(v), size=10 - i, weight="bold", fill=ink))
    return out


def caballero_group(x: float, y: float, area: Area, board: Board, region: str,
                    per_row: int = 5, size: float = 13) -> list[str]:
    """One cube per colour present, labelled with its count, in seat order, centred on x."""
    present = [s for s in board.seats if area.caballeros.get(s.seat, 0) > 0]
    out: list[str] = []
    step = size + 6
    for i, s in enumerate(present):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(present) - row * per_row)
        cx = x - (in_row * step - 6) / 2 + col * step
        cy = y + row * (size + 7)
        count = area.caballeros[s.seat]
        act = board.targets.get(f"cube:{s.seat}:{region}")
        out.append(f'<g class="caballeros"{_attrs({"data_region": region})} '
                   f'data-seat="{s.seat}" data-count="{count}"'
                   f'{_attrs({"data_action": act})}>')
        out.append(el("title", ngettext("{who}: {n} Caballero", "{who}: {n} Caballeros",
                                        count).format(who=s.name, n=count)))
        if board.picked == (s.seat, region) or act:
            # The Caballero being moved, or one a click would pick: ringed.
            picked = board.picked == (s.seat, region)
            out.append(el("rect", x=cx - 3, y=cy - 6, width=size + 9, height=size + 9,
                          rx=3.0, fill="none", stroke="#d7301f" if picked else "#2a6fdb",
                          stroke_width=2.0, stroke_dasharray=None if picked else "3 2"))
        out += cube(cx, cy, size, s, str(count))
        out.append("</g>")
    return out


# --------------------------------------------------------------------------- the map
# Regions where the cubes must wrap sooner because the land is narrow there.
_PER_ROW: dict[str, int] = {"Valencia": 3, "Catalonia": 3, "Galicia": 4}


def _region(board: Board, name: str) -> tuple[list[str], list[str]]:
    """A region's land (drawn first) and its labels and pieces (drawn over all land)."""
    area = board.areas[name]
    is_king = board.king == name
    poly = el(
        "polygon", points=_points(REGION_POLYGONS[name]), fill=_REGION_FILL[name],
        stroke="#6b4e2e", stroke_width=1.4, stroke_linejoin="round",
        class_="region", data_region=name, data_action=board.targets.get(f"area:{name}"),
    )
    land = [poly]
    ax, ay = LABEL_ANCHORS[name]
    ax, ay = ax + MAP_X, ay + MAP_Y
    # Outlines drawn over the land of every region, or a neighbour would hide half of them.
    top: list[str] = []
    if is_king:
        top.append(el("polygon", points=_points(REGION_POLYGONS[name]), fill="#f2c230",
                      fill_opacity=0.28, stroke="#b8860b", stroke_width=3.0,
                      stroke_linejoin="round", pointer_events="none"))
    if board.targets.get(f"area:{name}"):
        # A dashed blue edge marks where a click does something now.
        top.append(el("polygon", points=_points(REGION_POLYGONS[name]), fill="none",
                      stroke="#2a6fdb", stroke_width=2.2, stroke_dasharray="6 3",
                      stroke_linejoin="round", pointer_events="none"))
    top.append(_text(ax, ay, board.label(name), size=12.5, weight="bold", fill="#3b2a1a",
                     letter_spacing=0.3, class_="region-name"))
    top += value_plate(ax, ay + 14, area.values, area.scoreboard is not None)
    if area.scoreboard is not None:
        top.append(_text(ax + 33, ay + 17.5, _("Mobile"), size=7.5, fill="#3b2a1a",
                         anchor="start", font_style="italic"))
    per_row = _PER_ROW.get(name, 5)
    top += caballero_group(ax, ay + 28, area, board, name, per_row)
    px, y = PIECE_ANCHORS[name]
    y += MAP_Y
    grandes = [s for s in board.seats if s.grande == name]
    pieces = len(grandes) + (1 if is_king else 0)
    x = px + MAP_X - (pieces * 26 - 6) / 2
    if is_king:
        top.append('<g class="king"' + _attrs({"data_region": name}) + ">")
        top.append(el("title", _("The King is in {region}").format(region=board.label(name))))
        top += king_piece(x + 10, y + 2)
        top.append("</g>")
        x += 26
    for s in grandes:
        top.append(f'<g class="grande"{_attrs({"data_region": name})} data-seat="{s.seat}">')
        top.append(el("title", _("{who}'s Grande (home: {region})").format(
            who=s.name, region=board.label(name))))
        top += cube(x, y - 17, 19, s, GRANDE_MARK)
        top.append("</g>")
        x += 26
    return land, top


def _castillo(board: Board) -> list[str]:
    x, y, w, h = CASTILLO_BOX
    x, y = x + MAP_X, y + MAP_Y
    area = board.castillo
    act = board.targets.get("area:Castillo")
    out = [el("rect", x=x, y=y, width=w, height=h, rx=8.0, fill="#efe3c6", stroke="#6b4e2e",
              stroke_width=1.6, class_="castillo", data_region=CASTILLO, data_action=act)]
    # The tower: a crenellated keep with a gate, drawn at the box's left.
    tx, ty = x + 12, y + 34
    merlons = "".join(
        f"L{_n(tx + i * 8)},{_n(ty - (0 if i % 2 else 7))} "
        f"L{_n(tx + (i + 1) * 8)},{_n(ty - (0 if i % 2 else 7))} " for i in range(5))
    tower = (f"M{_n(tx)},{_n(ty + 64)} L{_n(tx)},{_n(ty)} {merlons}"
             f"L{_n(tx + 40)},{_n(ty + 64)} Z")
    out += [
        el("path", d=tower, fill="#b9a27a", stroke="#4e3a22", stroke_width=1.2,
           pointer_events="none"),
        el("path", d=f"M{_n(tx + 13)},{_n(ty + 64)} L{_n(tx + 13)},{_n(ty + 50)} "
                     f"A7,7 0 0 1 {_n(tx + 27)},{_n(ty + 50)} L{_n(tx + 27)},{_n(ty + 64)} Z",
           fill="#4e3a22", pointer_events="none"),
        el("rect", x=tx + 17, y=ty + 18, width=6.0, height=11.0, fill="#4e3a22",
           pointer_events="none"),
        _text(x + w / 2 + 22, y + 20, board.label(CASTILLO), size=13, weight="bold",
              fill="#3b2a1a"),
    ]
    out += value_plate(x + w / 2 + 22, y + 36, area.values, False)
    cx = x + w / 2 + 22
    if area.hidden_total is not None:
        # Only the total is known: one grey cube with the number, no colours.
        out.append(f'<g class="castillo-hidden" data-count="{area.hidden_total}">')
        out += cube(cx - 7, y + 56, 14, Seat(-1, "?", "grey"), str(area.hidden_total))
        out.append("</g>")
        out.append(_text(cx, y + 86, _("Colours hidden"), size=8, fill="#6b4e2e",
                         font_style="italic"))
    else:
        out += caballero_group(cx, y + 56, area, board, CASTILLO, per_row=3)
        if not area.caballeros:
            out.append(_text(cx, y + 70, _("Empty"), size=9, fill="#6b4e2e",
                             font_style="italic"))
    return out


def _map(board: Board) -> list[str]:
    out = [
        el("rect", x=float(MAP_X), y=float(MAP_Y), width=float(MAP_WIDTH),
           height=float(MAP_HEIGHT), rx=6.0, fill="#bcd7e6", stroke="#7a9fb5"),
        el("polygon", points=_points(PORTUGAL), fill="#d6d6d0", stroke="#a9a9a0",
           stroke_width=1.0),
        el("polygon", points=_points(FRANCE), fill="#d6d6d0", stroke="#a9a9a0",
           stroke_width=1.0),
    ]
    out += [el("polygon", points=_points(isle), fill="#d6d6d0", stroke="#a9a9a0")
            for isle in BALEARICS]
    out.append(_text(MAP_X + 48, MAP_Y + 300, _("PORTUGAL"), size=11, fill="#8d8d86",
                     letter_spacing=2.0, transform=f"rotate(-80 {MAP_X + 48} {MAP_Y + 300})"))
    out.append(_text(MAP_X + 470, MAP_Y + 22, _("FRANCE"), size=11, fill="#8d8d86",
                     letter_spacing=3.0))
    # TRANSLATORS: the sea's name on the map, shown on two lines at its first space
    for i, line in enumerate(_("Mare Mediterraneum").split(" ", 1)):
        out.append(_text(MAP_X + 590, MAP_Y + 240 + 12 * i, line, size=10, fill="#7a9fb5",
                         font_style="italic"))
    lands, tops = [], []
    for name in REGIONS:
        land, top = _region(board, name)
        lands += land
        tops += top
    return out + lands + tops + _castillo(board)


# --------------------------------------------------------------------------- the side panel
def _wrap(text: str, width: int) -> list[str]:
    """Greedy word wrap by character count (no font metrics are available to a pure SVG);
    a wide (CJK) character counts two."""
    if display_width(text) != len(text):
        return wrap(text, width)
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


_COLS = ((N_("Score"), 222), (N_("Court"), 256), (N_("Provinces"), 300), (N_("Grande"), 346))


def _power_strip(board: Board, s: Seat, x: float, y: float) -> list[str]:
    """Power cards 1-13: this round's card gold, earlier ones grey, the hand (when the view
    shows it) white; a card the viewer may play now is outlined blue and clickable."""
    out = []
    hand = set(s.hand) if s.hand is not None else None
    played = set(s.played)
    for v in range(1, 14):
        bx = x + (v - 1) * 12.4
        act = board.targets.get(f"power:{v}") if s.seat == board.viewer else None
        if v == s.power:
            fill, ink = "#f2c230", "#3b2a1a"
        elif hand is not None and v in hand:
            fill, ink = "#ffffff", "#3b2a1a"
        elif v in played:
            fill, ink = "#b9ad98", "#f7f0de"
        else:
            fill, ink = "#f2ead8", "#9a8b70"
        held = "1" if hand is not None and v in hand else None
        out.append('<g class="power-card"' + _attrs({"data_seat": s.seat, "data_value": v,
                                                       "data_in_hand": held,
                                                       "data_action": act}) + ">")
        out.append(el("rect", x=bx, y=y, width=11.0, height=13.0, rx=1.5, fill=fill,
                      stroke="#2a6fdb" if act else "#a08a63",
                      stroke_width=1.6 if act else 0.6))
        out.append(_text(bx + 5.5, y + 9.6, str(v), size=7.5, weight="bold", fill=ink))
        out.append("</g>")
    return out


def _players(board: Board, x: float, y: float, w: float) -> tuple[list[str], float]:
    out = [_text(x, y, _("Players"), size=13, weight="bold", anchor="start", fill="#3b2a1a"),
           _text(x + 12 + 7.4 * display_width(_("Players")), y, _("▶: to move"), size=8.5,
                 anchor="start", fill="#5a4630", class_="legend")]
    for label, dx in _COLS:
        out.append(_text(x + dx, y, _(label), size=9, fill="#6b4e2e"))
    y += 8
    row_h = 42
    for s in board.seats:
        moving = s.seat in board.to_move
        out.append(f'<g class="player" data-seat="{s.seat}">')
        out.append(el("rect", x=x - 4, y=y, width=w + 8, height=float(row_h - 4), rx=5.0,
                      fill="#fff4d6" if moving else "#fbf7ee",
                      stroke="#b8860b" if moving else "#d9cdb0",
                      stroke_width=1.6 if moving else 0.8))
        if moving:
            out.append(_text(x + 2, y + 24, "▶", size=10, fill="#b8860b", anchor="start"))
        out += cube(x + 13, y + 9, 14, s)
        name = s.name + (" " + _("(you)") if s.seat == board.viewer else "")
        out.append(_text(x + 36, y + 14, name, size=11.5, weight="bold", anchor="start"))
        notes = seat_notes(s, board)
        if notes:
            out.append(_text(x + 42 + 7.4 * display_width(name), y + 14, " · ".join(notes),
                             size=8.5, anchor="start", fill="#7b3fa8" if s.vetoes else "#5a4630"))
        out += _power_strip(board, s, x + 36, y + 20)
        out.append(_text(x + _COLS[0][1], y + 25, str(s.score), size=16, weight="bold",
                         class_="score", data_seat=s.seat))
        court_act = board.targets.get("court") if s.seat == board.viewer else None
        out.append(_text(x + _COLS[1][1], y + 24, "?" if s.court is None else str(s.court),
                         size=12, class_="court", data_action=court_act))
        out.append(_text(x + _COLS[2][1], y + 24,
                         "?" if s.provinces is None else str(s.provinces), size=12))
        home = board.label(s.grande) if s.grande else "—"
        out.append(_text(x + _COLS[3][1], y + 24, home,
                         size=8.5 if display_width(home) < 13 else 7.5,
                         fill="#5a4630"))
        out.append("</g>")
        y += row_h
    return out, y


def _score_track(board: Board, x: float, y: float, w: float) -> tuple[list[str], float]:
    """Scores as bars on one scale, so the race is visible at a glance."""
    top = max([s.score for s in board.seats] + [10])
    out = []
    for i, s in enumerate(board.seats):
        fill, stroke = colour_of(s)
        bw = (w - 110) * s.score / top  # (room after the longest bar for its words)
        out.append(el("rect", x=x, y=y + i * 9, width=max(bw, 1.5), height=7.0, fill=fill,
                      stroke=stroke, stroke_width=0.6))
        out.append(_text(x + bw + 4, y + i * 9 + 6.5, ngettext(
            "{who}: {n} point", "{who}: {n} points", s.score).format(who=s.name, n=s.score),
            size=7.5, anchor="start"))
    y += len(board.seats) * 9 + 8
    # the strips of power cards in the players' rows, in the phone picture's words
    out.append(_text(x, y, _("Power cards 1–13: white: in your hand · grey: played · gold: "
                             "this round"), size=8.5, anchor="start", fill="#5a4630",
                     class_="legend"))
    return out, y + 4


def _cards(board: Board, x: float, y: float, w: float) -> tuple[list[str], float]:
    out = [_text(x, y, _("Action cards"), size=13, weight="bold", anchor="start",
                 fill="#3b2a1a"),
           # what the squares at a card's top are (the stack it lies on, as on its back)
           _text(x + 8 + 7.4 * display_width(_("Action cards")), y, _(
               "■■■: place up to 3 Caballeros"), size=8.5, anchor="start", fill="#5a4630",
               class_="legend")]
    y += 8
    if not board.cards:
        out.append(_text(x, y + 14, _("None face up"), size=9, anchor="start", fill="#6b4e2e",
                         font_style="italic"))
        return out, y + 24
    n = max(len(board.cards), 5)
    cw = (w - (n - 1) * 6) / n
    ch = 92.0
    by_seat = {s.seat: s for s in board.seats}
    for i, c in enumerate(board.cards):
        cx = x + i * (cw + 6)
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        out.append('<g class="action-card"' + _attrs({"data_action": c.action,
                                                        "data_card": c.name}) + ">")
        out.append(el("title", _("{card} (place up to {n}): {text}").format(
            card=c.name, n=c.stack, text=c.text).strip()))
        out.append(el("rect", x=cx, y=y, width=cw, height=ch, rx=5.0,
                      fill="#ddd3bf" if taker else "#fffaf0",
                      stroke="#2a6fdb" if c.action else "#8c6d3f",
                      stroke_width=2.0 if c.action else 1.0))
        # The number of Caballeros printed on the card, as on its back.
        for k in range(c.stack):
            out.append(el("rect", x=cx + 5 + k * 8, y=y + 6, width=6.0, height=6.0,
                          fill="#8c6d3f"))
        for j, line in enumerate(_wrap(c.name, max(8, int(cw / 5.4)))[:4]):
            out.append(_text(cx + cw / 2, y + 28 + j * 11, line, size=8.5, weight="bold",
                             fill="#3b2a1a"))
        if taker is not None:
            fill, stroke = colour_of(taker)
            out.append(el("rect", x=cx, y=y + ch - 18, width=cw, height=18.0, fill=fill,
                          stroke=stroke))
            ink = "#222" if taker.colour.lower() in _LIGHT else "#fff"
            out.append(_text(cx + cw / 2, y + ch - 5.5, taker.name, size=8.5, weight="bold",
                             fill=ink))
        out.append("</g>")
    return out, y + ch + 10


_BUTTON_WORDS = {"act": N_("Special action"), "done": N_("End turn"), "stop": N_("Stop here"),
                 "veto": N_("Veto!"), "pass": N_("Pass")}


def _buttons(board: Board, x: float, y: float, w: float) -> tuple[list[str], float]:
    """Decisions with no place on the map (end the turn, Veto, how many to court) as buttons
    carrying their notation; drawn only for the viewer when it is his decision."""
    items: list[tuple[str, str]] = []
    for key, acts in board.all_targets.items():
        kind, _sep, arg = key.partition(":")
        if kind == "recruit":
            items.append((_("{n} to court").format(n=arg), acts[0]))
        elif kind == "button":
            items.append((_(_BUTTON_WORDS[arg]) if arg in _BUTTON_WORDS else arg, acts[0]))
    if not items:
        return [], y
    out = []
    bx = x
    for label, act in items:
        bw = 12 + 6.2 * display_width(label)
        if bx + bw > x + w:
            bx, y = x, y + 24
        out.append('<g class="button"' + _attrs({"data_action": act}) + ">")
        out.append(el("rect", x=bx, y=y, width=bw, height=19.0, rx=9.5, fill="#2a6fdb",
                      stroke="#12397a"))
        out.append(_text(bx + bw / 2, y + 13.5, label, size=10, weight="bold", fill="#fff"))
        out.append("</g>")
        bx += bw + 6
    return out, y + 28


LOG_CHARS = 66  # characters of a "Recent" line that fit the panel at 8.5 px


def _footer(board: Board, x: float, y: float, w: float) -> list[str]:
    out = []
    turn = turn_words(board)
    if turn:
        for line in _wrap(turn, LOG_CHARS - 6):
            out.append(_text(x, y, line, size=10, weight="bold", anchor="start",
                             fill="#3b2a1a", class_="turn"))
            y += 13
        y += 3
    # each board by what it is (a region's points for 1st, 2nd and 3rd place), not "8/4/0"
    boards = [(_("points {values}: on {region}") if v else _("points {values}: in reserve"))
              .format(values=k.replace("/", " / "), region=board.label(v) if v else "")
              for k, v in board.scoreboards.items()]
    if boards:
        out.append(_text(x, y, _("Mobile scoreboards: {boards}").format(
            boards=pgettext("list separator", "; ").join(boards)), size=9,
                         anchor="start", fill="#3b2a1a"))
        y += 16
    if board.log:
        out.append(_text(x, y, _("Recent"), size=11, weight="bold", anchor="start",
                         fill="#3b2a1a"))
        y += 13
        # The newest entries that fit, each whole: a long one wraps rather than being cut.
        room = max(0, int((HEIGHT - 8 - y) // 11) + 1)
        shown: list[list[str]] = []
        for line in reversed(board.log):
            wrapped = _wrap(line, LOG_CHARS) or [""]
            if sum(map(len, shown)) + len(wrapped) > room:
                break
            shown.insert(0, wrapped)
        for entry in shown:
            out.append('<g class="log-entry">')
            for k, part in enumerate(entry):
                out.append(_text(x + (8 if k else 0), y, part, size=8.5, anchor="start",
                                 fill="#5a4630"))
                y += 11
            out.append("</g>")
    return out


def _legend(x: float, y: float) -> list[str]:
    """What the pieces on the map are: below the map, in one row."""
    seat = Seat(-1, "", "grey")
    out = ['<g class="legend">']
    out += cube(x, y - 10, 12, seat, "2")
    out.append(_text(x + 20, y, _("Caballeros (how many)"), size=9.5, anchor="start"))
    x += 150
    out += cube(x, y - 13, 16, seat, GRANDE_MARK)
    out.append(_text(x + 24, y, _("Grande"), size=9.5, anchor="start"))
    x += 80
    out += king_piece(x + 8, y + 3)
    out.append(_text(x + 22, y, _("King"), size=9.5, anchor="start"))
    x += 66
    out += value_plate(x + 18, y - 4, (5, 3, 1), False)
    out.append(_text(x + 46, y, _("Points for 1st, 2nd, 3rd"), size=9.5, anchor="start"))
    x += 200
    out += value_plate(x + 28, y - 4, (8, 4, 0), True)
    out.append(_text(x + 62, y, _("Mobile scoreboard"), size=9.5, anchor="start"))
    out.append("</g>")
    return out


def _header(board: Board) -> list[str]:
    head = _("El Grande")  # the title as the page heading gives it (大王 in Chinese)
    parts = []
    if board.round_label:
        parts.append(board.round_label)
    if board.phase:
        parts.append(board.phase)
    out = [
        el("rect", x=0.0, y=0.0, width=float(WIDTH), height=44.0, fill="#6b1d1d"),
        _text(16, 29, head, size=22, weight="bold", fill="#f6d77a", anchor="start",
              letter_spacing=1.0, font_family="Georgia, 'DejaVu Serif', serif"),
        _text(166, 28, " · ".join(parts), size=13, fill="#fff3d6", anchor="start"),
    ]
    if board.pending:
        out.append(_text(WIDTH - 14, 28, board.pending, size=12, fill="#fff3d6", anchor="end",
                         font_style="italic"))
    return out


def draw(board: Board) -> str:
    """The SVG picture of a :class:`Board`."""
    body = _header(board) + _map(board) + _legend(MAP_X + 8, MAP_Y + MAP_HEIGHT + 30)
    x, w = float(PANEL_X), float(WIDTH - PANEL_X - 14)
    part, y = _players(board, x, MAP_Y + 12, w)
    body += part
    part, y = _score_track(board, x, y + 2, w)
    body += part
    part, y = _cards(board, x, y + 14, w)
    body += part
    part, y = _buttons(board, x, y, w)
    body += part
    body += _footer(board, x, y + 8, w)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'font-family={quoteattr(FONT)}>')
    return "\n".join([head, el("title", "El Grande"),
                      el("rect", x=0.0, y=0.0, width=float(WIDTH), height=float(HEIGHT),
                         fill="#f7f0de"), *body, "</svg>"]) + "\n"


def render_svg(view: Mapping[str, Any]) -> str:
    """The map of Spain with every piece of ``view``, as a self-contained SVG string."""
    return draw(read_view(view))


def seat_notes(s: Seat, board: Board) -> list[str]:
    """What a seat's panel says beside its name: the hand's size where unseen, its disk,
    its Vetoes."""
    notes = []
    if s.hand is None and s.hand_count is not None:
        notes.append(_("{n} in hand").format(n=s.hand_count))
    if s.disk:
        notes.append(disk_words(s.disk, board) or "")
    if s.vetoes:
        notes.append(_("Veto!") if s.vetoes == 1 else _("{n}× Veto!").format(n=s.vetoes))
    return notes
