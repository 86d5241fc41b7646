"""The Castles of Burgundy card game's pictures: the SVG table and the terminal text."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import regalia
from regalia.engine.bench import random_playout
from regalia.engine.registry import get_game
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.games.castles_of_burgundy_cards.render_svg import render_svg
from regalia.games.castles_of_burgundy_cards.render_text import (
    card_parts,
    render_text,
    strip_markup,
)
from tests.support.playing import play_random

GAME = "castles-of-burgundy-cards"
NS = "{http://www.w3.org/2000/svg}"


def _positions(players: int, seed: int) -> Iterator[State]:
    """Positions at several points of one random game, up to its end."""
    state = regalia.new_game(GAME, players, seed=seed)
    rng = Rng(seed)
    yield state.clone()
    for step in (15, 60, 150, 300):
        play_random(state, rng, step)
        yield state.clone()
    random_playout(state, rng)
    yield state


def _until(state: State, rng: Rng, kind: str, limit: int = 5000) -> State:
    """Play on until the decision due is of ``kind`` (pending.py names)."""
    for _ in range(limit):
        pend = state.view(None)["pending"]
        if pend and pend["kind"] == kind:
            return state
        play_random(state, rng, 1)
    raise AssertionError(f"no {kind} decision reached")


def _svg(view: dict[str, Any]) -> ET.Element:
    return ET.fromstring(render_svg(view))


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


def _actions(root: ET.Element) -> set[str]:
    return {e.get("data-action", "") for e in root.iter() if e.get("data-action")}


@pytest.fixture(scope="module")
def midgame() -> State:
    return play_random(regalia.new_game(GAME, 3, seed=5), Rng(1), 150)


def test_registered_with_the_game() -> None:
    info = get_game(GAME)
    assert info.render_svg is render_svg
    assert info.render_text is render_text


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_svg_parses_as_xml(midgame: State, seat: int | None) -> None:
    root = _svg(midgame.view(seat))
    assert root.tag == f"{NS}svg"
    assert len(_groups(root, "display-row")) == 6


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_display_rows_show_exactly_the_cards_of_the_view(players: int) -> None:
    for state in _positions(players, 40 + players):
        view = state.view(None)
        root = _svg(view)
        for r, row in enumerate(view["display"], start=1):
            drawn = [g.get("data-card") for g in _groups(root, "display-card")
                     if g.get("data-row") == str(r)]
            assert drawn == row


def test_each_score_is_shown(midgame: State) -> None:
    view = midgame.view(None)
    root = _svg(view)
    shown = {int(t.get("data-seat", -1)): t.text for t in root.iter(f"{NS}text")
             if t.get("class") == "score"}
    assert shown == {i: str(s["score"]) for i, s in enumerate(view["seats"])}
    text = strip_markup(render_text(view))
    for s in view["seats"]:
        assert f"{s['name']}  score {s['score']}" in text


def test_estate_piles_are_drawn_with_their_cards_and_triples() -> None:
    state = play_random(regalia.new_game(GAME, 2, seed=9), Rng(9), 400)
    view = state.view(None)
    piles = _groups(_svg(view), "estate-pile")
    drawn = [(g.get("data-seat"), g.get("data-type"), int(g.get("data-count", -1)),
              g.get("data-complete")) for g in piles]
    want = [(str(i), p["type"], len(p["cards"]), "true" if p["complete"] else "false")
            for i, s in enumerate(view["seats"]) for p in s["estate"]]
    assert drawn == want
    assert sum(len(p["cards"]) for s in view["seats"] for p in s["estate"]) > 0
    estate_cards = [c.get("data-card") for g in piles for c in g.iter(f"{NS}g")
                    if c.get("class") == "estate-card"]
    assert estate_cards == [c for s in view["seats"] for p in s["estate"] for c in p["cards"]]


def test_a_seat_sees_its_own_hand_and_no_other(midgame: State) -> None:
    true_hands = [list(midgame.view(p)["seats"][p]["hand"]) for p in range(midgame.players)]
    assert all(true_hands)
    for viewer in [None, *range(midgame.players)]:
        view = midgame.view(viewer)
        root = _svg(view)
        held: dict[int, list[str]] = {}
        for g in _groups(root, "hand-card"):
            held.setdefault(int(g.get("data-seat", -1)), []).append(g.get("data-card", ""))
        assert held == ({} if viewer is None else {viewer: true_hands[viewer]})
        # The others' hands are drawn face down, one back per card.
        backs: dict[int, int] = {}
        for g in _groups(root, "hidden-hand"):
            backs[int(g.get("data-seat", -1))] = backs.get(int(g.get("data-seat", -1)), 0) + 1
        assert backs == {p: len(true_hands[p]) for p in range(midgame.players) if p != viewer}
        text = strip_markup(render_text(view))
        hand_lines = [line for line in text.splitlines() if line.strip().startswith("hand")]
        for p, line in enumerate(hand_lines):
            if p == viewer:
                assert all(f"{card_parts(c)[0]} {card_parts(c)[1]}" in line
                           for c in true_hands[p])
            else:
                assert line.split()[1] == str(len(true_hands[p])), line


def test_a_hidden_hand_leaves_no_trace_in_the_picture(midgame: State) -> None:
    """Changing another seat's hand in the view must not change this seat's picture."""
    view = midgame.view(0)
    other = copy.deepcopy(view)
    # The spectator-side of seat 1 is only a count: what the renderer gets is all it shows.
    assert other["seats"][1]["hand"] is None
    assert render_svg(view) == render_svg(other)
    secret = midgame.view(1)["seats"][1]["hand"]
    leaked = copy.deepcopy(view)
    leaked["seats"][1]["hand"] = secret
    assert render_svg(leaked) != render_svg(view)  # the test can tell a hand from none


def test_rendering_is_deterministic_and_pure(midgame: State) -> None:
    view = midgame.view(1)
    before = copy.deepcopy(view)
    assert render_svg(view) == render_svg(copy.deepcopy(view))
    assert render_text(view) == render_text(copy.deepcopy(view))
    assert view == before


def test_every_legal_action_is_clickable_somewhere() -> None:
    """Whatever the decision, each legal notation is on a card, pile or button."""
    rng = Rng(17)
    state = regalia.new_game(GAME, 2, seed=17)
    seen: set[str] = set()
    for _ in range(600):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        view = state.view(seat)
        assert _actions(_svg(view)) == set(view["legal"])
        seen.add(view["pending"]["kind"])
        play_random(state, rng, 1)
    assert {"play", "action"} <= seen


def test_display_card_carries_its_take_notation() -> None:
    state = _until(regalia.new_game(GAME, 2, seed=3), Rng(3), "action")
    seat = state.to_move()[0]
    view = state.view(seat)
    takes = {a for a in view["legal"] if a.startswith("take ")}
    assert takes
    root = _svg(view)
    marked = {g.get("data-action") for g in _groups(root, "display-card") if g.get("data-action")}
    assert marked == takes
    # The spectator and the seat not on turn see the same cards, none clickable.
    assert not _actions(_svg(state.view(None)))
    assert not _actions(_svg(state.view(1 - seat)))


def test_hand_cards_play_and_projects_place() -> None:
    rng = Rng(21)
    state = _until(regalia.new_game(GAME, 2, seed=21), rng, "play")
    seat = state.to_move()[0]
    root = _svg(state.view(seat))
    plays = {g.get("data-action") for g in _groups(root, "hand-card")}
    assert plays == {f"play {card_parts(c)[1]}" for c in state.view(seat)["seats"][seat]["hand"]}
    for _ in range(2000):
        view = state.view(state.to_move()[0]) if state.to_move() else None
        if view and any(a.startswith("place ") for a in view["legal"]):
            break
        play_random(state, rng, 1)
    assert view is not None
    marked = {g.get("data-action") for g in _groups(_svg(view), "project")
              if g.get("data-action")}
    assert marked == {a for a in view["legal"] if a.startswith("place ")}


def test_a_view_without_legal_still_offers_the_hand() -> None:
    state = _until(regalia.new_game(GAME, 2, seed=4), Rng(4), "play")
    seat = state.to_move()[0]
    view = state.view(seat)
    del view["legal"]
    hand = view["seats"][seat]["hand"]
    assert _actions(_svg(view)) == {f"play {card_parts(c)[1]}" for c in hand}


def test_bought_cards_offer_both_keeps() -> None:
    state = _until(regalia.new_game(GAME, 4, seed=7), Rng(3), "keep")
    seat = state.to_move()[0]
    view = state.view(seat)
    root = _svg(view)
    assert [g.get("data-card") for g in _groups(root, "bought-card")] == \
        view["pending"]["cards"]
    assert {a for a in _actions(root) if a.startswith("keep")} == set(view["legal"])


def test_text_lists_the_display_rows_and_stays_narrow(midgame: State) -> None:
    view = midgame.view(None)
    text = strip_markup(render_text(view))
    lines = text.splitlines()
    for r, row in enumerate(view["display"], start=1):
        line = next(ln for ln in lines if f" row {r} " in ln)
        for c in row:
            kind, die, _ = card_parts(c)
            assert f"{kind} {die}" in line
    assert max(len(ln) for ln in lines) <= 100
    assert f"Round {view['round']}" in text


def test_solo_shows_aaron() -> None:
    state = play_random(regalia.new_game(GAME, 1, seed=2), Rng(2), 40)
    view = state.view(0)
    root = _svg(view)
    aaron = _groups(root, "aaron")
    assert len(aaron) == 1
    piles = [(g.get("data-type"), int(g.get("data-count", -1))) for g in aaron[0].iter(f"{NS}g")
             if g.get("class") == "estate-pile"]
    assert piles == [(p["type"], len(p["cards"])) for p in view["aaron"]["estate"]]
    assert [t.text for t in root.iter(f"{NS}text") if t.get("class") == "aaron-score"] == \
        [str(view["aaron"]["score"])]
    assert "Aaron  score" in strip_markup(render_text(view))


def test_the_end_is_announced() -> None:
    state = regalia.new_game(GAME, 3, seed=8)
    random_playout(state, Rng(8))
    view = state.view(None)
    root = _svg(view)
    words = [t.text for t in root.iter(f"{NS}text") if t.get("class") == "decision"]
    assert words and words[0].startswith("Game over")
    assert "Game over" in strip_markup(render_text(view))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_renders_every_seat_along_random_games(players: int) -> None:
    for state in _positions(players, 7 * players):
        for seat in [None, *range(players)]:
            view = state.view(seat)
            root = _svg(view)
            assert root.tag == f"{NS}svg"
            text = render_text(view)
            assert "Round" in strip_markup(text)
            assert "[/]" in text  # Rich markup, balanced enough to print


@pytest.mark.parametrize("players", [1, 4])
def test_text_markup_is_valid_rich(players: int) -> None:
    """Rich reads every tag (a stray bracket in a name or log line would break printing)."""
    text_mod = pytest.importorskip("rich.text")
    for state in _positions(players, 3 + players):
        for seat in [None, 0]:
            rendered = render_text(state.view(seat))
            plain = text_mod.Text.from_markup(rendered).plain
            assert plain == strip_markup(rendered)


def test_a_complete_triple_shows_the_vp_printed_for_its_type() -> None:
    view = regalia.new_game(GAME, 2, seed=3).view(0)
    view["seats"][0]["estate"] = [{"type": "pasture", "complete": True,
                                   "cards": ["pasture-1", "pasture-2", "pasture-3"]}]
    view["printed"]["triple_vp"]["pasture"] = 9
    svg = render_svg(view)
    assert "★ 9 VP" in svg and "a triple scores 9 VP" in svg


# --------------------------------------------------------------------------- terminal sizes
def _on_screen(text: str, width: int, height: int) -> list[str]:
    """The lines a Rich console of that size shows for ``text`` (wrapping included)."""
    console_mod = pytest.importorskip("rich.console")
    console = console_mod.Console(width=width, height=height, record=True, color_system=None,
                                  force_terminal=False)
    console.print(text, end="")
    return console.export_text().splitlines()


def _cells(line: str) -> int:
    cells = pytest.importorskip("rich.cells")
    return int(cells.cell_len(line))


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_compact_board_fits_an_80x24_terminal(players: int) -> None:
    for state in _positions(players, 11 + players):
        for seat in [None, *range(players)]:
            text = render_text(state.view(seat), width=80, height=24)
            plain = strip_markup(text).splitlines()
            screen = _on_screen(text, 80, 24)
            assert len(screen) == len(plain), "a line was too wide and wrapped"
            assert max(_cells(line) for line in screen) <= 80
            # Two players leave ~10 lines for the list of choices; more players a screen.
            assert len(screen) <= (14 if players <= 2 else 24), "\n".join(screen)
            assert "Round" in plain[0]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_rich_board_fits_120x40(players: int) -> None:
    rich_seen = 0
    for state in _positions(players, 21 + players):
        for seat in [None, *range(players)]:
            text = render_text(state.view(seat), width=120, height=40)
            screen = _on_screen(text, 120, 40)
            assert len(screen) == len(strip_markup(text).splitlines()), "a line wrapped"
            assert max(_cells(line) for line in screen) <= 120
            assert len(screen) <= 40
            rich_seen += "THE CASTLES OF BURGUNDY" in screen[0]
    assert rich_seen, "with room, the rich board is drawn"


def test_small_terminals_get_the_compact_board(midgame: State) -> None:
    view = midgame.view(0)
    rich = strip_markup(render_text(view, width=120, height=40))
    assert "Triple VP" in rich and "Goods sell with the dice" in rich
    for width, height in ((80, 24), (100, 30), (90, 50)):
        compact = strip_markup(render_text(view, width=width, height=height))
        assert "Triple VP" not in compact
        assert max(len(line) for line in compact.splitlines()) <= width
    assert render_text(view) == render_text(view, width=100, height=40)


def test_log_lines_keeps_working_and_the_log_fills_the_room_left(midgame: State) -> None:
    view = midgame.view(0)
    one = strip_markup(render_text(view, width=120, height=60, log_lines=1))
    assert one.count("\n  ") >= 1 and "Recent" in one
    tall = strip_markup(render_text(view, width=120, height=60))
    short = strip_markup(render_text(view, width=120, height=40))
    recent = [len(t.split("Recent\n")[1].splitlines()) if "Recent" in t else 0
              for t in (one, tall, short)]
    assert recent[0] == 1 and recent[1] == 8 and recent[2] <= recent[1]


# --------------------------------------------------------------------------- words
def _words_view() -> dict[str, Any]:
    view = regalia.new_game(GAME, 2, seed=3).view(0)
    view["seats"][0]["estate"] = [
        {"type": "building", "complete": False, "cards": ["bank-3", "market-1"]},
        {"type": "castle", "complete": True, "cards": ["castle-1", "castle-2", "castle-3"]},
        {"type": "ship", "complete": False, "cards": ["ship-2", "cloister-5"]}]
    view["printed"]["triple_vp"]["castle"] = 5
    view["seats"][0]["storage"] = 4
    view["all_types_stack"] = [3, 1]
    return view


def test_estate_piles_name_their_cards() -> None:
    text = strip_markup(render_text(_words_view(), width=120, height=50))
    assert "building: bank 3, market 1 (1 to go)" in text
    assert "★ castle 1, castle 2, castle 3 = 5 VP" in text
    assert "ship: ship 2, cloister 5 (1 to go)" in text
    compact = strip_markup(render_text(_words_view(), width=80, height=24))
    assert "building: bank 3, market 1" in compact
    assert "★ castle" in compact and "ship: 2, cloister 5" in compact


def test_bonus_stacks_and_storage_say_what_they_are() -> None:
    text = strip_markup(render_text(_words_view(), width=120, height=50))
    assert "\"All 7 types\" cards, for the first to hold all seven types, 2 left: next 3 VP, " \
        "then 1 VP" in text
    assert "4 cards in all (the tie-breaker)" in text
    assert "\"1.\" cards (1 VP) for the first triple of a type, 7 still free: castle" in text
    assert "All 7 types stack" not in text and "storage 4" not in text
    compact = strip_markup(render_text(_words_view(), width=80, height=24))
    assert "all-7-types bonus: next 3 VP, then 1 VP" in compact
    assert "first-triple bonus open: castle" in compact and '"1."' not in compact


def test_the_solo_log_in_the_text_shows_aarons_reveal() -> None:
    view = regalia.new_game(GAME, 1, seed=4).view(0)
    text = strip_markup(render_text(view, width=120, height=40))
    assert "\n  Round A: Aaron reveals 3 cards:" in text


# --------------------------------------------------------------------------- SVG additions
def test_first_bonus_cards_are_labelled_by_type(midgame: State) -> None:
    root = _svg(midgame.view(0))
    cards = _groups(root, "first-bonus")
    assert len(cards) == 7
    for g in cards:
        labels = [t.text for t in g.iter(f"{NS}text") if t.get("class") == "first-bonus-type"]
        assert labels == [g.get("data-type")]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_game_over_picture_breaks_each_score_down(players: int) -> None:
    state = regalia.new_game(GAME, players, seed=30 + players)
    assert not _groups(_svg(state.view(0)), "final-scores"), "only once the game is over"
    random_playout(state, Rng(players))
    view = state.view(None)
    root = _svg(view)
    assert len(_groups(root, "final-scores")) == 1
    columns = _groups(root, "score-breakdown")
    want = {str(i): s["score"] for i, s in enumerate(view["seats"])}
    if players == 1:
        want["aaron"] = view["aaron"]["score"]
    assert {g.get("data-seat"): int(g.get("data-score", -1)) for g in columns} == want
    for g in columns:
        parts = [int(t.get("data-vp", 0)) for t in g.iter(f"{NS}text")
                 if t.get("class") == "score-part"]
        total = [t.text for t in g.iter(f"{NS}text") if t.get("class") == "score-total"]
        assert sum(parts) == int(g.get("data-score", -1)) == int(total[0] or -1)


def test_the_solo_picture_logs_aarons_reveal() -> None:
    view = regalia.new_game(GAME, 1, seed=4).view(0)
    texts = [t.text or "" for t in _svg(view).iter(f"{NS}text")]
    assert any(t.startswith("Round A: Aaron reveals 3 cards:") for t in texts)
