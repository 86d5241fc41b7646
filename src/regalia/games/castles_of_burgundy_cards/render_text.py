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

from regalia.engine.i18n import _, display_width, pgettext
from regalia.engine.markup import esc, strip_markup
from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_KINDS, GOODS_KINDS, ROUND_LETTERS
from regalia.games.castles_of_burgundy_cards.names import (
    animal_word,
    goods_word,
    kind_label,
    type_word,
)
from regalia.games.castles_of_burgundy_cards.reading import (
    card_parts,
    clickable,
    decision_words,
    good_parts,
    kind_title,
    result_words,
    seat_name,
)
from regalia.games.castles_of_burgundy_cards.text import cards_text, vp_text, workers_text

WIDTH = 100  # the default width; the rich board wants at least this much
COMPACT_HEIGHT = 30  # a terminal this low or lower gets the compact board, if no rich one
RICH_MIN = 20  # ... fits it: a list of choices can leave the board of a tall screen this low
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
    return f"[{style}]{esc(kind_label(kind))}[/] {die}"


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
        parts.append(f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(_goods_vp(kind, vp))}[/]"
                     + (f" ×{n}" if n > 1 else ""))
    return _sep().join(parts) if parts else _none()


def _goods_vp(kind: str, vp: int) -> str:
    """'light 1 VP' / '浅棕色 1分': a goods card by its kind and printed VP."""
    return _("{goods} {vp} VP").format(goods=goods_word(kind), vp=vp)


def _none() -> str:
    return "[dim]" + esc(pgettext("castles-of-burgundy-cards", "none")) + "[/]"


def _empty() -> str:
    return "[dim]" + esc(pgettext("castles-of-burgundy-cards", "empty")) + "[/]"


def _sep() -> str:
    """', ' between listed items ('、' in Chinese)."""
    return pgettext("castles-of-burgundy-cards", ", ")


def _clip(plain: str, room: int) -> str:
    """``plain`` cut to ``room - 1`` terminal cells (the '…' takes the last)."""
    out, used = [], 0
    for ch in plain:
        w = display_width(ch)
        if used + w > room - 1:
            break
        out.append(ch)
        used += w
    return "".join(out)



def _wrap(prefix: str, items: Sequence[tuple[str, str]], width: int,
          sep: str = "  ", indent: int | None = None) -> list[str]:
    """Lay ``(markup, plain)`` items after a prefix (markup), continuing on indented lines
    past ``width``; markup takes no columns on screen, so widths count the plain text. An
    item too long for a line of its own is cut with '…'."""
    plain_prefix = strip_markup(prefix)
    if indent is None:
        indent = (display_width(plain_prefix) if display_width(plain_prefix) <= width // 4
                  else 4)
    pad = " " * indent
    lines, cur, used = [], prefix, display_width(plain_prefix)
    first = True
    for markup, plain in items:
        gap = "" if first else sep
        if not first and used + display_width(gap) + display_width(plain) > width:
            lines.append(cur)
            cur, used, gap = pad, indent, ""
        room = width - used - display_width(gap)
        if display_width(plain) > room:
            markup, plain = _cut(markup, room), _clip(plain, room) + "…"
        cur += gap + markup
        used += display_width(gap) + display_width(plain)
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
        if seen + display_width(markup[i]) > room - 1:
            break
        out.append(markup[i])
        seen += display_width(markup[i])
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
        name = f"[{style}]{esc(type_word(ptype))}[/]"
        if compact and done:
            items.append(_item(f"★ {name}"))
            continue
        shown = []
        for c in cards:
            kind, die, _t = card_parts(c)
            shown.append(str(die) if compact and kind == ptype else card_markup(c))
        own = all(card_parts(c)[0] == ptype for c in cards)
        text = (_sep().join(shown) if own and not compact
                else pgettext(
                        "castles-of-burgundy-cards", "{type}: {cards}").format(
                            type=name, cards=_sep().join(shown)))
        if done:
            vp = (triple_vp or {}).get(ptype)
            text = "★ " + text + (" = " + esc(vp_text(vp)) if vp is not None else "")
        elif not compact:
            text += " [dim]" + esc(_("({n} to go)").format(n=3 - len(cards))) + "[/]"
        items.append(_item(text))
    return items


def _animals(animals: Mapping[str, int]) -> str:
    parts = [esc(_animal_count(k, animals[k])) for k in ANIMAL_KINDS if animals.get(k)]
    parts += [esc(_animal_count(k, n)) for k, n in animals.items()
              if k not in ANIMAL_KINDS and n]
    return _sep().join(parts) if parts else _none()


def _animal_count(kind: str, n: int) -> str:
    """'2 sheep' / '2只羊'."""
    return pgettext(
            "castles-of-burgundy-cards", "{n} {animal}").format(n=n, animal=animal_word(kind))


def _bonus_words(first: Sequence[str], all_types: int) -> str:
    """The bonus cards a player holds: '"1." castle, "1." ship; all 7 types 3 VP'."""
    held = [esc(_('"1." {type}').format(type=type_word(t))) for t in first]
    if all_types:
        held.append(esc(_("all 7 types ({vp} VP)").format(vp=all_types)))
    return _sep().join(held) if held else _none()


def _first_left(view: Mapping[str, Any]) -> str:
    first = view.get("first_bonus") or {}
    left = [f"[{TYPE_STYLE.get(t, 'bold')}]{esc(type_word(t))}[/]" for t, who in first.items()
            if who is None]
    return " ".join(left) if left else _none()


def _all_types_words(view: Mapping[str, Any]) -> str:
    """'next 3 VP, then 1 VP': the "all 7 types" cards still to take, top first."""
    stack = list(view.get("all_types_stack") or ())
    if not stack:
        return "[dim]" + esc(pgettext("castles-of-burgundy-cards", "all taken")) + "[/]"
    top = "[bold]" + esc(vp_text(stack[0])) + "[/]"
    if len(stack) > 1:
        return _("next {vp}, then {rest}").format(
            vp=top, rest=esc(_sep().join(vp_text(v) for v in stack[1:])))
    return _("next {vp}").format(vp=top)


def _pile_left(count: int) -> str:
    """A pile's count in words on the compact board: " (8 left)" (a bare "(8)" was read
    only through ``key``)."""
    # TRANSLATORS: after a pile's top card, the cards left in it (the space too: none
    # before a full-width bracket)
    return _(" ({n} left)").format(n=count)


def _pile_words(view: Mapping[str, Any], legal: set[str],
                compact: bool = False) -> list[tuple[str, str]]:
    """Goods and animal piles: the card on top and how many cards lie there."""
    goods, animals = [], []
    for i, p in enumerate(view.get("goods_piles") or (), start=1):
        t = p.get("top")
        kind, vp = good_parts(t) if t else ("", 0)
        shown = (f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(_goods_vp(kind, vp))}[/]" if t
                 else _empty())
        mark = " [bold cyan]←[/]" if f"goods {i}" in legal else ""
        count = p.get("count", 0)
        goods.append(f"{shown}{esc(_pile_left(count))}{mark}" if compact else
                     esc(_("goods {n}:").format(n=i)) + f" {shown} ({esc(cards_text(count))})"
                     + mark)
    for i, p in enumerate(view.get("animal_piles") or (), start=1):
        t = p.get("top")
        mark = " [bold cyan]←[/]" if f"animal {i}" in legal else ""
        shown = esc(animal_word(t)) if t else _empty()
        count = p.get("count", 0)
        animals.append(f"{shown}{esc(_pile_left(count))}{mark}" if compact else
                       esc(_("animals {n}:").format(n=i)) + f" {shown} "
                       f"({esc(cards_text(count))}){mark}")
    if compact:
        return [_item(esc(pgettext(
                "castles-of-burgundy-cards", "goods:")) + " " + _sep().join(goods)),
                _item(esc(pgettext(
                        "castles-of-burgundy-cards", "animals:")) + " " + _sep().join(animals))]
    return [_item(x) for x in goods + animals]


def _round_menu(view: Mapping[str, Any], legal: set[str]) -> list[tuple[str, str]]:
    rc = view.get("round_card") or {}
    # (in words alone: a number before each read as a code, and the choices say them)
    return [_item(esc(o) + (" [bold cyan]←[/]" if f"bonus {i}" in legal else ""))
            for i, o in enumerate(rc.get("options") or (), start=1)]


def _hand_words(view: Mapping[str, Any], s: Mapping[str, Any], legal: set[str]) -> str:
    hand = s.get("hand")
    if hand is None:
        return esc(cards_text(int(s.get("hand_count", 0))))
    cards = []
    for c in hand:
        die = card_parts(c)[1]
        cards.append(card_markup(c) + (" [bold cyan]←[/]" if f"play {die}" in legal else ""))
    return _sep().join(cards) if cards else _none()


def _project_words(s: Mapping[str, Any], legal: set[str]) -> str:
    proj = []
    for c in s.get("projects") or ():
        mark = (" [bold cyan]←" + esc(pgettext(
                "castles-of-burgundy-cards", "place")) + "[/]" if f"place {c}" in legal
                else (" [bold cyan]←" + esc(pgettext("castles-of-burgundy-cards", "drop")) + "[/]"
                      if f"drop {c}" in legal else ""))
        proj.append(card_markup(c) + mark)
    return _sep().join(proj) if proj else _none()


def _goods_words(s: Mapping[str, Any], legal: set[str]) -> str:
    goods = s.get("goods") or {}
    flat = [g for k in goods for g in goods[k]]
    sells = any(f"sell {k}" in legal for k in goods)
    return _goods(flat) + (" [bold cyan]←" + esc(pgettext(
            "castles-of-burgundy-cards", "sell")) + "[/]" if sells else "")


def _seat_title(view: Mapping[str, Any], i: int, s: Mapping[str, Any]) -> str:
    moving = i in (view.get("to_move") or ())
    mark = "[bold]▶[/] " if moving else "  "
    you = (" [dim]" + esc(pgettext("castles-of-burgundy-cards", "(you)")) + "[/]"
           if i == view.get("seat") and s.get("name") != pgettext(
                   "castles-of-burgundy-cards", "You") else "")
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
            line = pgettext("castles-of-burgundy-cards", "{round}: {text}").format(
                round=e.get("round", ""), text=e.get("text") or e.get("action", ""))
        else:
            line = str(e)
        out += _line(f"  [dim]{esc(line)}[/]", width)
    return out


def _words(text: str) -> tuple[list[str], str]:
    """Plain text as wrap pieces and the separator to lay between them (for sentences that
    may need a second line): words and a space, or, for Chinese, which puts no spaces between
    words, its characters and nothing."""
    if display_width(text) > len(text):
        return list(text), ""
    return text.split(), " "


def _rounds_left(view: Mapping[str, Any]) -> str:
    left = view.get("round_cards_left") or ()
    return (_("rounds to come: {rounds}").format(rounds=" ".join(left)) if left
            else pgettext("castles-of-burgundy-cards", "last round"))


# --------------------------------------------------------------------------- rich board
def _rich(view: Mapping[str, Any], width: int) -> list[str]:
    legal = clickable(view)
    printed = view.get("printed") or {}
    title = "[bold]" + esc(_("THE CASTLES OF BURGUNDY · THE CARD GAME")) + "[/]"
    if view.get("solo"):
        title += "  [dim]" + esc(pgettext(
                "castles-of-burgundy-cards", "(solo against Aaron)")) + "[/]"
    turn = view.get("turn")
    rnd = f"[bold]{esc(view.get('round', '?'))}[/]"
    head = (_("Round {round}, turn {turn} of 6").format(round=rnd, turn=turn) if turn
            else _("Round {round}").format(round=rnd))
    out = _wrap("", [_item(title), _item(
        head + f"  [dim]({esc(_rounds_left(view))})[/]")], width, sep="   ")
    if not view.get("solo"):
        sp = view.get("start_player") or {}
        side = (_("turned to its question marks: the holder starts next round")
                if sp.get("side") == "question marks" else _("passes left after the round"))
        holder = f"[bold]{esc(seat_name(view, sp.get('holder')))}[/]"
        out += _wrap(esc(pgettext("castles-of-burgundy-cards", "Turn order: ")), [
            _item(" → ".join(esc(seat_name(view, s)) for s in view.get("turn_order") or ())),
            _item(_("start player card: {holder}").format(holder=holder)
                  + f" [dim]({esc(side)})[/]")], width)
    words = decision_words(view)
    if words:
        style = "bold yellow" if view.get("over") else "italic"
        pieces, gap = _words(words)
        out += _wrap(f"[{style}]", [(esc(w), w) for w in pieces], width, sep=gap)
        out[-1] += "[/]"
    out.append("")
    out.append("[bold]" + esc(pgettext("castles-of-burgundy-cards", "Display")) + "[/] [dim]"
               + esc(_("(action 1 takes a card from the row of the die)")) + "[/]")
    rows = []
    for r, row in enumerate(view.get("display") or (), start=1):
        cards = [card_markup(c) + (" [bold cyan]←[/]" if f"take {r} {c}" in legal else "")
                 for c in row]
        glyph = DIE_FACES[r] if r < len(DIE_FACES) else str(r)
        rows.append(f"  {glyph} " + esc(_("row {n}").format(n=r)) + "  "
                    + ("  ".join(cards) if cards else _empty()))
    half = width // 2
    if all(display_width(strip_markup(row)) < half for row in rows):
        # Two rows a line: rows 1 and 2 side by side, 3 and 4, 5 and 6.
        for k in range(0, len(rows), 2):
            pair = rows[k:k + 2]
            pad = " " * (half - display_width(strip_markup(pair[0])))
            out.append(pad.join(pair) if len(pair) == 2 else pair[0])
    else:
        for row in rows:
            out += _line(row, width)
    out.append("")
    rc = view.get("round_card") or {}
    out += _wrap(esc(_("Round card {letter}, the bonus for completing a triple: ").format(
        letter=rc.get("letter", "?"))), _round_menu(view, legal), width)
    first_vp = printed.get("first_triple_vp")
    taken = [esc(_("{type} by {who}").format(type=type_word(t), who=seat_name(view, who)))
             for t, who in (view.get("first_bonus") or {}).items() if who is not None]
    free = sum(1 for who in (view.get("first_bonus") or {}).values() if who is None)
    firsts = (_('"1." cards ({vp} VP) for the first triple of a type, {free} still free: ')
              if first_vp is not None else
              _('"1." cards for the first triple of a type, {free} still free: '))
    out += _wrap(esc(firsts.format(vp=first_vp, free=free)),
                 [_item(_first_left(view))]
                 + ([_item("[dim]" + esc(pgettext(
                         "castles-of-burgundy-cards", "taken:")) + "[/] " + pgettext(
                         "castles-of-burgundy-cards", "; ").join(taken))]
                    if taken else []), width,
                 sep="  · ")
    left = len(view.get("all_types_stack") or ())
    out += _wrap(esc(_('"All 7 types" cards, for the first to hold all seven types, {n} left: ')
                     .format(n=left)),
                 [_item(_all_types_words(view))], width)
    top = view.get("discard_top")
    deck_words = _("deck {cards}, discard pile {n}").format(
        cards=f"[bold]{esc(cards_text(int(view.get('deck', 0))))}[/]",
        n=f"[bold]{view.get('discard', 0)}[/]")
    if top:
        deck_words += " " + _("(top {card})").format(card=card_markup(top))
    deck = _item(deck_words)
    out += _wrap(esc(pgettext(
            "castles-of-burgundy-cards", "Piles  ")), [*_pile_words(view, legal), deck], width)
    vps = printed.get("triple_vp") or {}
    dice = printed.get("goods_dice") or {}
    facts = [_item(f"[{TYPE_STYLE.get(t, 'bold')}]{esc(type_word(t))}[/] {vp}")
             for t, vp in vps.items()]
    sells = [_item(f"[{GOODS_STYLE.get(k, 'bold')}]{esc(goods_word(k))}[/] "
                   + "/".join(map(str, d)))
             for k, d in dice.items()]
    if facts:
        out += _wrap(esc(pgettext("castles-of-burgundy-cards", "Triple VP: ")), facts, width)
    if sells:
        out += _wrap(esc(_("Goods sell with the dice: ")), sells, width)
    out.append("")
    for i, s in enumerate(view.get("seats") or ()):
        out += _rich_seat(view, i, s, legal, width)
    out += _rich_aaron(view, width)
    return out


def _rich_seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any], legal: set[str],
               width: int) -> list[str]:
    if i != view.get("seat"):
        legal = set()
    start = (" [bold]♛ " + esc(pgettext("castles-of-burgundy-cards", "start player card")) + "[/]"
             if _holds_start_card(view, i) else "")
    storage = int(s.get("storage", 0))
    out = _wrap("", [
        _item(_seat_title(view, i, s) + "  " + _("score {score}").format(
            score=f"[bold]{s.get('score', 0)}[/]") + start),
        _item(_("sold: {goods} ({vp} VP)").format(goods=_goods(s.get("sold") or ()),
                                                  vp=s.get("sold_vp", 0))),
        _item(_("VP cards: {vp} VP").format(vp=f"[bold]{s.get('vp_cards', 0)}[/]")),
        _item(esc(pgettext("castles-of-burgundy-cards", "bonus cards:")) + " "
              + _bonus_words(s.get("first_bonus") or (), int(s.get("all_types") or 0)))],
        width, sep="  · ")
    triple_vp = (view.get("printed") or {}).get("triple_vp")
    out += _wrap("    " + esc(pgettext("castles-of-burgundy-cards", "estate")) + "  ",
                 estate_markup(s.get("estate") or (), triple_vp=triple_vp)
                 or [_item(_empty())], width, sep=" · ")
    projects = s.get("projects") or ()
    out += _wrap("    " + esc(pgettext("castles-of-burgundy-cards", "hand")) + "  ", [
        _item(_hand_words(view, s, legal)),
        _item(_("projects ({n}/3): {cards}").format(n=len(projects),
                                                    cards=_project_words(s, legal))),
        _item(esc(_("face-down pile: {cards}").format(
            cards=cards_text(int(s.get("pile_count", 0))))))], width,
        sep="  · ")
    workers = int(s.get("workers", 0))
    out += _wrap("    " + esc(pgettext("castles-of-burgundy-cards", "storage")) + "  ", [
        _item(_("{workers}, {silver} silver").format(
            workers=f"[bold]{esc(workers_text(workers))}[/]",
            silver=f"[bold]{s.get('silver', 0)}[/]")),
        _item(esc(pgettext("castles-of-burgundy-cards", "goods:")) + " " + _goods_words(s, legal)),
        _item(esc(pgettext(
                "castles-of-burgundy-cards", "animals:")) + " " + _animals(s.get("animals") or {})),
        _item("[dim]" + esc(_("{cards} in all (the tie-breaker)").format(
            cards=cards_text(storage))) + "[/]")],
        width, sep="  · ")
    return out


def _rich_aaron(view: Mapping[str, Any], width: int) -> list[str]:
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return []
    # The view lists a size per round; revealed piles are empty (rules §2.11).
    waiting = [str(n) for n in a.get("piles") or () if n]
    aaron = f"[bold]{esc(seat_name(view, 'aaron'))}[/]"
    out = _wrap("", [_item(f"  {aaron}  " + _("score {score}").format(
                         score=f"[bold]{a.get('score', 0)}[/]")),
                     _item(esc(_("face-down piles for the rounds to come:")) + " "
                           + (" ".join(waiting) if waiting else _none()))], width,
                sep="  · ")
    triple_vp = (view.get("printed") or {}).get("triple_vp")
    out += _wrap("    " + esc(pgettext("castles-of-burgundy-cards", "estate")) + "  ",
                 estate_markup(a.get("estate") or (), triple_vp=triple_vp)
                 or [_item(_empty())], width, sep=" · ")
    if a.get("first_bonus") or a.get("all_types"):
        out += _wrap("    " + esc(pgettext(
                "castles-of-burgundy-cards", "bonus cards:")) + " ", [_item(_bonus_words(
            a.get("first_bonus") or (), int(a.get("all_types") or 0)))], width)
    return out


# --------------------------------------------------------------------------- compact board
def _compact(view: Mapping[str, Any], width: int, brief: bool = False,
             tight: bool = False) -> list[str]:
    """The compact board; ``brief``: the other seats a line each; ``tight`` as well: the
    bonus and supply lines only where the decision chooses there (a ← in them), else a line
    saying ``board`` shows them (a long list of choices needs their room)."""
    legal = clickable(view)
    turn = view.get("turn")
    rnd = f"[bold]{esc(view.get('round', '?'))}[/]"
    letter = str(view.get("round", "?"))
    nth = ROUND_LETTERS.index(letter) + 1 if letter in ROUND_LETTERS else "?"
    head = (_("Round {round} ({n} of {rounds}), turn {turn}/6").format(
        round=rnd, n=nth, rounds=len(ROUND_LETTERS), turn=turn) if turn
            else _("Round {round}").format(round=rnd))
    words = decision_words(view)
    style = "bold yellow" if view.get("over") else "italic"
    pieces, gap = _words(words)
    if gap:
        out = _wrap(head + " · ", [(f"[{style}]{esc(w)}[/]", w) for w in pieces], width,
                    sep=gap)
    else:  # Chinese, wrapped by the character: one style around the whole sentence
        out = _wrap(head + f" · [{style}]", [(esc(w), w) for w in pieces], width, sep=gap)
        out[-1] += "[/]"
    rows = []
    for r, row in enumerate(view.get("display") or (), start=1):
        # (tight, the list of choices under the board names the cards to take)
        cards = [card_markup(c) + (" [bold cyan]←[/]" if f"take {r} {c}" in legal and not tight
                                   else "")
                 for c in row]
        glyph = DIE_FACES[r] if r < len(DIE_FACES) else str(r)
        rows.append(_item(f"[bold]{glyph}[/] " + (_sep().join(cards) if cards else "[dim]—[/]")))
    out += _wrap(esc(pgettext(
            "castles-of-burgundy-cards", "Display")) + " ", rows, width, sep=" │ ")
    rc = view.get("round_card") or {}
    menu = _round_menu(view, legal)
    piles = _pile_words(view, legal, compact=True)
    left_out = False
    if not tight or any("←" in plain for _m, plain in menu):
        out += _wrap(esc(_("Triple bonus {letter}, one of: ").format(
            letter=rc.get("letter", "?"))), menu, width, sep=_sep())
    else:
        left_out = True
    deck = _item(esc(_("deck {n}").format(n=view.get("deck", "?"))))
    if not tight or any("←" in plain for _m, plain in piles):
        out += _wrap("", [*piles, deck], width, sep=" · ")
    else:
        left_out = True
    marks = [_item("[bold cyan]←[/] " + esc(_("you may choose it")))] if legal else []
    if not tight:
        out += _wrap("", [_item(esc(_("first-triple bonus open:")) + " " + _first_left(view)),
                          _item(esc(_("all-7-types bonus:")) + " "
                                + _all_types_words(view)), *marks], width,
                     sep=" · ")
    else:
        left_out = True
    if left_out:
        out.append("[dim]" + esc(_("bonus cards, goods and animals to take, deck: type board"))
                   + "[/]")
    for i, s in enumerate(view.get("seats") or ()):
        if brief and i != view.get("seat"):
            out += _brief_seat(view, i, s, width)
        else:
            out += _compact_seat(view, i, s, legal if i == view.get("seat") else set(), width)
    out += _compact_aaron(view, width)
    return out


def _brief_seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any], width: int
                ) -> list[str]:
    """Another seat in one line: points, start card, workers and silver, goods, and a
    pointer to the rest (``board`` shows it whole)."""
    start = ([_item("[bold]♛ " + esc(pgettext("castles-of-burgundy-cards", "start")) + "[/]")]
             if _holds_start_card(view, i) else [])
    items = [_item(f"[bold]{esc(vp_text(int(s.get('score', 0))))}[/]"), *start,
             _item(esc(_("{workers}, {silver} silver").format(
                 workers=workers_text(int(s.get("workers", 0))), silver=s.get("silver", 0)))),
             _item(esc(pgettext("castles-of-burgundy-cards", "goods")) + " "
                   + _goods_words(s, set()))]
    more = _item("[dim]" + esc(_("estate etc.: type board")) + "[/]")
    lines = _wrap(_seat_title(view, i, s) + " ", [*items, more], width, sep=" · ")
    return lines if len(lines) == 1 else _wrap(_seat_title(view, i, s) + " ", items, width,
                                               sep=" · ")[:1]


def _compact_seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any], legal: set[str],
                  width: int) -> list[str]:
    """A seat in as few lines as its items pack into (two early in a game)."""
    workers = int(s.get("workers", 0))
    start = ([_item("[bold]♛ " + esc(pgettext("castles-of-burgundy-cards", "start")) + "[/]")]
             if _holds_start_card(view, i) else [])
    estate = estate_markup(s.get("estate") or (), compact=True) or [_item(_empty())]
    called = esc(pgettext("castles-of-burgundy-cards", "estate")) + " "
    estate[0] = (called + estate[0][0], strip_markup(called) + estate[0][1])
    # Sold goods, VP cards and bonus cards are in the score already: the rich board lists
    # them.
    return _wrap(_seat_title(view, i, s) + " ", [
        _item(f"[bold]{esc(vp_text(int(s.get('score', 0))))}[/]"), *start,
        _item(esc(_("{workers}, {silver} silver").format(
            workers=workers_text(workers), silver=s.get("silver", 0)))),
        _item(esc(pgettext("castles-of-burgundy-cards", "goods")) + " " + _goods_words(s, legal)),
        _item(esc(pgettext(
                "castles-of-burgundy-cards", "animals")) + " " + _animals(s.get("animals") or {})),
        *estate,
        _item(esc(pgettext(
                "castles-of-burgundy-cards", "projects")) + " " + _project_words(s, legal)),
        _item(esc(pgettext(
                "castles-of-burgundy-cards", "hand")) + " " + _hand_words(view, s, legal)),
        _item(esc(_("{n} face down").format(n=s.get("pile_count", 0))))], width, sep=" · ",
        indent=4)


def _compact_aaron(view: Mapping[str, Any], width: int) -> list[str]:
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return []
    waiting = [str(n) for n in a.get("piles") or () if n]
    items = [_item(f"[bold]{esc(vp_text(int(a.get('score', 0))))}[/]"),
             _item(esc(pgettext("castles-of-burgundy-cards", "piles to come")) + " "
                   + (" ".join(waiting) if waiting else esc(pgettext(
                           "castles-of-burgundy-cards", "none")))),
             *(estate_markup(a.get("estate") or (), compact=True)
               or [_item("[dim]" + esc(pgettext(
                       "castles-of-burgundy-cards", "no estate")) + "[/]")])]
    return _wrap(f"  [bold]{esc(seat_name(view, 'aaron'))}[/] ", items, width, sep=" · ")


def _choices(view: Mapping[str, Any], width: int) -> list[str]:
    """What the decision shows on the table: the three bought cards, the choices left."""
    pend = view.get("pending") or {}
    out = []
    if pend.get("kind") == "keep" and pend.get("cards"):
        out += _wrap(esc(pgettext("castles-of-burgundy-cards", "Bought cards: ")),
                     [_item(card_markup(c)) for c in pend["cards"]],
                     width)
    legal = sorted(clickable(view))
    if legal:
        out += _wrap("[bold cyan]" + esc(pgettext(
                "castles-of-burgundy-cards", "Your choices:")) + "[/] ",
                     [(esc(a), a) for a in legal], width)
    return out


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    start_vp = (view.get("printed") or {}).get("start_player_vp", 1)
    return "\n".join([
        "[bold]" + esc(_("Key to the board")) + "[/]",
        esc(_("▶ the player to move; ♛ start: holds the start player card, worth {vp} VP "
              "(whoever sells goods takes it).").format(vp=start_vp)),
        esc(_("Display ⚀ … ⚅: the six rows of the display, one per die face; mine 2: a mine "
              "card with the die 2 printed on it; —: the row is empty.")),
        esc(_("←: you may choose this now; ←{place} / ←{drop}: you may place / drop this "
              "project; ←{sell}: you may sell these goods.").format(
            place=pgettext("castles-of-burgundy-cards", "place"),
            drop=pgettext("castles-of-burgundy-cards", "drop"),
            sell=pgettext("castles-of-burgundy-cards", "sell"))),
        esc(_("Triple bonus A: 1. 3 VP …: this round's card; a triple of one type brings "
              "the reward with its number.")),
        esc(_("first-triple bonus open: the types whose bonus card for the first "
              "triple nobody has won yet; all-7-types bonus: what the next player with a "
              "triple of every type scores.")),
        esc(_("goods: light 1 VP (8 left): the goods card on top of a pile, its points and "
              "the cards left in that pile; the same for animals. castle (6) in a choice or "
              "the news: a castle card with the die 6 printed on it.")),
        esc(_("estate, projects, hand: a player's cards; face down: the cards still to come "
              "in the player's pile; ★ castle: a complete triple.")),
    ])


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
    rich = None if width < WIDTH or height <= RICH_MIN else _rich_text(
        view, width, height, log_lines)
    if rich is not None:
        return rich
    out = _compact(view, width)
    if len(out) > height:
        # Short of room (a long list of choices under it): the other seats a line each
        out = _compact(view, width, brief=True)
    if len(out) > height:
        # Shorter still: the bonus and supply lines wait behind ``board``
        out = _compact(view, width, brief=True, tight=True)
    room = min(height, COMPACT_HEIGHT) - ROOM_FOR_CHOICES - len(out)
    count = min(2, room) if log_lines is None else log_lines
    out += _log_lines(view, count, width)
    return "\n".join(out) + "\n"


def _rich_text(view: Mapping[str, Any], width: int, height: int,
               log_lines: int | None) -> str | None:
    """The rich board within ``height`` lines, or None if it cannot fit them."""
    out = _rich(view, width)
    extras = _choices(view, width)
    if extras and len(out) + 1 + len(extras) <= height:
        # (when tight, the choices go first: a front end lists them under the board)
        out += ["", *extras]
    if len(out) > height:  # tight: the blank lines between sections go next
        out = [line for line in out if line]
    if len(out) > height:  # no room after all: the compact board, which fits
        return None
    room = height - len(out) - 2
    count = max(0, min(8, room)) if log_lines is None else log_lines
    log = _log_lines(view, count, width) if count else []
    if log:
        out += ["", "[bold]" + esc(pgettext("castles-of-burgundy-cards", "Recent")) + "[/]", *log]
    return "\n".join(out) + "\n"


__all__ = ["card_parts", "clickable", "decision_words", "estate_markup", "kind_label", "kind_title",
           "render_text", "result_words", "seat_name", "strip_markup"]
