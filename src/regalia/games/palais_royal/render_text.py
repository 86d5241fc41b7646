"""Palais Royal as rich text for the terminal: ``render_text(view, width=, height=)``.

The result is Rich console markup in a plain string; nothing here imports Rich (the rules core
has no third-party run-time dependency). Like ``chess.svg.board()``, a rendering is a pure
function of a ``view(seat)`` dict (keys: see ``view.py``). Below 100 columns or at 30 lines and
fewer the board is compact, so that at 80 x 24 it leaves room for the actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.markup import esc, strip_markup

SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green")
SEAT_MARKS = ("R", "B", "Y", "G")
PRIVILEGE_MARKS = {"servants": "S", "moves": "M", "diagonal": "D", "gate": "P",
                   "backdoor": "B", "turquoise": "T", "purple": "U", "gold": "$",
                   "cardinal": "C"}
SHORT_ROOMS = {"parade": "Parade", "stairs": "Stairs", "mint": "Mint", "king": "King",
               "pompadour": "Pompad.", "office": "Office", "backdoor": "Backdoor",
               "cardinal": "Cardinal", "gate": "Gate"}
STEP_TITLES = {"setup": "setup: place servants", "parade": "1 Parade ground",
               "stairs": "2 Stairway", "rooms": "3 Mint, seals, Office",
               "enlist": "4 enlist nobles", "edge": "4 servant onto the edge space",
               "backdoor": "5 Back door", "keep": "5 keep cards", "over": "game over"}


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


def noble_label(noble: Mapping[str, Any] | None, cost: Any, compact: bool) -> str:
    """A park tile: VP, then the gold it costs now and its seals (turquoise/purple), and a
    letter for its privilege: ``7v 3g21`` (compact ``7:3.21``)."""
    if noble is None:
        return ""
    mark = PRIVILEGE_MARKS.get(noble.get("privilege") or "", "")
    if compact:
        return f"{noble['vp']}:{cost}.{noble['turquoise']}{noble['purple']}{mark}"
    return f"{noble['vp']}v {cost}g{noble['turquoise']}{noble['purple']}{mark}"


def _rooms(view: Mapping[str, Any], cell: int) -> list[str]:
    players = view["players"]
    majority = view.get("majority", {})
    lines = []
    for row in view["layout"]:
        parts = []
        for room in row:
            counts = view["rooms"][room]
            held = majority.get(room)
            name = SHORT_ROOMS.get(room, room)
            nums = " ".join(seat_mark(p, str(counts[p])) for p in range(players))
            star = "*" if held is not None else " "
            label = f"{esc(name):<8}{star}" if held is None else \
                f"{esc(name):<8}{seat_mark(held, '*')}"
            parts.append(_pad(f"{label} {nums}", cell))
        lines.append("|".join(parts))
    return lines


def _park(view: Mapping[str, Any], compact: bool) -> list[str]:
    park = view["park"]
    cols = park["columns"]
    cell = 9 if compact else 10
    letters = "abcdefgh"[:cols]
    head = "   " + "".join(f"{c:<{cell}}" for c in letters)
    lines = [head.rstrip()]
    spaces = park["spaces"]
    for r in range(park["rows"]):
        parts = []
        for c in range(cols):
            sp = spaces[r * cols + c]
            if sp["noble"] is not None:
                text = esc(noble_label(sp["noble"], sp["cost"], compact))
                if sp["edge"] and not compact:
                    text = f"[dim]~[/]{text}"
            elif sp["servant"] is not None:
                text = seat_mark(sp["servant"], "#" + SEAT_MARKS[sp["servant"] % 4])
            else:
                text = "[dim].[/]"
            parts.append(_pad(text, cell))
        lines.append(f"{r + 1:<3}" + "".join(parts).rstrip())
    return lines


def _seat_lines(view: Mapping[str, Any], compact: bool, width: int) -> list[str]:
    cards = {c["id"]: c["name"] for c in view.get("cards", [])}
    out = []
    for p, s in enumerate(view["seats"]):
        me = " (you)" if view.get("seat") == p else ""
        turn = ">" if view.get("current") == p else " "
        score = s["score"] if s["score"] is not None else f"{s['score_known']}+?"
        if compact:
            out.append(_fit(
                f"{turn}{seat_mark(p, s['name'])}{esc(me)}: {s['gold']}g, area {s['area']}, "
                f"supply {s['supply']}, nobles {len(s['nobles'])}+{s['face_down']}, cards "
                f"{s['hand_count']}, score {score}", width))
            continue
        head = (f"{turn}{seat_mark(p, s['name'])}{esc(me)}: {s['gold']} gold, "
                f"{s['area']} in play area, {s['supply']} in supply; nobles "
                f"{len(s['nobles'])} up + {s['face_down']} down; {s['hand_count']} cards; "
                f"score {score}")
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
    """The position as Rich markup, every line at most ``width`` columns wide."""
    compact = width < 100 or height <= 30
    players = view["players"]
    lines: list[str] = []
    step = STEP_TITLES.get(view["step"], view["step"])
    who = "" if view["current"] is None else f", {view['seats'][view['current']]['name']} " \
        f"to move"
    last = " [bold]last round[/]" if view.get("last_round") and not view["over"] else ""
    left = f" ({view['left']} left)" if view["step"] in ("setup", "parade", "stairs") else ""
    lines.append(_fit(f"[bold]Palais Royal[/] round {view['round']}{esc(who)}: "
                      f"{esc(step)}{esc(left)}{last}", width))
    turn = view.get("turn")
    drawn = view.get("drawn")
    names = {c["id"]: c["text"] for c in view.get("cards", [])}
    drawn_line = _fit("drawn: " + esc(", ".join(names.get(c, c) for c in drawn)), width) \
        if drawn else None
    if compact and drawn_line:
        lines.append(drawn_line)  # in place of the seals line: the choice at hand
        drawn_line = None
    elif turn:
        lines.append(_fit(
            f"seals [cyan]{turn['turquoise']} turquoise[/], [magenta]{turn['purple']} purple"
            f"[/]; Office {turn['office']}; draws {turn['backdoor_draws']}; nobles "
            f"{view['nobles_left']} (end at {view['end_at']}); deck {view['deck']}",
            width))
    cell = max(14, min(33, (width - 2) // 3)) if compact else 33
    rooms = _rooms(view, cell)
    park = _park(view, compact)
    if not compact and width >= 3 * cell + 2 + len(strip_markup(park[0])) + 2:
        lines.append("[bold]Castle[/]" + " " * (3 * cell + 2 - 6) + "  [bold]Park[/] (v VP, "
                     "g gold now, seals turquoise+purple, ~ edge)")
        for i in range(max(len(rooms), len(park))):
            left_part = rooms[i] if i < len(rooms) else " " * (3 * cell + 2)
            right = park[i] if i < len(park) else ""
            lines.append(_fit(_pad(left_part, 3 * cell + 2) + "  " + right, width))
    else:
        lines.extend(_fit(r, width) for r in rooms)
        if not compact:
            lines.append(_fit("[dim]park: VP v, gold to pay now g, seals turquoise+purple, "
                              "privilege letter (S servants, M moves, D diagonal, P Gate, "
                              "B Back door, T/U seals, $ gold, C Cardinal); ~ edge; #R servant"
                              "[/]", width))
        lines.extend(_fit(r, width) for r in park)
    edges = view.get("edges", [])
    if edges and not compact:  # compact: the park's # marks show the edge servants
        lines.append(_fit("edges " + "; ".join(
            f"{e['name']} {e['first']}/{e['second']}: " + " ".join(
                seat_mark(p, str(e['counts'][p])) for p in range(players)) for e in edges),
            width))
    lines.extend(_seat_lines(view, compact, width))
    if drawn_line:
        lines.append(drawn_line)
    if view.get("over") and view.get("ranking"):
        lines.append(_fit("final: " + ", ".join(
            f"{esc(view['seats'][p]['name'])} {view['scores'][p]} (place {view['ranking'][p]})"
            for p in range(players)), width))
    return "\n".join(lines)


