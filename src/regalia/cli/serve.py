"""``regalia serve``: the web server (the ``web`` extra), on Uvicorn."""

from __future__ import annotations

import os

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _

DB_ENV = "REGALIA_DB"  # how the database URL reaches worker processes


class MissingExtra(RegaliaError):
    """The web extra is not installed."""


def serve(host: str, port: int, db: str | None, workers: int, log_level: str = "info") -> str:
    """Run the server until stopped; returns the database URL it used."""
    try:
        import uvicorn

        from regalia.server.store import default_url
    except ModuleNotFoundError as err:
        raise MissingExtra(_("regalia serve needs the web extra ({module} is missing): pip "
                             "install 'regalia[web]', or pip install '.[web]' in a clone").format(
                                 module=err.name)) from None
    url = db or default_url()
    if workers > 1 and url.startswith("sqlite"):
        raise RegaliaError(_("several workers need a database they can share: "
                             "--db postgresql://… (SQLite serves one process)"))
    os.environ[DB_ENV] = url
    print(_("Regalia on {address} (API: /openapi.json) · games in {url}").format(
        address=f"http://{host}:{port}/", url=url))
    # Live updates keep lines open for as long as a table is shown: on Ctrl-C or SIGTERM they
    # get a few seconds, then the server stops anyway.
    uvicorn.run("regalia.server.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, log_level=log_level, timeout_graceful_shutdown=3)
    return url
