"""The table on a phone (issue 33), measured in Debian's chromium through Playwright.

At 390×844 and 360×640, for every game: the page never scrolls sideways, the board shown is the
game's phone picture and no wider than the screen, its words are drawn at 11 CSS px or more
(each SVG text's font size times the picture's scale on the screen, ``getScreenCTM``), every
target on it is 44×44 CSS px or more, and the header's language switch stays inside the
header. Then one whole game of El Grande (the 6-round short game) is played on a phone by taps
alone, on the board wherever the board holds the action.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.test_browser import (
    BUILTIN,
    LiveServer,
    browser,
    pytestmark,
    server,
    wait_for_turn,
)

__all__ = ["browser", "pytestmark", "server"]  # the fixtures, shared with the browser tests

PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": {"width": 360, "height": 640}}
LEAST_TEXT = 11.0  # CSS px
LEAST_TARGET = 44.0  # CSS px each way

# The board's smallest word and target as drawn on the screen, and its width.
MEASURE = """() => {
  const svg = [...document.querySelectorAll('#board svg')].find(s => s.getClientRects().length);
  if (!svg) return null;
  let least = Infinity, word = null;
  for (const t of svg.querySelectorAll('text')) {
    if (!t.textContent.trim() || !t.getClientRects().length) continue;
    const ctm = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(ctm.a, ctm.b);
    if (px < least) { least = px; word = t.textContent; }
  }
  const targets = [...svg.querySelectorAll('[data-action]')].map(e => {
    const r = e.getBoundingClientRect();
    return {w: r.width, h: r.height, action: e.getAttribute('data-action')};
  });
  const top = document.querySelector('header.top').getBoundingClientRect();
  const langs = document.querySelector('#langs').getBoundingClientRect();
  return {least, word, targets, phone: svg.classList.contains('phone-board'),
          width: svg.getBoundingClientRect().width,
          right: svg.getBoundingClientRect().right,
          scroll: document.documentElement.scrollWidth,
          header: {top: top.bottom, langs: langs.bottom, right: langs.right}};
}"""


def create(url: str, game: str, seats: list[str],
           options: dict[str, Any] | None = None) -> dict[str, Any]:
    body = json.dumps({"game": game, "players": len(seats), "seats": seats,
                       "options": options or {}}).encode()
    request = urllib.request.Request(url + "/api/games", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        created: dict[str, Any] = json.load(response)
    return created


@pytest.fixture
def phone(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONES[request.param], has_touch=True,
                                  is_mobile=True)
    try:
        yield context
    finally:
        context.close()


def api(url: str, path: str, token: str, body: dict[str, Any] | None = None) -> Any:
    request = urllib.request.Request(
        url + path, data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "X-Seat-Token": token},
        method="POST" if body is not None else "GET")
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def play_on(url: str, token: str, moves: int, rng: random.Random) -> None:
    """``moves`` random moves of the seat (through the API; the bots answer on the server)."""
    made = 0
    deadline = time.monotonic() + 30
    while made < moves and time.monotonic() < deadline:
        seat = api(url, "/api/seat?svg=false", token)
        if seat["over"]:
            return
        if not seat["legal"]:
            time.sleep(0.05)
            continue
        action = rng.choice(seat["legal"])["action"]
        try:
            api(url, "/api/seat/act", token, {"action": action, "turn": seat["decisions"]})
            made += 1
        except urllib.error.HTTPError:  # a bot moved in between: look again
            pass


CHECKPOINTS = (0, 5, 15)  # the seat's own moves made before each measure


@pytest.mark.parametrize("phone", list(PHONES), indirect=True)
@pytest.mark.parametrize("game", BUILTIN)
def test_the_table_fits_a_phone_legibly_with_finger_sized_targets(
        server: LiveServer, phone: Any, game: str) -> None:
    page = phone.new_page()
    width = page.viewport_size["width"]
    created = create(server.url, game, ["me", "random", "random"])
    token = created["seats"][0]["token"]
    rng = random.Random(game)
    least_word, least_target, targets = float("inf"), float("inf"), 0
    for made, upto in zip((0, *CHECKPOINTS), CHECKPOINTS, strict=False):
        play_on(server.url, token, upto - made, rng)
        page.goto(created["seats"][0]["url"])
        page.wait_for_selector("#body")
        seen = page.evaluate(MEASURE)
        where = f"{game} after {upto} moves"
        assert seen is not None and seen["phone"], f"{where}: the phone picture is not shown"
        assert seen["scroll"] <= width, f"{where}: the page scrolls sideways ({seen['scroll']})"
        assert seen["right"] <= width + 0.5 and seen["width"] <= width
        assert seen["least"] >= LEAST_TEXT, \
            f"{where}: {seen['word']!r} is drawn at {seen['least']:.1f} px"
        for target in seen["targets"]:
            assert target["w"] >= LEAST_TARGET and target["h"] >= LEAST_TARGET, \
                f"{where}: {target['action']!r} is {target['w']:.0f}×{target['h']:.0f} px"
        if upto == 0 and game == "el-grande":  # its first decision is on the board
            assert seen["targets"], "El Grande's phone board has nothing to tap"
        assert seen["header"]["langs"] <= seen["header"]["top"] + 0.5, \
            "the language switch falls below the header"
        assert seen["header"]["right"] <= width
        least_word = min(least_word, seen["least"])
        least_target = min([least_target, *(min(t["w"], t["h"]) for t in seen["targets"])])
        targets += len(seen["targets"])
    assert targets, f"{game}: no target on the phone board in {len(CHECKPOINTS)} positions"
    print(f"\n{game} at {width} px: least word {least_word:.1f} px, {targets} targets in "
          f"{len(CHECKPOINTS)} positions, least {least_target:.0f} px")


@pytest.mark.parametrize("phone", ["360x640"], indirect=True)
def test_el_grande_in_chinese_on_a_phone_is_as_legible(server: LiveServer, phone: Any) -> None:
    phone.add_cookies([{"name": "regalia_lang", "value": "zh", "url": server.url}])
    page = phone.new_page()
    created = create(server.url, "el-grande", ["me", "random", "random"])
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#body")
    seen = page.evaluate(MEASURE)
    assert page.get_attribute("html", "lang") == "zh"
    assert seen["scroll"] <= 360 and seen["least"] >= LEAST_TEXT
    assert seen["targets"] and all(t["w"] >= LEAST_TARGET and t["h"] >= LEAST_TARGET
                                   for t in seen["targets"])


def tap_a_move(page: Any) -> bool:
    """One move by taps: a target on the phone board when one holds a legal action (then,
    if the tap meant several, the one left first in the list), else the list's first; True
    when the board was tapped. A live update replacing the table between finding and tapping
    is met by trying again."""
    before = int(page.get_attribute("#body", "data-decisions"))
    on_board = False
    for _ in range(5):
        legal = page.eval_on_selector_all("button.act", "bs => bs.map(b => b.dataset.action)")
        target = next((t for t in page.query_selector_all("#board .narrow [data-action]")
                       if any(a in legal for a in t.get_attribute("data-action").split("|"))),
                      None)
        try:
            if target is not None:
                target.scroll_into_view_if_needed(timeout=1000)
                target.tap(timeout=10_000)
                on_board = True
                if page.is_visible("#filter-note"):
                    page.tap("#actions li:not(.hidden) button.act", timeout=10_000)
            else:
                page.tap("button.act", timeout=10_000)
            page.wait_for_function(
                "d => Number(document.getElementById('body').dataset.decisions) > d",
                arg=before, timeout=15_000)
            return on_board
        except Exception:
            if int(page.get_attribute("#body", "data-decisions")) > before or \
                    page.query_selector("button.act") is None:
                return on_board
    raise AssertionError("five taps made no move")


@pytest.mark.parametrize("phone", ["390x844"], indirect=True)
def test_a_whole_game_of_el_grande_by_taps_on_a_phone(server: LiveServer, phone: Any) -> None:
    created = create(server.url, "el-grande", ["me", "random"], {"rounds": 6})
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(created["seats"][0]["url"])
    service = server.app.state.service
    game_id = page.get_attribute("#table", "data-game")
    board = listed = 0
    deadline = time.monotonic() + 600
    while not service.live(game_id).state.is_over():
        assert time.monotonic() < deadline, "the game did not end in time"
        live = service.live(game_id)
        if 0 not in live.state.to_move():
            time.sleep(0.02)
            continue
        wait_for_turn(page, live.decisions)
        if tap_a_move(page):
            board += 1
        else:
            listed += 1
    page.wait_for_selector("#result", timeout=60_000)
    assert "place" in page.inner_text("#result")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert errors == []
    # the finished game's replay and analysis pages (the note while it is computed) fit too
    for path in (f"/watch/{game_id}/replay?step=3&seat=0", f"/watch/{game_id}/analysis"):
        page.goto(server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
    print(f"\nEl Grande on a phone by taps: {board} on the board, {listed} from the list")
    assert board > listed, "most of the game's decisions should be taps on the board"
