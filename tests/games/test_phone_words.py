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
