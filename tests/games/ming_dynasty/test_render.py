"""The terminal board fits 80 x 24 and 120 x 40; the SVG is well-formed, follows the edition's
map, makes legal actions clickable and shows cards only to their owner."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import regalia
from regalia.engine import Rng
from regalia.engine.markup import strip_markup
from regalia.games.ming_dynasty.render_svg import render_svg
from regalia.games.ming_dynasty.render_text import render_text
from tests.games.ming_dynasty.md_helpers import edition_with


def _positions(players: int, seed: int, every: int = 23,
               **options: str) -> list[regalia.engine.State]:
    s = regalia.new_game("ming-dynasty", players, seed=seed, **options)
    rng = Rng(seed)
    out = []
    step = 0
    while not s.is_over():
        movers = s.to_move()
        seat = movers[rng.below(len(movers))]
        legal = s.legal_actions(seat)
        s.apply(legal[rng.below(len(legal))], seat)
        step += 1
        if step % every == 0:
            out.append(s.clone())
    out.append(s)
    return out


def test_the_text_board_fits_both_screen_sizes() -> None:
    for players in (2, 3, 4):
        for s in _positions(players, players):
            for seat in (*range(players), None):
                for width, height in ((80, 24), (120, 40)):
                    text = render_text(s.view(seat), width=width, height=height)
                    lines = strip_markup(text).split("\n")
                    assert len(lines) <= height
                    assert max(len(line) for line in lines) <= width


def test_the_text_board_shows_majorities_and_reachable_districts() -> None:
    s = _positions(3, 5)[3]
    seat = s.to_move()[0]
    text = strip_markup(render_text(s.view(seat), width=120, height=40))
    assert "reachable:" in text
    view = s.view(seat)
    if any(dist["leader"] for dist in view["districts"]):
        assert "*" in text


def test_the_svg_is_well_formed_and_marks_legal_actions() -> None:
    for s in _positions(4, 7, every=41):
        if s.is_over():
            continue
        seat = s.to_move()[0]
        view = s.view(seat)
        view["legal"] = [a.text for a in s.legal_actions(seat)]
        svg = render_svg(view)
        root = ET.fromstring(svg)
        marked = {el.get("data-action") for el in root.iter() if el.get("data-action")}
        assert marked == set(view["legal"])


def test_the_svg_shows_cards_only_to_their_owner_when_hands_are_closed() -> None:
    s = next(x for x in _positions(3, 9, hand_memory="counts")
             if len(x.view(0)["players"][0]["hand"]) == 1)
    mine = render_svg(s.view(0))
    theirs = render_svg(s.view(1))
    hand = s.view(0)["players"][0]["hand"]
    assert hand
    kind = next(iter(hand))
    assert f"hand: {kind}" in mine
    assert f"hand: {kind}" not in theirs.split(">Yellow")[1].split(">Green")[0]
    s = regalia.State.from_json(s.to_json().replace('"counts"', '"perfect"'))  # the default
    assert f"hand: {kind}" in render_svg(s.view(1)).split(">Yellow")[1].split(">Green")[0]


def test_the_svg_map_follows_the_edition() -> None:
    other = edition_with('between = ["1a", "4a"]\ntransport = "horse"',
                         'between = ["1a", "4a"]\ntransport = "junk"')
    s = regalia.new_game("ming-dynasty", 3, seed=1)
    t = regalia.new_game("ming-dynasty", 3, seed=1, edition=other)
    assert render_svg(s.view(None)).count(">jun<") + 1 == render_svg(t.view(None)).count(">jun<")


def test_ten_or_more_tiles_of_a_colour_stay_readable_in_the_terminal() -> None:
    from regalia.games.ming_dynasty.render_text import render_text
    from tests.games.ming_dynasty.md_helpers import set_tiles, started

    s = started(3)
    set_tiles(s, 0, [16, 0, 0, 0, 0, 0])
    text = render_text(s.view(0))
    assert "tiles 16 0 0 0 0 0 " in text
    set_tiles(s, 0, [1, 0, 2, 0, 0, 3])
    assert "tiles 1 0 2 0 0 3 " in render_text(s.view(0))


def test_phase_three_choices_say_their_verb_and_fit_three_menu_columns_at_80_columns() -> None:
    # The terminal lists up to a dozen phase-3 choices in three columns of twenty
    # characters at 80 columns: every description there fits whole and starts with what it
    # does ("go to 1b by horse", not "1b by horse").
    from tests.games.ming_dynasty.md_helpers import enter, give, started

    s = started(3)
    for kind in ("horse", "rickshaw", "junk", "dragon"):
        give(s, 0, kind)
    enter(s, "act", 0)
    texts = [s.describe(a) for a in s.legal_actions(0)]
    assert len(texts) > 8 and max(len(t) for t in texts) <= 20, texts
    assert all(t.split()[0] in ("go", "stay,", "pass") for t in texts), texts


def test_the_board_says_in_words_what_fits_and_explains_the_marks_it_keeps() -> None:
    # At 80 columns the compact board (a tall menu under it) names the cards beside the
    # spaces in full, and a district with room says "prince Yellow", not "@Y"; a mark kept
    # where the cell is full is explained on the legend line under the board.
    from tests.games.ming_dynasty.md_helpers import enter, give, in_cloister, in_open, started

    s = started(3)
    give(s, 0, "horse")
    enter(s, "act", 0)
    view = s.view(0)
    text = strip_markup(render_text(view, width=80, height=14))
    for card in (c for c in (p["display"] for p in view["provinces"]) if c):
        assert f" {card}" in text
    assert not any(code in text.split() for code in ("rik", "hrs", "jnk", "DRG"))
    assert "prince Yellow" in text and "@Y" not in text
    here = next(d["id"] for d in view["districts"] if d["prince"] == 0)
    for colour in range(3):
        in_open(s, colour, here, 2)
    in_cloister(s, 1, here)
    text = strip_markup(render_text(s.view(0), width=80, height=24))
    assert "@Y" in text and ("cloister G" in text or " cG" in text)
    assert "@ prince" in text.splitlines()[-1], text
    assert "Y3: 3 Yellow family members" in text


def test_the_setup_screen_counts_no_round_zero() -> None:
    s = regalia.new_game("ming-dynasty", 3, seed=3)
    head = strip_markup(render_text(s.view(0))).splitlines()[0]
    assert head.startswith("setup: princes") and "round 0" not in head


def test_the_svg_headings_count_no_round_zero() -> None:
    from regalia.games.ming_dynasty.phone_svg import render_phone_svg

    s = regalia.new_game("ming-dynasty", 3, seed=3)
    for svg in (render_svg(s.view(0)), render_phone_svg(s.view(0))):
        assert "round 0" not in svg and "setup: princes" in svg


def test_the_key_reads_the_board_as_it_is_worded() -> None:
    from regalia.games.ming_dynasty.render_text import render_key
    from tests.games.ming_dynasty.md_helpers import enter, started

    s = started(3)
    enter(s, "act", 0)
    view = s.view(0)
    board = strip_markup(render_text(view, width=80, height=24))
    key = strip_markup(render_key(view))
    assert "your prince at " in board and "your prince at 1a borders: 1b horse =" in key
    assert "prince Yellow" in key and "@Y: Yellow's prince is there" in key
    assert "reachable" not in strip_markup(render_text(
        regalia.new_game("ming-dynasty", 3, seed=3).view(0)))  # (no prince yet)
