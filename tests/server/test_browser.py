"""Browser tests: Playwright drives Debian's chromium against a live server.

Two browser contexts (two people) create, join and play a game against each other and a bot
by clicking the board; a reload resumes the seat; no page holds the other seat's secrets. Every
game's table is played a few moves by clicking its board. Screenshots of the lobby and of each
table go to ``REGALIA_SCREENSHOTS`` (a folder) when it is set.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import regalia
from tests.server.test_trust import assert_no_secret, secrets_of

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
BUILTIN = [g.id for g in regalia.list_games() if not g.id.startswith("toy-")]

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="browser tests need Debian's chromium at /usr/bin/chromium "
                              "(apt-get install chromium; CI installs it)"),
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="browser tests need playwright (pip install '.[web-test]')"),
]


class LiveServer:
    """The app on Uvicorn in a thread, on a free loopback port."""

    def __init__(self, db_url: str) -> None:
        import uvicorn

        from regalia.server import create_app

        self.app = create_app(db_url)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser") / "games.db"
    with LiveServer(f"sqlite:///{db}") as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def screenshot(page: Any, name: str) -> None:
    folder = os.environ.get("REGALIA_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def decisions(page: Any) -> int:
    return int(page.get_attribute("#body", "data-decisions"))


def my_turn(page: Any) -> bool:
    return page.query_selector("button.act") is not None


def click_a_move(page: Any) -> bool:
    """Make one legal move by clicking the board (the action list when one click on the board
    means several actions); True when the click was on the board.

    A live update may replace the table between finding an element and clicking it: then the
    click is tried again on the new table."""
    before = decisions(page)
    for _ in range(5):
        on_board = try_a_click(page)
        try:
            page.wait_for_function(
                "d => Number(document.getElementById('body').dataset.decisions) > d",
                arg=before, timeout=5_000)
            return on_board
        except Exception:
            if decisions(page) > before or not my_turn(page):
                return on_board
    raise AssertionError("five clicks made no move")


def try_a_click(page: Any) -> bool:
    legal = page.eval_on_selector_all("button.act", "bs => bs.map(b => b.dataset.action)")
    for target in page.query_selector_all("#board [data-action]"):
        actions = target.get_attribute("data-action").split("|")
        if any(a in legal for a in actions):
            try:
                target.click(timeout=1500)
            except Exception:  # covered by a label drawn over it: click it where it is
                target.dispatch_event("click")
            if page.is_visible("#filter-note"):
                page.click("#actions li:not(.hidden) button.act", timeout=2000)
            return True
    page.click("button.act", timeout=2000)
    return False


def test_two_people_and_a_bot_play_el_grande_by_clicking_the_board(
        server: LiveServer, browser: Any) -> None:
    ann, bea = browser.new_context(), browser.new_context()
    try:
        lobby = ann.new_page()
        lobby.goto(server.url + "/")
        lobby.select_option("#game", "el-grande")
        lobby.select_option("#players", "3")
        lobby.select_option("select[name=seat2]", "random")
        lobby.fill("#name", "Ann")
        screenshot(lobby, "lobby")
        lobby.click("#create-button")
        lobby.wait_for_selector("#created:not([hidden])")
        mine = lobby.get_attribute("a.my-seat", "href")
        link = lobby.get_attribute("a.join-link", "href")
        assert mine and link and mine != link
        page_a = ann.new_page()
        page_a.goto(mine)
        page_b = bea.new_page()
        page_b.goto(link)
        assert "you are Red" in page_a.inner_text("h1")
        assert "you are Blue" in page_b.inner_text("h1")
        service = server.app.state.service
        game_id = page_a.get_attribute("#table", "data-game")

        board_clicks = moves = 0
        deadline = time.monotonic() + 90
        while moves < 16 and time.monotonic() < deadline:
            moved = False
            for page in (page_a, page_b):
                if my_turn(page):
                    board_clicks += click_a_move(page)
                    moves += 1
                    moved = True
            if not moved:
                time.sleep(0.1)
                for page in (page_a, page_b):  # the live updates bring each move
                    page.wait_for_timeout(50)
        assert moves >= 8 and board_clicks >= moves // 2

        # the other person's page follows without a reload
        state = service.live(game_id).state
        for page in (page_a, page_b):
            page.wait_for_function(
                "d => Number(document.getElementById('body').dataset.decisions) >= d",
                arg=service.live(game_id).decisions, timeout=20_000)
        # no page holds what its seat may not know
        state = service.live(game_id).state
        for seat, page in ((0, page_a), (1, page_b)):
            assert_no_secret(page.content(), secrets_of(state, seat), f"seat {seat}'s page")
        screenshot(page_a, "table-el-grande-3p")

        # a reload (or the link on another device) resumes the seat
        page_b.reload()
        assert "you are Blue" in page_b.inner_text("h1")
        other_device = browser.new_context()
        again = other_device.new_page()
        again.goto(link)
        assert "you are Blue" in again.inner_text("h1")
        assert decisions(again) == service.live(game_id).decisions
        other_device.close()
        lobby.goto(server.url + "/")
        assert lobby.locator("#mine a").count() >= 1  # "your games" from localStorage
    finally:
        ann.close()
        bea.close()


@pytest.mark.parametrize("game", BUILTIN)
def test_each_games_table_plays_by_clicking_its_board(server: LiveServer, browser: Any,
                                                      game: str) -> None:
    import json
    import urllib.request

    body = json.dumps({"game": game, "players": 2, "seats": ["me", "random"]}).encode()
    request = urllib.request.Request(server.url + "/api/games", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        created = json.load(response)
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone's screen
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto(created["seats"][0]["url"])
        board_clicks = moves = 0
        deadline = time.monotonic() + 60
        while moves < 4 and time.monotonic() < deadline:
            if my_turn(page):
                board_clicks += click_a_move(page)
                moves += 1
            else:
                page.wait_for_timeout(100)
        assert moves == 4
        assert board_clicks >= 1, "no move could be made on the board"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        screenshot(page, f"table-{game}-phone")
        assert errors == []
    finally:
        context.close()
