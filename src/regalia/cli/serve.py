"""``regalia serve``: the web server (the ``web`` extra), on Uvicorn."""

from __future__ import annotations

import os
from dataclasses import dataclass

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _

# How the settings reach the app in each worker process (regalia.server.app.app_from_env)
DB_ENV = "REGALIA_DB"
THINK_ENV = "REGALIA_MAX_BOT_THINK"
LIMITS_ENV = "REGALIA_LIMITS"  # "GAMES_PER_HOUR,REQUESTS_PER_MINUTE"
PARENT_ENV = "REGALIA_PARENT"  # the pid of the `regalia serve` whose workers these are


class MissingExtra(RegaliaError):
    """The web extra is not installed."""


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
        raise RegaliaError(_("--max-bot-think is more than 0 and at most 60 seconds"))
    if guards.games_per_hour < 0 or guards.requests_per_minute < 0:
        raise RegaliaError(_("a limit is a whole number of 0 (no limit) or more"))
    url = db or default_url()
    if workers > 1 and url.startswith("sqlite"):
        raise RegaliaError(_("several workers need a database they can share: "
                             "--db postgresql://… (SQLite serves one process)"))
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
        address=f"http://{host}:{port}/", url=url))
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
