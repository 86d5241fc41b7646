"""The desktop board speaks the page's language, live, and every width reads (issues 33, 34).

In Debian's chromium through Playwright, one page load per game, in Chinese: after a live
update (a move, announced by the server-sent event, the table fetched again without a
reload) the desktop board's buttons carry the actions in words, as the list of actions gives
them or in the board's own short words (not ``draw``, ``award B`` or ``step 5a dragon``); the
same page resized to 1920, 1280, 1199, 1024 and 900 px draws its board's words at 11 CSS px
or more and its targets at 44×44 or more (from 1200 px the phone picture two columns wide,
below it the phone picture; the desktop picture, in small print, one click away); and a
component that is no move now (a region, a room, a card …) shows its text, in Chinese, when
the mouse rests on it. Then the ``regalia analyze`` HTML file at a phone's width.
"""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from regalia.cli import analyze as analyze_command
from regalia.cli.main import app
from tests.analysis.conftest import short_record
from tests.server import test_browser as shared
from tests.server.test_browser import BUILTIN, LiveServer
from tests.server.test_phone import LEAST_TARGET, LEAST_TEXT, MEASURE, api, create

server, browser, pytestmark = shared.server, shared.browser, shared.pytestmark

# Desktops (the phone picture two columns wide), then the middle widths (one column).
WIDTHS = (1920, 1280, 1199, 1024, 900)
WIDE_FROM = 1200

# The visible board's buttons: their action and their words.
BUTTONS = """() => {
  const svg = [...document.querySelectorAll('#board svg')].find(s => s.getClientRects().length);
  return [...svg.querySelectorAll('g.button[data-action]')].map(g => ({
    action: g.getAttribute('data-action'),
    words: [...g.querySelectorAll('text')].map(t => t.textContent).join(' ')}));
}"""

# A component of the visible board with a text of its own and no move on it now.
COMPONENT = """() => {
  const svg = [...document.querySelectorAll('#board svg')].find(s => s.getClientRects().length);
  const found = [...svg.querySelectorAll('[data-region], [data-room], [data-card], ' +
      '[data-electorate], [data-district], [data-type]')].filter(e =>
      !e.closest('[data-action]') && e.querySelector(':scope > title') &&
      e.getClientRects().length && e.getBoundingClientRect().width > 8);
  if (!found.length) return null;
  found[0].setAttribute('id', 'probe');
  return {title: found[0].querySelector(':scope > title').textContent, count: found.length};
}"""


# the text of the titled component at the probe's centre, where the mouse rests
UNDER_THE_MOUSE = """() => {
  const r = document.getElementById('probe').getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  let e = hit;
  while (e && !(e.querySelector && e.querySelector(':scope > title'))) e = e.parentElement;
  return e ? e.querySelector(':scope > title').textContent : null;
}"""


def a_move(url: str, token: str, rng: random.Random) -> int:
    """One random move of the seat when it is its turn (waiting for the bots); the decisions
    after it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seat = api(url, "/api/seat?svg=false", token)
        if seat["legal"]:
            action = rng.choice(seat["legal"])["action"]
            done = api(url, "/api/seat/act", token, {"action": action,
                                                     "turn": seat["decisions"]})
            return int(done["decisions"])
        time.sleep(0.05)
    raise AssertionError("the seat never got a turn")


def test_a_chinese_table_stays_chinese_live_reads_at_every_width_and_explains_its_parts(
        server: LiveServer, browser: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "regalia_lang", "value": "zh", "url": server.url}])
    checked = 0
    errors: list[str] = []
    try:
        for game in BUILTIN:
            rng = random.Random(game)
            created = create(server.url, game, ["me", "random"])
            token = created["seats"][0]["token"]
            page = context.new_page()
            page.on("pageerror", lambda err: errors.append(str(err)))
            page.goto(created["seats"][0]["url"])
            page.wait_for_selector("#body")
            assert page.get_attribute("html", "lang") == "zh"
            page.evaluate("window.notReloaded = true")
            # moves until the seat has buttons on its board (most games do at once)
            for _ in range(12):
                before = int(page.get_attribute("#body", "data-decisions"))
                after = a_move(server.url, token, rng)
                page.wait_for_function(
                    "d => Number(document.getElementById('body').dataset.decisions) >= d",
                    arg=max(after, before + 1), timeout=60_000)
                page.wait_for_selector("button.act", timeout=60_000)
                assert page.evaluate("window.notReloaded === true"), "the page was reloaded"
                if page.evaluate(BUTTONS):
                    break
            listed = dict(page.eval_on_selector_all(
                "button.act", "bs => bs.map(b => [b.dataset.action, b.textContent])"))
            for button in page.evaluate(BUTTONS):
                words, said = button["words"], listed.get(button["action"], "")
                assert said, f"{game}: a button for {button['action']!r}, not a legal action"
                # the list's words (cut to the button, or the board's own short words for
                # it), in Chinese, never the notation
                assert words != button["action"] and re.search(r"[\u4e00-\u9fff]", words), \
                    f"{game}: the board's button says {words!r}, the list {said!r}"
                checked += 1
            # 900 px and wider: the board beside the actions, legible, finger-sized targets
            for width in WIDTHS:
                page.set_viewport_size({"width": width, "height": 800})
                seen = page.evaluate(MEASURE)
                where = f"{game} at {width} px"
                assert seen["phone"], f"{where}: the desktop picture's small print is shown"
                assert (seen["width"] > 700) == (width >= WIDE_FROM), \
                    f"{where}: the board is {seen['width']:.0f} px wide"
                assert seen["scroll"] <= width, f"{where}: scrolls sideways"
                assert seen["least"] >= LEAST_TEXT, \
                    f"{where}: {seen['word']!r} is drawn at {seen['least']:.1f} px"
                for target in seen["targets"]:
                    assert target["w"] >= LEAST_TARGET and target["h"] >= LEAST_TARGET, \
                        f"{where}: {target['action']!r} is {target['w']:.0f}×{target['h']:.0f}"
            # a component with no move on it explains itself under a resting mouse
            probe = page.evaluate(COMPONENT)
            assert probe is not None, f"{game}: no component of the board has a text"
            assert re.search(r"[\u4e00-\u9fff]", probe["title"]), probe["title"]
            # (at its centre may lie a part with a text of its own: Palais Royal's rooms hold
            # the players' servant counts, each titled: the text is that of what is under it)
            page.hover("#probe")
            page.wait_for_selector("#about:not([hidden])", timeout=15_000)
            under = page.evaluate(UNDER_THE_MOUSE)
            assert under and re.search(r"[\u4e00-\u9fff]", under), under
            assert page.inner_text("#about").strip() == under.strip()
            page.close()
    finally:
        context.close()
    assert errors == []
    assert checked >= 3, f"only {checked} board buttons were seen in five games"


def test_the_analysis_file_shows_phone_boards_on_a_phone(
        browser: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "game.json"
    short_record("palais-royal", 3, seed=5, decisions=12).save(record)
    judged = analyze_command.analyse

    def with_marks(*args: Any, **kwargs: Any) -> dict[str, Any]:
        report: dict[str, Any] = judged(*args, **kwargs)
        # Two marks to show, chosen here: a 4-iteration search leaves most moves untried, and
        # an untried move is judged by its prior, so it marks moves of its own.
        for number, move in enumerate(report["moves"]):
            if 3 <= number < 5:
                move.update(mark="blunder", loss=0.4, win_before=0.6, win_after=0.2)
            else:
                move["mark"] = None
        return report

    monkeypatch.setattr(analyze_command, "analyse", with_marks)
    out = tmp_path / "report.html"
    result = CliRunner().invoke(app, ["analyze", str(record), "-o", str(out), "--workers", "1",
                                      "--iterations", "4"])
    assert result.exit_code == 0, result.output
    page_html = out.read_text()
    marked = page_html.count('<img class="board"')
    assert marked == 2 and page_html.count("<source ") == marked, "a board without a phone one"
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    try:
        page = context.new_page()
        page.set_content(page_html)
        seen = page.evaluate("""() => ({scroll: document.documentElement.scrollWidth,
          boards: [...document.querySelectorAll('img.board')].map(i => ({
            phone: i.currentSrc !== i.getAttribute('src'),
            width: i.getBoundingClientRect().width, natural: i.naturalWidth}))})""")
        assert seen["scroll"] <= 390
        for board in seen["boards"]:
            # the phone drawing, 360 units wide, shown at about its own size: its 11.5-unit
            # words stay 11 px and more
            assert board["phone"] and board["width"] <= 390
            assert board["width"] >= 0.96 * board["natural"], board
    finally:
        context.close()

