"""The web server's analysis of a finished game: refused while it runs, then computed in the
background and shown on the replay page."""

from __future__ import annotations

import importlib.util
import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = all(importlib.util.find_spec(m) for m in ("fastapi", "sqlalchemy", "jinja2", "httpx"))
pytestmark = pytest.mark.skipif(not WEB, reason="needs the web extra")

if WEB:
    from fastapi.testclient import TestClient
    from typer.testing import CliRunner

    from regalia.cli.main import app as cli
    from regalia.server import create_app
    from regalia.server.analysis import SEED, WEB_ITERATIONS
    from tests.server.conftest import create, service_of


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bots=False)
    with TestClient(app) as test_client:
        yield test_client


def _finish(client: TestClient, game_id: str) -> None:
    service = service_of(client)
    while not (state := service.live(game_id).state).is_over():
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[-1].text)


def _wait(client: TestClient, url: str, seconds: float = 120.0) -> dict:
    deadline = time.monotonic() + seconds
    while True:
        response = client.get(url)
        if response.status_code != 202:
            assert response.status_code == 200, response.text
            return response.json()
        assert response.json()["status"] == "computing"
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.2)


def test_a_running_game_is_not_analysed_and_a_finished_one_is(client: TestClient,
                                                              tmp_path: Path) -> None:
    data = create(client, game="toy-sealed-bids", seats=["open", "open"])
    game_id = data["game_id"]
    for url in (f"/api/games/{game_id}/analysis", f"/watch/{game_id}/analysis",
                f"/watch/{game_id}/analysis.svg"):
        assert client.get(url).status_code == 403  # hidden information while it runs
    _finish(client, game_id)
    report = _wait(client, f"/api/games/{game_id}/analysis")
    assert report["schema"] == "regalia-analysis/1"
    assert report["over"] and {m["seat"] for m in report["moves"]} == {0, 1}
    assert report["settings"]["seats"] == [0, 1]
    graph = client.get(f"/watch/{game_id}/analysis.svg")
    assert graph.status_code == 200 and graph.headers["content-type"].startswith("image/svg")
    assert 'class="win-chance-graph"' in graph.text
    page = client.get(f"/watch/{game_id}/analysis")
    assert page.status_code == 200 and 'class="win-chance-graph"' in page.text
    replay = client.get(f"/watch/{game_id}/replay").text
    assert f'href="/watch/{game_id}/analysis"' in replay
    assert f'src="/watch/{game_id}/analysis.svg"' in replay
    assert client.get(f"/api/games/{game_id}/analysis").json() == report  # cached
    # The terminal shows the same figures for the budget and seed the page names.
    assert f"hard:iterations={WEB_ITERATIONS}" in page.text
    record = tmp_path / "game.json"
    service_of(client).record(game_id).save(record)
    budget = ["--iterations", str(WEB_ITERATIONS), "--seed", str(SEED)]
    runner = CliRunner()
    assert json.loads(runner.invoke(cli, ["analyze", str(record), "--json", *budget]).stdout) \
        == report
    terminal = runner.invoke(cli, ["analyze", str(record), *budget]).stdout
    for seat in report["summary"]:
        shown = f"{seat['accuracy']:.1f}"
        assert f"<td>{shown}</td>" in page.text and f" {shown} " in terminal, (shown, terminal)


def test_no_such_game_has_no_analysis(client: TestClient) -> None:
    assert client.get("/api/games/nope/analysis").status_code == 404
