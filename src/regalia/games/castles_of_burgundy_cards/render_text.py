"""The Castles of Burgundy card game as rich text for the terminal: ``render_text(view)``.

The result is Rich console markup in a plain string (``[bold green4]castle[/]``); nothing here
imports Rich, because the rules core has no third-party run-time dependency. A front end prints
it with Rich; :func:`strip_markup` gives the same table as plain text.

Like ``chess.svg.board()``, a rendering is a pure function of a ``view(seat)`` dict (keys: see
``view.py``): no state, no I/O. The small readers here (card faces, seat names, the decision
due, the clickable notations) are shared with ``render_svg`` so the two pictures never
disagree about what a view means.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.markup import esc, strip_markup
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    GOODS_KINDS,
    KIND_NAMES,
    KIND_TITLES,
    KIND_TYPE,
    TYPE_NAMES,
)

WIDTH = 100  # columns the text aims to stay within

# --------------------------------------------------------------------------- reading views
_KIND_INDEX = {name: k for k, name in enumerate(KIND_NAMES)}


def card_parts(card: str) -> tuple[str, int, str]:
    """``"boarding-house-4"`` -> (kind ``boarding-house``, die 4, type ``building``).

    A face name is the kind and the die joined by a hyphen (view.py); kinds contain hyphens
    themselves, so the die is split off the right. An unknown kind is kept as its own type,
    so a newer edition's card still draws (grey) instead of failing.
    """
    kind, _, die = card.rpartition("-")
    k = _KIND_INDEX.get(kind)
    ctype = TYPE_NAMES[KIND_TYPE[k]] if k is not None else kind
    return kind, int(die) if die.isdigit() else 0, ctype


def kind_title(kind: str) -> str:
    """'carpenter's workshop' for ``carpenter``: the words the rule book uses."""
    k = _KIND_INDEX.get(kind)
    return KIND_TITLES[k] if k is not None else kind.replace("-", " ")


def good_parts(good: str) -> tuple[str, int]:
    """``"dark-2vp"`` -> (kind ``dark``, 2 VP printed on the card)."""
    kind, _, vp = good.partition("-")
    digits = vp.removesuffix("vp")
    return kind, int(digits) if digits.isdigit() else 0


def seat_name(view: Mapping[str, Any], seat: Any) -> str:
    """A seat's name as the view gives it; ``"aaron"`` is the solo opponent."""
    if seat == "aaron":
        return "Aaron"
    seats = view.get("seats") or ()
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return str(seats[seat].get("name") or f"Player {seat + 1}")
    return "—"


# Words for each pending decision kind (pending.py NAMES), as "<seat> must ...".
_DECISION_WORDS: dict[str, str] = {
    "play": "play a hand card",
    "take": "take a card from the display (building bonus)",
    "drop": "discard a project to make room for",
    "estate": "choose the estate pile for",
    "place-any": "place another project (city hall)",
    "sell-any": "sell one kind of goods (warehouse)",
    "goods": "choose a goods pile",
    "animals": "choose an animal pile",
    "boarding-house": "take a good or an animal (boarding house)",
    "round-bonus": "choose the round card's bonus (triple completed)",
    "keep": "keep one of the bought cards",
    "pay": "say how many workers pay for",
    "end": "end the turn (or buy cards)",
}


def decision_words(view: Mapping[str, Any]) -> str:
    """The decision due in words a board gamer uses, or the result once the game is over."""
    if view.get("over"):
        return result_words(view)
    pend = view.get("pending")
    if not isinstance(pend, Mapping):
        return ""
    who = seat_name(view, pend.get("seat"))
    kind = str(pend.get("kind", ""))
    if kind == "action":
        die = pend.get("die") or 0
        src = {"castle": " (castle: free action)", "purchase": " (bought card)"}.get(
            str(pend.get("source")), "")
        what = "choose an action with any die" if not die else \
            f"choose an action for the die {die}"
        return f"{who} must {what}{src}"
    what = _DECISION_WORDS.get(kind, kind)
    if kind in ("drop", "estate") and pend.get("card"):
        k, d, _ = card_parts(str(pend["card"]))
        what += f" the {kind_title(k)} ({d})"
    elif kind in ("goods", "animals") and pend.get("count"):
        what += f" ({pend['count']} to take)"
    elif kind == "take" and pend.get("types"):
        what = f"take a {' or '.join(pend['types'])} card from any display row"
    elif kind == "pay" and pend.get("vp") is not None:
        what += f" {pend['vp']} VP"
    return f"{who} must {what}"


def result_words(view: Mapping[str, Any]) -> str:
    """'Game over: Player 2 wins with 31' (ties shared; solo: won or lost against Aaron)."""
    result = view.get("result")
    if view.get("solo"):
        mine = (view.get("scores") or [0])[0]
        aaron = (view.get("aaron") or {}).get("score", 0)
        verdict = "you win" if result == "won" else "Aaron wins"
        return f"Game over: {verdict} ({mine} to {aaron})"
    ranking = view.get("ranking") or ()
    scores = view.get("scores") or ()
    best = [seat_name(view, i) for i, place in enumerate(ranking) if place == 1]
    top = max(scores, default=0)
    return f"Game over: {' and '.join(best)} win{'s' if len(best) == 1 else ''} with {top}"


def clickable(view: Mapping[str, Any]) -> set[str]:
    """The notations a click may mean for the viewer now.

    The view's ``legal`` list (the viewer's legal actions) is the authority. A view without
    it (a front end may strip it) still lets the viewer play a hand card when a card is due,
    since that much follows from the view alone; finer choices are left unmarked.
    """
    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in (view.get("to_move") or ()):
        return set()
    legal = view.get("legal")
    if isinstance(legal, Sequence) and not isinstance(legal, str):
        return {str(a) for a in legal}
    pend = view.get("pending") or {}
    seats = view.get("seats") or ()
    hand = seats[seat].get("hand") if isinstance(seat, int) and seat < len(seats) else None
    if pend.get("kind") == "play" and hand:
        return {f"play {card_parts(c)[1]}" for c in hand}
    return set()


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


def _cards(cards: Sequence[str]) -> str:
    return ", ".join(card_markup(c) for c in cards) if cards else "[dim]—[/]"


def _goods(goods: Sequence[str]) -> str:
    """'light 1vp ×2, dark 2vp': goods grouped by kind and printed VP."""
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    order = {k: i for i, k in enumerate(GOODS_KINDS)}
    parts = []
    for g in sorted(counts, key=lambda g: (order.get(good_parts(g)[0], 9), g)):
        kind, vp = good_parts(g)
        n = counts[g]
        parts.append(f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(kind)} {vp}vp[/]"
                     + (f"×{n}" if n > 1 else ""))
    return ", ".join(parts) if parts else "[dim]—[/]"


def _wrap(prefix: str, plain_prefix: str, items: Sequence[tuple[str, str]],
          width: int = WIDTH) -> list[str]:
    """Lay ``(markup, plain)`` items after a prefix, continuing on indented lines past
    ``width`` (markup takes no columns on screen, so widths count the plain text)."""
    lines, cur, used = [], prefix, len(plain_prefix)
    indent = " " * len(plain_prefix)
    for i, (markup, plain) in enumerate(items):
        sep = "  " if i else ""
        if i and used + len(sep) + len(plain) > width:
            lines.append(cur)
            cur, used, sep = indent, len(indent), ""
        cur += sep + markup
        used += len(sep) + len(plain)
    lines.append(cur)
    return lines


def _item(markup: str) -> tuple[str, str]:
    """A ``(markup, plain)`` pair for :func:`_wrap`."""
    return markup, strip_markup(markup)


# --------------------------------------------------------------------------- sections
def _header(view: Mapping[str, Any]) -> list[str]:
    turn = view.get("turn")
    title = "[bold]THE CASTLES OF BURGUNDY · THE CARD GAME[/]"
    if view.get("solo"):
        title += "  [dim](solo against Aaron)[/]"
    out = [title]
    line = f"Round [bold]{esc(view.get('round', '?'))}[/]"
    line += f"  turn {turn} of 6" if turn else ""
    left = view.get("round_cards_left") or ()
    line += f"  [dim](rounds to come: {esc(' '.join(left))})[/]" if left else \
        "  [dim](last round)[/]"
    out.append(line)
    sp = view.get("start_player") or {}
    order = view.get("turn_order") or ()
    if not view.get("solo"):
        holder = sp.get("holder")
        side = "face down, ?" if sp.get("side") == "question marks" else "face up"
        out += _wrap("Turn order: ", "Turn order: ", [
            _item(" → ".join(esc(seat_name(view, s)) for s in order)),
            _item(f"start player card: [bold]{esc(seat_name(view, holder))}[/] ({side})")])
    words = decision_words(view)
    if words:
        style = "bold yellow" if view.get("over") else "italic"
        out.append(f"[{style}]{esc(words)}[/]")
    return out


def _display(view: Mapping[str, Any]) -> list[str]:
    out = ["[bold]Display[/]"]
    legal = clickable(view)
    for r, row in enumerate(view.get("display") or (), start=1):
        items = []
        for c in row:
            mark = " [bold cyan]←[/]" if f"take {r} {c}" in legal else ""
            kind, die, _ = card_parts(c)
            items.append((card_markup(c) + mark, f"{kind} {die}" + (" ←" if mark else "")))
        if not items:
            items = [("[dim]empty[/]", "empty")]
        prefix = f"  {DIE_FACES[r] if r < len(DIE_FACES) else r} row {r}  "
        out += _wrap(prefix, prefix, items)
    return out


def _supply(view: Mapping[str, Any]) -> list[str]:
    out = []
    rc = view.get("round_card") or {}
    opts = rc.get("options") or ()
    legal = clickable(view)
    menu = "  ".join(f"[bold]{i}.[/] {esc(o)}" + (" [bold cyan]←[/]"
                                                  if f"bonus {i}" in legal else "")
                     for i, o in enumerate(opts, start=1))
    out.append(f"Round card {esc(rc.get('letter', '?'))} (bonus for a triple): {menu}")
    first = view.get("first_bonus") or {}
    left = [f"[{TYPE_STYLE.get(t, 'bold')}]{esc(t)}[/]" for t, who in first.items()
            if who is None]
    taken = [f"{esc(t)}: {esc(seat_name(view, who))}" for t, who in first.items()
             if who is not None]
    stack = view.get("all_types_stack") or ()
    line = "Bonus \"1.\" left: " + (" ".join(left) if left else "[dim]none[/]")
    out.append(line)
    if taken:
        out.append("  taken: " + "; ".join(taken))
    out.append("All 7 types stack: " + (" ".join(f"[bold]{v}[/]" for v in stack)
                                        if stack else "[dim]empty[/]"))
    top = view.get("discard_top")
    line = f"Deck [bold]{view.get('deck', '?')}[/]   discard [bold]{view.get('discard', 0)}[/]"
    if top:
        line += f" (top {card_markup(top)})"
    out.append(line)
    piles = []
    for i, p in enumerate(view.get("goods_piles") or (), start=1):
        t = p.get("top")
        kind, vp = good_parts(t) if t else ("", 0)
        shown = f"[{GOODS_STYLE.get(kind, 'bold')}]{esc(kind)} {vp}vp[/]" if t else "[dim]empty[/]"
        mark = " [bold cyan]←[/]" if f"goods {i}" in legal else ""
        piles.append(f"goods {i}: {shown} ({p.get('count', 0)}){mark}")
    for i, p in enumerate(view.get("animal_piles") or (), start=1):
        t = p.get("top")
        mark = " [bold cyan]←[/]" if f"animal {i}" in legal else ""
        piles.append(f"animal {i}: {esc(t) if t else '[dim]empty[/]'} ({p.get('count', 0)})"
                     + mark)
    out.append("Piles  " + "   ".join(piles))
    printed = view.get("printed") or {}
    vps = printed.get("triple_vp") or {}
    if vps:
        out.append("Triple VP: " + "  ".join(f"[{TYPE_STYLE.get(t, 'bold')}]{esc(t)}[/] {vp}"
                                              for t, vp in vps.items()))
    dice = printed.get("goods_dice") or {}
    if dice:
        out.append("Goods sell on: " + "  ".join(
            f"[{GOODS_STYLE.get(k, 'bold')}]{esc(k)}[/] {'/'.join(map(str, d))}"
            for k, d in dice.items()))
    return out


def estate_markup(piles: Sequence[Mapping[str, Any]]) -> list[tuple[str, str]]:
    """Each estate pile as '(markup, plain)': '2:castle ■■□' with complete triples starred."""
    items = []
    for i, pile in enumerate(piles, start=1):
        ptype = str(pile.get("type", "?"))
        cards = pile.get("cards") or ()
        done = bool(pile.get("complete"))
        # One box per card in the card's own colour: a cloister that joined another type
        # (rules §2.6) stays visible as a violet box in that pile.
        boxes = "".join(f"[{TYPE_STYLE.get(card_parts(c)[2], 'bold')}]■[/]" for c in cards)
        empty = "□" * max(0, 3 - len(cards))
        star = " ★" if done else ""
        style = TYPE_STYLE.get(ptype, "bold")
        items.append((f"[dim]{i}:[/][{style}]{esc(ptype)}[/] {boxes}[dim]{empty}[/]{star}",
                      f"{i}:{ptype} {'■' * len(cards)}{empty}{star}"))
    return items


def _animals(animals: Mapping[str, int]) -> str:
    parts = [f"{esc(k)} {animals[k]}" for k in ANIMAL_KINDS if animals.get(k)]
    parts += [f"{esc(k)} {n}" for k, n in animals.items() if k not in ANIMAL_KINDS and n]
    return ", ".join(parts) if parts else "[dim]—[/]"


def _seat(view: Mapping[str, Any], i: int, s: Mapping[str, Any]) -> list[str]:
    legal = clickable(view) if i == view.get("seat") else set()
    moving = i in (view.get("to_move") or ())
    mark = "[bold]▶[/] " if moving else "  "
    you = " [dim](you)[/]" if i == view.get("seat") and s.get("name") != "You" else ""
    holder = (view.get("start_player") or {}).get("holder")
    sp = " [bold]♛ start player card[/]" if holder == i and not view.get("solo") else ""
    out = [f"{mark}[bold]{esc(s.get('name', i))}[/]{you}  score [bold]{s.get('score', 0)}[/]"
           f"  [dim](storage {s.get('storage', 0)})[/]{sp}"]
    estate = s.get("estate") or ()
    done = sum(1 for p in estate if p.get("complete"))
    items = estate_markup(estate) or [("[dim]empty[/]", "empty")]
    if done:
        items.append((f"[dim]({done} complete)[/]", f"({done} complete)"))
    out += _wrap("    estate  ", "    estate  ", items)
    projects = s.get("projects") or ()
    proj = []
    for c in projects:
        m = " [bold cyan]←place[/]" if f"place {c}" in legal else (
            " [bold cyan]←drop[/]" if f"drop {c}" in legal else "")
        proj.append(card_markup(c) + m)
    out.append(f"    projects {len(projects)}/3: " + (", ".join(proj) if proj else "[dim]—[/]"))
    goods = s.get("goods") or {}
    flat = [g for k in goods for g in goods[k]]
    sells = [f"sell {k}" for k in goods if f"sell {k}" in legal]
    out += _wrap("    storage  ", "    storage  ", [
        _item(f"workers [bold]{s.get('workers', 0)}[/]"),
        _item(f"silver [bold]{s.get('silver', 0)}[/]"),
        _item(f"goods {_goods(flat)}" + (" [bold cyan]←sell[/]" if sells else "")),
        _item(f"animals {_animals(s.get('animals') or {})}")])
    bonus = [f"\"1.\" {esc(t)}" for t in s.get("first_bonus") or ()]
    if s.get("all_types"):
        bonus.append(f"all 7 types {s['all_types']}")
    out += _wrap("    ", "    ", [
        _item(f"sold {_goods(s.get('sold') or ())} ({s.get('sold_vp', 0)} VP)"),
        _item(f"VP cards [bold]{s.get('vp_cards', 0)}[/]"),
        _item("bonus cards " + (", ".join(bonus) if bonus else "[dim]—[/]"))])
    hand = s.get("hand")
    if hand is not None:
        cards = []
        for c in hand:
            die = card_parts(c)[1]
            m = " [bold cyan]←[/]" if f"play {die}" in legal else ""
            cards.append(card_markup(c) + m)
        line = "    hand  " + (", ".join(cards) if cards else "[dim]—[/]")
    else:
        line = f"    hand  {s.get('hand_count', 0)} card{'s' if s.get('hand_count') != 1 else ''}"
    out.append(line + f"   face-down pile {s.get('pile_count', 0)}")
    return out


def _aaron(view: Mapping[str, Any]) -> list[str]:
    a = view.get("aaron")
    if not isinstance(a, Mapping):
        return []
    piles = a.get("piles") or ()
    # The view lists a size per round; revealed piles are empty (rules §2.11).
    waiting = [str(n) for n in piles if n]
    out = [f"  [bold]Aaron[/]  score [bold]{a.get('score', 0)}[/]   face-down piles to come: "
           + (" ".join(waiting) if waiting else "[dim]none[/]")]
    out += _wrap("    estate  ", "    estate  ",
                 estate_markup(a.get("estate") or ()) or [("[dim]empty[/]", "empty")])
    bonus = [f"\"1.\" {esc(t)}" for t in a.get("first_bonus") or ()]
    if a.get("all_types"):
        bonus.append(f"all 7 types {a['all_types']}")
    if bonus:
        out.append("    bonus cards " + ", ".join(bonus))
    return out


def _pending_extras(view: Mapping[str, Any]) -> list[str]:
    """What the decision shows on the table: the three bought cards, the choices left."""
    pend = view.get("pending") or {}
    out = []
    if pend.get("kind") == "keep" and pend.get("cards"):
        out.append("Bought cards: " + _cards(pend["cards"]))
    legal = sorted(clickable(view))
    if legal:
        out += _wrap("[bold cyan]Your choices:[/] ", "Your choices: ",
                     [(esc(a), a) for a in legal])
    return out


def render_text(view: Mapping[str, Any], log_lines: int = 6) -> str:
    """The table of ``view`` as Rich-markup text about 100 columns wide."""
    out = _header(view)
    out.append("")
    out += _display(view)
    out.append("")
    out += _supply(view)
    out.append("")
    for i, s in enumerate(view.get("seats") or ()):
        out += _seat(view, i, s)
    out += _aaron(view)
    extras = _pending_extras(view)
    if extras:
        out.append("")
        out += extras
    log = view.get("log") or ()
    if log and log_lines:
        out.append("")
        out.append("[bold]Recent[/]")
        for e in log[-log_lines:]:
            if isinstance(e, Mapping):
                line = f"{e.get('round', '')}: {e.get('text') or e.get('action', '')}"
            else:
                line = str(e)
            out.append(f"  [dim]{esc(line)}[/]")
    return "\n".join(out) + "\n"


__all__ = ["card_parts", "clickable", "decision_words", "render_text", "strip_markup"]
