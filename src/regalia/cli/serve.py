"""``regalia serve``: the web server (the ``web`` extra), on Uvicorn."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from regalia.cli.console import UsageError
from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _

# How the settings reach the app in each worker process (regalia.server.app.app_from_env)
DB_ENV = "REGALIA_DB"
THINK_ENV = "REGALIA_MAX_BOT_THINK"
LIMITS_ENV = "REGALIA_LIMITS"  # "GAMES_PER_HOUR,REQUESTS_PER_MINUTE"
PARENT_ENV = "REGALIA_PARENT"  # the pid of the `regalia serve` whose workers these are


class MissingExtra(RegaliaError):
    """The web extra is not installed."""


class BadDatabase(UsageError):
    """``--db`` names no database the server can keep games in."""


# "word:" before anything but "//": a URL's scheme with its slashes mistyped (a Windows drive,
# "C:\\", is one letter and stays a path)
_SCHEME_ONLY = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]+:(?!//)")
_SQLITE_HEADER = b"SQLite format 3\x00"
DATABASE_KINDS = ("sqlite", "postgresql")


def database_url(db: str) -> str:
    """``--db`` as the URL of a database: a URL (``sqlite:///…``, ``postgresql://…``) as it is
    given, a path as a SQLite file there (its folder must exist). Anything the server could
    not open is refused here, in one line, rather than by a worker's traceback.

    A SQLite file's path is made absolute, so the line the server prints says where the
    games are whatever folder it was started in."""
    from sqlalchemy.engine import URL, make_url
    from sqlalchemy.exc import ArgumentError, NoSuchModuleError

    not_a_url = BadDatabase(_("--db {db} is not a database URL: write sqlite:///PATH, "
                              "postgresql://USER:PASSWORD@HOST/NAME, or a file's path").format(
                                  db=db))
    if "://" not in db:
        if _SCHEME_ONLY.match(db):
            raise not_a_url
        return URL.create("sqlite", database=str(sqlite_file(db))).render_as_string()
    try:
        url = make_url(db)
    except ArgumentError:
        raise not_a_url from None
    kind = url.get_backend_name()
    if kind not in DATABASE_KINDS:
        raise BadDatabase(_("--db: Regalia keeps games in SQLite (sqlite:///PATH, or a file's "
                            "path) or PostgreSQL (postgresql://…), not in {kind}").format(
                                kind=kind or "?"))
    if kind == "sqlite":
        if url.database in (None, "", ":memory:"):
            raise BadDatabase(_("--db {db}: a database in memory would lose every game when "
                                "the server stops; name a file (sqlite:///PATH)").format(db=db))
        if not url.database.startswith("file:"):  # (SQLite's own URI form: left as it is)
            url = url.set(database=str(sqlite_file(url.database)))
    from regalia.server.store import normalise_url

    try:
        make_url(normalise_url(url.render_as_string(hide_password=False))
                 ).get_dialect().import_dbapi()
    except NoSuchModuleError:
        raise BadDatabase(_("--db: SQLAlchemy has no driver {driver}").format(
            driver=url.drivername)) from None
    except ImportError as err:
        raise BadDatabase(_("--db: {kind} needs the {module} package: pip install "
                            "'regalia[web-postgres]'").format(kind=kind, module=err.name)
                          ) from None
    return url.render_as_string(hide_password=False)


def opened(url: str, db: str) -> str:
    """A SQLite database's URL, once the database is opened here with its tables made: what
    keeps the server from opening it (a folder it may not write in, a damaged file) is told in
    one line. (A PostgreSQL server may be reached later than it starts: not tried here.)"""
    from sqlalchemy.exc import DBAPIError, SQLAlchemyError

    from regalia.server.store import open_engine

    try:
        open_engine(url).dispose()
    except SQLAlchemyError as err:
        reason = err.orig if isinstance(err, DBAPIError) else err
        raise BadDatabase(_("--db {db}: SQLite cannot keep games there ({reason})").format(
            db=db, reason=reason)) from None
    return url


def shown(url: str) -> str:
    """A database URL as it is printed: its password hidden (a terminal's lines end up in
    logs and screenshots)."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def sqlite_file(path: str) -> Path:
    """A SQLite database's file, absolute: refused if it is a folder or some other kind of
    file, or if its folder does not exist."""
    file = Path(path).expanduser().absolute()
    if file.is_dir():
        raise BadDatabase(_("--db {path} is a folder: name the database file in it, e.g. "
                            "{example}").format(path=file, example=file / "games.db"))
    if not file.parent.is_dir():
        raise BadDatabase(_("--db {path}: there is no folder {folder} (make it first)").format(
            path=file, folder=file.parent))
    if not os.access(file.parent, os.W_OK | os.X_OK):  # (its -wal and -shm files go there too)
        raise BadDatabase(_("--db {path}: the folder {folder} is not yours to write in").format(
            path=file, folder=file.parent))
    if file.exists():
        try:
            with file.open("rb") as handle:
                header = handle.read(len(_SQLITE_HEADER))
        except OSError as err:
            raise BadDatabase(_("--db {path} cannot be read: {reason}").format(
                path=file, reason=err.strerror or err)) from None
        if header and header != _SQLITE_HEADER:
            raise BadDatabase(_("--db {path} is not a SQLite database").format(path=file))
    return file


@dataclass(frozen=True)
class Guards:
    """What a server open to strangers holds them to (docs/web.md, "Running it for real")."""

    max_bot_think: float = 2.0  # seconds a bot may think a decision
    games_per_hour: int = 30  # new games an address may create (0: no limit)
    requests_per_minute: int = 600  # requests an address may make (0: no limit)
    trust_proxy: str | None = None  # addresses whose X-Forwarded-For/-Proto are believed


def per_process(requests_per_minute: int, workers: int) -> int:
    """A visitor's requests a minute in each of ``workers`` processes: each counts its own
    (regalia.server.limits), so each allows 1/N of the limit, together at most the limit (0:
    none)."""
    if requests_per_minute <= 0:
        return 0
    return max(1, requests_per_minute // max(1, workers))


def serve(host: str, port: int, db: str | None, workers: int, log_level: str = "info",
          guards: Guards | None = None) -> str:
    """Run the server until stopped; returns the database URL it used."""
    try:
        import uvicorn

        from regalia.server.store import default_url
    except ModuleNotFoundError as err:
        raise MissingExtra(_("regalia serve needs the web extra ({module} is missing): pip "
                             "install 'regalia[web]', or pip install '.[web]' in a clone").format(
                                 module=err.name)) from None
    guards = guards or Guards()
    if not 0 < guards.max_bot_think <= 60:
        raise UsageError(_("--max-bot-think is more than 0 and at most 60 seconds"))
    if guards.games_per_hour < 0 or guards.requests_per_minute < 0:
        raise UsageError(_("a limit is a whole number of 0 (no limit) or more"))
    url = database_url(db) if db else default_url()
    if workers > 1 and url.startswith("sqlite"):
        raise UsageError(_("several workers need a database they can share: "
                           "--db postgresql://… (SQLite serves one process)"))
    if db and url.startswith("sqlite"):
        opened(url, db)
    os.environ[DB_ENV] = url
    os.environ[THINK_ENV] = f"{guards.max_bot_think:g}"
    requests = per_process(guards.requests_per_minute, workers)
    os.environ[LIMITS_ENV] = f"{guards.games_per_hour},{requests}"
    if workers > 1:
        # The workers exit when this process does, even when it is killed (kill -9): they
        # would keep the port otherwise, and a restart could not bind it.
        os.environ[PARENT_ENV] = str(os.getpid())
    else:
        os.environ.pop(PARENT_ENV, None)
    print(_("Regalia on {address} (API: /openapi.json) · games in {url}").format(
        address=f"http://{host}:{port}/", url=shown(url)))
    # Live updates keep lines open for as long as a table is shown: on Ctrl-C or SIGTERM the
    # requests under way get a second (a move takes milliseconds), then the lines are cut and
    # the server stops (the bots' searches are cancelled: regalia.server.bots).
    # A reverse proxy's X-Forwarded-For and -Proto are believed only from the addresses
    # --trust-proxy names (Uvicorn's default would believe them from 127.0.0.1).
    uvicorn.run("regalia.server.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level, timeout_graceful_shutdown=1,
                proxy_headers=guards.trust_proxy is not None,
                forwarded_allow_ips=guards.trust_proxy or "127.0.0.1")
    return url
