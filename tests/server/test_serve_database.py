"""``regalia serve --db``: a file's path means a SQLite file there; what names no database the
server can use is refused in one line with exit code 2, before any worker starts."""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.cli.serve import BadDatabase, database_url
from tests.server.test_crash import free_port, serving

ENV_KEYS = ("REGALIA_PARENT", "REGALIA_LIMITS", "REGALIA_MAX_BOT_THINK", "REGALIA_DB")


@pytest.fixture
def no_uvicorn(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """``uvicorn.run`` recorded, not run; what serve() puts in the environment undone."""
    import uvicorn

    calls: list[dict[str, object]] = []
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: calls.append(
        dict(kwargs, db=os.environ.get("REGALIA_DB"))))
    for key in ENV_KEYS:
        monkeypatch.setenv(key, "")
        monkeypatch.delenv(key)
    return calls


def test_a_path_is_a_sqlite_file_there_made_absolute(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sub").mkdir()
    assert database_url("games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    assert database_url("sub/table.sqlite") == f"sqlite:///{tmp_path / 'sub' / 'table.sqlite'}"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    # a SQLite URL's relative path is made absolute too; a path with a URL's special
    # characters in it stays that file
    assert database_url("sqlite:///games.db") == f"sqlite:///{tmp_path / 'games.db'}"
    odd = database_url("a?b#c.db")
    from sqlalchemy.engine import make_url
    assert make_url(odd).database == str(tmp_path / "a?b#c.db")
    # PostgreSQL's URLs are taken as they are (psycopg 3 is chosen later, by the store)
    assert database_url("postgresql://u:p@h/db") == "postgresql://u:p@h/db"


@pytest.mark.parametrize(("db", "says"), [
    ("nowhere/games.db", "there is no folder"),
    (".", "is a folder"),
    ("postgresql:/host/db", "is not a database URL"),
    ("sqlite:games.db", "is not a database URL"),
    ("://games.db", "is not a database URL"),
    ("mysql://u@h/db", "not in mysql"),
    ("http://example.org/games.db", "not in http"),
    ("postgresql+nosuchdriver://u@h/db", "no driver postgresql+nosuchdriver"),
    ("sqlite://", "in memory"),
    ("sqlite:///:memory:", "in memory"),
    ("sqlite:///nowhere/games.db", "there is no folder"),
    ("notes.txt", "is not a SQLite database"),
])
def test_what_is_no_database_is_refused_in_one_line_with_exit_code_2(
        db: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        no_uvicorn: list[dict[str, object]]) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("not a database\n")
    with pytest.raises(BadDatabase, match=re.escape(says)):
        database_url(db)
    result = CliRunner().invoke(app, ["serve", "--db", db])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), result.output
    assert "Traceback" not in result.output and "Regalia on" not in result.output
    assert no_uvicorn == []  # no server was started
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]  # nothing was made


def test_a_folder_sqlite_cannot_write_in_is_refused(
        tmp_path: Path, no_uvicorn: list[dict[str, object]]) -> None:
    """A file SQLite cannot open (here a damaged one, with a SQLite header and nothing after)
    is told in one line, not by a worker's traceback."""
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(b"SQLite format 3\x00" + b"\xff" * 84)
    result = CliRunner().invoke(app, ["serve", "--db", str(damaged)])
    assert result.exit_code == 2, result.output
    assert "SQLite cannot keep games there" in result.output
    assert len(result.output.strip().splitlines()) == 1, result.output
    assert no_uvicorn == []


def test_the_started_line_hides_a_password(no_uvicorn: list[dict[str, object]]) -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "postgresql://u:secret@h/db",
                                      "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert "secret" not in result.output and "postgresql://u:***@h/db" in result.output
    assert no_uvicorn[0]["db"] == "postgresql://u:secret@h/db"  # the workers get it whole


def test_a_server_started_on_a_path_keeps_its_games_in_that_file(tmp_path: Path) -> None:
    """The one test here that starts the server: ``--db`` given a plain path (a name SQLite's
    URLs would not take as it is) serves games, and they are in that file."""
    folder = tmp_path / "my tables"
    folder.mkdir()
    path = folder / "table.sqlite"
    port = free_port()
    with serving(str(path), port):
        made = httpx.post(f"http://127.0.0.1:{port}/api/games", timeout=30,
                          json={"game": "el-grande", "seats": ["me", "open", "open"]})
        assert made.status_code == 201, made.text
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 1
