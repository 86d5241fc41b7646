"""The Castles of Burgundy card game as rich text for the terminal: ``render_text(view)``.

The result is Rich console markup in a plain string (``[bold green4]castle[/]``); nothing here
imports Rich, because the rules core has no third-party run-time dependency. A front end prints
it with Rich; :func:`strip_markup` gives the same table as plain text.

Like ``chess.svg.board()``, a rendering is a pure function of a ``view(seat)`` dict (keys: see
``view.py``): no state, no I/O. It is laid out for the terminal it is given: no line is wider
than ``width`` columns, and a small terminal gets the compact board (see :func:`render_text`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.markup import esc, strip_markup
from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_KINDS, GOODS_KINDS
from regalia.games.castles_of_burgundy_cards.reading import (
    card_parts,
    clickable,
    decision_words,
    good_parts,
    kind_title,
    result_words,
    seat_name,
)
from regalia.games.castles_of_burgundy_cards.text import plural

WIDTH = 100  # the default width; the rich board wants at least this much
COMPACT_HEIGHT = 30  # a terminal this low or lower gets the compact board
COMPACT_LINES = 14  # what the compact board aims at for two players (80×24 less the choices)
ROOM_FOR_CHOICES = 10  # lines a front end keeps under the board for the choices and prompt

# --------------------------------------------------------------------------- markup helpers
# Rich styles for the seven card-type colours (rules §1.2) and the three goods browns.
TYPE_STYLE: dict[str, str] = {
    "castle": "bold green4", "mine": "bold grey62", "cloister": "bold medium_purple2",
    "knowledge": "bold gold1", "ship": "bold dodger_blue2", "pasture": "bold pale_green3",
    "building": "bold navajo_white3",
}
GOODS_STYLE: dict[str, str] = {"light": "tan", "medium": "dark_orange3", "dark": "orange4"}
DIE_FACES = "·⚀⚁⚂⚃⚄⚅"



def card_markup(card: str) -> str:
    """'[bold green4]castle[/] 3': the type's colour names the card, the die follows."""
    kind, die, ctype = card_parts(card)
    style = TYPE_STYLE.get(ctype, "bold")
    return f"[{style}]{esc(kind)}[/] {die}"


def _goods(goods: Sequence[str]) -> str:
    """'light 1 VP ×2, dark 2 VP': goods grouped by kind and the VP printed on them."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    order = {k: i for i, k in enumerate(GOODS_KINDS)}
    parts = []
    for g in sorted(counts, key=lambda g: (order.get(good_parts(g)[0], 9), g)):
        kind, vp = good_parts(g)
        n = counts[g]
        parts.append(f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(kind)} {vp} VP[/]"
                     + (f" ×{n}" if n > 1 else ""))
    return ", ".join(parts) if parts else "[dim]none[/]"



def _wrap(prefix: str, items: Sequence[tuple[str, str]], width: int,
          sep: str = "  ", indent: int | None = None) -> list[str]:
    """Lay ``(markup, plain)`` items after a prefix (markup), continuing on indented lines
    past ``width``; markup takes no columns on screen, so widths count the plain text. An
    item too long for a line of its own is cut with '…'."""
    plain_prefix = strip_markup(prefix)
    if indent is None:
        indent = len(plain_prefix) if len(plain_prefix) <= width // 4 else 4
    pad = " " * indent
    lines, cur, used = [], prefix, len(plain_prefix)
    first = True
    for markup, plain in items:
        gap = "" if first else sep
        if not first and used + len(gap) + len(plain) > width:
            lines.append(cur)
            cur, used, gap = pad, indent, ""
        room = width - used - len(gap)
        if len(plain) > room:
            markup, plain = _cut(markup, room), plain[:max(room - 1, 0)] + "…"
        cur += gap + markup
        used += len(gap) + len(plain)
        first = False
    lines.append(cur)
    return lines


def _cut(markup: str, room: int) -> str:
    """The markup cut to ``room`` visible columns, ending in '…' (tags left open are closed
    by Rich at the end of the text, so a cut never unbalances it)."""
    if room <= 0:
        return ""
    out, seen, i = [], 0, 0
    while i < len(markup) and seen < room - 1:
        if markup.startswith("\\[", i):
            out.append("\\[")
            seen += 1
            i += 2
            continue
        if markup[i] == "[":
            end = markup.find("]", i)
            if end > 0 and strip_markup(markup[i:end + 1]) == "":
                out.append(markup[i:end + 1])
                i = end + 1
                continue
        out.append(markup[i])
        seen += 1
        i += 1
    # Close what was opened so the rest of the line keeps its own style.
    opened = sum(1 for tag in _tags("".join(out)) if not tag.startswith("/"))
    closed = sum(1 for tag in _tags("".join(out)) if tag.startswith("/"))
    return "".join(out) + "…" + "[/]" * max(opened - closed, 0)


def _tags(markup: str) -> list[str]:
    tags: list[str] = []
    i = 0
    while True:
        i = markup.find("[", i)
        if i < 0:
            return tags
        if i and markup[i - 1] == "\\":
            i += 1
            continue
        end = markup.find("]", i)
        if end < 0:
            return tags
        tags.append(markup[i + 1:end])
        i = end + 1


def _item(markup: str) -> tuple[str, str]:
    """A ``(markup, plain)`` pair for :func:`_wrap`."""
    return markup, strip_markup(markup)


def _line(markup: str, width: int) -> list[str]:
    """One line of text, cut to ``width`` if it must be."""
    return _wrap("", [_item(markup)], width)


# --------------------------------------------------------------------------- words
def estate_markup(piles: Sequence[Mapping[str, Any]], *, compact: bool = False,
                  triple_vp: Mapping[str, int] | None = None) -> list[tuple[str, str]]:
    """Each estate pile as ``(markup, plain)``, saying which cards lie in it.

    ``castle 1, castle 2 (1 to go)``, ``castle: castle 1, cloister 5 (1 to go)`` (the type
    is named when another card joined it), ``building: bank 3, market 1 (1 to go)``; a
    complete triple is starred with its VP: ``★ castle 1, castle 2, castle 3 = 5 VP``.
    Compact: a card of the pile's own kind is named by its die alone (``castle: 1, cloister
    5``) and a complete triple by its type alone (``★ castle``)."""
    items = []
    for pile in piles:
        ptype = str(pile.get("type", "?"))
        cards = [str(c) for c in pile.get("cards") or ()]
        done = bool(pile.get("complete"))
        style = TYPE_STYLE.get(ptype, "bold")
        name = f"[{style}]{esc(ptype)}[/]"
        if compact and done:
            items.append(_item(f"★ {name}"))
            continue
        shown = []
        for c in cards:
            kind, die, _t = card_parts(c)
            shown.append(str(die) if compact and kind == ptype else card_markup(c))
        own = all(card_parts(c)[0] == ptype for c in cards)
        text = ", ".join(shown) if own and not compact else f"{name}: " + ", ".join(shown)
        if done:
            vp = (triple_vp or {}).get(ptype)
            text = "★ " + text + (f" = {vp} VP" if vp is not None else "")
        elif not compact:
            text += f" [dim]({3 - len(cards)} to go)[/]"
        items.append(_item(text))
    return items


def _animals(animals: Mapping[str, int]) -> str:
    parts = [f"{animals[k]} {esc(k)}" for k in ANIMAL_KINDS if animals.get(k)]
    parts += [f"{n} {esc(k)}" for k, n in animals.items() if k not in ANIMAL_KINDS and n]
    return ", ".join(parts) if parts else "[dim]none[/]"


def _bonus_words(first: Sequence[str], all_types: int) -> str:
    """The bonus cards a player holds: '"1." castle, "1." ship; all 7 types 3 VP'."""
    held = [f"\"1.\" {esc(t)}" for t in first]
    if all_types:
        held.append(f"all 7 types ({all_types} VP)")
    return ", ".join(held) if held else "[dim]none[/]"


def _first_left(view: Mapping[str, Any]) -> str:
    first = view.get("first_bonus") or {}
    left = [f"[{TYPE_STYLE.get(t, 'bold')}]{esc(t)}[/]" for t, who in first.items()
            if who is None]
    return " ".join(left) if left else "[dim]none[/]"


def _all_types_words(view: Mapping[str, Any]) -> str:
    """'next 3 VP, then 1 VP': the "all 7 types" cards still to take, top first."""
    stack = list(view.get("all_types_stack") or ())
    if not stack:
        return "[dim]all taken[/]"
    words = f"next [bold]{stack[0]} VP[/]"
    if len(stack) > 1:
        words += ", then " + ", ".join(f"{v} VP" for v in stack[1:])
    return words


def _pile_words(view: Mapping[str, Any], legal: set[str],
                compact: bool = False) -> list[tuple[str, str]]:
    """Goods and animal piles: the card on top and how many cards lie there."""
    goods, animals = [], []
    for i, p in enumerate(view.get("goods_piles") or (), start=1):
        t = p.get("top")
        kind, vp = good_parts(t) if t else ("", 0)
        shown = (f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(kind)} {vp} VP[/]" if t
                 else "[dim]empty[/]")
        mark = " [bold cyan]←[/]" if f"goods {i}" in legal else ""
        count = p.get("count", 0)
        goods.append(f"{shown} ({count}){mark}" if compact else
                     f"goods {i}: {shown} ({plural(count, 'card')}){mark}")
    for i, p in enumerate(view.get("animal_piles") or (), start=1):
        t = p.get("top")
        mark = " [bold cyan]←[/]" if f"animal {i}" in legal else ""
        shown = esc(t) if t else "[dim]empty[/]"
        count = p.get("count", 0)
        animals.append(f"{shown} ({count}){mark}" if compact else
                       f"animals {i}: {shown} ({plural(count, 'card')}){mark}")
    if compact:
        return [_item("goods: " + ", ".join(goods)), _item("animals: " + ", ".join(animals))]
    return [_item(x) for x in goods + animals]


def _round_menu(view: Mapping[str, Any], legal: set[str]) -> list[tuple[str, str]]:
    rc = view.get("round_card") or {}
    return [_item(f"[bold]{i}.[/] {esc(o)}" + (" [bold cyan]←[/]" if f"bonus {i}" in legal
                                                else ""))
            for i, o in enumerate(rc.get("options") or (), start=1)]


def _hand_words(view: Mapping[str, Any], s: Mapping[str, Any], legal: set[str]) -> str:
    hand = s.get("hand")
    if hand is None:
        return plural(int(s.get("hand_count", 0)), "card")
    cards = []
    for c in hand:
        die = card_parts(c)[1]
        cards.append(card_markup(c) + (" [bold cyan]←[/]" if f"play {die}" in legal else ""))
    return ", ".join(cards) if cards else "[dim]none[/]"


def _project_words(s: Mapping[str, Any], legal: set[str]) -> str:
    proj = []
    for c in s.get("projects") or ():
        mark = " [bold cyan]←place[/]" if f"place {c}" in legal else (
            " [bold cyan]←drop[/]" if f"drop {c}" in legal else "")
        proj.append(card_markup(c) + mark)
    return ", ".join(proj) if proj else "[dim]none[/]"


def _goods_words(s: Mapping[str, Any], legal: set[str]) -> str:
    goods = s.get("goods") or {}
    flat = [g for k in goods for g in goods[k]]
    sells = any(f"sell {k}" in legal for k in goods)
    return _goods(flat) + (" [bold cyan]←sell[/]" if sells else "")


def _seat_title(view: Mapping[str, Any], i: int, s: Mapping[str, Any]) -> str:
    moving = i in (view.get("to_move") or ())
    mark = "[bold]▶[/] " if moving else "  "
    you = " [dim](you)[/]" if i == view.get("seat") and s.get("name") != "You" else ""
    return f"{mark}[bold]{esc(s.get('name', i))}[/]{you}"


def _holds_start_card(view: Mapping[str, Any], i: int) -> bool:
    return (view.get("start_player") or {}).get("holder") == i and not view.get("solo")


def _log_lines(view: Mapping[str, Any], count: int, width: int) -> list[str]:
    log = list(view.get("log") or ())
    if not log or count <= 0:
        return []
    out = []
    for e in log[-count:]:
        if isinstance(e, Mapping) and e.get("kind", "move") != "move":
            line = str(e.get("text", ""))  # an event's text names its round itself
        elif isinstance(e, Mapping):
            line = f"{e.get('round', '')}: {e.get('text') or e.get('action', '')}"
        else:
            line = str(e)
        out += _line(f"  [dim]{esc(line)}[/]", width)
    return out


def _words(markup_text: str) -> list[tuple[str, str]]:
    """Plain words as wrap items (for sentences that may need a second line)."""
    return [(esc(w), w) for w in markup_text.split()]


def _rounds_left(view: Mapping[str, Any]) -> str:
    left = view.get("round_cards_left") or ()
    return f"rounds to come: {' '.join(left)}" if left else "last round"


# --------------------------------------------------------------------------- rich board
def _rich(view: Mapping[str, Any], width: int) -> list[str]:
    legal = clickable(view)
    printed = view.get("printed") or {}
    title = "[bold]THE CASTLES OF BURGUNDY · THE CARD GAME[/]"
    if view.get("solo"):
        title += "  [dim](solo against Aaron)[/]"
    turn = view.get("turn")
    out = _wrap("", [_item(title), _item(
        f"Round [bold]{esc(view.get('round', '?'))}[/]" + (f", turn {turn} of 6" if turn else "")
        + f"  [dim]({esc(_rounds_left(view))})[/]")], width, sep="   ")
    if not view.get("solo"):
        sp = view.get("start_player") or {}
        side = ("turned to its question marks: the holder starts next round"
                if sp.get("side") == "question marks" else "passes left after the round")
        out += _wrap("Turn order: ", [
            _item(" → ".join(esc(seat_name(view, s)) for s in view.get("turn_order") or ())),
            _item(f"start player card: [bold]{esc(seat_name(view, sp.get('holder')))}[/] "
                  f"[dim]({side})[/]")], width)
    words = decision_words(view)
    if words:
        style = "bold yellow" if view.get("over") else "italic"
        out += _wrap(f"[{style}]", _words(words), width, sep=" ")
        out[-1] += "[/]"
    out.append("")
    out.append("[bold]Display[/] [dim](action 1 takes a card from the row of the die)[/]")
    rows = []
    for r, row in enumerate(view.get("display") or (), start=1):
        cards = [card_markup(c) + (" [bold cyan]←[/]" if f"take {r} {c}" in legal else "")
                 for c in row]
        glyph = DIE_FACES[r] if r < len(DIE_FACES) else str(r)
        rows.append(f"  {glyph} row {r}  " + ("  ".join(cards) if cards else "[dim]empty[/]"))
    half = width // 2
    if all(len(strip_markup(row)) < half for row in rows):
        # Two rows a line: rows 1 and 2 side by side, 3 and 4, 5 and 6.
        for k in range(0, len(rows), 2):
            pair = rows[k:k + 2]
            pad = " " * (half - len(strip_markup(pair[0])))
            out.append(pad.join(pair) if len(pair) == 2 else pair[0])
    else:
        for row in rows:
            out += _line(row, width)
    out.append("")
    rc = view.get("round_card") or {}
    out += _wrap(f"Round card {esc(rc.get('letter', '?'))}, the bonus for completing a "
                 "triple: ", _round_menu(view, legal), width)
    first_vp = printed.get("first_triple_vp")
    worth = f" ({first_vp} VP)" if first_vp is not None else ""
    taken = [f"{esc(t)} by {esc(seat_name(view, who))}"
             for t, who in (view.get("first_bonus") or {}).items() if who is not None]
    free = sum(1 for who in (view.get("first_bonus") or {}).values() if who is None)
    out += _wrap(f"\"1.\" cards{worth} for the first triple of a type, {free} still free: ",
                 [_item(_first_left(view))]
                 + ([_item("[dim]taken:[/] " + "; ".join(taken))] if taken else []), width,
                 sep="  · ")
    left = len(view.get("all_types_stack") or ())
    out += _wrap(f"\"All 7 types\" cards, for the first to hold all seven types, {left} left: ",
                 [_item(_all_types_words(view))], width)
    top = view.get("discard_top")
    deck = _item(f"deck [bold]{plural(int(view.get('deck', 0)), 'card')}[/], discard pile "
                 f"[bold]{view.get('discard', 0)}[/]" + (f" (top {card_markup(top)})" if top
                                                        else ""))
    out += _wrap("Piles  ", [*_pile_words(view, legal), deck], width)
    vps = printed.get("triple_vp") or {}
    dice = printed.get("goods_dice") or {}
    facts = [_item(f"[{TYPE_STYLE.get(t, 'bold')}]{esc(t)}[/] {vp}") for t, vp in vps.items()]
    sells = [_item(f"[{GOODS_STYLE.get(k, 'bold')}]{esc(k)}[/] " + "/".join(map(str, d)))
             for k, d in dice.items()]
    if facts:
        out += _wrap("Triple VP: ", facts, width)
    if sells:
        out += _wrap("Goods sell with the dice: ", sells, width)
    out.append("")
    for i, s in enumerate(view.get("seats") or ()):
        out += _rich_seat(view, i, s, legal, width)
    out += _rich_aaron(view, width)
    return out


def _rich_seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any], legal: set[str],
               width: int) -> list[str]:
    if i != view.get("seat"):
        legal = set()
    start = " [bold]♛ start player card[/]" if _holds_start_card(view, i) else ""
    storage = int(s.get("storage", 0))
    out = _wrap("", [
        _item(_seat_title(view, i, s) + f"  score [bold]{s.get('score', 0)}[/]" + start),
        _item(f"sold: {_goods(s.get('sold') or ())} ({s.get('sold_vp', 0)} VP)"),
        _item(f"VP cards: [bold]{s.get('vp_cards', 0)}[/] VP"),
        _item("bonus cards: " + _bonus_words(s.get("first_bonus") or (),
                                            int(s.get("all_types") or 0)))],
        width, sep="  · ")
    triple_vp = (view.get("printed") or {}).get("triple_vp")
    out += _wrap("    estate  ", estate_markup(s.get("estate") or (), triple_vp=triple_vp)
                 or [_item("[dim]empty[/]")], width, sep=" · ")
    projects = s.get("projects") or ()
    out += _wrap("    hand  ", [
        _item(_hand_words(view, s, legal)),
        _item(f"projects ({len(projects)}/3): {_project_words(s, legal)}"),
        _item(f"face-down pile: {plural(int(s.get('pile_count', 0)), 'card')}")], width,
        sep="  · ")
    workers = int(s.get("workers", 0))
    out += _wrap("    storage  ", [
        _item(f"[bold]{plural(workers, 'worker')}[/], [bold]{s.get('silver', 0)}[/] silver"),
        _item(f"goods: {_goods_words(s, legal)}"),
        _item(f"animals: {_animals(s.get('animals') or {})}"),
        _item(f"[dim]{plural(storage, 'card')} in all (the tie-breaker)[/]")],
        width, sep="  · ")
    return out


def _rich_aaron(view: Mapping[str, Any], width: int) -> list[str]:
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return []
    # The view lists a size per round; revealed piles are empty (rules §2.11).
    waiting = [str(n) for n in a.get("piles") or () if n]
    out = _wrap("", [_item(f"  [bold]Aaron[/]  score [bold]{a.get('score', 0)}[/]"),
                     _item("face-down piles for the rounds to come: "
                           + (" ".join(waiting) if waiting else "[dim]none[/]"))], width,
                sep="  · ")
    triple_vp = (view.get("printed") or {}).get("triple_vp")
    out += _wrap("    estate  ", estate_markup(a.get("estate") or (), triple_vp=triple_vp)
                 or [_item("[dim]empty[/]")], width, sep=" · ")
    if a.get("first_bonus") or a.get("all_types"):
        out += _wrap("    bonus cards: ", [_item(_bonus_words(
            a.get("first_bonus") or (), int(a.get("all_types") or 0)))], width)
    return out


# --------------------------------------------------------------------------- compact board
def _compact(view: Mapping[str, Any], width: int) -> list[str]:
    legal = clickable(view)
    turn = view.get("turn")
    head = f"Round [bold]{esc(view.get('round', '?'))}[/]" + (f" turn {turn}/6" if turn else "")
    words = decision_words(view)
    style = "bold yellow" if view.get("over") else "italic"
    out = _wrap(head + " · ", [(f"[{style}]{esc(w)}[/]", w) for w in words.split()], width,
                sep=" ")
    rows = []
    for r, row in enumerate(view.get("display") or (), start=1):
        cards = [card_markup(c) + (" [bold cyan]←[/]" if f"take {r} {c}" in legal else "")
                 for c in row]
        glyph = DIE_FACES[r] if r < len(DIE_FACES) else str(r)
        rows.append(_item(f"[bold]{glyph}[/] " + (", ".join(cards) if cards else "[dim]—[/]")))
    out += _wrap("Display ", rows, width, sep=" │ ")
    rc = view.get("round_card") or {}
    out += _wrap(f"Triple bonus {esc(rc.get('letter', '?'))}: ", _round_menu(view, legal),
                 width)
    deck = _item(f"deck {view.get('deck', '?')}")
    out += _wrap("", [*_pile_words(view, legal, compact=True), deck], width, sep=" · ")
    out += _wrap("", [_item("\"1.\" free: " + _first_left(view)),
                      _item("all 7 types: " + _all_types_words(view))], width, sep=" · ")
    for i, s in enumerate(view.get("seats") or ()):
        out += _compact_seat(view, i, s, legal if i == view.get("seat") else set(), width)
    out += _compact_aaron(view, width)
    return out


def _compact_seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any], legal: set[str],
                  width: int) -> list[str]:
    """A seat in as few lines as its items pack into (two early in a game)."""
    workers = int(s.get("workers", 0))
    start = [_item("[bold]♛ start[/]")] if _holds_start_card(view, i) else []
    estate = estate_markup(s.get("estate") or (), compact=True) or [_item("[dim]empty[/]")]
    estate[0] = (f"estate {estate[0][0]}", f"estate {estate[0][1]}")
    # Sold goods, VP cards and bonus cards are in the score already: the rich board lists
    # them.
    return _wrap(_seat_title(view, i, s) + " ", [
        _item(f"[bold]{s.get('score', 0)} VP[/]"), *start,
        _item(f"{plural(workers, 'worker')}, {s.get('silver', 0)} silver"),
        _item(f"goods {_goods_words(s, legal)}"),
        _item(f"animals {_animals(s.get('animals') or {})}"),
        *estate,
        _item(f"projects {_project_words(s, legal)}"),
        _item(f"hand {_hand_words(view, s, legal)}"),
        _item(f"{s.get('pile_count', 0)} face down")], width, sep=" · ", indent=4)


def _compact_aaron(view: Mapping[str, Any], width: int) -> list[str]:
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return []
    waiting = [str(n) for n in a.get("piles") or () if n]
    items = [_item(f"[bold]{a.get('score', 0)} VP[/]"),
             _item("piles to come " + (" ".join(waiting) if waiting else "none")),
             *(estate_markup(a.get("estate") or (), compact=True)
               or [_item("[dim]no estate[/]")])]
    return _wrap("  [bold]Aaron[/] ", items, width, sep=" · ")


def _choices(view: Mapping[str, Any], width: int) -> list[str]:
    """What the decision shows on the table: the three bought cards, the choices left."""
    pend = view.get("pending") or {}
    out = []
    if pend.get("kind") == "keep" and pend.get("cards"):
        out += _wrap("Bought cards: ", [_item(card_markup(c)) for c in pend["cards"]], width)
    legal = sorted(clickable(view))
    if legal:
        out += _wrap("[bold cyan]Your choices:[/] ", [(esc(a), a) for a in legal], width)
    return out


def render_text(view: Mapping[str, Any], *, width: int = WIDTH, height: int = 40,
                log_lines: int | None = None) -> str:
    """The table of ``view`` as Rich-markup text, no line wider than ``width`` columns.

    With room (``width`` ≥ 100, ``height`` > 30, and the board fits the height) the rich
    board: the display rows (two a line when they fit), each estate pile with its cards,
    storage, projects, hand, the bonus cards in words, the printed values (triple VP, goods
    dice), the choices, and as much of the log as the height leaves room for (``log_lines``
    sets it); when it is tight the blank lines between sections go first.

    Otherwise the compact board, made to leave room under it for a front end's list of
    choices (at 80×24 it takes about 14 lines for two players). It drops: the title and the
    turn order (the ▶ marks who moves), the printed triple VP and goods dice, the cards of a
    complete triple (shown as ``★ castle``), the die of a pile's own cards is shown alone
    (``castle: 1, 2``), sold goods, VP cards and bonus cards held (all in the score), the
    tie-breaker count, who took which "1." card, the discard pile, the list of choices (the front
    end lists them), and the log beyond what the height leaves room for (2 lines at most).
    """
    compact = height <= COMPACT_HEIGHT or width < WIDTH
    if compact:
        out = _compact(view, width)
        room = height - ROOM_FOR_CHOICES - len(out)
        count = min(2, room) if log_lines is None else log_lines
        out += _log_lines(view, count, width)
        return "\n".join(out) + "\n"
    out = _rich(view, width)
    extras = _choices(view, width)
    if extras:
        out += ["", *extras]
    if len(out) > height:  # tight: the blank lines between sections go first
        out = [line for line in out if line]
    if len(out) > height:  # no room after all: the compact board, which fits
        return render_text(view, width=width, height=COMPACT_HEIGHT, log_lines=log_lines)
    room = height - len(out) - 2
    count = min(8, room) if log_lines is None else log_lines
    log = _log_lines(view, count, width)
    if log:
        out += ["", "[bold]Recent[/]", *log]
    return "\n".join(out) + "\n"


__all__ = ["card_parts", "clickable", "decision_words", "estate_markup", "kind_title",
           "render_text", "result_words", "seat_name", "strip_markup"]
