"""Every placement bonus, and chains of them (castle, city hall, purchase mid-chain) [RB]."""

from __future__ import annotations

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX, FACE_NAMES
from regalia.games.castles_of_burgundy_cards.state import CobState
from regalia.games.castles_of_burgundy_cards.supply import take_good
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    at_action,
    clear_table,
    new,
    set_goods,
    set_hand,
    set_projects,
    set_row,
    texts,
)


def table() -> CobState:
    s = new(2, seed=2)
    clear_table(s)
    set_hand(s, 1, "knowledge-1", "knowledge-2")
    s.workers[0] = 0
    s.silver[0] = 0
    return s


def place(s: CobState, name: str, *then: str) -> None:
    set_projects(s, 0, name)
    at_action(s, 0, int(name.rsplit("-", 1)[1]))
    act(s, f"place {name}", *then)


def test_mine_gives_two_silver() -> None:
    s = table()
    place(s, "mine-2")
    assert s.silver[0] == 2


def test_knowledge_gives_two_workers_whatever_you_have() -> None:
    s = table()
    s.workers[0] = 5
    place(s, "knowledge-2")
    assert s.workers[0] == 7


def test_ship_takes_the_top_of_a_goods_pile() -> None:
    s = table()
    top = s.goods_pile_tops[1]
    count = s.goods_pile_sizes[1]
    goods = list(s.goods[0])
    place(s, "ship-3")
    assert texts(s) == ["goods 1", "goods 2"]
    act(s, "goods 2")
    goods[top] += 1
    assert s.goods[0] == goods and s.goods_pile_sizes[1] == count - 1


def test_pasture_takes_the_top_of_an_animal_pile() -> None:
    s = table()
    top = s.animal_pile_tops[0]
    place(s, "pasture-3", "animal 1")
    assert s.animals[0][top] >= 1 and sum(s.animals[0]) == 2


def test_an_empty_goods_pile_splits_the_other_in_two() -> None:
    s = table()
    for _ in range(s.goods_pile_sizes[0]):
        take_good(s, 1, 0)
    assert s.goods_pile_sizes[0] > 0, "the other pile was split at once"
    assert abs(s.goods_pile_sizes[0] - s.goods_pile_sizes[1]) <= 1
    assert sum(s.goods_pile_sizes) == len(s.hidden_goods) + 2
    s.check_invariants()


def test_ship_with_every_goods_pile_empty_gives_nothing() -> None:
    s = table()
    while s.goods_pile_sizes[0] or s.goods_pile_sizes[1]:
        take_good(s, 1, 0 if s.goods_pile_sizes[0] else 1)
    place(s, "ship-3")
    assert sum(s.goods[0]) == 1 and s.current_seat == 1


def test_castle_gives_one_free_action_with_any_die() -> None:
    s = table()
    set_row(s, 5, "mine-5")
    set_projects(s, 0, "pasture-1")
    place(s, "castle-3")
    assert s.pending[-1] == (P.ACT, 0, P.CASTLE_FREE)
    assert {"take 5 mine-5", "place pasture-1", "workers", "silver"} <= set(texts(s))
    act(s, "take 5 mine-5")
    assert s.workers[0] == 0, "a free action costs no workers"
    assert sorted(s.projects[0]) == sorted([FACE_INDEX["pasture-1"], FACE_INDEX["mine-5"]])


def test_castle_free_action_can_sell_any_kind() -> None:
    s = table()
    set_goods(s, 0, "dark-1vp")
    place(s, "castle-1")
    act(s, "sell dark")
    assert s.silver[0] == 1 and s.start_card_holder == 0 and s.start_card_question_marks


def test_carpenters_workshop_takes_a_building_or_knowledge_from_any_row() -> None:
    s = table()
    set_row(s, 1, "castle-1", "knowledge-6")
    set_row(s, 6, "bank-3", "ship-6")
    place(s, "carpenter-1")
    assert texts(s) == ["take 1 knowledge-6", "take 6 bank-3"]
    act(s, "take 6 bank-3")
    assert s.projects[0] == [FACE_INDEX["bank-3"]]


def test_church_takes_a_castle_mine_or_cloister() -> None:
    s = table()
    set_row(s, 2, "castle-1", "knowledge-6", "mine-4")
    set_row(s, 4, "cloister-2", "ship-6")
    place(s, "church-2")
    assert texts(s) == ["take 2 castle-1", "take 2 mine-4", "take 4 cloister-2"]


def test_market_takes_a_ship_or_pasture() -> None:
    s = table()
    set_row(s, 3, "castle-1", "pasture-6")
    set_row(s, 5, "ship-2")
    place(s, "market-1")
    assert texts(s) == ["take 3 pasture-6", "take 5 ship-2"]


def test_a_taking_building_with_nothing_eligible_gives_nothing() -> None:
    s = table()
    set_row(s, 3, "castle-1")
    place(s, "market-3")
    assert s.projects[0] == [] and s.current_seat == 1


def test_a_taking_building_with_three_projects_drops_one() -> None:
    s = table()
    set_row(s, 3, "pasture-1")
    set_projects(s, 0, "mine-1", "mine-2", "mine-3")
    place(s, "market-5", "drop mine-2")
    assert sorted(s.projects[0]) == sorted(FACE_INDEX[n] for n in ("mine-1", "mine-3",
                                                                    "pasture-1"))


def test_watchtower_gives_a_victory_point_card() -> None:
    s = table()
    place(s, "watchtower-2")
    assert s.vp_cards[0] == 1


def test_watchtower_value_is_an_option() -> None:
    s = new(2, seed=2, watchtower_vp=2)
    clear_table(s)
    set_hand(s, 1, "knowledge-1")
    place(s, "watchtower-2")
    assert s.vp_cards[0] == 2


def test_bank_gives_three_silver() -> None:
    s = table()
    place(s, "bank-3")
    assert s.silver[0] == 3


def test_boarding_house_takes_a_good_or_an_animal_from_any_of_four_piles() -> None:
    s = table()
    place(s, "boarding-house-2")
    assert texts(s) == ["goods 1", "goods 2", "animal 1", "animal 2"]
    act(s, "animal 2")
    assert sum(s.animals[0]) == 2 and sum(s.goods[0]) == 1


def test_warehouse_sells_one_kind_and_takes_the_start_card() -> None:
    s = table()
    set_goods(s, 0, "light-1vp", "dark-1vp", "dark-1vp")
    s.start_card_holder = 1
    place(s, "warehouse-5")
    assert texts(s) == ["sell light", "sell dark"]
    act(s, "sell dark")
    assert s.silver[0] == 2 and (s.start_card_holder, s.start_card_question_marks) == (0, True)


def test_warehouse_with_no_goods_gives_nothing() -> None:
    s = table()
    set_goods(s, 0)
    place(s, "warehouse-1")
    assert s.start_card_holder == 0 and not s.start_card_question_marks and s.current_seat == 1


def test_city_hall_places_another_project_without_a_die() -> None:
    s = table()
    set_projects(s, 0, "mine-6", "ship-1")
    place(s, "city-hall-2")
    assert texts(s) == ["place mine-6", "place ship-1"]
    act(s, "place mine-6")
    assert s.silver[0] == 2, "with the placed card's own bonus"


def test_city_hall_with_no_other_project_gives_nothing() -> None:
    s = table()
    place(s, "city-hall-4")
    assert s.current_seat == 1 and s.projects[0] == []


def test_chain_castle_places_a_city_hall_which_places_a_castle() -> None:
    s = table()
    set_projects(s, 0, "city-hall-6", "castle-5", "ship-1")
    set_row(s, 4, "bank-1")
    place(s, "castle-2")
    act(s, "place city-hall-6")
    assert s.pending[-1] == (P.PLACE_ANY,)
    assert texts(s) == ["place castle-5", "place ship-1"]
    act(s, "place castle-5")
    assert s.pending[-1] == (P.ACT, 0, P.CASTLE_FREE)
    act(s, "take 4 bank-1")
    assert [t for t, _ in s.estates[0]] == [0, 6], "two castles in one pile, a building"
    assert len(s.estates[0][0][1]) == 2
    assert sorted(s.projects[0]) == [FACE_INDEX["ship-1"], FACE_INDEX["bank-1"]]
    assert s.current_seat == 1


def test_ivy_buys_in_the_middle_of_a_castle_and_chains_castles() -> None:
    """Ivy places a castle, buys 3 cards before its free action, keeps a castle as a
    project, places it with the free action (no die needed), and with the second castle's
    free action takes a third castle from any row [RB example]."""
    s = table()
    s.silver[0] = 3
    set_row(s, 6, "castle-4")
    # Stack the deck's next draws: the purchase shows castle-1, ship-2, mine-3.
    s.supply_chance([("buy", "castle-1"), ("buy", "ship-2"), ("buy", "mine-3")])
    place(s, "castle-2")
    assert "buy" in texts(s)
    act(s, "buy")
    assert s.pending[-1] == (P.KEEP, *(FACE_INDEX[n] for n in ("castle-1", "ship-2", "mine-3")))
    act(s, "keep castle-1 project")
    assert s.silver[0] == 0 and FACE_INDEX["castle-1"] in s.projects[0]
    assert [FACE_NAMES[f] for f in s.discard_pile[-2:]] == ["ship-2", "mine-3"]
    act(s, "place castle-1")
    act(s, "take 6 castle-4")
    assert s.estates[0][0][1] == (FACE_INDEX["castle-2"], FACE_INDEX["castle-1"])
    assert s.projects[0] == [FACE_INDEX["castle-4"]]
    assert s.current_seat == 1


def test_a_bought_card_cannot_be_bought_again_in_the_free_action() -> None:
    s = table()
    s.silver[0] = 6
    place(s, "castle-2")
    act(s, "buy")
    act(s, texts(s)[1])  # keep the first card for an extra action
    assert "buy" not in texts(s)
