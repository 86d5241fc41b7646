"""Text and SVG pictures: widths, the compact board, clickable elements, no secrets."""

from __future__ import annotations

import html
import itertools
import re
from typing import Any

import regalia
from regalia.engine import Rng
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.games.palais_royal.render_svg import render_svg
from regalia.games.palais_royal.render_text import render_text
from regalia.games.palais_royal.state import PalaisState
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    new,
    set_rooms,
    start_turn,
    to_step,
)
from tests.games.palais_royal.test_rebuilt_pile import _after_rebuilds


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
                # The least it shows at 4 players: title, castle, the park's two keys (its
                # tiles' codes and its privilege letters, which stay while the park does),
                # park, seats (17 lines), and a Back-door draw or the final scores.
                assert len(lines) <= max(height, 18)


def test_the_park_key_shows_while_the_game_goes_on_and_no_key_is_cut() -> None:
    for s in _positions():
        view = s.view(0)
        for width, height in ((80, 16), (80, 24), (120, 40)):
            lines = strip_markup(render_text(view, width=width, height=height)).splitlines()
            key = [line for line in lines if line.startswith("park: 14v 6g 2t1p = 14 VP")]
            if any(re.match(r"\d+ +\d+ VP, \d+ gold", line) for line in lines):
                # the park in words, two lines a row: no marks for the key to read
                assert width >= 110 and not key
                assert not any(re.search(r"\b\d+v \d+g\b", line) for line in lines)
                continue
            if view.get("over") and height < 24:
                # a short final screen gives the key's line to the results
                assert not key or key[0].endswith("P1 servant")
                continue
            assert key and key[0].endswith("P1 servant")
            if height >= 24:  # room for the privilege letters too, whole
                assert any(line.endswith("C=Cardinal") for line in lines)


def test_park_tiles_read_vp_gold_seals_and_privilege() -> None:
    from regalia.games.palais_royal.render_text import noble_label

    tile = {"vp": 14, "turquoise": 2, "purple": 0, "privilege": "moves"}
    assert noble_label(tile, 6) == "14v 6g 2t M"
    assert noble_label({**tile, "purple": 1, "privilege": None}, 0) == "14v 0g 2t1p"


def test_the_park_reads_in_words_where_the_screen_has_room() -> None:
    # 120 x 40 at setup: the park's tiles in words, two lines a row; 80 x 24 keeps the
    # marks and their key. The setup counts no round 0.
    s = regalia.new_game("palais-royal", 3, seed=3)
    wide = strip_markup(render_text(s.view(0), width=120, height=40))
    assert re.search(r"\b\d+ VP, \d+ gold\b", wide) and "turq" in wide
    assert not re.search(r"\b\d+v \d+g\b", wide) and "park: 14v" not in wide
    assert "Round 0" not in wide and "Palais Royal · Player 1: setup" in wide
    narrow = strip_markup(render_text(s.view(0), width=80, height=24))
    assert re.search(r"\b\d+v \d+g\b", narrow) and "park: 14v 6g 2t1p = 14 VP" in narrow
    assert "Round 0" not in narrow


def test_a_park_cell_names_the_privilege_in_a_word_where_it_fits() -> None:
    from regalia.games.palais_royal.render_text import noble_cell

    tile = {"vp": 1, "turquoise": 1, "purple": 0, "privilege": "moves"}
    top, bottom = (strip_markup(x) for x in noble_cell(tile, 2, 19))
    assert (top, bottom) == ("1 VP, 2 gold +move", "1 turquoise")
    tile = {"vp": 1, "turquoise": 1, "purple": 0, "privilege": "cardinal"}
    assert strip_markup(noble_cell(tile, 2, 19)[1]) == "1 turq. Cardinal"
    tile = {"vp": 4, "turquoise": 2, "purple": 2, "privilege": "servants"}
    assert strip_markup(noble_cell(tile, 2, 19)[1]) == "2 turq. 2 purple S"


def test_an_enlist_choice_names_no_tile_id() -> None:
    from regalia.games.palais_royal.text import noble_text

    s = new(3)
    assert all("tile" not in noble_text(nb) and nb.id not in noble_text(nb)
               for nb in s.d.nobles)


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


# ---------------------------------------------------------------------------- the card piles
def _rebuilt_positions() -> list[PalaisState]:
    """Probe games' positions after the draw pile was made again: the first few decisions
    after the first rebuild, and after a second one (seed 12 rebuilds twice)."""
    out = []
    for _step, s in _after_rebuilds((12,), every=37):
        out.append(s.clone())
        if len(s.cards.gens) > 2:
            break
    assert len(out[0].cards.gens) == 2 and len(out[-1].cards.gens) == 3
    return out


def _discard_positions() -> list[regalia.State]:
    """Positions of ``_positions`` with several kinds of card in the open discard pile and no
    rebuilt draw pile."""
    out = [s for s in _positions() if len(s.view(None)["discard"]) >= 3
           and not s.view(None)["rebuilt"]]
    assert len(out) >= 5
    return out


def _items(view: dict[str, Any], counts: dict[str, int]) -> list[str]:
    names = {c["id"]: c["name"] for c in view["cards"]}
    return [f"{names[k]} x{n}" for k, n in counts.items()]


def _drawn_since(view: dict[str, Any]) -> int:
    """Cards drawn from the latest rebuilt pile, counted from the card events (the board
    counts them as the pile's size less the deck)."""
    latest = len(view["rebuilt"])
    return sum(n for event in view["pile_history"]["events"]
               for pile, n in event.get("drew", []) if pile == latest)


def _plain_lines(view: dict[str, Any], width: int = 120, height: int = 60) -> list[str]:
    return strip_markup(render_text(view, width=width, height=height)).splitlines()


def test_text_lists_the_open_discard_pile() -> None:
    for s in _discard_positions():
        for seat in (0, None):
            view = s.view(seat)
            size = sum(view["discard"].values())
            for width in (80, 120):
                lines = _plain_lines(view, width)
                at = next(i for i, line in enumerate(lines)
                          if line.startswith(f"discard {size}: "))
                listed = " ".join(lines[at:at + 3])  # (a long list wraps)
                for item in _items(view, view["discard"]):
                    assert item in listed, (item, listed)


def test_text_after_a_rebuild_shows_what_the_draw_pile_was_made_of() -> None:
    for s in _rebuilt_positions():
        for seat in (1, None):
            view = s.view(seat)
            made = view["rebuilt"][-1]
            head = (f"deck rebuilt {len(view['rebuilt'])}x from {sum(made.values())} cards, "
                    f"{_drawn_since(view)} drawn since: ")
            for width in (80, 120):
                lines = _plain_lines(view, width)
                at = next(i for i, line in enumerate(lines) if line.startswith(head))
                listed = " ".join(lines[at:at + 3])
                for item in _items(view, made):
                    assert item in listed, (item, listed)


def test_text_without_a_rebuild_says_nothing_of_rebuilding() -> None:
    for s in _positions():
        view = s.view(0)
        if view["rebuilt"]:
            continue
        text = "\n".join(_plain_lines(view, 120) + _plain_lines(view, 80, 24))
        assert "rebuilt" not in text
    assert any("rebuilt" in line for line in _plain_lines(_rebuilt_positions()[0].view(0)))


def test_text_pile_lines_fit_the_width_and_break_between_cards() -> None:
    for s in [*_discard_positions(), *_rebuilt_positions()]:
        for language in ("en", "zh"):
            with speaking(language):
                view = s.view(0)
                items = _items(view, view["discard"]) + _items(view, view["rebuilt"][-1]
                                                               if view["rebuilt"] else {})
                for width in (80, 100, 120):
                    lines = _plain_lines(view, width)
                    assert max(display_width(line) for line in lines) <= width
                    # Every card of the lists is on the board whole, none cut at a line's end.
                    for item in items:
                        assert any(item in line for line in lines), (language, width, item)


def test_the_piles_give_way_before_the_rest_of_the_board() -> None:
    """On a short screen the pile lists go first (a line of counts stands in for them), then
    that line: the board never loses a line of its own to them."""
    counted = 0
    for s in [*_discard_positions()[:3], *_rebuilt_positions()]:
        view = s.view(0)
        bare = {**view, "discard": {}, "rebuilt": []}
        own = len(_plain_lines(bare, 80, 60))
        lists = [line for line in _plain_lines(view, 80, 60)
                 if line not in _plain_lines(bare, 80, 60)]
        assert lists
        for height in range(own - 2, own + len(lists) + 1):
            lines = _plain_lines(view, 80, height)
            board = _plain_lines(bare, 80, height)
            assert [line for line in lines if line in board] == board
            extra = [line for line in lines if line not in board]
            if height >= own + len(lists):
                assert extra == lists
            elif height > own and len(lists) > 1:  # the piles' counts in one line
                assert len(extra) == 1 and extra[0].startswith(("discard ", "deck rebuilt"))
                assert ":" not in extra[0] and extra[0] not in lists
                counted += 1
            else:
                assert extra == []
    assert counted >= 4


def _svg_texts(view: dict[str, Any]) -> list[str]:
    """The SVG board's texts, in the order it draws them."""
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", render_svg(view))]


def _chips_after(texts: list[str], head: str, count: int) -> list[str]:
    """The ``count`` texts drawn after the one that starts with ``head`` (a pile's chips)."""
    at = next(i for i, t in enumerate(texts) if t.startswith(head))
    return texts[at + 1:at + 1 + count]


def test_svg_shows_the_open_discard_pile() -> None:
    for s in _discard_positions():
        view = s.view(None)
        discard = view["discard"]
        texts = _svg_texts(view)
        head = f"Discard pile — {sum(discard.values())} cards, face up"
        items = [item.replace(" x", " ×") for item in _items(view, discard)]
        assert _chips_after(texts, head, len(discard)) == items
    assert "Discard pile — empty" in _svg_texts(new(3).view(0))


def test_svg_after_a_rebuild_shows_what_the_draw_pile_was_made_of() -> None:
    for s in _rebuilt_positions():
        view = s.view(2)
        made = view["rebuilt"][-1]
        texts = _svg_texts(view)
        cards = "card" if view["deck"] == 1 else "cards"
        assert (f"Draw pile — {view['deck']} {cards} · rebuilt {len(view['rebuilt'])}× from "
                f"the discard pile") in texts
        head = f"made of these {sum(made.values())} cards, {_drawn_since(view)} drawn since:"
        items = [item.replace(" x", " ×") for item in _items(view, made)]
        assert _chips_after(texts, head, len(made)) == items


def test_svg_without_a_rebuild_says_nothing_of_rebuilding() -> None:
    for s in _positions():
        view = s.view(1)
        if not view["rebuilt"]:
            svg = render_svg(view)
            assert "rebuilt" not in svg and "made of" not in svg
            assert f"Draw pile — {view['deck']} cards" in _svg_texts(view)


def test_svg_gives_the_draw_pile_size_once() -> None:
    """The pile's heading says how many cards it holds; the turn line above the castle does
    not say it again."""
    for s in _positions():
        view = s.view(1)
        texts = _svg_texts(view)
        assert sum(f"{view['deck']} card" in t for t in texts) == 1
        assert not any("draw pile" in t for t in texts)  # the turn line's old wording


def test_svg_piles_keep_under_the_castle_and_clear_of_the_park_and_seats() -> None:
    """Piles of every size up to the fullest there can be (every card in the discard pile,
    and in a pile rebuilt three times), in English and Chinese: the chips keep to the
    castle's column, below it and above the seats, and none overlaps another."""
    from regalia.games.palais_royal.render_svg import CASTLE_RIGHT, CASTLE_Y, PARK_X, ROOM_H

    for language in ("en", "zh"):
        with speaking(language):
            view = _rebuilt_positions()[0].view(0)
            ids = [c["id"] for c in view["cards"]]
            for kinds in range(1, len(ids) + 1):
                discard = {k: 4 for k in ids[:kinds]}
                made = {k: 4 for k in ids[-kinds:]}
                view.update(discard=discard, rebuilt=[made] * 3, deck=7)
                svg = render_svg(view)
                rects = [{k: float(v) for k, v in re.findall(r' (x|y|width|height)="([\d.]+)"',
                                                             r)}
                         for r in re.findall(r"<rect [^>]*>", svg)]
                seats_top = min(r["y"] for r in rects if r["width"] == 1240)
                chips = [r for r in rects if r["height"] == 18 and r["y"] < seats_top]
                assert len(chips) == 2 * kinds
                for r in chips:
                    assert r["x"] >= 20 and r["x"] + r["width"] <= CASTLE_RIGHT < PARK_X - 20
                    assert r["y"] > CASTLE_Y + 3 * (ROOM_H + 10) and r["y"] + 18 < seats_top
                for a, b in itertools.combinations(chips, 2):
                    apart_x = a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                    apart_y = a["y"] + 18 <= b["y"] or b["y"] + 18 <= a["y"]
                    assert apart_x or apart_y


def test_the_seat_line_names_privileges_in_words_where_they_fit() -> None:
    s = new(3)
    s.perks[0][1] = s.perks[0][8] = 1  # moves, cardinal
    s.perks[1][1] = s.perks[1][2] = s.perks[1][8] = 1
    s.perks[1][4] = 2
    with speaking("zh"):
        lines = strip_markup(render_text(s.view(0), width=80, height=24)).splitlines()
    mine = next(line for line in lines if line.startswith(">玩家1"))
    theirs = next(line for line in lines if line.startswith(" 玩家2"))
    assert "特权 移动 1，主教 1" in mine  # in words
    assert "特权M/X/B/B/C" in theirs  # too long for the line: the letters the key spells out


def test_the_svg_headings_name_the_step_and_count_no_round_zero() -> None:
    from regalia.games.palais_royal.phone_svg import render_phone_svg

    s = regalia.new_game("palais-royal", 3, seed=3)
    for svg in (render_svg(s.view(0)), render_phone_svg(s.view(0))):
        text = html.unescape(re.sub(r"<[^>]+>", " ", svg))
        assert "round 0" not in text and "(setup: place servants)" in text
    s = new(3)
    text = html.unescape(re.sub(r"<[^>]+>", " ", render_svg(s.view(0))))
    assert "round 1 — Player 1 to move (1 Parade ground)" in text
