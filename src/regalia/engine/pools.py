"""Many games at once on worker processes (``simulate``, ``tournament``, ``analyze``)."""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the terminal sends it to every process of the job, and the
    parent, which stops the pool, is the one to answer it. (A compiled worker interrupted in
    the middle of its arithmetic would abort with a misleading "out of memory".)"""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_order(job: Callable[[T], R], items: Iterable[T], workers: int,
             chunksize: int) -> Iterator[R]:
    """``job(item)`` for every item, in order, on ``workers`` processes."""
    methods = multiprocessing.get_all_start_methods()
    # fork lets workers inherit games registered at run time (plug-ins, tests).
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ctx.Pool(workers, initializer=_leave_interrupts_to_the_parent) as pool:
        yield from pool.imap(job, items, chunksize=chunksize)
