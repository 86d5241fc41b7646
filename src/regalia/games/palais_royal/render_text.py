"""Palais Royal as rich text for the terminal: ``render_text(view, width=, height=)``.

The result is Rich console markup in a plain string; nothing here imports Rich (the rules core
has no third-party run-time dependency). Like ``chess.svg.board()``, a rendering is a pure
function of a ``view(seat)`` dict (keys: see ``view.py``). Below 100 columns or at 30 lines and
fewer the board is compact; it keeps to the ``height`` it is given (the screen less the
actions) by dropping, in order, the card piles' lists (the open discard pile, the cards a
rebuilt draw pile was made of; a one-line count stands in for them), that count, the edge
line, the turn line and the privilege key; the key to the park tiles (``14v 6g 2t1p``: VP,
gold now, turquoise and purple seals) always stays. At 110 columns and more, where the height
allows two lines a park row with nothing else dropped, the tiles are in words ("14 VP, 6 gold"
over "2 turq. 1 purple", the privilege as "+move") and that key goes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.i18n import _, display_width, language, pad, pgettext
from regalia.engine.markup import esc, strip_markup, wrap_cells
from regalia.games.palais_royal.rooms import ROOMS
from regalia.games.palais_royal.text import step_title

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
# The rooms as the castle grid names them: the first word of the choices' names ("Back door",
# "Stairway"), so that "5 Madame de Pompadour" is found as "5 Pompadour" (not "Pompad.").
SHORT_ROOMS = {"parade": "Parade", "stairs": "Stairway", "mint": "Mint", "king": "King",
               "pompadour": "Pompadour", "office": "Office", "backdoor": "Back door",
               "cardinal": "Cardinal", "gate": "Gate"}
CELL = 13  # a park tile's text at most: "19v 9g 3t3p M"
# Priorities of the card piles' lines (see ``render_text``): the lists go first when the
# screen is short, then the one-line count standing in for them, then the board's own lines.
PILE_LISTS = 5
PILE_COUNT = 4
INDENT = "  "  # a pile list's lines after its first


def _privilege_key() -> tuple[tuple[str, str], ...]:
    """PRIVILEGE_KEY in the language in force."""
    if language() == "en":
        return PRIVILEGE_KEY
    words = {"servants": pgettext("palais-royal", "servants"),
             "move": pgettext("palais-royal", "move"),
             "diagonal": pgettext("palais-royal", "diagonal"),
             "Gate": pgettext("palais-royal", "Gate"), "card": pgettext("palais-royal", "card"),
             "seal": pgettext("palais-royal", "seal"), "gold": pgettext("palais-royal", "gold"),
             "Cardinal": pgettext("palais-royal", "Cardinal")}
    return tuple((mark, words[word]) for mark, word in PRIVILEGE_KEY)


def _short_room(room: str) -> str:
    """A room's short name on the castle grid, in the language in force."""
    if language() == "en":
        return SHORT_ROOMS.get(room, room)
    words = {"parade": pgettext("palais-royal", "Parade"),
             "stairs": pgettext("palais-royal", "Stairs"),
             "mint": pgettext("palais-royal", "Mint"), "king": pgettext("palais-royal", "King"),
             "pompadour": pgettext("palais-royal", "Pompad."),
             "office": pgettext("palais-royal", "Office"),
             "backdoor": pgettext("palais-royal", "Backdoor"),
             "cardinal": pgettext("palais-royal", "Cardinal"),
             "gate": pgettext("palais-royal", "Gate")}
    return words.get(room, room)


def _privilege_name(key: str) -> str:
    """A privilege (view key) as a word."""
    if language() == "en":
        return key
    words = {"servants": pgettext("palais-royal", "servants"),
             "moves": pgettext("palais-royal", "moves"),
             "diagonal": pgettext("palais-royal", "diagonal"),
             "gate": pgettext("palais-royal", "Gate"),
             "backdoor": pgettext("palais-royal", "Backdoor"),
             "turquoise": pgettext("palais-royal", "turquoise"),
             "purple": pgettext("palais-royal", "purple"),
             "gold": pgettext("palais-royal", "gold"),
             "cardinal": pgettext("palais-royal", "Cardinal")}
    return words.get(key, key)


def _after(label: str) -> str:
    """The space after a label ending in a colon: none after a full-width one (Chinese)."""
    return "" if label.endswith("：") else " "


def _cut(plain: str, width: int) -> str:
    """``plain`` cut to at most ``width`` terminal cells."""
    out = []
    used = 0
    for ch in plain:
        w = display_width(ch)
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out)


def seat_mark(seat: int, text: str | None = None) -> str:
    style = SEAT_STYLES[seat % len(SEAT_STYLES)]
    return f"[{style}]{esc(text if text is not None else SEAT_MARKS[seat % 4])}[/]"


def _pad(markup: str, width: int) -> str:
    """Markup padded with blanks (or cut) to ``width`` visible columns."""
    plain = strip_markup(markup)
    used = display_width(plain)
    if used > width:
        return esc(_cut(plain, width))
    return markup + " " * (width - used)


def _fit(line: str, width: int) -> str:
    plain = strip_markup(line)
    return line if display_width(plain) <= width else esc(_cut(plain, width))


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
    label = esc(_("park:"))
    meaning = esc(_("= 14 VP, 6 gold now, 2 turquoise + 1 purple seals; P1 servant"))
    return _fit(f"[dim]{label}[/]{_after(label)}[bold]14v[/] [yellow]6g[/] [cyan]2t[/]"
                f"[magenta]1p[/] {meaning}", width)


def privilege_key(width: int) -> str:
    """The line that spells out the privilege letters on park tiles."""
    label = esc(_("privilege:"))
    return _fit(f"[dim]{label}[/]{_after(label)}" + " ".join(
        f"[bold]{esc(mark)}[/]={esc(word)}" for mark, word in _privilege_key()), width)


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    sep = pgettext("palais-royal", ", ")
    seats = sep.join(f"{SEAT_MARKS[p % 4]} {s['name']}" for p, s in enumerate(view["seats"]))
    return "\n".join([
        "[bold]" + esc(_("Key to the board")) + "[/]",
        esc(_("Castle: each room as its number (the order its step comes in a turn, and what "
              "you type for it), its name, then each player's servants there in seat order "
              "({seats}); * marks the player with the most.").format(seats=seats)),
        esc(_("Park: 14v 6g 2t1p M = a noble worth 14 victory points, costing 6 gold now, "
              "with 2 turquoise and 1 purple seals and the privilege M; P1: a servant of "
              "Player 1; .: an empty space. Columns a-f and rows 1-6 name the spaces (c3).")),
        esc(_("Privileges: {key}.").format(key=sep.join(
            f"{mark} {word}" for mark, word in _privilege_key()))),
        esc(_("edges top 6/2 0 0 0: the park's top edge gives 6 VP to the player with the "
              "most servants along it and 2 to the second, then each player's servants "
              "there.")),
        esc(_("Players: > on turn; area: servants in the play area, ready to place; supply: "
              "servants not yet in play; nobles open/hidden; score 12+?: the points known "
              "so far.")),
        esc(_("36 nobles (end at 12): nobles left in the park; once 12 or fewer are left "
              "the last round begins. deck: cards in the draw pile.")),
    ])


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
            name = f"{ROOM_NUMBER.get(room, '?')} {_short_room(room)}"
            nums = " ".join(seat_mark(p, str(counts[p])) for p in range(players))
            label = f"{pad(esc(name), 11)} " if held is None else \
                f"{pad(esc(name), 11)}{seat_mark(held, '*')}"
            parts.append(_pad(f"{label} {nums}", cell))
        lines.append("|".join(parts))
    return lines


def _privilege_word(key: str) -> str:
    """A privilege as a park cell says it in words: what the noble adds every turn."""
    words = {"servants": pgettext("palais-royal cell", "+servants"),
             "moves": pgettext("palais-royal cell", "+move"),
             "diagonal": pgettext("palais-royal cell", "diagonal"),
             "gate": pgettext("palais-royal cell", "+Gate"),
             "backdoor": pgettext("palais-royal cell", "+card"),
             "turquoise": pgettext("palais-royal cell", "+turq."),
             "purple": pgettext("palais-royal cell", "+purple"),
             "gold": pgettext("palais-royal cell", "+gold"),
             "cardinal": pgettext("palais-royal cell", "Cardinal")}
    return words.get(key, key)


def noble_cell(noble: Mapping[str, Any], cost: Any, cell: int) -> tuple[str, str]:
    """A park tile in words on two lines of fewer than ``cell`` cells: "14 VP, 6 gold" over
    "2 turq. 1 purple", the privilege after either where it fits ("+move"), else its letter
    (the privilege line spells the letters out)."""
    top = "[bold]" + esc(_("{vp} VP").format(vp=noble["vp"])) + "[/]" + esc(
        pgettext("palais-royal", ", ")) + "[yellow]" + esc(_("{gold} gold").format(
            gold=cost)) + "[/]"
    t, p = noble["turquoise"], noble["purple"]
    if t and p:
        seals = short = esc(_("{t} turq. {p} purple").format(t=t, p=p))
    elif t:
        seals, short = esc(_("{t} turquoise").format(t=t)), esc(_("{t} turq.").format(t=t))
    elif p:
        seals = short = esc(_("{p} purple").format(p=p))
    else:
        seals = short = ""
    key = noble.get("privilege") or ""
    if not key:
        return top, f"[cyan]{seals}[/]" if seals else ""
    word = "[bold]" + esc(_privilege_word(key)) + "[/]"
    if display_width(strip_markup(f"{top} {word}")) < cell:
        return f"{top} {word}", f"[cyan]{seals}[/]" if seals else ""
    for text in (seals, short):
        joined = f"[cyan]{text}[/] {word}" if text else word
        if display_width(strip_markup(joined)) < cell:
            return top, joined
    letter = "[bold]" + esc(PRIVILEGE_MARKS.get(key, "")) + "[/]"
    return top, f"[cyan]{short}[/] {letter}" if short else letter


def _park(view: Mapping[str, Any], width: int, two_lines: bool = False) -> list[str]:
    park = view["park"]
    cols = park["columns"]
    label = 3 if 3 + cols * CELL <= width else 2
    cell = max(CELL, min(19, (width - label) // cols))
    head = " " * label + "".join(f"{c:<{cell}}" for c in "abcdefgh"[:cols])
    lines = [head.rstrip()]
    spaces = park["spaces"]
    if two_lines:
        for r in range(park["rows"]):
            tops, bottoms = [], []
            for c in range(cols):
                sp = spaces[r * cols + c]
                if sp["noble"] is not None:
                    top, bottom = noble_cell(sp["noble"], sp["cost"], cell)
                elif sp["servant"] is not None:
                    top, bottom = seat_mark(sp["servant"], view["seats"][sp["servant"]][
                        "name"]), ""
                else:
                    top, bottom = "[dim].[/]", ""
                tops.append(_pad(top, cell))
                bottoms.append(_pad(bottom, cell))
            lines.append(_fit(f"{r + 1:<{label}}" + "".join(tops).rstrip(), width))
            lines.append(_fit(" " * label + "".join(bottoms).rstrip(), width))
        return lines
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
    sep = pgettext("palais-royal", ", ")
    colon = pgettext("palais-royal", ":")
    out = []
    for p, s in enumerate(view["seats"]):
        me = _(" (you)") if view.get("seat") == p else ""
        turn = ">" if view.get("current") == p else " "
        score = s["score"] if s["score"] is not None else f"{s['score_known']}+?"
        # The marks run together in English ("MBC"); elsewhere they are kept apart ("M/B/C"),
        # so they do not read as a word of the other language.
        marks = [PRIVILEGE_MARKS.get(k, "?") for k, v in s["perks"].items() for _i in range(v)]
        perks = ("" if language() == "en" else "/").join(marks)
        if compact:
            # The parts in order of need; as many as fit the width.
            line = f"{turn}{seat_mark(p, s['name'])}{esc(me)}{colon}"
            parts = [_("{n} gold").format(n=s["gold"]), _("score {n}").format(n=score),
                     _("nobles {open} open {hidden} hidden").format(
                         open=len(s["nobles"]), hidden=s["face_down"]),
                     _("{n} cards").format(n=s["hand_count"]),
                     _("area {n}").format(n=s["area"]),
                     _("privileges {marks}").format(marks=perks) if perks else "",
                     _("supply {n}").format(n=s["supply"])]
            # The privileges in words where they fit ("privileges move 1, Cardinal 1"),
            # else in their letters (the privilege line spells them out).
            worded = _("privileges {list}").format(list=sep.join(
                f"{_privilege_name(k)} {v}" for k, v in s["perks"].items())) if perks else ""
            used = display_width(strip_markup(line))
            first = True
            for part in parts:
                join = _after(colon) if first else sep
                gap = display_width(join)
                if perks and part == parts[5] and \
                        used + gap + display_width(worded) + 2 + len(_("supply {n}").format(
                            n=s["supply"])) <= width:
                    part = worded
                if part and used + gap + display_width(part) <= width:
                    line += join + esc(part)
                    used += gap + display_width(part)
                    first = False
            out.append(line)
            continue
        head = f"{turn}{seat_mark(p, s['name'])}{esc(me)}{colon}{_after(colon)}" + esc(_(
            "{gold} gold, {area} in play area, {supply} in supply; nobles {open} open + "
            "{hidden} hidden; {cards} cards; score {score}").format(
                gold=s["gold"], area=s["area"], supply=s["supply"], open=len(s["nobles"]),
                hidden=s["face_down"], cards=s["hand_count"], score=score))
        out.append(_fit(head, width))
        bits = []
        if s["perks"]:
            bits.append(_("privileges {list}").format(list=sep.join(
                f"{_privilege_name(k)} {v}" for k, v in s["perks"].items())))
        if s["hand"]:
            bits.append(_("hand {list}").format(list=sep.join(
                f"{cards.get(k, k)} x{v}" for k, v in s["hand"].items())))
        if s["played_vp"]:
            bits.append(_("played cards {n} VP").format(n=s["played_vp"]))
        if bits:
            out.append(_fit("   " + esc(pgettext("palais-royal", "; ").join(bits)), width))
    return out


def _named(view: Mapping[str, Any], counts: Mapping[str, int]) -> list[str]:
    """A pile's cards (card id -> count) as the seat lines name a hand's: ``Purse x2``."""
    names = {c["id"]: c["name"] for c in view.get("cards", [])}
    return [f"{names.get(k, k)} x{n}" for k, n in counts.items()]


def _wrap(head: str, items: Sequence[str], width: int) -> list[str]:
    """``head`` (markup) then ``items`` (plain text) in a list, broken between items into
    lines of at most ``width`` cells (the lines after the first indented); an item wider than
    a line is cut."""
    sep = pgettext("palais-royal", ", ")
    pieces = [esc(item + sep) for item in items[:-1]] + [esc(item) for item in items[-1:]]
    lines: list[str] = []
    line = head
    for piece in pieces:
        joined = line + piece
        if display_width(strip_markup(joined).rstrip()) > width:
            lines.append(line.rstrip())
            joined = INDENT + piece
        line = joined
    lines.append(line.rstrip())
    return [_fit(x, width) for x in lines]


def _rebuilt_count(view: Mapping[str, Any]) -> str | None:
    """How often the draw pile was made again, of how many cards, and how many were drawn
    from it since; None before the first rebuild."""
    rebuilt = view.get("rebuilt") or []
    if not rebuilt:
        return None
    made = sum(rebuilt[-1].values())
    # The draw pile is the latest rebuilt pile less the cards drawn since (view.py).
    return _("deck rebuilt {times}x from {made} cards, {drawn} drawn since").format(
        times=len(rebuilt), made=made, drawn=made - view["deck"])


def _discard_count(view: Mapping[str, Any]) -> str | None:
    """The open discard pile's size; None when it is empty."""
    size = sum((view.get("discard") or {}).values())
    return pgettext("palais-royal", "discard {n}").format(n=size) if size else None


def _pile_lines(view: Mapping[str, Any], width: int) -> list[str]:
    """The open discard pile's cards and, after a rebuild, the cards the draw pile was made
    of: what every seat at the table sees or remembers (nothing when both are empty)."""
    colon = pgettext("palais-royal", ":")
    out = []
    lists = ((_discard_count(view), view.get("discard") or {}),
             (_rebuilt_count(view), (view.get("rebuilt") or [{}])[-1]))  # (the latest)
    for label, cards in lists:
        if label is not None:
            out.extend(_wrap(esc(label + colon + _after(colon)), _named(view, cards), width))
    return out


def _pile_count(view: Mapping[str, Any], width: int) -> str | None:
    """The piles in one line, by count, for a screen too short for their lists."""
    parts = [x for x in (_discard_count(view), _rebuilt_count(view)) if x is not None]
    return _fit(esc(" · ".join(parts)), width) if parts else None


def _kept(out: Sequence[tuple[str, int]], drop: int) -> list[str]:
    """The lines left once those of priority ``drop`` and higher are dropped; the piles' count
    stands in for their lists only once the lists are dropped."""
    return [line for line, prio in out
            if prio < drop and (prio != PILE_COUNT or drop <= PILE_LISTS)]


def breakdown_text(view: Mapping[str, Any], seat: int) -> str:
    """A seat's final score in its parts (``seats[seat]["breakdown"]``), or "" if unknown."""
    parts = view["seats"][seat].get("breakdown")
    if not parts:
        return ""
    return _("{name}: nobles {nobles} + played cards {played} + cards in hand {hand} + park "
             "edges {edges} = {total}").format(name=view["seats"][seat]["name"], **parts)


def render_text(view: Mapping[str, Any], *, width: int = 100, height: int = 40) -> str:
    """The position as Rich markup: at most ``width`` columns, and ``height`` lines where
    the picture can be cut to that (the key to the park tiles always stays)."""
    compact = width < 100 or height <= 30
    players = view["players"]
    step = step_title(view["step"])
    who = None if view["current"] is None else view["seats"][view["current"]]["name"]
    last = " [bold]" + esc(_("last round")) + "[/]" if view.get("last_round") and \
        not view["over"] else ""
    left = " " + _("({n} left)").format(n=view["left"]) \
        if view["step"] in ("setup", "parade", "stairs") else ""
    title = esc(_("{who}: {step}").format(who=who, step=step + left)) if who is not None \
        else esc(step)
    title += last
    if not view["round"]:  # (the setup placements come before round 1)
        title = title if compact else \
            "[bold]" + esc(pgettext("palais-royal", "Palais Royal")) + "[/] · " + title
    elif compact:
        title = esc(_("Round {n}, {position}")).format(n=view["round"], position=title)
    else:
        game = "[bold]" + esc(pgettext("palais-royal", "Palais Royal")) + "[/]"
        title = esc(_("{game} round {n}, {position}")).format(
            game=game, n=view["round"], position=title)
    tail = _("{n} nobles (end at {end}) · deck {deck}").format(
        n=view["nobles_left"], end=view["end_at"], deck=view["deck"])
    turn = view.get("turn")
    turn_line = ""
    if turn:
        turquoise = esc(_("{n} turquoise").format(n=turn["turquoise"]))
        purple = esc(_("{n} purple").format(n=turn["purple"]))
        turn_line = esc(_("this turn: seals {turquoise} {purple} · Office {office} · "
                          "Back-door draws {draws}")).format(
            turquoise="[cyan]" + turquoise + "[/]", purple="[magenta]" + purple + "[/]",
            office=turn["office"], draws=turn["backdoor_draws"])
    # The nobles left and the deck go where they fit: after the title, the turn line, or
    # on a line of their own.
    if display_width(strip_markup(title)) + 3 + display_width(tail) <= width:
        title, tail = f"{title} · {esc(tail)}", ""
    elif turn_line and display_width(strip_markup(turn_line)) + 3 + display_width(tail) <= width:
        turn_line, tail = f"{turn_line} · {esc(tail)}", ""
    names = {c["id"]: c["text"] for c in view.get("cards", [])}
    drawn = view.get("drawn")
    sep = pgettext("palais-royal", ", ")
    # (line, priority): 0 always; higher numbers are dropped first when ``height`` is short.
    # The turn line is read whole: wrapped, not cut.
    out: list[tuple[str, int]] = [(title, 0)] if display_width(strip_markup(title)) <= width \
        else [(esc(line), 0) for line in wrap_cells(strip_markup(title), width)]
    if turn_line:
        out.append((_fit(turn_line, width), 2))
    if tail:
        out.append((_fit(esc(tail), width), 2))
    out.extend((line, PILE_LISTS) for line in _pile_lines(view, width))
    count = _pile_count(view, width)
    if count is not None:
        out.append((count, PILE_COUNT))
    if drawn:
        out.append((_fit(esc(_("drawn: {cards}").format(
            cards=sep.join(names.get(c, c) for c in drawn))), width), 0))
    cell = max(14, min(33, (width - 2) // 3))
    out.extend((_fit(r, width), 0) for r in _rooms(view, cell))
    # The park's key stays while choices are made from the park; on a short final screen
    # it gives way to the results (the `key` command holds it too).
    out.append((_fit(park_key(width), width), 1 if view.get("over") else 0))
    # (the park's privilege letters are read by it: it stays while the park does)
    out.append((privilege_key(width), 0))
    park_at = len(out)
    out.extend((r, 0) for r in _park(view, width))
    edges = view.get("edges", [])
    if edges:
        # Each edge: its points for first/second place, then each seat's servants on it.
        # Said in words on the line itself: wrapped, never cut, and dropped whole.
        head = _("edges (VP first/second, servants per player):")
        head += _after(head)
        said = pgettext("palais-royal", "; ").join(
            f"{e.get('title', e['name'])} {e['first']}/{e['second']} " + " ".join(
                str(e['counts'][p]) for p in range(players)) for e in edges)
        out.extend((esc(line), 3 if compact else 0) for line in wrap_cells(head + said, width))
    out.extend((line, 0) for line in _seat_lines(view, compact, width))
    if view.get("over") and view.get("ranking"):
        final = _("final: {results}").format(results=sep.join(
            _("{name} {score} (place {place})").format(
                name=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p]) for p in range(players)))
        out.extend((esc(line), 0) for line in wrap_cells(final, width))
        # Each seat's score in its parts (dropped before the board when the screen is short).
        for p in range(players):
            line = breakdown_text(view, p)
            if line:
                out.extend((esc(part), 1) for part in wrap_cells(line, width))
    # The park in words, two lines a row, where the screen is wide and tall enough for it
    # with nothing else dropped; else a line a row, in the marks the key line reads.
    rows = view["park"]["rows"]
    if width >= 110 and len(out) + rows - 1 <= height:
        worded = [(r, 0) for r in _park(view, width, two_lines=True)]
        # (the park key reads marks the worded park no longer shows: it goes)
        out = out[:park_at - 2] + out[park_at - 1:park_at] + worded + \
            out[park_at + rows + 1:]
    drop = PILE_LISTS + 1  # nothing dropped
    for lower in (PILE_LISTS, PILE_COUNT, 3, 2, 1):
        if len(_kept(out, drop)) <= height:
            break
        drop = lower
    return "\n".join(_kept(out, drop))
