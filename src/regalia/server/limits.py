"""Per-visitor limits: how many requests, and how many new games, one address may make.

Anyone who can reach the server can create games, and each game is rows in the database and
perhaps bots thinking: without a limit one visitor could fill the disk or keep every bot
thread busy. A visitor is an address: the connection's, or the one a trusted reverse proxy
names (``regalia serve --trust-proxy``; never a header a visitor could set themselves).
Each limit is a token bucket (a burst of its whole allowance, refilled evenly); a request
over it is refused with 429 and ``Retry-After``, and changes nothing.

The buckets live in the server process: with ``--workers N`` each process counts apart (a
visitor gets up to N times the allowance, still bounded). ``regalia serve`` turns the limits
on (``--games-per-hour``, ``--requests-per-minute``; 0 turns one off); ``create_app`` leaves
them off unless handed :class:`VisitorLimits`, so the tests turn them on where they test them.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from fastapi.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from regalia.engine.i18n import _

GAMES_PER_HOUR = 30
REQUESTS_PER_MINUTE = 600  # a table's page, its script and style, its live updates, moves
ADDRESSES_KEPT = 10_000  # buckets kept before the full ones are forgotten


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


class PerVisitor:
    """ASGI middleware: refuse (429) a visitor's request over its limits."""

    def __init__(self, app: ASGIApp, limits: VisitorLimits,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.requests = Buckets(limits.requests_per_minute, 60.0, clock) \
            if limits.requests_per_minute > 0 else None
        self.games = Buckets(limits.games_per_hour, 3600.0, clock) \
            if limits.games_per_hour > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = client[0] if client else "unknown"
        wait = self.requests.take(address) if self.requests is not None else 0.0
        detail = _("too many requests from your address; try again in {wait} s")
        if not wait and self.games is not None and scope["method"] == "POST" and \
                scope["path"].rstrip("/") == "/api/games":
            wait = self.games.take(address)
            detail = _("too many new games from your address; try again in {wait} s")
        if wait:
            seconds = max(1, math.ceil(wait))
            response = JSONResponse({"detail": detail.format(wait=seconds)}, status_code=429,
                                    headers={"Retry-After": str(seconds)})
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)
