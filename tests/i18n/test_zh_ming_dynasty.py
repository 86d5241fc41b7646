"""Ming Dynasty in Chinese: every text a player reads is Chinese with no English word left, the
terminal board fits 80 cells a line, the record does not depend on the language, every
component has its Chinese name in the edition, and the SVG names a CJK font.

"No English word" means no run of three or more ASCII letters outside the allow-list below:
the action notation (``take 3``, ``step 2b dragon``, ``stay horse`` ...), which is the same in
every language and appears where a message lists the legal actions and on the SVG's buttons.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import regalia
from regalia.engine import EditionError, IllegalAction, Rng
from regalia.engine.i18n import _, display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.games.ming_dynasty.board import CARD_KINDS
from regalia.games.ming_dynasty.edition import load_edition
from regalia.games.ming_dynasty.render_svg import render_svg
from regalia.games.ming_dynasty.render_text import render_text
from regalia.games.ming_dynasty.text import card_word
from tests.i18n.editions import edition_strings

GAME = "ming-dynasty"
# Notation tokens (actions.py): the only ASCII words a Chinese text may hold.
NOTATION = frozenset({
    "prince", "neutral", "place", "take", "dragon", "step", "stop", "stay", "deploy",
    "cloister", "done", "pass", "return", "back", "start",
    "horse", "rickshaw", "junk", "barge", "cart", "palanquin",
})
WORD = re.compile(r"[A-Za-z]{3,}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def english_words(text: str) -> list[str]:
    return [w for w in WORD.findall(text) if w not in NOTATION]


def assert_chinese(text: str, where: str) -> None:
    assert CJK.search(text), f"{where}: no Chinese in {text!r}"
    left = english_words(text)
    assert not left, f"{where}: English words {left} in {text!r}"


def svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.text for el in root.iter() if el.text and el.text.strip()]


def worded(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The view's worded values (names); everything else in it is ids and numbers."""
    for p, pl in enumerate(view["players"]):
        yield f"players[{p}].name", pl["name"]
    for prov in view["map"]["provinces"]:
        yield f"province {prov['id']} name", prov["name"]
    if view["neutral"] is not None:
        yield "neutral.name", view["neutral"]["name"]


def play(players: int, seed: int, check: bool = True) -> regalia.engine.State:
    """A random game speaking Chinese; with ``check``, every text on the way is checked."""
    s = regalia.new_game(GAME, players, seed=seed)
    rng = Rng(seed * 10 + players)
    table = s.info().actions
    step = 0
    with speaking("zh"):
        while not s.is_over():
            movers = s.to_move()
            seat = movers[rng.below(len(movers))]
            legal = s.legal_actions(seat)
            if check:
                for a in legal:
                    assert_chinese(s.describe(a), f"describe({a})")
                    assert_chinese(s.announce(a, seat), f"announce({a})")
                    caution = s.caution(a, seat)
                    if caution is not None:
                        assert_chinese(caution, f"caution({a})")
                if step % 7 == 0:
                    for viewer in (*range(players), None):
                        for where, text in worded(s.view(viewer)):
                            assert_chinese(text, where)
                if step % 29 == 0:
                    check_pictures(s, seat)
                    illegal = [a for a in (table.decode(i) for i in range(len(table)))
                               if a not in legal]
                    action = illegal[rng.below(len(illegal))]
                    before = s.to_json()
                    with pytest.raises(IllegalAction) as err:
                        s.apply(action, seat)
                    assert_chinese(str(err.value), f"illegal {action}")
                    assert s.to_json() == before
            s.apply(legal[rng.below(len(legal))], seat)
            step += 1
        if check:
            check_pictures(s, 0)
            final = strip_markup(render_text(s.view(0)))
            assert "终局" in final and "第1名" in final
            assert "终局" in "".join(svg_texts(render_svg(s.view(None))))
    return s


def check_pictures(s: regalia.engine.State, seat: int) -> None:
    for viewer in (seat, None):
        view = s.view(viewer)
        for width, height in ((80, 24), (80, 16), (120, 40)):
            text = strip_markup(render_text(view, width=width, height=height))
            lines = text.split("\n")
            assert len(lines) <= height
            for line in lines:
                assert display_width(line) <= width, f"{display_width(line)} > {width}: {line}"
            assert_chinese(text, f"render_text {width}x{height}")
        view = dict(view)
        view["legal"] = [a.text for a in s.legal_actions(viewer)] if viewer is not None else []
        for text in svg_texts(render_svg(view)):
            left = english_words(text)
            assert not left, f"SVG text: English words {left} in {text!r}"
        assert_chinese(" ".join(svg_texts(render_svg(view))), "render_svg")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_game_in_chinese_leaves_no_english_word(players: int) -> None:
    for seed in (1, 2):
        play(players, seed)


def test_the_text_board_fits_80_cells_in_chinese() -> None:
    # (checked on the way in every game above; here the one place most likely to overflow:
    # four colours' marks in one district, with a cloister, city houses and a prince)
    s = regalia.new_game(GAME, 4, seed=3)
    s.open[0] = [3, 2, 2, 1]
    s.city[0] = [1, 1, 1, 0]
    s.cloister[0] = 2
    s.prince[0] = 0
    with speaking("zh"):
        for seat in (0, None):
            for width, height in ((80, 24), (80, 16), (100, 30)):
                text = strip_markup(render_text(s.view(seat), width=width, height=height))
                assert max(display_width(line) for line in text.split("\n")) <= width


def test_a_game_played_in_chinese_records_as_in_english() -> None:
    for players in (2, 4):
        zh = play(players, 5, check=False)
        en = regalia.new_game(GAME, players, seed=5)
        replayed = regalia.replay(zh.record())
        assert replayed.to_json() == zh.to_json()
        # the same seed and actions, played speaking English
        rng = Rng(5 * 10 + players)
        while not en.is_over():
            movers = en.to_move()
            seat = movers[rng.below(len(movers))]
            legal = en.legal_actions(seat)
            en.apply(legal[rng.below(len(legal))], seat)
        assert en.record().to_json() == zh.record().to_json()
        assert en.to_json() == zh.to_json()
        with speaking("zh"):
            assert regalia.replay(en.record()).to_json() == en.to_json()


def test_every_component_has_a_chinese_name() -> None:
    edition = load_edition(None)
    named = list(edition_strings(edition.data))
    assert len(named) >= 6 + 3  # six provinces, three transports
    zh = edition.names["zh"]
    for english in named:
        assert english in zh and CJK.search(zh[english]), english
    with speaking("zh"):
        for kind in CARD_KINDS:  # a transport without a card entry: the catalog's name
            assert CJK.search(card_word(edition, kind)), kind
        assert edition.localize("yellow") == "黄省"
    assert edition.localize("yellow") == "yellow"


def test_the_svg_names_a_cjk_font() -> None:
    s = regalia.new_game(GAME, 3, seed=1)
    with speaking("zh"):
        svg = render_svg(s.view(0))
    families = {el.get("font-family") for el in ET.fromstring(svg).iter() if el.get("font-family")}
    assert families
    for family in families:
        assert "Noto Sans CJK SC" in family and "WenQuanYi Micro Hei" in family


def test_phase_three_choices_fit_the_menu_columns_in_chinese() -> None:
    from tests.games.ming_dynasty.md_helpers import enter, give, started

    s = started(3)
    for kind in ("horse", "rickshaw", "junk", "dragon"):
        give(s, 0, kind)
    enter(s, "act", 0)
    with speaking("zh"):
        texts = [s.describe(a) for a in s.legal_actions(0)]
    assert len(texts) > 8 and max(display_width(t) for t in texts) <= 14


def test_illegal_moves_give_the_rule_in_chinese_and_english() -> None:
    from tests.games.ming_dynasty.md_helpers import clear_hands, enter, give, started

    s = started(3)
    clear_hands(s)
    give(s, 0, "junk")
    enter(s, "act", 0)
    with speaking("zh"), pytest.raises(IllegalAction) as err:
        s.apply("step 1b", 0)  # a horse border
    assert "马" in str(err.value) and "step 1b" not in english_words(str(err.value))
    assert_chinese(str(err.value), "step without the card")
    with pytest.raises(IllegalAction) as err:
        s.apply("step 1b", 0)
    assert "is not legal for Yellow now: the border needs a horse card" in str(err.value)


def test_edition_errors_speak_chinese() -> None:
    text = load_edition(None).text.replace('transport = "junk"', 'transport = "camel"', 1)
    with speaking("zh"), pytest.raises(EditionError) as err:
        load_edition(text)
    assert "未知的交通工具" in str(err.value) and "camel" in str(err.value)


def test_game_summary_and_option_help_have_chinese() -> None:
    info = regalia.get_game(GAME)
    with speaking("zh"):
        assert_chinese(_(info.summary), "summary")
        for option in info.options:
            text = _(option.help)
            assert CJK.search(text), option.name


def test_english_is_unchanged() -> None:
    s = regalia.new_game(GAME, 3, seed=3)
    view = s.view(0)
    assert [pl["name"] for pl in view["players"]] == ["Yellow", "Green", "Blue"]
    assert view["map"]["provinces"][0]["name"] == "yellow"
    assert s.describe(s.legal_actions()[0]) == "prince to 1a (yellow)"
    text = strip_markup(render_text(view))
    assert not CJK.search(text) and text.startswith("setup: princes  start Yellow")
    assert not CJK.search(" ".join(svg_texts(render_svg(view))))
