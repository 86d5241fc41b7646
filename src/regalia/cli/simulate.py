"""Many bot-against-bot games: one game per seed, optional worker processes, statistics.

Game ``i`` of a series gets a seed derived from the base seed and ``i`` alone (see
:mod:`regalia.engine.seeds`), so the results do not depend on how many workers share the work.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from statistics import fmean
from typing import Any, TypeVar

from rich.table import Table

from regalia.bots import InformationSet, make_bot
from regalia.bots.base import close_bots
from regalia.cli.bot_labels import bot_labels, wins_cell
from regalia.cli.console import safe
from regalia.engine.edition import Edition
from regalia.engine.errors import RegaliaError
from regalia.engine.files import FileExists, check_writable, write_atomic
from regalia.engine.i18n import N_, _, ngettext
from regalia.engine.pools import in_order
from regalia.engine.registry import get_game, new_game
from regalia.engine.seeds import bot_seed, game_seed
from regalia.engine.state import State

T = TypeVar("T")

MAX_DECISIONS = 1_000_000  # a game longer than this is a bug in a rules core, not a long game


@dataclass(frozen=True)
class Series:
    """What to simulate: everything a worker needs to play game ``i`` on its own."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    edition: str | None = None
    records: str | None = None
    overwrite: bool = False  # may records replace files already in the records folder

    def new_state(self, index: int) -> State:
        return new_game(self.game, self.players, seed=game_seed(self.seed, index),
                        edition=_edition(self.game, self.edition), **self.options)


@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    decisions: int
    # Per seat: moves an external program (cmd:) did not choose, which its fallback played.
    fallbacks: tuple[int, ...] = ()

    def seat_fallbacks(self, seat: int) -> int:
        return self.fallbacks[seat] if seat < len(self.fallbacks) else 0


_EDITIONS: dict[tuple[str, str], Edition] = {}


def _edition(game: str, path: str | None) -> Edition | None:
    # Each worker reads a custom edition once, not once per game.
    if path is None:
        return None
    key = (game, path)
    if key not in _EDITIONS:
        _EDITIONS[key] = get_game(game).load_edition(Path(path))
    return _EDITIONS[key]


def play_one(series: Series, index: int) -> GameResult:
    """Play game ``index`` of the series to the end, bots acting through information sets."""
    state = series.new_state(index)
    bots = [make_bot(name, bot_seed(state.seed, seat)) for seat, name in enumerate(series.bots)]
    decisions = 0
    try:
        while movers := state.to_move():
            seat = movers[0]
            state.apply(bots[seat].act(InformationSet(state, seat)), seat)
            decisions += 1
            if decisions > MAX_DECISIONS:
                raise RegaliaError(_("game {index} (seed {seed}) did not end after {limit} "
                                     "decisions").format(index=index, seed=state.seed,
                                                         limit=MAX_DECISIONS))
    finally:
        close_bots(bots)
    fallbacks = tuple(int(getattr(bot, "fallbacks", 0)) for bot in bots)
    if series.records is not None:
        failed = {"fallbacks": list(fallbacks)} if any(fallbacks) else {}
        record = state.record(bots=list(series.bots), series_seed=series.seed, index=index,
                              **failed)
        write_atomic(record_path(series.records, index), record.to_json(indent=1) + "\n",
                     overwrite=series.overwrite)
    return GameResult(index, state.seed, state.scores(), state.ranking(), decisions,
                      fallbacks)


def record_path(folder: str, index: int) -> Path:
    return Path(folder) / f"game-{index:05d}.json"


def check_series(series: Series, games: int = 1) -> None:
    """Raise now, with a clear message, what would fail in every game: options, edition, bots,
    a records folder that cannot be written or already holds records of these numbers."""
    series.new_state(0)
    for name in series.bots:
        make_bot(name, 0)
    if series.records is not None:
        folder = Path(series.records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise RegaliaError(_("cannot make the records folder {folder}: {reason}").format(
                folder=folder, reason=err.strerror or err)) from None
        check_writable(record_path(series.records, 0), overwrite=True)
        if not series.overwrite:
            refuse_taken(folder, [record_path(series.records, i) for i in range(games)])


def refuse_taken(folder: Path, paths: Sequence[Path]) -> None:
    """Raise :class:`FileExists` when any of ``paths`` (records a run would write) exists."""
    taken = [p for p in paths if p.exists()]
    if taken:
        raise FileExists(ngettext(
            "{folder} holds {n} record this run would replace (first: {first}); use "
            "another folder or --force",
            "{folder} holds {n} records this run would replace (first: {first}); use "
            "another folder or --force", len(taken)).format(
                folder=folder, n=len(taken), first=taken[0].name))


def run_series(series: Series, games: int, workers: int = 1,
               on_result: Callable[[GameResult], None] | None = None) -> list[GameResult]:
    """Every game of the series, in index order, on ``workers`` processes."""
    check_series(series, games)
    results: list[GameResult] = []
    for result in _results(series, games, workers):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def numbered_results(job: Callable[[int], T], games: int, workers: int,
                     chunksize: int | None = None) -> Iterator[T]:
    """``job(0)``, ``job(1)``, … in that order, on ``workers`` processes (in this one if one)."""
    if workers <= 1 or games <= 1:
        yield from map(job, range(games))
        return
    chunk = chunksize or max(1, min(16, games // (workers * 4)))
    yield from in_order(job, range(games), workers, chunk)


def _results(series: Series, games: int, workers: int) -> Iterator[GameResult]:
    return numbered_results(partial(play_one, series), games, workers)


def summarize(series: Series, results: Sequence[GameResult], seconds: float,
              names: Sequence[str]) -> dict[str, Any]:
    """Per-seat wins and scores, game lengths and speed, as JSON-ready data.

    A first place shared by k seats gives each of them 1/k of a win (``wins``); ``outright``
    counts undisputed wins and ``shared`` the shared first places.
    """
    seats = []
    for seat in range(series.players):
        scores = [r.scores[seat] for r in results]
        places = [r.ranking[seat] for r in results]
        firsts = [r.ranking.count(1) for r in results if r.ranking[seat] == 1]
        wins = sum(1 / k for k in firsts)
        seats.append({
            "seat": seat,
            "name": names[seat],
            "bot": series.bots[seat],
            "wins": round(wins, 6),
            "win_rate": round(wins / len(results), 6) if results else 0.0,
            "outright": sum(1 for k in firsts if k == 1),
            "shared": sum(1 for k in firsts if k > 1),
            "mean_place": round(fmean(places), 6) if places else None,
            "score_mean": round(fmean(scores), 6) if scores else None,
            "score_min": min(scores, default=None),
            "score_max": max(scores, default=None),
            "fallbacks": sum(r.seat_fallbacks(seat) for r in results),
            "games_with_fallbacks": sum(1 for r in results if r.seat_fallbacks(seat)),
        })
    lengths = [r.decisions for r in results]
    return {
        "game": series.game,
        "players": series.players,
        "games": len(results),
        "seed": series.seed,
        "bots": list(series.bots),
        "options": dict(series.options),
        "wins_note": "a first place shared by k seats counts 1/k of a win",
        "fallbacks_note": "fallbacks: moves an external bot's program did not choose, played "
                          "by its fallback bot (greedy), and still counted in the seat's wins "
                          "and scores",
        "seats": seats,
        "length": {
            "mean": round(fmean(lengths), 6) if lengths else None,
            "min": min(lengths, default=None),
            "max": max(lengths, default=None),
        },
        "seconds": round(seconds, 6),
        "games_per_second": len(results) / seconds if seconds > 0 else None,
    }


def series_title(summary: dict[str, Any]) -> str:
    """"el-grande · 4 players · 100 games · seed 7"."""
    return _("{game} · {players} players · {games} games · seed {seed}").format(
        game=summary["game"], players=summary["players"], games=summary["games"],
        seed=summary["seed"])


def summary_tables(summary: dict[str, Any]) -> list[Table]:
    seats = Table(title=safe(series_title(summary)), caption=_(
        "wins: a first place shared by k seats counts 1/k; shared: how many of those first "
        "places were shared"))
    for name, justify in ((N_("Seat"), "left"), (N_("Bot"), "left"), (N_("Wins"), "right"),
                          (N_("Win %"), "right"), (N_("Shared"), "right"),
                          (N_("Mean place"), "right"), (N_("Mean score"), "right"),
                          (N_("Min"), "right"), (N_("Max"), "right")):
        seats.add_column(_(name), justify=justify)  # type: ignore[arg-type]
    labels, notes = bot_labels([safe(s["bot"]) for s in summary["seats"]])
    for s in summary["seats"]:
        if missed := s.get("fallbacks", 0):
            notes.append(ngettext(
                "{seat} ({bot}): {n} move not chosen by its program (the fallback bot played "
                "it), in {games} of the games; the seat's results include them",
                "{seat} ({bot}): {n} moves not chosen by its program (the fallback bot played "
                "them), in {games} of the games; the seat's results include them",
                missed).format(seat=safe(s["name"]), bot=safe(s["bot"]), n=missed,
                               games=s["games_with_fallbacks"]))
    if notes:
        seats.caption = "\n".join([str(seats.caption), *notes])
        seats.caption_justify = "left"
    for s, label in zip(summary["seats"], labels, strict=True):
        seats.add_row(
            safe(s["name"]), label, wins_cell(s["wins"]), f"{100 * s['win_rate']:.1f}",
            str(s["shared"]), _num(s["mean_place"], 2), _num(s["score_mean"], 1),
            str(s["score_min"]), str(s["score_max"]),
        )
    length = summary["length"]
    overall = Table(title=_("Games"))
    for name in (N_("Decisions per game (mean)"), N_("min"), N_("max"), N_("Seconds"),
                 N_("Games per second")):
        overall.add_column(_(name), justify="right")
    overall.add_row(_num(length["mean"], 1), str(length["min"]), str(length["max"]),
                    _num(summary["seconds"], 2), _rate(summary["games_per_second"]))
    return [seats, overall]


def _num(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _rate(value: float | None) -> str:
    """Searching bots play well under one game a second: keep significant figures there."""
    if value is None:
        return "-"
    return f"{value:,.0f}" if value >= 100 else f"{value:.1f}" if value >= 1 else f"{value:.2g}"


def timed_series(series: Series, games: int, workers: int,
                 on_result: Callable[[GameResult], None] | None = None
                 ) -> tuple[list[GameResult], float]:
    start = time.perf_counter()
    results = run_series(series, games, workers, on_result)
    return results, time.perf_counter() - start


def worker_count(asked: int | None, games: int) -> tuple[int, str | None]:
    """Processes to use, and a note when the request was changed: more processes than cores
    only add overhead, and more than games leave some idle."""
    cores = os.cpu_count() or 1
    if asked is None or asked == 0:
        return max(1, min(cores, games)), None
    if asked > cores:
        return cores, _("--workers {asked} is more than the {cores} cores here; using {cores}"
                        ).format(asked=asked, cores=cores)
    return max(1, min(asked, games)), None


class ProgressLines:
    """Progress for logs and pipes, where a live bar would be noise: one plain line every
    tenth of the run (and at least every ``every`` seconds), with an estimate of what is left."""

    def __init__(self, write: Callable[[str], None], total: int, every: float = 30.0,
                 clock: Callable[[], float] = time.monotonic, done: int = 0) -> None:
        self.write, self.total, self.every, self.clock = write, total, every, clock
        self.start = clock()
        self.done = self.before = done  # games done before this run (resumed): no time spent
        self.last_shown = self.start
        self.step = max(1, total // 10)

    def advance(self) -> None:
        self.done += 1
        now = self.clock()
        if self.done % self.step and self.done != self.total and now - self.last_shown < self.every:
            return
        self.last_shown = now
        elapsed = now - self.start
        left = elapsed / (self.done - self.before) * (self.total - self.done)
        if self.done == self.total:
            self.write(_("{done}/{total} games, {elapsed} elapsed").format(
                done=self.done, total=self.total, elapsed=duration(elapsed)))
        else:
            self.write(_("{done}/{total} games, {elapsed} elapsed, about {left} left").format(
                done=self.done, total=self.total, elapsed=duration(elapsed),
                left=duration(left)))


def estimate_line(first_game_seconds: float, games: int, workers: int) -> str | None:
    """A word up front when a run will be long (searching bots play a game in minutes)."""
    total = first_game_seconds * games / max(1, min(workers, games))
    if total < LONG_RUN_SECONDS:
        return None
    return _("This run will take about {total} ({games} games, about {each} each, {workers} "
             "worker(s)); Ctrl-C stops it.").format(total=duration(total), games=games,
                                                    each=duration(first_game_seconds),
                                                    workers=workers)


LONG_RUN_SECONDS = 60.0


def duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return _("{s} s").format(s=seconds)
    minutes, sec = divmod(seconds, 60)
    if minutes < 60:
        return _("{m} min {s} s").format(m=minutes, s=f"{sec:02d}")
    hours, minutes = divmod(minutes, 60)
    return _("{h} h {m} min").format(h=hours, m=f"{minutes:02d}")
