"""Browser check of the component texts: hovering an action with the mouse and a long press
on a phone show the text of the card or space it names, and the press plays nothing."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.server import test_browser as shared
from tests.server.test_browser import DESKTOP, PHONE, LiveServer, screenshot

# the live server, the browser and the skips of the browser tests
server, browser, pytestmark = shared.server, shared.browser, shared.pytestmark


def new_table(server: LiveServer, game: str, players: int) -> str:
    """A seat link of the seat to move first in a new game of open seats."""
    body = json.dumps({"game": game, "seats": ["open"] * players}).encode()
    request = urllib.request.Request(server.url + "/api/games", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        data = json.load(response)
    for link in data["seats"]:
        seat = urllib.request.Request(server.url + "/api/seat",
                                      headers={"X-Seat-Token": link["token"]})
        with urllib.request.urlopen(seat) as response:
            if link["seat"] in json.load(response)["to_move"]:
                return f"{server.url}/play/{link['token']}"
    raise AssertionError("nobody to move")


def test_hovering_an_action_shows_its_card_text(server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(new_table(server, "shadow-of-the-emperor", 3))
    button = page.locator("button.act[data-about]").first
    about = button.get_attribute("data-about")
    button.hover()
    page.wait_for_selector("#about:not([hidden])")
    assert page.inner_text("#about") == about
    screenshot(page, "texts-hover-desktop")
    page.mouse.move(5, 5)  # away, onto nothing with a text
    page.wait_for_selector("#about", state="hidden")
    context.close()


def test_a_long_press_on_a_phone_shows_the_text_and_plays_nothing(
        server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                  locale="zh-CN")
    page = context.new_page()
    page.goto(server.url + "/lang/zh")
    page.goto(new_table(server, "el-grande", 3))
    before = page.get_attribute("#body", "data-decisions")
    target = page.locator("#board [data-action]").first
    target.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    # held until the text shows (its 500 ms timer; not a fixed wait, which a loaded machine's
    # page may not have reached: the press would then end as a tap)
    page.wait_for_selector("#about:not([hidden])")
    target.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
    target.dispatch_event("click", {"bubbles": True})  # the press ends in a click: swallowed
    text = page.inner_text("#about")
    assert "西班牙的一个区域" in text  # a region's text, in Chinese
    screenshot(page, "texts-long-press-phone-zh")
    page.wait_for_timeout(300)
    assert page.get_attribute("#body", "data-decisions") == before
    context.close()
