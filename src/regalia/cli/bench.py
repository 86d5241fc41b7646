"""The speed table of ``regalia bench``, which variant runs (compiled or pure), and the side-by-
side comparison of both (``--compare-pure``, docs/compiled.md)."""

from __future__ import annotations

import importlib.machinery
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.markup import escape
from rich.table import Table

from regalia.engine.bench import BenchResult
from regalia.engine.bench import bench as run_bench
from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import N_, _


def build_variant() -> str:
    """``"compiled"`` when the rules run as mypyc-compiled modules, else ``"pure"``."""
    import regalia.engine.state as state_module

    path = state_module.__file__ or ""
    return "compiled" if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


def bench_table(title: str, results: Sequence[BenchResult]) -> Table:
    table = Table(title=escape(_("{title} · random full games on one core · {variant}").format(
        title=title, variant=variant_name())))
    for name in (N_("Players"), N_("Games"), N_("Games/s"), N_("Decisions/s"),
                 N_("Decisions/game"), N_("clone() µs")):
        table.add_column(_(name), justify="right")
    for r in results:
        table.add_row(str(r.players), str(r.games), f"{r.games_per_second:,.1f}",
                      f"{r.decisions_per_second:,.0f}", f"{r.mean_decisions:,.1f}",
                      f"{r.clone_microseconds:,.2f}")
    return table


def variant_name() -> str:
    """The build variant as a reader reads it."""
    return _("compiled") if build_variant() == "compiled" else _("pure")


# ---------------------------------------------------------------------------------- both variants
# Run with ``python -c`` before anything of regalia is imported: a finder in front of the usual
# ones that sees only the .py files of regalia's modules, so the compiled extension modules
# installed beside them are hidden and the same installation runs as pure Python.
PURE_BOOTSTRAP = """
import importlib.machinery as m, sys
class SourceOnly:
    loader = (m.SourceFileLoader, m.SOURCE_SUFFIXES)
    def find_spec(self, name, path=None, target=None):
        if name != "regalia" and not name.startswith("regalia."):
            return None
        for entry in (path if path is not None else sys.path):
            spec = m.FileFinder(entry or ".", self.loader).find_spec(name, target)
            if spec is not None:
                return spec
        return None
sys.meta_path.insert(0, SourceOnly())
"""


def pure_python_command(code: str) -> list[str]:
    """The command that runs ``code`` in this interpreter with the compiled modules hidden."""
    return [sys.executable, "-c", PURE_BOOTSTRAP + code]


@dataclass
class Speed:
    """One variant's figures for one player count."""

    variant: str
    players: int
    games_per_second: float
    decisions_per_second: float
    iterations_per_second: float  # ISMCTS (random rollouts) on the mid-game position

    def as_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "players": self.players,
                "games_per_second": self.games_per_second,
                "decisions_per_second": self.decisions_per_second,
                "iterations_per_second": self.iterations_per_second}


def measure_speed(game: str, players: int, seconds: float, seed: int,
                  options: dict[str, Any]) -> Speed:
    """Random games/s and ISMCTS iterations/s (CPU time) in the variant running here."""
    from regalia.bots.base import InformationSet
    from regalia.bots.bench import position
    from regalia.bots.ismcts import IsmctsBot

    result = run_bench(game, players, seconds, seed, **options)
    state = position(game, players)
    movers = state.to_move()
    rate = 0.0
    if movers:
        bot = IsmctsBot(seed=1, seconds=seconds)
        start = time.process_time()
        bot.search(InformationSet(state, movers[0]))  # the whole budget (act may stop early)
        rate = bot.last_iterations / max(time.process_time() - start, 1e-9)
    return Speed(build_variant(), players, result.games_per_second,
                 result.decisions_per_second, rate)


def measure_pure(game: str, players: int, seconds: float, seed: int,
                 options: dict[str, Any]) -> Speed:
    """:func:`measure_speed` in a pure-Python subprocess of the same installation."""
    args = json.dumps([game, players, seconds, seed, options])
    code = ("import json, sys\nfrom regalia.cli.bench import measure_speed\n"
            f"print(json.dumps(measure_speed(*json.loads({args!r})).as_dict()))\n")
    done = subprocess.run(pure_python_command(code), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RegaliaError(_("the pure-Python run failed: {reason}").format(
            reason=done.stderr.strip()[-400:]))
    data = json.loads(done.stdout.strip().splitlines()[-1])
    if data["variant"] != "pure":
        raise RegaliaError(_("the pure-Python run still loaded compiled modules"))
    return Speed(**data)


def compare(game: str, counts: Sequence[int], seconds: float, seed: int,
            options: dict[str, Any], rounds: int = 1) -> list[tuple[Speed, Speed]]:
    """Both variants in turn (pure, then compiled) ``rounds`` times per player count, and the
    mean of each: interleaved, so both see the same load on a shared machine."""
    if build_variant() != "compiled":
        raise RegaliaError(_("this regalia is not compiled, so there is nothing to compare: "
                             "build it with REGALIA_COMPILE=1 pip install . (docs/compiled.md)"))
    out = []
    for n in counts:
        pure: list[Speed] = []
        compiled: list[Speed] = []
        for _round in range(rounds):
            pure.append(measure_pure(game, n, seconds, seed, options))
            compiled.append(measure_speed(game, n, seconds, seed, options))
        out.append((_mean(pure), _mean(compiled)))
    return out


def _mean(runs: Sequence[Speed]) -> Speed:
    k = len(runs)
    return Speed(runs[0].variant, runs[0].players,
                 sum(r.games_per_second for r in runs) / k,
                 sum(r.decisions_per_second for r in runs) / k,
                 sum(r.iterations_per_second for r in runs) / k)


def compare_table(title: str, pairs: Sequence[tuple[Speed, Speed]]) -> Table:
    table = Table(title=escape(_("{title} · compiled against pure Python, one core, same run"
                                 ).format(title=title)))
    for name in (N_("Players"), N_("Games/s pure"), N_("Games/s compiled"), "×",
                 N_("ISMCTS it/s pure"), N_("ISMCTS it/s compiled"), "× "):
        table.add_column(_(name) if name.strip() != "×" else name, justify="right")
    for pure, comp in pairs:
        table.add_row(str(pure.players), f"{pure.games_per_second:,.1f}",
                      f"{comp.games_per_second:,.1f}",
                      _ratio(comp.games_per_second, pure.games_per_second),
                      f"{pure.iterations_per_second:,.0f}",
                      f"{comp.iterations_per_second:,.0f}",
                      _ratio(comp.iterations_per_second, pure.iterations_per_second))
    return table


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}" if b > 0 else "–"
