"""Browser tests: Playwright drives Debian's chromium against a live server.

Two browser contexts (two people, one on a desktop's screen and one on a phone's) create, join
and play a whole game of each registered game against each other and a bot by clicking the
board (the action list where the board has nothing to click); a reload resumes the seat; no
page holds the other seat's secrets. The middle of each game is moved on by the server (random
moves for both people, the tables closed meanwhile) to keep CI short: its opening and its ending
are clicked (El Grande's six-round game is played whole by taps on a phone in
tests/server/test_phone.py). Every game's table is played a few moves on a phone.
Screenshots of the lobby and of each table go to ``REGALIA_SCREENSHOTS`` (a folder) when set.
"""

from __future__ import annotations

import importlib.util
import os
import re
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
        # bound here and handed to Uvicorn: a port found free and bound later could be taken
        # in between by another process of a busy machine
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = self.socket.getsockname()[1]
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True,
                                       kwargs={"sockets": [self.socket]})

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> LiveServer:
        self.thread.start()
        end = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > end:
                raise RuntimeError("the server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()


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
                arg=before, timeout=15_000)
            return on_board
        except Exception:
            if decisions(page) > before or not my_turn(page):
                return on_board
    raise AssertionError("five clicks made no move")


def try_a_click(page: Any) -> bool:
    legal = page.eval_on_selector_all("button.act", "bs => bs.map(b => b.dataset.action)")
    # the picture shown (a phone's, or the desktop's): the other is in the page, hidden
    for target in page.query_selector_all("#board [data-action]:visible"):
        actions = target.get_attribute("data-action").split("|")
        if any(a in legal for a in actions):
            try:
                # trial first: a real click where the element is, if nothing covers it
                target.click(timeout=300, trial=True)
                target.click(timeout=1000)
            except Exception:  # covered by a label drawn over it: click it where it is
                target.dispatch_event("click")
            if page.is_visible("#filter-note"):
                page.click("#actions li:not(.hidden) button.act", timeout=10_000)
            return True
    page.click("button.act", timeout=10_000)
    return False


# Each game at three players: two people and a random bot. Options that shorten a game where
# the rules offer them: El Grande's six-round game (rules: "a shorter game"); the others have
# none.
WHOLE_GAME_OPTIONS: dict[str, dict[str, str]] = {"el-grande": {"rounds": "6"}}
WHOLE_GAME_SECONDS = 900  # a hang guard: 5 min for Palais Royal was too little at load 15
CHECK_EVERY = 30  # moves between two searches of both pages for the other seat's secrets
# The games are long (El Grande's six rounds 80 clicks, the others 150-400 each at three
# players, 1-2.5 minutes): the first OPENING moves and the last ENDING decisions (as a random
# playout of a copy estimates them) are clicked, the middle is random moves made through the
# service for both people. (A whole game by taps: tests/server/test_phone.py, El Grande.)
SKIP_THE_MIDDLE = {"el-grande", "palais-royal", "ming-dynasty", "shadow-of-the-emperor",
                   "castles-of-burgundy-cards"}
OPENING = 30
ENDING = 40
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def wait_for_turn(page: Any, decisions_now: int) -> None:
    """Wait on the live update (no reload, no sleep) until the page shows the position the
    server is at, with the seat's actions."""
    page.wait_for_function(
        "d => { const b = document.getElementById('body');"
        " return b && Number(b.dataset.decisions) === d && document.querySelector('button.act'); }",
        arg=decisions_now, timeout=60_000)


def decisions_left(state: Any, rng: Any) -> int:
    """How many decisions random playouts of copies of ``state`` take to the end: the shortest
    of five, as one playout's length swings widely and a game's end can come at once (Palais
    Royal's middle once ran to the end on the median)."""
    from regalia.engine.playout import random_playout

    return min(random_playout(state.clone(), rng) for _ in range(5))


def move_the_middle_on(app: Any, game_id: str, people: set[int]) -> int:
    """Random legal moves for the people through the service (the bot moves itself: it is
    told of each move as the API does) until a playout estimates ENDING decisions left; the
    moves made."""
    from regalia.engine.rng import Rng
    from regalia.server.service import Conflict

    service = app.state.service
    rng = Rng(7)
    made = 0
    deadline = time.monotonic() + WHOLE_GAME_SECONDS
    while time.monotonic() < deadline:
        live = service.live(game_id)
        if live.state.is_over() or decisions_left(live.state, rng) <= ENDING:
            return made
        movers = [s for s in live.state.to_move() if s in people]
        if not movers:
            time.sleep(0.01)
            continue
        legal = live.state.legal_actions(movers[0])
        try:
            service.act(game_id, movers[0], legal[rng.below(len(legal))].text,
                        turn=live.decisions)
        except Conflict:  # the bot moved first: look again
            continue
        app.state.runner.kick(game_id)
        made += 1
    raise AssertionError(f"{game_id}: the middle did not end in time")


@pytest.mark.parametrize("game", BUILTIN)
def test_two_people_and_a_bot_play_a_whole_game_by_clicking_the_board(
        server: LiveServer, browser: Any, game: str) -> None:
    ann = browser.new_context(viewport=DESKTOP)
    bea = browser.new_context(viewport=PHONE)  # one of them on a phone
    errors: list[str] = []
    try:
        lobby = ann.new_page()
        lobby.goto(server.url + "/")
        lobby.select_option("#game", game)
        lobby.select_option("#players", "3")
        lobby.select_option("select[name=seat0]", "me")
        lobby.select_option("select[name=seat1]", "open")
        lobby.select_option("select[name=seat2]", "random")
        if game in WHOLE_GAME_OPTIONS:
            lobby.click("#options-box summary")
        for name, value in WHOLE_GAME_OPTIONS.get(game, {}).items():
            lobby.select_option(f"[data-option={name}]", value)
        lobby.fill("#name", "Ann")
        screenshot(lobby, "lobby-desktop")
        lobby.click("#create-button")
        lobby.wait_for_selector("#created:not([hidden])")
        mine = lobby.get_attribute("a.my-seat", "href")
        link = lobby.get_attribute("a.join-link", "href")
        assert mine and link and mine != link
        pages = {0: ann.new_page(), 1: bea.new_page()}
        for page in pages.values():
            page.on("pageerror", lambda err: errors.append(str(err)))
        pages[1].goto(server.url + "/")
        screenshot(pages[1], "lobby-phone")
        pages[0].goto(mine)
        pages[1].goto(link)
        service = server.app.state.service
        game_id = pages[0].get_attribute("#table", "data-game")
        assert service.live(game_id).state.players == 3
        if game == "el-grande":
            assert service.live(game_id).state.options["rounds"] == 6

        board_clicks = list_clicks = checks = reloads = skipped = 0
        ended_in_the_middle = False
        middle_skipped = game not in SKIP_THE_MIDDLE
        deadline = time.monotonic() + WHOLE_GAME_SECONDS
        while not (live := service.live(game_id)).state.is_over():
            assert time.monotonic() < deadline, f"{game}: not over in time"
            people = [s for s in live.state.to_move() if s in pages]
            if not people:  # the bot's turn: it moves on the server at once
                time.sleep(0.01)
                continue
            made = board_clicks + list_clicks
            page = pages[people[0]]
            wait_for_turn(page, live.decisions)
            if made and made % CHECK_EVERY == 0 and checks < made // CHECK_EVERY:
                checks += 1
                state = service.live(game_id).state
                for seat, other in pages.items():
                    assert_no_secret(other.content(), secrets_of(state, seat),
                                     f"{game}: seat {seat}'s page")
                screenshot(pages[0], f"table-{game}-desktop")
                screenshot(pages[1], f"table-{game}-phone")
                # a reload (or the link on another device) resumes the seat
                page.reload()
                reloads += 1
                wait_for_turn(page, live.decisions)
            # (after the check: the middle may end the game, and each game is checked)
            if made == OPENING and not middle_skipped:
                # the tables are closed while the server moves the middle on (each of its moves
                # redrew both, most of the test's time) and opened again after, like a reload
                tables = {seat: page.url for seat, page in pages.items()}
                for page in pages.values():
                    page.goto("about:blank")
                skipped = move_the_middle_on(server.app, game_id, set(pages))
                ended_in_the_middle = service.live(game_id).state.is_over()
                for seat, page in pages.items():
                    page.goto(tables[seat])
                middle_skipped = True
                continue
            if click_a_move(page):
                board_clicks += 1
            else:
                list_clicks += 1
        print(f"\n{game}: {board_clicks} moves by clicking the board, {list_clicks} from the "
              f"action list, {skipped} made by the server, "
              f"{service.live(game_id).decisions} decisions in all")
        for page in pages.values():  # the last move reaches both tables live
            page.wait_for_selector("#result", timeout=60_000)
            assert "place 1" in page.inner_text("#result")
        assert checks >= 1 and reloads >= 1
        if game in SKIP_THE_MIDDLE:  # and the ending was clicked
            # the estimate is random and counts the bot's decisions too: a few clicks at least
            # (unless the middle's random moves ended the game at once: the result is still
            # read on both tables above)
            assert skipped > 0
            assert board_clicks + list_clicks > OPENING + 5 or ended_in_the_middle
        assert board_clicks >= 1, f"{game}: no move could be made on the board"
        assert errors == []
        other_device = browser.new_context()
        again = other_device.new_page()
        again.goto(link)
        assert again.query_selector("#result") is not None  # the finished table
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
        deadline = time.monotonic() + 180  # (a loaded machine's page is slow to answer)
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
        # a look back from the table: the position now, then one decision back, then return
        table = page.url
        page.click("#look-back")
        page.wait_for_url("**/replay")
        now = re.search(r"after (\d+) of (\d+) decisions", page.inner_text("h1"))
        assert now is not None and now.group(1) == now.group(2)
        assert page.locator("#board svg:visible").count() == 1  # the phone picture here
        assert page.locator("#board [data-action]").count() == 0  # history: nothing to click
        page.click("#back")
        page.wait_for_url(f"**/replay?step={int(now.group(1)) - 1}")
        assert f"after {int(now.group(1)) - 1} of" in page.inner_text("h1")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390 + 1
        screenshot(page, f"look-back-{game}-phone")
        page.click("#table")
        page.wait_for_url(table)
        page.wait_for_selector("#body")
        assert errors == []
    finally:
        context.close()
