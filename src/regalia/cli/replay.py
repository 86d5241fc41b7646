"""Looking at recorded games: validation, summaries, the position after any decision, SVG."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from regalia.cli.board import board
from regalia.cli.console import label, safe
from regalia.cli.options import HUMAN
from regalia.cli.play import result_table
from regalia.engine.errors import InvalidOption, InvalidRecord, RegaliaError
from regalia.engine.files import check_writable, write_atomic
from regalia.engine.i18n import _, ngettext
from regalia.engine.record import Record, replay
from regalia.engine.registry import GameInfo, get_game
from regalia.engine.state import State


@dataclass
class Position:
    """The game after ``step`` decisions, and the log of what happened up to there."""

    state: State
    step: int
    log: list[str]


def load_checked(path: str | Path) -> tuple[Record, State]:
    """The record and its final position; :class:`InvalidRecord` if it does not replay."""
    record = Record.load(path)
    return record, replay(record)


def positions(record: Record, chance_lines: bool = False,
              viewer: int | None = None) -> Iterator[Position]:
    """Every position of a (validated) record, from the setup to the last decision.

    The log lists the decisions; chance outcomes (often secret: cards dealt) only on request.
    Seen by a seat (``viewer``), others' moves read as that seat learnt them: sealed choices
    as made, secret parts of a move hidden (``State.announce``), and only the chance outcomes
    every seat sees (``GameInfo.public_chance``); a seat's own secret draws show in its view.
    """
    info = get_game(record.game)
    chance = [(m["chance"], m["outcome"]) for m in record.moves if "chance" in m]
    try:
        edition = None if record.edition is None else info.load_edition(record.edition["toml"])
        state = info.state_class.new(record.players, seed=record.seed, edition=edition,
                                     options=record.options, chance=chance)
    except RegaliaError as err:
        raise InvalidRecord(_("record's setup is invalid: {reason}").format(reason=err)) from None
    log: list[str] = []
    step = 0
    for move in record.moves:
        if "chance" in move:
            if chance_lines:
                label = str(move["chance"])
                shown = str(move["outcome"]) if viewer is None or info.chance_is_public(label) \
                    else _("(hidden)")
                log.append("      [dim]" + _("chance: {label} → {outcome}").format(
                    label=safe(label), outcome=safe(shown)) + "[/]")
            continue
        yield Position(state.clone(), step, list(log))
        seat, text = move["seat"], move["action"]
        action = state.parse_action(text)
        description = state.describe(action)
        if viewer is not None and seat != viewer:
            if len(state.to_move()) > 1:
                description = _("made a sealed choice")
            else:
                description = state.announce(action, seat)
            text = description  # the notation would tell what the description hides
        state.apply(action, seat)
        step += 1
        notation = "" if description.lower() == text.lower() else f" [dim]· {safe(text)}[/]"
        log.append(f"{step:>4}. [bold]{safe(state.seat_name(seat))}[/]: "
                   f"{safe(description)}{notation}")
    yield Position(state, step, log)


def position_at(record: Record, step: int | None, chance_lines: bool = False,
                viewer: int | None = None) -> Position:
    """The position after ``step`` decisions (``None``: the end)."""
    total = record.action_count
    if step is not None and not 0 <= step <= total:
        raise InvalidOption(ngettext("--step must be from 0 to {n} (the record has {n} decision)",
                                     "--step must be from 0 to {n} (the record has {n} "
                                     "decisions)", total).format(n=total))
    last = None
    for position in positions(record, chance_lines, viewer):
        last = position
        if position.step == step:
            return position
    assert last is not None
    return last


def summary_table(record: Record, final: State, viewer: int | None = None) -> Table:
    """The record's summary; seen by a seat (``viewer``), without the seed, which would
    rebuild every hidden card."""
    info = get_game(record.game)
    table = Table(title=safe(_("{title} · record").format(title=_(info.title))), show_header=False)
    table.add_column(style="bold")
    table.add_column()
    seats = record.meta.get("seats") or record.meta.get("bots")
    players = ", ".join(
        final.seat_name(s) + (" (" + (_("human") if seats[s] == HUMAN else str(seats[s])) + ")"
                              if isinstance(seats, list) and s < len(seats) else "")
        for s in range(record.players)
    )
    table.add_row(_("Game"), safe(_("{game} (rules version {version})").format(
        game=info.id, version=record.rules_version)))
    table.add_row(_("Players"), safe(f"{record.players}: {players}"))
    if viewer is None:
        table.add_row(_("Seed"), str(record.seed))
    options = {**{o.name: o.default for o in info.options}, **record.options}
    table.add_row(_("Options"), safe(", ".join(f"{k}={_show(v)}" for k, v in options.items())
                                       or _("none")))
    edition = _("built-in") if record.edition is None else _("{edition} (custom)").format(
        edition=record.edition.get("id"))
    table.add_row(_("Edition"), safe(edition))
    chance = sum(1 for m in record.moves if "chance" in m)
    table.add_row(_("Moves"), _("{decisions} decisions, {chance} chance outcomes").format(
        decisions=record.action_count, chance=chance))
    table.add_row(_("Status"), _("finished; replays correctly") if final.is_over() else
                  _("unfinished; replays correctly"))
    return table


def show_summary(console: Console, record: Record, final: State,
                 viewer: int | None = None) -> None:
    console.print(summary_table(record, final, viewer))
    if final.is_over():
        seats = record.meta.get("seats") or record.meta.get("bots")
        kinds = seats if isinstance(seats, list) and len(seats) == record.players else ["?"] * \
            record.players
        console.print(result_table(final, [str(k) for k in kinds]))


def show_position(console: Console, info: GameInfo, position: Position, seat: int | None,
                  log: bool = True, reserve: int = 2) -> None:
    """The position's board under a rule, then who moves; ``reserve``: the terminal lines
    the board leaves to what is printed with it (the rule and "To move", and in stepping
    the last move and the prompt), so the whole screen fits."""
    if log:
        for line in position.log or ["[dim]" + _("(no moves yet)") + "[/]"]:
            console.print(line)
    who = _("spectator") if seat is None else position.state.seat_name(seat)
    console.rule(safe(ngettext("after {n} decision · seen by {who}",
                               "after {n} decisions · seen by {who}", position.step).format(
        n=position.step, who=who)))
    # In a terminal the board fits its size; into a file or pipe, the full board.
    height = console.height - reserve if console.is_terminal else 40
    console.print(board(info.render_text, position.state.view(seat), console.width, height))
    if position.state.is_over():
        console.print("[bold]" + label(_("Game over:")) + "[/]" + _(
            "scores {scores}, places {places}").format(
                scores=list(position.state.scores()), places=list(position.state.ranking())))
    else:
        names = ", ".join(position.state.seat_name(s) for s in position.state.to_move())
        console.print("[dim]" + _("To move: {seats}").format(seats=safe(names)) + "[/]")


def step_through(console: Console, ask: Callable[[str], str], record: Record, info: GameInfo,
                 seat: int | None, start: int | None) -> None:
    """Interactive stepping: n (or Enter) next, p previous, a number jumps there, q quits."""
    every = list(positions(record, viewer=seat))
    i = len(every) - 1 if start is None else start
    while True:
        show_position(console, info, every[i], seat, log=False, reserve=4)
        last = every[i].log[-1] if every[i].log else _("(start)")
        console.print("[dim]" + _("last: {move}").format(move=last) + "[/]" if every[i].log
                      else "[dim]" + _("(start)") + "[/]")
        try:
            key = ask(_("[{at}/{last}] n/p/NUMBER/q > ").format(at=i, last=len(every) - 1)
                      ).strip().lower()
        except (EOFError, KeyboardInterrupt):
            return
        if key in ("q", "quit"):
            return
        if key.isdigit():
            i = min(int(key), len(every) - 1)
        elif key == "p":
            i = max(0, i - 1)
        elif key in ("", "n"):
            i = min(len(every) - 1, i + 1)
        else:
            console.print("[red]" + _("keys: n (or Enter) next, p previous, a number, q quit")
                          + "[/]")


PICTURE_FORMATS = (".svg", ".png")


def check_picture_target(out: Path, source: Path, overwrite: bool) -> str:
    """The picture format for ``out`` (from its suffix); refuses what would lose a file."""
    kind = out.suffix.lower()
    if kind not in PICTURE_FORMATS:
        raise InvalidOption(_("-o must name a .svg or .png file, not {name}").format(
            name=repr(out.name)))
    with contextlib.suppress(OSError):
        if out.resolve() == source.resolve():
            raise InvalidOption(_("-o {file} is the record being read; name another file").format(
                file=out))
    check_writable(out, overwrite=overwrite)
    if kind == ".png":
        png_renderer()  # refuse now, before any work, if PNG cannot be made here
    return kind


def png_renderer() -> Callable[[str], bytes]:
    """SVG text -> PNG bytes, from the optional ``png`` extra (resvg)."""
    try:
        import resvg_py
    except ImportError:
        raise RegaliaError(
            _("PNG output needs the png extra: pip install 'regalia[png]' (or write .svg)")
        ) from None

    def render(svg: str) -> bytes:
        try:
            return bytes(resvg_py.svg_to_bytes(svg_string=svg, background="white"))
        except ValueError as err:
            raise RegaliaError(_("the picture could not be rasterised: {reason}").format(
                reason=err)) from None

    return render


def write_picture(info: GameInfo, position: Position, seat: int | None, out: Path,
                  overwrite: bool = False) -> None:
    """The position as SVG, or PNG for a ``.png`` name, written atomically."""
    if info.render_svg is None:
        raise RegaliaError(_("{game} has no SVG rendering").format(game=info.id))
    view = position.state.view(seat)
    if seat is not None:
        # Front ends tell the picture which actions the viewer may click.
        view["legal"] = [str(a) for a in position.state.legal_actions(seat)]
    svg = info.render_svg(view)
    data: str | bytes = png_renderer()(svg) if out.suffix.lower() == ".png" else svg
    write_atomic(out, data, overwrite=overwrite)


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
