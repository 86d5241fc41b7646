"""El Grande's pictures: the SVG map of Spain and the terminal text, drawn from views."""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

from regalia.engine.bench import random_playout
from regalia.engine.markup import strip_markup
from regalia.engine.registry import get_game, new_game
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.games.el_grande import map_layout
from regalia.games.el_grande.map_layout import REGIONS, adjacency_from_borders, canonical_region
from regalia.games.el_grande.render_svg import render_svg
from regalia.games.el_grande.render_text import render_text
from tests.support.playing import play_random

# Rules §1.1: the adjacency list, 15 symmetric edges.
RULES_ADJACENCY = {
    "Aragon": {"New Castile", "Old Castile", "Catalonia", "Basque Country", "Valencia"},
    "New Castile": {"Aragon", "Old Castile", "Granada", "Seville", "Valencia"},
    "Old Castile": {"Aragon", "New Castile", "Galicia", "Basque Country"},
    "Catalonia": {"Aragon", "Valencia"},
    "Galicia": {"Old Castile", "Basque Country"},
    "Granada": {"New Castile", "Seville", "Valencia"},
    "Basque Country": {"Aragon", "Old Castile", "Galicia"},
    "Seville": {"New Castile", "Granada"},
    "Valencia": {"Aragon", "New Castile", "Catalonia", "Granada"},
}


# ------------------------------------------------------------------------ the map geometry
def test_drawn_borders_give_exactly_the_rules_adjacency() -> None:
    assert {k: set(v) for k, v in adjacency_from_borders().items()} == RULES_ADJACENCY


def test_regions_sit_at_their_geographic_places() -> None:
    """North is up and east is right: Galicia north-west, Catalonia north-east, Seville
    south-west, Granada south; New Castile in the middle."""
    def centre(name: str) -> tuple[float, float]:
        pts = map_layout.REGION_POLYGONS[name]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    gal, cat, sev, gra, new = (centre(r) for r in
                               ("Galicia", "Catalonia", "Seville", "Granada", "New Castile"))
    assert gal[0] < new[0] < cat[0]
    assert gal[1] < new[1] < sev[1]
    assert cat[1] < new[1] < gra[1]
    assert sev[0] < gra[0]


def test_every_anchor_and_the_castillo_lie_on_the_map() -> None:
    for name in REGIONS:
        x, y = map_layout.LABEL_ANCHORS[name]
        assert 0 < x < map_layout.MAP_WIDTH and 0 < y < map_layout.MAP_HEIGHT
    x, y, w, h = map_layout.CASTILLO_BOX
    assert x + w <= map_layout.MAP_WIDTH and y + h <= map_layout.MAP_HEIGHT


def _inside(pt: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


@pytest.mark.parametrize("name", REGIONS)
def test_each_label_stands_inside_its_own_region(name: str) -> None:
    anchor = map_layout.LABEL_ANCHORS[name]
    assert _inside(anchor, map_layout.REGION_POLYGONS[name])
    assert not any(_inside(anchor, map_layout.REGION_POLYGONS[o]) for o in REGIONS if o != name)


@pytest.mark.parametrize(("spelling", "name"), [
    ("new-castile", "New Castile"), ("basque_country", "Basque Country"), ("Sevilla", "Seville"),
    ("Castilla la Vieja", "Old Castile"), ("ARAGON", "Aragon"), ("castillo", None),
])
def test_region_names_are_read_however_a_view_spells_them(spelling: str,
                                                          name: str | None) -> None:
    assert canonical_region(spelling) == name


# ------------------------------------------------------------------------ pictures of views

NS = "{http://www.w3.org/2000/svg}"


def _until(state: State, rng: Rng, phase: str, limit: int = 5000) -> State:
    for _ in range(limit):
        if state.view(None)["phase"] == phase:
            return state
        play_random(state, rng, 1)
    raise AssertionError(f"no {phase} phase reached")


def _positions(players: int, seed: int) -> Iterator[State]:
    """Positions at several points of one random game, to the end."""
    state = new_game("el-grande", players, seed=seed)
    rng = Rng(seed)
    yield state.clone()
    for step in (20, 60, 150, 300):
        play_random(state, rng, step)
        yield state.clone()
    random_playout(state, rng)
    yield state


def _svg(view: dict[str, Any]) -> ET.Element:
    return ET.fromstring(render_svg(view))


def _groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class") == cls]


@pytest.fixture(scope="module")
def midgame() -> State:
    return play_random(new_game("el-grande", 4, seed=11), Rng(11), 140)


def test_registered_with_the_game() -> None:
    info = get_game("el-grande")
    assert info.render_svg is render_svg
    assert info.render_text is render_text


@pytest.mark.parametrize("seat", [None, 0, 2])
def test_svg_parses_and_draws_one_polygon_per_region(midgame: State, seat: int | None) -> None:
    root = _svg(midgame.view(seat))
    assert root.tag == f"{NS}svg"
    regions = [p.get("data-region") for p in root.iter(f"{NS}polygon")
               if p.get("class") == "region"]
    assert sorted(regions) == sorted(REGIONS)


def _expected_counts(view: dict[str, Any]) -> dict[tuple[str, int], int]:
    want = {}
    for r in view["regions"]:
        for seat, n in enumerate(r["caballeros"]):
            if n:
                want[(canonical_region(r["id"]) or "", seat)] = n
    for seat, n in enumerate(view["castillo"]["caballeros"]):
        if n:
            want[("Castillo", seat)] = n
    return want


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_caballero_count_is_drawn_in_its_region(players: int) -> None:
    for state in _positions(players, 100 + players):
        view = state.view(None)
        drawn = {(g.get("data-region"), int(g.get("data-seat", -1))): int(g.get("data-count", 0))
                 for g in _groups(_svg(view), "caballeros")}
        assert drawn == _expected_counts(view)


def test_the_king_stands_in_the_kings_region(midgame: State) -> None:
    view = midgame.view(1)
    kings = _groups(_svg(view), "king")
    assert [k.get("data-region") for k in kings] == [canonical_region(view["king"])]


def test_grandes_stand_at_their_homes(midgame: State) -> None:
    view = midgame.view(None)
    drawn = {int(g.get("data-seat", -1)): g.get("data-region")
             for g in _groups(_svg(view), "grande")}
    assert drawn == {s["seat"]: canonical_region(s["home"]) for s in view["seats"]}


def test_each_score_is_shown(midgame: State) -> None:
    view = midgame.view(None)
    root = _svg(view)
    shown = {int(t.get("data-seat", -1)): t.text for t in root.iter(f"{NS}text")
             if t.get("class") == "score"}
    assert shown == {s["seat"]: str(s["score"]) for s in view["seats"]}


def test_a_seat_sees_its_own_hand_and_no_other(midgame: State) -> None:
    for seat in range(midgame.players):
        view = midgame.view(seat)
        held: dict[int, set[int]] = {}
        for g in _groups(_svg(view), "power-card"):
            if g.get("data-in-hand"):
                held.setdefault(int(g.get("data-seat", -1)), set()).add(int(g.get("data-value", 0)))
        assert held == {seat: set(view["seats"][seat]["hand"])}
    assert not any(g.get("data-in-hand") for g in _groups(_svg(midgame.view(None)), "power-card"))


def test_the_text_shows_only_the_viewers_hand(midgame: State) -> None:
    own = midgame.view(0)["seats"][0]["hand"]
    text = strip_markup(render_text(midgame.view(0)))
    assert f"hand {' '.join(map(str, own))}" in text
    assert len(re.findall(r"\bhand \d", text)) == 1
    assert not re.search(r"\bhand \d", strip_markup(render_text(midgame.view(None))))


def test_another_seats_sealed_disk_stays_secret() -> None:
    state = _until(new_game("el-grande", 3, seed=5), Rng(5), "setup-disk")
    movers = state.to_move()
    chooser, viewer = movers[0], movers[1]
    choice = state.legal_actions(chooser)[-1]
    state.apply(choice, chooser)
    secret = canonical_region(str(choice).split()[-1])
    assert secret is not None
    for render in (render_svg, render_text):
        mine = render(state.view(chooser))
        theirs = render(state.view(viewer))
        assert f"disk → {secret}" in mine
        assert "disk →" not in theirs and "disk set" in theirs


def test_rendering_is_deterministic_and_leaves_the_view_alone(midgame: State) -> None:
    view = midgame.view(2)
    before = copy.deepcopy(view)
    assert render_svg(view) == render_svg(copy.deepcopy(view)) == render_svg(midgame.view(2))
    assert render_text(view) == render_text(copy.deepcopy(view))
    assert view == before


def test_svg_is_self_contained(midgame: State) -> None:
    svg = render_svg(midgame.view(0))
    assert "<image" not in svg and "@import" not in svg and "url(" not in svg
    assert "href" not in svg


def test_text_names_every_region_and_every_players_score(midgame: State) -> None:
    view = midgame.view(None)
    text = strip_markup(render_text(view))
    for name in (*REGIONS, "Castillo"):
        assert name in text
    for s in view["seats"]:
        assert re.search(rf"{s['name'].capitalize()}\s+score {s['score']}\b", text), s["name"]
    assert max(len(line) for line in text.splitlines()) <= 110


def test_text_markup_is_balanced(midgame: State) -> None:
    markup = render_text(midgame.view(1))
    opened = len(re.findall(r"\[(?!/)[a-z][a-z0-9_ ]*\]", markup))
    assert opened == markup.count("[/]")


def test_text_is_escaped_for_rich_markup(midgame: State) -> None:
    view = midgame.view(None)
    view["log"] = [*view["log"], {"event": "x", "text": "a [bold]trick[/] line"}]
    out = render_text(view)
    assert "\\[bold]trick" in out


def test_svg_escapes_text(midgame: State) -> None:
    view = midgame.view(None)
    view["log"] = [*view["log"], {"event": "x", "text": "<script>&</script>"}]
    view["cards"] = [dict(c, name='Odd "card" <&>') if c["id"] else c for c in view["cards"]]
    svg = render_svg(view)
    ET.fromstring(svg)
    assert "<script>" not in svg


# ------------------------------------------------------------------------ click targets
def _actions(root: ET.Element) -> list[str]:
    return [e.get("data-action") or "" for e in root.iter() if e.get("data-action")]


@pytest.mark.parametrize(("phase", "seed"), [("turn", 3), ("card", 4), ("power", 6),
                                             ("disk", 7), ("turn", 8)])
def test_click_targets_are_exactly_the_legal_actions(phase: str, seed: int) -> None:
    """Every data-action is legal for the viewer, and in these phases every legal action
    has its element (regions for placements, cards, power cards, buttons)."""
    start = play_random(new_game("el-grande", 4, seed=seed), Rng(seed), 40)
    state = _until(start, Rng(seed), phase)
    seat = state.to_move()[0]
    legal = {str(a) for a in state.legal_actions(seat)}
    drawn = set(_actions(_svg(state.view(seat))))
    assert drawn == legal


def test_region_polygons_carry_the_placement_notation() -> None:
    state = _until(new_game("el-grande", 3, seed=9), Rng(9), "turn")
    seat = state.to_move()[0]
    root = _svg(state.view(seat))
    polys = {p.get("data-region"): p.get("data-action") for p in root.iter(f"{NS}polygon")
             if p.get("class") == "region"}
    places = {str(a) for a in state.legal_actions(seat) if a.kind == "place"}
    assert {a for a in polys.values() if a} | {
        r.get("data-action") for r in root.iter(f"{NS}rect") if r.get("class") == "castillo"
    } - {None} == places
    king = canonical_region(state.view(seat)["king"])
    assert polys[king] is None


def test_no_click_targets_for_spectators_or_waiting_seats(midgame: State) -> None:
    assert _actions(_svg(midgame.view(None))) == []
    waiting = [s for s in range(midgame.players) if s not in midgame.to_move()]
    for seat in waiting:
        assert _actions(_svg(midgame.view(seat))) == []


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_render_for_every_seat(players: int) -> None:
    for seed in (1, 2):
        for state in _positions(players, seed * 10 + players):
            for seat in (None, *range(players)):
                view = state.view(seat)
                root = _svg(view)
                legal = {str(a) for a in state.legal_actions(seat)} if seat is not None else set()
                assert set(_actions(root)) <= legal
                assert strip_markup(render_text(view))


def test_with_the_legal_list_every_legal_action_is_clickable() -> None:
    # Front ends (regalia render, a browser) add the viewer's legal actions as view["legal"].
    # Two whole games whose random moves (seeded) met every kind of action between them: six
    # games of SVG at every decision were 26 s of CI, and four of them met no kind the two miss.
    info = get_game("el-grande")
    kinds_seen: set[str] = set()
    for seed in (0, 1):
        rng = Rng(seed)
        state = new_game("el-grande", 4, seed=seed)
        while state.to_move():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            view["legal"] = [str(a) for a in legal]
            svg = info.render_svg(view)
            clickable = set()
            for value in re.findall(r'data-action="([^"]+)"', svg):
                clickable.update(value.split("|"))
            for action in legal:
                kinds_seen.add(action.kind)
                assert str(action) in clickable, f"{action} is not clickable"
            state.apply(legal[rng.below(len(legal))], seat)
    assert {"act", "card", "court", "disk", "done", "evict", "grande", "king", "pass", "pick",
            "place", "power", "return", "score", "scoreboard", "stop", "takeback", "to", "veto",
            "withdraw"} <= kinds_seen


def test_text_shows_what_each_card_still_to_take_does() -> None:
    state = new_game("el-grande", 4, seed=3)
    while state.view(None)["phase"] != "card":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    view = state.view(state.to_move()[0])
    text = " ".join(strip_markup(render_text(view)).split())
    for card in view["cards"]:
        if card["taken_by"] is None:
            assert card["text"] in text


# ------------------------------------------------------------------------ fitting a terminal
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("width", "height"), [(80, 17), (80, 24), (120, 40)])
def test_text_fits_the_screen_it_is_given(players: int, width: int, height: int) -> None:
    for state in _positions(players, 60 + players):
        for seat in (None, *range(players)):
            text = strip_markup(render_text(state.view(seat), width=width, height=height))
            lines = text.rstrip("\n").split("\n")
            assert max(len(line) for line in lines) <= width
            assert len(lines) <= height, text
            for name in (*REGIONS, "Castillo"):
                assert name in text  # the map never gives way


def test_a_roomy_screen_gets_the_full_table_and_a_small_one_the_grid(midgame: State) -> None:
    view = midgame.view(0)
    roomy = strip_markup(render_text(view, width=120, height=40))
    small = strip_markup(render_text(view, width=80, height=18))
    assert "Grandes" in roomy and "Points" not in roomy
    # The grid: two areas a line, each with its points and a count (or ·) per seat.
    assert re.search(r"Aragon +\d/\d/\d.*│.*Granada +\d/\d/\d", small)
    assert "Grandes" not in small


def test_the_bidding_keeps_the_hand_on_a_small_screen() -> None:
    state = _until(new_game("el-grande", 5, seed=4), Rng(4), "power")
    seat = state.to_move()[0]
    hand = state.view(seat)["seats"][seat]["hand"]
    text = strip_markup(render_text(state.view(seat), width=80, height=16))
    assert f"Your hand {' '.join(map(str, hand))}" in text


@pytest.mark.parametrize("height", [18, 24, 30])
def test_an_action_card_choice_shows_each_cards_effect_whole_or_says_where_it_is(
        height: int) -> None:
    """A card's effect is read whole (wrapped under its name) or not at all, with the
    command that shows it named; never cut at the screen's edge (issue 34)."""
    state = _until(new_game("el-grande", 4, seed=12), Rng(12), "card")
    view = state.view(state.to_move()[0])
    text = strip_markup(render_text(view, width=80, height=height))
    assert not any(line.rstrip().endswith("…") for line in text.splitlines()), text
    flat = " ".join(text.split())
    texts = [card for card in view["cards"] if card["id"] and card["taken_by"] is None]
    whole = all(" ".join(card["text"].split()) in flat for card in texts)
    assert whole or "(help and a card's name: its text)" in flat, text
    if height >= 30:
        assert whole, text


def test_the_turn_shows_the_card_taken_and_the_caballeros_left() -> None:
    state = _until(new_game("el-grande", 3, seed=9), Rng(9), "turn")
    seat = state.to_move()[0]
    view = state.view(seat)
    card = next(c for c in view["cards"] if c["id"] == view["turn"]["card"])
    most, placed = view["turn"]["place_max"], view["turn"]["placed"]
    text = " ".join(strip_markup(render_text(view, width=140, height=60)).split())
    assert (f"Your turn · {card['name']} ({card['stack']}): {placed} of {most} Caballeros "
            f"placed, {most - placed} more may go") in text
    other = (seat + 1) % 3
    theirs = " ".join(strip_markup(render_text(state.view(other), width=140)).split())
    assert f"{view['seats'][seat]['name'].capitalize()}'s turn · {card['name']}" in theirs
    small = strip_markup(render_text(view, width=80, height=24))
    assert f"You · {card['name']} ({card['stack']}): placed {placed} of {most}, " \
           f"{most - placed} left" in small


@pytest.mark.parametrize(("rounds", "label"), [(6, "Round 2, 1st of 6"), (9, "Round 1 of 9")])
def test_the_round_is_counted_among_the_games_own_rounds(rounds: int, label: str) -> None:
    state = _until(new_game("el-grande", 3, seed=2, rounds=rounds), Rng(2), "power")
    view = state.view(0)
    assert label in strip_markup(render_text(view))
    assert label in render_svg(view)
    if rounds == 6:
        assert "of 9" not in strip_markup(render_text(view)) + render_svg(view)


# ------------------------------------------------------------------------ the picture's words
def test_svg_legend_names_the_pieces_and_grandes_carry_their_letter(midgame: State) -> None:
    root = _svg(midgame.view(None))
    legend = _groups(root, "legend")
    assert len(legend) == 1
    words = " ".join(t.text or "" for t in legend[0].iter(f"{NS}text"))
    for piece in ("Caballeros", "Grande", "King", "Mobile scoreboard"):
        assert piece in words
    for grande in _groups(root, "grande"):
        assert [t.text for t in grande.iter(f"{NS}text")] == ["G"]


def test_svg_recent_lines_are_whole_even_when_long(midgame: State) -> None:
    view = midgame.view(None)
    long = "Disks revealed: " + ", ".join(f"{c} basque-country" for c in
                                          ("red", "blue", "yellow", "green"))
    view["log"] = [*view["log"][-3:-1], {"event": "disks", "text": long},
                   {"event": "x", "text": "Red takes King's card"}]
    entries = [" ".join(t.text or "" for t in g.iter(f"{NS}text"))
               for g in _groups(_svg(view), "log-entry")]
    assert long in entries and entries[-1] == "Red takes King's card"


def test_svg_labels_are_in_sentence_case(midgame: State) -> None:
    root = _svg(midgame.view(0))
    # Card names and log lines wrap, so their second lines may start lower case: skip them.
    wrapped = {id(t) for g in _groups(root, "action-card") + _groups(root, "log-entry")
               for t in g.iter(f"{NS}text")}
    labels = [t.text or "" for t in root.iter(f"{NS}text")
              if id(t) not in wrapped and t.get("class") != "turn"
              and (t.text or "")[:1].isalpha()]
    assert {"Score", "Court", "Provinces", "Grande", "Players", "Action cards"} <= set(labels)
    lower = [w for w in labels if w[0].islower()]
    assert not lower, lower
