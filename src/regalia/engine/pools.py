"""Many games at once on worker processes (``simulate``, ``tournament``, ``analyze``)."""

from __future__ import annotations

import itertools
import multiprocessing
import signal
from collections.abc import Callable, Iterable, Iterator
from functools import partial
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
        # (chunks made here: with a chunksize of its own, imap answers with a generator that
        # has no timeout to wait with)
        results = pool.imap(partial(_each, job), _chunks(items, chunksize))
        while True:
            # Waited for in short spells: Ctrl-C may be delivered to one of the pool's threads,
            # which only notes it for the main thread; a main thread blocked on the next
            # result until it came never ran the handler (the simulation went on).
            try:
                chunk = results.next(timeout=0.25)
            except multiprocessing.TimeoutError:
                continue
            except StopIteration:
                return
            yield from chunk


def _each(job: Callable[[T], R], chunk: list[T]) -> list[R]:
    return [job(item) for item in chunk]


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    it = iter(items)
    while chunk := list(itertools.islice(it, max(1, size))):
        yield chunk
