"""The Castles of Burgundy: The Card Game in Chinese: every sentence, screen and picture a
player reads, the edition's component names, and records that do not depend on the language.

"No leftover English word" means: after the notation (``str(action)`` of the actions on show,
language-independent by design) is taken out of a text, no run of three or more ASCII letters
is left but the tokens of :data:`ALLOWED`. Rich markup is stripped first (its style names are
not shown); in an SVG only the text a reader sees counts (``<text>`` and ``<title>``), not tag
or attribute names, ids or the ``data-action`` notation.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import regalia
from regalia.engine.actions import Action
from regalia.engine.edition import EditionError
from regalia.engine.errors import IllegalAction
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.games.castles_of_burgundy_cards import INFO, render_svg, render_text
from regalia.games.castles_of_burgundy_cards.edition import load_edition
from regalia.games.castles_of_burgundy_cards.names import face_words, type_word
from regalia.games.castles_of_burgundy_cards.scoring import score_parts
from tests.i18n.editions import edition_strings

GAME = "castles-of-burgundy-cards"
SVG = "{http://www.w3.org/2000/svg}"
WORD = re.compile(r"[A-Za-z]{3,}")
HAN = re.compile(r"[\u4e00-\u9fff]")
# Tokens that may stand in Chinese text. Notation is removed before the check (see the
# module's docstring), so this list holds only what is not a notation of an action on show:
# - "solo-check" / "aaron-reveal" never appear in text; nothing else is allowed: card kinds,
#   goods, animals, seat names and every word of the game are translated.
ALLOWED: frozenset[str] = frozenset()
# Player counts and seeds of the playouts (kept short: the whole file runs in well under 20 s).
SEEDS = {1: (3, 8), 2: (1, 5), 3: (2,), 4: (4,)}


def _leftover(text: str, notation: Iterable[str] = ()) -> list[str]:
    """The English words left in ``text`` once the notation is taken out."""
    for note in sorted(set(notation), key=len, reverse=True):
        text = text.replace(note, " ")
    return [w for w in WORD.findall(text) if w not in ALLOWED]


def _assert_chinese(text: str, notation: Iterable[str] = (), where: str = "") -> None:
    assert HAN.search(text), f"{where}: no Chinese in {text!r}"
    left = _leftover(text, notation)
    assert not left, f"{where}: English left {left} in {text!r}"


def _svg_words(svg: str) -> str:
    root = ET.fromstring(svg)
    return "\n".join("".join(el.itertext()) for el in root.iter()
                     if el.tag in (f"{SVG}text", f"{SVG}title"))


def _worded(view: Mapping[str, Any]) -> list[str]:
    """The view's worded values (everything else in a view is keys, ids and notation)."""
    texts = [str(s["name"]) for s in view["seats"]]
    texts += [str(o) for o in view["round_card"]["options"]]
    texts += [str(p["source"]) for s in view["seats"] for p in s["score_parts"]]
    if "aaron" in view:
        texts += [str(p["source"]) for p in view["aaron"]["score_parts"]]
    texts += [str(e["text"]) for e in view.get("log") or ()]
    return texts


def _illegal(state: State, seat: int) -> Action | None:
    """An action of the game that is not legal for ``seat`` now (a few kinds tried)."""
    legal = set(state.legal_actions(seat))
    for text in ("play 6", "play 1", "take 6 castle-1", "take 1 city-hall-6", "sell dark",
                 "sell light", "convert 60", "pay 180", "drop mine-5", "keep bank-1 project",
                 "onto 64", "goods 2", "animal 2", "bonus 8", "buy", "end", "workers"):
        action = state.parse_action(text)
        if action not in legal:
            return action
    return None


def _check_position(state: State, step: int) -> None:
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    notation = [a.text for a in legal]
    for action in legal:
        _assert_chinese(state.describe(action), notation, f"describe {action}")
        _assert_chinese(state.announce(action, seat), notation, f"announce {action}")
        caution = state.caution(action, seat)
        if caution is not None:
            _assert_chinese(caution, notation, f"caution {action}")
    bad = _illegal(state, seat)
    if bad is not None:
        before = state.to_json()
        with pytest.raises(IllegalAction) as err:
            state.apply(bad, seat)
        _assert_chinese(str(err.value), [bad.text], f"illegal {bad}")
        assert state.to_json() == before
    if step % 12:
        return
    for viewer in (*range(state.players), None):
        view = state.view(viewer)
        for text in _worded(view):
            if text.strip():
                assert not _leftover(text, notation), (viewer, text)
    for viewer in (seat, None):
        view = state.view(viewer)
        shown = [*notation, *(view["legal"])]
        for width, height in ((80, 24), (100, 40)):
            text = strip_markup(render_text(view, width=width, height=height))
            _assert_chinese(text, shown, f"render_text {width}x{height}")
            assert max(display_width(line) for line in text.splitlines()) <= width, text
        _assert_chinese(_svg_words(render_svg(view)), shown, "render_svg")


def _final(state: State) -> None:
    for viewer in (*range(state.players), None):
        view = state.view(viewer)
        text = strip_markup(render_text(view, width=80, height=24))
        _assert_chinese(text, (), "final render_text")
        assert max(display_width(line) for line in text.splitlines()) <= 80
        words = _svg_words(render_svg(view))
        _assert_chinese(words, (), "final render_svg")
        assert "最终得分" in words
    for p in range(state.players):
        parts = score_parts(state, p)  # type: ignore[arg-type]
        assert sum(vp for _s, _c, vp in parts) == state.scores()[p]
        for source, _count, _vp in parts:
            _assert_chinese(source, (), "score part")


@pytest.mark.parametrize(("players", "seed"), [(p, s) for p, seeds in SEEDS.items()
                                                for s in seeds])
def test_a_random_game_speaks_chinese_throughout(players: int, seed: int) -> None:
    rng = Rng(seed)
    with speaking("zh"):
        state = regalia.new_game(GAME, players, seed=seed)
        step = 0
        while state.to_move():
            _check_position(state, step)
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            step += 1
        _final(state)


def test_the_compact_screen_fits_80_columns_with_chinese_names() -> None:
    """Every line of the 80x24 screen fits 80 terminal cells, wide characters counted twice
    (the widest positions: four players, a full display, late in the game)."""
    rng = Rng(11)
    with speaking("zh"):
        for players in (2, 4):
            state = regalia.new_game(GAME, players, seed=11)
            widest = 0
            while state.to_move():
                view = state.view(state.to_move()[0])
                for width in (80, 60):
                    lines = strip_markup(render_text(view, width=width, height=24)).splitlines()
                    widest = max(widest, *(display_width(line) for line in lines))
                    assert all(display_width(line) <= width for line in lines), lines
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                state.apply(legal[rng.below(len(legal))], seat)
            assert widest > 60, "the check saw wide lines"


def test_english_is_unchanged_and_chinese_differs() -> None:
    state = regalia.new_game(GAME, 2, seed=1)
    seat = state.to_move()[0]
    play = state.legal_actions(seat)[0]
    english = state.describe(play)
    assert english.startswith("Play your ")
    with speaking("zh"):
        chinese = state.describe(play)
        assert chinese.startswith("打出你的")
        assert state.announce(play, seat).startswith("玩家1打出")
        assert "展示区" in render_text(state.view(0))
    assert state.describe(play) == english
    assert INFO.seat_names is not None and INFO.seat_names(2) == ("Player 1", "Player 2")
    with speaking("zh"):
        assert INFO.seat_names(2) == ("玩家1", "玩家2")
        assert INFO.seat_names(1) == ("你",)


def test_a_game_played_in_chinese_records_as_in_english() -> None:
    def play(lang: str) -> tuple[str, str, list[str]]:
        rng = Rng(7)
        said = []
        with speaking(lang):
            state = regalia.new_game(GAME, 3, seed=7)
            while state.to_move():
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                action = legal[rng.below(len(legal))]
                said.append(state.describe(action))
                state.apply(action, seat)
            return state.record().to_json(), state.to_json(), said

    zh_record, zh_state, zh_said = play("zh")
    en_record, en_state, en_said = play("en")
    assert zh_record == en_record
    assert zh_state == en_state
    assert zh_said != en_said  # the words did change
    replayed = regalia.replay(json.loads(zh_record))
    assert replayed.to_json() == en_state


def test_every_component_of_the_edition_has_a_chinese_name() -> None:
    edition = load_edition(None)
    zh = edition.names["zh"]
    english = set(edition_strings(edition.data))
    # every card type, card kind (buildings by their full title), goods and animal kind
    assert {"castle", "building", "carpenter's workshop", "boarding house", "city hall",
            "light", "dark", "chicken", "pig"} <= english
    assert english <= set(zh), sorted(english - set(zh))
    for name in english:
        assert HAN.search(zh[name]), name
    # the seed's terms
    assert zh["mine"] == "矿场" and zh["watchtower"] == "了望台" and zh["boarding house"] == "宿舍"
    assert zh["carpenter's workshop"] == "木匠的工作坊" and zh["dark"] == "深棕色"
    with speaking("zh"):
        assert edition.localize("city hall") == "市政厅"
    assert edition.localize("city hall") == "city hall"


def test_the_svg_names_a_cjk_font() -> None:
    state = regalia.new_game(GAME, 2, seed=1)
    with speaking("zh"):
        svg = render_svg(state.view(0))
    root = ET.fromstring(svg)
    families = [el.get("font-family") for el in root.iter() if el.get("font-family")]
    assert families
    for family in families:
        assert "WenQuanYi Micro Hei" in family and "Noto Sans CJK SC" in family, family
    assert "勃艮第城堡" in _svg_words(svg)


def test_a_corrected_edition_corrects_the_names_it_gives() -> None:
    """Names come from the game's own edition: a file that names the castle otherwise is
    read when a sentence is made, not the built-in table."""
    text = load_edition(None).text.replace('name_zh = "城堡"', 'name_zh = "古堡"')
    state = regalia.new_game(GAME, 2, seed=1, edition=text)
    builtin = regalia.new_game(GAME, 2, seed=1)
    with speaking("zh"):
        assert face_words(0, state.edition) == "古堡(1)"
        assert face_words(0, builtin.edition) == "城堡(1)"
        assert type_word("castle", state.edition) == "古堡"
    assert face_words(0, state.edition) == "castle (1)"


def test_edition_errors_speak_chinese() -> None:
    text = load_edition(None).text.replace("dice = [1, 3, 5]", "dice = [1, 3, 7]", 1)
    broken = load_edition(None).text.replace('letter = "E"', 'letter = "F"')
    with speaking("zh"), pytest.raises(EditionError) as err:
        load_edition(broken)
    assert "A到E" in str(err.value)
    with pytest.raises(EditionError) as err:
        load_edition(text)
    assert "outside 1..6" in str(err.value)
