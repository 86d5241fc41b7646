"""Step 4, enlisting nobles: costs, several nobles a turn, the gold reduction, edge spaces."""

from __future__ import annotations

from regalia.games.palais_royal.text import noble_text
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    legal,
    new,
    noble_index,
    put_noble,
    set_rooms,
    space,
    start_turn,
    take_noble,
    to_step,
)

ENLIST = 4


def _ready(players: int = 4, open_nobles: bool = True,  # type: ignore[no-untyped-def]
           **rooms: int):
    s = new(players, open_nobles=open_nobles)
    clear_rooms(s)
    set_rooms(s, 0, **rooms)
    give_cards(s, 0, "prestige")
    return s


def test_enlisting_returns_the_office_servant_and_the_seals_and_pays_the_gold() -> None:
    s = _ready(office=1, king=2, pompadour=3)
    put_noble(s, "c3", "servants-3")  # 2 gold, 2 turquoise, 2 purple, 4 VP
    s.gold[0] = 5
    start_turn(s, 0)
    to_step(s, ENLIST)
    cost = s.gold_cost(space("c3", s))
    area = s.area[0]
    act(s, "enlist c3")
    assert s.servants[0][5] == 0 and s.servants[0][3] == 0 and s.servants[0][4] == 1
    assert s.area[0] == area + 5 + 3  # 1 + 2 + 2 home, then 3 from the general supply
    assert s.gold[0] == 5 - cost
    assert s.park[space("c3", s)] == -1
    assert noble_index(s, "servants-3") in s.nobles[0]


def test_several_nobles_a_turn_and_later_ones_lack_the_seals_spent() -> None:
    s = _ready(office=2, king=2, pompadour=2)
    put_noble(s, "c3", "servants-3")  # needs 2 + 2 seals
    put_noble(s, "d4", "moves-1")     # needs 1 + 1 seals
    s.gold[0] = 20
    start_turn(s, 0)
    to_step(s, ENLIST)
    assert "enlist c3" in legal(s) and "enlist d4" in legal(s)
    act(s, "enlist c3")
    assert s.servants[0][5] == 1  # an Office servant is left ...
    assert "enlist d4" not in legal(s)  # ... but no seal


def test_a_noble_without_enough_gold_is_not_offered() -> None:
    s = _ready(office=1, king=3, pompadour=3)
    put_noble(s, "c3", "vp-24")  # 9 gold
    s.gold[0] = 0
    start_turn(s, 0)
    to_step(s, ENLIST)
    assert s.gold_cost(space("c3", s)) > s.gold[0]
    assert "enlist c3" not in legal(s)


def test_gold_cost_falls_by_one_per_empty_orthogonal_neighbour() -> None:
    s = _ready()
    put_noble(s, "c3", "vp-24")  # 9 gold
    sp = space("c3", s)
    assert s.gold_cost(sp) == 9
    take_noble(s, "c2", 1)
    take_noble(s, "d3", 2)
    assert s.gold_cost(sp) == 7
    take_noble(s, "d4", 2)  # diagonal: no reduction by default
    assert s.gold_cost(sp) == 7


def test_gold_reduction_option_eight_counts_diagonals_and_none_counts_nothing() -> None:
    s = _ready()
    s2 = new(4, discount="eight")
    s3 = new(4, discount="none")
    for st in (s, s2, s3):
        put_noble(st, "c3", "vp-24")
        take_noble(st, "d4", 1)
        take_noble(st, "c2", 1)
    sp = space("c3", s)
    assert (s.gold_cost(sp), s2.gold_cost(sp), s3.gold_cost(sp)) == (8, 7, 9)


def test_an_edge_space_holding_a_servant_counts_as_empty_for_the_reduction() -> None:
    s = _ready()
    put_noble(s, "b2", "vp-24")
    take_noble(s, "b1", 1)
    s.marker[space("b1", s)] = 1
    s.area[1] -= 1  # that servant came from the play area
    assert s.gold_cost(space("b2", s)) == 8
    s.check_invariants()


def test_an_edge_noble_leaves_a_servant_on_its_space_from_area_or_any_room() -> None:
    s = _ready(office=1, king=1, mint=1)
    put_noble(s, "a1", "vp-1")  # 1 gold, 1 turquoise; a corner of the park
    s.gold[0] = 5
    start_turn(s, 0)
    to_step(s, ENLIST)
    act(s, "enlist a1")
    opts = legal(s)
    assert "leave area" in opts and "leave mint" in opts and "done" not in opts
    act(s, "leave mint")
    assert s.marker[space("a1", s)] == 0 and s.servants[0][2] == 0
    s.check_invariants()
    # top and left edges both hold it: first place on each
    from regalia.games.palais_royal.scoring import edge_points

    assert edge_points(s)[0] == 6 + 5


def test_an_interior_noble_leaves_no_servant() -> None:
    s = _ready(office=1, king=1)
    put_noble(s, "c3", "vp-1")
    s.gold[0] = 5
    start_turn(s, 0)
    to_step(s, ENLIST)
    act(s, "enlist c3")
    assert s.phase == ENLIST and all(m < 0 for m in s.marker)


def _enlist_face_down_and_up(open_nobles: bool):  # type: ignore[no-untyped-def]
    s = _ready(open_nobles=open_nobles, office=2, king=3, pompadour=3)
    put_noble(s, "c3", "vp-1")
    put_noble(s, "d3", "gold-1")
    s.gold[0] = 20
    start_turn(s, 0)
    to_step(s, ENLIST)
    act(s, "enlist c3", "enlist d3")
    return s


def test_points_only_nobles_go_face_down_and_others_remember_them_by_default() -> None:
    # Every park tile lay face up and the space it left is public: a seat with perfect
    # memory (DESIGN) knows the face-down tile, and so the score.
    s = _enlist_face_down_and_up(open_nobles=True)
    mine, theirs = s.view(0)["seats"][0], s.view(1)["seats"][0]
    assert [n["id"] for n in mine["nobles"]] == ["gold-1"]
    assert [n["id"] for n in mine["face_down_nobles"]] == ["vp-1"]
    assert theirs["face_down"] == 1 and [n["id"] for n in theirs["face_down_nobles"]] == ["vp-1"]
    assert theirs["score"] == mine["score"] == theirs["score_known"]
    assert theirs["breakdown"] == mine["breakdown"]
    assert new(4).options["open_nobles"] is True  # the default


def test_open_nobles_false_shows_only_how_many_face_down_nobles_a_seat_has() -> None:
    s = _enlist_face_down_and_up(open_nobles=False)
    mine, theirs = s.view(0)["seats"][0], s.view(1)["seats"][0]
    assert [n["id"] for n in mine["face_down_nobles"]] == ["vp-1"]
    assert theirs["face_down"] == 1 and theirs["face_down_nobles"] is None
    assert theirs["score"] is None and theirs["score_known"] < mine["score"]


def test_announce_names_the_face_down_noble_unless_open_nobles_is_false() -> None:
    for open_nobles in (True, False):
        s = _ready(open_nobles=open_nobles, office=1, king=1)
        put_noble(s, "c3", "vp-1")
        s.gold[0] = 5
        start_turn(s, 0)
        to_step(s, ENLIST)
        action = s.parse_action("enlist c3")
        # the noble in words (its VP, price and seals), never by the edition's tile id
        said = noble_text(s.d.nobles[noble_index(s, "vp-1")], s.gold_cost(space("c3", s)))
        assert said in s.describe(action) and "vp-1" not in s.describe(action)
        assert "c3" in s.announce(action, 0)
        assert (said in s.announce(action, 0)) is open_nobles
