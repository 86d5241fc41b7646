"""Tournaments: bots against each other over every seat rotation, with win rates, intervals,
mean places and scores, and ratings.

The bots listed are laid round the table in their order, the list repeated when it is shorter
than the table; a bot listed several times (``greedy,random,random,random``) is one *entrant*
holding several seats. A *rotation* turns that line-up one seat on. Every deal (one game
seed) is played once per rotation, so each entrant meets the same cards from every seat and
no seat's advantage favours anyone. Game ``i`` is rotation ``i % N`` of deal ``i // N`` (N the
player count); its seed depends on the base seed and the deal alone, so the results are the
same whatever the number of workers (unless bots think by the clock: ``think=``).

A long tournament can be split and spread over sittings: with a records folder, ``--resume``
reads the games whose record is already there (checked to belong to this tournament) instead
of playing them again, ``--shard K/N`` plays only the deals ``d`` with ``d % N == K - 1``, and
``--no-play`` only reads. Results are merged in index order, so a tournament cut short and
resumed, or played in shards and combined, gives the standings of one uninterrupted run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from statistics import fmean
from typing import Any

from rich.table import Table

from regalia.bots import InformationSet, make_bot
from regalia.bots.base import close_bots
from regalia.cli.bot_labels import bot_labels, wins_cell
from regalia.cli.console import safe
from regalia.cli.ratings import rate_games, wilson_interval
from regalia.cli.simulate import (
    MAX_DECISIONS,
    Series,
    numbered_results,
    record_path,
    series_title,
)
from regalia.engine.errors import InvalidOption, InvalidRecord, RegaliaError
from regalia.engine.files import write_atomic
from regalia.engine.i18n import N_, _, ngettext
from regalia.engine.record import Record, replay
from regalia.engine.seeds import bot_seed


@dataclass(frozen=True)
class Tournament:
    """What to play: everything a worker needs to play game ``i`` on its own."""

    game: str
    players: int
    listed: tuple[str, ...]  # bot specs round the table from seat 0, repeats allowed
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    edition: str | None = None
    records: str | None = None
    overwrite: bool = False
    on_failure: str = "forfeit"  # what an external bot's failure costs its seat

    def __post_init__(self) -> None:
        if not self.listed:
            raise InvalidOption(_("name at least one bot (--bots)"))
        if len(self.listed) > self.players:
            raise InvalidOption(_("{listed} bots listed for {players} seats; list at most one "
                                  "bot per seat").format(listed=len(self.listed),
                                                         players=self.players))

    @property
    def entrants(self) -> tuple[str, ...]:
        """The different bots, in the order first listed."""
        return tuple(dict.fromkeys(self.listed))

    @property
    def rotations(self) -> int:
        return self.players

    def lineup(self, index: int) -> tuple[int, ...]:
        """The entrant (its position in ``entrants``) in each seat of game ``index``."""
        turn = index % self.rotations
        entrants, listed, players = self.entrants, self.listed, self.players
        return tuple(entrants.index(listed[((seat + turn) % players) % len(listed)])
                     for seat in range(players))

    def series(self, index: int) -> Series:
        """The deal of game ``index`` (the rotation's seats filled in)."""
        specs = tuple(self.entrants[e] for e in self.lineup(index))
        return Series(game=self.game, players=self.players, bots=specs, seed=self.seed,
                      options=self.options, edition=self.edition)


@dataclass(frozen=True)
class MatchResult:
    index: int
    seed: int
    lineup: tuple[int, ...]
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    decisions: int
    # Per seat: moves an external program did not choose, and whether it forfeited the seat.
    fallbacks: tuple[int, ...] = ()
    forfeited: tuple[bool, ...] = ()

    def seat_fallbacks(self, seat: int) -> int:
        return self.fallbacks[seat] if seat < len(self.fallbacks) else 0

    def seat_forfeited(self, seat: int) -> bool:
        return self.forfeited[seat] if seat < len(self.forfeited) else False


def games_for(asked: int, players: int) -> int:
    """Games rounded up to whole rotations (every seat rotation played equally often)."""
    return -(-asked // players) * players


def play_match(t: Tournament, index: int) -> MatchResult:
    series = t.series(index)
    state = series.new_state(index // t.rotations)
    bots = [make_bot(spec, bot_seed(state.seed, seat), on_failure=t.on_failure)
            for seat, spec in enumerate(series.bots)]
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
    lineup = t.lineup(index)
    fallbacks = tuple(int(getattr(bot, "fallbacks", 0)) for bot in bots)
    forfeited = tuple(bool(getattr(bot, "forfeited", False)) for bot in bots)
    if t.records is not None:
        failed = {"fallbacks": list(fallbacks), "forfeited": list(forfeited)} \
            if any(fallbacks) else {}
        record = state.record(bots=list(series.bots), tournament_seed=t.seed, index=index,
                              **failed)
        write_atomic(record_path(t.records, index), record.to_json(indent=1) + "\n",
                     overwrite=t.overwrite)
    return MatchResult(index, state.seed, lineup, state.scores(), state.ranking(), decisions,
                       fallbacks, forfeited)


def run(t: Tournament, games: int | Sequence[int], workers: int = 1,
        on_result: Callable[[MatchResult], None] | None = None) -> list[MatchResult]:
    """Games ``0 .. games - 1`` (or the games numbered in ``games``), in that order, on
    ``workers`` processes."""
    todo = tuple(range(games)) if isinstance(games, int) else tuple(games)
    results = []
    for result in _results(t, todo, workers):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return results


def _results(t: Tournament, todo: tuple[int, ...], workers: int) -> Iterator[MatchResult]:
    # One game a chunk: tournament games are long, and the progress bar moves with each.
    return numbered_results(partial(_play_nth, t, todo), len(todo), workers, chunksize=1)


def _play_nth(t: Tournament, todo: tuple[int, ...], k: int) -> MatchResult:
    return play_match(t, todo[k])


# ------------------------------------------------------------------ shards and resuming
def parse_shard(text: str) -> tuple[int, int]:
    """``"2/3"`` -> ``(2, 3)``: the second of three shards (K from 1 to N)."""
    match = re.fullmatch(r"\s*(\d{1,9})\s*/\s*(\d{1,9})\s*", text)
    if match is None:
        raise InvalidOption(_("--shard takes K/N, shard K of N (for example 1/2), not "
                              "{value}").format(value=repr(text)))
    k, n = int(match[1]), int(match[2])
    if not 1 <= k <= n:
        raise InvalidOption(_("--shard {value}: K must be from 1 to N (the shards of {n} are "
                              "1/{n} to {n}/{n})").format(value=text.strip(), n=max(n, 1)))
    return k, n


def shard_games(t: Tournament, games: int, shard: tuple[int, int] | None) -> list[int]:
    """The games a run answers for: all ``games``, or the whole deals of one shard (deal
    ``d`` belongs to shard ``d % N + 1``), so a shard plays every rotation of its deals."""
    if shard is None:
        return list(range(games))
    k, n = shard
    deals = games // t.rotations
    if n > deals:
        raise InvalidOption(_("--shard {k}/{n}: {games} games are {deals} deals, so there can "
                              "be at most {deals} shards").format(k=k, n=n, games=games,
                                                                  deals=deals))
    return [i for i in range(games) if (i // t.rotations) % n == k - 1]


def read_records(t: Tournament, indices: Sequence[int]) -> dict[int, MatchResult]:
    """The results of the games among ``indices`` whose record is in the records folder,
    each checked to belong to this tournament (else :class:`InvalidRecord` naming the file)."""
    found: dict[int, MatchResult] = {}
    if t.records is None:
        return found
    for index in indices:
        path = record_path(t.records, index)
        if path.exists():
            found[index] = read_match(t, index, path)
    return found


def read_match(t: Tournament, index: int, path: Path) -> MatchResult:
    """Game ``index``'s result from its record at ``path``, after checking that the record is
    that game of this tournament and replays to the result it gives."""
    try:
        record = Record.load(path)
        reason = _foreign(t, index, record)
        state = None
        if reason is None:
            try:
                state = replay(record)
            except RegaliaError as err:
                reason = _("it does not replay: {reason}").format(reason=err)
    except RegaliaError as err:
        reason = str(err)
    if reason is not None or state is None:
        raise InvalidRecord(_("{file} is not game {index} of this tournament: {reason}. Nothing "
                              "was played or written; move the file away, or name another "
                              "--records folder.").format(file=path, index=index, reason=reason))
    return MatchResult(index, state.seed, t.lineup(index), state.scores(), state.ranking(),
                       record.action_count, *_failures(record.meta, t.players))


def _failures(meta: dict[str, Any], players: int) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """The per-seat fallbacks and forfeits a record's meta carries (none if it carries none,
    or something else than one count and one flag per seat)."""
    fallbacks, forfeited = meta.get("fallbacks"), meta.get("forfeited")
    if not (isinstance(fallbacks, list) and isinstance(forfeited, list)
            and len(fallbacks) == len(forfeited) == players
            and all(type(n) is int and 0 <= n <= MAX_DECISIONS for n in fallbacks)
            and all(type(f) is bool for f in forfeited)):
        return (), ()
    return tuple(fallbacks), tuple(forfeited)


def _foreign(t: Tournament, index: int, record: Record) -> str | None:
    """Why ``record`` is not game ``index`` of ``t`` (None when it is)."""
    if record.game != t.game:
        return _("it is a game of {found}, not {expected}").format(found=record.game,
                                                                   expected=t.game)
    if record.players != t.players:
        return _("it has {found} players, not {expected}").format(found=record.players,
                                                                  expected=t.players)
    if "tournament_seed" not in record.meta:
        return _("it was not written by a tournament (its meta has no tournament_seed)")
    if record.meta.get("tournament_seed") != t.seed:
        return _("its tournament seed is {found}, not {expected}").format(
            found=record.meta.get("tournament_seed"), expected=t.seed)
    if record.meta.get("index") != index:
        return _("it is game {found} of its tournament, not {expected}").format(
            found=record.meta.get("index"), expected=index)
    series = t.series(index)
    if record.meta.get("bots") != list(series.bots):
        return _("its seats hold {found}, not {expected}").format(
            found=_listing(record.meta.get("bots")), expected=_listing(series.bots))
    expected = series.new_state(index // t.rotations)
    info = expected.info()
    if record.rules_version != info.rules_version:
        return _("it was played under rules version {found}, not {expected}").format(
            found=record.rules_version, expected=info.rules_version)
    if record.seed != expected.seed:
        return _("its deal has seed {found}, not {expected}").format(found=record.seed,
                                                                     expected=expected.seed)
    if _canonical(record.options) != _canonical(dict(expected.options)):
        return _("its options are {found}, not {expected}").format(
            found=_canonical(record.options), expected=_canonical(dict(expected.options)))
    if _canonical(record.edition) != _canonical(expected.edition.record_entry()):
        return _("it was played with another edition of the game's components")
    if record.result is None:
        return _("it holds no result (its game did not finish)")
    return None


def _listing(bots: Any) -> str:
    return ",".join(map(str, bots)) if isinstance(bots, list | tuple) else repr(bots)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def standings(t: Tournament, results: Sequence[MatchResult], seconds: float,
              rate: bool = True, sitting: dict[str, Any] | None = None) -> dict[str, Any]:
    """Per entrant: seats played, wins (a first place shared by k counts 1/k), win rate and its
    95% Wilson interval, mean place and score, rating; JSON-ready. ``results`` are rated in
    the order given (index order). ``sitting`` (how many games were asked, read, played)
    goes in after ``games``."""
    n = len(t.entrants)
    wins = [0.0] * n
    seats = [0] * n
    places: list[list[int]] = [[] for _ in range(n)]
    scores: list[list[int]] = [[] for _ in range(n)]
    fallbacks = [0] * n
    lost = [0] * n  # seats forfeited: reported apart, not in the entrant's figures
    lost_wins = [0.0] * n
    for r in results:
        firsts = r.ranking.count(1)
        for seat, e in enumerate(r.lineup):
            fallbacks[e] += r.seat_fallbacks(seat)
            won = 1 / firsts if r.ranking[seat] == 1 else 0.0
            if r.seat_forfeited(seat):
                lost[e] += 1
                lost_wins[e] += won
                continue
            seats[e] += 1
            places[e].append(r.ranking[seat])
            scores[e].append(r.scores[seat])
            wins[e] += won
    # A game with a forfeited seat says nothing of how the entrants play: it is not rated.
    rated = [r for r in results if not any(r.forfeited)]
    ratings = rate_games(n, [(r.lineup, r.ranking) for r in rated]) \
        if rate and rated else None
    rows = []
    for e, spec in enumerate(t.entrants):
        lo, hi = wilson_interval(wins[e], seats[e])
        row: dict[str, Any] = {
            "bot": spec,
            "seats": seats[e],
            "wins": round(wins[e], 6),
            "win_rate": round(wins[e] / seats[e], 6) if seats[e] else None,
            "win_rate_95": [round(lo, 6), round(hi, 6)],
            "fair_share": round(1 / t.players, 6),
            "mean_place": round(fmean(places[e]), 6) if places[e] else None,
            "mean_score": round(fmean(scores[e]), 6) if scores[e] else None,
            "rating": None,
            "fallbacks": fallbacks[e],
            "forfeited": {"seats": lost[e], "wins": round(lost_wins[e], 6)},
        }
        if ratings is not None:
            row["rating"] = {"mu": round(ratings[e].mu, 4), "sigma": round(ratings[e].sigma, 4),
                             "ordinal": round(ratings[e].ordinal, 4)}
        rows.append(row)
    return {
        "game": t.game,
        "players": t.players,
        "games": len(results),
        **(sitting or {}),
        "rotations": t.rotations,
        "seed": t.seed,
        "options": dict(t.options),
        # Named whenever ratings are on, also for a table of no games yet (--no-play).
        "rating_model": "openskill plackett-luce (mu 25, sigma 25/3)" if rate else None,
        "listed": list(t.listed),
        "wins_note": "a first place shared by k seats counts 1/k of a win; a bot holding "
                     "several seats of a game counts each seat",
        "on_bot_failure": t.on_failure,
        "failures_note": "fallbacks: moves an external bot's program did not choose; a seat "
                         "forfeited (its program failed, under on_bot_failure forfeit) is "
                         "counted under forfeited, not in the bot's seats, wins, places and "
                         "scores, and a game with a forfeited seat is not rated",
        "rated_games": len(rated) if ratings is not None else 0,
        "bots": rows,
        "seconds": round(seconds, 6),
    }


def standings_table(summary: dict[str, Any]) -> Table:
    rating = (_("rating: OpenSkill mu ± sigma") if summary["rating_model"] else
              _("ratings need the openskill package (pip install 'regalia[tournament]')"))
    table = Table(title=safe(series_title(summary)), caption=_(
        "fair share {share}%; place and score are means; {rating}").format(
            share=f"{100 / summary['players']:.1f}", rating=safe(rating)))
    # Short headers and unwrapped figures, so the table reads whole at 80 columns (an
    # interval or a rating broken over two lines is easy to misread).
    table.add_column(_("Bot"), overflow="fold", min_width=6)
    for name in (N_("Seats"), N_("Wins"), N_("Win %"), N_("95% interval"), N_("Place"),
                 N_("Score"), N_("Rating")):
        table.add_column(_(name), justify="right", no_wrap=True)
    ranked = sorted(summary["bots"], key=lambda b: -(b["rating"] or {}).get("mu", b["wins"]))
    labels, notes = bot_labels([safe(b["bot"]) for b in ranked])
    for i, b in enumerate(ranked):
        missed, lost = b.get("fallbacks", 0), b.get("forfeited", {}).get("seats", 0)
        if lost:
            labels[i] += " †"
            notes.append(ngettext(
                "† {bot}: {n} seat forfeited (its program failed; random moves played it), "
                "counted apart: {wins} wins there; {moves} moves not chosen by its program",
                "† {bot}: {n} seats forfeited (its program failed; random moves played them), "
                "counted apart: {wins} wins there; {moves} moves not chosen by its program",
                lost).format(bot=safe(b["bot"]), n=lost, wins=wins_cell(b["forfeited"]["wins"]),
                             moves=missed))
        elif missed:
            notes.append(ngettext("{bot}: {n} move not chosen by its program (the fallback "
                                  "bot played it)",
                                  "{bot}: {n} moves not chosen by its program (the fallback "
                                  "bot played them)", missed).format(bot=safe(b["bot"]),
                                                                     n=missed))
    if notes:
        table.caption = "\n".join([str(table.caption), *notes])
        table.caption_justify = "left"
    for b, label in zip(ranked, labels, strict=True):
        lo, hi = b["win_rate_95"]
        rate = "-" if b["win_rate"] is None else f"{100 * b['win_rate']:.1f}"
        rating = "-" if b["rating"] is None else \
            f"{b['rating']['mu']:.1f} ± {b['rating']['sigma']:.1f}"
        table.add_row(label, str(b["seats"]), wins_cell(b["wins"]), rate,
                      f"{100 * lo:.1f}–{100 * hi:.1f}",
                      "-" if b["mean_place"] is None else f"{b['mean_place']:.2f}",
                      "-" if b["mean_score"] is None else f"{b['mean_score']:.1f}", rating)
    return table


def ratings_svg(summary: dict[str, Any]) -> str:
    """A chart of the ratings, mu with a ±2 sigma bar per bot, as SVG text."""
    bots = [b for b in summary["bots"] if b["rating"] is not None]
    if not bots:
        raise RegaliaError(_("no ratings to draw (they need the openskill package)"))
    bots.sort(key=lambda b: -b["rating"]["mu"])
    lows = [b["rating"]["mu"] - 2 * b["rating"]["sigma"] for b in bots]
    highs = [b["rating"]["mu"] + 2 * b["rating"]["sigma"] for b in bots]
    lo, hi = min(lows), max(highs)
    span = hi - lo or 1.0
    left, width, row = 180, 400, 28
    height = 50 + row * len(bots)

    def x(value: float) -> float:
        return left + (value - lo) / span * width

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 40}" '
             f'height="{height}" font-family="{FONTS}" font-size="13">',
             '<text x="10" y="20" font-weight="bold">' + _xml(_(
                 "{game}, {players} players, {games} games: rating (mu ± 2 sigma)").format(
                     game=summary["game"], players=summary["players"],
                     games=summary["games"])) + '</text>']
    for i, (b, low, high) in enumerate(zip(bots, lows, highs, strict=True)):
        y = 45 + i * row
        mu = b["rating"]["mu"]
        parts.append(f'<text x="10" y="{y + 4}">{_xml(b["bot"])}</text>')
        parts.append(f'<line x1="{x(low):.1f}" y1="{y}" x2="{x(high):.1f}" y2="{y}" '
                     'stroke="#555" stroke-width="2"/>')
        parts.append(f'<circle cx="{x(mu):.1f}" cy="{y}" r="5" fill="#b22"/>')
        parts.append(f'<text x="{x(high) + 6:.1f}" y="{y + 4}" fill="#555">{mu:.1f}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# A Latin font first, then fonts that carry Chinese (the chart's title is translated).
FONTS = ("Helvetica,Arial,'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei',"
         "'Microsoft YaHei',sans-serif")


def _xml(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def check_records(t: Tournament, games: int | Sequence[int]) -> None:
    """Refuse now what would fail in every game: a records folder that cannot be written, or
    one that holds records of the games to play (unless they may be replaced)."""
    if t.records is None:
        return
    from regalia.cli.simulate import check_series, refuse_taken

    todo = range(games) if isinstance(games, int) else games
    check_series(Series(game=t.game, players=t.players, bots=tuple(
        t.entrants[e] for e in t.lineup(0)), seed=t.seed, options=t.options,
        edition=t.edition, records=t.records, overwrite=True), 0)
    if not t.overwrite:
        refuse_taken(Path(t.records), [record_path(t.records, i) for i in todo])


def write_chart(path: Path, summary: dict[str, Any], overwrite: bool) -> None:
    write_atomic(path, ratings_svg(summary), overwrite=overwrite)
