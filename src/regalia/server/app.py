"""The FastAPI application: the API, the pages, the bots, and the limits on what comes in."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import os
import signal
import sys
import threading
import time
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from regalia.engine import RegaliaError
from regalia.engine.i18n import _
from regalia.server.analysis import build_analysis
from regalia.server.api import Announcer, build_router
from regalia.server.bots import BotRunner
from regalia.server.clocks import Timekeeper
from regalia.server.hints import HINT_BOT, HINT_SPACING, HintDesk
from regalia.server.leases import Leases, OneProcess, SharedLeases, Sweeper
from regalia.server.levels import MAX_BOT_THINK, BotPolicy
from regalia.server.limits import GameAllowance, PerVisitor, VisitorLimits
from regalia.server.notify import Listener
from regalia.server.pages import STATIC, build_pages, refused_page, wants_page
from regalia.server.service import GameService, ServiceError
from regalia.server.store import Checkpointer, open_engine, session_factory
from regalia.server.timing import ServerTiming
from regalia.server.words import Speaking

MAX_BODY = 256 * 1024  # bytes of a request body; an edition's TOML is the largest thing sent
log = logging.getLogger("regalia.server")


class BodyLimit:
    """Refuse a request body over ``limit`` bytes (413) before anything reads it whole: one
    whose declared length is over it at once, one sent in chunks (no length declared) as soon
    as its chunks add up to more. A chunked body is read here, up to the limit, and handed on
    whole: the application never sees part of a body it would have to refuse halfway."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await too_large(scope, receive, send, self.limit)
            return
        if declared is not None:
            await self.app(scope, receive, send)  # (the server holds a body to its length)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await too_large(scope, receive, send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        whole: Message | None = {"type": "http.request", "body": b"".join(chunks),
                                 "more_body": False}

        async def replay() -> Message:
            nonlocal whole
            if whole is not None:
                message, whole = whole, None
                return message
            return await receive()  # (a disconnect, for a stream that waits for one)

        await self.app(scope, replay, send)


async def too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"detail": _("the request body is larger than {limit} bytes").format(
        limit=limit)}, status_code=413)
    await response(scope, receive, send)


def create_app(db_url: str | None = None, *, bots: bool = True,
               bot_workers: int = 2, clocks: bool = True,
               hint_bot: str | None = HINT_BOT, hint_spacing: float = HINT_SPACING,
               timing: bool = False, max_bot_think: float = MAX_BOT_THINK,
               limits: VisitorLimits | None = None, freeze_heap: bool = False) -> FastAPI:
    """The web application over the database at ``db_url`` (default: the user's data dir).

    ``bots=False`` leaves bot seats unplayed and ``clocks=False`` lets late seats be (for
    tests that move them by hand); ``hint_bot`` is the bot spec behind the hint button (None:
    no hints); ``max_bot_think`` caps a seat's bot (:mod:`regalia.server.levels`); ``limits``
    are the per-visitor limits (None: none, :mod:`regalia.server.limits`); ``freeze_heap``
    leaves the objects of the started server out of the garbage collector's full collections
    (:func:`freeze_heap`: for ``regalia serve``, one application a process)."""
    engine = open_engine(db_url)
    shared = engine.dialect.name == "postgresql"  # several processes may serve its games
    announcer = Announcer()
    service = GameService(session_factory(engine), announcer.changed, notify=shared)
    service.check_bot = BotPolicy(max_bot_think).check
    runner: BotRunner | None = None

    def kick(game_id: str) -> None:
        if runner is not None:
            runner.kick(game_id)

    def moved_elsewhere(note: str) -> None:
        # "GAME" for a move, "GAME:seat" for a seat handed to a bot or taken back
        game_id, _sep, what = note.partition(":")
        service.changed(game_id)  # live updates of this process's players
        if what == "seat" and runner is not None:
            runner.cancel(game_id)  # its search here is for a bot that may sit no more
        kick(game_id)

    listener = Listener(engine, moved_elsewhere) if shared else None
    # a game's bots move in one process: the one holding its lease (regalia.server.leases)
    leases: Leases = SharedLeases(engine) if shared else OneProcess()
    sweeper = Sweeper(leases, kick) if shared and bots else None
    checkpointer = Checkpointer(engine) if Checkpointer.wanted(engine) else None
    hints = HintDesk(service, hint_bot, hint_spacing) if hint_bot is not None else None
    # a late person is moved for in one process too: the one holding the game's lease
    timekeeper = Timekeeper(service, after_move=kick, leases=leases) \
        if clocks and bots else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        nonlocal runner
        announcer.loop = asyncio.get_running_loop()
        if bots:
            runner = app.state.runner = BotRunner(service, bot_workers, leases)
            service.on_bots_changed = runner.cancel
        if listener is not None:
            listener.start()
        if checkpointer is not None:
            checkpointer.start()
        if timekeeper is not None:
            timekeeper.start()
        if sweeper is not None:
            sweeper.start()
        for game_id in service.games_with_bots():  # a restart: the bots go on where they were
            kick(game_id)
        if freeze_heap:
            freeze_started_heap()
        yield
        # Stopping takes a few seconds at most: the searches under way are cancelled (their
        # moves dropped; every acknowledged move is committed) and nothing waits on them.
        if runner is not None:
            runner.close()
        if sweeper is not None:
            sweeper.stop()
        leases.close()  # (the other processes take this one's games over)
        if listener is not None:
            listener.stop()
        if checkpointer is not None:
            checkpointer.stop()
        if timekeeper is not None:
            timekeeper.stop()
        analyses.close()
        if hints is not None:
            hints.close()
        engine.dispose()

    # No /docs or /redoc pages: FastAPI's load their scripts from a CDN, and nothing here is
    # fetched from outside; /openapi.json is the document.
    app = FastAPI(title="Regalia", version="1", lifespan=lifespan, docs_url=None, redoc_url=None,
                  description="Play Regalia's court-intrigue board games online: create a "
                  "game, hand out seat links, and play by the seat tokens they carry "
                  "(header X-Seat-Token).")
    app.state.service = service
    app.state.announcer = announcer
    app.state.runner = None  # the bots' runner, once started
    app.state.hints = hints
    app.state.leases = leases
    app.state.timekeeper = timekeeper

    @app.exception_handler(ServiceError)
    async def refused(request: Request, err: ServiceError) -> Response:
        return JSONResponse({"detail": str(err)}, status_code=err.status)

    @app.exception_handler(RegaliaError)
    async def bad_input(request: Request, err: RegaliaError) -> Response:
        # Bad options, player counts, unknown games, malformed editions (400); a bot this
        # server does not seat (levels.BotRefused: 422).
        return JSONResponse({"detail": str(err)}, status_code=getattr(err, "status", 400))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, err: RequestValidationError) -> Response:
        problems = "; ".join(problem(e) for e in err.errors()[:5])
        detail = _("malformed request: {problems}").format(problems=problems)
        if wants_page(request):  # a hand-edited address ("?step=last") in a browser
            return refused_page(request, detail, 422)
        return JSONResponse({"detail": detail}, status_code=422)

    app.include_router(build_router(service, kick, hints))
    app.include_router(build_pages(service, announcer, hints is not None))
    analysis_routes, analyses = build_analysis(service)
    app.include_router(analysis_routes)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    wrapped: Any = app
    wrapped.add_middleware(BodyLimit)
    if limits is not None:
        # before the body is even read; new games counted in the database (every process's)
        wrapped.add_middleware(PerVisitor, limits=limits, games=GameAllowance(
            service.sessions, limits.games_per_hour, writing=service.writing))
    wrapped.add_middleware(Speaking)  # outside the limits: their refusals speak the reader's
    if timing:
        wrapped.add_middleware(ServerTiming)
    return app


def problem(error: Mapping[str, Any]) -> str:
    """One of a request's validation errors, in the reader's language where it is one a person
    meets by typing an address or filling a form (Pydantic words the rest in English)."""
    field = ".".join(str(p) for p in error.get("loc", ()))
    kind = error.get("type")
    if kind in ("int_parsing", "int_from_float", "int_type"):
        return _("{field}: not a whole number").format(field=field)
    if kind == "missing":
        return _("{field}: missing").format(field=field)
    return f"{field}: {error.get('msg')}"


def app_from_env() -> FastAPI:
    """The app for ``regalia serve`` (each Uvicorn worker builds its own), set up from the
    environment ``regalia.cli.serve`` leaves: the database URL, the bots' cap, the
    per-visitor limits, and (a worker of several) the pid of the server to follow out."""
    env = os.environ
    if env.get("REGALIA_LOG_LEVEL"):
        log_to_stderr(env["REGALIA_LOG_LEVEL"])
    parent = env.get("REGALIA_PARENT")
    if parent and parent.isdigit():
        follow_parent(int(parent))
    games, _sep, requests = env.get("REGALIA_LIMITS", "").partition(",")
    limits = VisitorLimits(int(games), int(requests)) \
        if games.isdigit() and requests.isdigit() else None
    return create_app(env.get("REGALIA_DB"),
                      timing=env.get("REGALIA_SERVER_TIMING") == "1",
                      max_bot_think=float(env.get("REGALIA_MAX_BOT_THINK") or MAX_BOT_THINK),
                      limits=limits, freeze_heap=True)


def log_to_stderr(level: str) -> None:
    """Write the server's own log lines (``regalia.server``: bots, leases, clocks) from
    ``level`` up to the standard error, each with its process id (``REGALIA_LOG_LEVEL=debug``
    adds a line per bot decision thought: docs/web.md)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(levelname)s [%(process)d] %(name)s: %(message)s"))
    log.addHandler(handler)
    log.setLevel(level.upper())


def freeze_started_heap() -> None:
    """Move every object of the started server (modules, the games' rules and editions, the
    application: some 95,000) to the collector's permanent generation, after a collection.

    A full collection walks every object the collector tracks, holding the interpreter lock,
    so every request waits for it: over the started server's heap and 200 games' states it
    took 115 ms of CPU, once every few hundred moves: the slowest 1% of moves
    (benchmarks/README.md, "the tail was the garbage collector"). Objects made later are
    collected as before; a frozen one no longer used is freed by its reference count (only a
    cycle among frozen objects would stay, and the started server makes none it drops)."""
    gc.collect()
    gc.freeze()


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies (Linux)


def follow_parent(parent: int, interval: float = 0.5) -> None:
    """Stop this worker process when ``parent`` (the ``regalia serve`` that started it) is
    gone, even killed with ``kill -9``: an orphaned worker would keep the port, and a restart
    could not bind it (Errno 98). The kernel is asked to send SIGTERM on the parent's death
    (Linux), and a thread watches the parent's pid too (elsewhere, and in case the request
    came late); SIGTERM is Uvicorn's graceful stop: the listening socket is closed first,
    searches are cancelled, and a few seconds later the process is gone, or is ended."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        log.warning("the server process %s is gone: this worker stops", parent)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(10)  # Uvicorn's graceful stop takes a few; past that, end it
        os._exit(1)

    threading.Thread(target=watch, name="regalia-parent", daemon=True).start()
