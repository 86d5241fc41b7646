"""Helpers for the server tests: an app over a fresh SQLite file, and a test client."""

from __future__ import annotations

import importlib.util
import os
import random
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Without the web extra (pip install '.[web,web-test]') there is no server to test.
WEB = all(importlib.util.find_spec(m) for m in ("fastapi", "sqlalchemy", "jinja2", "httpx"))
collect_ignore_glob = [] if WEB else ["test_*.py"]

if WEB:
    from fastapi.testclient import TestClient

    from regalia.server import create_app
    from regalia.server.service import GameService

TOY = "toy-sealed-bids"
QUICK_HINTS = "hard:iterations=16:cap=6"  # the hint bot of the tests: a search, but quick


POSTGRES = os.environ.get("REGALIA_TEST_POSTGRES")  # e.g. postgresql://user:pw@host/db


@pytest.fixture
def db_url(tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, or with ``REGALIA_TEST_POSTGRES`` a schema of its own
    in that PostgreSQL database (dropped afterwards)."""
    if not POSTGRES:
        yield f"sqlite:///{tmp_path / 'games.db'}"
        return
    yield from postgres_schema()


def postgres_schema() -> Iterator[str]:
    from sqlalchemy import create_engine, text

    from regalia.server.store import normalise_url

    schema = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(normalise_url(POSTGRES or ""))
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    sep = "&" if "?" in (POSTGRES or "") else "?"
    try:
        yield f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """A client of an app whose bots stay still (tests move them through the service)."""
    with TestClient(create_app(db_url, bots=False, hint_bot=QUICK_HINTS,
                                hint_spacing=0)) as test_client:
        yield test_client


def service_of(client: TestClient) -> GameService:
    service = client.app.state.service  # type: ignore[attr-defined]
    assert isinstance(service, GameService)
    return service


def create(client: TestClient, game: str = TOY, seats: list[str] | None = None,
           **body: Any) -> dict[str, Any]:
    seats = seats if seats is not None else ["me", "open", "open"]
    response = client.post("/api/games", json={"game": game, "seats": seats, **body})
    assert response.status_code == 201, response.text
    data = response.json()
    data["tokens"] = {link["seat"]: link["token"] for link in data["seats"]}
    return data


def seat_state(client: TestClient, token: str, *, svg: bool = True) -> dict[str, Any]:
    """The seat's state as GET /api/seat answers it; ``svg=False`` without the board's
    pictures (drawing them is most of the request's time: a loop of moves leaves them out)."""
    response = client.get("/api/seat" if svg else "/api/seat?svg=false",
                          headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    return response.json()


def play_randomly(client: TestClient, tokens: dict[int, str], rng: random.Random,
                  moves: int | None = None) -> int:
    """Random legal moves through the API by whichever seats are to move; returns how many.
    (Without the board's pictures: a whole game with them took minutes.)"""
    made = 0
    while moves is None or made < moves:
        any_token = next(iter(tokens.values()))
        state = seat_state(client, any_token, svg=False)
        if state["over"]:
            break
        seat = state["to_move"][0]
        mine = seat_state(client, tokens[seat], svg=False)
        action = rng.choice(mine["legal"])["action"]
        response = client.post("/api/seat/act", headers={"X-Seat-Token": tokens[seat]},
                               json={"action": action, "turn": mine["decisions"]})
        assert response.status_code == 200, response.text
        made += 1
    return made
