"""In the Shadow of the Emperor in Chinese: every text a player reads is Chinese, fits the
terminal, and never changes the game (records and notation stay language-independent).

The "no English left" checks look for ASCII words of three letters or more in worded text.
Allowed are only the tokens listed in ``ALLOWED`` (none today: tile names such as ``R3``, tile
labels such as ``B25c``/``kR`` and the one-letter board codes ``a k c t E b r`` are shorter
than three letters) and, in an illegal-move reason, the notations it quotes (the action refused
and the legal ones, which a player types as they are).
"""

from __future__ import annotations

import random
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import regalia
from regalia.engine.errors import EditionError, IllegalAction
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.games.shadow_of_the_emperor.actions import TABLE
from regalia.games.shadow_of_the_emperor.edition import BUILTIN_PATH, load_edition
from regalia.games.shadow_of_the_emperor.render_svg import render_svg
from regalia.games.shadow_of_the_emperor.render_text import render_text
from regalia.games.shadow_of_the_emperor.state import ShadowState
from tests.i18n.editions import edition_strings

GAME = "shadow-of-the-emperor"
SEED_TEXT = Path("/work/shared/seeds/shadow-of-the-emperor.zh.txt")
# ASCII words of 3+ letters that may stand in Chinese text (see the module docstring).
ALLOWED: frozenset[str] = frozenset()
CJK = re.compile(r"[\u4e00-\u9fff]")


def english_words(text: str, allowed: frozenset[str] = ALLOWED) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed]


def chinese(text: str) -> bool:
    return bool(CJK.search(text))


def svg_texts(svg: str) -> list[str]:
    """The words an SVG shows (the content of its elements, not tags and attributes)."""
    return [t for t in re.findall(r">([^<]+)<", svg) if t.strip()]


def new(players: int, seed: int) -> ShadowState:
    state = regalia.new_game(GAME, players, seed=seed)
    assert isinstance(state, ShadowState)
    return state


def playout(players: int, seed: int) -> Iterator[tuple[int, ShadowState]]:
    """Every position of a random game (each yielded before its move is made)."""
    s = new(players, seed)
    rng = random.Random(seed)
    step = 0
    while s.to_move():
        yield step, s
        seat = s.to_move()[0]
        s.apply(rng.choice(s.legal_actions(seat)), seat)
        step += 1
    yield step, s


def an_illegal_action(s: ShadowState, seat: int) -> Any:
    legal = set(s.legal_actions(seat))
    for action in TABLE:
        if action not in legal:
            return action
    raise AssertionError("every action is legal")


def check_position(s: ShadowState, full: bool) -> None:
    movers = s.to_move()
    for seat in movers:
        for action in s.legal_actions(seat):
            for text in (s.describe(action), s.announce(action, seat)):
                assert chinese(text), text
                assert not english_words(text), text
    if not full:
        return
    for seat in [None, *range(s.players)]:
        view = s.view(seat)
        worded = [p["name"] for p in view["seats"]]
        worded += [e["name"] for e in view["electorates"]]
        worded += [e["title"] for e in view["electorates"]]
        worded += [st["title"] for st in view["stacks"].values()]
        worded += [st["short"] for st in view["stacks"].values()]
        for text in worded:
            assert chinese(text) and not english_words(text), text
    for seat in (movers[0] if movers else 0, None):
        view = s.view(seat)
        for width, height in ((80, 24), (120, 40)):
            screen = strip_markup(render_text(view, width=width, height=height))
            assert not english_words(screen), (english_words(screen), screen)
            assert "阶段" in screen or "游戏结束" in screen or "开局" in screen
            lines = screen.splitlines()
            assert all(display_width(line) <= width for line in lines), screen
            if (width, height) == (80, 24):
                assert len(lines) <= 24
        shown = svg_texts(render_svg(view))
        left = [w for t in shown for w in english_words(t)]
        assert not left, left
    if movers:
        seat = movers[0]
        action = an_illegal_action(s, seat)
        with pytest.raises(IllegalAction) as err:
            s.apply(action, seat)
        reason = str(err.value)
        assert chinese(reason), reason
        for notation in sorted([action.text, *(a.text for a in s.legal_actions(seat))],
                               key=len, reverse=True):
            reason = reason.replace(notation, "")
        assert not english_words(reason), reason


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (4, 7)])
def test_a_random_game_reads_in_chinese_throughout(players: int, seed: int) -> None:
    with speaking("zh"):
        final = None
        for step, s in playout(players, seed):
            check_position(s, full=step % 23 == 0 or not s.to_move())
            final = s
        assert final is not None and final.is_over()
        view = final.view(None)
        screen = strip_markup(render_text(view, width=80, height=24))
        assert "终局：" in screen and "分（第" in screen, screen
        assert "终局：" in "".join(svg_texts(render_svg(view)))


def test_every_decision_of_a_turn_fits_three_columns_in_chinese() -> None:
    with speaking("zh"):
        for players, seed in ((3, 4), (4, 5)):
            for _step, s in playout(players, seed):
                if s.to_move() and s.tasks[-1][0] == "turn":
                    seat = s.to_move()[0]
                    for action in s.legal_actions(seat):
                        if action.kind != "trier":
                            assert display_width(s.describe(action)) <= 21, s.describe(action)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_terminal_board_fits_80_by_24_in_chinese(players: int) -> None:
    with speaking("zh"):
        for step, s in playout(players, 10 + players):
            if step % 11:
                continue
            for seat in range(players):
                text = strip_markup(render_text(s.view(seat), width=80, height=24))
                lines = text.splitlines()
                assert len(lines) <= 24
                assert max(display_width(line) for line in lines) <= 80, text


def test_a_game_played_in_chinese_has_the_record_and_state_of_the_english_one() -> None:
    def play(lang: str) -> tuple[str, str, list[str]]:
        with speaking(lang):
            s = new(3, 42)
            rng = random.Random(42)
            said = []
            while s.to_move():
                seat = s.to_move()[0]
                action = rng.choice(s.legal_actions(seat))
                said.append(s.describe(action))
                s.view(seat)
                s.apply(action, seat)
            return s.record().to_json(), s.to_json(), said

    zh_record, zh_state, zh_said = play("zh")
    en_record, en_state, en_said = play("en")
    assert zh_record == en_record
    assert zh_state == en_state
    assert zh_said != en_said  # the same moves, said in two languages
    with speaking("en"):
        again = regalia.replay(zh_record)
    assert again.to_json() == en_state


def test_the_notation_is_the_same_in_both_languages() -> None:
    s = new(4, 1)
    with speaking("zh"):
        zh = [(a.text, s.parse_action(a.text)) for a in s.legal_actions(0)]
    en = [(a.text, s.parse_action(a.text)) for a in s.legal_actions(0)]
    assert zh == en


def test_every_component_of_the_edition_has_a_chinese_name_from_the_seed() -> None:
    edition = load_edition(None)
    zh = edition.names["zh"]
    data = tomllib.loads(BUILTIN_PATH.read_text(encoding="utf-8"))
    english = list(edition_strings(data))
    assert len(data["electorates"]) == 7 and len(data["cards"]) == 13
    assert all("name" in e and "title" in e for e in data["electorates"])
    assert all("name" in c for c in data["cards"])
    missing = [name for name in english if name not in zh]
    assert not missing
    if SEED_TEXT.exists():  # the seed's terms, word for word
        seed = SEED_TEXT.read_text(encoding="utf-8")
        texts = set(edition_strings({"cards": [{"text": c.get("text")} for c in data["cards"]]}))
        texts |= {e["text"] for table in ("electorates", "pieces") for e in data[table]}
        assert [zh[name] for name in english if name not in texts and zh[name] not in seed] == []
    with speaking("zh"):
        view = new(4, 1).view(0)
    assert [e["title"] for e in view["electorates"]] == [
        "曼因茨大主教邦", "特里尔大主教邦", "科隆大主教邦", "波希米亚王国", "莱茵伯国",
        "萨克森公国", "布兰登堡侯国"]
    assert view["stacks"]["eminence"]["title"] == "长老"
    assert [p["name"] for p in view["seats"]] == ["红", "蓝", "黄", "绿"]


def test_names_are_worded_when_shown_not_when_the_edition_is_loaded() -> None:
    s = new(4, 1)
    with speaking("zh"):
        zh_view = s.view(0)
    en_view = s.view(0)
    assert en_view["electorates"][2]["title"] == "Archdiocese of Köln"
    assert zh_view["electorates"][2]["title"] == "科隆大主教邦"
    assert en_view["seats"][0]["name"] == "Red"
    # keys, ids and numbers never change with the language
    strip = ("name", "title", "short")

    def ids(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: ids(x) for k, x in v.items() if k not in strip}
        if isinstance(v, list):
            return [ids(x) for x in v]
        return v

    assert ids(zh_view) == ids(en_view)


def test_the_svg_names_a_cjk_font_and_shows_chinese_labels() -> None:
    s = new(4, 2)
    with speaking("zh"):
        svg = render_svg(s.view(s.to_move()[0]))
    assert "Noto Sans CJK SC" in svg and "WenQuanYi Micro Hei" in svg
    assert "曼因茨大主教邦" in svg and "王座" in svg
    # clickable elements keep the notation
    assert any(f'data-action="{a.text}"' in svg for a in s.legal_actions(s.to_move()[0]))


def test_an_edition_error_reads_in_chinese() -> None:
    text = BUILTIN_PATH.read_text(encoding="utf-8").replace('id = "rival"', 'id = "rivals"')
    with speaking("zh"), pytest.raises(EditionError) as err:
        load_edition(text)
    assert "未知的行动牌" in str(err.value)
    with pytest.raises(EditionError, match="unknown card 'rivals'"):
        load_edition(text)


def test_english_stays_as_it_was() -> None:
    s = new(3, 3)
    assert s.describe(s.legal_actions()[0]) == "Empire city onto Mainz"
    assert s.seat_name(1) == "Blue"
    head = strip_markup(render_text(s.view(0), width=80, height=24)).splitlines()[0]
    assert head == "round 1/5 setup · Emperor: Red's man, aged 45"
    svg = render_svg(s.view(0))
    assert "Round track and the Emperor's rights" in svg and "Aristocrat spaces" in svg


def test_every_action_has_a_chinese_description_even_without_a_position() -> None:
    # (the SVG's buttons word an action from its notation alone)
    from regalia.games.shadow_of_the_emperor.text import describe

    with speaking("zh"):
        said = {a.text: describe(None, a) for a in TABLE}
    assert len(said) == len(list(TABLE))
    bad = {k: v for k, v in said.items() if not chinese(v) or english_words(v)}
    assert bad == {}
    assert said["pass"] == "弃权" and said["vote rival"] == "投票给竞敌"


def test_a_broken_conservation_law_is_reported_in_chinese() -> None:
    s = new(3, 3)
    s.thalers[1] = 40
    with speaking("zh"), pytest.raises(AssertionError, match="玩家 1 的塔勒超出财富记录"):
        s.check_invariants()
    with pytest.raises(AssertionError, match="seat 1's thalers are off the track"):
        s.check_invariants()
