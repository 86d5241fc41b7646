"""docs/web.md's "Upgrades": a database made by this version is opened by it again after a
restart as it was (no table or column changed, every game where it stood), and one made
before the tables of ``--workers`` (the bots' leases, the visitors' new games) gains them on
start and serves its games. There is no schema version number: a newer server adds what is
missing (tables on start, columns by ``store.ADDED_COLUMNS``; test_rules_version.py tests a
column added)."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import Engine, inspect, text

from regalia.server import create_app
from regalia.server.store import open_engine
from tests.server.conftest import create, play_randomly, seat_state

ADDED_FOR_WORKERS = ("bot_leases", "visitor_games")  # tables new in the --workers release


def schema(engine: Engine) -> dict[str, list[tuple[str, str]]]:
    found = inspect(engine)
    return {table: sorted((c["name"], str(c["type"])) for c in found.get_columns(table))
            for table in sorted(found.get_table_names())}


def test_a_database_is_opened_again_after_a_restart_and_an_older_one_gains_its_tables(
        db_url: str) -> None:
    with TestClient(create_app(db_url, bots=False)) as first:
        data = create(first, game="palais-royal", seats=["open", "open"], public=True,
                      move_seconds=3600)
        play_randomly(first, data["tokens"], random.Random(11), moves=12)
        before = [seat_state(first, t, svg=False) for t in data["tokens"].values()]
        lobby = first.get("/api/games").json()
    engine = open_engine(db_url)
    try:
        made = schema(engine)
        assert set(ADDED_FOR_WORKERS) <= set(made)

        def reopened() -> list[dict[str, Any]]:
            with TestClient(create_app(db_url, bots=False)) as again:
                assert again.get("/api/games").json() == lobby
                return [seat_state(again, t, svg=False) for t in data["tokens"].values()]

        after = reopened()  # a restart of the same version: nothing to change
        assert schema(engine) == made
        assert [s["decisions"] for s in after] == [12, 12]
        assert after == before

        # as a database of the release before --workers: without the tables it added
        with engine.begin() as conn:
            for table in ADDED_FOR_WORKERS:
                conn.execute(text(f"DROP TABLE {table}"))
        assert not set(ADDED_FOR_WORKERS) & set(schema(engine))
        assert reopened() == before  # the games as they were ...
        assert schema(engine) == made  # ... and the tables made again, as this version makes
    finally:
        engine.dispose()
