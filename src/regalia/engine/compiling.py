"""What the compiled build (mypyc, docs/compiled.md) needs to be told in the source.

``mypyc_attr`` marks a compiled class that interpreted code may subclass (a game written
outside the package, the test suite's toy game). It comes from mypy_extensions when that is
installed and is a no-op otherwise, so the rules core still needs only the standard library.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pure Python without mypy installed: nothing to tell a compiler

        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls


# Exceptions raised by signal handlers inside `signals_at_pauses`, to be raised at a pause.
_pending: list[BaseException] = []


def let_others_run() -> None:
    """A pause point for a long loop of compiled code, such as a search, to call now and then.

    Compiled code never passes through the interpreter's loop, which is where CPython hands the
    lock on the interpreter to a waiting thread and runs signal handlers. A compiled search of a
    minute would starve every other thread (the terminal's "is thinking" spinner, the web
    server's requests) and put off Ctrl-C and the save on a closed window until it ends. This
    module stays interpreted (docs/compiled.md), so a call to this function enters the
    interpreter, which does both at the function's start; and here the exception of a signal
    that came during :func:`signals_at_pauses` is raised. In pure Python it costs one call."""
    if _pending:
        raise _pending.pop()


Handler = Callable[[int, FrameType | None], object]


@contextmanager
def signals_at_pauses(signals: tuple[int, ...]) -> Iterator[None]:
    """While compiled code runs (a bot's search), the handlers of ``signals`` raise their
    exceptions (KeyboardInterrupt for Ctrl-C, the terminal's save-and-stop on SIGHUP) at the
    next :func:`let_others_run`, or when the block ends, not where the signal finds the code.

    CPython runs a handler inside some C operations, such as the multiplication of large
    integers (the random stream's arithmetic). An exception from there is one compiled code
    does not expect: mypyc takes the failed multiplication for a lack of memory and aborts the
    process, and the game with it. Pure Python behaves the same with or without this block,
    only a pause later. Outside the main thread (where no handler runs) it does nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Handler] = {}

    def deferred(handler: Handler) -> Handler:
        def run(signum: int, frame: FrameType | None) -> object:
            try:
                return handler(signum, frame)
            except BaseException as raised:  # (KeyboardInterrupt, the CLI's Terminated)
                _pending.append(raised)
                return None
        return run

    try:
        for sig in signals:
            handler = signal.getsignal(sig)
            if callable(handler):
                previous[sig] = handler
                signal.signal(sig, deferred(handler))
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        undelivered = _pending[:1]  # (a second signal meanwhile says nothing new)
        _pending.clear()
    if undelivered:
        raise undelivered[0]


__all__ = ["let_others_run", "mypyc_attr", "signals_at_pauses"]
