"""El Grande on a phone: ``render_phone_svg(view) -> str``, the board as one narrow column.

The same :class:`~regalia.games.el_grande.render_text.Board` the map of Spain is drawn from,
said in sections a 360 px screen holds legibly (see :mod:`regalia.engine.phone_board`): your
decision's buttons and power cards first, then the regions (a tile each, with its values, its
Caballeros by colour, the King and the Grandes), the action cards, the players and the recent
log. Every target of the desktop map is a tile or chip here with the same ``data-action``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, ngettext, pgettext
from regalia.engine.phone_board import Chip, Section, Tile, draw
from regalia.games.el_grande.map_layout import REGIONS
from regalia.games.el_grande.render_svg import _BUTTON_WORDS, _LIGHT, colour_of, seat_notes
from regalia.games.el_grande.render_text import (
    CASTILLO,
    Board,
    Seat,
    read_view,
    turn_words,
)

RECENT = 6  # log entries shown


def _ink(seat: Seat) -> str:
    return "#222" if seat.colour.lower() in _LIGHT else "#fff"


def _cube_chips(board: Board, area_name: str) -> list[Chip]:
    area = board.areas[area_name]
    if area.hidden_total is not None:
        return [Chip(str(area.hidden_total), "#9e9e9e", "#fff",
                     title=_("Colours hidden"))]
    chips = []
    for s in board.seats:
        n = area.caballeros.get(s.seat, 0)
        if n <= 0:
            continue
        fill, edge = colour_of(s)
        chips.append(Chip(str(n), fill, _ink(s), edge,
                          title=ngettext("{who}: {n} Caballero", "{who}: {n} Caballeros",
                                         n).format(who=s.name, n=n),
                          action=board.targets.get(f"cube:{s.seat}:{area_name}"),
                          data={"seat": s.seat, "count": n}))
    return chips


def _area_tile(board: Board, name: str) -> Tile:
    area = board.areas[name]
    lines = [pgettext("el-grande", "points {first} / {second} / {third}").format(
        first=area.values[0], second=area.values[1], third=area.values[2])]
    if area.scoreboard is not None:
        lines[0] += " · " + _("mobile scoreboard")
    if board.king == name:
        lines.append("♚ " + _("The King is in {region}").format(region=board.label(name)))
    for s in board.seats:
        if s.grande == name:
            lines.append(_("{who}'s Grande (home: {region})").format(
                who=s.name, region=board.label(name)))
    chips = _cube_chips(board, name)
    if not chips:
        lines.append(_("Empty"))
    return Tile(board.label(name), lines, chips, action=board.targets.get(f"area:{name}"),
                fill="#efe3c6" if name == CASTILLO else "#fbf5e6",
                marked=board.king == name, kind="region", data={"region": name})


def _power_section(board: Board) -> Section | None:
    me = next((s for s in board.seats if s.seat == board.viewer), None)
    if me is None or me.hand is None:
        return None
    hand, played = set(me.hand), set(me.played)
    tiles = []
    for v in range(1, 14):
        act = board.targets.get(f"power:{v}")
        if v == me.power:
            fill, ink = "#f2c230", "#3b2a1a"
        elif v in hand:
            fill, ink = "#ffffff", "#3b2a1a"
        elif v in played:
            fill, ink = "#b9ad98", "#3b2a1a"
        else:
            fill, ink = "#f2ead8", "#6b5a40"
        tiles.append(Tile(str(v), action=act, fill=fill, ink=ink, kind="power-card",
                          data={"value": v, "in_hand": "1" if v in hand else None}))
    return Section(_("Your power cards"), tiles, columns=5, panel="hand",
                   note=_("white: in your hand · grey: played · gold: this round"))


def _buttons(board: Board, described: Mapping[str, str]) -> list[Tile]:
    tiles = []
    for key, acts in board.all_targets.items():
        kind, _sep, arg = key.partition(":")
        if kind == "recruit":
            label = _("{n} to court").format(n=arg)
        elif kind == "button":
            label = _(_BUTTON_WORDS[arg]) if arg in _BUTTON_WORDS else \
                described.get(acts[0], arg)
        else:
            continue
        tiles.append(Tile(label, action=acts[0], fill="#2a6fdb", ink="#fff", kind="button"))
    return tiles


def _card_tiles(board: Board) -> list[Tile]:
    by_seat = {s.seat: s for s in board.seats}
    tiles = []
    for c in board.cards:
        taker = by_seat.get(c.taken_by) if c.taken_by is not None else None
        lines = [_("(place up to {n})").format(n=c.stack)]
        if c.text:
            lines.append(c.text)
        if taker is not None:
            lines.append(_("taken by {who}").format(who=taker.name))
        tiles.append(Tile(c.name, lines, action=c.action,
                          fill="#ddd3bf" if taker else "#fffaf0", kind="action-card",
                          data={"card": c.name}))
    return tiles


def _player_tile(board: Board, s: Seat) -> Tile:
    fill, edge = colour_of(s)
    name = s.name + (" " + _("(you)") if s.seat == board.viewer else "")
    lines = [_("Score {score} · court {court} · provinces {provinces}").format(
        score=s.score, court="?" if s.court is None else s.court,
        provinces="?" if s.provinces is None else s.provinces)]
    lines.append(_("Grande: {region}").format(
        region=board.label(s.grande) if s.grande else "—"))
    notes = [_("power card {n}").format(n=s.power)] if s.power is not None else []
    hidden_hand = s.hand is None and s.hand_count is not None
    if hidden_hand:  # (what the cards in hand are: "13 in hand" read as 13 of anything)
        notes.append(ngettext("{n} power card in hand", "{n} power cards in hand",
                              s.hand_count or 0).format(n=s.hand_count))
    notes += seat_notes(s, board)[1 if hidden_hand else 0:]
    if notes:
        lines.append(" · ".join(notes))
    if s.played:
        lines.append(_("power cards played: {cards}").format(
            cards=", ".join(map(str, sorted(s.played)))))
    court = board.targets.get("court") if s.seat == board.viewer else None
    chips = [Chip(_("Court: {n}").format(n="?" if s.court is None else s.court), fill, _ink(s),
                  edge, action=court)] if court else []
    moving = s.seat in board.to_move
    return Tile(("▶ " if moving else "") + name, lines, chips, fill="#fff4d6" if moving
                else "#fbf7ee", edge=edge, title_ink=edge, marked=moving, kind="player",
                data={"seat": s.seat})


def draw_board(board: Board, described: Mapping[str, str] | None = None) -> str:
    """The phone picture of ``board``; ``described``: the legal actions in words (notation →
    description), for the buttons that have no words of their own."""
    header = [p for p in (" · ".join(x for x in (board.round_label, board.phase) if x),
                          board.pending, turn_words(board)) if p]
    sections = []
    buttons = _buttons(board, described or {})
    if buttons:
        sections.append(Section(_("Your decision"), buttons, columns=2, panel="decide"))
    power = _power_section(board)
    if power is not None and any(t.action for t in power.tiles):
        sections.append(power)
    sections.append(Section(_("Regions"), [_area_tile(board, n) for n in (*REGIONS, CASTILLO)],
                            columns=2, panel="map"))
    sections.append(Section(_("Action cards"), _card_tiles(board) or
                            [Tile(_("None face up"))], panel="cards"))
    sections.append(Section(_("Players"), [_player_tile(board, s) for s in board.seats],
                            panel="players"))
    if power is not None and not any(t.action for t in power.tiles):
        sections.append(power)
    # each board by what it is (a region's points for 1st, 2nd and 3rd place), not "8/4/0"
    boards = [(_("points {values}: on {region}") if v else _("points {values}: in reserve"))
              .format(values=k.replace("/", " / "), region=board.label(v) if v else "")
              for k, v in board.scoreboards.items()]
    if boards:
        sections.append(Section(_("Mobile scoreboards"), [Tile(lines=boards)], panel="map",
                                note=_("On a region, a scoreboard's points for 1st / 2nd / "
                                       "3rd place replace the region's own.")))
    if board.log:
        sections.append(Section(_("Recent"), [Tile(lines=list(board.log[-RECENT:]),
                                                   kind="log")], panel="log"))
    return draw(_("El Grande"), header, sections)


def render_phone_svg(view: Mapping[str, Any]) -> str:
    """El Grande's board for a phone's screen, as a self-contained SVG string."""
    return draw_board(read_view(view), view.get("described"))
