"""Which server process moves a game's bots: a lease per game, so a decision is thought once.

With several server processes on one PostgreSQL database (``--workers N``) every process hears
of every move (``NOTIFY``); without leases each would think about every bot's decision, N
searches for one move of which all but one are refused at the commit. A game's bots move in
the process holding its lease: a row of ``bot_leases`` naming the owning process, taken when
a bot of the game first has something to do and kept until the game is over (the owner's
cached game stays warm: the other processes never rebuild it for the bots). A late person's
move (:mod:`regalia.server.clocks`) is worked out under the same lease: by its holder, or by
the first clock to look when nobody holds it.

A process is alive while its lease connection is: it holds an advisory lock keyed by its
owner number on a connection of its own for as long as it runs, and PostgreSQL releases that
lock the moment the connection ends (the process stopped, crashed or was killed with
``kill -9``: the kernel closes its sockets). A lease whose owner holds no such lock is
anyone's: every process looks for those each :data:`SWEEP_EVERY` seconds, the first to look
takes them over and moves their bots, so a dead process's games move on within a second or
two. No clocks are compared and no lease is renewed.

SQLite serves one process: :class:`OneProcess` holds every lease and asks nothing.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import threading
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from sqlalchemy import Engine

log = logging.getLogger("regalia.server")

LOCK_SPACE = 0x52474C41  # the advisory locks' first key ("RGLA"): the owners' locks
SWEEP_EVERY = 1.0  # seconds between looks for leases whose owner is gone

# A lease's owner is alive while it holds its advisory lock in this database (pg_locks shows
# every session's locks to every user).
ALIVE = """EXISTS (SELECT 1 FROM pg_locks k
    WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 2
      AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND k.classid::bigint = {space} AND k.objid::bigint = {owner})"""
TAKE = ("INSERT INTO bot_leases (game_id, owner) VALUES (%(game)s, %(me)s) "
        "ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner "
        "WHERE bot_leases.owner = EXCLUDED.owner OR NOT "
        + ALIVE.format(space=LOCK_SPACE, owner="bot_leases.owner") + " RETURNING owner")
ADOPT = ("UPDATE bot_leases SET owner = %(me)s WHERE NOT "
         + ALIVE.format(space=LOCK_SPACE, owner="bot_leases.owner") + " RETURNING game_id")
RELEASE = "DELETE FROM bot_leases WHERE game_id = %(game)s AND owner = %(me)s"


class Leases(Protocol):
    """Where a game's bots move: in this process if :meth:`hold` says so."""

    def hold(self, game_id: str) -> bool:
        """Whether this process holds (or has just taken) the game's lease."""

    def using(self, game_id: str) -> contextlib.AbstractContextManager[bool]:
        """Hold the game's lease (True) while the block works for the game: a release asked
        meanwhile (the bots' runner finding no bot) waits until the block is done."""

    def release(self, game_id: str) -> None:
        """Give the game's lease up (its game is over, or has no bot left)."""

    def adopt(self) -> list[str]:
        """Take over the leases whose owner is gone; returns their games."""

    def close(self) -> None:
        """Give up every lease (the other processes take them over)."""


class OneProcess:
    """The leases of the only process there is (SQLite): all of them, nothing asked."""

    def hold(self, game_id: str) -> bool:
        return True

    @contextlib.contextmanager
    def using(self, game_id: str) -> Iterator[bool]:
        yield True

    def release(self, game_id: str) -> None:
        pass

    def adopt(self) -> list[str]:
        return []

    def close(self) -> None:
        pass


class SharedLeases:
    """The leases of one of several processes sharing a PostgreSQL database, kept on a
    connection of their own (its advisory lock is the process's life; every lease statement
    goes through it, so a lost connection is noticed by the next one)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.owner = 0  # this process's number while its lock is held (0: not connected)
        self._raw: Any = None
        self._held: set[str] = set()
        self._in_use: dict[str, int] = {}  # game -> blocks working for it (:meth:`using`)
        self._release_after: set[str] = set()  # releases asked while in use
        self._guard = threading.Lock()

    def hold(self, game_id: str) -> bool:
        with self._guard:
            return self._hold(game_id)

    @contextlib.contextmanager
    def using(self, game_id: str) -> Iterator[bool]:
        with self._guard:
            held = self._hold(game_id)
            if held:
                self._in_use[game_id] = self._in_use.get(game_id, 0) + 1
        try:
            yield held
        finally:
            if held:
                with self._guard:
                    left = self._in_use.pop(game_id) - 1
                    if left:
                        self._in_use[game_id] = left
                    elif game_id in self._release_after:
                        self._release_after.discard(game_id)
                        self._release(game_id)

    def release(self, game_id: str) -> None:
        with self._guard:
            if game_id in self._in_use:
                # Given up once the work under way is done: released now, another process
                # could take the lease and work the same move out.
                self._release_after.add(game_id)
                return
            self._release(game_id)

    def _hold(self, game_id: str) -> bool:
        if game_id in self._held:
            return True
        taken = self._ask(TAKE, {"game": game_id})
        if not taken:
            return False
        self._held.add(game_id)
        log.debug("bot lease of game %s taken by owner %s", game_id, self.owner)
        return True

    def _release(self, game_id: str) -> None:
        if game_id in self._held:
            self._held.discard(game_id)
            self._ask(RELEASE, {"game": game_id})

    def adopt(self) -> list[str]:
        with self._guard:
            taken = [row[0] for row in self._ask(ADOPT, {})]
            self._held.update(taken)
            if taken:
                log.info("took over the bots of %d games from a server process that is gone",
                         len(taken))
            return taken

    def held(self) -> set[str]:
        with self._guard:
            return set(self._held)

    def close(self) -> None:
        with self._guard:
            self._disconnect()

    # ------------------------------------------------------------------ the connection
    def _ask(self, statement: str, params: dict[str, Any]) -> list[Any]:
        """Run a lease statement (the caller holds the guard); on a lost connection, every
        lease is given up (another process may have taken them: the owner's lock went with
        the connection) and the answer is empty."""
        try:
            if self._raw is None:
                self._connect()
            cursor = self._raw.driver_connection.execute(statement, {**params, "me": self.owner})
            return list(cursor.fetchall()) if cursor.description else []
        except Exception as err:
            log.warning("the bot leases' connection failed (%r): this process's leases are "
                        "given up", err)
            self._disconnect()
            return []

    def _connect(self) -> None:
        raw = self.engine.raw_connection()
        try:
            conn: Any = raw.driver_connection
            conn.autocommit = True
            while True:  # a number no live process holds (2**31 of them: one try, nearly)
                owner = 1 + secrets.randbelow(2**31 - 2)
                locked = conn.execute("SELECT pg_try_advisory_lock(%s, %s)",
                                      (LOCK_SPACE, owner)).fetchone()[0]
                if locked:
                    break
        except Exception:
            raw.close()
            raise
        self._raw, self.owner = raw, owner

    def _disconnect(self) -> None:
        self._held.clear()
        raw, self._raw, self.owner = self._raw, None, 0
        if raw is not None:
            with contextlib.suppress(Exception):
                raw.invalidate()  # (closed, never back to the pool: its lock goes with it)


class Sweeper:
    """Every ``every`` seconds, takes over the leases whose owner is gone (each goes to one
    process: the first to look) and kicks their games: their bots move here now, or the
    lease is given up (a game over, or left with no bot)."""

    def __init__(self, leases: Leases, kick: Callable[[str], None],
                 every: float = SWEEP_EVERY) -> None:
        self.leases = leases
        self.kick = kick
        self.every = every
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            return
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(self.stopping,),
                                       name="regalia-leases", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(2)

    def _run(self, stopping: threading.Event) -> None:
        while not stopping.wait(self.every):
            try:
                for game_id in self.leases.adopt():
                    self.kick(game_id)
            except Exception as err:  # (the next look tries again)
                log.warning("looking for orphaned bot leases failed (%r)", err)
