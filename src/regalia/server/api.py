"""The JSON API: create and join games, a seat's state and legal actions, act, the record.

A seat token authorises one seat of one game; a request without a valid one is refused (403)
and changes nothing. The OpenAPI document is at ``/openapi.json`` (and a page at ``/docs``).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Header, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field

import regalia
from regalia.engine.i18n import _
from regalia.server import timing
from regalia.server.hints import HintDesk
from regalia.server.service import GameService, ServiceError, with_fields

MAX_SEATS = 8


class CreateGame(BaseModel):
    game: str = Field(max_length=64, description="a game id, as `regalia games` lists them")
    players: int | None = Field(default=None, ge=1, le=MAX_SEATS)
    seats: list[Annotated[str, Field(max_length=200)]] = Field(
        default_factory=list, max_length=MAX_SEATS,
        description="per seat: 'open' (a join link), 'me' (the creator) or a bot: a level "
                    "('random', 'greedy', 'easy', 'medium', 'hard'), optionally with think= or "
                    "iterations= up to the server's caps (422 beyond them)")
    options: dict[str, Any] = Field(default_factory=dict, max_length=64)
    edition_toml: str | None = Field(default=None, max_length=200_000,
                                     description="a corrected edition's TOML text")
    public: bool = Field(default=False, description="list the open seats in the lobby, where "
                         "anyone may take one (default: they are reached by their links only)")
    move_seconds: int | None = Field(
        default=None, ge=5, le=7 * 86400,
        description="a clock per move: a person who has not moved this many seconds after "
                    "the last move is moved for by a bot (the log says so); null: no clock")
    bank_seconds: int | None = Field(
        default=None, ge=60, le=30 * 86400,
        description="a time bank per seat, like a chess clock: a person whose bank is spent "
                    "is moved for by a bot (the log says so) and plays on with the increment "
                    "alone; instead of move_seconds; null: no bank")
    increment_seconds: int | None = Field(
        default=None, ge=0, le=86400,
        description="seconds added to a seat's bank each time its turn ends")
    name: str | None = Field(default=None, max_length=200, description="your display name")


class SeatLink(BaseModel):
    seat: int
    token: str
    url: str


class CreatedGame(BaseModel):
    game_id: str
    seats: list[SeatLink]
    me: list[int]
    spectate: str


class JoinSeat(BaseModel):
    name: str | None = Field(default=None, max_length=200)


class TakeSeat(BaseModel):
    name: str | None = Field(default=None, max_length=200)
    seat: int | None = Field(default=None, ge=0, le=MAX_SEATS)


class Act(BaseModel):
    action: str = Field(min_length=1, max_length=200,
                        description="the action's notation, e.g. 'place aragon'")
    turn: int | None = Field(default=None, ge=0, description="the 'decisions' count the move "
                             "was chosen on: a move on an outdated position is refused (409)")


class Acted(BaseModel):
    game_id: str
    seat: int
    action: str
    decisions: int = Field(description="decisions made so far, this one included")
    to_move: list[int]
    over: bool


class HandOver(BaseModel):
    bot: str | None = Field(default=None, max_length=200,
                            description="a bot level to play the seat (as for a new game's "
                            "seats), or null to take it back (its search is cancelled)")


def build_router(service: GameService, kick: Any, hints: HintDesk | None = None) -> APIRouter:
    """The API's routes over ``service``; ``kick(game_id)`` sets the game's bots moving;
    ``hints`` answers the hint button (None: no hints)."""
    api = APIRouter(prefix="/api")

    def state_of(game_id: str, seat: int | None, svg: bool = True,
                 **extra: Any) -> Response:
        # Answered as a ready response: FastAPI's own encoding of a returned dict walks the
        # whole payload (the log grows with the game) at ten times the cost of json.dumps;
        # the payload is kept as JSON, and the seat's own fields are added to its text.
        return Response(with_fields(service.payload_json(game_id, seat, svg=svg), extra),
                        media_type="application/json")

    @api.get("/games/catalog", summary="The games that can be played, with their options")
    def catalog() -> list[dict[str, Any]]:
        return [{"id": g.id, "title": g.title, "min_players": g.min_players,
                 "max_players": g.max_players, "default_players": g.default_players,
                 "options": [{"name": o.name, "default": o.default, "help": o.help,
                              "choices": list(o.choices) if o.choices else None}
                             for o in g.options]}
                for g in regalia.list_games()]

    @api.post("/games", summary="Create a game", status_code=201)
    def create(body: CreateGame, request: Request) -> CreatedGame:
        created = service.create(body.game, body.players, body.seats, options=body.options,
                                 edition_toml=body.edition_toml, public=body.public,
                                 name=body.name, move_seconds=body.move_seconds,
                                 bank_seconds=body.bank_seconds,
                                 increment_seconds=body.increment_seconds)
        kick(created.game_id)
        base = str(request.base_url).rstrip("/")
        return CreatedGame(
            game_id=created.game_id,
            seats=[SeatLink(seat=s, token=t, url=f"{base}/play/{t}")
                   for s, t in sorted(created.tokens.items())],
            me=created.me, spectate=f"{base}/watch/{created.game_id}")

    @api.get("/games", summary="Games listed in the lobby with free seats")
    def open_games() -> list[dict[str, Any]]:
        return [{"game_id": row.id, "game": row.game,
                 "title": regalia.get_game(row.game).title, "players": row.players,
                 "free_seats": free, "decisions": row.decisions}
                for row, free in service.open_games()]

    @api.post("/games/{game_id}/take", summary="Take a free seat of a game listed in the lobby")
    def take(game_id: str, body: TakeSeat, request: Request) -> SeatLink:
        seat, token = service.take_open_seat(game_id, body.name, body.seat)
        base = str(request.base_url).rstrip("/")
        return SeatLink(seat=seat, token=token, url=f"{base}/play/{token}")

    @api.get("/games/{game_id}", summary="A spectator's state: public information only")
    def spectate(game_id: str, svg: bool = True) -> Response:
        return state_of(game_id, None, svg)

    @api.get("/games/{game_id}/record", summary="The game record, once the game is over")
    def record(game_id: str) -> JSONResponse:
        return JSONResponse(service.record(game_id).to_dict(), headers={
            "Content-Disposition": f'attachment; filename="{game_id}.json"'})

    @api.get("/games/{game_id}/replay", summary="A spectator's look back at the game")
    def spectator_replay(game_id: str, step: int | None = None,
                         svg: bool = True) -> JSONResponse:
        """The position after ``step`` decisions (clamped to those made so far; left out:
        the position now) as the spectator saw it, and the log of every decision so far."""
        return JSONResponse(service.look_back(game_id, None, step, svg=svg))

    @api.get("/seat", summary="Your seat's state: its view, legal actions, log, board")
    def seat_state(x_seat_token: Annotated[str, Header()], svg: bool = True) -> Response:
        """``svg=false`` leaves out the board's picture (for programs that play)."""
        seat = service.seat_of(x_seat_token)
        return state_of(seat.game_id, seat.seat, svg, bot=seat.bot, name=seat.name)

    @api.get("/seat/replay", summary="Your seat's look back at its game, a decision at a time")
    def seat_replay(x_seat_token: Annotated[str, Header()], step: int | None = None,
                    svg: bool = True) -> JSONResponse:
        """The position after ``step`` decisions (clamped to those made so far; left out:
        the position now) as your seat saw it — ``view``, ``svg`` (nothing on it to click) —
        and ``log``, every decision so far as your seat was told of it."""
        seat = service.seat_of(x_seat_token)
        return JSONResponse(service.look_back(seat.game_id, seat.seat, step, svg=svg))

    @api.post("/seat/join", summary="Take the seat a join link holds (again: the same seat)")
    def join(body: JoinSeat, x_seat_token: Annotated[str, Header()]) -> dict[str, Any]:
        seat = service.join(x_seat_token, body.name)
        return {"game_id": seat.game_id, "seat": seat.seat, "name": seat.name}

    @api.post("/seat/act", summary="Make a move for your seat")
    def act(body: Act, x_seat_token: Annotated[str, Header()],
            after: BackgroundTasks) -> Acted:
        """The move is committed when this answers 200; the answer is short (GET /api/seat
        gives the whole new state)."""
        with timing.handler():
            seat = service.seat_of(x_seat_token)
            live = service.act(seat.game_id, seat.seat, body.action, turn=body.turn)

        # The game's bots are set moving once the answer is sent, on the event loop: a bot's
        # thread woken here took the interpreter lock from the rest of this request (its
        # answer waited for the bot's decision and move, some 5 ms of CPU and more).
        async def kick_bots() -> None:
            kick(seat.game_id)

        after.add_task(kick_bots)
        return Acted(game_id=seat.game_id, seat=seat.seat, action=body.action,
                     decisions=live.decisions, to_move=list(live.state.to_move()),
                     over=live.state.is_over())

    @api.post("/seat/rematch", summary="A seat in the rematch of your finished game")
    def rematch(x_seat_token: Annotated[str, Header()], request: Request) -> SeatLink:
        """Your own seat in the rematch: the first to ask sets it up (same game, options,
        clock and bots), each player gets their seat by their own link, and asking again
        gives the same seat and token."""
        game_id, seat, token = service.rematch(x_seat_token)
        kick(game_id)
        base = str(request.base_url).rstrip("/")
        return SeatLink(seat=seat, token=token, url=f"{base}/play/{token}")

    @api.post("/seat/bot", summary="Hand your seat to a bot, or take it back (bot: null)")
    def hand_over(body: HandOver, x_seat_token: Annotated[str, Header()]) -> dict[str, Any]:
        seat = service.set_bot(x_seat_token, body.bot)
        kick(seat.game_id)
        return {"game_id": seat.game_id, "seat": seat.seat, "bot": seat.bot}

    @api.post("/seat/hint", summary="The hint bot's three favourite actions for your seat")
    async def hint(x_seat_token: Annotated[str, Header()]) -> dict[str, Any]:
        """From your seat's information only: each action with its share of the search and
        the estimated win chance after it. For the seat to move; once per few seconds (429)."""
        if hints is None:
            raise ServiceError(_("this server gives no hints"))
        return await hints.ask(x_seat_token)

    return api


class Announcer:
    """Wakes the live-update streams of a game when it changes. Changes happen in worker
    threads; the streams wait on the event loop, so the wake-up crosses with
    ``call_soon_threadsafe`` (no stream polls)."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: dict[str, set[asyncio.Event]] = {}

    def changed(self, game_id: str) -> None:
        loop = self.loop
        if loop is not None and game_id in self.waiting:
            loop.call_soon_threadsafe(self._wake, game_id)

    def _wake(self, game_id: str) -> None:
        for event in self.waiting.get(game_id, ()):
            event.set()

    def add(self, game_id: str, event: asyncio.Event) -> None:
        self.loop = asyncio.get_running_loop()
        self.waiting.setdefault(game_id, set()).add(event)

    def remove(self, game_id: str, event: asyncio.Event) -> None:
        events = self.waiting.get(game_id)
        if events is not None:
            events.discard(event)
            if not events:
                del self.waiting[game_id]


KEEP_ALIVE = 15.0  # seconds of quiet before a comment line keeps proxies from closing it


async def version_stream(service: GameService, announcer: Announcer,
                         game_id: str) -> AsyncIterator[str]:
    """Server-sent events: an ``update`` each time the game changes (a closed connection ends
    the stream: Starlette cancels it)."""
    event = asyncio.Event()
    announcer.add(game_id, event)
    try:
        seen = -1
        while True:
            version = service.versions.get(game_id, 0)
            if version != seen:
                seen = version
                yield f"event: update\ndata: {version}\n\n"
                continue
            event.clear()
            if service.versions.get(game_id, 0) != seen:
                continue
            try:
                await asyncio.wait_for(event.wait(), KEEP_ALIVE)
            except TimeoutError:
                yield ": still here\n\n"
    finally:
        announcer.remove(game_id, event)


def events_response(service: GameService, announcer: Announcer,
                    game_id: str) -> StreamingResponse:
    return StreamingResponse(version_stream(service, announcer, game_id),
                             media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
