"""The desktop's whole-table picture explains itself, as the phone picture does (issue 33).

The whole table in one drawing (one click away under a desktop's board) used the engine's
short codes where the phone picture says words: El Grande's bare score bars and power-card
strips, Castles' "×2" beside a worker and a bare round letter before each recent line, Palais
Royal's "6/2 VP — servants 0, 0, 0" and "left in the step 2", Ming's "hor", "ric", "jun". Now
every code on each game's picture (a letter-and-digit token, capitals, a short token that is no
word, a pictogram: tests/server/board_codes.py) is explained by the picture's own legend (its
``class="legend"`` parts), in English and in Chinese, at the start and in the middle of a game;
and the places the phone says in words say them in words here too.
"""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

import pytest

import regalia
from regalia.engine import i18n
from tests.server.board_codes import codes_in, explained
from tests.server.test_browser import BUILTIN

SVG = "{http://www.w3.org/2000/svg}"


def lines_of(svg: str) -> list[str]:
    """The picture's lines of text (its tooltips left out: they are no visible text)."""
    return legend_and_rest(svg)[1] + legend_and_rest(svg)[0].split("\n")


def legend_and_rest(svg: str) -> tuple[str, list[str]]:
    """The picture's legend (its parts of ``class="legend"``) as one text, and every other
    line of text on it."""
    legend: list[str] = []
    rest: list[str] = []

    def walk(node: ElementTree.Element, in_legend: bool) -> None:
        in_legend = in_legend or "legend" in (node.get("class") or "").split()
        if node.tag == SVG + "text":
            ("".join(node.itertext()) and (legend if in_legend else rest).append(
                "".join(node.itertext())))
            return
        for child in node:
            if child.tag != SVG + "title":
                walk(child, in_legend)

    walk(ElementTree.fromstring(svg), False)
    return "\n".join(legend), rest


def positions(game: str) -> list[regalia.State]:
    """The game's first position and two from its middle (a random playout, seeded)."""
    state = regalia.new_game(game, 3, seed=7)
    rng = random.Random(7)
    kept = [state.clone()]
    for step in range(1, 61):
        if state.is_over():
            break
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        if step in (25, 60):
            kept.append(state.clone())
    return kept


@pytest.mark.parametrize("game", BUILTIN)
def test_every_code_on_the_whole_table_is_explained_on_it(game: str) -> None:
    info = regalia.get_game(game)
    assert info.render_svg is not None
    seen = 0
    for state in positions(game):
        for lang in ("en", "zh"):
            with i18n.speaking(lang):
                svg = info.render_svg(state.view(0))
            legend, rest = legend_and_rest(svg)
            assert legend, f"{game} {lang}: no legend on the picture"
            if lang == "zh":
                assert re.search(r"[\u4e00-\u9fff]", legend), legend
            codes = set().union(*(codes_in(line) for line in rest))
            unexplained = sorted(c for c in codes if not explained(c, legend))
            assert not unexplained, f"{game} {lang}: {unexplained} not in the legend {legend!r}"
            seen += len(codes)
    assert seen or game == "el-grande"  # (El Grande's codes are few: G and ▶)


def test_the_whole_tables_say_in_words_what_the_phone_says_in_words() -> None:
    pictures = {game: regalia.get_game(game).render_svg(positions(game)[1].view(0))
                for game in BUILTIN}
    said = {game: " ".join(lines_of(svg)) for game, svg in pictures.items()}
    el_grande = said["el-grande"]
    assert "points 8 / 4 / 0: in reserve" in el_grande or "points 8 / 4 / 0: on" in el_grande
    assert re.search(r"Red: \d+ points?", el_grande)  # the score bars say whose and what
    assert "white: in your hand · grey: played · gold: this round" in el_grande
    assert "Provinces" in el_grande and "Prov." not in el_grande
    castles = said["castles-of-burgundy-cards"]
    assert re.search(r"\d+ workers? ", castles + " ") and re.search(r"\d+ silver", castles)
    recent = lines_of(pictures["castles-of-burgundy-cards"])
    assert not [line for line in recent if re.match(r"^[A-E]\s+\S", line)], "a bare letter"
    assert any(re.fullmatch(r"Round [A-E]:", line) for line in recent)
    palais = said["palais-royal"]
    assert "most servants" in palais and "second most" in palais
    assert "left in the step" not in palais and not re.search(r"\d+/\d+ VP", palais)
    ming = pictures["ming-dynasty"]
    legend, _rest = legend_and_rest(ming)
    assert "hor horse" in legend and "ric rickshaw" in legend and "jun junk" in legend
    with i18n.speaking("zh"):
        zh = " ".join(lines_of(regalia.get_game("el-grande").render_svg(
            positions("el-grande")[1].view(0))))
    assert "分数 8 / 4 / 0" in zh and "力量卡" in zh
