"""Every game's phone picture (``render_phone_svg``, issue 33) over random playouts.

A pure function of the view: the same bytes twice, well-formed SVG 360 units wide; every word
at least ``phone_board.SMALL`` units (11 CSS px and more on a 360 px screen); every target at
least ``phone_board.TARGET`` units each way; every ``data-action`` a legal action of the
viewer; and every legal action somewhere on the picture (a tile, a chip or a button), so a
phone player never needs the desktop board. In English and in Chinese; nothing on the board
of a past position (no legal actions) is a target.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

import regalia
from regalia.engine import i18n, phone_board

BUILTIN = [g.id for g in regalia.list_games() if not g.id.startswith("toy-")]
SVG = "{http://www.w3.org/2000/svg}"


def positions(game: str, seed: int, count: int) -> list[tuple[dict, int]]:
    """Views (with their ``legal``) of the seat to move at ``count`` points of a random
    playout of ``game`` at three players."""
    state = regalia.new_game(game, players=3, seed=seed)
    rng = random.Random(seed)
    out = []
    steps = 0
    while not state.is_over() and len(out) < count:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if steps % 7 == 0:
            view = dict(state.view(seat))
            view["legal"] = [a.text for a in legal]
            out.append((view, seat))
        state.apply(rng.choice(legal), seat)
        steps += 1
    return out


def _number(value: str | None) -> float:
    return float(value) if value is not None else 0.0


def check_picture(svg: str, legal: list[str]) -> None:
    root = ET.fromstring(svg)
    assert root.get("viewBox", "").startswith(f"0 0 {phone_board.WIDTH} ")
    for text in root.iter(f"{SVG}text"):
        if (text.text or "").strip():
            assert _number(text.get("font-size")) >= phone_board.SMALL, text.text
    seen: set[str] = set()
    for node in root.iter():
        action = node.get("data-action")
        if not action:
            continue
        actions = action.split("|")
        assert set(actions) <= set(legal), actions
        seen.update(actions)
        box = next(node.iter(f"{SVG}rect"))  # a tile's or chip's shape comes first
        assert _number(box.get("width")) >= phone_board.TARGET - 0.01, action
        assert _number(box.get("height")) >= phone_board.TARGET - 0.01, action
    assert set(legal) <= seen, f"not on the phone picture: {sorted(set(legal) - seen)}"


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", BUILTIN)
def test_every_legal_action_is_a_finger_sized_target_among_legible_words(
        game: str, lang: str) -> None:
    info = regalia.get_game(game)
    assert info.render_phone_svg is not None
    with i18n.speaking(lang):
        for seed in (1, 2):
            for view, _seat in positions(game, seed, 12):
                svg = info.render_phone_svg(view)
                assert svg == info.render_phone_svg(view)  # a pure function
                check_picture(svg, view["legal"])
                past = info.render_phone_svg(dict(view, legal=[]))
                assert 'data-action=' not in past


def test_a_long_word_is_broken_to_the_width() -> None:
    lines = phone_board.wrap_to("Carry out the special action of King's card " * 3, 200, 13)
    assert len(lines) > 1
    assert all(phone_board.text_width(line, 13) <= 200 for line in lines)
    chinese = phone_board.wrap_to("执行阴谋：二选一，把一个臣子从新卡斯蒂利亚移到阿拉贡", 100, 13)
    assert len(chinese) > 1 and all(phone_board.text_width(x, 13) <= 100 for x in chinese)


def test_a_terminal_board_as_a_phone_picture_keeps_its_words_and_colours() -> None:
    svg = phone_board.text_board("[bold red]Red[/] 7 thalers\n" + "x" * 60)
    root = ET.fromstring(svg)
    texts = [t for t in root.iter(f"{SVG}text")]
    assert texts[0].text == "Red" and texts[0].get("fill") == "#b3261e"
    assert texts[0].get("font-weight") == "bold"
    # the line wider than the screen goes on below, nothing cut
    assert "".join(t.text or "" for t in texts[2:]).count("x") == 60
    assert all(_number(t.get("font-size")) >= phone_board.SMALL for t in texts)
    assert re.search(r'viewBox="0 0 360 ', svg)


def test_a_terminal_board_without_a_size_is_drawn_as_it_comes() -> None:
    def render_text(view: object) -> str:  # a game whose terminal board takes no size
        return "[green]one[/] line"

    svg = phone_board.text_picture(render_text)({})
    assert ">one<" in svg and "line" in svg


@pytest.mark.parametrize("game", BUILTIN)
def test_the_desktop_layout_moves_whole_sections_into_two_columns(game: str) -> None:
    """``widen`` (the web table from 1200 px): the same words and targets, each section
    moved whole to one of two 360-unit columns, none overlapping another, the picture about
    half as tall; a terminal board, which has no sections, is not widened."""
    view, _seat = positions(game, 3, 3)[-1]
    svg = regalia.get_game(game).render_phone_svg(view)  # type: ignore[misc]
    wide = phone_board.widen(svg, 2)
    assert wide is not None
    root, broad = ET.fromstring(svg), ET.fromstring(wide)
    assert broad.get("viewBox", "").startswith("0 0 720 ")
    tall, wide_tall = (_number(r.get("height")) for r in (root, broad))
    assert wide_tall < 0.8 * tall
    words = sorted((t.text or "", t.get("font-size")) for t in root.iter(f"{SVG}text"))
    assert sorted((t.text or "", t.get("font-size")) for t in broad.iter(f"{SVG}text")) == words
    assert [n.get("data-action") for n in root.iter() if n.get("data-action")] == \
        [n.get("data-action") for n in broad.iter() if n.get("data-action")]
    boxes = []  # each section's (column, top, bottom) in the widened picture
    tops = [_number(m) for m in re.findall(r'class="section" transform="translate\(0 ([\d.]+)',
                                           svg)]
    heights = [b - a for a, b in zip(tops, [*tops[1:], tall - phone_board.PAD], strict=True)]
    for (x, y), h in zip(re.findall(r'class="section wide" transform="translate\(([\d.]+) '
                                    r'([\d.]+)\)', wide), heights, strict=True):
        assert _number(x) in (0.0, 360.0)
        boxes.append((_number(x), _number(y), _number(y) + h))
        assert _number(y) + h <= wide_tall
    for i, (x, top, bottom) in enumerate(boxes):
        for x2, top2, bottom2 in boxes[i + 1:]:
            assert x != x2 or bottom <= top2 + 0.01 or bottom2 <= top + 0.01, "overlap"
    assert phone_board.widen(phone_board.text_board("[red]a[/] board"), 2) is None


def test_no_line_starts_with_closing_punctuation_nor_ends_with_opening() -> None:
    """Chinese line breaking: ``（家乡：阿拉贡`` then ``）`` alone on the next line was seen on
    El Grande's regions at 360 px; a closing bracket or comma keeps to the character before
    it, an opening bracket to the one after."""
    text = "蓝的大方块（家乡：阿拉贡），红的大方块（家乡：旧卡斯蒂利亚）。"
    for width in range(40, 200, 3):
        lines = phone_board.wrap_to(text, width, 13)
        assert "".join(lines) == text
        assert not [line for line in lines[1:] if line[0] in "）。，："], (width, lines)
        assert not [line for line in lines[:-1] if line[-1] == "（"], (width, lines)
