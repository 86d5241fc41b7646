"""Hints at the table: the strongest bot's three favourite actions for the seat to move, with
their share of the search and the estimated win chance (issue 11's "Hints", as ``regalia
play``'s ``hint`` gives them).

The search is handed only an :class:`~regalia.bots.InformationSet` of the asking seat, so a
hint tells nothing the seat could not know. It runs in a process of its own (a
:class:`~regalia.server.search_pool.SearchPool` of one, never the bots'), so its second of
pure-Python thinking holds neither a request's thread nor the server's interpreter lock, which
every other table's requests need; a game a fresh process does not know (registered at run
time) thinks in a thread instead. Each seat may ask once per ``spacing`` seconds and has one
hint at a time.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.bots.ismcts import IsmctsBot
from regalia.engine import Record, State
from regalia.engine.i18n import _, language, speaking
from regalia.server.bots import bot_seed
from regalia.server.search_pool import SearchPool, searches
from regalia.server.service import Conflict, Forbidden, GameService, ServiceError

HINT_BOT = "hard:think=1s"  # the same bot as `regalia play`'s hint
HINT_SPACING = 10.0  # seconds between two hints of one seat
HINTS_SHOWN = 3


class TooSoon(ServiceError):
    status = 429


def suggestions(state: State, seat: int, spec: str, seed: int,
                count: int = HINTS_SHOWN) -> list[dict[str, Any]]:
    """The hint bot's ``count`` favourite actions for ``seat``, JSON-ready; reads the state
    only through the seat's information set."""
    bot = make_bot(spec, seed)
    if not isinstance(bot, IsmctsBot):
        raise ServiceError(_("the hint bot ({spec}) is no search; it gives no hints").format(
            spec=spec))
    top = bot.top_actions(InformationSet(state, seat), count)
    return [{"action": s.action.text, "description": state.describe(s.action),
             "share": round(s.share, 4), "win_chance": round(s.win_chance, 4),
             "expected_place": round(s.expected_place, 2)} for s in top]


def suggestions_of_record(record: Record, seat: int, spec: str, seed: int,
                          lang: str) -> list[dict[str, Any]]:
    """:func:`suggestions` for the game ``record`` (replayed), described in ``lang``: what a
    hint's process is handed (a state does not pickle)."""
    with speaking(lang):
        return suggestions(regalia.replay(record), seat, spec, seed)


class HintDesk:
    """Answers the hint button: one worker process (or thread, ``processes=False``),
    rate-limited per seat."""

    def __init__(self, service: GameService, spec: str = HINT_BOT,
                 spacing: float = HINT_SPACING, workers: int = 1,
                 clock: Callable[[], float] = time.monotonic, *,
                 processes: bool = True) -> None:
        self.service = service
        self.spec = spec
        self.spacing = spacing
        self.clock = clock
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="regalia-hint")
        # (started at the first hint: a server whose players never ask starts no process)
        self.processes = SearchPool(workers) if processes else None
        self._asked: dict[tuple[str, int], float] = {}
        self._busy: set[tuple[str, int]] = set()
        self._guard = threading.Lock()

    async def ask(self, token: str) -> dict[str, Any]:
        """The hint for the seat ``token`` holds; refused for a spectator's (or no) token, a
        seat not to move, a bot's seat, and a seat asking again too soon."""
        seat = self.service.seat_of(token)  # 403 for anything that holds no seat
        if seat.bot is not None:
            raise Forbidden(_("a bot plays this seat; take it back to ask for hints"))
        live = self.service.live(seat.game_id)
        if seat.seat not in live.state.to_move():
            raise Conflict(_("hints are for the seat to move"))
        key = (seat.game_id, seat.seat)
        moment = self.clock()
        with self._guard:
            if key in self._busy:
                raise TooSoon(_("a hint for this seat is being worked out"))
            last = self._asked.get(key)
            if last is not None and moment - last < self.spacing:
                wait = self.spacing - (moment - last)
                raise TooSoon(_("one hint every {every} s; ask again in {wait} s").format(
                    every=f"{self.spacing:g}", wait=f"{wait:.0f}"))
            self._asked[key] = moment
            self._busy.add(key)
        try:
            # The seed is fixed by the game, the position and the seat: asked again (another
            # device, after a restart) the hint is the same.
            seed = bot_seed(seat.game_id, live.decisions, seat.seat) ^ 0x68696E74
            state = live.state.clone()
            if self.processes is not None and searches(self.spec, state.info().id):
                # the descriptions speak the reader's language, told to the process
                top = await asyncio.wrap_future(self.processes.call(
                    suggestions_of_record, state.record(), seat.seat, self.spec, seed,
                    language()))
            else:  # in this request's context: its reader's language
                top = await asyncio.wrap_future(self.pool.submit(
                    contextvars.copy_context().run, suggestions, state, seat.seat, self.spec,
                    seed))
        finally:
            with self._guard:
                self._busy.discard(key)
        return {"game_id": seat.game_id, "seat": seat.seat, "decisions": live.decisions,
                "bot": self.spec, "hints": top}

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.close()
