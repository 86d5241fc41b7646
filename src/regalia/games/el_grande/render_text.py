"""El Grande as rich text for the terminal: ``render_text(view, width=, height=) -> str``
with Rich markup, laid out for a screen of that size (a full table when there is room, a
compact grid with the parts that matter least given up first on a small one).

The markup is plain text (``[bold red]…[/]``); nothing here imports Rich, because the rules
core has no third-party run-time dependency. A front end prints the string with Rich; without
Rich, :func:`strip_markup` gives the same board in plain text.

This module also holds :func:`read_view`, which turns a ``view(seat)`` dict into the small
typed :class:`Board` both pictures draw from, so the text and the SVG never disagree about
what a view means.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from regalia.engine.i18n import N_, _, display_width, ngettext, pad, pgettext
from regalia.engine.markup import esc, strip_markup
from regalia.games.el_grande.actions import SEAT_NAMES, SEAT_TITLES
from regalia.games.el_grande.map_layout import REGIONS, canonical_region

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
    disk: str | None = None  # sealed choice: "choosing", "chosen", or the viewer's own region


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
class Turn:
    """The turn under way: the card taken and how many Caballeros it still lets go out."""

    seat: int
    card: str | None  # the card's name
    stack: int | None
    placed: int
    place_max: int
    placement_over: bool
    action: str  # "not started" | "in progress" | "done" | "none"

    @property
    def left(self) -> int:
        return 0 if self.placement_over else max(0, self.place_max - self.placed)


def ordinal(n: int) -> str:
    """'1st', '2nd', '4th' (in Chinese 第1, 第2, 第4)."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return pgettext("ordinal", "{n}th").format(n=n)
    if n % 10 == 1:
        return pgettext("ordinal", "{n}st").format(n=n)
    if n % 10 == 2:
        return pgettext("ordinal", "{n}nd").format(n=n)
    return pgettext("ordinal", "{n}rd").format(n=n)


def wrap(text: str, width: int, subsequent_indent: str = "") -> list[str]:
    """``text`` wrapped to ``width`` terminal cells: :func:`textwrap.wrap` for narrow text;
    text with wide (CJK) characters, which has no spaces between its words, may break
    between any two of them."""
    if display_width(text) == len(text):
        return textwrap.wrap(text, width, subsequent_indent=subsequent_indent)
    lines: list[str] = []
    line, space = "", False
    for token in re.findall(r"\s+|[^\s\u1100-\uffef]+|.", text):
        if token.isspace():
            space = bool(line)
            continue
        add = (" " if space else "") + token
        space = False
        if line and display_width(line) + display_width(add) > width:
            lines.append(line)
            line, add = subsequent_indent, token
        while display_width(line + add) > width and len(add) > 1 and \
                display_width(add) == len(add) and width > display_width(line) + 1:
            cut = width - display_width(line)  # a narrow word longer than the line
            lines.append(line + add[:cut])
            line, add = subsequent_indent, add[cut:]
        line += add
    if line.strip():
        lines.append(line)
    return lines


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
    # Picture element ("area:Aragon", "cube:2:Aragon", "card:3", "power:7", "button:done")
    # -> the notation a click there means; where several apply (both mobile scoreboards to
    # one region) they are joined with "|" and the front end asks which.
    targets: Mapping[str, str] = field(default_factory=dict)
    all_targets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    over: bool = False
    picked: tuple[int | None, str | None] | None = None  # a Caballero being moved
    round_index: int | None = None  # 0-based among the rounds played (6 in the short game)
    round_count: int | None = None  # how many rounds this game plays
    turn: Turn | None = None
    # canonical area name ("Aragon", "Castillo") -> its name in the view's language
    labels: Mapping[str, str] = field(default_factory=dict)

    @property
    def castillo(self) -> Area:
        return self.areas[CASTILLO]

    @property
    def round_label(self) -> str | None:
        """"Round 4 of 9", or in the 6-round game "Round 5, 4th of 6" (the track's number
        and which of the game's own rounds it is)."""
        if self.round is None:
            return None
        if self.round_count is None or self.round_index is None or self.round_count == 9:
            if self.rounds:
                return _("Round {round} of {rounds}").format(round=self.round,
                                                             rounds=self.rounds)
            return _("Round {round}").format(round=self.round)
        return _("Round {round}, {ordinal} of {count}").format(
            round=self.round, ordinal=ordinal(self.round_index + 1), count=self.round_count)

    def label(self, area: str) -> str:
        """An area's name as the view words it (the canonical English name if it gives none)."""
        return self.labels.get(area, area)


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


# Phase ids of the view (view.py) in words a board gamer uses.
# Marked N_: translated where shown (read_view).
PHASE_WORDS: dict[str, str] = {
    "setup-disk": N_("Setup: secret disks"), "power": N_("Power cards"),
    "recruit": N_("To the court"), "recall": N_("To the court (from the board)"),
    "card": N_("Choosing action cards"), "turn": N_("Placement"),
    "action": N_("Special action"), "withdraw": N_("The King returns!"),
    "disk": N_("Secret disks"), "veto": N_("Veto?"), "over": N_("Game over"),
}

# Action kinds whose last word names an area: a click on that region (or the Castillo) is the
# action. pick/return name a colour too, so they belong to that colour's cubes in the region.
_AREA_KINDS = ("place", "to", "recall", "score", "king", "grande", "evict", "disk",
               "scoreboard")
_CUBE_KINDS = ("pick", "return")
BUTTON_KINDS = ("act", "done", "stop", "veto", "pass")


def _nice(name: str) -> str:
    """A seat's name for people: its colour's title in the language in force."""
    if name.lower() in SEAT_NAMES:
        return _(SEAT_TITLES[SEAT_NAMES.index(name.lower())])
    return name[:1].upper() + name[1:]


def _derived_legal(view: Mapping[str, Any], seat: int) -> list[str]:
    """The viewer's legal actions as far as the view itself tells them, for views without a
    ``legal`` list: only decisions fully decided by public rules (RB p3-4) are derived; the
    special actions (which depend on each card's fine print) are left unmarked."""
    phase = view.get("phase")
    me: Mapping[str, Any] = next((s for s in view.get("seats", ()) if s.get("seat") == seat), {})
    regions = view.get("regions", ())
    if phase == "power" and me.get("hand") is not None:
        taken = {s.get("power_card") for s in view.get("seats", ()) if s.get("seat") != seat}
        return [f"power {v}" for v in me["hand"] if v not in taken]
    if phase == "card":
        return [f"card {c['stack']}" for c in view.get("cards", ())
                if c.get("id") and c.get("taken_by") is None]
    if phase == "recall":
        return [f"recall {r['id']}" for r in regions
                if not r.get("king") and _seat_count(r.get("caballeros"), seat)]
    if phase == "veto":
        return ["veto", "pass"]
    if phase in ("disk", "setup-disk") and me.get("disk") == "choosing":
        purpose = (view.get("sealed") or {}).get("purpose")
        # SEED/DZ: a Castillo disk may name the King's region (back to court) by option;
        # the setup disk may not. Card disks follow each card's fine print: not derived.
        king_ok = purpose == "castillo" and \
            (view.get("options") or {}).get("castillo_king") == "court"
        if purpose in ("castillo", "setup"):
            return [f"disk {r['id']}" for r in regions if king_ok or not r.get("king")]
    if phase == "turn":
        turn = view.get("turn") or {}
        out = []
        if (not turn.get("placement_over") and (me.get("court") or 0) > 0
                and (turn.get("placed") or 0) < (turn.get("place_max") or 0)):
            out += [f"place {r['id']}" for r in regions if r.get("next_to_king")]
            out.append("place castillo")
        if turn.get("action") == "not started":
            out.append("act")
        return [*out, "done"]
    return []


def _seat_count(raw: Any, seat: int) -> int:
    if isinstance(raw, Sequence) and not isinstance(raw, str) and 0 <= seat < len(raw):
        return raw[seat] if isinstance(raw[seat], int) else 0
    return 0


def _targets(view: Mapping[str, Any], colours: Mapping[str, int]) -> dict[str, tuple[str, ...]]:
    """Picture element key -> the legal notations a click on it means, for the viewer."""
    seat = view.get("seat")
    if seat is None or seat not in (view.get("to_move") or ()):
        return {}
    legal = view.get("legal")
    notations = [str(a) for a in legal] if isinstance(legal, Sequence) else \
        _derived_legal(view, seat)
    out: dict[str, list[str]] = {}
    for text in notations:
        words = text.split()
        kind = words[0] if words else ""
        key = None
        if kind in _AREA_KINDS and len(words) >= 2:
            area = words[-1]
            key = "area:Castillo" if area == "castillo" else \
                f"area:{canonical_region(area) or area}"
        elif kind in _CUBE_KINDS and len(words) == 3 and words[1] in colours:
            key = f"cube:{colours[words[1]]}:{canonical_region(words[2]) or words[2]}"
        elif kind == "withdraw" and len(words) == 2:
            key = "court" if words[1] == "court" else \
                f"cube:{seat}:{canonical_region(words[1]) or words[1]}"
        elif kind == "scoreboard" and len(words) == 3:
            # Both boards may go to one region: the click carries both notations.
            key = f"area:{canonical_region(words[2]) or words[2]}"
        elif kind == "card" and len(words) == 2:
            key = f"card:{words[1]}"
        elif kind in ("power", "takeback") and len(words) == 2:
            key = f"power:{words[1]}"
        elif kind == "court" and len(words) == 2:
            key = f"recruit:{words[1]}"
        elif kind in BUTTON_KINDS:
            key = f"button:{kind}"
        if key is not None:
            out.setdefault(key, []).append(text)
    return {k: tuple(v) for k, v in out.items()}


def read_view(view: Mapping[str, Any]) -> Board:
    """The :class:`Board` an El Grande ``view(seat)`` describes (keys: see view.py)."""
    raw_seats = list(view.get("seats") or ())
    colours = {str(s.get("name", "")).lower(): int(s.get("seat", i))
               for i, s in enumerate(raw_seats)}
    viewer = _int(view.get("seat"))
    seats = []
    for i, s in enumerate(raw_seats):
        seat_name = str(s.get("name", f"seat {i}"))
        hand = s.get("hand")
        home = s.get("home")
        seats.append(Seat(
            seat=_int(s.get("seat"), i) or 0, name=_nice(seat_name), colour=seat_name.lower(),
            score=_int(s.get("score"), 0) or 0, court=_int(s.get("court")),
            provinces=_int(s.get("provinces")),
            grande=canonical_region(home) if isinstance(home, str) else None,
            hand=tuple(hand) if isinstance(hand, Sequence) else None,
            hand_count=_int(s.get("hand_count")),
            played=tuple(s.get("power_played") or ()),
            power=_int(s.get("power_card")), vetoes=len(s.get("vetos") or ()),
            disk=_disk(s.get("disk")),
        ))
    areas: dict[str, Area] = {}
    labels: dict[str, str] = {}
    for r in view.get("regions") or ():
        name = canonical_region(str(r.get("id") or r.get("name")))
        if name is None:
            continue
        if r.get("name"):
            labels[name] = str(r["name"])
        sb = r.get("scoreboard")
        areas[name] = Area(name, tuple(r.get("scores") or PRINTED_VALUES[name]),
                           _board_name(view, sb) if sb else None,
                           _counts(r.get("caballeros"), colours))
    for name in REGIONS:
        areas.setdefault(name, Area(name, PRINTED_VALUES[name]))
    cas = view.get("castillo") or {}
    if cas.get("name"):
        labels[CASTILLO] = str(cas["name"])
    raw = cas.get("caballeros")
    areas[CASTILLO] = Area(
        CASTILLO, tuple(cas.get("scores") or PRINTED_VALUES[CASTILLO]),
        None, _counts(raw, colours),
        # A view may announce only how many stand inside (rules §5.1, engine decision).
        hidden_total=raw if isinstance(raw, int) and not isinstance(raw, bool) else None,
    )
    targets = _targets(view, colours)
    cards = []
    for c in view.get("cards") or ():
        if not c.get("id"):
            continue
        stack = _int(c.get("stack"), 0) or 0
        act = targets.get(f"card:{stack}")
        cards.append(Card(str(c.get("name") or c["id"]), _int(c.get("caballeros"), stack) or 0,
                          str(c.get("text") or ""), _int(c.get("taken_by")),
                          act[0] if act else None))
    boards = {}
    for b in view.get("scoreboards") or ():
        boards[_board_label(b)] = canonical_region(b["region"]) if b.get("region") else None
    # Seats facing the same decision (the secret disks: everyone at once) are named together,
    # so the line says it once.
    deciding: dict[str, list[str]] = {}
    for p in view.get("pending") or ():
        s = _int(p.get("seat"))
        who = seats[s].name if s is not None and 0 <= s < len(seats) else "?"
        deciding.setdefault(str(p.get("decision", "")), []).append(who)
    pending = [pgettext("el-grande", "{who}: {decision}").format(
        who=pgettext("list separator", ", ").join(names), decision=decision)
        for decision, names in deciding.items()]
    ranking = view.get("ranking")
    if view.get("over") and isinstance(ranking, Sequence):
        # The view gives each seat's place; the first places win (shared on a tie).
        best = [seats[i].name for i, place in enumerate(ranking) if place == 1 and i < len(seats)]
        top = max((s.score for s in seats), default=0)
        winners = pgettext("list", " and ").join(best)
        pending = [ngettext("Game over: {winners} wins with {points}",
                            "Game over: {winners} win with {points}", len(best)).format(
            winners=winners, points=top)]
    king = view.get("king")
    log = tuple(str(e.get("text", e)) if isinstance(e, Mapping) else str(e)
                for e in view.get("log") or ())
    rounds = view.get("rounds")
    raw_turn = view.get("turn")
    turn = None
    if isinstance(raw_turn, Mapping) and _int(raw_turn.get("seat")) is not None:
        card = next((c for c in view.get("cards") or ()
                     if c.get("id") and c.get("id") == raw_turn.get("card")), None)
        turn = Turn(
            seat=_int(raw_turn.get("seat"), 0) or 0,
            card=str(card.get("name") or card["id"]) if card else
            (str(raw_turn["card"]) if raw_turn.get("card") else None),
            stack=_int(card.get("stack")) if card else None,
            placed=_int(raw_turn.get("placed"), 0) or 0,
            place_max=_int(raw_turn.get("place_max"), 0) or 0,
            placement_over=bool(raw_turn.get("placement_over")),
            action=str(raw_turn.get("action") or "none"),
        )
    special = view.get("special") or {}
    picked = special.get("picked") if isinstance(special, Mapping) else None
    return Board(
        seats=tuple(seats), areas=areas,
        king=canonical_region(king) if isinstance(king, str) else None,
        round=_int(view.get("round")),
        rounds=rounds[-1] if isinstance(rounds, Sequence) and rounds else _int(rounds),
        phase=_(PHASE_WORDS[str(view.get("phase"))]) if str(view.get("phase")) in PHASE_WORDS
        else str(view.get("phase") or ""),
        to_move=tuple(view.get("to_move") or ()),
        pending=pgettext("list separator", "; ").join(pending),
        cards=tuple(cards), scoreboards=boards, log=log, viewer=viewer,
        targets={k: "|".join(v) for k, v in targets.items()},
        all_targets=targets, over=bool(view.get("over")),
        picked=(colours.get(str(picked.get("colour"))), canonical_region(picked["region"]))
        if isinstance(picked, Mapping) and picked.get("region") else None,
        round_index=_int(view.get("round_index")) if _int(view.get("round_index"), -1) != -1
        else None,
        round_count=len(rounds) if isinstance(rounds, Sequence) and rounds else None,
        turn=turn, labels=labels,
    )


def _disk(raw: Any) -> str | None:
    if not isinstance(raw, str):
        return None
    return canonical_region(raw) or raw


def disk_words(disk: str | None, board: Board | None = None) -> str | None:
    """A seat's secret disk as the viewer may know it: set, being set, or (his own) where."""
    if disk is None:
        return None
    if disk in ("choosing", "chosen"):
        return _("choosing a region") if disk == "choosing" else _("disk set")
    return _("disk → {region}").format(region=board.label(disk) if board else disk)


def _board_label(b: Mapping[str, Any]) -> str:
    scores = b.get("scores")
    return "/".join(map(str, scores)) if scores else str(b.get("id"))


def _board_name(view: Mapping[str, Any], sb_id: str) -> str:
    for b in view.get("scoreboards") or ():
        if b.get("id") == sb_id:
            return _board_label(b)
    return str(sb_id)


# --------------------------------------------------------------------------- text
# Rich colour styles for the El Grande player colours as a view may name them.
_STYLE: dict[str, str] = {
    "red": "bold red", "yellow": "bold yellow", "green": "bold green", "blue": "bold blue",
    "black": "bold white on grey23", "white": "bold white", "purple": "bold magenta",
    "orange": "bold dark_orange", "pink": "bold hot_pink", "brown": "bold orange4",
}



def _style(seat: Seat) -> str:
    return _STYLE.get(seat.colour.lower(), "bold")


def _who(seat: Seat) -> str:
    return f"[{_style(seat)}]{esc(seat.name)}[/]"


def _pad(markup: str, plain: str, width: int, right: bool = False) -> str:
    """Pad by the visible width (markup tags take no columns on screen)."""
    fill = " " * max(0, width - display_width(plain))
    return fill + markup if right else markup + fill


def _values(area: Area) -> str:
    text = "/".join(map(str, area.values))
    return f"[bold]{text}[/]" + (" [reverse]" + esc(_mob()) + "[/]" if area.scoreboard else "")


def _mob() -> str:
    # TRANSLATORS: a short mark beside a region's values: a mobile scoreboard lies there
    return _("mob")


def _area_rows(board: Board) -> list[str]:
    seats = board.seats
    head = "  " + pad(_("Area"), 16) + pad(_("Values"), 13) + "".join(
        _pad(f"[{_style(s)}]{esc(s.name[:6])}[/]", s.name[:6], 7, right=True) for s in seats)
    rows = [head + "   " + _("Grandes")]
    for name in (*REGIONS, CASTILLO):
        area = board.areas[name]
        king = board.king == name
        label = ("[bold yellow]♔[/] " if king else "  ") + esc(board.label(name))
        line = _pad(label, "  " + board.label(name), 18)
        vplain = "/".join(map(str, area.values)) + (" " + _mob() if area.scoreboard else "")
        line += _pad(_values(area), vplain, 13)
        for s in seats:
            n = area.caballeros.get(s.seat, 0)
            cell = str(n) if n else "·"
            line += _pad(f"[{_style(s)}]{cell}[/]" if n else "[dim]·[/]", cell, 7, right=True)
        if name == CASTILLO and area.hidden_total is not None:
            line += "   " + _("({n} inside, colours hidden)").format(n=area.hidden_total)
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
        you = " " + _("(you)") if s.seat == board.viewer else ""
        head = _pad(f"{mark} {_who(s)}{you}", f"▶ {s.name}{you}", 18)
        bits = [_("score {n}").format(n=f"[bold]{s.score}[/]"),
                _("court {n}").format(n="?" if s.court is None else s.court),
                _("provinces {n}").format(n="?" if s.provinces is None else s.provinces)]
        if s.power is not None:
            bits.append(_("power {n}").format(n=s.power))
        if s.hand is not None and s.seat != board.viewer:  # the game is over
            bits.append(_("hand {cards}").format(cards=" ".join(map(str, s.hand)) or "—"))
        elif s.hand is None and s.hand_count is not None:
            bits.append(_("{n} in hand").format(n=s.hand_count))
        if s.played:
            bits.append(_("played {cards}").format(cards=" ".join(map(str, s.played))))
        if s.disk:
            bits.append(esc(disk_words(s.disk, board) or ""))
        if s.vetoes:
            bits.append("[bold magenta]" + esc(_("Veto!")) + "[/]"
                        + (f"×{s.vetoes}" if s.vetoes > 1 else ""))
        rows.append(head + "  ".join(bits))
    return rows


def _card_rows(board: Board, width: int = 100) -> list[str]:
    by_seat = {s.seat: s for s in board.seats}
    rows = []
    for c in board.cards:
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        who = " — " + _("taken by {who}").format(who=_who(taker)) if taker else (
            f" — [bold cyan]{esc(c.action)}[/]" if c.action else "")
        rows.append(f"  [dim]{c.stack}[/] {esc(c.name)}{who}")
        if c.text and taker is None:
            # A card still to take needs its effect beside it: that is what one chooses by.
            rows += [f"      [dim italic]{esc(line)}[/]"
                     for line in wrap(c.text, max(20, min(90, width - 6)))]
    return rows


# --------------------------------------------------------------------------- fitting a screen
# Each part of the screen comes in versions, richest first; when the screen is too short the
# parts give way in the order of _GIVE_WAY, one step at a time, so what a decision needs (the
# map, the scores, the cards) stays longest.
# The grid's legend (the key explains it too) goes before the cards' texts do: when the cards
# are being chosen, their texts are what the choice is made by.
_GIVE_WAY = ("recent", "recent", "blank", "regions", "pending", "hand", "cards", "players",
             "mobile", "regions", "cards", "turn", "cards")


def _plain(line: str) -> int:
    return display_width(strip_markup(line))


def clip(line: str, width: int) -> str:
    """``line`` if it fits in ``width`` columns, else its plain text cut with an ellipsis."""
    plain = strip_markup(line)
    if display_width(plain) <= width:
        return line
    cut = plain
    while cut and display_width(cut) > width - 1:
        cut = cut[:-1]
    return esc(cut + "…")


def _fit(parts: list[tuple[str, list[list[str]]]], width: int, height: int) -> list[str]:
    """Choose a version of each part so the whole is at most ``width`` × ``height``."""
    chosen = []
    for _key, versions in parts:
        # The first version no wider than the screen; an empty one only as the last resort
        # (an over-wide line is cut rather than lost).
        fits = [i for i, v in enumerate(versions)
                if v and all(_plain(line) <= width for line in v)]
        filled = [i for i, v in enumerate(versions) if v] or [0]
        pick = fits[0] if fits else min(
            filled, key=lambda i: max(map(_plain, versions[i]), default=0))
        chosen.append(pick)

    def total() -> int:
        return sum(len(parts[i][1][c]) for i, c in enumerate(chosen))

    for name in _GIVE_WAY:
        if total() <= height:
            break
        for i, (key, versions) in enumerate(parts):
            shorter = [c for c in range(chosen[i] + 1, len(versions))
                       if len(versions[c]) < len(versions[chosen[i]])]
            if key == name and shorter:
                chosen[i] = shorter[0]
                if name != "blank":
                    break
    out = [line for i, c in enumerate(chosen) for line in parts[i][1][c]]
    while out and not strip_markup(out[-1]).strip():
        out.pop()
    return [clip(line, width) for line in out]


def _title(board: Board) -> str:
    title = "[bold]EL GRANDE[/]"
    if board.round_label:
        title += f"  {board.round_label}"
    if board.phase:
        title += f"  ·  {esc(board.phase)}"
    title += "  ·  " + _("King") + " " + (
        f"[bold yellow]♔ {esc(board.label(board.king))}[/]" if board.king else "—")
    return title


def _letter(seat: Seat) -> str:
    # Black would share Blue's B: K, as printers call black.
    return "K" if seat.colour == "black" and seat.name == "Black" else seat.name[:1].upper()


def _grid_rows(board: Board, columns: int) -> list[str]:
    """The ten areas as a grid of ``columns`` columns: values and each seat's Caballeros
    (a G marks a Grande, a * a mobile scoreboard, ♔ the King)."""
    seats = board.seats
    names = (*REGIONS, CASTILLO)
    per = -(-len(names) // columns)
    area_word, points_word = pad(_("Area"), 15), pad(_("Points"), 6)
    head = " " + area_word + points_word + "".join(
        _pad(f"[{_style(s)}]{_letter(s)}[/]", _letter(s), 3, right=True) for s in seats)
    head_plain = " " + area_word + points_word + "".join(pad(_letter(s), 3, ">")
                                                         for s in seats)

    def cell(name: str) -> tuple[str, str]:
        area = board.areas[name]
        king = board.king == name
        mark, mark_plain = ("[bold yellow]♔[/]", "♔") if king else (" ", " ")
        values = "/".join(map(str, area.values)) + ("*" if area.scoreboard else "")
        label = board.label(name)
        text = mark + pad(esc(label), 15 + len(esc(label)) - len(label)) + \
            f"[bold]{values}[/]".ljust(6 + 9)
        plain = mark_plain + pad(label, 15) + values.ljust(6)
        for s in seats:
            n = area.caballeros.get(s.seat, 0)
            grande = "G" if s.grande == name else ""
            if name == CASTILLO and area.hidden_total is not None:
                c = "?"
            else:
                c = f"{n}{grande}" if n else f"·{grande}"
            styled = f"[{_style(s)}]{c}[/]" if n or grande else f"[dim]{c}[/]"
            text += _pad(styled, c, 3, right=True)
            plain += c.rjust(3)
        return text, plain

    cells = [cell(n) for n in names]
    rows = [" │ ".join([head] * columns).rstrip()]
    widths = display_width(head_plain)
    for r in range(per):
        row = []
        for c in range(columns):
            k = c * per + r
            if k < len(cells):
                text, plain = cells[k]
                row.append(_pad(text, plain, widths) if c < columns - 1 else text)
        rows.append(" │ ".join(row))
    return rows


def _mobile_line(board: Board) -> list[str]:
    boards = [_("{board} on {area}").format(board=esc(k), area=esc(board.label(v))) if v
              else _("{board} in reserve").format(board=esc(k))
              for k, v in board.scoreboards.items()]
    return [_("Mobile scoreboards (*): {boards}").format(
        boards=pgettext("list separator", "; ").join(boards))] if boards else []


def _compact_player_rows(board: Board, width: int) -> list[str]:
    rows = []
    you_word = " " + _("(you)")
    room = max(display_width(s.name) + (display_width(you_word) if s.seat == board.viewer
                                        else 0) for s in board.seats) + 4
    for s in board.seats:
        mark = "[bold]▶[/]" if s.seat in board.to_move else " "
        you = you_word if s.seat == board.viewer else ""
        head = _pad(f"{mark} {_who(s)}{you}", f"▶ {s.name}{you}", room)
        bits = [_("score {n}").format(n=f"[bold]{s.score}[/]"),
                _("court {n}").format(n="?" if s.court is None else s.court),
                _("prov {n}").format(n="?" if s.provinces is None else s.provinces)]
        if s.power is not None:
            bits.append(_("power {n}").format(n=s.power))
        if s.hand is None and s.hand_count is not None:
            bits.append(_("{n} cards").format(n=s.hand_count))
        if s.disk:
            bits.append(esc(disk_words(s.disk, board) or ""))
        if s.vetoes:
            bits.append("[bold magenta]" + esc(_("Veto!")) + "[/]"
                        + (f"×{s.vetoes}" if s.vetoes > 1 else ""))
        row = head + "  ".join(bits)
        home = _("Grande {region}").format(region=board.label(s.grande)) if s.grande else ""
        if s.grande and _plain(row) + display_width(home) + 2 <= width:
            row += f"  {esc(home)}"  # else the grid's G says it
        rows.append(row)
    return rows


def _hand_line(board: Board) -> list[str]:
    me = next((s for s in board.seats if s.seat == board.viewer), None)
    if me is None or me.hand is None:
        return []
    line = "  [bold]" + esc(_("Your hand")) + "[/] " + (" ".join(map(str, me.hand)) or "—")
    if me.played:
        line += "   " + _("played: {cards}").format(cards=" ".join(map(str, me.played)))
    return [line]


_ACTION_WORDS = {"not started": N_("special action not yet done"),
                 "in progress": N_("special action under way"),
                 "done": N_("special action done"), "none": N_("no special action")}
_SHORT_ACTION_WORDS = {"not started": N_("action to do"), "in progress": N_("action under way"),
                       "done": N_("action done"), "none": N_("no action")}


def turn_words(board: Board, short: bool = False) -> str | None:
    """The turn under way: the card taken, the Caballeros placed and still allowed."""
    turn = board.turn
    if turn is None or turn.card is None or board.over:
        return None
    seat = next((s for s in board.seats if s.seat == turn.seat), None)
    if seat is None:
        return None
    if short:
        who = _("You") if turn.seat == board.viewer else seat.name
    else:
        who = _("Your turn") if turn.seat == board.viewer else \
            _("{who}'s turn").format(who=seat.name)
    card = esc(turn.card) + (f" ({turn.stack})" if turn.stack else "")
    numbers = {"placed": turn.placed, "max": turn.place_max, "left": turn.left}
    if turn.placement_over:
        placing = _("{placed} placed, placement over").format(**numbers)
    elif short:
        placing = _("placed {placed} of {max}, {left} left").format(**numbers)
    else:
        placing = ngettext("{placed} of {max} Caballero placed, {left} more may go",
                           "{placed} of {max} Caballeros placed, {left} more may go",
                           turn.place_max).format(**numbers)
    if not turn.placement_over and seat.court is not None and seat.court < turn.left:
        placing += " " + _("({n} in court)").format(n=seat.court)
    words = _SHORT_ACTION_WORDS if short else _ACTION_WORDS
    action = _(words[turn.action]) if turn.action in words else ""
    # TRANSLATORS: the turn under way: who, the card taken (and its stack), the placement
    line = pgettext("el-grande", "{who} · {card}: {placing}").format(
        who=who, card=card, placing=placing)
    return line + (f" · {action}" if action else "")


def _one_line_cards(board: Board, width: int) -> list[str]:
    """Each card after its stack number, name and text run on, wrapped whole (a card's
    text read in part is a card misread); a taken card by its name and taker."""
    by_seat = {s.seat: s for s in board.seats}
    rows = []
    for c in board.cards:
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        if taker:
            rows.append(f"[dim]{c.stack}[/] {esc(c.name)} — "
                        + _("taken by {who}").format(who=_who(taker)))
            continue
        plain = pgettext("el-grande", "{card}: {text}").format(
            card=f"{c.stack} {c.name}", text=c.text) if c.text else f"{c.stack} {c.name}"
        lines = wrap(plain, width, "    ")
        # The number and name stand out; the text, dimmed, runs on after them.
        head = f"{c.stack} {c.name}"
        first = lines[0]
        if first.startswith(head):
            rows.append(f"[bold]{esc(head)}[/][dim italic]{esc(first[len(head):])}[/]")
        else:
            rows.append(esc(first))
        rows += [f"[dim italic]{esc(line)}[/]" for line in lines[1:]]
    return rows


def _card_names(board: Board, width: int) -> list[str]:
    by_seat = {s.seat: s for s in board.seats}
    items = []
    for c in board.cards:
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        items.append(f"{c.stack} {c.name}" + (f" ({taker.name})" if taker else ""))
    if not items:
        return []
    # The texts left out for room are one command away.
    return [esc(line) for line in
            wrap(_("Cards: {cards}").format(cards=" · ".join(items)) + " "
                 + _("(help and a card's name: its text)"), width, subsequent_indent="  ")]


def screen_parts(board: Board, width: int, log_lines: int = 6
                 ) -> list[tuple[str, list[list[str]]]]:
    """The parts of the board in screen order, each with its versions, richest first."""
    blank: list[list[str]] = [[""], []]
    parts: list[tuple[str, list[list[str]]]] = [("title", [[_title(board)]])]
    if board.pending:
        # Who must decide what: read whole, so wrapped rather than cut.
        parts.append(("pending", [[f"[italic]{esc(line)}[/]"
                                   for line in wrap(board.pending, width, "  ")], []]))
    parts.append(("blank", blank))
    table = _area_rows(board)
    grid = _grid_rows(board, 2)
    if max(map(_plain, grid)) > width:
        grid = _grid_rows(board, 1)
    legend = "[dim]" + esc(_("3G: 3 Caballeros and the Grande · Points: for 1st/2nd/3rd "
                             "place · ♔ the King")) + "[/]"
    # The grid's codes explained under it: the line stays however short the screen (the
    # cards' texts and the blank lines give way first), a code read nowhere is a misread.
    parts.append(("regions", [table, [*grid, legend]]))
    if any(board.scoreboards.values()):
        parts.append(("mobile", [_mobile_line(board), []]))
    parts.append(("blank", blank))
    parts.append(("players", [_player_rows(board), _compact_player_rows(board, width)]))
    hand = _hand_line(board)
    if hand:
        # In the bidding the hand is the decision itself; later it only informs.
        bidding_words = PHASE_WORDS["power"]
        bidding = board.phase == _(bidding_words)
        parts.append(("hand", [hand] if bidding else [hand, []]))
    turn, short = turn_words(board), turn_words(board, short=True)
    if turn and short:
        parts.append(("turn", [[turn], [short], []]))
    if board.cards:
        parts.append(("blank", blank))
        parts.append(("cards", [["[bold]" + esc(_("Action cards")) + "[/]",
                                 *_card_rows(board, width)],
                                _one_line_cards(board, width), _card_names(board, width),
                                []]))
    if board.log and log_lines:
        recent = [f"  [dim]{esc(line)}[/]" for line in board.log[-log_lines:]]
        parts.append(("blank", blank))
        head = "[bold]" + esc(_("Recent")) + "[/]"
        parts.append(("recent", [[head, *recent], [head, *recent[-3:]], []]))
    return parts


def format_board(board: Board, log_lines: int = 6, *, width: int = 100,
                 height: int = 40) -> str:
    """The Rich-markup text of a :class:`Board`, at most ``width`` columns and (where the
    parts can give way enough) ``height`` lines."""
    parts = screen_parts(board, width, log_lines)
    return "\n".join(_fit(parts, width, height)) + "\n"


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    board = read_view(view)
    seats = pgettext("list separator", "; ").join(
        f"{_letter(s)} {s.name}" for s in board.seats)
    return "\n".join([
        "[bold]" + esc(_("Key to the board")) + "[/] " + esc(seats),
        esc(_("Areas: each region (and the Castillo) with its points for the first, second "
              "and third place (5/4/1), then each player's Caballeros there; 3G: 3 "
              "Caballeros and the player's Grande; ·: none; ?: the Castillo's Caballeros are "
              "hidden; *: a mobile scoreboard lies there; ♔: the King's region.")),
        esc(_("Players: ▶ to move; score: points so far; court: Caballeros ready to place; "
              "provinces: Caballeros still in the provinces (the supply); power: the power "
              "card played this round; played: the power cards played so far.")),
        esc(_("Action cards: the stack number (what you type to take it), its name and "
              "text; a card's full text: help and the card's name (help veto).")),
    ])


def render_text(view: Mapping[str, Any], *, width: int = 100, height: int = 40) -> str:
    """The board of ``view`` as Rich-markup text, laid out for a ``width`` × ``height``
    screen: a full table when there is room, a compact grid on a small terminal."""
    return format_board(read_view(view), width=width, height=height)
