"""Games of older rules on the server: a Palais Royal game logged under rules version 1 (which
passed over the steps where a seat holding cards could only say "done", and, like version 2,
took the Mint's gold unasked) is upgraded to version 3 when the server rebuilds it, and plays
on as if played under version 3; a database made before games kept their rules version gains
the column; an unknown version is refused."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, create_engine, delete, insert, inspect, select, text, update

from regalia.server import create_app, store
from regalia.server.models import Base, Game, Move, Seat
from regalia.server.service import GameService, UnknownRules
from regalia.server.store import normalise_url, open_engine
from tests.server.conftest import TOY, seat_state, service_of

PR = "palais-royal"
# Everything a logged move holds but its id and index: what an upgrade keeps
KEPT = ("seat", "action", "chance", "outcome", "described", "announced", "sealed",
        "sealed_left", "by_bot", "timed_out", "made")
SHOWN = tuple(k for k in KEPT if k != "made")  # a row added now is made now


@dataclass
class Played:
    """A Palais Royal game played on the server (version 3) to a real choice past some steps
    where a seat holding cards could only say "done" (version 1 passed them over), taking the
    Mint's gold wherever it is offered and never ending a turn early (versions 1 and 2 took
    the gold unasked and had no "end")."""

    game_id: str
    tokens: dict[int, str]
    lone: list[int]  # log indices of those lone "done"s and of the Mint's gold taken
    rows: list[dict[str, Any]]  # its log: index and KEPT of each row
    payloads: dict[str, Any]  # what each seat and a spectator are sent, English and Chinese


def play(service: GameService, client: TestClient, *, lone_dones: int = 3) -> Played:
    # With this seed, the third lone "done" is caught up just before a logged "done" of the
    # same seat: matching the logs, rather than being told by the replay where the caught-up
    # ones fall, would put the logged move's row in its place.
    created = service.create(PR, 3, ["me", "open", "open"], seed=4)
    game_id, rng = created.game_id, random.Random(4)
    lone: list[int] = []
    dones = 0
    while True:
        live = service.live(game_id)
        assert not live.state.is_over(), "the game ended before enough lone dones"
        seat = live.state.to_move()[0]
        legal = [a.text for a in live.state.legal_actions(seat) if a.text != "end"]
        if "mint" in legal:
            legal = ["mint"]  # (taken, as versions 1 and 2 did unasked)
            lone.append(live.entries)
        elif legal == ["done"]:
            lone.append(live.entries)  # the decision is the first row its move adds
            dones += 1
        elif dones >= lone_dones:
            break  # a real choice: where version 1 stops too
        # bots' and late seats' moves too, for metadata an upgrade must keep in place
        by_bot = len(lone) < 1 or lone[-1] != live.entries
        by_bot = by_bot and rng.random() < 0.3
        service.act(game_id, seat, rng.choice(legal), by_bot=by_bot,
                    timed_out=by_bot and rng.random() < 0.5)
    return Played(game_id, created.tokens, lone, log_rows(service, game_id),
                  payloads(client, game_id, created.tokens))


def log_rows(service: GameService, game_id: str) -> list[dict[str, Any]]:
    with service.session() as session:
        return [dict({k: getattr(m, k) for k in KEPT}, index=m.index) for m in session.scalars(
            select(Move).where(Move.game_id == game_id).order_by(Move.index))]


def payloads(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lang in ("en", "zh"):
        client.cookies.set("regalia_lang", lang)
        for seat, token in tokens.items():
            out[f"{lang} {seat}"] = seat_state(client, token)
            # its look back halfway, where caught-up decisions lie behind and ahead
            halfway = out[f"{lang} {seat}"]["decisions"] // 2
            response = client.get("/api/seat/replay", params={"step": halfway},
                                  headers={"X-Seat-Token": token})
            assert response.status_code == 200, response.text
            out[f"{lang} {seat} look back"] = response.json()
        response = client.get(f"/api/games/{game_id}")
        assert response.status_code == 200, response.text
        out[f"{lang} spectator"] = response.json()
    client.cookies.delete("regalia_lang")
    return out


def version_1_log(played: Played) -> list[dict[str, Any]]:
    """The log version 1 would have kept: without the lone "done"s and the Mint's gold taken
    (as the stored version-1 records of tests/games/palais_royal are), every other row as it
    was."""
    kept = [r for r in played.rows if r["index"] not in set(played.lone)]
    return [dict(r, index=i) for i, r in enumerate(kept)]


def matched(played: Played) -> list[int]:
    """Where the lone "done"s would be found by matching the version-1 log against the
    version-2 log in order, each logged row taken as early as it fits."""
    old, out = [(r["seat"], r["action"], r["chance"]) for r in version_1_log(played)], []
    for row in played.rows:
        if old and old[0] == (row["seat"], row["action"], row["chance"]):
            old.pop(0)
        else:
            out.append(row["index"])
    return out


def write_log(engine: Engine, game_id: str, rows: list[dict[str, Any]],
              version: str | None) -> None:
    """Make the game's row and log those of a server of rules version 1 (``version`` None:
    a row made before games kept their version)."""
    with engine.begin() as conn:
        conn.execute(delete(Move).where(Move.game_id == game_id))
        conn.execute(insert(Move), [dict(r, game_id=game_id) for r in rows])
        conn.execute(update(Game).where(Game.id == game_id).values(
            rules_version=version, decisions=sum(r["seat"] is not None for r in rows)))


def game_row(engine: Engine, game_id: str) -> Any:
    with engine.connect() as conn:
        return conn.execute(select(Game.rules_version, Game.decisions)
                            .where(Game.id == game_id)).one()


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    engine = open_engine(db_url)
    yield engine
    engine.dispose()


def check_upgraded(client: TestClient, engine: Engine, played: Played) -> None:
    """The game as the server rebuilt it: logged, shown and played on as under version 3."""
    assert payloads(client, played.game_id, played.tokens) == played.payloads
    rows = log_rows(service_of(client), played.game_id)
    assert [{k: r[k] for k in ("index", *SHOWN)} for r in rows] == \
        [{k: r[k] for k in ("index", *SHOWN)} for r in played.rows]
    for row, before in zip(rows, played.rows, strict=True):
        if row["index"] not in played.lone:
            assert row["made"] == before["made"]  # an old move is when it was made
    decisions = sum(r["seat"] is not None for r in played.rows)
    assert tuple(game_row(engine, played.game_id)) == ("3", decisions)
    mover = played.payloads["en 0"]["to_move"][0]
    state = seat_state(client, played.tokens[mover])
    response = client.post("/api/seat/act", headers={"X-Seat-Token": played.tokens[mover]},
                           json={"action": state["legal"][-1]["action"], "turn": decisions})
    assert response.status_code == 200, response.text
    assert response.json()["decisions"] == decisions + 1


@pytest.mark.parametrize("version", ["1", None], ids=["version-1", "unknown-version"])
def test_a_game_logged_under_rules_version_1_is_upgraded_when_the_server_loads_it(
        db_url: str, engine: Engine, version: str | None) -> None:
    with TestClient(create_app(db_url, bots=False)) as first:
        played = play(service_of(first), first)
    assert len(played.lone) >= 3 and matched(played) != played.lone  # (see play)
    old = version_1_log(played)
    write_log(engine, played.game_id, old, version)
    with TestClient(create_app(db_url, bots=False)) as second:  # a new server: no cache
        check_upgraded(second, engine, played)
    with TestClient(create_app(db_url, bots=False)) as third:  # upgraded once, for good
        assert len(log_rows(service_of(third), played.game_id)) == len(played.rows) + 1


def test_a_game_another_server_upgraded_meanwhile_is_read_again_not_rewritten(
        db_url: str, engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two servers read the version-1 log; one upgrades the game and a move is made in it
    # before the other writes its upgrade: the other writes nothing (the move stays) and
    # serves what was written.
    with TestClient(create_app(db_url, bots=False)) as first:
        played = play(service_of(first), first)
    write_log(engine, played.game_id, version_1_log(played), "1")
    with TestClient(create_app(db_url, bots=False)) as slow, \
            TestClient(create_app(db_url, bots=False)) as fast:
        behind, ahead = service_of(slow), service_of(fast)
        write = behind._upgrade
        written: list[bool] = []

        def overtaken(game_id: str, upgrade: Any) -> bool:
            live = ahead.live(game_id)  # upgrades the game
            seat = live.state.to_move()[0]
            ahead.act(game_id, seat, live.state.legal_actions(seat)[0].text)
            written.append(write(game_id, upgrade))
            return written[-1]

        monkeypatch.setattr(behind, "_upgrade", overtaken)
        live = behind.live(played.game_id)
        assert written == [False]
        rows = log_rows(behind, played.game_id)
        assert len(rows) > len(played.rows)  # the move made after the upgrade is kept
        assert [r["action"] for r in rows[:len(played.rows)]] == \
            [r["action"] for r in played.rows]
        assert live.entries == len(rows)
        assert live.state.to_json() == ahead.live(played.game_id).state.to_json()


def test_a_game_of_an_unknown_rules_version_is_refused_and_left_as_it_is(
        db_url: str, engine: Engine) -> None:
    with TestClient(create_app(db_url, bots=False)) as first:
        played = play(service_of(first), first, lone_dones=1)
    with engine.begin() as conn:
        conn.execute(update(Game).where(Game.id == played.game_id).values(rules_version="0"))
    with TestClient(create_app(db_url, bots=False)) as second:
        response = second.get("/api/seat", headers={"X-Seat-Token": played.tokens[0]})
        assert response.status_code == 409
        detail = response.json()["detail"]
        assert "rules version 0 of palais-royal" in detail
        assert "plays version 3" in detail and "older ones: 2, 1" in detail
        with pytest.raises(UnknownRules):
            service_of(second).live(played.game_id)
        assert log_rows(service_of(second), played.game_id) == played.rows
    assert tuple(game_row(engine, played.game_id)) == \
        ("0", sum(r["seat"] is not None for r in played.rows))


# The games table as servers made it before games kept their rules version
OLD_GAMES = """CREATE TABLE games (
    id VARCHAR(32) NOT NULL,
    game VARCHAR(64) NOT NULL,
    players INTEGER NOT NULL,
    seed VARCHAR(24) NOT NULL,
    options JSON NOT NULL,
    edition JSON,
    public BOOLEAN NOT NULL,
    move_seconds INTEGER,
    "over" BOOLEAN NOT NULL,
    decisions INTEGER NOT NULL,
    rematch VARCHAR(32),
    created {time} NOT NULL,
    updated {time} NOT NULL,
    PRIMARY KEY (id)
)"""


def test_a_database_made_before_games_kept_their_rules_version_gains_the_column(
        db_url: str, tmp_path: Any) -> None:
    # Games played on a current server are copied into a database of the old schema (made
    # by hand) as an old server would have kept them: no version, Palais Royal's log of
    # version 1. Opened, it gains the column, and both games load.
    source_url = f"sqlite:///{tmp_path / 'source.db'}"
    with TestClient(create_app(source_url, bots=False)) as source:
        service = service_of(source)
        played = play(service, source)
        toy = service.create(TOY, 3, ["me", "me", "me"], seed=5)
        for _ in range(4):
            live = service.live(toy.game_id)
            seat = live.state.to_move()[0]
            service.act(toy.game_id, seat, live.state.legal_actions(seat)[0].text)
        toy_payload = seat_state(source, toy.tokens[0])
        with service.session() as session:
            games = [{c.name: getattr(g, c.name) for c in Game.__table__.columns
                      if c.name != "rules_version"} for g in session.scalars(select(Game))]
            # (no ids: the database gives them, as it did an old server's rows)
            seats = [{c.name: getattr(s, c.name) for c in Seat.__table__.columns
                      if c.name != "id"} for s in session.scalars(select(Seat))]
        toy_rows = log_rows(service, toy.game_id)

    old = create_engine(normalise_url(db_url))
    time = "TIMESTAMP" if old.dialect.name == "postgresql" else "DATETIME"
    with old.begin() as conn:
        conn.execute(text(OLD_GAMES.format(time=time)))
    others = [t for name, t in Base.metadata.tables.items() if name != "games"]
    Base.metadata.create_all(old, tables=others)  # these tables are as they were
    with old.begin() as conn:
        conn.execute(insert(Game.__table__), games)
        conn.execute(insert(Seat.__table__), seats)
        for game_id, rows in ((played.game_id, version_1_log(played)),
                              (toy.game_id, toy_rows)):
            conn.execute(insert(Move), [dict(r, game_id=game_id) for r in rows])
    assert "rules_version" not in {c["name"] for c in inspect(old).get_columns("games")}
    old.dispose()

    engine = open_engine(db_url)
    try:
        assert "rules_version" in {c["name"] for c in inspect(engine).get_columns("games")}
        assert game_row(engine, played.game_id).rules_version is None  # old rows: unknown
        with TestClient(create_app(db_url, bots=False)) as server:
            check_upgraded(server, engine, played)
            assert seat_state(server, toy.tokens[0]) == toy_payload
            assert tuple(game_row(engine, toy.game_id)) == ("1", 4)  # replays as version 1
            assert log_rows(service_of(server), toy.game_id) == toy_rows
            created = service_of(server).create(PR, 2, ["me", "open"])
            assert game_row(engine, created.game_id).rules_version == "3"
    finally:
        engine.dispose()


def test_a_column_another_server_added_first_is_no_error(
        engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two processes open an old database at once: both find the column missing, one adds
    # it, the other's ALTER fails, and it finds the column there.
    looked: list[str] = []
    columns = store._columns

    def before_the_other(engine: Engine, table: str) -> set[str]:
        looked.append(table)
        found = columns(engine, table)
        return found - {"rules_version"} if len(looked) == 1 else found

    monkeypatch.setattr(store, "_columns", before_the_other)
    assert store.add_missing_columns(engine) == []
    assert looked == ["games", "games"]
