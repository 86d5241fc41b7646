"""The terminal board and the SVG: sizes, content, hidden parts."""

from __future__ import annotations

import re

import pytest

from regalia.engine import Rng
from regalia.engine.markup import strip_markup
from regalia.games.shadow_of_the_emperor.render_svg import render_svg
from regalia.games.shadow_of_the_emperor.render_text import render_text
from tests.games.shadow_of_the_emperor.soe_helpers import new


def _midgame(players: int, steps: int = 150, seed: int = 3):  # type: ignore[no-untyped-def]
    s = new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if not s.to_move():
            break
        seat = s.to_move()[0]
        opts = s.legal_actions(seat)
        s.apply(opts[rng.below(len(opts))], seat)
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("width,height,most", [(80, 24, 20), (120, 40, 30)])
def test_the_board_fits_the_terminal(players: int, width: int, height: int, most: int) -> None:
    s = _midgame(players)
    text = strip_markup(render_text(s.view(0), width=width, height=height))
    lines = text.splitlines()
    assert len(lines) <= most
    assert max(len(line) for line in lines) <= width
    for name in ("Mainz", "Trier", "Köln", "Bohemia", "Palatinate", "Saxony", "Brandenburg"):
        assert name in text
    if players == 2:
        assert text.count("out of play") == 2


def test_the_compact_board_explains_its_abbreviations_only_in_spare_lines() -> None:
    view = _midgame(4).view(0)
    bare = strip_markup(render_text(view, width=80, height=10)).splitlines()
    assert not any("Couple aged" in line or "t thalers" in line or "elector  aristocrats"
                   in line for line in bare)
    roomy = strip_markup(render_text(view, width=80, height=24)).splitlines()
    assert len(roomy) == len(bare) + 4 <= 24
    assert max(len(line) for line in roomy) <= 80
    heading = next(i for i, line in enumerate(roomy) if "votes  elector  aristocrats" in line)
    tiles = next(i for i, line in enumerate(roomy) if "R35c Red's Couple aged 35" in line)
    marks = next(i for i, line in enumerate(roomy) if ". a free space · - none" in line)
    seat_legend = next(i for i, line in enumerate(roomy) if "t thalers" in line)
    assert roomy[heading + 1].startswith("Mainz")
    assert roomy[tiles - 1].startswith("Brandenburg") and marks == tiles + 1
    assert roomy[seat_legend + 1].startswith("R Red")
    one_spare = strip_markup(render_text(view, width=80, height=len(bare) + 1)).splitlines()
    assert len(one_spare) == len(bare) + 1  # the spare line goes to the heading first
    assert "votes  elector" in one_spare[heading]


def test_the_compact_board_names_every_card_in_words_on_two_lines() -> None:
    """Issue 34: the card row at 80 columns was ``Riv1 Doc3 Mov2 …``; it is the cards'
    names with the number left, two lines at most, in English and Chinese."""
    from regalia.engine.i18n import speaking

    for lang in ("en", "zh"):
        with speaking(lang):
            view = new(4, seed=3).view(0)
            text = strip_markup(render_text(view, width=80, height=10))
            names = [st["short"] for kind, st in view["stacks"].items() if kind != "knight"]
        rows = [line for line in text.splitlines()
                if any(name in line for name in names[:2] + names[-2:])]
        assert 1 <= len(rows) <= 2, text
        flat = " ".join(rows)
        for name, st in zip(names, (v for k, v in view["stacks"].items() if k != "knight"),
                            strict=True):
            assert f"{name} {st['left']}" in flat, (lang, name, flat)
        assert not re.search(r"\b(Riv|Doc|Mov|Pop|Chu|Exc|Ind|Per|Ord|Pro|FKD|GrE)\d", text)


def test_the_board_shows_each_electorates_influence_and_hides_others_points() -> None:
    s = _midgame(4)
    view = s.view(1)
    text = strip_markup(render_text(view, width=120, height=40))
    for el in view["electorates"]:
        for p, amount in enumerate(el["influence"]):
            if amount:
                assert f"{'RBYG'[p]}{amount}" in text
    seat_lines = [line for line in text.splitlines() if " thalers " in line and " VP " in line]
    assert len(seat_lines) == 4
    assert f"{s.vp[1]:>2} VP" in seat_lines[1]
    assert all(" ? VP" in line for i, line in enumerate(seat_lines) if i != 1)


def test_the_svg_is_a_pure_picture_of_the_view_with_clickable_actions() -> None:
    s = _midgame(4)
    view = s.view(s.to_move()[0])
    svg = render_svg(view)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert render_svg(view) == svg
    for title in ("Mainz", "Bohemia", "Brandenburg", "Throne"):
        assert title in svg
    assert any(f'data-action="{a}"' in svg for a in view["legal"])


def test_a_placement_says_which_piece_goes_where_and_why() -> None:
    s = new(4, seed=5)
    while s.view(0).get("placing") is None:
        seat = s.to_move()[0]
        s.apply(s.legal_actions(seat)[0], seat)
    view = s.view(s.to_move()[0])
    assert view["placing"] == {"tile": None, "age": 35, "couple": True, "reason": "setup"}
    text = strip_markup(render_text(view, width=80, height=24))
    assert "where the 35-year-old Couple goes: setup" in text


def test_a_phase_iv_turn_fits_80_columns_without_cut_choices() -> None:
    # One choice per own knight (not per knight and free space), each short enough for
    # three columns at 80x24.
    for seed in range(3):
        s = _midgame(4, steps=40, seed=seed)
        while s.to_move() and s.tasks[-1][0] != "turn":
            seat = s.to_move()[0]
            s.apply(s.legal_actions(seat)[-1], seat)
        if not s.to_move():
            continue
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        assert len(legal) <= 24
        assert max(len(s.describe(a)) for a in legal if a.kind != "trier") <= 21


def test_descriptions_name_the_piece_placed_and_the_step_a_pass_skips() -> None:
    from regalia.games.shadow_of_the_emperor.board import K_EMINENCE
    from tests.games.shadow_of_the_emperor.soe_helpers import empty, put, run

    s = empty(4)
    put(s, 1, "brandenburg", 25, as_="elector")
    s.kept[1][K_EMINENCE] = 1
    run(s, ("electors",))
    assert s.describe(s.parse_action("pass")) == "No Gray eminence"
    t = empty(4)
    run(t, ("place", 2, -1, 0, 0, -1, -1, 1, 0))  # Yellow's son
    assert t.describe(t.parse_action("to mainz")) == "Son → Mainz"
