"""The phone pictures say what their numbers are (issue 33's stumbles, seen at 390 px).

El Grande's mobile scoreboards are points for 1st / 2nd / 3rd place, not a bare ``8/4/0``;
Castles' recent lines name the round once, not a bare letter before each, and its bonus cards
say what they reward (not ``"1." castle …``); Palais Royal's header names the step and says
what its counters count.
"""

from __future__ import annotations

import html
import random
import re

import regalia
from regalia.engine import i18n


def words(svg: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "\n", svg))


def playout(game: str, until: object, seed: int = 4, most: int = 400) -> regalia.State:
    state = regalia.new_game(game, 3, seed=seed)
    rng = random.Random(seed)
    for _ in range(most):
        if until(state):  # type: ignore[operator]
            return state
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    raise AssertionError("the position never came")


def test_el_grandes_mobile_scoreboards_are_points_for_the_places() -> None:
    from regalia.games.el_grande.phone_svg import render_phone_svg

    state = regalia.new_game("el-grande", 3, seed=1)
    text = words(render_phone_svg(state.view(0)))
    assert "points 8 / 4 / 0: in reserve" in text and "points 4 / 0 / 0: in reserve" in text
    assert "1st / 2nd" in text and "8/4/0 in reserve" not in text
    with i18n.speaking("zh"):
        assert "分数 8 / 4 / 0：未使用" in words(render_phone_svg(state.view(0)))


def test_castles_recent_lines_name_the_round_once_and_the_bonuses_in_words() -> None:
    from regalia.games.castles_of_burgundy_cards.phone_svg import render_phone_svg

    state = playout("castles-of-burgundy-cards", lambda s: len(s.view(0)["log"]) >= 8)
    text = words(render_phone_svg(state.view(0)))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    assert not [line for line in lines if re.match(r"^[A-E]\s+\S", line)], "a bare round letter"
    assert any(re.fullmatch(r"Round [A-E]:", line) for line in lines)
    said = " ".join(text.split())  # (a long line is wrapped on the picture)
    assert "“1.”" not in said and 'bonus for the first triple of a type (the "1." cards)' in said
    assert "bonus for all 7 types in an estate" in said


def test_palais_royals_header_names_the_step_and_what_it_counts() -> None:
    from regalia.games.palais_royal.phone_svg import render_phone_svg

    state = playout("palais-royal", lambda s: s.view(0)["step"] == "parade" and s.view(0)["round"])
    text = " ".join(words(render_phone_svg(state.view(0))).split())
    assert "to move — step 1 Parade ground" in text
    assert "servants still to place in this step:" in text
    assert "nobles you may enlist" in text and "left in the step" not in text


def test_palais_royals_park_tiles_say_their_nobles_in_words_that_fit() -> None:
    """The park's 6×6 tiles (a sixth of a 360 px screen each) say a noble's VP, the gold it
    costs now and its privilege in words, its seals as squares in their colours with their
    counts, never ``19v 9g 2t3p M``; a word wider than its tile is condensed to it, not cut
    or broken; an empty space says so; and the codes' note above the park is gone."""
    import xml.etree.ElementTree as ET

    from regalia.engine.markup import text_width
    from regalia.engine.phone_board import SMALL
    from regalia.games.palais_royal.phone_svg import PURPLE, TURQUOISE, render_phone_svg

    state = playout("palais-royal", lambda s: s.view(0)["round"] >= 3 and any(
        sp["noble"] is None for sp in s.view(0)["park"]["spaces"]) and any(
        sp["noble"] and sp["noble"]["privilege"] for sp in s.view(0)["park"]["spaces"]),
        most=2000)
    ns = "{http://www.w3.org/2000/svg}"
    for lang, vp, pay in (("en", r"\d+ VP", r"pay \d+|free"), ("zh", r"\d+分", r"付\d+金|免费")):
        with i18n.speaking(lang):
            view = state.view(0)
            svg = render_phone_svg(view)
        root = ET.fromstring(svg)
        spaces = [g for g in root.iter(f"{ns}g") if g.get("class") == "space"]
        assert len(spaces) == 36
        assert "v VP · g gold" not in words(svg) and "VP · g 金" not in words(svg)
        for g, sp in zip(spaces, view["park"]["spaces"], strict=True):
            box = next(g.iter(f"{ns}rect"))
            inner = float(box.get("width")) - 6
            texts = list(g.iter(f"{ns}text"))
            lines = [t.text or "" for t in texts]
            said = " ".join(lines)
            assert not re.search(r"\b\d+[vgtp]\b|\d+t\d+p", said), said
            for t in texts:
                assert float(t.get("font-size")) >= SMALL
                fits = text_width(t.text or "", float(t.get("font-size"))) <= inner
                assert fits or float(t.get("textLength", "inf")) <= inner + 0.01, t.text
            nb = sp["noble"]
            if nb is None:
                assert lines == [view["seats"][sp["servant"]]["name"]] if \
                    sp["servant"] is not None else lines == [("empty", "空")[lang == "zh"]]
                continue
            assert re.fullmatch(vp, lines[0]) and re.fullmatch(pay, lines[1]), lines
            assert (len(lines) > 2 + bool(nb["turquoise"]) + bool(nb["purple"])) == \
                bool(nb["privilege"]), lines
            squares = [(chip.find(f"{ns}rect").get("fill"), chip.find(f"{ns}text").text)
                       for chip in g.iter(f"{ns}g") if chip.get("class") == "chip"]
            assert squares == [(colour, str(n)) for colour, n in
                               ((TURQUOISE, nb["turquoise"]), (PURPLE, nb["purple"])) if n]


# What the phone pictures said in codes (seen at 360 px), and must not say again: Shadow's
# nobles as their notation (``45 R1``, ``Elector: Red R1``) and its stacks as ``3 / 3 · cost
# 3/5``; Ming's districts without their province and its city houses as initials (``R R B``);
# Castles' estate piles as ``ship 1/3`` and its supply piles as ``goods 1: 8 · dark``.
CODES = {
    "shadow-of-the-emperor": re.compile(r"\b[RBYGW]\d\b|\d+ / \d+ ·|cost \d+/\d+"),
    "ming-dynasty": re.compile(r"city(?: [A-Z])+\b|^\d[a-c]$"),
    "castles-of-burgundy-cards": re.compile(r"\b\d/3\b|^(goods|animal) \d: "),
}


def test_the_phone_pictures_say_nobles_districts_and_piles_in_words() -> None:
    from tests.games.test_phone_svg import positions

    for game, code in CODES.items():
        render = regalia.get_game(game).render_phone_svg
        assert render is not None
        for lang in ("en", "zh"):
            with i18n.speaking(lang):
                for view, _seat in positions(game, 5, 6):
                    text = words(render(view))
                    lines = [line.strip() for line in text.splitlines() if line.strip()]
                    found = [line for line in lines if code.search(line)]
                    assert not found, f"{game} ({lang}): {found[:3]}"
                    if game == "ming-dynasty":  # a district names its province
                        provinces = [p["name"] for p in view["map"]["provinces"]]
                        titled = [line for line in lines if re.match(r"^\d[a-c] ?[(（]", line)]
                        assert titled and all(any(p in line for p in provinces)
                                              for line in titled), titled[:3]


def test_palais_royals_final_says_points_and_places_in_words() -> None:
    from regalia.games.palais_royal.phone_svg import render_phone_svg

    state = playout("palais-royal", lambda s: s.view(0)["round"] >= 2)
    view = dict(state.view(0), over=True, current=None, scores=[14, 17, 2], ranking=[2, 1, 3])
    text = " ".join(words(render_phone_svg(view)).split())
    names = [s["name"] for s in view["seats"]]
    assert f"round {view['round']} — the game is over" in text
    assert f"{names[0]}: 14 VP, place 2" in text and f"{names[1]}: 17 VP, place 1" in text
    assert f"{names[0]} 14 (place 2)" not in text


def test_ming_dynastys_final_and_neighbours_read_as_words() -> None:
    from tests.games.test_phone_svg import positions

    render = regalia.get_game("ming-dynasty").render_phone_svg
    assert render is not None
    view, _seat = positions("ming-dynasty", 2, 2)[-1]
    players = view["players"]
    over = dict(view, over=True, ranking=[1, 2, 3][:len(players)],
                players=[dict(p, score=30 - i) for i, p in enumerate(players)])
    text = " ".join(words(render(over)).split())
    assert "(#1)" not in text and f"{players[0]['name']} 30 points, place 1" in text
    with i18n.speaking("zh"):
        text = words(render(view))
    assert not [line for line in text.splitlines() if line.startswith("↔") and ", " in line]


def test_el_grandes_players_say_what_their_cards_in_hand_are() -> None:
    from regalia.games.el_grande.phone_svg import render_phone_svg

    state = playout("el-grande", lambda s: (s.view(0)["round"] or 0) >= 2)
    text = " ".join(words(render_phone_svg(state.view(0))).split())
    assert re.search(r"\d+ power cards in hand", text) and "power cards played:" in text
    assert not re.search(r"· \d+ in hand", text) and " played: " not in text.replace(
        "power cards played: ", "")
    with i18n.speaking("zh"):
        zh = " ".join(words(render_phone_svg(state.view(0))).split())
    assert "in hand" not in zh and "played" not in zh


def test_castles_phone_counts_workers_and_silver_in_words() -> None:
    from regalia.games.castles_of_burgundy_cards.phone_svg import render_phone_svg

    state = regalia.new_game("castles-of-burgundy-cards", 3, seed=2)
    text = words(render_phone_svg(state.view(0)))
    assert re.search(r"\d+ workers? · \d+ silver", text), text
    assert "workers ×" not in text and "silver ×" not in text


def test_palais_royals_edges_keep_each_name_with_its_count_on_a_line() -> None:
    from regalia.games.palais_royal.phone_svg import render_phone_svg

    state = regalia.new_game("palais-royal", 3, seed=1)
    lines = [line.strip() for line in words(render_phone_svg(state.view(0))).splitlines()]
    edge_lines = [line for line in lines if "\u00a0" in line]
    assert edge_lines and all(re.search(r"Player\u00a0\d\u00a0\d", line) for line in edge_lines)
    assert not [line for line in lines if re.search(r"(now:|,) Player \d$", line)], "a name cut"


def test_shadow_of_the_emperor_counts_each_noun_in_its_number() -> None:
    """A seat with 1 thaler and 1 aristocrat left: "1 thaler", "1 aristocrat", on the phone
    and on the desktop's picture (not "1 thalers", "1 aristocrats")."""
    from regalia.games.shadow_of_the_emperor.phone_svg import render_phone_svg
    from regalia.games.shadow_of_the_emperor.render_svg import (
        purse_words,
        render_svg,
        supply_words,
    )

    seat = {"thalers": 1, "votes": 0, "income": 6, "tiles_in_supply": 1,
            "knights_in_supply": 2, "cities_in_supply": 1}
    assert purse_words(seat, "0") == "1 thaler · VP 0 · votes 0 · income 6"
    assert supply_words(seat) == "supply: 1 aristocrat, 2 knights, 1 city"
    state = regalia.new_game("shadow-of-the-emperor", 3, seed=1)
    for svg in (render_phone_svg(state.view(0)), render_svg(state.view(0))):
        assert not re.search(r"\b1 (thalers|aristocrats|knights|cities)\b", words(svg))


def test_shadow_of_the_emperor_says_what_the_seat_to_move_decides() -> None:
    """At the setup the header said "Phase: setup — to move: Red" and nothing of what Red
    decides: now, on the phone and the desktop picture, "choosing the first empire city"."""
    from regalia.games.shadow_of_the_emperor.phone_svg import render_phone_svg
    from regalia.games.shadow_of_the_emperor.render_svg import render_svg

    state = regalia.new_game("shadow-of-the-emperor", 3, seed=1)
    for render in (render_phone_svg, render_svg):
        said = " ".join(words(render(state.view(0))).split())
        assert "to move: Red, choosing the first empire city" in said
        with i18n.speaking("zh"):
            assert "轮到：红，选择第一个帝国市" in " ".join(words(render(state.view(0))).split())


def test_ming_dynastys_setup_says_what_the_seat_to_move_does() -> None:
    from regalia.games.ming_dynasty.phone_svg import render_phone_svg

    state = regalia.new_game("ming-dynasty", 3, seed=1)
    seat = state.to_move()[0]
    assert "tap a district to place your prince there" in " ".join(
        words(render_phone_svg(state.view(seat))).split())
    other = (seat + 1) % 3  # (not told to one who is not to move)
    assert "place your prince" not in words(render_phone_svg(state.view(other)))
