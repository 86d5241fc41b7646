"""The game service: create, join, act and read games kept as append-only move logs.

A game lives in the database as its setup (game, players, options, edition, seed, rules
version) and its record's entries in order; the live state is rebuilt by replaying them and
cached per process. A move is applied to a copy of the cached state, written in one
transaction, and only after the commit becomes the cached state and is acknowledged.
``(game, index)`` is unique in the move log, so of two moves racing for the same turn (threads
or processes) exactly one commits.

A game logged under older rules than the engine's (``GameInfo.older_rules``) is upgraded the
first time it is rebuilt: its log is rewritten, once, to the upgraded game's (see :func:`load`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import (
    ColumnElement,
    CursorResult,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

import regalia
from regalia.engine import (
    Action,
    IllegalAction,
    InvalidRecord,
    MalformedAction,
    Record,
    RegaliaError,
    State,
)
from regalia.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES, _, language, speaking
from regalia.server import timing
from regalia.server.banks import MAX_BANK, MAX_INCREMENT, MIN_BANK, Banks
from regalia.server.levels import BotPolicy
from regalia.server.models import Game, Move, Seat, TimeBank, now
from regalia.server.payloads import (
    SeatRow,
    TableRow,
    decision_lines,
    game_names,
    look_back_payload,
    seat_payload,
)

MAX_NAME = 40  # characters of a display name
OPEN, ME = "open", "me"  # seat kinds at creation besides a bot spec
NOTIFY_CHANNEL = "regalia_moves"  # (regalia.server.notify listens on it)
PAYLOADS_KEPT = 2000  # seat payloads kept (each a reader's latest position of a game)
UPGRADE_TRIES = 3  # reads of a game whose upgrade another process or thread may overtake


class ServiceError(RegaliaError):
    """A request the service refuses; ``status`` is its HTTP status."""

    status = 400


class NotFound(ServiceError):
    status = 404


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class UnknownRules(ServiceError):
    """A game logged under a rules version this server neither plays nor upgrades from (a
    newer server's, say). Not a :class:`Conflict`, which bots and clocks look again after:
    looking again changes nothing here."""

    status = 409


def new_token() -> str:
    """An unguessable seat token (192 random bits)."""
    return secrets.token_urlsafe(24)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def rematch_token(token: str, rematch: str) -> str:
    """The token of a seat's place in the rematch ``rematch``, derived from the seat's own
    token: only its holder can work it out, asking again gives the same one, and the server
    still keeps only digests."""
    raw = hashlib.sha256(f"regalia-rematch:{rematch}:{token}".encode(
        "utf-8", "surrogatepass")).digest()
    return base64.urlsafe_b64encode(raw[:24]).decode("ascii")


@dataclass(frozen=True)
class Decision:
    """One decision of the log, with what its mover and the others read of it."""

    seat: int
    action: str
    described: str
    announced: str
    sealed: bool
    by_bot: bool
    timed_out: bool = False
    # language -> (described, announced) in it; ``described``/``announced`` are the English
    # (the move log's columns), the others are worded when the move is made or first shown
    worded: Mapping[str, tuple[str, str]] = field(default_factory=dict, compare=False)

    def words(self, lang: str) -> tuple[str, str]:
        """(described, announced) in ``lang``; the English where it was never worded."""
        return self.worded.get(lang) or (self.described, self.announced)


@dataclass
class Live:
    """A game's rebuilt state, as of ``entries`` rows of its move log; ``log`` holds its
    decisions (shared by the states after it: a list only ever appended to)."""

    state: State
    entries: int
    decisions: int
    sealed_left: frozenset[int] = frozenset()
    log: tuple[Decision, ...] = ()


@dataclass
class SeatInfo:
    """What a request holding a token is: a seat of a game."""

    game_id: str
    seat: int
    bot: str | None
    name: str | None


@dataclass
class Created:
    game_id: str
    tokens: dict[int, str]  # seat -> token, for the open seats and "me" seats
    me: list[int] = field(default_factory=list)


class GameService:
    """Everything the web front end does to games, over one database."""

    def __init__(self, sessions: sessionmaker[Session],
                 on_change: Callable[[str], None] | None = None, *,
                 notify: bool = False) -> None:
        self.sessions = sessions
        self.notify = notify  # tell other server processes of each move (PostgreSQL)
        # SQLite has one writer at a time: this process's writers queue here, each woken the
        # moment the one before commits, instead of on SQLite's lock, which a writer finding
        # it taken polls in growing sleeps (1, 2, 5, 10, 15, 20 ms...: a move that met
        # another table's move or a bot's waited tens of milliseconds). PostgreSQL locks rows:
        # its writers go on side by side.
        bind = sessions.kw.get("bind")
        self.writing: AbstractContextManager[Any] = threading.RLock() \
            if bind is not None and bind.dialect.name == "sqlite" else nullcontext()
        self.on_change = on_change or (lambda game_id: None)
        self._live: dict[str, Live] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self.versions: dict[str, int] = {}  # bumped on every change; live updates poll it
        # (game, seat, svg, language) -> (its position, its payload's JSON): a reader's
        # latest position only (the others will not be read again)
        self._payloads: dict[tuple[Any, ...], tuple[tuple[int, int], bytes]] = {}
        # The hot paths (a move, a seat's read, a bot's turn) run these statements of the
        # tables on a connection, not through the ORM's session: a session and the ORM's
        # handling of its statements were half of a move's CPU in the server, and a move's
        # time holding SQLite's writer lock is what the other tables' moves wait for.
        self.engine: Engine = sessions.kw["bind"]
        games, seats, moves = (cast("Table", model.__table__) for model in (Game, Seat, Move))
        self._seat_by_token = select(seats.c.game_id, seats.c.seat, seats.c.bot, seats.c.name
                                     ).where(seats.c.token_digest == bindparam("digest"))
        self._bots_of = select(seats.c.seat, seats.c.bot).where(
            seats.c.game_id == bindparam("game"), seats.c.bot.is_not(None))
        self._table = select(games.c.id, games.c.rematch, games.c.move_seconds, games.c.updated,
                             seats.c.seat, seats.c.bot, seats.c.name, seats.c.claimed).outerjoin(
            seats, seats.c.game_id == games.c.id).where(
            games.c.id == bindparam("game")).order_by(seats.c.seat)
        self._count = select(func.count()).select_from(moves).where(
            moves.c.game_id == bindparam("game"))
        # (a seat's row updated to the bot it has: see _bot_holds)
        self._hold_seat = update(seats).where(
            seats.c.game_id == bindparam("game"), seats.c.seat == bindparam("at"),
            seats.c.bot == bindparam("held_by")).values(bot=bindparam("held_by"))
        self._insert_moves = insert(moves)
        self._moved = update(games).where(games.c.id == bindparam("moved_game")).values(
            decisions=bindparam("decisions_now"), over=bindparam("over_now"),
            updated=bindparam("updated_now"))
        self._banks = banks = cast("Table", TimeBank.__table__)
        self._bank_of = select(banks).where(banks.c.game_id == bindparam("game"))
        # The time banks' clock (seconds since the epoch): tests hand in a fake one.
        self.clock: Callable[[], float] = time.time
        self._banked: dict[str, bool] = {}  # game -> has a time bank (fixed at creation)
        # A bot spec as a web seat may have it, written out in full; refuses any other (the
        # server's caps: create_app puts its own policy here).
        self.check_bot: Callable[[str], str] = BotPolicy().check
        # Called when a seat is handed to a bot or taken back: the runner cancels the game's
        # search under way (its move, if it comes, is dropped).
        self.on_bots_changed: Callable[[str], None] = lambda game_id: None

    # ------------------------------------------------------------------ plumbing
    def lock(self, game_id: str) -> threading.Lock:
        with self._locks_guard:
            lock = self._locks.get(game_id)
            if lock is None:
                lock = self._locks[game_id] = threading.Lock()
            return lock

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self.sessions() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Connection]:
        """A connection for the hot paths' reads (statements of the tables, no session)."""
        with self.engine.connect() as conn:
            yield conn

    def changed(self, game_id: str) -> None:
        self.versions[game_id] = self.versions.get(game_id, 0) + 1
        self.on_change(game_id)

    def payload(self, game_id: str, seat: int | None, *, svg: bool = True) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is sent about the game (:meth:`payload_json`)."""
        return cast("dict[str, Any]", json.loads(self.payload_json(game_id, seat, svg=svg)))

    def payload_json(self, game_id: str, seat: int | None, *, svg: bool = True) -> bytes:
        """What ``seat`` (None: a spectator) is sent about the game, as a JSON object: built
        from its view, and kept until the game changes (a table polled by many is drawn once
        a position). Kept as text, not as the dict it was made from: the garbage collector
        walks every object a cache holds in each of its full collections (a payload is about a
        hundred), and those collections were the tail of a move's time."""
        live = self.live(game_id)
        lang = language()
        key = (game_id, seat, svg, lang)
        position = (self.versions.get(game_id, 0), live.entries)
        cached = self._payloads.get(key)
        if cached is not None and cached[0] == position:
            return cached[1]
        worded_in(live, lang)
        payload = seat_payload(self.table_row(game_id), live.state, seat, live.decisions,
                               live.log, svg=svg)
        banks = self.banks(game_id)
        payload["banks"] = banks.public() if banks is not None and not live.state.is_over() \
            else None
        body = json_bytes(payload)
        if len(self._payloads) >= PAYLOADS_KEPT and key not in self._payloads:
            self._payloads.clear()  # crude, but bounded; games come and go
        self._payloads[key] = (position, body)
        return body

    def look_back(self, game_id: str, seat: int | None, step: int | None = None,
                  *, svg: bool = True) -> dict[str, Any]:
        """The game after ``step`` of its decisions so far (clamped to them; None: all of
        them, the position now) as ``seat`` (None: a spectator) saw it, with every decision so
        far as it was told of them (:func:`look_back_payload`). The position is replayed from
        the game's record, which stays here: only its view leaves."""
        live = self.live(game_id)
        worded_in(live, language())
        total = live.decisions
        step = total if step is None else max(0, min(step, total))
        state = regalia.replay(live.state.record(), steps=step)
        return look_back_payload(self.table_row(game_id), state, seat, step, total, live.log,
                                 live.state.is_over(), svg=svg)

    def decision_lines(self, game_id: str, seat: int | None) -> list[str]:
        """Every decision so far, a line each, as ``seat`` (None: a spectator) was told of it
        (in full once the game is over), in the language in force."""
        live = self.live(game_id)
        worded_in(live, language())
        return decision_lines(seat, live.log, game_names(live.state), live.state.is_over())

    # ------------------------------------------------------------------ creating
    def create(self, game: str, players: int | None, seats: Sequence[str], *,
               options: dict[str, Any] | None = None, edition_toml: str | None = None,
               seed: int | None = None, public: bool = False, name: str | None = None,
               move_seconds: int | None = None, bank_seconds: int | None = None,
               increment_seconds: int | None = None) -> Created:
        """A new game; each seat is ``open``, ``me`` or a bot spec (as :attr:`check_bot`
        allows). A clock is either ``move_seconds`` per move, or a bank of ``bank_seconds`` per
        seat plus ``increment_seconds`` per turn. Its open seats are reached by their links
        only unless ``public`` (listed in the lobby, where anyone may take one)."""
        check_clock(move_seconds, bank_seconds, increment_seconds)
        info = regalia.get_game(game)
        count = info.check_players(players if players is not None else len(seats) or
                                   info.default_players)
        kinds = list(seats) or [ME] + [OPEN] * (count - 1)
        if len(kinds) != count:
            raise ServiceError(_("{count} players need {count} seats, not {seats}").format(
                count=count, seats=len(kinds)))
        bots = [None if k in (OPEN, ME) else self.check_bot(k) for k in kinds]
        resolved = info.resolve_options(options or {})
        seed = secrets.randbits(48) if seed is None else seed
        # A string edition is TOML text, never a file name: a request cannot make us read one.
        state = regalia.new_game(info.id, count, seed=seed, edition=edition_toml, **resolved)
        setup = state.moves()  # the chance outcomes of the setup: the log's first entries
        game_id = secrets.token_urlsafe(8)
        tokens: dict[int, str] = {}
        me: list[int] = []
        with self.writing, self.session() as session:
            row = Game(id=game_id, game=info.id, players=count, seed=str(seed),
                       options=resolved, edition=state.record().edition, public=public,
                       move_seconds=move_seconds, rules_version=info.rules_version)
            session.add(row)
            for seat, (kind, spec) in enumerate(zip(kinds, bots, strict=True)):
                token = new_token()
                if spec is None:
                    tokens[seat] = token
                if kind == ME:
                    me.append(seat)
                session.add(Seat(game_id=game_id, seat=seat, token_digest=digest(token),
                                 bot=spec, claimed=kind == ME,
                                 name=clean_name(name) if kind == ME else None))
            session.flush()  # the game row first: the moves refer to it
            if bank_seconds is not None:
                banks = Banks.new(bank_seconds, increment_seconds or 0, count,
                                  state.to_move(), self.clock())
                session.add(TimeBank(game_id=game_id, bank_seconds=bank_seconds,
                                     increment_seconds=increment_seconds or 0,
                                     **banks.row_values()))
            for index, entry in enumerate(setup):
                session.add(Move(game_id=game_id, index=index, chance=entry["chance"],
                                 outcome=entry["outcome"]))
            session.commit()
        self._live[game_id] = Live(state, len(setup), 0)
        self._banked[game_id] = bank_seconds is not None
        self.changed(game_id)
        return Created(game_id, tokens, me)

    # ------------------------------------------------------------------ reading
    def seat_of(self, token: str) -> SeatInfo:
        """The seat a token holds; any token that holds none is refused (403)."""
        if not isinstance(token, str) or not 8 <= len(token) <= 100:
            raise Forbidden(_("this link holds no seat"))
        with self.reading() as conn:
            row = conn.execute(self._seat_by_token, {"digest": digest(token)}).first()
        if row is None:
            raise Forbidden(_("this link holds no seat"))
        return SeatInfo(row.game_id, row.seat, row.bot, row.name)

    def game_row(self, game_id: str) -> Game:
        with self.session() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise NotFound(_("no such game"))
            return row

    def table_row(self, game_id: str) -> TableRow:
        """What a seat's payload needs of the game's row and its seats, in one statement of
        columns (a seat read's: the ORM's row and its seats' second query took 1.5 ms of the
        read's 3-4 ms of CPU)."""
        with self.reading() as conn:
            rows = conn.execute(self._table, {"game": game_id}).all()
        if not rows:
            raise NotFound(_("no such game"))
        first = rows[0]
        return TableRow(first.id, first.rematch, first.move_seconds, first.updated,
                        tuple(SeatRow(r.seat, r.bot, r.name, bool(r.claimed)) for r in rows
                              if r.seat is not None))

    def live(self, game_id: str) -> Live:
        """The game's state as of its last committed move (rebuilt when another process moved
        it on, or when this process has not seen it yet)."""
        if not self.notify:
            # SQLite: this process is the file's only writer (``regalia serve`` refuses
            # several workers on it), so a game it has cached is as committed: no query.
            cached = self._live.get(game_id)
            if cached is not None:
                return cached
        for _attempt in range(UPGRADE_TRIES):
            with self.session() as session:
                entries = session.execute(self._count, {"game": game_id}).scalar() or 0
                cached = self._live.get(game_id)
                if cached is not None and cached.entries == entries:
                    return cached
                row = session.get(Game, game_id)
                if row is None:
                    raise NotFound(_("no such game"))
                moves = list(session.scalars(select(Move).where(Move.game_id == game_id)
                                             .order_by(Move.index)))
            live, upgrade = load(row, moves)
            if upgrade is None or self._upgrade(game_id, upgrade):
                self._live[game_id] = live
                if upgrade is not None and upgrade.rows is not None:
                    self.changed(game_id)  # its players' turn count grew: they look again
                return live
            # Another process or thread wrote first (it upgraded the game, or moved in it):
            # read again what it wrote.
        raise Conflict(_("the game is being brought up to date; look again"))

    def _upgrade(self, game_id: str, upgrade: Upgrade) -> bool:
        """Write ``upgrade`` in one transaction if the game's row is still as it was read
        (same rules version and decision count: no other process or thread upgraded the game
        or moved in it since); False when it is not, and nothing is written."""
        was: ColumnElement[bool] = Game.rules_version.is_(None) if upgrade.was is None \
            else Game.rules_version == upgrade.was
        with self.writing, self.session() as session:
            try:
                # (an UPDATE's result is a cursor's, with its row count; typed as any result)
                claimed = cast("CursorResult[Any]", session.execute(
                    update(Game).where(Game.id == game_id, was,
                                       Game.decisions == upgrade.decisions_was)
                    .values(rules_version=upgrade.version, decisions=upgrade.decisions),
                    execution_options={"synchronize_session": False}))
                if claimed.rowcount != 1:
                    session.rollback()
                    return False
                if upgrade.rows is not None:
                    # The row above is locked until the commit: a second upgrader waits for it,
                    # then finds the version changed and writes nothing.
                    session.execute(delete(Move).where(Move.game_id == game_id),
                                    execution_options={"synchronize_session": False})
                    session.execute(insert(Move), upgrade.rows)
                    if self.notify:  # the other processes' players look again
                        session.execute(text("SELECT pg_notify(:channel, :game)"),
                                        {"channel": NOTIFY_CHANNEL, "game": game_id})
                session.commit()
            except IntegrityError:  # a move inserted meanwhile took an index of the new log
                session.rollback()
                return False
        return True

    def banks(self, game_id: str, conn: Connection | None = None) -> Banks | None:
        """The game's time banks as committed (None: the game has none); read on ``conn``
        (a move's transaction) if given."""
        if self._banked.get(game_id) is False:
            return None  # most games: no query
        if conn is None:
            with self.reading() as own:
                return self.banks(game_id, own)
        row = conn.execute(self._bank_of, {"game": game_id}).first()
        self._banked[game_id] = row is not None
        if row is None:
            return None
        return Banks.from_row(row.bank_seconds, row.increment_seconds, row.left, row.since)

    def record(self, game_id: str) -> Record:
        """The full record, seed included: only once the game is over."""
        row = self.game_row(game_id)
        live = self.live(game_id)
        if not live.state.is_over():
            raise Forbidden(_("the record (and the seed) stay on the server until the game is "
                              "over"))
        names = {s.seat: s.name or s.bot for s in row.seats}
        return live.state.record(app=f"regalia {regalia.__version__} (web)",
                                 seats=[names.get(s) for s in range(row.players)])

    def log(self, game_id: str) -> tuple[Decision, ...]:
        """The game's decisions in order (as of its last committed move)."""
        return self.live(game_id).log

    def open_games(self, limit: int = 50) -> list[tuple[Game, list[int]]]:
        """Public games not over with seats nobody has taken: (game, free seats)."""
        with self.session() as session:
            rows = session.scalars(select(Game).where(Game.public.is_(True), Game.over.is_(False))
                                   .order_by(Game.created.desc()).limit(500))
            out = []
            for row in rows:
                free = [s.seat for s in row.seats if s.bot is None and not s.claimed]
                if free:
                    out.append((row, free))
                if len(out) >= limit:
                    break
            return out

    # ------------------------------------------------------------------ seats
    def join(self, token: str, name: str | None) -> SeatInfo:
        """Take the seat a join link holds (a reload or a second device: the same seat)."""
        info = self.seat_of(token)
        with self.writing, self.session() as session:
            row = session.scalar(select(Seat).where(Seat.token_digest == digest(token)))
            assert row is not None
            row.claimed = True
            if name:
                row.name = clean_name(name)
            session.commit()
            info.name = row.name
        self.changed(info.game_id)
        return info

    def take_open_seat(self, game_id: str, name: str | None,
                       seat: int | None = None) -> tuple[int, str]:
        """Take a free seat of a game listed in the lobby: a fresh token for it (the link
        handed out at creation stops working, so a seat never has two strangers). A game not
        listed takes no one this way: its seats are for those its links were given to."""
        with self.lock(game_id), self.writing, self.session() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise NotFound(_("no such game"))
            if not row.public or row.over:
                raise Forbidden(_("this game takes no one from the lobby"))
            free = [s for s in row.seats if s.bot is None and not s.claimed
                    and (seat is None or s.seat == seat)]
            if not free:
                raise Conflict(_("no free seat left at this table"))
            chosen = free[0]
            token = new_token()
            chosen.token_digest = digest(token)
            chosen.claimed = True
            chosen.name = clean_name(name) if name else None
            session.commit()
            number = chosen.seat
        self.changed(game_id)
        return number, token

    def rematch(self, token: str) -> tuple[str, int, str]:
        """The token's seat in the rematch of its finished game: the same seat, reached
        through this link alone. The first to ask sets the rematch up (same game, options,
        edition, clock; a seat a bot held from the start keeps its bot, every other seat is
        kept for whoever held it); each player gets their own seat by asking with their own
        link, and asking again (a double click, a retried request) gives the same seat and
        the same token, so nobody takes two. Returns (game, seat, token)."""
        info = self.seat_of(token)
        with self.lock(info.game_id):
            row = self.game_row(info.game_id)
            if not row.over:
                raise Conflict(_("the game is not over yet"))
            rematch = row.rematch or self._set_up_rematch(row)
        mine = rematch_token(token, rematch)
        with self.lock(rematch), self.writing, self.session() as session:
            seat = session.scalar(select(Seat).where(Seat.game_id == rematch,
                                                     Seat.seat == info.seat))
            if seat is None:
                raise NotFound(_("no such game"))
            if seat.token_digest != digest(mine):
                if seat.claimed or seat.bot is not None:
                    raise Conflict(_("your seat in the rematch is not free"))
                seat.token_digest = digest(mine)
                seat.claimed = True
                seat.name = info.name
                session.commit()
        self.changed(rematch)
        return rematch, info.seat, mine

    def _set_up_rematch(self, row: Game) -> str:
        """Create the rematch of the finished game ``row`` and record it; returns its id (the
        one another process recorded first, if one did: the game made here is dropped)."""
        kinds = [s.bot if s.bot is not None and not s.claimed else OPEN for s in row.seats]
        created = self.create(row.game, row.players, kinds, options=dict(row.options),
                              edition_toml=(row.edition or {}).get("toml"), public=False,
                              name=None, move_seconds=row.move_seconds,
                              **self._bank_setup(row.id))
        with self.writing, self.session() as session:
            recorded = cast("CursorResult[Any]", session.execute(
                update(Game).where(Game.id == row.id, Game.rematch.is_(None))
                .values(rematch=created.game_id),
                execution_options={"synchronize_session": False}))
            session.commit()
            if recorded.rowcount == 1:
                self.changed(row.id)
                return created.game_id
            for table in (Move, Seat, TimeBank):
                session.execute(delete(table).where(table.game_id == created.game_id))
            session.execute(delete(Game).where(Game.id == created.game_id))
            session.commit()
            first = session.scalar(select(Game.rematch).where(Game.id == row.id))
        self._live.pop(created.game_id, None)
        assert first is not None
        return first

    def _bank_setup(self, game_id: str) -> dict[str, int]:
        banks = self.banks(game_id)
        if banks is None:
            return {}
        return {"bank_seconds": banks.bank, "increment_seconds": banks.increment}

    def set_bot(self, token: str, spec: str | None) -> SeatInfo:
        """Hand the token's seat to a bot (``spec``, as :attr:`check_bot` allows) or take it
        back (None). A search of the seat's former bot under way is cancelled: its move, if it
        comes, is refused (:meth:`act` checks the seat's bot in the move's transaction)."""
        info = self.seat_of(token)
        checked = None if spec is None else self.check_bot(spec)
        with self.writing, self.session() as session:
            session.execute(update(Seat).where(Seat.token_digest == digest(token))
                            .values(bot=checked),
                            execution_options={"synchronize_session": False})
            if self.notify:  # the other processes cancel their searches for the game too
                session.execute(text("SELECT pg_notify(:channel, :game)"),
                                {"channel": NOTIFY_CHANNEL, "game": f"{info.game_id}:seat"})
            session.commit()
        info.bot = checked
        self.on_bots_changed(info.game_id)
        self.changed(info.game_id)
        return info

    def _bot_holds(self, conn: Connection, game_id: str, seat: int, bot: str) -> bool:
        """Whether ``bot`` still holds the seat, as the first statement of a move's
        transaction: an update of the seat's row (changing nothing) locks it until the commit,
        so a hand-over committed first refuses the move, and one committed after it follows
        the move (SQLite: the write lock; PostgreSQL: the row's lock)."""
        held = cast("CursorResult[Any]", conn.execute(
            self._hold_seat, {"game": game_id, "at": seat, "held_by": bot}))
        return held.rowcount == 1

    def bot_seats(self, game_id: str) -> dict[int, str]:
        # (rows, not ORM objects: the bots' runner asks before each of their decisions)
        with self.reading() as conn:
            return {row.seat: row.bot for row in conn.execute(
                self._bots_of, {"game": game_id}) if row.bot is not None}

    def overdue(self) -> list[tuple[str, int, list[int] | None]]:
        """Games with a clock whose seats to move are late: (game, decisions so far, the
        late seats; None: every seat to move, the per-move clock)."""
        moment = now()
        with self.session() as session:
            rows = session.execute(select(Game.id, Game.decisions, Game.updated,
                                          Game.move_seconds)
                                   .where(Game.over.is_(False), Game.move_seconds.is_not(None)))
            out: list[tuple[str, int, list[int] | None]] = [
                (r.id, r.decisions, None) for r in rows
                if (moment - r.updated).total_seconds() >= (r.move_seconds or 0)]
            clock = self.clock()
            banked = session.execute(select(Game.id, Game.decisions, TimeBank)
                                     .join(TimeBank, TimeBank.game_id == Game.id)
                                     .where(Game.over.is_(False)))
            for game_id, decisions, bank in banked:
                late = Banks.from_row(bank.bank_seconds, bank.increment_seconds, bank.left,
                                      bank.since).late(clock)
                if late:
                    out.append((game_id, decisions, late))
            return out

    def games_with_bots(self) -> list[str]:
        """Games not over with a bot in some seat (to set moving on start)."""
        with self.session() as session:
            return list(session.scalars(
                select(Game.id).join(Seat).where(Game.over.is_(False), Seat.bot.is_not(None))
                .distinct()))

    # ------------------------------------------------------------------ acting
    def act(self, game_id: str, seat: int, action_text: str, *, turn: int | None = None,
            by_bot: bool = False, timed_out: bool = False, bot: str | None = None) -> Live:
        """Apply one action for ``seat`` and commit it; returns the new live game.

        ``turn`` (the number of decisions the client saw) refuses a move made on an outdated
        position, so a double click or two devices never play twice. ``bot``: the spec of the
        bot making the move, which must still hold the seat when the move commits (a seat
        taken back from a bot, or handed to another, drops the move: 409)."""
        if not isinstance(action_text, str) or not action_text or len(action_text) > 200:
            raise ServiceError(_("an action is its notation, e.g. 'place aragon'"))
        with timing.waiting("lock", self.lock(game_id)):
            # The cached game, without counting its rows: only this process writes a SQLite
            # file, and when another process (PostgreSQL) moved it on, the insert below
            # collides with that move's row and is refused. A turn the cache has not reached
            # is looked up afresh.
            cached = self._live.get(game_id)
            live = cached if cached is not None and turn in (None, cached.decisions) \
                else self.live(game_id)
            if turn is not None and turn != live.decisions:
                raise Conflict(_("the game has moved on (decision {now}, not {turn}); look "
                                 "again").format(now=live.decisions, turn=turn))
            state = live.state.clone()
            movers = state.to_move()
            if not movers:
                raise Conflict(_("the game is over"))
            if seat not in movers:
                raise Conflict(_("it is not {seat}'s turn").format(seat=state.seat_name(seat)))
            try:
                action = state.parse_action(action_text)
            except MalformedAction as err:
                raise ServiceError(str(err)) from None
            sealed, sealed_left = seal(movers, live.sealed_left, seat)
            # Worded in every language now (the state before the move is at hand); the move
            # log keeps the English.
            worded = word(state, action, seat)
            described, announced = worded[DEFAULT_LANGUAGE]
            before = len(state.moves())
            try:
                state.apply(action, seat)
            except IllegalAction as err:
                raise Conflict(str(err)) from None
            added = state.moves()[before:]
            decision = Decision(seat, action.text, described, announced, sealed, by_bot,
                                timed_out, worded)
            rows: list[dict[str, Any]] = []
            for i, entry in enumerate(added):
                row = dict(_EMPTY_MOVE, game_id=game_id, index=live.entries + i)
                if "chance" in entry:
                    row.update(chance=entry["chance"], outcome=entry["outcome"])
                else:
                    row.update(seat=seat, action=action.text, described=described,
                               announced=announced, sealed=sealed,
                               sealed_left=sorted(sealed_left), by_bot=by_bot,
                               timed_out=timed_out)
                rows.append(row)
            # Statements of the tables on a connection, not the ORM's unit of work: a move
            # is two statements and a commit, the server's hottest path.
            with timing.waiting("lock", self.writing), timing.phase("db"):
                self._commit_move(game_id, seat, state, live, rows, bot=bot,
                                  by_bot=by_bot, timed_out=timed_out)
            new = Live(state, live.entries + len(added), live.decisions + 1, sealed_left,
                       (*live.log, decision))
            self._live[game_id] = new
        self.changed(game_id)
        return new

    def _commit_move(self, game_id: str, seat: int, state: State, live: Live,
                     rows: list[dict[str, Any]], *, bot: str | None, by_bot: bool,
                     timed_out: bool) -> None:
        """The move's statements and commit, in one transaction (the caller holds the writer
        lock); nothing of it stays when it is refused."""
        try:
            with self.engine.begin() as conn:  # commits at the end, rolls back on an error
                if bot is not None and not self._bot_holds(conn, game_id, seat, bot):
                    raise Conflict(_("the seat is no longer this bot's"))
                banks = self.banks(game_id, conn)
                if banks is not None:
                    banks.moved(seat, state.to_move(), self.clock(),
                                charged=timed_out or not by_bot, timed_out=timed_out)
                    conn.execute(update(self._banks).where(self._banks.c.game_id == game_id)
                                 .values(**banks.row_values()))
                conn.execute(self._insert_moves, rows)
                conn.execute(self._moved, {"moved_game": game_id,
                                           "decisions_now": live.decisions + 1,
                                           "over_now": state.is_over(), "updated_now": now()})
                if self.notify:  # delivered to the other processes when this commits
                    conn.execute(text("SELECT pg_notify(:channel, :game)"),
                                 {"channel": NOTIFY_CHANNEL, "game": game_id})
        except IntegrityError:
            self._live.pop(game_id, None)
            raise Conflict(_("another move was made first; look again")) from None


def json_bytes(content: Any) -> bytes:
    """``content`` as Starlette's ``JSONResponse`` writes it."""
    return json.dumps(content, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


def with_fields(body: bytes, extra: Mapping[str, Any]) -> bytes:
    """The JSON object ``body`` with the fields of ``extra`` added (none of which it has)."""
    if not extra:
        return body
    added = json_bytes(dict(extra))
    return body[:-1] + (b"," if body != b"{}" else b"") + added[1:]


def seal(movers: Sequence[int], sealed_left: frozenset[int],
         seat: int) -> tuple[bool, frozenset[int]]:
    """Whether ``seat``'s decision among ``movers`` is sealed, and the seats still to choose in
    its sealed choice after it (``sealed_left``: those before it)."""
    left = set(sealed_left)
    if len(movers) > 1 and not set(movers) <= left:
        left = set(movers)  # a new sealed simultaneous choice begins
    sealed = seat in left
    left.discard(seat)
    return sealed, frozenset(left)


def word(state: State, action: Action, seat: int) -> dict[str, tuple[str, str]]:
    """``seat``'s ``action`` on ``state`` (before it is made), (described, announced) in every
    language."""
    worded: dict[str, tuple[str, str]] = {}
    for code in LANGUAGES:
        with speaking(code):
            worded[code] = (state.describe(action), state.announce(action, seat))
    return worded


@dataclass(frozen=True)
class Upgrade:
    """What a game's row and move log become for the engine's rules version (see
    :func:`load`); :meth:`GameService._upgrade` writes it if the row is still as read."""

    version: str  # the engine's rules version
    was: str | None  # the row's, as read (None: unknown)
    decisions_was: int  # the row's decision count, as read
    decisions: int
    rows: list[dict[str, Any]] | None  # the whole new move log (None: the log stays)


def load(row: Game, moves: Sequence[Move]) -> tuple[Live, Upgrade | None]:
    """A game's live state from its setup and its move log, every move checked by replay,
    and what to write for its row and log to be of the engine's rules version (None:
    nothing).

    A log of an older version (``GameInfo.older_rules``) replays with the decisions that
    version did not ask for made by the game (``State._catch_up``): the upgraded log holds
    them too, so that it replays under the engine's version and goes on like any other. A
    row of unknown version (made before games kept theirs) is of the first version its log
    replays under: the engine's, then the older ones, newest first (a log that replays
    unchanged under the engine's version is the same game under it). A version neither the
    engine's nor an older one is refused (:class:`UnknownRules`)."""
    info = regalia.get_game(row.game)
    state, version, caught = replay_log(row, info, [entry_of(m) for m in moves])
    if version != info.rules_version:
        live, rows = upgraded(row.id, state, moves, caught)
    else:
        live, rows = logged(state, moves), None
        if row.rules_version == version:
            return live, None
    return live, Upgrade(info.rules_version, row.rules_version, row.decisions,
                         live.decisions, rows)


def rebuild(row: Game, moves: Sequence[Move]) -> Live:
    """A game's live state from its setup and its move log, every move checked by replay (of
    the engine's rules version: see :func:`load`)."""
    return load(row, moves)[0]


def entry_of(move: Move) -> dict[str, Any]:
    """A logged move as a record entry."""
    if move.seat is None:
        return {"chance": move.chance, "outcome": move.outcome}
    return {"seat": move.seat, "action": move.action}


def versions_of(row: Game, info: regalia.GameInfo) -> tuple[str, ...]:
    """The rules versions a game's log may be of, in the order to try them."""
    known = (info.rules_version, *info.older_rules)  # older ones newest first
    if row.rules_version is None:
        return known
    if row.rules_version not in known:
        raise UnknownRules(
            _("this game was played under rules version {version} of {game}, which this "
              "server cannot load: it plays version {ours} (and loads older ones: {older})")
            .format(version=row.rules_version, game=info.id, ours=info.rules_version,
                    older=", ".join(info.older_rules) or _("none")))
    return (row.rules_version,)


def replay_log(row: Game, info: regalia.GameInfo,
               entries: list[dict[str, Any]]) -> tuple[State, str, list[int]]:
    """The game replayed from its log: the state, the rules version it replayed under, and
    where the decisions caught up for an older version fall in its history."""
    failure: InvalidRecord | None = None
    for version in versions_of(row, info):
        record = Record(game=row.game, rules_version=version, players=row.players,
                        seed=int(row.seed), options=dict(row.options), moves=entries,
                        edition=row.edition)
        caught: list[int] = []
        try:
            return regalia.replay(record, caught_up=caught), version, caught
        except InvalidRecord as err:
            failure = failure or err  # the first version's (the engine's, if unknown)
    assert failure is not None
    raise failure


def logged(state: State, moves: Sequence[Move]) -> Live:
    """The live game ``state`` whose log (replayed as it is) is ``moves``."""
    decisions = [m for m in moves if m.seat is not None]
    left = frozenset(decisions[-1].sealed_left or ()) if decisions else frozenset()
    return Live(state, len(moves), len(decisions), left,
                tuple(decision_of(m) for m in decisions))


def decision_of(move: Move) -> Decision:
    assert move.seat is not None
    return Decision(move.seat, move.action or "", move.described or "", move.announced or "",
                    move.sealed, move.by_bot, move.timed_out)


def upgraded(game_id: str, state: State, moves: Sequence[Move],
             caught: Sequence[int]) -> tuple[Live, list[dict[str, Any]]]:
    """The live game ``state``, an older version's log ``moves`` upgraded by its replay, and
    its new move log: the logged rows as they were at their new places, and a row for each
    decision caught up (at the places ``caught``), worded and sealed as :meth:`GameService.act`
    would have on the position it was made on; nobody made it (no bot, no person)."""
    history = state.moves()
    added = set(caught)
    walk = regalia.replay(state.record(), steps=0)  # the game again, for the positions
    rows: list[dict[str, Any]] = []
    log: list[Decision] = []
    left: frozenset[int] = frozenset()
    old = iter(moves)
    for index, entry in enumerate(history):
        if index in added:
            seat, action = entry["seat"], walk.parse_action(entry["action"])
            sealed, left = seal(walk.to_move(), left, seat)
            worded = word(walk, action, seat)
            described, announced = worded[DEFAULT_LANGUAGE]
            rows.append(dict(_EMPTY_MOVE, game_id=game_id, index=index, seat=seat,
                             action=action.text, described=described, announced=announced,
                             sealed=sealed, sealed_left=sorted(left), made=now()))
            log.append(Decision(seat, action.text, described, announced, sealed, False, False,
                                worded))
            walk.apply(action, seat)
            continue
        move = next(old, None)
        if move is None or not _same(entry_of(move), entry):
            raise RuntimeError(f"game {game_id}: the upgraded history's entry {index} is not "
                               "its log's next move")
        rows.append(dict({k: getattr(move, k) for k in _KEPT}, game_id=game_id, index=index))
        if move.seat is not None:
            left = frozenset(move.sealed_left or ())
            log.append(decision_of(move))
            walk.apply(move.action or "", move.seat)
    if next(old, None) is not None or not _same(walk.moves(), history):
        raise RuntimeError(f"game {game_id}: its log and its upgraded history differ")
    return Live(state, len(history), len(log), left, tuple(log)), rows


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (a logged outcome comes back from the database as JSON: lists, not
    tuples)."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def worded_in(live: Live, lang: str) -> None:
    """Make sure ``live``'s decisions are worded in ``lang`` (see :func:`reword`)."""
    if lang != DEFAULT_LANGUAGE and any(lang not in d.worded for d in live.log):
        reword(live, lang)


def reword(live: Live, lang: str) -> None:
    """Word ``live``'s decisions in ``lang`` where they are not yet (a game rebuilt from its
    move log, which keeps the English): the game replayed a decision at a time, each
    described on the position it was made on."""
    try:
        record = live.state.record()
        state = regalia.replay(record, steps=0)
        log = list(live.log)
        decisions = [m for m in record.moves if "chance" not in m]
        for index, move in enumerate(decisions[:len(log)]):
            action = state.parse_action(move["action"])
            old = log[index]
            if lang not in old.worded:
                with speaking(lang):
                    words = (state.describe(action), state.announce(action, move["seat"]))
                log[index] = Decision(old.seat, old.action, old.described, old.announced,
                                      old.sealed, old.by_bot, old.timed_out,
                                      {**old.worded, lang: words})
            state.apply(action, move["seat"])
    except RegaliaError:
        return  # the English stays (a record that does not replay here is shown as kept)
    live.log = tuple(log)


_EMPTY_MOVE: dict[str, Any] = {"seat": None, "action": None, "chance": None, "outcome": None,
                               "described": None, "announced": None, "sealed": False,
                               "sealed_left": None, "by_bot": False, "timed_out": False}
# What a logged move keeps when its log is rewritten (all but its id and index)
_KEPT = (*_EMPTY_MOVE, "made")


def clean_name(name: str | None) -> str | None:
    """A display name: printable, trimmed, at most MAX_NAME characters; None when empty."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise ServiceError(_("a display name is text"))
    text = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    return text or None


def check_clock(move_seconds: int | None, bank_seconds: int | None,
                increment_seconds: int | None) -> None:
    """A game has a per-move clock, a time bank, or no clock: refuse anything else."""
    if bank_seconds is None:
        if increment_seconds is not None:
            raise ServiceError(_("an increment goes with a time bank (bank_seconds)"))
        return
    if move_seconds is not None:
        raise ServiceError(_("a game has a clock per move or a time bank, not both"))
    if not isinstance(bank_seconds, int) or not MIN_BANK <= bank_seconds <= MAX_BANK:
        raise ServiceError(_("a time bank is {low} s to {high} days").format(
            low=MIN_BANK, high=MAX_BANK // 86400))
    if increment_seconds is not None and (not isinstance(increment_seconds, int) or
                                          not 0 <= increment_seconds <= MAX_INCREMENT):
        raise ServiceError(_("an increment is 0 s to a day"))
