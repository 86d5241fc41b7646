"""Where the games are kept: the database URL (default: a SQLite file in the data dir)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
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
    """A database engine with the tables created.

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
    return engine


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)
