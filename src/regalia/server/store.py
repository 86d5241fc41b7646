"""Where the games are kept: the database URL (default: a SQLite file in the data dir)."""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, inspect, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, sessionmaker

from regalia.server.models import Base

log = logging.getLogger("regalia.server")


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


BACKSTOP_PAGES = 20_000  # pages of write-ahead log (80 MB) before a commit checkpoints itself
CHECKPOINT_EVERY = 1.0  # seconds between the Checkpointer's looks


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
                # The write-ahead log is copied into the database by the server's Checkpointer
                # thread, off the requests' path; a commit does it only past this backstop.
                cur.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_PAGES}")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()
    create_tables(engine)
    return engine


SCHEMA_LOCK = 0x52474C43  # the advisory lock ("RGLC") held while a process makes the tables


def create_tables(engine: Engine) -> None:
    """Make the missing tables and columns. On PostgreSQL one process at a time: the
    processes of ``--workers N`` start together, and two making one table at once collide
    (a duplicate key in PostgreSQL's catalog), so each waits for the others' turn."""
    if engine.dialect.name != "postgresql":
        Base.metadata.create_all(engine)
        add_missing_columns(engine)
        return
    with engine.connect() as conn:
        conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": SCHEMA_LOCK})
        conn.commit()
        try:
            Base.metadata.create_all(conn)
            conn.commit()
            add_missing_columns(engine)
        finally:
            conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": SCHEMA_LOCK})
            conn.commit()


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


class Checkpointer:
    """Copies a SQLite database's write-ahead log into the database file every
    ``CHECKPOINT_EVERY`` seconds, in a thread of its own (a passive checkpoint: it waits for no
    reader or writer, and none waits for it), so that no move's commit pays for it."""

    def __init__(self, engine: Engine, every: float = CHECKPOINT_EVERY) -> None:
        self.engine = engine
        self.every = every
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None

    @staticmethod
    def wanted(engine: Engine) -> bool:
        database = engine.url.database or ""
        return engine.dialect.name == "sqlite" and database not in ("", ":memory:")

    def start(self) -> None:
        if self.thread is not None and self.thread.is_alive():
            return
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(self.stopping,),
                                       name="regalia-checkpoint", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Stop looking; a checkpoint under way is not waited for long (the server stops in a
        few seconds): one cut short by the process's exit is safe, SQLite finishes it later."""
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(0.5)

    def checkpoint(self) -> tuple[int, int, int]:
        """One passive checkpoint: (busy, frames in the log, frames copied), SQLite's own."""
        with self.engine.connect() as conn:
            row = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").one()
            return int(row[0]), int(row[1]), int(row[2])

    def _run(self, stopping: threading.Event) -> None:
        while not stopping.wait(self.every):
            try:
                self.checkpoint()
            except Exception as err:  # (a commit checkpoints past the backstop anyway)
                log.warning("checkpointing the database failed (%r)", err)
