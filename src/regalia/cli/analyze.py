"""``regalia analyze``: a record's every decision judged from the seat's own information, with
marks, a per-seat summary, and an HTML report with the win-chance graph (docs/analysis.md)."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from regalia.analysis import DEFAULT_ITERATIONS, Budget, analyse, parse_seats, seat_names
from regalia.analysis.html import boards_for, html_report
from regalia.analysis.run import decisions
from regalia.cli.console import safe, stderr_console, stdout_console
from regalia.cli.options import check_seed, parse_think
from regalia.cli.simulate import worker_count
from regalia.engine.errors import InvalidOption
from regalia.engine.files import check_writable, write_atomic
from regalia.engine.i18n import N_, _, speaking
from regalia.engine.record import Record

WORST_SHOWN = 8  # marked moves listed on the terminal (the HTML report has them all)
# The report's marks are data ("blunder"); the table words them in the reader's language.
MARK_WORDS = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}


ANALYZE_HELP = N_(
    "Judge every decision of a record from what its seat knew then: win chance, the "
    "better move, marks, a per-seat summary; -o writes an HTML report with the "
    "win-chance graph.")


def analyze(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help=N_("A game record (JSON)."))],
    seat: Annotated[str | None, typer.Option(
        "--seat", metavar="SEAT|all", help=N_("Whose decisions to judge: a seat number from 0, a "
        "seat name, or all (default)."))] = None,
    think: Annotated[str | None, typer.Option(
        "--think", metavar="TIME", help=N_("Thinking time a decision instead of the iteration "
        "budget, e.g. 0.5s (the result then depends on the machine's speed)."))] = None,
    iterations: Annotated[int | None, typer.Option(
        "--iterations", metavar="N", min=1,
        help=N_("Search iterations a decision (default {iterations})."))] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", metavar="N", min=0,
        help=N_("Processes (default and 0: one per core); the result is the same for any."))
    ] = None,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="SEED", callback=lambda v: check_seed(v),
        help=N_("Seed of the search (default 0: the same report every time)."))] = 0,
    as_json: Annotated[bool, typer.Option(
        "--json", metavar="", help=N_("The report as JSON (schema in docs/analysis.md)."))] = False,
    output: Annotated[Path | None, typer.Option(
        "--output", "-o", metavar="FILE.html", help=N_("Write the HTML report (graph and boards) "
        "here."))] = None,
    force: Annotated[bool, typer.Option(
        "--force", metavar="", help=N_("Replace an existing report instead of refusing."))] = False,
) -> None:
    if think is not None and iterations is not None:
        raise InvalidOption(_("give --think or --iterations, not both"))
    seconds = parse_think(think)
    budget = Budget(iterations=None, seconds=seconds) if seconds is not None else \
        Budget(iterations=iterations or DEFAULT_ITERATIONS)
    if output is not None:
        with contextlib.suppress(OSError):
            if output.resolve() == record.resolve():
                raise InvalidOption(_("-o {file} is the record being read; name another "
                                      "file").format(file=output))
        check_writable(output, overwrite=force)
    saved = Record.load(record)
    with speaking("en"):
        english = seat_names(saved)
    chosen = parse_seats(seat, saved.players, seat_names(saved), english)
    total = sum(1 for _, s, _ in decisions(saved) if s in chosen)
    errors = stderr_console()
    workers, note = worker_count(workers, max(1, total))
    if note:
        errors.print(f"[yellow]{safe(note)}[/]")
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=errors, transient=True,
        disable=not errors.is_terminal or as_json,
    )
    with progress:
        task = progress.add_task(_("analysing {game}").format(game=saved.game), total=total)
        report = analyse(saved, chosen, budget, seed, workers,
                         on_judged=lambda _: progress.advance(task))
    if output is not None:
        # with the phone drawings too, as the server's analysis page has them: the file is
        # often opened on the phone it was sent to
        write_atomic(output, html_report(report, boards_for(saved, report),
                                         boards_for(saved, report, phone=True)),
                     overwrite=force)
    if as_json:
        typer.echo(json.dumps(report, indent=1, ensure_ascii=False))
        return
    console = stdout_console()
    console.print(summary_table(report))
    worst = sorted((m for m in report["moves"] if m.get("mark")),
                   key=lambda m: (-m["loss"], m["step"]))[:WORST_SHOWN]
    if worst:
        console.print(worst_table(report, worst))
    if output is not None:
        console.print(_("Report written to {file}").format(file=f"[bold]{safe(str(output))}[/]"))


def summary_table(report: dict[str, Any]) -> Table:
    settings = report["settings"]
    table = Table(title=safe(_("{title} · analysis · {bot} · seed {seed}").format(
        title=_(str(report["title"])), bot=settings["bot"], seed=settings["seed"])),
                  caption=_("loss: average lost win chance, or where the win chance no "
                            "longer moves, what the margin lost would cost in an even "
                            "position (percentage points); inaccuracies, mistakes, "
                            "blunders; accuracy 0-100"))
    for name in (N_("Seat"), N_("Judged"), N_("Forced"), N_("Loss"), N_("Inacc."), N_("Mist."),
                 N_("Blund."), N_("Acc.")):
        table.add_column(_(name), justify="left" if name == "Seat" else "right")
    for s in report["summary"]:
        table.add_row(
            safe(str(s["name"])), str(s["judged"]), str(s["forced"]),
            "-" if s["average_loss"] is None else f"{100 * s['average_loss']:.1f}",
            str(s["inaccuracies"]), str(s["mistakes"]), str(s["blunders"]),
            "-" if s["accuracy"] is None else f"{s['accuracy']:.1f}")
    return table


def worst_table(report: dict[str, Any], moves: list[dict[str, Any]]) -> Table:
    table = Table(title=_("The costliest moves"),
                  caption=_("win: the win chance before and after the move; margin: the "
                            "points of evaluation margin it gave away"))
    for name in (N_("Step"), N_("Seat"), N_("Mark"), N_("Played"), N_("Better"), N_("Win"),
                 N_("Margin"), N_("Loss")):
        table.add_column(_(name), justify="left" if name in ("Seat", "Mark", "Played", "Better")
                         else "right")
    names = report["seat_names"]
    for m in moves:
        mark = MARK_WORDS.get(m["mark"])
        table.add_row(str(m["step"]), safe(str(names[m["seat"]])),
                      _(mark) if mark else safe(str(m["mark"])),
                      safe(m["action"]), safe(m["best"]),
                      f"{100 * m['win_before']:.0f}→{100 * m['win_after']:.0f}%",
                      f"{-m.get('margin_loss', 0.0):.1f}", f"{100 * m['loss']:.1f}")
    return table
