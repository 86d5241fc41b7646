"""Bots in seats: they move on the server, in worker threads, one game at a time each.

A bot is handed an :class:`~regalia.bots.InformationSet` over a copy of the game, so it sees
only its seat's view and legal actions (and samples of the hidden parts). Its move goes through
the service like anyone's, on the position it thought about: if a person moved first, the
bot's move is refused and it looks again.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from regalia.bots import InformationSet, make_bot
from regalia.server.service import Conflict, GameService

log = logging.getLogger("regalia.server")


class BotRunner:
    """Moves the bots of every game whose turn it is, without blocking requests."""

    def __init__(self, service: GameService, workers: int = 2) -> None:
        self.service = service
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-bot")
        self._running: set[str] = set()
        self._again: set[str] = set()
        self._guard = threading.Lock()
        self._closed = False

    def kick(self, game_id: str) -> None:
        """Let the game's bots move if it is their turn (called after every change)."""
        with self._guard:
            if self._closed:
                return
            if game_id in self._running:
                self._again.add(game_id)
                return
            self._running.add(game_id)
        future: Future[None] = self.pool.submit(self._play, game_id)
        future.add_done_callback(lambda f: self._done(game_id, f))

    def _done(self, game_id: str, future: Future[None]) -> None:
        error = future.exception()
        if error is not None:
            log.error("bots of game %s stopped: %r", game_id, error)
        with self._guard:
            self._running.discard(game_id)
            again = game_id in self._again
            self._again.discard(game_id)
        if again and error is None:
            self.kick(game_id)

    def _play(self, game_id: str) -> None:
        while not self._closed:
            live = self.service.live(game_id)
            state = live.state
            bots = self.service.bot_seats(game_id)
            movers = [s for s in state.to_move() if s in bots]
            if not movers:
                return
            seat = movers[0]
            bot = make_bot(bots[seat], seed=bot_seed(game_id, live.decisions, seat))
            action = bot.act(InformationSet(state.clone(), seat))
            try:
                self.service.act(game_id, seat, action.text, turn=live.decisions, by_bot=True)
            except Conflict:
                continue  # someone moved first: look again

    def close(self) -> None:
        with self._guard:
            self._closed = True
        self.pool.shutdown(wait=True, cancel_futures=True)


def bot_seed(game_id: str, decision: int, seat: int) -> int:
    """A bot's seed for one decision: fixed by the game and the position, so a bot asked
    again (after a restart) thinks the same way."""
    text = f"{game_id}:{decision}:{seat}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:6], "big")
