"""Palais Royal as rich text for the terminal: ``render_text(view, width=, height=)``.

The result is Rich console markup in a plain string; nothing here imports Rich (the rules core
has no third-party run-time dependency). Like ``chess.svg.board()``, a rendering is a pure
function of a ``view(seat)`` dict (keys: see ``view.py``). Below 100 columns or at 30 lines and
fewer the board is compact; it keeps to the ``height`` it is given (the screen less the
actions) by dropping, in order, the edge line, the turn line and the privilege key; the key
to the park tiles (``14v 6g 2t1p``: VP, gold now, turquoise and purple seals) always stays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.markup import esc, strip_markup
from regalia.games.palais_royal.rooms import ROOMS

ROOM_NUMBER = {room: i + 1 for i, room in enumerate(ROOMS)}

SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green")
SEAT_MARKS = ("R", "B", "Y", "G")
# One capital letter per privilege on a park tile; the key line under the castle spells them
# out. Seals on a tile are small letters (t, p), so the two seal privileges are T and P.
PRIVILEGE_MARKS = {"servants": "S", "moves": "M", "diagonal": "X", "gate": "G",
                   "backdoor": "B", "turquoise": "T", "purple": "P", "gold": "$",
                   "cardinal": "C"}
PRIVILEGE_KEY = (("S", "servants"), ("M", "move"), ("X", "diagonal"), ("G", "Gate"),
                 ("B", "card"), ("T/P", "seal"), ("$", "gold"), ("C", "Cardinal"))
SHORT_ROOMS = {"parade": "Parade", "stairs": "Stairs", "mint": "Mint", "king": "King",
               "pompadour": "Pompad.", "office": "Office", "backdoor": "Backdoor",
               "cardinal": "Cardinal", "gate": "Gate"}
STEP_TITLES = {"setup": "setup: place servants", "parade": "1 Parade ground",
               "stairs": "2 Stairway", "rooms": "3 Mint, seals, Office",
               "enlist": "4 enlist nobles", "edge": "4 servant onto the edge space",
               "backdoor": "5 Back door", "keep": "5 keep cards", "over": "game over"}
CELL = 13  # a park tile's text at most: "19v 9g 3t3p M"


def seat_mark(seat: int, text: str | None = None) -> str:
    style = SEAT_STYLES[seat % len(SEAT_STYLES)]
    return f"[{style}]{esc(text if text is not None else SEAT_MARKS[seat % 4])}[/]"


def _pad(markup: str, width: int) -> str:
    """Markup padded with blanks (or cut) to ``width`` visible columns."""
    plain = strip_markup(markup)
    if len(plain) > width:
        return esc(plain[:width])
    return markup + " " * (width - len(plain))


def _fit(line: str, width: int) -> str:
    return line if len(strip_markup(line)) <= width else esc(strip_markup(line)[:width])


def noble_label(noble: Mapping[str, Any] | None, cost: Any, compact: bool = True) -> str:
    """A park tile as plain text: VP, the gold it costs now, its seals (t turquoise, p purple,
    none left out) and its privilege's letter: ``14v 6g 2t2p``, ``3v 1g 1t M``. (``compact``
    is kept for callers of the older signature; the label is the same.)"""
    if noble is None:
        return ""
    seals = (f"{noble['turquoise']}t" if noble["turquoise"] else "") + \
        (f"{noble['purple']}p" if noble["purple"] else "")
    mark = PRIVILEGE_MARKS.get(noble.get("privilege") or "", "")
    return " ".join(x for x in (f"{noble['vp']}v", f"{cost}g", seals, mark) if x)


def noble_markup(noble: Mapping[str, Any], cost: Any) -> str:
    """The same label in colour: gold yellow, turquoise cyan, purple magenta."""
    bits = [f"[bold]{noble['vp']}v[/]", f"[yellow]{cost}g[/]"]
    seals = (f"[cyan]{noble['turquoise']}t[/]" if noble["turquoise"] else "") + \
        (f"[magenta]{noble['purple']}p[/]" if noble["purple"] else "")
    if seals:
        bits.append(seals)
    mark = PRIVILEGE_MARKS.get(noble.get("privilege") or "", "")
    if mark:
        bits.append(f"[bold]{esc(mark)}[/]")
    return " ".join(bits)


def park_key(width: int) -> str:
    """The line that reads a park tile (always shown above the park)."""
    return _fit("[dim]park:[/] [bold]14v[/] [yellow]6g[/] [cyan]2t[/][magenta]1p[/] = 14 VP, "
                "6 gold now, 2 turquoise + 1 purple seals; P1 servant", width)


def privilege_key(width: int) -> str:
    """The line that spells out the privilege letters on park tiles."""
    return _fit("[dim]privilege:[/] " + " ".join(
        f"[bold]{esc(mark)}[/]={esc(word)}" for mark, word in PRIVILEGE_KEY), width)


def _rooms(view: Mapping[str, Any], cell: int) -> list[str]:
    players = view["players"]
    majority = view.get("majority", {})
    lines = []
    for row in view["layout"]:
        parts = []
        for room in row:
            counts = view["rooms"][room]
            held = majority.get(room)
            # The room's number (turn order) is what a player types for it.
            name = f"{ROOM_NUMBER.get(room, '?')} {SHORT_ROOMS.get(room, room)}"
            nums = " ".join(seat_mark(p, str(counts[p])) for p in range(players))
            label = f"{esc(name):<10} " if held is None else \
                f"{esc(name):<10}{seat_mark(held, '*')}"
            parts.append(_pad(f"{label} {nums}", cell))
        lines.append("|".join(parts))
    return lines


def _park(view: Mapping[str, Any], width: int) -> list[str]:
    park = view["park"]
    cols = park["columns"]
    label = 3 if 3 + cols * CELL <= width else 2
    cell = max(CELL, min(19, (width - label) // cols))
    head = " " * label + "".join(f"{c:<{cell}}" for c in "abcdefgh"[:cols])
    lines = [head.rstrip()]
    spaces = park["spaces"]
    for r in range(park["rows"]):
        parts = []
        for c in range(cols):
            sp = spaces[r * cols + c]
            if sp["noble"] is not None:
                text = noble_markup(sp["noble"], sp["cost"])
            elif sp["servant"] is not None:
                text = seat_mark(sp["servant"], f"P{sp['servant'] + 1}")
            else:
                text = "[dim].[/]"
            parts.append(_pad(text, cell))
        lines.append(_fit(f"{r + 1:<{label}}" + "".join(parts).rstrip(), width))
    return lines


def _seat_lines(view: Mapping[str, Any], compact: bool, width: int) -> list[str]:
    cards = {c["id"]: c["name"] for c in view.get("cards", [])}
    out = []
    for p, s in enumerate(view["seats"]):
        me = " (you)" if view.get("seat") == p else ""
        turn = ">" if view.get("current") == p else " "
        score = s["score"] if s["score"] is not None else f"{s['score_known']}+?"
        perks = "".join(PRIVILEGE_MARKS.get(k, "?") * v for k, v in s["perks"].items())
        if compact:
            # The parts in order of need; as many as fit the width.
            line = f"{turn}{seat_mark(p, s['name'])}{esc(me)}:"
            parts = [f"{s['gold']} gold", f"score {score}",
                     f"nobles {len(s['nobles'])} open {s['face_down']} hidden",
                     f"{s['hand_count']} cards", f"area {s['area']}",
                     f"privileges {perks}" if perks else "", f"supply {s['supply']}"]
            used = len(strip_markup(line))
            for part in parts:
                if part and used + 2 + len(part) <= width:
                    line += (" " if line.endswith(":") else ", ") + esc(part)
                    used += 2 + len(part)
            out.append(line)
            continue
        head = (f"{turn}{seat_mark(p, s['name'])}{esc(me)}: {s['gold']} gold, "
                f"{s['area']} in play area, {s['supply']} in supply; nobles "
                f"{len(s['nobles'])} open + {s['face_down']} hidden; {s['hand_count']} "
                f"cards; score {score}")
        out.append(_fit(head, width))
        bits = []
        if s["perks"]:
            bits.append("privileges " + ", ".join(f"{k} {v}" for k, v in s["perks"].items()))
        if s["hand"]:
            bits.append("hand " + ", ".join(f"{cards.get(k, k)} x{v}"
                                            for k, v in s["hand"].items()))
        if s["played_vp"]:
            bits.append(f"played cards {s['played_vp']} VP")
        if bits:
            out.append(_fit("   " + esc("; ".join(bits)), width))
    return out


def render_text(view: Mapping[str, Any], *, width: int = 100, height: int = 40) -> str:
    """The position as Rich markup: at most ``width`` columns, and ``height`` lines where
    the picture can be cut to that (the key to the park tiles always stays)."""
    compact = width < 100 or height <= 30
    players = view["players"]
    step = STEP_TITLES.get(view["step"], view["step"])
    who = "" if view["current"] is None else f", {view['seats'][view['current']]['name']}"
    last = " [bold]last round[/]" if view.get("last_round") and not view["over"] else ""
    left = f" ({view['left']} left)" if view["step"] in ("setup", "parade", "stairs") else ""
    title = f"{esc(who[2:])}: {esc(step)}{esc(left)}{last}" if who else esc(step) + last
    title = ("Round" if compact else "[bold]Palais Royal[/] round") + \
        f" {view['round']}, {title}"
    tail = f"{view['nobles_left']} nobles (end at {view['end_at']}) · deck {view['deck']}"
    turn = view.get("turn")
    turn_line = "" if not turn else (
        f"this turn: seals [cyan]{turn['turquoise']} turquoise[/] [magenta]"
        f"{turn['purple']} purple[/] · Office {turn['office']} · Back-door draws "
        f"{turn['backdoor_draws']}")
    # The nobles left and the deck go where they fit: after the title, the turn line, or
    # on a line of their own.
    if len(strip_markup(title)) + 3 + len(tail) <= width:
        title, tail = f"{title} · {esc(tail)}", ""
    elif turn_line and len(strip_markup(turn_line)) + 3 + len(tail) <= width:
        turn_line, tail = f"{turn_line} · {esc(tail)}", ""
    names = {c["id"]: c["text"] for c in view.get("cards", [])}
    drawn = view.get("drawn")
    # (line, priority): 0 always; higher numbers are dropped first when ``height`` is short.
    out: list[tuple[str, int]] = [(_fit(title, width), 0)]
    if turn_line:
        out.append((_fit(turn_line, width), 2))
    if tail:
        out.append((_fit(esc(tail), width), 2))
    if drawn:
        out.append((_fit("drawn: " + esc(", ".join(names.get(c, c) for c in drawn)), width),
                    0))
    cell = max(14, min(33, (width - 2) // 3))
    out.extend((_fit(r, width), 0) for r in _rooms(view, cell))
    out.append((_fit(park_key(width), width), 0))
    out.append((privilege_key(width), 1))
    out.extend((r, 0) for r in _park(view, width))
    edges = view.get("edges", [])
    if edges:
        # Each edge: its points for first/second place, then each seat's servants on it.
        head = "edges " if compact else "edges (VP first/second, servants per player): "
        out.append((_fit(head + "; ".join(
            f"{e['name']} {e['first']}/{e['second']} " + " ".join(
                seat_mark(p, str(e['counts'][p])) for p in range(players)) for e in edges),
            width), 3 if compact else 0))
    out.extend((line, 0) for line in _seat_lines(view, compact, width))
    if view.get("over") and view.get("ranking"):
        out.append((_fit("final: " + ", ".join(
            f"{esc(view['seats'][p]['name'])} {view['scores'][p]} (place {view['ranking'][p]})"
            for p in range(players)), width), 0))
    for drop in (3, 2, 1):
        if len(out) <= height:
            break
        out = [(line, prio) for line, prio in out if prio < drop]
    return "\n".join(line for line, _ in out)
