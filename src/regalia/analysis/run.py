"""Analysing a whole record: every decision of the chosen seats judged, in parallel if asked,
and gathered into the report (a JSON-ready dict, schema in docs/analysis.md).

A decision's judgement depends only on the record, the step, the budget and the seed
(:func:`regalia.analysis.judge.decision_seed`), never on which process judged it or in what
order, so the report is the same for any number of workers (with an iteration budget).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from statistics import fmean
from typing import Any

from regalia.analysis.judge import (
    BLUNDER,
    INACCURACY,
    MARKS,
    MISTAKE,
    SEARCH,
    Budget,
    judge,
)
from regalia.engine.errors import InvalidOption, InvalidRecord, RegaliaError
from regalia.engine.i18n import _
from regalia.engine.pools import in_order
from regalia.engine.record import Record, replay
from regalia.engine.registry import get_game
from regalia.engine.state import State

SCHEMA = "regalia-analysis/1"


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to judge decisions of one record on its own."""

    record: dict[str, Any]  # the record's JSON form (pickles small, and replays anywhere)
    budget: Budget
    seed: int


def check_record(record: Record) -> State:
    """The record's final position; :class:`InvalidRecord` (the ``replay`` command's
    error) if it does not replay."""
    return replay(record)


def start_state(record: Record) -> State:
    """The record's setup, its chance outcomes queued (as ``replay`` does). The queue holds
    later draws: that is why judging only ever reads the position through an information set,
    whose samples drop it."""
    info = get_game(record.game)
    chance = [(m["chance"], m["outcome"]) for m in record.moves if "chance" in m]
    try:
        edition = None if record.edition is None else info.load_edition(record.edition["toml"])
        return info.state_class.new(record.players, seed=record.seed, edition=edition,
                                    options=record.options, chance=chance)
    except RegaliaError as err:
        raise InvalidRecord(_("record's setup is invalid: {reason}").format(
            reason=err)) from None


def decisions(record: Record) -> list[tuple[int, int, str]]:
    """Every decision of the record: (step, seat, action notation), step counted from 0."""
    return [(i, m["seat"], m["action"])
            for i, m in enumerate(m for m in record.moves if "chance" not in m)]


class Cursor:
    """The record's positions, walked forward (and started again if asked for an earlier one):
    a worker judges steps in increasing order, so each replays the record about once."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.moves = decisions(record)
        self._reset()

    def _reset(self) -> None:
        self.state = start_state(self.record)
        self.step = 0

    def before(self, step: int) -> State:
        """The position before decision ``step`` (the live cursor: do not change it)."""
        if step < self.step:
            self._reset()
        while self.step < step:
            _step, seat, text = self.moves[self.step]
            self.state.apply(self.state.parse_action(text), seat)
            self.step += 1
        return self.state


_CURSOR: list[tuple[Job, Cursor]] = []  # per process: the record being judged, and where


def judge_step(job: Job, step: int) -> dict[str, Any]:
    """Judge decision ``step`` of the job's record (in whichever process runs this)."""
    # A worker receives a fresh copy of the job with every chunk of steps: compared by value,
    # so that it walks on from where its last chunk left off.
    if not _CURSOR or (_CURSOR[0][0] is not job and _CURSOR[0][0] != job):
        _CURSOR[:] = [(job, Cursor(Record.from_json(job.record)))]
    cursor = _CURSOR[0][1]
    _step, seat, text = cursor.moves[step]
    return judge(cursor.before(step), seat, text, step, job.budget, job.seed)


def parse_seats(text: str | None, players: int, names: Sequence[str],
                english: Sequence[str] = ()) -> list[int]:
    """``--seat``: ``all`` (the default), a seat number from 0, or a seat name (in the
    language shown, or its English name in ``english``, understood in every language)."""
    if text is None or text.strip().lower() == "all":
        return list(range(players))
    text = text.strip()
    if text.isdigit() and int(text) < players:
        return [int(text)]
    for i, name in enumerate(names):
        if text.lower() in (name.lower(), *(e.lower() for e in english[i:i + 1])):
            return [i]
    raise InvalidOption(_("no seat {seat}: give all, 0 to {last}, or a seat name "
                          "({names})").format(seat=repr(text), last=players - 1,
                                              names=", ".join(names)))


def seat_names(record: Record) -> list[str]:
    info = get_game(record.game)
    if info.seat_names is not None:
        return list(info.seat_names(record.players))
    return [_("Player {n}").format(n=i + 1) for i in range(record.players)]


def analyse(record: Record, seats: Sequence[int] | None = None, budget: Budget | None = None,
            seed: int = 0, workers: int = 1,
            on_judged: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """The analysis report of ``record`` for ``seats`` (default: all), as a JSON-ready dict.

    Refuses a record that does not replay (:class:`InvalidRecord`) before any work.
    ``on_judged`` is called with every judgement as it comes (a progress bar)."""
    budget = budget or Budget()
    final = check_record(record)
    chosen = sorted(set(range(record.players) if seats is None else seats))
    if not chosen or not all(0 <= s < record.players for s in chosen):
        raise InvalidOption(_("seats are 0 to {last}, not {seats}").format(
            last=record.players - 1, seats=list(seats or [])))
    steps = [step for step, seat, _text in decisions(record) if seat in chosen]
    job = Job(record.to_dict(), budget, seed)
    judged: list[dict[str, Any]] = []
    for result in _in_order(partial(judge_step, job), steps, workers):
        judged.append(result)
        if on_judged is not None:
            on_judged(result)
    return build_report(record, final, chosen, judged, budget, seed)


def _in_order(work: Callable[[int], dict[str, Any]], steps: Sequence[int],
              workers: int) -> Iterator[dict[str, Any]]:
    """``work(step)`` for every step, in order, on ``workers`` processes."""
    if workers <= 1 or len(steps) <= 1:
        yield from map(work, steps)
        return
    # Contiguous chunks: each worker walks its part of the game forward, replaying little.
    chunk = max(1, min(16, len(steps) // (workers * 4)))
    yield from in_order(work, steps, workers, chunk)


def round_ticks(record: Record) -> list[dict[str, Any]]:
    """Where each round begins (the spectator's view's ``round``), by decision step."""
    cursor = Cursor(record)
    ticks: list[dict[str, Any]] = []
    last: Any = None
    for step in range(len(cursor.moves)):
        value = cursor.before(step).view(None).get("round")
        if value is not None and value != last:
            ticks.append({"step": step, "round": value})
            last = value
    return ticks


def summarise(seat: int, name: str, judged: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A seat's summary: moves judged and forced, average loss, counts by mark, accuracy."""
    mine = [j for j in judged if j["seat"] == seat]
    weighed = [j for j in mine if not j["forced"]]
    counts = {mark: sum(1 for j in weighed if j["mark"] == mark) for mark in MARKS}
    return {
        "seat": seat,
        "name": name,
        "decisions": len(mine),
        "judged": len(weighed),
        "forced": len(mine) - len(weighed),
        "average_loss": round(fmean(j["loss"] for j in weighed), 4) if weighed else None,
        "inaccuracies": counts["inaccuracy"],
        "mistakes": counts["mistake"],
        "blunders": counts["blunder"],
        "accuracy": round(fmean(j["accuracy"] for j in weighed), 2) if weighed else None,
    }


def build_report(record: Record, final: State, seats: Sequence[int],
                 judged: Sequence[dict[str, Any]], budget: Budget,
                 seed: int) -> dict[str, Any]:
    names = seat_names(record)
    info = get_game(record.game)
    return {
        "schema": SCHEMA,
        "game": record.game,
        "title": info.title,
        "rules_version": record.rules_version,
        "players": record.players,
        "options": dict(record.options),
        "seat_names": names,
        "decisions": record.action_count,
        "over": final.is_over(),
        "scores": list(final.scores()) if final.is_over() else None,
        "ranking": list(final.ranking()) if final.is_over() else None,
        "settings": {
            "bot": budget.spec,
            "search": SEARCH,
            "iterations": budget.iterations,
            "think": budget.seconds,
            "seed": seed,
            "seats": list(seats),
        },
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "rounds": round_ticks(record),
        "summary": [summarise(s, names[s], judged) for s in seats],
        "moves": list(judged),
    }
