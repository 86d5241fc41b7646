"""The database tables: games, their seats, and each game's move log (append-only but
for a rules upgrade, see :class:`Move`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class Game(Base):
    """One game: what was set up (the seed stays here until the game is over)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int]
    seed: Mapped[str] = mapped_column(String(24))  # text: a 64-bit seed overflows BIGINT
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    edition: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    public: Mapped[bool] = mapped_column(default=True)  # listed in the lobby while seats are open
    # A clock per move: a person's seat that has not moved this long after the last move is
    # moved for by a bot (None: no clock).
    move_seconds: Mapped[int | None] = mapped_column(nullable=True)
    over: Mapped[bool] = mapped_column(default=False)
    decisions: Mapped[int] = mapped_column(default=0)  # decisions so far (bumped per move)
    # The game's rules version (GameInfo.rules_version) its move log is of. None: a game made
    # before this column was (the service finds the version its log replays under). Added to
    # older databases by ``store.add_missing_columns``.
    rules_version: Mapped[str | None] = mapped_column(String(32), nullable=True)
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)  # the next game
    created: Mapped[datetime] = mapped_column(default=now)
    updated: Mapped[datetime] = mapped_column(default=now)

    seats: Mapped[list[Seat]] = relationship(back_populates="game_row", order_by="Seat.seat",
                                             lazy="selectin")


class Seat(Base):
    """A seat: who holds it (a token's digest, a bot spec, a display name)."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seat: Mapped[int]
    # sha256 of the seat's token: a copy of the database hands out no seats
    token_digest: Mapped[str] = mapped_column(String(64), unique=True)
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)  # a bot spec, or human
    claimed: Mapped[bool] = mapped_column(default=False)  # a person has taken the seat
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)

    game_row: Mapped[Game] = relationship(back_populates="seats")


class Move(Base):
    """One entry of a game's record, in order: a decision or a chance outcome.

    Append-only: rows are inserted, never changed, with one exception. A game whose rules
    version is older than the engine's has its log rewritten once, in one transaction, to the
    log of the upgraded game: the decisions the old version did not ask for are inserted (the
    other rows keep everything but their ``index``). ``(game_id, index)`` is unique, so of two
    moves racing for the same turn exactly one commits."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("game_id", "index"), Index("ix_moves_game", "game_id"))

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    index: Mapped[int]
    seat: Mapped[int | None] = mapped_column(nullable=True)  # None: a chance outcome
    action: Mapped[str | None] = mapped_column(Text, nullable=True)
    chance: Mapped[str | None] = mapped_column(Text, nullable=True)
    outcome: Mapped[Any] = mapped_column(JSON, nullable=True)
    # What the mover reads of its decision, and what the others read (announce); a sealed
    # choice shows the others only that it was made.
    described: Mapped[str | None] = mapped_column(Text, nullable=True)
    announced: Mapped[str | None] = mapped_column(Text, nullable=True)
    sealed: Mapped[bool] = mapped_column(default=False)
    # The seats still to choose in the sealed choice after this decision (empty: none), so a
    # rebuilt game knows whether the next decision is sealed too.
    sealed_left: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    by_bot: Mapped[bool] = mapped_column(default=False)
    timed_out: Mapped[bool] = mapped_column(default=False)  # a bot moved for a late person
    made: Mapped[datetime] = mapped_column(default=now)


class TimeBank(Base):
    """A game's time-bank clock, like a chess clock: each seat has a bank of seconds, spends
    it while it is to move and gains ``increment_seconds`` per move it makes. A seat whose
    bank runs out is moved for by a bot and plays on with the increment alone.

    A table of its own (not columns of ``games``): databases made before time banks existed
    get it from ``create_all`` without a migration. Times are seconds since the epoch."""

    __tablename__ = "time_banks"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    bank_seconds: Mapped[int]
    increment_seconds: Mapped[int]
    # seat (as text: JSON keys) -> seconds left when its current turn began, or after its
    # last move
    left: Mapped[dict[str, float]] = mapped_column(JSON)
    # seat -> when its current turn began (only the seats to move are here)
    since: Mapped[dict[str, float]] = mapped_column(JSON)


class BotLease(Base):
    """Which server process moves a game's bots (several processes on PostgreSQL: see
    :mod:`regalia.server.leases`): the owner's number, alive while that process holds its
    advisory lock. No foreign key: a lease outlives nothing, and a game dropped (a rematch
    set up twice) leaves at most a row nobody asks about."""

    __tablename__ = "bot_leases"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[int]


class VisitorGame(Base):
    """A game created through the web, by whom: a digest of the visitor's address, kept only
    as long as the per-visitor limit looks back (see :mod:`regalia.server.limits`), so the
    limit on new games holds across every server process sharing the database."""

    __tablename__ = "visitor_games"
    __table_args__ = (Index("ix_visitor_games_visitor_made", "visitor", "made"),)

    id: Mapped[int] = mapped_column(primary_key=True, autoincrement=True)
    visitor: Mapped[str] = mapped_column(String(64))
    made: Mapped[datetime] = mapped_column(default=now, index=True)
