"""Game analysis on the web: a finished game's win-chance graph and marked moves.

Computed on demand, in the background (one analysis at a time, in a worker thread like the
bots'), and kept in memory per process (the newest ``KEEP`` games; a restart computes again).
Refused while a game is running: the search samples the hidden parts from each seat's view,
but the marks and the win chances would still tell the other seats what one seat's position
was worth and which moves it missed. Once the game is over, the whole record is public anyway
(the replay page shows it), so every seat is analysed.

Routes: ``GET /api/games/{id}/analysis`` (202 with progress while computing, then the report,
docs/analysis.md), ``GET /watch/{id}/analysis`` (the HTML report) and
``GET /watch/{id}/analysis.svg`` (the graph alone, shown on the replay page).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from html import escape
from typing import Any

from fastapi import APIRouter
from fastapi.responses import HTMLResponse, JSONResponse, Response

from regalia.analysis import Budget, analyse
from regalia.analysis.graph import FONTS, win_chance_svg
from regalia.analysis.html import boards_for, html_report, localized
from regalia.engine.i18n import _, language
from regalia.engine.record import Record
from regalia.server.service import GameService, ServiceError

log = logging.getLogger("regalia.server")

# The web's budget: a quarter of the command line's, so a full game is analysed in a minute or
# two on a server that also runs the bots (regalia analyze gives the stronger verdict).
WEB_ITERATIONS = 150
KEEP = 32  # finished analyses kept per process
SEED = 0

HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}


@dataclass
class Job:
    """One game's analysis: under way (``report`` None) or done."""

    record: Record
    total: int
    done: int = 0
    report: dict[str, Any] | None = None
    error: str | None = None
    # per language: the report worded in it, and its HTML page (made on first request)
    worded: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    html: dict[str, str] = field(default_factory=dict, repr=False)

    def report_in(self, lang: str) -> dict[str, Any]:
        """The finished report, its words in ``lang`` (the language in force)."""
        assert self.report is not None
        found = self.worded.get(lang)
        if found is None:
            found = self.worded[lang] = localized(self.record, self.report)
        return found

    def html_in(self, lang: str) -> str:
        """The report's page in ``lang`` (the language in force)."""
        found = self.html.get(lang)
        if found is None:
            report = self.report_in(lang)
            found = self.html[lang] = html_report(
                report, boards_for(self.record, report),
                boards_for(self.record, report, phone=True))
        return found


class Analyses:
    """The analyses of finished games, computed in the background on first request."""

    def __init__(self, service: GameService, iterations: int = WEB_ITERATIONS) -> None:
        self.service = service
        self.budget = Budget(iterations=iterations)
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="regalia-analysis")
        self.jobs: OrderedDict[str, Job] = OrderedDict()
        self.guard = threading.Lock()
        self.stopping = threading.Event()  # the server is stopping: an analysis under way ends

    def job(self, game_id: str) -> Job:
        """The game's analysis, started if new; :class:`ServiceError` (403) while the game
        is running, 404 for no such game."""
        record = self.service.record(game_id)  # refuses a game that is not over
        with self.guard:
            job = self.jobs.get(game_id)
            if job is not None:
                self.jobs.move_to_end(game_id)
                return job
            job = self.jobs[game_id] = Job(record, record.action_count)
            while len(self.jobs) > KEEP:
                oldest = next(iter(self.jobs))
                if self.jobs[oldest].report is None and self.jobs[oldest].error is None:
                    break  # never drop one under way
                self.jobs.popitem(last=False)
        self.pool.submit(self._run, game_id, job)
        return job

    def _run(self, game_id: str, job: Job) -> None:
        def advance(_: dict[str, Any]) -> None:
            job.done += 1
            if self.stopping.is_set():
                # (a minute's analysis would otherwise hold the process at its exit, which
                # waits for the pool's thread: it ends after the decision being judged)
                raise AnalysisStopped

        try:
            report = analyse(job.record, None, self.budget, SEED, 1, on_judged=advance)
            job.html["en"] = html_report(report, boards_for(job.record, report),
                                         boards_for(job.record, report, phone=True))
            job.report = report
        except AnalysisStopped:
            job.error = _("the server stopped before the analysis was done; ask again")
        except Exception as err:  # a bug must not kill the worker: show it, log it
            log.exception("analysis of game %s failed", game_id)
            job.error = str(err)

    def close(self) -> None:
        self.stopping.set()
        self.pool.shutdown(wait=False, cancel_futures=True)


class AnalysisStopped(Exception):
    """The server is stopping: the analysis under way ends."""


def build_analysis(service: GameService) -> tuple[APIRouter, Analyses]:
    """The analysis routes, and the cache behind them (close it when the app stops)."""
    analyses = Analyses(service)
    router = APIRouter()

    def refused(err: ServiceError) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=err.status, headers=HEADERS)

    @router.get("/api/games/{game_id}/analysis", tags=["analysis"])
    def analysis_json(game_id: str) -> Response:
        """A finished game's analysis (docs/analysis.md); 202 with progress while it is
        computed, 403 while the game is running."""
        try:
            job = analyses.job(game_id)
        except ServiceError as err:
            return refused(err)
        if job.error is not None:
            return JSONResponse({"detail": failed(job.error)}, status_code=500, headers=HEADERS)
        if job.report is None:
            return JSONResponse({"status": "computing", "done": job.done, "total": job.total},
                                status_code=202, headers=HEADERS)
        return JSONResponse(job.report_in(language()), headers=HEADERS)

    @router.get("/watch/{game_id}/analysis", response_class=HTMLResponse,
                include_in_schema=False)
    def analysis_page(game_id: str) -> Response:
        try:
            job = analyses.job(game_id)
        except ServiceError as err:
            return HTMLResponse(_note(_("Analysis refused"), escape(str(err))),
                                status_code=err.status, headers=HEADERS)
        if job.report is not None:
            return HTMLResponse(job.html_in(language()), headers=HEADERS)
        text = failed(job.error) if job.error is not None else \
            _("Computing: {done} of {total} decisions judged.").format(done=job.done,
                                                                       total=job.total)
        # A plain refresh every few seconds: the pages carry no script of their own here.
        return HTMLResponse(_note(_("Analysis"), escape(text), refresh=job.error is None),
                            status_code=500 if job.error else 202, headers=HEADERS)

    @router.get("/watch/{game_id}/analysis.svg", include_in_schema=False)
    def analysis_graph(game_id: str) -> Response:
        try:
            job = analyses.job(game_id)
        except ServiceError as err:
            return Response(status_code=err.status, headers=HEADERS)
        if job.report is None:
            label = escape(failed(job.error) if job.error is not None else
                           _("analysis under way: {done} of {total} decisions (reload)").format(
                               done=job.done, total=job.total))
            return Response(progress_svg(label), status_code=202, media_type="image/svg+xml",
                            headers=HEADERS)
        return Response(win_chance_svg(job.report_in(language())), media_type="image/svg+xml",
                        headers=HEADERS)

    return router, analyses


def progress_svg(label: str) -> str:
    """The graph's place while the analysis is computed: ``label`` (escaped) in two lines of
    a picture a phone's width, so that its words stay 12 px and more on a 360 px screen (900
    units wide, it was shrunk to 5 px there)."""
    words = label.split(" ")
    half = len(label) // 2
    cut, used = len(words), 0
    for i, word in enumerate(words):
        used += len(word) + 1
        if used >= half:
            cut = i + 1
            break
    lines = [" ".join(words[:cut]), " ".join(words[cut:])]
    texts = "".join(f'<text x="6" y="{18 + 18 * i}" font-family="{FONTS}" font-size="13">'
                    f"{line}</text>" for i, line in enumerate(lines) if line)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="360" height="44">{texts}</svg>'


def failed(error: str) -> str:
    return _("the analysis failed: {error}").format(error=error)


def _note(title: str, text: str, refresh: bool = False) -> str:
    meta = '<meta http-equiv="refresh" content="5">' if refresh else ""
    # the viewport line: without it a phone lays the note out 980 px wide and scrolls sideways
    return (f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">{meta}'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title></head><body><h1>{title}</h1><p>{text}</p></body></html>")
