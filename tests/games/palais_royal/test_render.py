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


def test_text_stays_within_the_width_and_the_height_it_is_given() -> None:
    # The CLI gives the board the screen less the actions: 80 x 24 with a long list of
    # actions leaves it 16 lines or fewer.
    for s in _positions():
        for seat in [*range(s.players), None]:
            view = s.view(seat)
            for width, height in ((100, 40), (120, 50), (120, 36), (80, 24), (80, 16)):
                text = render_text(view, width=width, height=height)
                lines = strip_markup(text).splitlines()
                assert max(len(line) for line in lines) <= width
                # The least it shows at 4 players: title, castle, key, park, seats (16
                # lines), and a Back-door draw or the final scores.
                assert len(lines) <= max(height, 17)


def test_the_park_key_always_shows_and_no_key_is_cut() -> None:
    for s in _positions():
        view = s.view(0)
        for width, height in ((80, 16), (80, 24), (120, 40)):
            lines = strip_markup(render_text(view, width=width, height=height)).splitlines()
            key = [line for line in lines if line.startswith("park: 14v 6g 2t1p = 14 VP")]
            assert key and key[0].endswith("P1 servant")
            if height >= 24:  # room for the privilege letters too, whole
                assert any(line.endswith("C=Cardinal") for line in lines)


def test_park_tiles_read_vp_gold_seals_and_privilege() -> None:
    from regalia.games.palais_royal.render_text import noble_label

    tile = {"vp": 14, "turquoise": 2, "purple": 0, "privilege": "moves"}
    assert noble_label(tile, 6) == "14v 6g 2t M"
    assert noble_label({**tile, "purple": 1, "privilege": None}, 0) == "14v 0g 2t1p"


def test_text_shows_rooms_park_and_seats() -> None:
    s = new(3)
    text = strip_markup(render_text(s.view(0)))
    assert "Parade" in text and "Office" in text and "Player 3" in text
    assert "edges (VP first/second, servants per player): top 6/2" in text


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
