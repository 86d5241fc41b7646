"""Where the games are kept: the database URL (default: a SQLite file in the data dir)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from regalia.server.models import Base


def data_dir() -> Path:
    """The user's data directory for Regalia (XDG on Unix, %APPDATA% on Windows)."""
    if os.name == "nt" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "regalia"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "regalia"


def default_url() -> str:
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'games.db'}"


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (SQLAlchemy's default driver is psycopg2)."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def open_engine(url: str | None = None) -> Engine:
    """A database engine with the tables created, and the columns added since a table was
    first made (:func:`add_missing_columns`).

    SQLite runs in WAL mode with ``synchronous=NORMAL``: a commit is written to the log before
    the move is acknowledged, so it survives a crash of the server (``kill -9``); only a power
    cut or a crash of the machine may lose the last moments' moves (``FULL`` would sync every
    commit to the disk, at several milliseconds a move). PostgreSQL syncs every commit."""
    url = normalise_url(url or default_url())
    kwargs: dict[str, Any] = {}
    if url.startswith("sqlite"):
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    engine = create_engine(url, **kwargs)
    if url.startswith("sqlite"):
        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            cur = conn.cursor()
            if ":memory:" not in url and url != "sqlite://":
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    Base.metadata.create_all(engine)
    add_missing_columns(engine)
    return engine


# Columns added to a table after it was first released, as (table, column) of the models:
# ``create_all`` makes missing tables but never alters an existing one, so a database made by
# an older server gets these when it is opened. Each is nullable (old rows have no value).
ADDED_COLUMNS: tuple[tuple[str, str], ...] = (
    ("games", "rules_version"),
)


def add_missing_columns(engine: Engine) -> list[str]:
    """Add to the database the :data:`ADDED_COLUMNS` it lacks; returns those added."""
    added = []
    for table, name in ADDED_COLUMNS:
        if name in _columns(engine, table):
            continue
        column = Base.metadata.tables[table].c[name]
        quote = engine.dialect.identifier_preparer.quote
        ddl = (f"ALTER TABLE {quote(table)} ADD COLUMN {quote(name)} "
               f"{column.type.compile(dialect=engine.dialect)}")
        try:
            with engine.begin() as conn:
                conn.execute(text(ddl))
        except DBAPIError:
            # Another server process opening the same database (PostgreSQL) added it first.
            if name not in _columns(engine, table):
                raise
            continue
        added.append(f"{table}.{name}")
    return added


def _columns(engine: Engine, table: str) -> set[str]:
    return {c["name"] for c in inspect(engine).get_columns(table)}


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
