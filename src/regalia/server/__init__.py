"""Web play: ``regalia serve`` — a lobby, seats by link, live turns and bots in seats.

An optional extra (``pip install '.[web]'``): FastAPI, Uvicorn, SQLAlchemy 2 and Jinja2. The
rules engine is reached only through its public contract (the registry, ``State``, ``Record``,
``regalia.bots``); every response to a seat is built from that seat's ``view`` alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(db_url: str | None = None, **settings: Any) -> FastAPI:
    """The web application over the database ``db_url`` (default: the user's data dir)."""
    from regalia.server.app import create_app as build

    return build(db_url, **settings)


__all__ = ["create_app"]
