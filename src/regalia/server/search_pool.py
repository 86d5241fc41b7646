"""The bots' searches in a small pool of processes, so that they never hold the server's
interpreter lock.

A ``medium`` or ``hard`` bot thinks for up to the server's ``max_think`` a decision, all of it
Python: in a thread of the server it shares the interpreter lock with every request, and a
move that arrives while a search holds it waits for its turn (5 ms at a time). Here the
search runs in a process of its own; the server's bots' thread waits for its answer without
the lock and then makes the move through the service as before (checked, committed, dropped
when its seat was taken back). The cheap bots (``random``, ``greedy``) think in the thread:
shipping their position to another process would cost more than their decision.

Cancelling a search (its seat taken back, the server stopping) sets its slot in a small array
of shared memory, one slot a bots' thread; the pool process's information set reads it at
each sample (:class:`CancellableInformationSet`, which a thread's search reads too), so a
cancelled search ends within one iteration. The pool's processes are started with ``spawn``
(never forked from a threaded server), replay the game's record they are handed (a state
does not pickle), run at a lower priority than the server (people's requests first), and end
on their own when the server's process is gone (``kill -9``): they write nothing, so there is
nothing of theirs to lose.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.bots.specs import spec_name
from regalia.engine import Record, State
from regalia.engine.registry import BUILTIN_GAMES
from regalia.engine.rng import Rng

T = TypeVar("T")

SEARCHES = ("medium", "hard")  # the web levels that think in the pool
POOL_NICENESS = 5  # the pool's processes yield a busy CPU to the server's requests
ORPHAN_CHECK = 1.0  # seconds between a pool process's looks at whether the server is gone


class SearchCancelled(Exception):
    """A bot's search was cancelled: its seat was taken back, or the server is stopping."""


class CancelFlag(Protocol):
    """What a search reads to know it is cancelled: an event in the server's thread, or its
    pool slot in a pool process."""

    def is_set(self) -> bool: ...


class CancellableInformationSet(InformationSet):
    """An information set whose samples stop coming once ``cancelled`` is set: the search
    bots draw a sample every iteration, so a cancelled search ends within one (in a thread of
    the server or in a pool process alike)."""

    __slots__ = ("cancelled",)

    def __init__(self, state: State, seat: int, cancelled: CancelFlag) -> None:
        super().__init__(state, seat)
        self.cancelled = cancelled

    def sample(self, rng: Rng) -> State:
        if self.cancelled.is_set():
            raise SearchCancelled
        return super().sample(rng)


def searches(spec: str, game: str | None = None) -> bool:
    """Whether a seat's bot ``spec`` thinks in the pool (a search), not in a thread; for a
    ``game`` only if it is a built-in one (a game registered at run time, as the tests' toy
    game, is unknown to a fresh process)."""
    return spec_name(spec) in SEARCHES and (game is None or game in BUILTIN_GAMES)


class SharedFlag:
    """A search's cancel flag: an event for this process, mirrored in the pool's shared slot
    (cleared when made: its bots' thread's previous search has ended by then)."""

    __slots__ = ("_event", "_shared", "_slot")

    def __init__(self, shared: Any = None, slot: int = 0) -> None:
        self._event = threading.Event()
        self._shared = shared
        self._slot = slot
        if shared is not None:
            shared[slot] = 0

    def set(self) -> None:
        self._event.set()
        if self._shared is not None:
            self._shared[self._slot] = 1

    def is_set(self) -> bool:
        return self._event.is_set()


class SearchPool:
    """``processes`` processes thinking for the bots' threads, one search each at a time
    (one slot a bots' thread); started at the first search."""

    def __init__(self, processes: int) -> None:
        self.processes = max(1, processes)
        self._context = multiprocessing.get_context("spawn")
        self.flags = self._context.RawArray("b", self.processes)
        self._executor: ProcessPoolExecutor | None = None
        self._guard = threading.Lock()
        self._closed = False

    def flag(self, slot: int) -> SharedFlag:
        return SharedFlag(self.flags, slot)

    def submit(self, spec: str, seed: int, state: State, seat: int,
               slot: int) -> Future[str | None]:
        """Think for ``seat`` of ``state`` with the bot ``spec`` (seeded ``seed``) in a pool
        process; the future's result is the chosen action's text, or None when cancelled."""
        executor = self._executor_started()
        # (a state does not pickle; its record is a few kilobytes, replayed there in ~5 ms)
        return executor.submit(think, spec, seed, state.record(), seat, slot)

    def call(self, function: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``function(*args)`` (a module-level function: it is pickled by name) in a
        pool process: work that needs no cancel flag, as a hint's search."""
        return self._executor_started().submit(function, *args)

    def _executor_started(self) -> ProcessPoolExecutor:
        with self._guard:
            if self._closed:
                raise RuntimeError("the search pool is closed")
            if self._executor is None:
                self._executor = ProcessPoolExecutor(
                    self.processes, mp_context=self._context, initializer=_started,
                    initargs=(self.flags, os.getpid()))
            return self._executor

    def broken(self) -> None:
        """Drop a pool whose process died (the next search starts a new one)."""
        with self._guard:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Cancel every search and end the processes: they write nothing, so they are
        terminated rather than waited for (one still starting, importing the games on a busy
        machine, held a stop for seconds)."""
        with self._guard:
            self._closed = True
            executor, self._executor = self._executor, None
            for slot in range(self.processes):
                self.flags[slot] = 1
        if executor is not None:
            processes = list((getattr(executor, "_processes", None) or {}).values())
            executor.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(OSError, ValueError):
                    process.terminate()


# ---------------------------------------------------------------- in a pool process
_flags: Any = None


class _SlotFlag:
    """A pool process's view of its search's cancel flag."""

    __slots__ = ("slot",)

    def __init__(self, slot: int) -> None:
        self.slot = slot

    def is_set(self) -> bool:
        return bool(_flags[self.slot])


def _started(flags: Any, server: int) -> None:
    global _flags
    _flags = flags
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C stops the server, which stops us
    with contextlib.suppress(OSError):
        os.nice(POOL_NICENESS)
    threading.Thread(target=_end_with, args=(server,), daemon=True).start()


def _end_with(server: int) -> None:
    """End this process once the server's is gone (killed: nothing told us)."""
    while os.getppid() == server:
        time.sleep(ORPHAN_CHECK)
    os._exit(0)


def think(spec: str, seed: int, record: Record, seat: int, slot: int) -> str | None:
    """The bot's chosen action for ``seat`` of the game ``record`` (its text), or None when
    cancelled."""
    cancelled = _SlotFlag(slot)
    if cancelled.is_set():
        return None
    state = regalia.replay(record)
    bot = make_bot(spec, seed=seed)
    try:
        action = bot.act(CancellableInformationSet(state, seat, cancelled))
    except SearchCancelled:
        return None
    return None if cancelled.is_set() else action.text
