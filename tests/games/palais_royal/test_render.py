"""Text and SVG pictures: widths, the compact board, clickable elements, no secrets."""

from __future__ import annotations

import re

import regalia
from regalia.engine import Rng
from regalia.engine.markup import strip_markup
from regalia.games.palais_royal.render_svg import render_svg
from regalia.games.palais_royal.render_text import render_text
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    new,
    set_rooms,
    start_turn,
    to_step,
)


def _positions() -> list[regalia.State]:
    out = []
    for n in (2, 3, 4):
        s = regalia.new_game("palais-royal", n, seed=n)
        rng = Rng(n)
        for step in range(400):
            if s.is_over():
                break
            if step % 40 == 0:
                out.append(s.clone())
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        out.append(s)
    return out


def test_text_stays_within_the_width_and_compact_fits_80_by_24() -> None:
    for s in _positions():
        for seat in [*range(s.players), None]:
            view = s.view(seat)
            for width, height in ((100, 40), (120, 50), (80, 24)):
                text = render_text(view, width=width, height=height)
                lines = strip_markup(text).splitlines()
                assert max(len(line) for line in lines) <= width
                if height <= 30:
                    assert len(lines) <= 24 - 8


def test_text_shows_rooms_park_and_seats() -> None:
    s = new(3)
    text = strip_markup(render_text(s.view(0)))
    assert "Parade" in text and "Office" in text and "Player 3" in text
    assert "edges top 6/2" in text


def test_text_escapes_names_from_the_edition() -> None:
    s = new(2)
    view = s.view(0)
    view["seats"][0]["name"] = "[bold]x"
    text = render_text(view)
    assert "\\[bold]x" in text


def test_svg_marks_legal_targets_with_their_notation() -> None:
    s = new(4)
    clear_rooms(s)
    set_rooms(s, 0, stairs=2, office=1, king=3, pompadour=3)
    set_rooms(s, 1, stairs=1)
    give_cards(s, 0, "prestige")
    s.gold[0] = 20
    start_turn(s, 0)
    to_step(s, 2)
    view = s.view(0)
    svg = render_svg(view)
    actions = set(re.findall(r'data-action="([^"]+)"', svg))
    assert actions == set(view["legal"])
    assert 'data-action="move stairs mint"' in svg
    act(s, "done", "done")
    view = s.view(0)
    svg = render_svg(view)
    assert any(a.startswith("enlist") for a in view["legal"])
    assert set(re.findall(r'data-action="([^"]+)"', svg)) == set(view["legal"])
    assert svg.startswith("<svg") and svg.endswith("</svg>")


def test_svg_without_legal_list_has_no_clickable_element_and_hides_hands() -> None:
    s = new(2)
    give_cards(s, 1, "moves")
    view = s.view(0)
    view.pop("legal")
    svg = render_svg(view)
    assert "data-action" not in svg
    assert "Messenger" not in svg  # seat 1's card stays hidden from seat 0
    assert "Messenger" in render_svg(s.view(1))


def test_svg_is_a_pure_function_of_the_view() -> None:
    for s in _positions()[:4]:
        view = s.view(None)
        assert render_svg(view) == render_svg(view)
