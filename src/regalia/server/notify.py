"""Several server processes on one PostgreSQL database: a committed move is announced with
``NOTIFY``, and each process ``LISTEN``s, so players connected to any process see it at once and
the bots of every process look again (the move log's unique index lets exactly one bot move).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Engine

from regalia.server.service import NOTIFY_CHANNEL as CHANNEL

log = logging.getLogger("regalia.server")


class Listener:
    """A thread holding one connection that listens for other processes' moves."""

    def __init__(self, engine: Engine, on_change: Callable[[str], None]) -> None:
        self.engine = engine
        self.on_change = on_change
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Listen (once: an app whose lifespan is entered again, as two test clients of one
        app do, keeps the one listener it has)."""
        if self.thread is not None and self.thread.is_alive():
            return
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="regalia-listen", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(5)

    def _run(self) -> None:
        stopping = self.stopping
        while not stopping.is_set():
            try:
                self._listen(stopping)
            except Exception as err:  # the database went away: try again shortly
                log.warning("listening for moves failed (%r); trying again", err)
                stopping.wait(1.0)

    def _listen(self, stopping: threading.Event) -> None:
        raw = self.engine.raw_connection()
        try:
            conn = raw.driver_connection
            conn.autocommit = True  # type: ignore[union-attr]
            conn.execute(f"LISTEN {CHANNEL}")  # type: ignore[union-attr]
            while not stopping.is_set():
                for note in conn.notifies(timeout=0.5):  # type: ignore[union-attr]
                    self.on_change(note.payload)
        finally:
            raw.close()
