"""Fixed-shape numeric encodings of one seat's view, one module per game, picked by game id.

An encoder is built from ``State.view(seat)`` alone (without its log: ``State.observe``),
never from the state, so a learner fed its numbers cannot see what the seat may not know: two
states with the same view give the same numbers. The length depends only on the game and the
player count.

A game's module is ``regalia.rl.observations.<package>`` (the game id with ``-`` as ``_``)
and defines

- ``layout(players: int) -> tuple[Field, ...]``: the named slices of the vector, in order,
  each with its length and what its numbers mean (documentation that tests check against
  the encoding's length);
- ``encode(view: Mapping[str, Any], players: int) -> list[float]``: the numbers, of length
  ``size(layout(players))``.

Every encoding keeps the same conventions (docs/observations.md lists each game's layout):
every number is a float in [0, 1] (:data:`LOW`, :data:`HIGH`), and per-seat slices start with
the viewer, then the seats after it (:func:`seat_order`); a view of another player count is
refused with a :class:`RegaliaError`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _


@dataclass(frozen=True, slots=True)
class Field:
    """One named slice of an observation vector."""

    name: str
    length: int
    meaning: str


Layout = Callable[[int], tuple[Field, ...]]
Encode = Callable[[Mapping[str, Any], int], list[float]]


@dataclass(frozen=True, slots=True)
class Encoder:
    """A game's layout and encoding. ``reads_log``: whether ``encode`` reads the view's
    ``"log"``; the games' own encoders do not, so adapters hand them ``State.observe(seat)``
    (the view without its log, much cheaper) instead of ``view(seat)``. An encoder of your
    own keeps the default, the whole view, unless you know it ignores the log."""

    game_id: str
    layout: Layout
    encode: Encode
    reads_log: bool = True

    def size(self, players: int) -> int:
        return sum(field.length for field in self.layout(players))


def module_name(game_id: str) -> str:
    return f"{__name__}.{game_id.replace('-', '_')}"


def encoder(game_id: str) -> Encoder:
    """The observation encoder of a registered game (a clear error for a game without one)."""
    try:
        module: ModuleType = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError as exc:
        if exc.name != module_name(game_id):
            raise
        raise RegaliaError(_("no observation encoding for game {game}").format(
            game=repr(game_id))) from None
    return Encoder(game_id, module.layout, module.encode, reads_log=False)


# ------------------------------------------------------------------- shared by the encoders
# Every number an encoder writes lies in [0, 1]: counts are divided by the most the game's
# components allow, open-ended amounts (scores, money, rounds) are squashed (:func:`squashed`)
# so that they stay below 1 and distinct amounts stay distinct.
LOW, HIGH = 0.0, 1.0


def fields(*specs: tuple[str, int, str]) -> tuple[Field, ...]:
    return tuple(Field(name, length, meaning) for name, length, meaning in specs)


def size(layout: tuple[Field, ...]) -> int:
    return sum(field.length for field in layout)


def seat_order(viewer: int | None, players: int) -> list[int]:
    """The seats in the order an encoding lists them: the viewer first, then the seats after
    it in seat order, wrapping round (viewer + 1, viewer + 2, ...); a spectator's view
    (``viewer`` None) starts at seat 0. The same slot then always means "me", "the next
    player", and so on, whichever seat a learner plays."""
    first = 0 if viewer is None else viewer
    return [(first + k) % players for k in range(players)]


def check_players(view: Mapping[str, Any], players: int, declared: int) -> int | None:
    """The viewer's seat, after checking that ``view`` is a ``players``-seat position."""
    if declared != players:
        raise RegaliaError(_("a {declared}-player view cannot be encoded for {n} players").format(
            declared=declared, n=players))
    viewer = view.get("seat")
    if viewer is not None and not 0 <= viewer < players:
        raise RegaliaError(_("the view's seat {seat} is not one of {n} seats").format(
            seat=repr(viewer), n=players))
    return viewer


def squashed(value: float, scale: float) -> float:
    """An open-ended amount as ``value / (value + scale)``: one half at ``scale``, rising
    towards 1 without reaching it, so that no two amounts share a number (a cap at 1 made
    every amount past the scale look alike: two different views, one tensor).

    The encoders' loops write the same thing inline (``v / (1.0 + v)`` with ``v = value /
    scale``): a Python call per number cost a third of an encoding, and the views' counts are
    never negative."""
    if value <= 0:
        return 0.0
    v = value / scale  # as the loops compute it, to the last bit
    return v / (1.0 + v)


def starts(layout: tuple[Field, ...]) -> dict[str, int]:
    """Where each field begins: encoders write into a zeroed vector at these offsets, so the
    cost follows the pieces on the table, not the length of the vector."""
    out, at = {}, 0
    for field in layout:
        out[field.name] = at
        at += field.length
    return out


_PLANS: dict[tuple[Layout, int], tuple[int, dict[str, int]]] = {}


def begin(layout: Layout, view: Mapping[str, Any], players: int, declared: int
          ) -> tuple[list[int], dict[int, int], list[float], dict[str, int]]:
    """What every ``encode`` starts from: the seats in encoding order (:func:`seat_order`),
    each seat's slot, a zeroed vector of the layout's length, and where each field begins
    (worked out once per layout and player count)."""
    order = seat_order(check_players(view, players, declared), players)
    plan = _PLANS.get((layout, players))
    if plan is None:
        shape = layout(players)
        plan = _PLANS[(layout, players)] = (size(shape), starts(shape))
    length, at = plan
    return order, {seat: k for k, seat in enumerate(order)}, [0.0] * length, at


# ------------------------------------------------------------------------- documentation
DOC_BEGIN = "<!-- layout of {game} (generated from layout(): update_doc() rewrites it) -->"
DOC_END = "<!-- end of layout of {game} -->"


def layout_table(game_id: str, player_counts: tuple[int, ...]) -> str:
    """A game's layout as a Markdown table: one row per field, its length per player count."""
    enc = encoder(game_id)
    layouts = {n: {f.name: f for f in enc.layout(n)} for n in player_counts}
    names: list[str] = []
    for n in player_counts:
        names += [name for name in layouts[n] if name not in names]
    head = "| field | " + " | ".join(f"{n}p" for n in player_counts) + " | meaning |"
    rows = [head, "|" + " --- |" * (len(player_counts) + 2)]
    for name in names:
        lengths = [str(layouts[n][name].length) if name in layouts[n] else "—"
                   for n in player_counts]
        meaning = next(layouts[n][name].meaning for n in player_counts if name in layouts[n])
        rows.append(f"| `{name}` | " + " | ".join(lengths) + f" | {meaning} |")
    totals = [str(enc.size(n)) for n in player_counts]
    rows.append("| **total** | " + " | ".join(f"**{t}**" for t in totals) + " | |")
    return "\n".join(rows)


def doc_block(game_id: str, player_counts: tuple[int, ...]) -> str:
    return "\n".join((DOC_BEGIN.format(game=game_id), layout_table(game_id, player_counts),
                      DOC_END.format(game=game_id)))


def update_doc(path: str) -> None:
    """Rewrite every generated layout table in the Markdown file at ``path`` (the tables stand
    between the markers of :data:`DOC_BEGIN` and :data:`DOC_END`)."""
    from pathlib import Path

    import regalia

    file = Path(path)
    text = file.read_text(encoding="utf-8")
    for info in regalia.list_games():
        begin = DOC_BEGIN.format(game=info.id)
        if begin not in text:
            continue
        start = text.index(begin)
        stop = text.index(DOC_END.format(game=info.id), start) + len(DOC_END.format(game=info.id))
        text = text[:start] + doc_block(info.id, tuple(info.player_counts)) + text[stop:]
    file.write_text(text, encoding="utf-8")
