"""The web table teaches (issues 33 and 34), in Debian's chromium through Playwright.

For every game, in English and Chinese, on a desktop (1280×800) and a phone (390×844), and on
tablets held upright in one language each (768×1024 in English, 641×900 in Chinese: they show
the phone's picture), one page load each: every code the page shows (its board's words, the
actions, the news) is explained in the key under the board (open on a
desktop, one tap away on a phone or a tablet); nothing scrolls sideways; on the phone and the
tablets the board's words are 11 CSS px or more and its targets 44×44 or more, and its buttons
speak in words, not notation. Then the news of what happened since a seat's move, updating
live as the bots move, and the analysis page's boards at a phone's width.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

from regalia.analysis import Budget, analyse
from regalia.analysis.html import boards_for, html_report
from tests.analysis.conftest import short_record
from tests.server import test_browser as shared
from tests.server.board_codes import codes_in, explained
from tests.server.test_browser import BUILTIN, LiveServer, screenshot
from tests.server.test_phone import LEAST_TARGET, LEAST_TEXT, MEASURE, api, create, play_on

server, browser, pytestmark = shared.server, shared.browser, shared.pytestmark

SIZES = {"desktop": {"width": 1280, "height": 800}, "tablet": {"width": 768, "height": 1024},
         "small tablet": {"width": 641, "height": 900}, "phone": {"width": 390, "height": 844}}
# Each size in a language at least, the desktop's picture and the phone's narrowest one in both
# (the tablets show the phone's picture: a tablet in both languages was two page loads a game
# that checked what the phone's already had; CI time)
LOADS = [("en", "desktop"), ("en", "tablet"), ("en", "phone"),
         ("zh", "desktop"), ("zh", "small tablet"), ("zh", "phone")]

# Everything a reader reads on the table (the visible board, the actions, the news, the
# status line), one string per line of text, and the key's text.
READ = """() => {
  const svg = [...document.querySelectorAll('#board svg')].find(s => s.getClientRects().length);
  const lines = svg ? [...svg.querySelectorAll('text')].filter(t => t.getClientRects().length)
                        .map(t => t.textContent) : [];
  for (const e of document.querySelectorAll('button.act, #news li, #status')) {
    lines.push(e.textContent);
  }
  const buttons = svg ? [...svg.querySelectorAll('g.button[data-action]')].map(g => ({
    action: g.getAttribute('data-action'),
    words: [...g.querySelectorAll('text')].map(t => t.textContent).join(' ')})) : [];
  const listed = Object.fromEntries([...document.querySelectorAll('button.act')].map(
    b => [b.dataset.action, b.textContent]));
  const key = document.getElementById('key');
  return {lines, buttons, listed, key: key ? key.textContent : '', open: key ? key.open : null,
          scroll: document.documentElement.scrollWidth};
}"""


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_every_code_on_every_table_is_explained_at_every_size_in_both_languages(
        server: LiveServer, browser: Any) -> None:
    contexts = {}
    for lang, size in LOADS:
        context = browser.new_context(viewport=SIZES[size], has_touch=size != "desktop",
                                      is_mobile=size != "desktop")
        context.add_cookies([{"name": "regalia_lang", "value": lang, "url": server.url}])
        contexts[lang, size] = context
    codes_seen = 0
    try:
        for game in BUILTIN:
            created = create(server.url, game, ["me", "random", "random"])
            token = created["seats"][0]["token"]
            play_on(server.url, token, 6, random.Random(game))
            # the bots answer before the pages load: the seat's actions are on every page (and
            # no status line names a bot still thinking, "bot" read as a code)
            deadline = time.monotonic() + 30
            while not (seat := api(server.url, "/api/seat?svg=false", token))["legal"] \
                    and not seat["over"]:
                assert time.monotonic() < deadline, f"{game}: the bots did not answer"
                time.sleep(0.05)
            for (lang, size), context in contexts.items():
                page = context.new_page()
                page.goto(created["seats"][0]["url"])
                page.wait_for_selector("#body")
                where = f"{game} {lang} {size}"
                seen = page.evaluate(READ)
                width = SIZES[size]["width"]
                assert seen["scroll"] <= width, f"{where}: scrolls sideways ({seen['scroll']})"
                assert seen["key"], f"{where}: no key under the board"
                assert seen["open"] == (size == "desktop"), f"{where}: key open {seen['open']}"
                codes = set().union(*(codes_in(line) for line in seen["lines"]))
                unexplained = sorted(c for c in codes if not explained(c, seen["key"]))
                assert not unexplained, f"{where}: {unexplained} not explained in the key"
                codes_seen += len(codes)
                if size != "desktop":
                    measured = page.evaluate(MEASURE)
                    assert measured["phone"], f"{where}: not the phone picture"
                    assert measured["least"] >= LEAST_TEXT, \
                        f"{where}: {measured['word']!r} at {measured['least']:.1f} px"
                    assert all(t["w"] >= LEAST_TARGET and t["h"] >= LEAST_TARGET
                               for t in measured["targets"]), where
                    for button in seen["buttons"]:  # words, not the notation
                        listed = seen["listed"].get(button["action"], "")
                        assert flat(button["words"]) != flat(button["action"]) or \
                            flat(listed) == flat(button["action"]), f"{where}: {button}"
                    page.tap("#key summary")  # one tap opens the key
                    assert page.is_visible("#key li")
                if game == "shadow-of-the-emperor":
                    screenshot(page, f"teach-{game}-{size}-{lang}")
                page.close()
    finally:
        for context in contexts.values():
            context.close()
    assert codes_seen > 50


def test_the_news_since_the_seats_move_updates_live_as_the_bots_move(
        server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    created = create(server.url, "palais-royal", ["me", "random", "random"])
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("button.act")
    assert page.query_selector("#news") is None or \
        "So far" in page.inner_text("#news h2")  # nobody moved before the first seat
    # the seat ends its turn (Palais Royal: "end" where it may), the bots play theirs
    for _ in range(40):
        actions = page.eval_on_selector_all("button.act", "bs => bs.map(b => b.dataset.action)")
        if not actions:
            break
        choice = "end" if "end" in actions else "done" if "done" in actions else actions[0]
        before = int(page.get_attribute("#body", "data-decisions"))
        page.click(f'button.act[data-action="{choice}"]')
        page.wait_for_function(
            "d => Number(document.getElementById('body').dataset.decisions) > d",
            arg=before, timeout=15_000)
    page.wait_for_selector("#news li", timeout=60_000)  # the bots' moves, without a reload
    assert "Since your last move" in page.inner_text("#news h2")
    news = page.inner_text("#news")
    assert "Player 2" in news or "Player 3" in news
    screenshot(page, "teach-news-desktop")
    context.close()


def test_the_analysis_pages_boards_fit_a_phone(browser: Any) -> None:
    record = short_record("palais-royal", 3, seed=5, decisions=10)
    report = analyse(record, None, Budget(iterations=4), 0)
    # One mark to show, chosen here (a 4-iteration search leaves most moves untried, and an
    # untried move is judged by its prior, so it marks moves of its own).
    for number, move in enumerate(report["moves"]):
        if number == 3:
            move.update(mark="blunder", loss=0.4, win_before=0.6, win_after=0.2)
        else:
            move["mark"] = None
    page_html = html_report(report, boards_for(record, report),
                            boards_for(record, report, phone=True))
    assert page_html.count("<source ") == 1
    context = browser.new_context(viewport=SIZES["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_content(page_html)
    board = page.evaluate("""() => { const img = document.querySelector('img.board');
      return {src: img.currentSrc, width: img.getBoundingClientRect().width,
              natural: img.naturalWidth, scroll: document.documentElement.scrollWidth}; }""")
    phone_src = re.search(r'srcset="([^"]+)"', page_html)
    assert phone_src is not None and board["src"] == phone_src.group(1)  # the phone drawing
    assert board["scroll"] <= 390 and board["width"] <= 390
    # drawn 360 units wide for a phone: its 11.5-unit words stay legible at this width
    assert board["natural"] <= 400 and board["width"] >= 0.9 * board["natural"]
    desktop = browser.new_context(viewport=SIZES["desktop"])
    wide = desktop.new_page()
    wide.set_content(page_html)
    assert wide.evaluate("document.querySelector('img.board').currentSrc") != board["src"]
    context.close()
    desktop.close()
