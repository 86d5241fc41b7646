"""The FastAPI application: the API, the pages, the bots, and the limits on what comes in."""

from __future__ import annotations

import asyncio
import logging
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
from regalia.server.notify import Listener
from regalia.server.pages import STATIC, build_pages, refused_page, wants_page
from regalia.server.service import GameService, ServiceError
from regalia.server.store import open_engine, session_factory
from regalia.server.words import Speaking

MAX_BODY = 256 * 1024  # bytes of a request body; an edition's TOML is the largest thing sent
log = logging.getLogger("regalia.server")


class BodyLimit:
    """Refuse a request body over ``limit`` bytes (413) before anything reads it whole."""

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
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except BodyTooLarge:
            await too_large(scope, receive, send, self.limit)


class BodyTooLarge(Exception):
    pass


async def too_large(scope: Scope, receive: Receive, send: Send, limit: int) -> None:
    response = JSONResponse({"detail": _("the request body is larger than {limit} bytes").format(
        limit=limit)}, status_code=413)
    await response(scope, receive, send)


class ServerTiming:
    """Adds a ``Server-Timing: app;dur=MS`` header to every HTTP answer: the time from the
    request reaching the application to its answer starting (the W3C header browsers' tools
    show). ``benchmarks/web_load.py`` reads it to tell the server's own latency from its
    clients' (which share the machine). Off unless asked (``REGALIA_SERVER_TIMING=1``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = 1000.0 * (time.perf_counter() - started)
                headers = [*message.get("headers", ()),
                           (b"server-timing", f"app;dur={took:.2f}".encode())]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, timed)


def create_app(db_url: str | None = None, *, bots: bool = True,
               bot_workers: int = 2, clocks: bool = True,
               hint_bot: str | None = HINT_BOT, hint_spacing: float = HINT_SPACING,
               timing: bool = False) -> FastAPI:
    """The web application over the database at ``db_url`` (default: the user's data dir).

    ``bots=False`` leaves bot seats unplayed and ``clocks=False`` lets late seats be (for
    tests that move them by hand); ``hint_bot`` is the bot spec behind the hint button (None:
    no hints)."""
    engine = open_engine(db_url)
    shared = engine.dialect.name == "postgresql"  # several processes may serve its games
    announcer = Announcer()
    service = GameService(session_factory(engine), announcer.changed, notify=shared)
    runner = BotRunner(service, bot_workers) if bots else None

    def kick(game_id: str) -> None:
        if runner is not None:
            runner.kick(game_id)

    def moved_elsewhere(game_id: str) -> None:
        service.changed(game_id)  # live updates of this process's players
        kick(game_id)

    listener = Listener(engine, moved_elsewhere) if shared else None
    hints = HintDesk(service, hint_bot, hint_spacing) if hint_bot is not None else None
    timekeeper = Timekeeper(service, after_move=kick) if clocks and bots else None

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        announcer.loop = asyncio.get_running_loop()
        if listener is not None:
            listener.start()
        if timekeeper is not None:
            timekeeper.start()
        for game_id in service.games_with_bots():  # a restart: the bots go on where they were
            kick(game_id)
        yield
        if listener is not None:
            listener.stop()
        if timekeeper is not None:
            timekeeper.stop()
        if runner is not None:
            runner.close()
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
    app.state.runner = runner
    app.state.hints = hints

    @app.exception_handler(ServiceError)
    async def refused(request: Request, err: ServiceError) -> Response:
        return JSONResponse({"detail": str(err)}, status_code=err.status)

    @app.exception_handler(RegaliaError)
    async def bad_input(request: Request, err: RegaliaError) -> Response:
        # Bad options, player counts, unknown games and bots, malformed editions.
        return JSONResponse({"detail": str(err)}, status_code=400)

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
    wrapped.add_middleware(Speaking)  # outside BodyLimit: its refusal speaks the reader's too
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
    """The app for ``regalia serve`` (each Uvicorn worker builds its own): the database URL
    comes in ``REGALIA_DB``."""
    import os

    return create_app(os.environ.get("REGALIA_DB"),
                      timing=os.environ.get("REGALIA_SERVER_TIMING") == "1")
