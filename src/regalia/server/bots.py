"""Bots in seats: they move on the server, in worker threads, a decision at a time, fairly.

A bot is handed an :class:`~regalia.bots.InformationSet` over a copy of the game, so it sees
only its seat's view and legal actions (and samples of the hidden parts). Its move goes through
the service like anyone's, on the position it thought about: if a person moved first, the
bot's move is refused and it looks again.

Over the web a bot costs the server bounded work: a seat's bot is one of the named levels,
thinking at most the server's ``max_think`` a decision (:mod:`regalia.server.levels`). The
runner takes one decision of one game at a time from two queues: the tables where a person
sits first, then the bots-only tables, round-robin and on all but one of the worker threads,
so that a person's table never waits behind other tables' long searches. A search is
cancelled when its seat is taken back (or the game moves on in another process) and when the
server stops; a cancelled search's move is dropped.

The searching levels (``medium``, ``hard``) think in a small pool of processes, a process a
worker thread (:mod:`regalia.server.search_pool`): their thread waits for the answer without
holding the interpreter lock, so a search never slows the server's requests; the move itself
is made here, through the service, as any other.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import threading
import time
from collections import deque
from concurrent.futures import CancelledError
from concurrent.futures.process import BrokenProcessPool

from regalia.bots import make_bot
from regalia.engine import State
from regalia.server.leases import Leases, OneProcess
from regalia.server.search_pool import (
    CancellableInformationSet,
    SearchCancelled,
    SearchPool,
    SharedFlag,
    searches,
)
from regalia.server.service import Conflict, GameService

log = logging.getLogger("regalia.server")

PEOPLE, BOTS_ONLY = 0, 1  # the two queues, in the order they are served


class BotRunner:
    """Moves the bots of every game whose turn it is, without blocking requests: ``workers``
    threads, each taking one decision of one game at a time (a table with a person first;
    the bots-only tables on at most ``workers - 1`` threads at once, one after another)."""

    def __init__(self, service: GameService, workers: int = 2,
                 leases: Leases | None = None, *, pool: bool = True) -> None:
        self.service = service
        # which games' bots move here (several processes: those whose lease this one holds)
        self.leases: Leases = leases or OneProcess()
        self.workers = max(1, workers)
        self.bots_only_threads = max(1, self.workers - 1)
        self._queues: tuple[deque[str], deque[str]] = (deque(), deque())
        self._queued: set[str] = set()
        # the searches' processes (None: every bot thinks in its thread), a slot a thread
        self.pool = SearchPool(self.workers) if pool else None
        self._running: dict[str, SharedFlag] = {}  # game -> its search's cancel flag
        self._again: set[str] = set()
        self._kind: dict[str, int] = {}  # game -> PEOPLE or BOTS_ONLY, as last seen
        self._bots_only_running = 0
        self.searching = 0  # searches under way in the pool (for the tests)
        self._wake = threading.Condition()
        self._closed = False
        # Daemon threads: a search cancelled at shutdown ends within an iteration, and the
        # process never waits on one (a move is committed whole or not at all).
        self._threads = [threading.Thread(target=self._work, args=(i,), name=f"regalia-bot-{i}",
                                          daemon=True) for i in range(self.workers)]
        for thread in self._threads:
            thread.start()

    def kick(self, game_id: str) -> None:
        """Let the game's bots move if it is their turn (called after every change)."""
        with self._wake:
            if self._closed:
                return
            if game_id in self._running:
                self._again.add(game_id)
                return
            self._enqueue(game_id)

    def cancel(self, game_id: str) -> None:
        """Cancel the game's search under way, if any (its move is dropped), and look again
        once it has ended: its seat was taken back, or the game changed elsewhere."""
        with self._wake:
            flag = self._running.get(game_id)
            if flag is not None:
                flag.set()
                self._again.add(game_id)

    def _enqueue(self, game_id: str) -> None:
        if game_id not in self._queued:
            self._queued.add(game_id)
            self._queues[self._kind.get(game_id, PEOPLE)].append(game_id)
            self._wake.notify()

    def _next(self, slot: int) -> tuple[str, int] | None:
        """The next game to move (and its queue), or None when closed; waits for one."""
        with self._wake:
            while not self._closed:
                people, bots_only = self._queues
                if people:
                    game_id, kind = people.popleft(), PEOPLE
                elif bots_only and self._bots_only_running < self.bots_only_threads:
                    game_id, kind = bots_only.popleft(), BOTS_ONLY
                    self._bots_only_running += 1
                else:
                    self._wake.wait()
                    continue
                self._queued.discard(game_id)
                self._running[game_id] = SharedFlag(
                    self.pool.flags if self.pool is not None else None, slot)
                return game_id, kind
            return None

    def _work(self, slot: int) -> None:
        while True:
            taken = self._next(slot)
            if taken is None:
                return
            game_id, kind = taken
            again = False
            try:
                again = self._step(game_id, self._running[game_id], slot)
            except Exception as err:  # one bad game must not stop the bots of every other
                log.error("bots of game %s stopped: %r", game_id, err)
            with self._wake:
                del self._running[game_id]
                if kind == BOTS_ONLY:
                    self._bots_only_running -= 1
                    self._wake.notify()
                if (again or game_id in self._again) and not self._closed:
                    self._enqueue(game_id)  # at the back: the other tables go first
                self._again.discard(game_id)

    def _step(self, game_id: str, cancelled: SharedFlag, slot: int = 0) -> bool:
        """One decision of one bot of the game, if a bot is to move; whether to look again."""
        bots = self.service.bot_seats(game_id)
        if not self._moves_here(game_id, bots):
            return False
        live = self.service.live(game_id)
        state = live.state
        if state.is_over():
            self._kind.pop(game_id, None)
            self.leases.release(game_id)
            return False
        if self._sorted(game_id, BOTS_ONLY if len(bots) >= state.players else PEOPLE):
            return True  # a bots-only table first seen: to its own queue before it thinks
        movers = [s for s in state.to_move() if s in bots]
        if not movers:
            return False
        seat = movers[0]
        seed = bot_seed(game_id, live.decisions, seat)
        chosen: str | None = None
        if self.pool is not None and searches(bots[seat], state.info().id):
            try:
                chosen = self._search(bots[seat], seed, state, seat, slot)
            except BrokenProcessPool as err:  # a pool process died: this once, in the thread
                if cancelled.is_set():
                    return False  # (the server is stopping: it ended the pool's processes)
                log.warning("the bots' search pool broke (%r); game %s thinks here", err,
                            game_id)
                self.pool.broken()
            else:
                if chosen is None:
                    return False  # cancelled (looked at again if the cancel asked for it)
        if chosen is not None:
            action_text = chosen
        else:
            bot = make_bot(bots[seat], seed=seed)
            try:
                action_text = bot.act(CancellableInformationSet(state.clone(), seat,
                                                                cancelled)).text
            except SearchCancelled:
                return False  # (looked at again if the cancel asked for it)
        # (a line per decision thought, for REGALIA_LOG_LEVEL=debug: how the tests count them)
        log.debug("bot decision: game %s, decision %d, seat %d", game_id, live.decisions, seat)
        if cancelled.is_set():
            return False  # its move came after its seat was taken back: dropped
        # (refused when someone moved first, or the seat changed hands: look again)
        with contextlib.suppress(Conflict):
            self.service.act(game_id, seat, action_text, turn=live.decisions, by_bot=True,
                             bot=bots[seat])
        return True

    def _search(self, spec: str, seed: int, state: State, seat: int, slot: int) -> str | None:
        """The pool's choice for ``seat`` (None: cancelled). The position goes to the pool
        process pickled (the true state: the process hands its bot an information set)."""
        assert self.pool is not None
        try:
            future = self.pool.submit(spec, seed, state, seat, slot)
        except RuntimeError:  # the pool closed: the server is stopping
            return None
        with self._wake:
            self.searching += 1
        try:
            return future.result()  # (waits without the interpreter lock)
        except CancelledError:
            return None  # (the pool closed before it began: the server is stopping)
        finally:
            with self._wake:
                self.searching -= 1

    def _sorted(self, game_id: str, kind: int) -> bool:
        """Note the game's kind; True when it is a bots-only table not seen before. A game
        not yet seen waits in the people's queue (nothing says what it is before a look);
        a stranger's many new bots-only tables would sit there, ahead of a person's table
        made after them, so each is only sorted on its first turn, not thought for."""
        with self._wake:
            first = game_id not in self._kind
            self._kind[game_id] = kind
        return first and kind == BOTS_ONLY

    def _moves_here(self, game_id: str, bots: dict[int, str]) -> bool:
        """Whether this process moves the game's bots: it has some, and this process holds
        its lease (:mod:`regalia.server.leases`; the only process always does)."""
        if not bots:
            self.leases.release(game_id)
            return False
        return self.leases.hold(game_id)

    def close(self, timeout: float = 2.0) -> None:
        """Stop: cancel every search under way and wait a little for them to end (they are
        daemon threads; nothing they would still do is acknowledged)."""
        with self._wake:
            self._closed = True
            for flag in self._running.values():
                flag.set()
            self._wake.notify_all()
        if self.pool is not None:
            self.pool.close()  # (its processes ended: their threads' waits end at once)
        end = time.monotonic() + timeout
        for thread in self._threads:
            thread.join(max(0.0, end - time.monotonic()))


def bot_seed(game_id: str, decision: int, seat: int) -> int:
    """A bot's seed for one decision: fixed by the game and the position, so a bot asked
    again (after a restart) thinks the same way."""
    text = f"{game_id}:{decision}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")
