"""El Grande as rich text for the terminal: ``render_text(view) -> str`` with Rich markup.

The markup is plain text (``[bold red]…[/]``); nothing here imports Rich, because the rules
core has no third-party run-time dependency. A front end prints the string with Rich; without
Rich, :func:`strip_markup` gives the same board in plain text.

This module also holds :func:`read_view`, which turns a ``view(seat)`` dict into the small
typed :class:`Board` both pictures draw from, so the text and the SVG never disagree about
what a view means.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.games.el_grande.map_layout import REGIONS

CASTILLO = "Castillo"

# Printed values (rules §1.1), used only when a view leaves a region's values out.
PRINTED_VALUES: dict[str, tuple[int, int, int]] = {
    "Aragon": (5, 4, 1), "New Castile": (7, 4, 2), "Old Castile": (6, 4, 2),
    "Catalonia": (4, 2, 1), "Galicia": (4, 2, 0), "Granada": (6, 3, 1),
    "Basque Country": (5, 3, 1), "Seville": (4, 3, 1), "Valencia": (5, 3, 2),
    CASTILLO: (5, 3, 1),
}


# --------------------------------------------------------------------------- the board model
@dataclass(frozen=True)
class Seat:
    """One player as the view shows him."""

    seat: int
    name: str
    colour: str
    score: int = 0
    court: int | None = None
    provinces: int | None = None
    grande: str | None = None
    hand: tuple[int, ...] | None = None  # None: the view withholds the hand
    hand_count: int | None = None
    played: tuple[int, ...] = ()
    power: int | None = None  # the power card played this round, if shown
    vetoes: int = 0


@dataclass(frozen=True)
class Area:
    """A region or the Castillo: its values and whose Caballeros stand there."""

    name: str
    values: tuple[int, int, int]
    scoreboard: str | None = None  # the mobile scoreboard lying on it, e.g. "8/4/0"
    caballeros: Mapping[int, int] = field(default_factory=dict)  # seat -> count
    hidden_total: int | None = None  # Castillo only: a total whose colours are withheld


@dataclass(frozen=True)
class Card:
    """A face-up action card of this round."""

    name: str
    stack: int
    text: str = ""
    taken_by: int | None = None
    action: str | None = None  # notation of taking it, when that is legal now


@dataclass(frozen=True)
class Board:
    """What both pictures draw: everything in a view, named once."""

    seats: tuple[Seat, ...]
    areas: Mapping[str, Area]  # the nine regions by map name, then the Castillo
    king: str | None
    round: int | None
    rounds: int | None
    phase: str
    to_move: tuple[int, ...]
    pending: str
    cards: tuple[Card, ...]
    scoreboards: Mapping[str, str | None]  # "8/4/0" -> region or None (in reserve)
    log: tuple[str, ...]
    viewer: int | None
    targets: Mapping[str, str] = field(default_factory=dict)  # "region:Aragon" -> notation
    over: bool = False

    @property
    def castillo(self) -> Area:
        return self.areas[CASTILLO]


# --------------------------------------------------------------------------- reading views
def _get(d: Mapping[str, Any], *keys: str, default: Any = None) -> Any:
    for k in keys:
        if k in d and d[k] is not None:
            return d[k]
    return default


def _int(x: Any, default: int | None = None) -> int | None:
    return x if isinstance(x, int) and not isinstance(x, bool) else default


def _counts(raw: Any, seat_of: Mapping[str, int]) -> dict[int, int]:
    """Caballero counts keyed by seat from a list per seat or a mapping by seat/colour."""
    out: dict[int, int] = {}
    if isinstance(raw, Mapping):
        for k, v in raw.items():
            seat = _int(k) if not isinstance(k, str) else (
                int(k) if k.isdigit() else seat_of.get(k.lower()))
            if seat is not None and _int(v):
                out[seat] = v
    elif isinstance(raw, Sequence) and not isinstance(raw, str):
        for seat, v in enumerate(raw):
            if _int(v):
                out[seat] = v
    return out


def read_view(view: Mapping[str, Any]) -> Board:
    """The :class:`Board` a view describes."""
    raise NotImplementedError  # filled in once the rules engineer's view keys are known


# --------------------------------------------------------------------------- text
# Rich colour styles for the El Grande player colours as a view may name them.
_STYLE: dict[str, str] = {
    "red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue",
    "black": "bold white on grey23", "white": "bold white", "purple": "bold magenta",
    "orange": "bold dark_orange", "pink": "bold hot_pink", "brown": "bold orange4",
}

_MARKUP = re.compile(r"\[(/?[a-z0-9_ #]*|/)\]")


def strip_markup(text: str) -> str:
    """The plain text of a rendered board (Rich markup tags removed, escapes undone)."""
    return _MARKUP.sub("", text).replace("\\[", "[")


def esc(text: object) -> str:
    """Escape text for Rich markup (an opening bracket would start a tag)."""
    return str(text).replace("[", "\\[")


def _style(seat: Seat) -> str:
    return _STYLE.get(seat.colour.lower(), "bold")


def _who(seat: Seat) -> str:
    return f"[{_style(seat)}]{esc(seat.name)}[/]"


def _pad(markup: str, plain: str, width: int, right: bool = False) -> str:
    """Pad by the visible width (markup tags take no columns on screen)."""
    fill = " " * max(0, width - len(plain))
    return fill + markup if right else markup + fill


def _values(area: Area) -> str:
    text = "/".join(map(str, area.values))
    return f"[bold]{text}[/]" + (" [reverse]mob[/]" if area.scoreboard else "")


def _area_rows(board: Board) -> list[str]:
    seats = board.seats
    head = "  Area            Values       " + "".join(
        _pad(f"[{_style(s)}]{esc(s.name[:6])}[/]", s.name[:6], 7, right=True) for s in seats)
    rows = [head + "   Grandes"]
    for name in (*REGIONS, CASTILLO):
        area = board.areas[name]
        king = board.king == name
        label = ("[bold yellow]♔[/] " if king else "  ") + esc(name)
        line = _pad(label, "  " + name, 18)
        vplain = "/".join(map(str, area.values)) + (" mob" if area.scoreboard else "")
        line += _pad(_values(area), vplain, 13)
        for s in seats:
            n = area.caballeros.get(s.seat, 0)
            cell = str(n) if n else "·"
            line += _pad(f"[{_style(s)}]{cell}[/]" if n else "[dim]·[/]", cell, 7, right=True)
        if name == CASTILLO and area.hidden_total is not None:
            line += f"   ({area.hidden_total} inside, colours hidden)"
        grandes = [_who(s) for s in seats if s.grande == name]
        if grandes:
            line += "   " + " ".join(grandes)
        rows.append(line)
    return rows


def _player_rows(board: Board) -> list[str]:
    rows = []
    for s in board.seats:
        moving = s.seat in board.to_move
        mark = "[bold]▶[/]" if moving else " "
        you = " (you)" if s.seat == board.viewer else ""
        head = _pad(f"{mark} {_who(s)}{you}", f"▶ {s.name}{you}", 18)
        bits = [f"score [bold]{s.score}[/]",
                f"court {'?' if s.court is None else s.court}",
                f"provinces {'?' if s.provinces is None else s.provinces}"]
        if s.power is not None:
            bits.append(f"power {s.power}")
        if s.hand is not None:
            bits.append("hand " + (" ".join(map(str, s.hand)) or "—"))
        elif s.hand_count is not None:
            bits.append(f"{s.hand_count} in hand")
        if s.played:
            bits.append("played " + " ".join(map(str, s.played)))
        if s.vetoes:
            bits.append("[bold magenta]Veto![/]" + (f"×{s.vetoes}" if s.vetoes > 1 else ""))
        rows.append(head + "  ".join(bits))
    return rows


def _card_rows(board: Board) -> list[str]:
    by_seat = {s.seat: s for s in board.seats}
    rows = []
    for c in board.cards:
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        who = f" — taken by {_who(taker)}" if taker else (
            f" — [bold cyan]{esc(c.action)}[/]" if c.action else "")
        rows.append(f"  [dim]{c.stack}[/] {esc(c.name)}{who}")
    return rows


def format_board(board: Board, log_lines: int = 6) -> str:
    """The Rich-markup text of a :class:`Board`."""
    title = "[bold]EL GRANDE[/]"
    if board.round is not None:
        title += f"  Round {board.round}" + (f" of {board.rounds}" if board.rounds else "")
    if board.phase:
        title += f"  ·  {esc(board.phase)}"
    out = [title]
    if board.pending:
        out.append(f"[italic]{esc(board.pending)}[/]")
    out.append("King: " + (f"[bold yellow]♔ {esc(board.king)}[/]" if board.king else "—"))
    out.append("")
    out += _area_rows(board)
    boards = [f"{esc(k)} on {esc(v)}" if v else f"{esc(k)} in reserve"
              for k, v in board.scoreboards.items()]
    if boards:
        out.append("Mobile scoreboards: " + "; ".join(boards))
    out.append("")
    out += _player_rows(board)
    if board.cards:
        out.append("")
        out.append("[bold]Action cards[/]")
        out += _card_rows(board)
    if board.log and log_lines:
        out.append("")
        out.append("[bold]Recent[/]")
        out += [f"  [dim]{esc(line)}[/]" for line in board.log[-log_lines:]]
    return "\n".join(out) + "\n"


def render_text(view: Mapping[str, Any]) -> str:
    """The board of ``view`` as Rich-markup text about 100 columns wide."""
    return format_board(read_view(view))
