"""Per-visitor limits: how many requests, and how many new games, one address may make.

Anyone who can reach the server can create games, and each game is rows in the database and
perhaps bots thinking: without a limit one visitor could fill the disk or keep every bot
thread busy. A visitor is an address: the connection's, or the one a trusted reverse proxy
names (``regalia serve --trust-proxy``; never a header a visitor could set themselves).
A request over a limit is refused with 429 and ``Retry-After``, and changes nothing.

New games are counted in the database (:class:`GameAllowance`): the games a visitor created
in the last hour, whichever server process created them, so ``--workers N`` gives a visitor
no more. The visitor is kept there only as a digest of its address, and only for that hour.

Requests are counted in the server process, in token buckets (a burst of the whole allowance,
refilled evenly): counting them in the database would put a write in front of every request,
scripts and styles included. With ``--workers N`` each process allows a visitor ``1/N`` of
the limit (``regalia serve`` divides it), so all of them together allow at most the limit.

``regalia serve`` turns the limits on (``--games-per-hour``, ``--requests-per-minute``; 0
turns one off); ``create_app`` leaves them off unless handed :class:`VisitorLimits`, so the
tests turn them on where they test them.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi.responses import JSONResponse
from sqlalchemy import delete, func, insert, select, text
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from regalia.engine.i18n import _
from regalia.server.models import VisitorGame, now

GAMES_PER_HOUR = 30
REQUESTS_PER_MINUTE = 600  # a table's page, its script and style, its live updates, moves
ADDRESSES_KEPT = 10_000  # buckets kept before the full ones are forgotten
GAMES_PERIOD = 3600.0  # seconds the limit on new games looks back
VISITOR_LOCKS = 0x52474C42  # the advisory locks' first key for a visitor's new games ("RGLB")


@dataclass(frozen=True)
class VisitorLimits:
    """Per address: new games an hour, requests a minute (0: no limit)."""

    games_per_hour: int = GAMES_PER_HOUR
    requests_per_minute: int = REQUESTS_PER_MINUTE


class Buckets:
    """Token buckets per address: ``allowance`` tokens at most, refilled over ``period``
    seconds."""

    def __init__(self, allowance: int, period: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.allowance = allowance
        self.rate = allowance / period
        self.clock = clock
        self._left: dict[str, tuple[float, float]] = {}  # address -> (tokens, as of)
        self._guard = threading.Lock()

    def take(self, address: str) -> float:
        """Take a token for ``address``: 0.0 if there was one, else the seconds until there
        will be (nothing is taken)."""
        moment = self.clock()
        with self._guard:
            tokens, since = self._left.get(address, (float(self.allowance), moment))
            tokens = min(float(self.allowance), tokens + (moment - since) * self.rate)
            if tokens < 1.0:
                self._left[address] = (tokens, moment)
                return (1.0 - tokens) / self.rate
            if len(self._left) >= ADDRESSES_KEPT and address not in self._left:
                self._forget(moment)
            self._left[address] = (tokens - 1.0, moment)
            return 0.0

    def _forget(self, moment: float) -> None:
        """Drop the buckets that have refilled (their visitors are back to a full allowance
        anyway); if none has, the oldest half."""
        full = [a for a, (tokens, since) in self._left.items()
                if tokens + (moment - since) * self.rate >= self.allowance]
        if not full:
            full = sorted(self._left, key=lambda a: self._left[a][1])[:len(self._left) // 2]
        for address in full:
            del self._left[address]


def visitor_digest(address: str) -> str:
    """What the database keeps of a visitor: a digest of its address, never the address."""
    return hashlib.sha256(f"regalia-visitor:{address}".encode()).hexdigest()


class GameAllowance:
    """The games a visitor may create: ``allowance`` in any ``period`` seconds, counted in the
    database (every server process sharing it counts the same games).

    A creation is reserved before the game is made (a row of ``visitor_games``) and given back
    if it is refused; the reservation of one visitor waits for another's (PostgreSQL: an
    advisory lock on the visitor for the transaction; SQLite: one process, the writers' lock),
    so two at once, in two processes, cannot both take the last game."""

    def __init__(self, sessions: sessionmaker[Session], allowance: int,
                 period: float = GAMES_PERIOD,
                 writing: AbstractContextManager[Any] | None = None) -> None:
        self.sessions = sessions
        self.allowance = allowance
        self.period = timedelta(seconds=period)
        self.writing = writing if writing is not None else nullcontext()
        self._guard = threading.Lock()  # this process's reservations, one at a time

    def reserve(self, visitor: str) -> tuple[float, int | None]:
        """Reserve a new game for ``visitor`` (a digest): (0.0, the reservation) if it may
        create one, else (the seconds until it may, None) and nothing is written."""
        moment = now()
        since = moment - self.period
        with self._guard, self.writing, self.sessions() as session:
            if session.get_bind().dialect.name == "postgresql":
                session.execute(text("SELECT pg_advisory_xact_lock(:space, :key)"),
                                {"space": VISITOR_LOCKS,
                                 "key": int(visitor[:8], 16) - 2**31})
            # what is past the period is forgotten (nobody's address stays longer)
            session.execute(delete(VisitorGame).where(VisitorGame.made < since))
            count, first = session.execute(
                select(func.count(), func.min(VisitorGame.made))
                .where(VisitorGame.visitor == visitor, VisitorGame.made >= since)).one()
            if count >= self.allowance and first is not None:
                session.commit()
                wait = (first + self.period - moment).total_seconds()
                return max(1.0, wait), None
            made = session.execute(insert(VisitorGame).values(visitor=visitor, made=moment)
                                   .returning(VisitorGame.id)).scalar_one()
            session.commit()
            return 0.0, int(made)

    def give_back(self, reservation: int) -> None:
        """The reserved game was not made (a refused request): it does not count."""
        with self.writing, self.sessions() as session:
            session.execute(delete(VisitorGame).where(VisitorGame.id == reservation))
            session.commit()


class PerVisitor:
    """ASGI middleware: refuse (429) a visitor's request over its limits."""

    def __init__(self, app: ASGIApp, limits: VisitorLimits,
                 games: GameAllowance | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.requests = Buckets(limits.requests_per_minute, 60.0, clock) \
            if limits.requests_per_minute > 0 else None
        self.games = games if limits.games_per_hour > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        wait = self.requests.take(address) if self.requests is not None else 0.0
        if wait:
            await too_many(scope, receive, send, wait,
                           _("too many requests from your address; try again in {wait} s"))
            return
        if self.games is not None and scope["method"] == "POST" and \
                scope["path"].rstrip("/") == "/api/games":
            await self.create(scope, receive, send, self.games, visitor_digest(address))
            return
        await self.app(scope, receive, send)

    async def create(self, scope: Scope, receive: Receive, send: Send,
                     games: GameAllowance, visitor: str) -> None:
        """A request to create a game: made if the visitor's allowance has room, and counted
        if it made one (201)."""
        wait, reservation = await run_in_threadpool(games.reserve, visitor)
        if reservation is None:
            await too_many(scope, receive, send, wait,
                           _("too many new games from your address; try again in {wait} s"))
            return
        status = 0

        async def noting(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, noting)
        finally:
            if status != 201:
                await run_in_threadpool(games.give_back, reservation)


async def too_many(scope: Scope, receive: Receive, send: Send, wait: float,
                   detail: str) -> None:
    seconds = max(1, math.ceil(wait))
    response = JSONResponse({"detail": detail.format(wait=seconds)}, status_code=429,
                            headers={"Retry-After": str(seconds)})
    await response(scope, receive, send)
