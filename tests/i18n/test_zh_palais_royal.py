"""Palais Royal in Chinese: every text a player reads is Chinese, with no English word left in
it; the terminal screen keeps to 80 cells; records do not depend on the language; every
component of the edition has a Chinese name; the SVG names a CJK font.

"No English word" means: no run of three or more ASCII letters, once markup is stripped, except
the allow-list below, which is notation (what a player types and a record keeps, the same in
every language) and the noble tiles' ids (identifiers an owner checks the edition by):

* ``NOTATION``: the words of the game's action notation (``move stairs mint``, ``enlist c4``,
  ``keep gold``, ``done``...): quoted in illegal-move reasons, listed as the legal actions.
* noble tile ids (``servants-3``, ``vp-12``): the tile's id closes its description.

The park's tile key (``14v 6g 2t1p``), seat marks (``P1``) and privilege letters (``S``, ``M``)
are one or two letters and are explained in Chinese on the screen.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

import regalia
from regalia.engine import Rng
from regalia.engine.errors import EditionError, IllegalAction
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.games.palais_royal import actions as A
from regalia.games.palais_royal.edition import BUILTIN_PATH, load_edition
from regalia.games.palais_royal.render_svg import render_svg
from regalia.games.palais_royal.render_text import render_text
from regalia.games.palais_royal.rooms import ROOMS
from tests.i18n.editions import edition_strings

NOTATION = frozenset(
    word for action in A.TABLE for word in action.text.split() if word.isalpha()
) | set(ROOMS) | set(A.EFFECTS)
NOBLE_IDS = tuple(sorted((nb.id for nb in load_edition(None).components["data"].nobles),
                         key=len, reverse=True))
CJK = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
SVG_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")


def english_words(text: str) -> list[str]:
    plain = strip_markup(text)
    for nid in NOBLE_IDS:
        plain = plain.replace(nid, "")
    return [w for w in WORD.findall(plain) if w not in NOTATION]


def assert_chinese(text: str, what: str) -> None:
    assert CJK.search(text), f"{what} has no Chinese: {text!r}"
    left = english_words(text)
    assert not left, f"{what} keeps English {left}: {text!r}"


def worded(view: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The worded texts of a view (everything else in it is keys, ids and numbers)."""
    for room, title in view["room_titles"].items():
        yield f"room_titles[{room}]", title
    for card in view["cards"]:
        yield f"card {card['id']} name", card["name"]
        yield f"card {card['id']} text", card["text"]
    for edge in view["edges"]:
        yield f"edge {edge['name']}", edge["title"]
    for p, seat in enumerate(view["seats"]):
        yield f"seat {p} name", seat["name"]


def svg_texts(svg: str) -> str:
    return "\n".join(t for t in SVG_TEXT.findall(svg) if t.strip())


def playout(players: int, seed: int) -> Iterator[regalia.State]:
    """Every position of a random game (the state itself, advanced between yields)."""
    s = regalia.new_game("palais-royal", players, seed=seed)
    rng = Rng(seed * 7 + players)
    while not s.is_over():
        yield s
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    yield s


def an_illegal_action(s: regalia.State) -> Any:
    legal = set(s.legal_actions())
    return next(a for a in A.TABLE if a not in legal)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_read_in_chinese_only(players: int) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        with speaking("zh"):
            for step, s in enumerate(playout(players, seed)):
                if s.is_over():
                    break
                seat = s.to_move()[0]
                for action in s.legal_actions():
                    kinds.add(action.kind)
                    assert_chinese(s.describe(action), f"describe({action.text})")
                    assert_chinese(s.announce(action, seat), f"announce({action.text})")
                    note = s.caution(action, seat)
                    if note is not None:
                        assert_chinese(note, f"caution({action.text})")
                if step % 9 == 0:
                    bad = an_illegal_action(s)
                    before = s.to_json()
                    with pytest.raises(IllegalAction) as err:
                        s.apply(bad, seat)
                    assert s.to_json() == before
                    assert_chinese(str(err.value), f"illegal {bad.text}")
                    assert_chinese(s.explain_illegal(bad, seat), "explain_illegal")
                if step % 25 == 0:
                    for viewer in (seat, None):
                        view = s.view(viewer)
                        for what, text in worded(view):
                            assert_chinese(text, what)
                        assert_chinese(render_text(view, width=80, height=24), "render_text")
                        assert_chinese(render_text(view, width=120, height=50), "render_text")
                        assert_chinese(svg_texts(render_svg(view)), "render_svg")
            # The end: the scores, their breakdown, the final screen and picture.
            assert s.is_over()
            for viewer in [*range(players), None]:
                view = s.view(viewer)
                for what, text in worded(view):
                    assert_chinese(text, what)
                text = strip_markup(render_text(view, width=100, height=60))
                assert_chinese(text, "final render_text")
                assert "终局：" in text and "贵族" in text and "边沿" in text
                assert text.count("= ") >= players  # each seat's breakdown adds up
                svg = svg_texts(render_svg(view))
                assert_chinese(svg, "final render_svg")
                assert "终局：" in svg
    # the games went through every kind of decision (the test is not vacuous)
    assert kinds == {"place", "recruit", "move", "extra", "enlist", "leave", "draw", "keep",
                     "play", "done", "mint", "end"}


def test_the_screen_keeps_to_80_cells_in_chinese() -> None:
    for players in (2, 3, 4):
        with speaking("zh"):
            for step, s in enumerate(playout(players, 3)):
                if step % 15 and not s.is_over():
                    continue
                for viewer in [*range(players), None]:
                    view = s.view(viewer)
                    for width, height in ((80, 24), (80, 16), (100, 40)):
                        text = render_text(view, width=width, height=height)
                        lines = strip_markup(text).splitlines()
                        widest = max(display_width(line) for line in lines)
                        assert widest <= width, (width, [
                            line for line in lines if display_width(line) > width])
                        assert len(lines) <= max(height, 18)  # (as in English: test_render)


def test_a_game_played_in_chinese_records_as_in_english() -> None:
    for players in (2, 4):
        moves: list[str] = []
        with speaking("zh"):
            s = regalia.new_game("palais-royal", players, seed=11)
            rng = Rng(11)
            while not s.is_over():
                legal = s.legal_actions()
                action = legal[rng.below(len(legal))]
                s.describe(action)  # words made on the way must not touch the state
                s.view(s.to_move()[0])
                moves.append(action.text)
                s.apply(action.text)
            zh_record, zh_state = s.record().to_json(), s.to_json()
        en = regalia.new_game("palais-royal", players, seed=11)
        for text in moves:
            en.apply(text)
        assert en.record().to_json() == zh_record
        assert en.to_json() == zh_state
        # and the Chinese record replays in English to the same state and views
        again = regalia.replay(zh_record)
        assert again.to_json() == zh_state
        assert json.dumps(again.view(0), sort_keys=True) == json.dumps(en.view(0),
                                                                       sort_keys=True)


def test_every_component_of_the_edition_has_a_chinese_name() -> None:
    edition = load_edition(None)
    zh = edition.names["zh"]
    found = list(edition_strings(edition.data))
    assert len(found) >= 9 + 9 + 4  # rooms, card kinds, park edges
    missing = [name for name in found if name not in zh]
    assert not missing
    assert all(CJK.search(zh[name]) for name in found)
    # the seed's room names
    assert [edition.localize(t, "zh") for t in edition.components["data"].room_titles] == [
        "阅兵场", "阶梯", "铸币房", "国王居所", "庞巴度夫人", "办公室", "后门", "枢机主教", "大门"]


def test_names_come_from_the_edition_at_the_moment_they_are_shown() -> None:
    # A corrected edition corrects the names (English and Chinese); the built-in one, shared,
    # is not changed by a game speaking Chinese.
    text = BUILTIN_PATH.read_text(encoding="utf-8").replace('name_zh = "铸币房"',
                                                             'name_zh = "造币厂"')
    s = regalia.new_game("palais-royal", 2, seed=1, edition=load_edition(text))
    with speaking("zh"):
        assert s.view(0)["room_titles"]["mint"] == "造币厂"
    assert s.view(0)["room_titles"]["mint"] == "Mint"
    with speaking("zh"):
        assert regalia.new_game("palais-royal", 2, seed=1).view(0)["room_titles"]["mint"] \
            == "铸币房"


def test_the_svg_names_a_cjk_font() -> None:
    s = regalia.new_game("palais-royal", 3, seed=2)
    with speaking("zh"):
        svg = render_svg(s.view(0))
    families = set(re.findall(r'font-family="([^"]+)"', svg))
    assert families
    for family in families:
        assert "Noto Sans CJK SC" in family and "WenQuanYi Micro Hei" in family
        assert family.index("DejaVu Sans") < family.index("Noto Sans CJK SC")
    # the notation of a clickable element stays the notation
    assert re.findall(r'data-action="([^"]+)"', svg) == [
        a for a in re.findall(r'data-action="([^"]+)"', render_svg(s.view(0)))]


def test_english_stays_as_it_was() -> None:
    s = regalia.new_game("palais-royal", 3, seed=3)
    action = s.legal_actions()[0]
    assert s.describe(action) == "place in the Parade ground"
    assert s.seat_name(2) == "Player 3"
    text = strip_markup(render_text(s.view(0), width=80, height=24))
    assert not CJK.search(text) and "Player 1: setup: place servants (5 left)" in text
    assert "Round 0" not in text  # (the setup comes before round 1)
    assert not CJK.search(render_svg(s.view(0)))
    with pytest.raises(IllegalAction, match="is not legal for Player 1 now"):
        s.apply("draw")


def test_edition_errors_in_chinese() -> None:
    text = BUILTIN_PATH.read_text(encoding="utf-8").replace('name = "left"', 'name = "west"')
    with speaking("zh"), pytest.raises(EditionError) as err:
        load_edition(text)
    assert "未知的边沿 'west'" in str(err.value) and err.value.line is not None
    with pytest.raises(EditionError, match="unknown edge 'west'"):
        load_edition(text)


def test_illegal_reasons_name_the_rule_in_chinese() -> None:
    s = regalia.new_game("palais-royal", 2, seed=1)
    with speaking("zh"), pytest.raises(IllegalAction) as err:
        s.apply("draw")
    message = str(err.value)
    assert "玩家1现在不能执行 'draw'" in message and "后门" in message


def test_a_broken_conservation_law_is_named_in_chinese() -> None:
    s = regalia.new_game("palais-royal", 2, seed=1)
    s.gold[0] = -3  # type: ignore[attr-defined]
    with speaking("zh"), pytest.raises(AssertionError, match="座位 0 的金币为负"):
        s.check_invariants()
    with pytest.raises(AssertionError, match="seat 0 has negative gold"):
        s.check_invariants()


def test_an_edition_without_chinese_names_borrows_the_built_in_ones() -> None:
    # An owner's corrected file written before names were translated (no name_zh, no
    # [[castle_rooms]]) still reads in Chinese.
    lines = BUILTIN_PATH.read_text(encoding="utf-8").splitlines()
    text = "\n".join(line for line in lines
                     if not line.startswith("name_zh") and not line.startswith("text_zh"))
    head, rest = text.split("# The nine rooms' names", 1)
    text = head + rest[rest.index("# ----"):]  # and no [[castle_rooms]]
    edition = load_edition(text)
    assert "zh" not in edition.names and "castle_rooms" not in edition.data
    s = regalia.new_game("palais-royal", 2, seed=1, edition=edition)
    with speaking("zh"):
        view = s.view(0)
        assert view["room_titles"]["mint"] == "铸币房"
        assert {c["name"] for c in view["cards"]} >= {"钱袋", "声望"}
        assert [e["title"] for e in view["edges"]] == ["上边", "下边", "左边", "右边"]
        assert_chinese(render_text(view, width=80, height=24), "render_text")
