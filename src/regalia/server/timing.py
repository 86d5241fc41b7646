"""Where a request's time went, for the load test: the ``Server-Timing`` header's phases.

Off unless asked (``REGALIA_SERVER_TIMING=1``): the header then names, besides ``app`` (the
time from the request reaching the application to its answer starting), what part of that the
request spent

- ``gc``: stopped by the garbage collector (a collection in any thread holds the interpreter
  lock, so every thread waits for it);
- ``start``: before its handler began running in a worker thread (the body read and checked,
  the hand-over to the thread pool: the event loop's and the interpreter lock's queue);
- ``lock``: waiting for the game's lock and the database's writer lock;
- ``db``: in the database (statements and the commit);
- ``cpu``: running its handler, in CPU time of its thread (the rest of the handler's time is
  waiting: for the interpreter lock, the locks above, the disk, or a busy machine's CPU);
- ``handler``: the handler's whole time in its thread, so that ``handler`` less ``cpu``,
  ``lock`` and ``db`` is its wait for the interpreter lock (or a busy machine's CPU).

``benchmarks/web_load.py`` reads them to tell what the slowest moves waited on.
"""

from __future__ import annotations

import contextvars
import gc
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

# The request's phases (name -> seconds), when timing is on; None otherwise (the usual case:
# every helper below is then a lookup and a return).
_phases: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "regalia_phases", default=None)


class GcClock:
    """The time the garbage collector has held the process so far, by generation, from the
    interpreter's ``gc.callbacks``."""

    def __init__(self) -> None:
        self.total = 0.0  # seconds of collection so far
        self.collections = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]
        self._started = 0.0
        self._installed = False
        self._guard = threading.Lock()

    def install(self) -> None:
        with self._guard:
            if not self._installed:
                gc.callbacks.append(self._callback)
                self._installed = True

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        # (called with the interpreter lock held, in the collecting thread: one at a time)
        if phase == "start":
            self._started = time.perf_counter()
            return
        took = time.perf_counter() - self._started
        self.total += took
        generation = int(info.get("generation", 0))
        self.collections[generation] += 1
        self.longest[generation] = max(self.longest[generation], took)


GC_CLOCK = GcClock()


def add(name: str, seconds: float) -> None:
    """Count ``seconds`` to the request's phase ``name`` (nothing when timing is off)."""
    phases = _phases.get()
    if phases is not None:
        phases[name] = phases.get(name, 0.0) + seconds


@contextmanager
def phase(name: str) -> Iterator[None]:
    """Time the block as the request's phase ``name`` (nothing when timing is off)."""
    phases = _phases.get()
    if phases is None:
        yield
        return
    started = time.perf_counter()
    try:
        yield
    finally:
        phases[name] = phases.get(name, 0.0) + time.perf_counter() - started


@contextmanager
def waiting(name: str, held: AbstractContextManager[Any]) -> Iterator[None]:
    """Enter ``held`` (a lock), counting the wait for it to the request's phase ``name``."""
    started = time.perf_counter()
    with held:
        add(name, time.perf_counter() - started)
        yield


@contextmanager
def handler() -> Iterator[None]:
    """Around a route's handler (in its worker thread): when it began (``start``) and the CPU
    time its thread spent in it (``cpu``)."""
    phases = _phases.get()
    if phases is None:
        yield
        return
    phases["start"] = time.perf_counter() - phases["_arrived"]
    cpu = time.thread_time()
    wall = time.perf_counter()
    try:
        yield
    finally:
        phases["cpu"] = phases.get("cpu", 0.0) + time.thread_time() - cpu
        phases["handler"] = phases.get("handler", 0.0) + time.perf_counter() - wall


class ServerTiming:
    """Adds a ``Server-Timing`` header to every HTTP answer: ``app;dur=MS`` first (the time
    from the request reaching the application to its answer starting: the W3C header browsers'
    tools show), then the phases above that the request went through.
    ``benchmarks/web_load.py`` reads it to tell the server's own latency from its clients'
    (which share the machine) and what the slowest moves waited on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        GC_CLOCK.install()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        gc_before = GC_CLOCK.total
        phases: dict[str, float] = {"_arrived": started}
        token = _phases.set(phases)

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                took = time.perf_counter() - started
                parts = [f"app;dur={1000 * took:.2f}",
                         f"gc;dur={1000 * (GC_CLOCK.total - gc_before):.2f}"]
                parts += [f"{name};dur={1000 * value:.2f}" for name, value in phases.items()
                          if not name.startswith("_")]
                headers = [*message.get("headers", ()),
                           (b"server-timing", ", ".join(parts).encode())]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, timed)
        finally:
            _phases.reset(token)
