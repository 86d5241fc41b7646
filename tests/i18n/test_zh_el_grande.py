"""El Grande in Chinese: every word a player reads from the game, and what must not change.

"No leftover English word" means no run of three or more ASCII letters, except:

* in ``explain_illegal`` / ``IllegalAction`` reasons, which quote the action's notation and
  name options: the notation tokens of :data:`NOTATION` (action kinds, area and colour ids,
  scoreboard ids) and the option names and values of :data:`OPTION_WORDS`;
* in ``render_text``, which shows the notation of the viewer's legal card choice
  (``card 3``) and the game's title: :data:`NOTATION` and :data:`TITLE`;
* in ``render_svg``, whose text and titles (attributes such as ``data-action`` are not read
  by a person) may hold only :data:`TITLE`.

Sentences (describe, announce, pending decisions, cautions, log lines) and view names and
card texts may hold no ASCII word at all.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import regalia
from regalia.engine.errors import IllegalAction
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.render_svg import render_svg
from regalia.games.el_grande.render_text import render_text

GAME = "el-grande"
# Notation tokens (str(action)): kinds, area ids and their hyphenated parts, colours, boards.
NOTATION = frozenset(
    {"power", "court", "recall", "card", "place", "act", "done", "stop", "pick", "to",
     "return", "withdraw", "score", "king", "grande", "scoreboard", "evict", "takeback",
     "disk", "veto", "pass", "castillo", "high", "low"}
    | {part for rid in A.AREA_IDS for part in rid.split("-")}
    | set(A.SEAT_NAMES))
# Option names and values an illegal-move reason may cite.
OPTION_WORDS = frozenset({"option", "split", "placement", "false", "scoreboard", "castillo"})
TITLE = frozenset({"EL", "GRANDE", "El", "Grande"})  # the game's title stays as it is
CJK = re.compile(r"[\u4e00-\u9fff]")


def leftovers(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{3,}", text)
            if w not in allowed and w.lower() not in allowed]


def assert_chinese(text: str, allowed: frozenset[str] = frozenset(), what: str = "") -> None:
    assert CJK.search(text), f"{what}: no Chinese in {text!r}"
    assert not leftovers(text, allowed), f"{what}: English left in {text!r}"


def svg_words(svg: str) -> list[str]:
    """The text a person reads in an SVG: its <text> and <title> contents."""
    root = ET.fromstring(svg)
    return [el.text or "" for el in root.iter()
            if el.tag.rsplit("}", 1)[-1] in ("text", "title") and (el.text or "").strip()]


def view_words(view: dict[str, Any]) -> list[str]:
    """The worded values of a view (ids, keys and notation are not words)."""
    out = [p["decision"] for p in view["pending"]]
    out += [r["name"] for r in view["regions"]]
    out.append(view["castillo"]["name"])
    out += [b["name"] for b in view["scoreboards"]]
    out += [c[k] for c in view["cards"] for k in ("name", "text") if c.get(k)]
    out += [e["text"] for e in view["log"] or ()]
    return out


def an_illegal_action(st: Any, seat: int) -> Any:
    legal = set(st.legal_actions(seat))
    for text in ("power 13", "power 1", "card 1", "card 5", "place castillo", "done", "act",
                 "disk aragon", "court 30", "king aragon", "recall aragon", "veto"):
        action = st.parse_action(text)
        if action not in legal:
            return action
    raise AssertionError("every candidate is legal")


def play(players: int, seed: int, lang: str, check: bool = False) -> Any:
    """A seeded random game spoken in ``lang``; with ``check``, every word is checked."""
    rng = random.Random(seed)
    st = regalia.new_game(GAME, players, seed=seed)
    step = 0
    with speaking(lang):
        while not st.is_over():
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            if check:
                for action in legal:
                    assert_chinese(st.describe(action), what=f"describe {action}")
                    announced = st.announce(action, seat)  # what the others learn
                    assert_chinese(announced, what=f"announce {action}")
                    assert st.seat_name(seat) in announced
                    caution = st.caution(action, seat)
                    if caution is not None:
                        assert_chinese(caution, what="caution")
                illegal = an_illegal_action(st, seat)
                reason = st.explain_illegal(illegal, seat)
                assert_chinese(reason, NOTATION | OPTION_WORDS, f"explain {illegal}")
                if step % 7 == 0:
                    with pytest.raises(IllegalAction) as err:
                        st.apply(illegal, seat)
                    assert_chinese(str(err.value), NOTATION | OPTION_WORDS, "IllegalAction")
                if step % 40 == 0:
                    check_views(st)
            st.apply(rng.choice(legal), seat)
            step += 1
        if check:
            check_views(st)
    return st


def check_views(st: Any) -> None:
    for seat in (*range(st.players), None):
        view = st.view(seat)
        for text in view_words(view):
            assert_chinese(text, what="view")
    for seat in (0, None):
        view = st.view(seat)
        for width, height in ((80, 24), (100, 40)):
            screen = strip_markup(render_text(view, width=width, height=height))
            assert_chinese(screen, NOTATION | TITLE, "render_text")
            for line in screen.splitlines():
                assert display_width(line) <= width, line
        for text in svg_words(render_svg(view)):
            assert not leftovers(text, TITLE), f"render_svg: English left in {text!r}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_game_in_chinese_has_no_english_word_left(players: int) -> None:
    st = play(players, seed=100 + players, lang="zh", check=True)
    with speaking("zh"):
        view = st.view(0)
        scorings = [e["text"] for e in view["log"] if e["event"] == "score"]
        assert len(scorings) >= 30 and all("计分" in t for t in scorings)
        over = strip_markup(render_text(view, width=80, height=24))
        assert "游戏结束" in over and "获胜" in over


def test_every_screen_line_fits_80_cells_in_chinese() -> None:
    rng = random.Random(7)
    for players in (2, 5):
        st = regalia.new_game(GAME, players, seed=players)
        with speaking("zh"):
            while not st.is_over():
                if rng.random() < 0.08:
                    for seat in (st.to_move()[0], None):
                        screen = strip_markup(render_text(st.view(seat), width=80, height=24))
                        widths = [display_width(line) for line in screen.splitlines()]
                        assert max(widths) <= 80, screen
                seat = st.to_move()[0]
                st.apply(rng.choice(st.legal_actions(seat)), seat)


@pytest.mark.parametrize("players", [3, 5])
def test_a_game_played_in_chinese_records_as_in_english(players: int) -> None:
    zh = play(players, seed=9, lang="zh")
    en = play(players, seed=9, lang="en")
    assert zh.record().to_dict() == en.record().to_dict()
    assert zh.to_json() == en.to_json()
    with speaking("en"):
        replayed = regalia.replay(zh.record())
        assert replayed.to_json() == en.to_json()
        english = en.view(1)
    with speaking("zh"):
        chinese = zh.view(1)
    # the same view but for its words: keys, ids, numbers and notation never change
    assert strip_words(chinese) == strip_words(english)
    assert chinese["log"][0]["text"] != english["log"][0]["text"]


def strip_words(value: Any, key: str = "") -> Any:
    if isinstance(value, dict):
        return {k: strip_words(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [strip_words(v, key) for v in value]
    if key in ("name", "text", "decision") and isinstance(value, str):
        return "<words>" if value not in A.SEAT_NAMES else value
    return value


def test_every_component_has_a_chinese_name_and_text() -> None:
    st = regalia.new_game(GAME, 3, seed=1)
    edition, parts = st.edition, st.components
    zh = edition.names["zh"]
    english = [*parts.region_names, parts.castillo_name, *parts.scoreboard_names,
               *(c.name for c in parts.cards), *(c.text for c in parts.cards)]
    for name in english:
        assert name in zh and CJK.search(zh[name]), name

    def walk(node: Any) -> None:  # every name/text of the edition file has its name_zh/text_zh
        if isinstance(node, dict):
            for field in ("name", "text"):
                if field in node:
                    assert f"{field}_zh" in node, node.get("id", node)
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(edition.data)
    with speaking("zh"):
        assert edition.localize("Aragon") == "阿拉贡"
        assert edition.localize("Castillo") == "黑城堡"
    assert edition.localize("Aragon", "en") == "Aragon"  # the shared edition keeps English


def test_the_svg_names_a_cjk_font() -> None:
    st = regalia.new_game(GAME, 4, seed=2)
    with speaking("zh"):
        svg = render_svg(st.view(0))
    family = ET.fromstring(svg).get("font-family") or ""
    assert "Noto Sans CJK SC" in family and "WenQuanYi Micro Hei" in family
    assert "阿拉贡" in svg and "黑城堡" in svg


def test_english_stays_as_it_was() -> None:
    st = regalia.new_game(GAME, 3, seed=4, setup_disk=False)
    seat = st.to_move()[0]
    action = st.parse_action("power 1")
    assert st.describe(action) == "Play power card 1 (up to 6 Caballeros to your court)"
    assert st.announce(action, seat) == \
        f"{st.seat_name(seat)} plays power card 1 (up to 6 Caballeros to his court)"
    assert st.describe(st.parse_action("power 13")) == \
        "Play power card 13 (no Caballeros to your court)"
    assert st.seat_name(0) == "Red"
    assert st.view(0)["log"][0]["text"] == "Round 1 begins"
    with speaking("zh"):
        assert st.describe(action) == "打出力量卡1（最多6个臣子进入你的宫廷）"
        assert st.seat_name(0) == "红"
        assert st.view(0)["log"][0]["text"] == "第1回合开始"


def test_edition_errors_speak_chinese() -> None:
    from regalia.engine.errors import EditionError
    from regalia.games.el_grande.edition import EDITION_FILE, load_edition

    builtin = EDITION_FILE.read_text(encoding="utf-8")
    bad = builtin.replace('neighbors = ["aragon", "valencia"]', 'neighbors = ["valencia"]')
    with speaking("zh"), pytest.raises(EditionError) as err:
        load_edition(bad)
    assert "相邻关系不对称" in err.value.reason
    assert_chinese(err.value.reason, NOTATION, "edition error")
    with pytest.raises(EditionError, match="not symmetric"):
        load_edition(bad)
