"""The speed table of ``regalia bench``."""

from __future__ import annotations

from collections.abc import Sequence

from rich.markup import escape
from rich.table import Table

from regalia.engine.bench import BenchResult


def bench_table(title: str, results: Sequence[BenchResult]) -> Table:
    table = Table(title=escape(f"{title} · random full games on one core"))
    for name in ("Players", "Games", "Games/s", "Decisions/s", "Decisions/game",
                 "clone() µs"):
        table.add_column(name, justify="right")
    for r in results:
        table.add_row(str(r.players), str(r.games), f"{r.games_per_second:,.1f}",
                      f"{r.decisions_per_second:,.0f}", f"{r.mean_decisions:,.1f}",
                      f"{r.clone_microseconds:,.2f}")
    return table
