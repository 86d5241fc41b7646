"""Clocks: a person who has not moved within the game's time per move, or whose time bank is
spent, is moved for by a bot, and the table is told (the log says so). A seat that leaves does
not stall the table.

With several server processes on one PostgreSQL database (``--workers N``) every process's
clock sees the same late seats; the replacement move is worked out in one of them only: the
holder of the game's lease (:mod:`regalia.server.leases`, the lease its bots move under),
taken by the first clock to look if nobody holds it. A process that dies, even midway through
working a move out, leaves the lease to the next clock that looks (its advisory lock went with
it), and whatever it still committed would collide with that move (the log's unique index)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from regalia.bots import InformationSet, make_bot
from regalia.server.bots import bot_seed
from regalia.server.leases import Leases, OneProcess
from regalia.server.service import Conflict, GameService

TIMEOUT_BOT = "easy"  # moves for a late person: quick, and plays the obvious move
log = logging.getLogger("regalia.server")


class Timekeeper:
    """Looks every ``interval`` seconds for late seats and moves for them."""

    def __init__(self, service: GameService, interval: float = 1.0,
                 after_move: Callable[[str], None] | None = None,
                 leases: Leases | None = None) -> None:
        self.service = service
        # which games' late seats are moved for here (several processes: the leased ones)
        self.leases: Leases = leases or OneProcess()
        self.after_move = after_move or (lambda game_id: None)
        self.interval = interval
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        """Keep time (once: an app whose lifespan is entered again, as two test clients of one
        app do, keeps the one clock it has; a stopped one starts afresh)."""
        if self.thread is not None and self.thread.is_alive():
            return
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(self.stopping,),
                                       name="regalia-clock", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(5)

    def _run(self, stopping: threading.Event) -> None:
        while not stopping.wait(self.interval):
            try:
                self.tick()
            except Exception as err:  # one bad game must not stop every clock
                log.error("the clocks stopped a moment: %r", err)

    def tick(self) -> list[str]:
        """Move for every late person now; returns the games moved in."""
        moved = []
        for game_id, decisions, seats in self.service.overdue():
            live = self.service.live(game_id)
            if live.decisions != decisions:
                continue  # someone moved since we looked
            with self.leases.using(game_id) as here:
                if not here:
                    continue  # another live process moves for this game's late seats
                if self._move_for_late(game_id, seats):
                    moved.append(game_id)
            if game_id in moved:
                self.after_move(game_id)  # the bots in seats may be next
        return moved

    def _move_for_late(self, game_id: str, seats: list[int] | None) -> bool:
        """Move for the game's late seats (``seats``; None: every person to move); whether
        any move was made."""
        bots = self.service.bot_seats(game_id)
        late = [s for s in self.service.live(game_id).state.to_move()
                if s not in bots and (seats is None or s in seats)]
        moved = False
        for seat in late:  # every late seat of a sealed choice, on its own position
            live = self.service.live(game_id)
            if seat not in live.state.to_move():
                continue
            bot = make_bot(TIMEOUT_BOT, seed=bot_seed(game_id, live.decisions, seat))
            # (a line per move worked out, for REGALIA_LOG_LEVEL=debug, as the bots' own)
            log.debug("timeout move: game %s, decision %d, seat %d", game_id, live.decisions,
                      seat)
            action = bot.act(InformationSet(live.state.clone(), seat))
            try:
                self.service.act(game_id, seat, action.text, turn=live.decisions,
                                 by_bot=True, timed_out=True)
            except Conflict:
                break  # the person (or another process) moved first
            moved = True
        return moved
