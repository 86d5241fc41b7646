"""The analysis report in Chinese: headings, sentences, table and graph labels worded in the
language in force when it is shown; its JSON keys, notation and numbers unchanged."""

from __future__ import annotations

import html
import re

import pytest

import regalia
from regalia.analysis import Budget, analyse
from regalia.analysis.graph import win_chance_svg
from regalia.analysis.html import boards_for, html_report, localized
from regalia.engine.i18n import language, speaking
from regalia.engine.record import Record
from tests.analysis.conftest import short_record
from tests.support.toy_game import GAME_ID as TOY

FAST = Budget(iterations=6)
CJK_FONTS = "'Noto Sans CJK SC','Source Han Sans SC','WenQuanYi Micro Hei'"


def readable(page: str) -> str:
    """What a reader reads of the report, without notation (<code>), the game's own move
    descriptions (<b>, the games' business) and pictures."""
    page = re.sub(r"<(style|code|b|title)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<img [^>]*>', " ", page)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def words(text: str, allowed: set[str]) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed]


@pytest.fixture(scope="module")
def toy_report() -> tuple[Record, dict]:
    record = short_record(TOY, 3, seed=4, decisions=12)
    return record, analyse(record, None, FAST, 0)


def test_the_report_in_chinese_has_chinese_headings_and_no_english_left(
        toy_report: tuple[Record, dict]) -> None:
    record, report = toy_report
    with speaking("zh"):
        page = html_report(localized(record, report), {})
    assert '<html lang="zh">' in page
    for heading in ("<h2>总结</h2>", "<h2>胜率</h2>", "被标记的行动（"):
        assert heading in page
    assert "<th>座位</th><th>已评估</th>" in page
    assert "按损失的胜率标记" in page and "<code>hard:iterations=6</code>" in page
    # Left in Latin letters: the toy game's seat names and title (a test game, not
    # translated), and the names of the fonts.
    allowed = {"North", "East", "South", "West", "Sealed", "Bids", "Noto", "Sans", "CJK",
               "Source", "Han", "WenQuanYi", "Micro", "Hei", "Microsoft", "YaHei", "sans",
               "serif", "Helvetica", "Arial", "system"}
    assert words(readable(page), allowed) == []
    marked = [m for m in report["moves"] if m.get("mark")]
    for m in marked:  # the badges are worded, the notation is not
        assert f"<code>{html.escape(m['action'])}</code>" in page
    assert {"inaccuracy", "mistake", "blunder"}.isdisjoint(re.findall(r"[a-z]+",
                                                                      readable(page)))


def test_english_is_as_it_was(toy_report: tuple[Record, dict]) -> None:
    record, report = toy_report
    page = html_report(localized(record, report), {})
    assert language() == "en"
    assert page == html_report(report, {})  # worded again in English: the same page
    assert '<html lang="en">' in page and "<h2>Summary</h2>" in page
    assert "Marks by lost win chance: inaccuracy from" in page
    assert "<th>Seat</th><th>Judged</th><th>Forced</th><th>Average loss</th>" in page


def test_the_reports_data_keeps_its_keys_and_notation(toy_report: tuple[Record, dict]) -> None:
    record, report = toy_report
    with speaking("zh"):
        worded = localized(record, report)
    assert set(worded) == set(report)
    assert [m["action"] for m in worded["moves"]] == [m["action"] for m in report["moves"]]
    assert [set(m) for m in worded["moves"]] == [set(m) for m in report["moves"]]
    assert worded["summary"][0].keys() == report["summary"][0].keys()


def test_the_graph_is_labelled_in_chinese_with_a_cjk_font(
        toy_report: tuple[Record, dict]) -> None:
    record, report = toy_report
    with speaking("zh"):
        svg = win_chance_svg(localized(record, report))
    assert CJK_FONTS in svg
    assert ">胜率</text>" in svg and ">平均份额</text>" in svg and "决定（刻度：回合）" in svg
    assert 'aria-label="整局的估计胜率"' in svg
    english = win_chance_svg(report)
    assert ">win chance</text>" in english and ">fair share</text>" in english


def test_a_real_games_report_in_chinese() -> None:
    record = short_record("el-grande", 3, seed=5, decisions=16)
    report = analyse(record, None, FAST, 0)
    with speaking("zh"):
        worded = localized(record, report)
        page = html_report(worded, boards_for(record, worded))
    assert '<html lang="zh">' in page and "大王 · 分析" in page
    assert "<h2>总结</h2>" in page and "总结" in readable(page)
    assert regalia.get_game("el-grande").title == report["title"] == "El Grande"  # data kept
