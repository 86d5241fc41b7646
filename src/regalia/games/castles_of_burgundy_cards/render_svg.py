"""The Castles of Burgundy card game as a picture: ``render_svg(view) -> str``.

A pure function of the view, like ``chess.svg.board()``: no state, no I/O, no fonts or images
from outside, the same bytes for the same view. The table is drawn as it lies: the display
rows 1-6 as columns under their die cards, the supply (round card, bonus cards, deck, goods
and animal piles), then one board per seat with its estate piles, projects, storage and (for
the viewing seat only) its hand; Aaron's estate in the solo game.

Elements a click could act on carry the action's notation in ``data-action`` (only when the
view's ``legal`` list holds it); cards carry ``data-card`` / ``data-row`` / ``data-seat`` so
front ends and tests can read the picture back. Every legal action the table has no place
for (restock workers, take silver, convert, pay, buy, end) becomes a button.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import quoteattr

from regalia.engine.i18n import _, display_width, ngettext, pgettext
from regalia.engine.markup import attributes as _attrs
from regalia.engine.markup import button_words
from regalia.engine.markup import element as el
from regalia.engine.markup import number as _n
from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_KINDS, GOODS_KINDS, TYPE_NAMES
from regalia.games.castles_of_burgundy_cards.names import (
    animal_word,
    card_words,
    goods_word,
    kind_label,
    type_word,
)
from regalia.games.castles_of_burgundy_cards.reading import (
    card_parts,
    clickable,
    decision_words,
    good_parts,
    seat_name,
)

WIDTH = 1200
# Installed families only, nothing to fetch; the CJK ones carry Chinese labels.
CJK_FONTS = ("'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei',"
             "'Microsoft YaHei',sans-serif")
FONT = "DejaVu Sans, Verdana, Arial, " + CJK_FONTS
SERIF = "Georgia, 'DejaVu Serif', " + CJK_FONTS

# Card-type colours (rules §1.2): fill, edge, ink for text on the fill.
TYPE_COLOURS: dict[str, tuple[str, str, str]] = {
    "castle": ("#2f6d3c", "#173a1f", "#ffffff"),
    "mine": ("#8e9297", "#4a4d51", "#ffffff"),
    "cloister": ("#7e57b0", "#42285f", "#ffffff"),
    "knowledge": ("#ecc53f", "#8a6d0a", "#2b2100"),
    "ship": ("#2f76c2", "#163c66", "#ffffff"),
    "pasture": ("#9fd168", "#4d7a22", "#1d3308"),
    "building": ("#e3d1a7", "#8c7446", "#3b2a10"),
}
_UNKNOWN = ("#bdbdbd", "#616161", "#222222")
GOODS_COLOURS: dict[str, str] = {"light": "#d8ad72", "medium": "#a36c35", "dark": "#5c3818"}
ANIMAL_COLOURS: dict[str, tuple[str, str]] = {  # token fill, ink
    "chicken": ("#fff3c4", "#6b4e00"), "cattle": ("#8b5a2b", "#ffffff"),
    "sheep": ("#f4f4ef", "#444444"), "pig": ("#f4a9b8", "#6b1f30"),
}
# Building kinds: the short word printed on a small card (the full title is its tooltip).
SHORT_KIND: dict[str, str] = {
    "carpenter": "carpenter", "church": "church", "market": "market",
    "watchtower": "watchtower", "bank": "bank", "boarding-house": "boarding",
    "warehouse": "warehouse", "city-hall": "city hall",
}


def _short_kind(kind: str) -> str:
    """The word on a small card: the short English word, or the kind's name in a language
    that has one (Chinese names are short already)."""
    label = kind_label(kind)
    return SHORT_KIND.get(kind, kind) if label == kind else label
SEAT_ACCENT = ("#b03a2e", "#1f618d", "#b7950b", "#6c3483")  # a seat's band colour
INK, PAPER, TABLE = "#3b2a1a", "#fffaf0", "#efe6d2"
BONUS_W, BONUS_STEP = 42.0, 46.0  # a "1." card: wide enough for its type's name
CLICK = "#0a84ff"


# --------------------------------------------------------------------------- SVG primitives
def _vp(n: int) -> str:
    """'3 VP' / '3分'."""
    return ngettext("{n} VP", "{n} VP", n).format(n=n)


def _claim(notation: str, legal: set[str], used: set[str]) -> str | None:
    """The notation if the viewer may play it now (noted as drawn), else None."""
    if notation in legal:
        used.add(notation)
        return notation
    return None


def group(cls: str, **attrs: Any) -> str:
    """The opening tag of a ``<g>``; a ``data_action`` makes it clickable (pointer cursor)."""
    if attrs.get("data_action"):
        attrs["cursor"] = "pointer"
    return f"<g{_attrs({'class': cls, **attrs})}>"


def _text(x: float, y: float, s: str, size: float = 11, weight: str = "normal",
          fill: str = INK, anchor: str = "middle", **more: Any) -> str:
    return el("text", s, x=x, y=y, font_size=size, font_weight=weight, fill=fill,
              text_anchor=anchor, **more)


def type_colours(ctype: str) -> tuple[str, str, str]:
    return TYPE_COLOURS.get(ctype, _UNKNOWN)


# --------------------------------------------------------------------------- pieces
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def die(x: float, y: float, size: float, value: int, fill: str = "#ffffff",
        pip: str = "#222222") -> list[str]:
    """A die face showing ``value`` (1-6); anything else is written as a number."""
    out = [el("rect", x=x, y=y, width=size, height=size, rx=size * 0.18, fill=fill,
              stroke="#333333", stroke_width=0.7)]
    spots = _PIPS.get(value)
    if spots is None:
        out.append(_text(x + size / 2, y + size * 0.72, str(value), size=size * 0.7,
                         weight="bold", fill=pip))
        return out
    for px, py in spots:
        out.append(el("circle", cx=x + px * size, cy=y + py * size, r=size * 0.09, fill=pip))
    return out


def type_icon(ctype: str, cx: float, cy: float, s: float, ink: str) -> list[str]:
    """A small pictogram of a card type, centred on (cx, cy), ``s`` wide."""
    h = s / 2
    if ctype == "castle":  # a crenellated tower
        x0, x1, y0, y1 = cx - h * 0.7, cx + h * 0.7, cy - h * 0.7, cy + h
        q = (x1 - x0) / 5
        d = (f"M{_n(x0)},{_n(y1)} L{_n(x0)},{_n(y0)} " +
             " ".join(f"L{_n(x0 + q * i)},{_n(y0 if i % 2 == 0 else y0 + q)} "
                      f"L{_n(x0 + q * (i + 1))},{_n(y0 if i % 2 == 0 else y0 + q)}"
                      for i in range(5)) + f" L{_n(x1)},{_n(y1)} Z")
        return [el("path", d=d, fill=ink, opacity=0.85)]
    if ctype == "mine":  # a mountain with a gallery entrance
        return [el("path", d=f"M{_n(cx - h)},{_n(cy + h * 0.8)} L{_n(cx - h * 0.1)},"
                   f"{_n(cy - h * 0.8)} L{_n(cx + h)},{_n(cy + h * 0.8)} Z", fill=ink,
                   opacity=0.85),
                el("rect", x=cx - h * 0.2, y=cy + h * 0.2, width=h * 0.4, height=h * 0.6,
                   fill="#333333")]
    if ctype == "cloister":  # a cross
        w = h * 0.32
        return [el("rect", x=cx - w / 2, y=cy - h, width=w, height=2 * h, fill=ink),
                el("rect", x=cx - h * 0.6, y=cy - h * 0.45, width=h * 1.2, height=w,
                   fill=ink)]
    if ctype == "knowledge":  # an open book
        return [el("path", d=f"M{_n(cx)},{_n(cy - h * 0.5)} L{_n(cx - h)},{_n(cy - h * 0.8)} "
                   f"L{_n(cx - h)},{_n(cy + h * 0.6)} L{_n(cx)},{_n(cy + h * 0.9)} "
                   f"L{_n(cx + h)},{_n(cy + h * 0.6)} L{_n(cx + h)},{_n(cy - h * 0.8)} Z",
                   fill="none", stroke=ink, stroke_width=s * 0.09),
                el("line", x1=cx, y1=cy - h * 0.5, x2=cx, y2=cy + h * 0.9, stroke=ink,
                   stroke_width=s * 0.07)]
    if ctype == "ship":  # hull, mast and sail
        return [el("path", d=f"M{_n(cx - h)},{_n(cy + h * 0.35)} L{_n(cx + h)},"
                   f"{_n(cy + h * 0.35)} L{_n(cx + h * 0.6)},{_n(cy + h)} L{_n(cx - h * 0.6)},"
                   f"{_n(cy + h)} Z", fill=ink),
                el("path", d=f"M{_n(cx - h * 0.05)},{_n(cy - h)} L{_n(cx - h * 0.05)},"
                   f"{_n(cy + h * 0.25)} L{_n(cx - h * 0.8)},{_n(cy + h * 0.25)} Z", fill=ink,
                   opacity=0.8),
                el("path", d=f"M{_n(cx + h * 0.1)},{_n(cy - h * 0.7)} L{_n(cx + h * 0.1)},"
                   f"{_n(cy + h * 0.25)} L{_n(cx + h * 0.7)},{_n(cy + h * 0.25)} Z", fill=ink,
                   opacity=0.6)]
    if ctype == "pasture":  # a fence
        sw = s * 0.09
        out = [el("line", x1=cx - h, y1=cy - h * 0.2 + k * h * 0.6, x2=cx + h,
                  y2=cy - h * 0.2 + k * h * 0.6, stroke=ink, stroke_width=sw) for k in (0, 1)]
        out += [el("line", x1=cx + h * f, y1=cy - h * 0.6, x2=cx + h * f, y2=cy + h * 0.8,
                   stroke=ink, stroke_width=sw) for f in (-0.75, 0.0, 0.75)]
        return out
    if ctype == "building":  # a house
        return [el("path", d=f"M{_n(cx - h * 0.8)},{_n(cy + h)} L{_n(cx - h * 0.8)},"
                   f"{_n(cy - h * 0.1)} L{_n(cx)},{_n(cy - h)} L{_n(cx + h * 0.8)},"
                   f"{_n(cy - h * 0.1)} L{_n(cx + h * 0.8)},{_n(cy + h)} Z", fill=ink,
                   opacity=0.8)]
    return []


def card(x: float, y: float, w: float, h: float, face: str, cls: str = "card",
         action: str | None = None, **data: Any) -> list[str]:
    """An action card: type colour, its die at the top-left, the type pictogram at the
    top-right and the kind written at the bottom (buildings name their kind)."""
    kind, value, ctype = card_parts(face)
    fill, edge, ink = type_colours(ctype)
    out = [group(cls, data_card=face, data_action=action, **data),
           el("title", card_words(kind, value)),
           el("rect", x=x, y=y, width=w, height=h, rx=w * 0.09, fill=fill,
              stroke=CLICK if action else edge, stroke_width=2.6 if action else 1.0)]
    ds = min(w * 0.4, 20.0)
    out += die(x + 3, y + 3, ds, value)
    out += type_icon(ctype, x + w - ds / 2 - 4, y + 3 + ds / 2, ds * 0.85, ink)
    word = _short_kind(kind)
    # Bold sans glyphs run about 0.68 em wide (CJK about 1.2): shrink long words to fit.
    size = min(9.0, (w - 5) / (max(display_width(word), 1) * 0.68))
    if h >= ds + 14:
        out.append(_text(x + w / 2, y + h - 6, word, size=size, weight="bold", fill=ink))
    out.append("</g>")
    return out


def card_back(x: float, y: float, w: float, h: float, label: str = "",
              cls: str = "card-back", **data: Any) -> list[str]:
    """The red back of an action card, with a count or word on it."""
    out = [group(cls, **data),
           el("rect", x=x, y=y, width=w, height=h, rx=w * 0.09, fill="#9b2d20",
              stroke="#4d130c", stroke_width=1.0),
           el("rect", x=x + 3, y=y + 3, width=w - 6, height=h - 6, rx=w * 0.07, fill="none",
              stroke="#e6b35a", stroke_width=0.8)]
    if label:
        out.append(_text(x + w / 2, y + h / 2 + 5, label, size=min(14.0, w * 0.32),
                         weight="bold", fill="#fff1cf"))
    out.append("</g>")
    return out


def good_token(x: float, y: float, good: str, size: float = 18.0,
               action: str | None = None, cls: str = "good") -> list[str]:
    """A goods card as a small brown square with its printed VP."""
    kind, vp = good_parts(good)
    fill = GOODS_COLOURS.get(kind, "#999999")
    ink = "#3b2a1a" if kind == "light" else "#fff6e0"
    return [group(cls, data_good=good, data_action=action),
            el("title", _("{goods} brown good, {vp} VP when sold").format(
                goods=goods_word(kind), vp=vp)),
            el("rect", x=x, y=y, width=size, height=size, rx=3.0, fill=fill,
               stroke=CLICK if action else "#3b2a1a", stroke_width=2.2 if action else 0.7),
            _text(x + size / 2, y + size * 0.68, str(vp), size=size * 0.55, weight="bold",
                  fill=ink),
            "</g>"]


def animal_token(x: float, y: float, kind: str, w: float = 44.0, h: float = 17.0,
                 count: int | None = None) -> list[str]:
    """An animal card as a rounded tag with its kind (and how many, in storage)."""
    fill, ink = ANIMAL_COLOURS.get(kind, ("#dddddd", "#222222"))
    word = animal_word(kind)
    label = word if count is None else f"{word} {count}"
    return [el("rect", x=x, y=y, width=w, height=h, rx=h / 2, fill=fill, stroke="#5a4630",
               stroke_width=0.7),
            _text(x + w / 2, y + h * 0.7, label, size=min(9.5, h * 0.58), weight="bold",
                  fill=ink)]


def worker(x: float, y: float, size: float = 14.0) -> list[str]:
    """A worker: a little figure (head and body)."""
    return [el("circle", cx=x + size / 2, cy=y + size * 0.25, r=size * 0.22, fill="#d98c2b",
               stroke="#6b3e0a", stroke_width=0.6),
            el("path", d=f"M{_n(x + size * 0.12)},{_n(y + size)} L{_n(x + size * 0.3)},"
               f"{_n(y + size * 0.48)} L{_n(x + size * 0.7)},{_n(y + size * 0.48)} "
               f"L{_n(x + size * 0.88)},{_n(y + size)} Z", fill="#d98c2b", stroke="#6b3e0a",
               stroke_width=0.6)]


def silver(x: float, y: float, size: float = 14.0) -> list[str]:
    """A silver coin."""
    r = size / 2
    return [el("circle", cx=x + r, cy=y + r, r=r, fill="#cfd3d8", stroke="#6d737a",
               stroke_width=0.8),
            el("circle", cx=x + r, cy=y + r, r=r * 0.62, fill="none", stroke="#8a9096",
               stroke_width=0.6)]


def button(x: float, y: float, label: str, action: str) -> tuple[list[str], float]:
    """A pill with the words of a decision that has no place on the table; its width."""
    w = 14 + 6.3 * display_width(label)
    return [group("button", data_action=action),
            el("rect", x=x, y=y, width=w, height=20.0, rx=10.0, fill=CLICK,
               stroke="#0050a0"),
            _text(x + w / 2, y + 14, label, size=10.5, weight="bold", fill="#ffffff"),
            "</g>"], w


# --------------------------------------------------------------------------- table parts
DCW, DCH = 64.0, 56.0  # a display card
COL = 74.0             # a display column


def _display(view: Mapping[str, Any], legal: set[str], used: set[str],
             x: float, y: float) -> tuple[list[str], float]:
    """Rows 1-6 as columns: the die-faced row card on top, the row's cards below it."""
    rows = list(view.get("display") or ())
    deepest = max([2, *(len(r) for r in rows)])
    h = 58 + deepest * (DCH + 5) + 6
    out = [el("rect", x=x, y=y, width=6 * COL + 12, height=h, rx=8.0, fill="#e2d5b8",
              stroke="#b49a6a"),
           _text(x + 10, y + 17, pgettext(
                   "castles-of-burgundy-cards", "Display"), size=13, weight="bold",
                 anchor="start")]
    for r in range(6):
        cx = x + 8 + r * COL
        row = rows[r] if r < len(rows) else []
        out.append(group("display-row", data_row=r + 1, data_count=len(row)))
        # The display card of the row: a big die face, as the printed row marker.
        out.append(el("title", _("display row {n}").format(n=r + 1)))
        out += die(cx + DCW / 2 - 15, y + 24, 30.0, r + 1, fill=PAPER)
        for i, face in enumerate(row):
            act = _claim(f"take {r + 1} {face}", legal, used)
            out += card(cx, y + 60 + i * (DCH + 5), DCW, DCH, face, cls="display-card",
                        action=act, data_row=r + 1)
        if not row:
            out.append(_text(cx + DCW / 2, y + 60 + DCH / 2, pgettext(
                    "castles-of-burgundy-cards", "empty"), size=9,
                             fill="#8c7a60",
                             font_style="italic"))
        out.append("</g>")
    return out, y + h


def _round_card(view: Mapping[str, Any], legal: set[str], used: set[str],
                x: float, y: float) -> list[str]:
    rc = view.get("round_card") or {}
    opts = list(rc.get("options") or ())
    w, h = 190.0, 40 + 17 * max(len(opts), 3)
    out = [group("round-card", data_round=rc.get("letter")),
           el("rect", x=x, y=y, width=w, height=h, rx=7.0, fill="#f6ecd4", stroke="#8c6d3f",
              stroke_width=1.2),
           el("circle", cx=x + 20, cy=y + 20, r=13.0, fill="#6b1d1d"),
           _text(x + 20, y + 25.5, str(rc.get("letter", "?")), size=15, weight="bold",
                 fill="#f6d77a"),
           _text(x + 40, y + 17, pgettext("castles-of-burgundy-cards", "Round card"), size=11,
                 weight="bold", anchor="start"),
           _text(x + 40, y + 30, _("bonus for a triple, choose 1:"), size=8.5, anchor="start",
                 fill="#6b4e2e")]
    for i, opt in enumerate(opts):
        act = _claim(f"bonus {i + 1}", legal, used)
        oy = y + 40 + i * 17
        out.append(group("round-bonus", data_option=i + 1, data_action=act))
        out.append(el("rect", x=x + 8, y=oy, width=w - 16, height=15.0, rx=4.0,
                      fill="#ffffff" if not act else "#dcebff",
                      stroke=CLICK if act else "#c9b48a", stroke_width=1.6 if act else 0.6))
        out.append(_text(x + 14, oy + 11, f"{i + 1}. {opt}", size=9.5, anchor="start"))
        out.append("</g>")
    left = view.get("round_cards_left") or ()
    out.append(_text(x + w / 2, y + h + 13, _("to come: {rounds}").format(
        rounds=" ".join(left) if left else "—"),
                     size=9, fill="#6b4e2e"))
    out.append("</g>")
    return out


def _bonus_cards(view: Mapping[str, Any], x: float, y: float) -> list[str]:
    """The seven "1." cards, each labelled with its type (dimmed, with the holder's name
    under it, once taken), and the "all 7 types" stack."""
    first = view.get("first_bonus") or {}
    first_vp = (view.get("printed") or {}).get("first_triple_vp")
    heading = (_("Bonus cards “1.” (first triple of a type, {vp} VP)").format(vp=first_vp)
               if first_vp is not None else _("Bonus cards “1.” (first triple of a type)"))
    out = [_text(x, y + 10, heading, size=11, weight="bold", anchor="start")]
    for i, t in enumerate(TYPE_NAMES):
        bx, by = x + i * BONUS_STEP, y + 16
        fill, edge, ink = type_colours(t)
        holder = first.get(t)
        fade = 0.3 if holder is not None else 1.0
        out.append(group("first-bonus", data_type=t,
                         data_holder="" if holder is None else holder))
        tip = _("first {type} triple").format(type=type_word(t))
        if first_vp:
            tip = _("first {type} triple: {vp} VP").format(type=type_word(t), vp=first_vp)
        if holder is not None:
            tip = _("{bonus} (taken by {who})").format(bonus=tip, who=seat_name(view, holder))
        out.append(el("title", tip))
        out.append(el("rect", x=bx, y=by, width=BONUS_W, height=40.0, rx=3.0, fill=fill,
                      stroke=edge, opacity=fade))
        out.append(_text(bx + BONUS_W / 2, by + 19, "1.", size=14, weight="bold", fill=ink,
                         opacity=fade))
        out.append(_text(bx + BONUS_W / 2, by + 33, type_word(t), size=7, fill=ink,
                         opacity=fade,
                         class_="first-bonus-type"))
        if holder is not None:
            who = seat_name(view, holder)
            short = seat_name(view, "aaron") if holder == "aaron" else \
                _("P{n}").format(n=holder + 1) if isinstance(holder, int) else who
            out.append(_text(bx + BONUS_W / 2, by + 50, short, size=8.5, weight="bold",
                             fill=INK))
        out.append("</g>")
    stack = list(view.get("all_types_stack") or ())
    sx, sy = x + 7 * BONUS_STEP + 8, y + 16
    out.append(group("all-types", data_stack=" ".join(map(str, stack))))
    out.append(el("title", _("All 7 types: the next to hold all seven colours takes the top "
                             "card (values {values})").format(
        values=pgettext("castles-of-burgundy-cards", ", ").join(map(str, stack)) or pgettext(
                "castles-of-burgundy-cards", "none"))))
    for k in range(min(len(stack), 4) - 1, -1, -1):
        out.append(el("rect", x=sx + k * 3, y=sy - k * 3, width=44.0, height=40.0, rx=3.0,
                      fill="#fdf3dc", stroke="#8c6d3f"))
    if stack:
        out.append(_text(sx + 22, sy + 17, _vp(stack[0]), size=11, weight="bold"))
        out.append(_text(sx + 22, sy + 31, pgettext(
                "castles-of-burgundy-cards", "all 7"), size=8.5, fill="#6b4e2e"))
    else:
        out.append(el("rect", x=sx, y=sy, width=44.0, height=40.0, rx=3.0, fill="none",
                      stroke="#b49a6a", stroke_dasharray="3,2"))
        out.append(_text(sx + 22, sy + 24, pgettext(
                "castles-of-burgundy-cards", "gone"), size=9, fill="#8c7a60"))
    out.append("</g>")
    return out


def _piles(view: Mapping[str, Any], legal: set[str], used: set[str],
           x: float, y: float) -> list[str]:
    """Deck, discard, the two goods piles and the two animal piles with their top cards."""
    out = [_text(x, y + 10, pgettext(
            "castles-of-burgundy-cards", "Supply"), size=11, weight="bold", anchor="start")]
    y += 16
    out += card_back(x, y, 44.0, 58.0, str(view.get("deck", "?")), cls="deck",
                     data_count=view.get("deck"))
    out.append(_text(x + 22, y + 70, pgettext(
            "castles-of-burgundy-cards", "deck"), size=8.5, fill="#6b4e2e"))
    top = view.get("discard_top")
    dx = x + 52
    if top:
        out += card(dx, y, 44.0, 58.0, str(top), cls="discard-top")
    else:
        out.append(el("rect", x=dx, y=y, width=44.0, height=58.0, rx=4.0, fill="none",
                      stroke="#b49a6a", stroke_dasharray="3,2"))
    out.append(_text(dx + 22, y + 70, _("discard {n}").format(n=view.get("discard", 0)),
                     size=8.5,
                     fill="#6b4e2e"))
    px = dx + 60
    for i, p in enumerate(view.get("goods_piles") or ()):
        act = _claim(f"goods {i + 1}", legal, used)
        gx = px + i * 52
        out.append(group("goods-pile", data_pile=i + 1, data_count=p.get("count", 0),
                         data_action=act))
        out.append(el("rect", x=gx, y=y, width=46.0, height=58.0, rx=4.0, fill="#f3e6cb",
                      stroke=CLICK if act else "#8c6d3f", stroke_width=2.4 if act else 0.8))
        if p.get("top"):
            out += good_token(gx + 8, y + 6, str(p["top"]), size=30.0)
            out.append(_text(gx + 23, y + 50, goods_word(good_parts(str(p["top"]))[0]),
                             size=8.5))
        else:
            out.append(_text(gx + 23, y + 32, "empty", size=8.5, fill="#8c7a60"))
        out.append(_text(gx + 23, y + 70, _("goods {n}: {count}").format(
            n=i + 1, count=p.get("count", 0)), size=8.5,
                         fill="#6b4e2e"))
        out.append("</g>")
    ax = px + 2 * 52 + 6
    for i, p in enumerate(view.get("animal_piles") or ()):
        act = _claim(f"animal {i + 1}", legal, used)
        gx = ax + i * 56
        out.append(group("animal-pile", data_pile=i + 1, data_count=p.get("count", 0),
                         data_action=act))
        out.append(el("rect", x=gx, y=y, width=50.0, height=58.0, rx=4.0, fill="#e8f0d8",
                      stroke=CLICK if act else "#6b8f3a", stroke_width=2.4 if act else 0.8))
        if p.get("top"):
            out += animal_token(gx + 3, y + 20, str(p["top"]))
        else:
            out.append(_text(gx + 25, y + 32, "empty", size=8.5, fill="#8c7a60"))
        out.append(_text(gx + 25, y + 70, _("animal {n}: {count}").format(
            n=i + 1, count=p.get("count", 0)), size=8.5,
                         fill="#6b4e2e"))
        out.append("</g>")
    return out


def start_player_card(x: float, y: float, side: str, holder: str) -> list[str]:
    """The start player card: face up plain, face down with question marks (rules §2.3)."""
    down = side == "question marks"
    return [group("start-player", data_side=side),
            el("title", (_("start player card (face down), held by {who}: 1 VP at the end")
                         if down else
                         _("start player card (face up), held by {who}: 1 VP at the end")
                         ).format(who=holder)),
            el("rect", x=x, y=y, width=34.0, height=24.0, rx=3.0,
               fill="#6b1d1d" if down else "#f6d77a", stroke="#3b0e0e"),
            _text(x + 17, y + 17, "???" if down else pgettext(
                    "castles-of-burgundy-cards", "1st"), size=10, weight="bold",
                  fill="#f6d77a" if down else "#6b1d1d"),
            "</g>"]


# --------------------------------------------------------------------------- player boards
ECW, ECH = 46.0, 58.0  # an estate / project / hand card
BOARD_H = 296.0        # a player's board
STEP = 17.0            # how far each card of an estate pile peeks out below the previous


def estate(piles: Sequence[Mapping[str, Any]], x: float, y: float, seat: Any,
           legal: set[str], used: set[str], limit: float,
           triple_vp: Mapping[str, Any] | None = None) -> tuple[list[str], float]:
    """Estate piles side by side, each a fanned stack; a complete triple wears a gold frame
    and shows the VP printed on its cards."""
    out: list[str] = []
    triple_vp = triple_vp or {}
    px = x
    gap = ECW + 8
    slots = len(piles) + (1 if "onto new" in legal else 0)
    if slots * gap > limit:  # many piles: close them up so the estate keeps to its board
        gap = max(ECW * 0.6, limit / max(slots, 1))
    for i, pile in enumerate(piles):
        cards = list(pile.get("cards") or ())
        act = _claim(f"onto {i + 1}", legal, used)
        done = bool(pile.get("complete"))
        out.append(group("estate-pile", data_seat=seat, data_pile=i + 1,
                         data_type=pile.get("type"), data_count=len(cards),
                         data_complete="true" if done else "false", data_action=act))
        tall = ECH + STEP * max(len(cards) - 1, 0)
        if done:
            out.append(el("rect", x=px - 3, y=y - 3, width=ECW + 6, height=tall + 6, rx=6.0,
                          fill="#f6d77a", stroke="#a67c00", stroke_width=1.4))
        for k, face in enumerate(cards):
            out += card(px, y + k * STEP, ECW, ECH, str(face), cls="estate-card")
        if act:
            out.append(el("rect", x=px - 2, y=y - 2, width=ECW + 4, height=tall + 4, rx=5.0,
                          fill="none", stroke=CLICK, stroke_width=2.6))
        # Type and progress on two short lines, so neighbouring labels never run together;
        # the type matters where a cloister joined another type's pile (rules §2.6).
        ly = y + ECH + 2 * STEP + 11
        out.append(_text(px + ECW / 2, ly, type_word(str(pile.get("type"))), size=7.5,
                         fill="#5a4630"))
        vp = triple_vp.get(str(pile.get("type")))
        done_label = "★ " + (_vp(vp) if vp is not None else pgettext(
                "castles-of-burgundy-cards", "triple"))
        out.append(_text(px + ECW / 2, ly + 10, done_label if done else _("{n} of 3").format(
            n=len(cards)),
                         size=8, fill="#8a6500" if done else "#5a4630",
                         weight="bold" if done else "normal"))
        if vp is not None:
            out.append(el("title", _("{type}: {n} of 3; a triple scores {vp} VP").format(
                type=type_word(str(pile.get("type"))), n=len(cards), vp=vp)))
        out.append("</g>")
        px += gap
    if "onto new" in legal:
        used.add("onto new")
        out += [group("estate-new", data_seat=seat, data_action="onto new"),
                el("rect", x=px, y=y, width=ECW, height=ECH, rx=4.0, fill="#dcebff",
                   stroke=CLICK, stroke_width=2.2, stroke_dasharray="4,2"),
                _text(px + ECW / 2, y + ECH / 2 + 4, pgettext(
                        "castles-of-burgundy-cards", "new pile"), size=8.5, weight="bold",
                      fill="#0050a0"),
                "</g>"]
    if not piles and "onto new" not in legal:
        out.append(_text(x + 4, y + 30, pgettext(
                "castles-of-burgundy-cards", "no cards yet"), size=9, anchor="start",
                         fill="#8c7a60", font_style="italic"))
    return out, y + ECH + 2 * STEP + 24


def _storage(view: Mapping[str, Any], s: Mapping[str, Any], seat: int, legal: set[str],
             used: set[str], x: float, y: float) -> list[str]:
    """Workers, silver, goods by kind (each kind one click to sell), animals, and beside the
    storage what lies left and right of the estate: sold goods, VP cards, bonus cards."""
    out = [group("storage", data_seat=seat, data_workers=s.get("workers", 0),
                 data_silver=s.get("silver", 0)),
           _text(x, y + 10, pgettext(
                   "castles-of-burgundy-cards", "Storage"), size=10, weight="bold", anchor="start")]
    y += 16
    # each counter says what it counts (the phone's words), not a bare "×2" beside an icon
    workers, coins = int(s.get("workers", 0)), int(s.get("silver", 0))
    out += worker(x, y)
    out.append(_text(x + 18, y + 12, ngettext("{n} worker", "{n} workers", workers).format(
        n=workers), size=10, weight="bold", anchor="start"))
    out += silver(x + 92, y)
    out.append(_text(x + 110, y + 12, ngettext("{n} silver", "{n} silver", coins).format(
        n=coins), size=10, weight="bold", anchor="start"))
    y += 20
    # Goods grouped by card (kind and printed VP) with a count: a long game's storage
    # stays on its board. Clicking any good of a kind sells that kind when legal.
    goods = s.get("goods") or {}
    gx = x
    for kind in (*GOODS_KINDS, *(k for k in goods if k not in GOODS_KINDS)):
        act: str | None = f"sell {kind}"
        act = act if act in legal and goods.get(kind) else None
        if act:
            used.add(act)
        for g, n in _grouped(goods.get(kind) or ()):
            out += good_token(gx, y, g, size=16.0, action=act)
            out.append(_text(gx + 18, y + 12, f"×{n}", size=9.5, anchor="start"))
            gx += 42
    if gx == x:
        out.append(_text(x, y + 12, pgettext(
                "castles-of-burgundy-cards", "no goods"), size=8.5, anchor="start", fill="#8c7a60"))
    y += 22
    animals = s.get("animals") or {}
    ax = x
    for kind in (*ANIMAL_KINDS, *(k for k in animals if k not in ANIMAL_KINDS)):
        n = animals.get(kind, 0)
        if n:
            out += animal_token(ax, y, kind, w=56.0, count=n)
            ax += 59
    if ax == x:
        out.append(_text(x, y + 12, pgettext(
                "castles-of-burgundy-cards", "no animals"), size=8.5, anchor="start",
                         fill="#8c7a60"))
    out.append("</g>")
    y += 24
    # Right of the estate: the sold goods, kept face up with their VP (rules §2.3).
    sold = list(s.get("sold") or ())
    sold_label = pgettext("castles-of-burgundy-cards", "Sold")
    out.append(_text(x, y + 11, sold_label, size=9, weight="bold", anchor="start"))
    sx = x + 28 if sold_label.isascii() else x + display_width(sold_label) * 4.5 + 6
    for g, n in _grouped(sold):
        out += good_token(sx, y, g, size=14.0, cls="sold")
        out.append(_text(sx + 16, y + 11, f"×{n}", size=9, anchor="start"))
        sx += 38
    out.append(_text(sx, y + 11, "= " + _vp(int(s.get("sold_vp", 0))), size=9, anchor="start",
                     fill="#5a4630"))
    y += 20
    bits = [_("VP cards {n}").format(n=s.get("vp_cards", 0))]
    first = list(s.get("first_bonus") or ())
    if first:
        bits.append("“1.” " + pgettext(
                "castles-of-burgundy-cards", ", ").join(type_word(str(f)) for f in first))
    if s.get("all_types"):
        bits.append(_("all 7 types {vp}").format(vp=s["all_types"]))
    out.append(_text(x, y + 10, " · ".join(bits), size=9, anchor="start", fill="#3b2a1a"))
    return out


def _grouped(items: Sequence[str]) -> list[tuple[str, int]]:
    """Equal cards counted, in first-seen order: ``[a, a, b]`` -> ``[(a, 2), (b, 1)]``."""
    counts: dict[str, int] = {}
    for item in items:
        counts[str(item)] = counts.get(str(item), 0) + 1
    return list(counts.items())


def _board(view: Mapping[str, Any], seat: int, s: Mapping[str, Any], legal: set[str],
           used: set[str], x: float, y: float, w: float) -> tuple[list[str], float]:
    viewer = view.get("seat")
    mine = seat == viewer
    accent = SEAT_ACCENT[seat % len(SEAT_ACCENT)]
    estate_piles = list(s.get("estate") or ())
    h = BOARD_H
    moving = seat in (view.get("to_move") or ())
    out = [group("player", data_seat=seat),
           el("rect", x=x, y=y, width=w, height=h, rx=8.0, fill=PAPER,
              stroke=CLICK if moving and mine else (accent if moving else "#b49a6a"),
              stroke_width=2.6 if moving else 1.0),
           el("rect", x=x, y=y, width=w, height=26.0, rx=8.0, fill=accent),
           el("rect", x=x, y=y + 16, width=w, height=10.0, fill=accent)]
    name = str(s.get("name") or seat_name(view, seat))
    title = ("▶ " if moving else "") + name + (
        " " + pgettext("castles-of-burgundy-cards", "(you)") if mine and name != pgettext(
                "castles-of-burgundy-cards", "You") else "")
    out.append(_text(x + 10, y + 18, title, size=13, weight="bold", fill="#ffffff",
                     anchor="start"))
    out.append(_text(x + w - 58, y + 18, pgettext(
            "castles-of-burgundy-cards", "VP"), size=10, fill="#ffffff",
                     anchor="end"))
    out.append(el("circle", cx=x + w - 38, cy=y + 13, r=15.0, fill="#ffffff",
                  stroke="#3b2a1a"))
    out.append(el("text", str(s.get("score", 0)), x=x + w - 38, y=y + 18.5, font_size=14.0,
                  font_weight="bold", fill=INK, text_anchor="middle", class_="score",
                  data_seat=seat))
    sp = view.get("start_player") or {}
    if sp.get("holder") == seat and not view.get("solo"):
        out += start_player_card(x + w - 110, y + 1, str(sp.get("side")), name)
    stored = int(s.get("storage", 0))
    out.append(_text(x + w - 120, y + 18, ngettext(
        "{n} card in storage (tie-breaker)", "{n} cards in storage (tie-breaker)",
        stored).format(n=stored), size=9, fill="#ffffff", anchor="end", opacity=0.85))
    # Estate across the top of the board.
    out.append(_text(x + 10, y + 42, pgettext(
            "castles-of-burgundy-cards", "Estate"), size=10, weight="bold", anchor="start"))
    part, ey = estate(estate_piles, x + 12, y + 50, seat, legal if mine else set(), used,
                      w - 24, (view.get("printed") or {}).get("triple_vp"))
    out += part
    # Projects, hand and face-down pile, then storage to the right.
    by = ey + 4
    out.append(_text(x + 10, by + 8, pgettext(
            "castles-of-burgundy-cards", "Projects"), size=10, weight="bold", anchor="start"))
    projects = list(s.get("projects") or ())
    for i in range(3):
        px = x + 10 + i * (ECW + 5)
        if i < len(projects):
            face = str(projects[i])
            act = None
            for cand in (f"place {face}", f"drop {face}"):
                if mine and cand in legal:
                    act = cand
                    used.add(cand)
                    break
            out += card(px, by + 14, ECW, ECH, face, cls="project", action=act, data_seat=seat)
        else:
            out.append(el("rect", x=px, y=by + 14, width=ECW, height=ECH, rx=4.0, fill="none",
                          stroke="#c9b48a", stroke_dasharray="3,2"))
    hx = x + 10 + 3 * (ECW + 5) + 12
    hand = s.get("hand")
    out.append(_text(hx, by + 8, pgettext(
            "castles-of-burgundy-cards", "Hand"), size=10, weight="bold", anchor="start"))
    if isinstance(hand, Sequence) and not isinstance(hand, str):
        for i, face in enumerate(hand):
            act = _claim(f"play {card_parts(str(face))[1]}", legal, used) if mine else None
            out += card(hx + i * (ECW + 5), by + 14, ECW, ECH, str(face), cls="hand-card",
                        action=act, data_seat=seat)
        nhand = len(hand)
    else:
        nhand = int(s.get("hand_count") or 0)
        for i in range(nhand):
            out += card_back(hx + i * (ECW + 5), by + 14, ECW, ECH, cls="hidden-hand",
                             data_seat=seat)
    fx = hx + max(nhand, 2) * (ECW + 5) + 6
    out.append(_text(fx, by + 8, pgettext(
            "castles-of-burgundy-cards", "Pile"), size=10, weight="bold", anchor="start"))
    out += card_back(fx, by + 14, ECW * 0.8, ECH, str(s.get("pile_count", 0)), cls="pile",
                     data_seat=seat, data_count=s.get("pile_count", 0))
    out += _storage(view, s, seat, legal if mine else set(), used, fx + ECW * 0.8 + 18, by)
    out.append("</g>")
    return out, y + h


def _aaron(view: Mapping[str, Any], x: float, y: float, w: float) -> tuple[list[str], float]:
    """Aaron, the solo opponent: his estate (no bonuses) and the piles still face down."""
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return [], y
    h = BOARD_H
    out = [group("aaron"),
           el("rect", x=x, y=y, width=w, height=h, rx=8.0, fill="#f2ece0", stroke="#6d737a"),
           el("rect", x=x, y=y, width=w, height=26.0, rx=8.0, fill="#4a4d51"),
           el("rect", x=x, y=y + 16, width=w, height=10.0, fill="#4a4d51"),
           _text(x + 10, y + 18, pgettext(
                   "castles-of-burgundy-cards", "Aaron (solo opponent)"), size=13, weight="bold",
                 fill="#ffffff", anchor="start"),
           _text(x + w - 58, y + 18, pgettext("castles-of-burgundy-cards", "VP"), size=10,
                 fill="#ffffff", anchor="end"),
           el("circle", cx=x + w - 38, cy=y + 13, r=15.0, fill="#ffffff", stroke="#3b2a1a"),
           el("text", str(a.get("score", 0)), x=x + w - 38, y=y + 18.5, font_size=14.0,
              font_weight="bold", fill=INK, text_anchor="middle", class_="aaron-score"),
           _text(x + 10, y + 42, pgettext(
                   "castles-of-burgundy-cards", "Estate"), size=10, weight="bold", anchor="start")]
    part, ey = estate(list(a.get("estate") or ()), x + 12, y + 50, "aaron", set(), set(),
                      w - 24, (view.get("printed") or {}).get("triple_vp"))
    out += part
    out.append(_text(x + 10, ey + 12, _("Face-down piles for the rounds to come"),
                     size=10, weight="bold", anchor="start"))
    letters = "ABCDE"
    for i, n in enumerate(a.get("piles") or ()):
        px = x + 10 + i * 52
        if n:
            out += card_back(px, ey + 20, 44.0, 58.0, str(n), cls="aaron-pile", data_count=n)
        else:
            out.append(el("rect", x=px, y=ey + 20, width=44.0, height=58.0, rx=4.0,
                          fill="none", stroke="#b49a6a", stroke_dasharray="3,2"))
            out.append(_text(px + 22, ey + 52, pgettext(
                    "castles-of-burgundy-cards", "shown"), size=8, fill="#8c7a60"))
        out.append(_text(px + 22, ey + 92, _("round {round}").format(
            round=letters[i] if i < 5 else i + 1),
                         size=8.5, fill="#5a4630"))
    bits = []
    if a.get("first_bonus"):
        bits.append("“1.” " + pgettext("castles-of-burgundy-cards", ", ").join(type_word(str(f))
                                                     for f in a["first_bonus"]))
    if a.get("all_types"):
        bits.append(_("all 7 types {vp}").format(vp=a["all_types"]))
    out.append(_text(x + 10, ey + 112, _("Bonus cards: {cards}").format(
        cards=" · ".join(bits) or pgettext("castles-of-burgundy-cards", "none")),
                     size=9, anchor="start"))
    out.append("</g>")
    return out, y + h


# --------------------------------------------------------------------------- decision bar
def _extra_words(act: str) -> str:
    """The words on a button: 'convert 2' -> '2 VP (pay 6)'."""
    words = act.split()
    kind = words[0] if words else act
    if kind == "workers":
        return pgettext("castles-of-burgundy-cards", "Restock workers")
    if kind == "silver":
        return pgettext("castles-of-burgundy-cards", "Take 1 silver")
    if kind == "convert" and len(words) == 2 and words[1].isdigit():
        n = int(words[1])
        return _("{n} VP for {cost}").format(n=n, cost=3 * n)
    if kind == "pay" and len(words) == 2:
        return _("pay {n} workers").format(n=words[1])
    if kind == "buy":
        return _("Buy 3 cards (3 silver)")
    if kind == "end":
        return pgettext("castles-of-burgundy-cards", "End turn")
    return act


def _decision(view: Mapping[str, Any], legal: set[str], used: set[str],
              x: float, y: float, w: float) -> tuple[list[str], float]:
    """The decision due in words; under it the card waiting for a place, the bought cards
    to keep, and a button for every legal action the table drew nowhere else."""
    pend = view.get("pending") or {}
    over = bool(view.get("over"))
    out = [el("rect", x=x, y=y, width=w, height=28.0, rx=6.0,
              fill="#6b1d1d" if over else "#fff3d6", stroke="#c9a75a"),
           _text(x + 10, y + 19, decision_words(view), size=12, weight="bold" if over
                 else "normal", anchor="start", fill="#f6d77a" if over else INK,
                 font_style="normal" if over else "italic", class_="decision")]
    cx, cy = x + 4, y + 36
    end = y + 28
    waiting = pend.get("card")
    if waiting and pend.get("kind") in ("drop", "estate"):
        # The card being placed or taken waits beside the bar until it finds its place.
        out.append(_text(cx, cy + 9, pgettext(
                "castles-of-burgundy-cards", "this card:"), size=9, anchor="start", fill="#5a4630"))
        out += card(cx, cy + 14, ECW, ECH, str(waiting), cls="waiting-card")
        cx += ECW + 16
        end = cy + 14 + ECH
    if pend.get("kind") == "keep" and pend.get("cards"):
        out.append(_text(cx, cy + 9, pgettext(
                "castles-of-burgundy-cards", "bought: keep one"), size=9, anchor="start",
                         fill="#5a4630"))
        for face in pend["cards"]:
            proj, act = f"keep {face} project", f"keep {face} action"
            out += card(cx, cy + 14, ECW, ECH, str(face), cls="bought-card",
                        action=proj if proj in legal else None)
            labels = (pgettext("castles-of-burgundy-cards", "project"),
                      pgettext("castles-of-burgundy-cards", "use die"))
            for j, (cand, label) in enumerate(((proj, labels[0]), (act, labels[1]))):
                if cand in legal:
                    used.add(cand)
                    part, _w = button(cx + ECW + 4, cy + 18 + j * 26, label, cand)
                    out += part
            cx += ECW + 80
        end = cy + 14 + ECH
    bx, by = cx, cy
    for act in sorted(legal - used, key=_order):
        label = _extra_words(act)
        if label == act:  # no short words of its own: the action as the front end worded it
            label = button_words(view, act, act, 10.5, w - 24)
        part, bw = button(bx, by, label, act)
        if bx + bw > x + w and bx > x + 4:
            bx, by = x + 4, max(by + 26, end + 6)
            part, bw = button(bx, by, label, act)
        out += part
        used.add(act)
        bx += bw + 6
        end = max(end, by + 20)
    return out, end


def _order(act: str) -> tuple[int, int, str]:
    """Buttons in a stable, sensible order: simple actions first, then amounts ascending."""
    kinds = ("workers", "silver", "convert", "pay", "buy", "end")
    words = act.split()
    k = kinds.index(words[0]) if words and words[0] in kinds else len(kinds)
    num = int(words[1]) if len(words) > 1 and words[1].isdigit() else 0
    return k, num, act


def _recent(view: Mapping[str, Any], lines: int) -> list[str]:
    """The newest log lines that fit in ``lines``, each move's round named once where it
    begins and at the top (as on the phone: not a bare letter before each line)."""
    log = list(view.get("log") or ())
    for count in range(min(lines, len(log)), 0, -1):
        texts = round_named_lines(log[-count:])
        if len(texts) <= lines:
            return texts
    return []


def round_named_lines(entries: Sequence[Any]) -> list[str]:
    """The log ``entries``' texts, each move's round named once where it begins and at the
    top (an event's own text names its round)."""
    texts: list[str] = []
    current = None
    for e in entries:
        if isinstance(e, Mapping) and e.get("kind", "move") != "move":
            texts.append(str(e.get("text", "")))
        elif isinstance(e, Mapping):
            if e.get("round") and e.get("round") != current:
                current = e.get("round")
                texts.append(_("Round {round}:").format(round=current))
            texts.append(str(e.get("text") or e.get("action", "")))
        else:
            texts.append(str(e))
    return texts


def _log(view: Mapping[str, Any], x: float, y: float, w: float, lines: int) -> list[str]:
    texts = _recent(view, lines)
    if not texts:
        return []
    out = [_text(x, y, pgettext(
            "castles-of-burgundy-cards", "Recent"), size=11, weight="bold", anchor="start")]
    for i, text in enumerate(texts):
        limit = int(w / 5.6)
        if display_width(text) > limit:
            while display_width(text) > limit - 1:
                text = text[:-1]
            text += "…"
        out.append(_text(x, y + 14 + i * 13, text, size=9.5, anchor="start", fill="#5a4630"))
    return out


LEGEND_H = 26.0


def _legend(x: float, y: float) -> list[str]:
    """What the table's small signs are, in one row under the boards: a card's die, a goods
    card's number, a count."""
    out = [group("legend")]
    out += die(x, y + 2, 16.0, 5)
    out.append(_text(x + 22, y + 14, _("on a card: the die that takes it from the display and "
                                       "plays it"), size=9, anchor="start", fill="#3b2a1a"))
    x += 22 + 5.0 * display_width(_("on a card: the die that takes it from the display and "
                                   "plays it")) + 24
    out += good_token(x, y + 2, "dark-2vp", size=16.0, cls="sample")
    out.append(_text(x + 22, y + 14, _("a goods card: the VP it scores when sold"), size=9,
                     anchor="start", fill="#3b2a1a"))
    x += 22 + 5.0 * display_width(_("a goods card: the VP it scores when sold")) + 24
    out.append(_text(x, y + 14, _("×2: two alike · A B C D E: the rounds, a round card each · VP: "
                                  "victory points · ▶: to move"), size=9, anchor="start",
                     fill="#3b2a1a"))
    out.append("</g>")
    return out


# --------------------------------------------------------------------------- game over
def _final_scores(view: Mapping[str, Any], x: float, y: float,
                  w: float) -> tuple[list[str], float]:
    """Game over: one column per player (and Aaron) saying where each point came from."""
    columns: list[tuple[Any, str, int, list[Mapping[str, Any]]]] = [
        (i, str(s.get("name") or seat_name(view, i)), int(s.get("score", 0)),
         list(s.get("score_parts") or ())) for i, s in enumerate(view.get("seats") or ())]
    aaron = view.get("aaron")
    if isinstance(aaron, Mapping):
        columns.append(("aaron", seat_name(view, "aaron"), int(aaron.get("score", 0)),
                        list(aaron.get("score_parts") or ())))
    if not columns:
        return [], y
    rows = max(len(parts) for *_, parts in columns) or 1
    h = 40 + 15 * rows + 18 + 12
    out = [group("final-scores"),
           el("rect", x=x, y=y, width=w, height=float(h), rx=8.0, fill=PAPER,
              stroke="#6b1d1d", stroke_width=1.6),
           _text(x + 12, y + 20, _("Final scores: where each point came from"), size=13,
                 weight="bold", anchor="start", fill="#6b1d1d")]
    cw = (w - 24) / len(columns)
    for k, (seat, name, score, parts) in enumerate(columns):
        cx = x + 12 + k * cw
        accent = "#4a4d51" if seat == "aaron" else SEAT_ACCENT[int(seat) % len(SEAT_ACCENT)]
        out.append(group("score-breakdown", data_seat=seat, data_score=score))
        out.append(_text(cx, y + 40, name, size=11.5, weight="bold", anchor="start",
                         fill=accent))
        ry = y + 40
        for part in parts:
            ry += 15
            count = int(part.get("count", 0))
            source = str(part.get("source", ""))
            label = (pgettext(
                    "castles-of-burgundy-cards", "{source} ({count})").format(
                        source=source, count=count)
                     if count and (source.endswith("s") or not source.isascii()) else source)
            vp = int(part.get("vp", 0))
            out.append(_text(cx + 4, ry, label, size=9.5, anchor="start"))
            out.append(_text(cx + cw - 18, ry, str(vp), size=9.5, anchor="end",
                             class_="score-part", data_vp=vp))
        if not parts:
            ry += 15
            out.append(_text(cx + 4, ry, pgettext(
                    "castles-of-burgundy-cards", "no points"), size=9.5, anchor="start",
                             fill="#8c7a60"))
        ty = y + 40 + 15 * rows + 18
        out.append(el("line", x1=cx + 4, y1=ty - 12, x2=cx + cw - 18, y2=ty - 12,
                      stroke="#b49a6a"))
        out.append(_text(cx + 4, ty, pgettext(
                "castles-of-burgundy-cards", "total"), size=10, weight="bold", anchor="start"))
        out.append(_text(cx + cw - 18, ty, str(score), size=10.5, weight="bold", anchor="end",
                         class_="score-total", data_seat=seat))
        out.append("</g>")
    out.append("</g>")
    return out, y + h


# --------------------------------------------------------------------------- the table
def _header(view: Mapping[str, Any]) -> list[str]:
    parts = [_("Round {round}").format(round=view.get("round", "?"))]
    if view.get("turn"):
        parts.append(_("turn {turn} of 6").format(turn=view["turn"]))
    if view.get("solo"):
        parts.append(pgettext("castles-of-burgundy-cards", "solo against Aaron"))
    else:
        order = " → ".join(seat_name(view, s) for s in view.get("turn_order") or ())
        if order and display_width(order) <= 64:  # long names: the boards show who moves
            parts.append(_("order {seats}").format(seats=order))
    title = _("The Castles of Burgundy")
    # the subtitle follows the title: Latin letters about 0.62 em, CJK a full em (21 px)
    after = 322.0 if title.isascii() else 16 + display_width(title) * 10.5 + 16
    return [el("rect", x=0.0, y=0.0, width=float(WIDTH), height=44.0, fill="#6b1d1d"),
            _text(16, 29, title, size=21, weight="bold",
                  fill="#f6d77a", anchor="start", font_family=SERIF),
            _text(after, 29, pgettext("castles-of-burgundy-cards", "The Card Game"), size=13,
                  fill="#f6d77a", anchor="start",
                  font_style="italic", font_family=SERIF),
            _text(WIDTH - 16, 28, " · ".join(parts), size=13, fill="#fff3d6", anchor="end")]


def render_svg(view: Mapping[str, Any]) -> str:
    """The table of ``view`` as a self-contained SVG string."""
    legal = clickable(view)
    used: set[str] = set()
    body = _header(view)
    y0 = 54.0
    part, dy = _display(view, legal, used, 12.0, y0)
    body += part
    sx = 12 + 6 * COL + 12 + 14
    body += _round_card(view, legal, used, sx, y0)
    body += _bonus_cards(view, sx + 206, y0)
    body += _piles(view, legal, used, sx + 206, y0 + 70)
    if not view.get("solo"):
        sp = view.get("start_player") or {}
        holder = seat_name(view, sp.get("holder"))
        body.append(_text(sx, y0 + 178, pgettext(
                "castles-of-burgundy-cards", "Start player card"), size=10, weight="bold",
                          anchor="start"))
        body += start_player_card(sx, y0 + 184, str(sp.get("side")), holder)
        # the card's face down side is printed with question marks: said in words beside it
        side = (_("{who} · face down: 1 VP at the end") if sp.get("side") == "question marks"
                else _("{who} · face up: 1 VP at the end")).format(who=holder)
        body.append(_text(sx + 42, y0 + 200, side, size=10, anchor="start"))
    # Boards first (two per line; solo: Aaron beside the player), drawn from y = 0 and
    # moved into place afterwards: the decision bar above them gets a button for every legal
    # action the boards did not already take, so it must know what they took.
    seats = list(view.get("seats") or ())
    bw = (WIDTH - 36) / 2
    boards: list[str] = []
    for i, s in enumerate(seats):
        part, _w = _board(view, i, s, legal, used, 12 + (i % 2) * (bw + 12),
                         (i // 2) * (BOARD_H + 12), bw)
        boards += part
    if view.get("solo"):
        part, _w = _aaron(view, 12 + bw + 12, 0.0, bw)
        boards += part
    # Solo has no start player card (rules §2.11): the bar takes its place.
    bar_y = y0 + (174 if view.get("solo") else 214)
    part, end = _decision(view, legal, used, sx, bar_y, WIDTH - sx - 12)
    body += part
    y = max(dy, end) + 12
    body.append(f'<g class="boards" transform="translate(0,{_n(y)})">')
    body += boards
    body.append("</g>")
    rows = max(1, (len(seats) + 1) // 2)
    y += rows * (BOARD_H + 12)
    if view.get("over"):
        part, end = _final_scores(view, 12.0, y, WIDTH - 24.0)
        body += part
        y = end + 12
    body += _legend(14, y + 4)
    body += _log(view, 14, y + 12 + LEGEND_H, WIDTH - 28, 6)
    height = y + 12 + LEGEND_H + 14 + 6 * 13 + 10
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{WIDTH}" '
            f'height="{_n(height)}" viewBox="0 0 {WIDTH} {_n(height)}" '
            f'font-family={quoteattr(FONT)}>')
    return "\n".join([head, el("title", _("The Castles of Burgundy: The Card Game")),
                      el("rect", x=0.0, y=0.0, width=float(WIDTH), height=height, fill=TABLE),
                      *body, "</svg>"]) + "\n"


__all__ = ["render_svg"]
