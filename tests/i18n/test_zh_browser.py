"""A web table in Chinese, in a real browser (Playwright on Debian's chromium, as
tests/server/test_browser.py): the browser's language picks Chinese, the scripts speak it
too, the switch in the header changes it and sticks. With ``REGALIA_SCREENSHOTS`` set (a
folder), screenshots of the lobby and the table in Chinese are saved there."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.test_browser import ARGS, CHROMIUM, LiveServer, screenshot

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="browser tests need Debian's chromium at /usr/bin/chromium"),
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="browser tests need playwright (pip install '.[web-test]')"),
]
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    db = tmp_path_factory.mktemp("browser-zh") / "games.db"
    with LiveServer(f"sqlite:///{db}") as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


def test_a_table_in_chinese(server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="zh-CN")
    errors: list[str] = []
    try:
        lobby = context.new_page()
        lobby.on("pageerror", lambda err: errors.append(str(err)))
        lobby.goto(server.url + "/")
        assert lobby.get_attribute("html", "lang") == "zh"
        assert lobby.inner_text("h1") == "新游戏"
        lobby.select_option("#game", "el-grande")
        assert lobby.inner_text("#game option:checked") == "大王"
        lobby.select_option("#players", "3")
        # the script's own words, from the catalog
        assert lobby.inner_text("#seats legend") == "座位"
        assert "机器人：随机" in lobby.inner_text("select[name=seat1]")
        lobby.select_option("select[name=seat1]", "random")
        lobby.select_option("select[name=seat2]", "greedy")
        screenshot(lobby, "lobby-zh")
        lobby.click("#create-button")
        lobby.wait_for_selector("#created:not([hidden])")
        assert "座位1（你）：" in lobby.inner_text("#links")
        assert "观众：" in lobby.inner_text("#links")
        # each link says what it is for, with a button to copy it for a chat message
        assert "你自己的座位" in lobby.inner_text("#links")
        assert lobby.locator("#links button.copy").count() == 2  # the seat's, the spectators'
        mine = lobby.get_attribute("a.my-seat", "href")
        assert mine

        table = context.new_page()
        table.on("pageerror", lambda err: errors.append(str(err)))
        table.goto(mine)
        table.wait_for_selector("button.act")
        assert table.get_attribute("html", "lang") == "zh"
        for words in ("轮到你了。", "你的行动", "牌桌", "观战链接", "让机器人替我打", "提示"):
            assert words in table.inner_text("body"), words
        assert "（随机 机器人）" in table.inner_text("#seats")  # the level in Chinese too
        table.click("button.act")  # a move: the table updates itself, still in Chinese
        table.wait_for_function(
            "() => Number(document.getElementById('body').dataset.decisions) > 0")
        table.wait_for_selector("#log li")
        body = table.inner_text("body")  # once: the bots' moves change it between two reads
        assert "你的行动" in body or "等待行动" in body
        assert "Your turn" not in table.inner_text("body")
        screenshot(table, "table-zh")

        # The switch: English, and it sticks (a reload keeps it) though the browser asks
        # for Chinese; then back.
        table.click("#langs a[data-lang=en]")
        table.wait_for_selector("html[lang=en]")
        assert "Table" in table.inner_text("#seats h2")
        table.reload()
        assert table.get_attribute("html", "lang") == "en"
        table.click("#langs a[data-lang=zh]")
        table.wait_for_selector("html[lang=zh]")
        assert table.inner_text("#seats h2") == "牌桌"
        assert errors == []
    finally:
        context.close()


def test_the_switch_beats_the_browsers_language(server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        assert page.get_attribute("html", "lang") == "en"
        assert page.inner_text("h1") == "New game"
        page.click("#langs a[data-lang=zh]")
        page.wait_for_selector("html[lang=zh]")
        other = context.new_page()  # another tab of the same person: the cookie sticks
        other.goto(server.url + "/")
        assert other.inner_text("h1") == "新游戏"
        assert Path(page.url).name == "" or page.url.endswith("/")
    finally:
        context.close()
