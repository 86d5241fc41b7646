"""The estate: triples, the fourth card, cloisters as wildcards, bonus cards, round bonuses."""

from __future__ import annotations

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.faces import (
    BUILDING,
    CASTLE,
    CLOISTER,
    FACE_INDEX,
    KNOWLEDGE,
    MINE,
    PASTURE,
    SHIP,
)
from regalia.games.castles_of_burgundy_cards.scoring import triples_vp
from regalia.games.castles_of_burgundy_cards.state import CobState
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    at_action,
    clear_table,
    decide,
    new,
    set_estate,
    set_hand,
    set_projects,
    texts,
)


def table(players: int = 2) -> CobState:
    s = new(players, seed=1)
    clear_table(s)
    for p in range(1, players):
        set_hand(s, p, "knowledge-1", "knowledge-2")
    s.workers[0] = 0
    return s


def place(s: CobState, name: str, *then: str) -> None:
    """Seat 0 places project ``name`` with a matching die, then answers ``then``."""
    set_projects(s, 0, name)
    at_action(s, 0, int(name.rsplit("-", 1)[1]))
    act(s, f"place {name}", *then)


def f(*names: str) -> tuple[int, ...]:
    return tuple(FACE_INDEX[n] for n in names)


def test_three_buildings_pastures_and_cloisters_score_3_4_and_6() -> None:
    """The rulebook's picture: three buildings 3 VP, three pastures 4, three cloisters 6."""
    s = table()
    set_estate(s, 0, (BUILDING, ("bank-1", "church-2", "market-3")),
               (PASTURE, ("pasture-1", "pasture-2", "pasture-3")),
               (CLOISTER, ("cloister-1", "cloister-2", "cloister-3")))
    assert triples_vp(s.estates[0], s.components.triple_vp) == 13


def test_one_or_two_cards_of_a_type_score_nothing() -> None:
    s = table()
    set_estate(s, 0, (SHIP, ("ship-1", "ship-2")), (MINE, ("mine-1",)))
    assert triples_vp(s.estates[0], s.components.triple_vp) == 0


def test_any_three_buildings_make_a_triple() -> None:
    s = table()
    set_estate(s, 0, (BUILDING, ("bank-1", "church-2")))
    place(s, "warehouse-3")  # warehouse with no goods to sell: nothing more
    assert s.estates[0][0] == (BUILDING, f("bank-1", "church-2", "warehouse-3"))


def test_a_fourth_card_of_a_type_starts_a_new_triple() -> None:
    s = table()
    set_estate(s, 0, (SHIP, ("ship-1", "ship-2", "ship-3")))
    place(s, "ship-4")
    assert [len(c) for _, c in s.estates[0]] == [3, 1]
    assert s.estates[0][1] == (SHIP, f("ship-4"))


def test_a_cloister_joins_another_type_and_counts_as_it() -> None:
    s = table()
    set_estate(s, 0, (CASTLE, ("castle-1", "castle-2")), (MINE, ("mine-1",)))
    place(s, "cloister-5")
    assert texts(s) == ["onto 1", "onto 2", "onto new"]
    act(s, "onto 1")
    assert s.estates[0][0] == (CASTLE, f("castle-1", "castle-2", "cloister-5"))
    assert triples_vp(s.estates[0], s.components.triple_vp) == s.components.triple_vp[CASTLE]
    assert s.first_bonus_owner[CASTLE] == 0, \
        "the cloister completed a castle triple: castle '1.' card"
    assert s.pending[-1] == (P.BONUS,)


def test_a_card_turns_a_pile_of_cloisters_into_its_type() -> None:
    s = table()
    set_estate(s, 0, (CLOISTER, ("cloister-1", "cloister-2")))
    place(s, "mine-4")
    assert texts(s) == ["onto 1", "onto new"]
    act(s, "onto 1")
    assert s.estates[0][0] == (MINE, f("cloister-1", "cloister-2", "mine-4"))
    assert s.first_bonus_owner[MINE] == 0 and s.first_bonus_owner[CLOISTER] == -1


def test_a_card_joins_its_unfinished_pile_rather_than_starting_one() -> None:
    s = table()
    set_estate(s, 0, (KNOWLEDGE, ("knowledge-1",)))
    place(s, "knowledge-3")
    assert s.estates[0] == [(KNOWLEDGE, f("knowledge-1", "knowledge-3"))]
    assert s.workers[0] == 2


def test_a_cloister_may_start_its_own_pile_or_join_any_unfinished_one() -> None:
    s = table()
    set_estate(s, 0, (SHIP, ("ship-1", "ship-2", "ship-3")), (CLOISTER, ("cloister-1",)),
               (PASTURE, ("pasture-1",)))
    place(s, "cloister-6")
    assert texts(s) == ["onto 2", "onto 3"], "a finished pile takes nothing; one open " \
                                             "cloister pile at a time"


def test_the_first_completer_of_a_colour_takes_its_1_card() -> None:
    s = table()
    s.first_bonus_owner[SHIP] = 1
    set_estate(s, 0, (SHIP, ("ship-1", "ship-2")), (PASTURE, ("pasture-1", "pasture-2")))
    place(s, "ship-3")
    assert s.first_bonus_owner[SHIP] == 1, "later completers of that colour get nothing from it"
    act(s, "bonus 1")
    s.pending = []
    place(s, "pasture-3")
    assert s.first_bonus_owner[PASTURE] == 0


def test_completing_a_triple_in_round_a_offers_the_a_menu() -> None:
    s = table()
    set_estate(s, 0, (MINE, ("mine-1", "mine-2")))
    place(s, "mine-3")
    assert s.silver[0] == 3, "the mine's own bonus (+2 silver) comes with the card"
    assert texts(s) == ["bonus 1", "bonus 2", "bonus 3", "bonus 4", "bonus 5"]
    assert [s.describe(s.parse_action(m)) for m in texts(s)] == [
        "Take the round bonus: 3 VP", "Take the round bonus: 2 goods",
        "Take the round bonus: 2 animals", "Take the round bonus: 3 silver",
        "Take the round bonus: 3 workers"]
    act(s, "bonus 1")
    assert s.vp_cards[0] == 3


def test_round_a_bonus_of_two_goods_takes_two_pile_tops() -> None:
    s = table()
    set_estate(s, 0, (MINE, ("mine-1", "mine-2")))
    place(s, "mine-3", "bonus 2")
    assert texts(s) == ["goods 1", "goods 2"]
    goods = sum(s.goods[0])
    act(s, "goods 1", "goods 2")
    assert sum(s.goods[0]) == goods + 2


def test_completing_a_triple_in_round_d_offers_the_d_menu() -> None:
    s = table()
    s.round_index = 3
    set_estate(s, 0, (MINE, ("mine-1", "mine-2")))
    place(s, "mine-3")
    assert [s.describe(s.parse_action(m)) for m in texts(s)] == [
        "Take the round bonus: 2 silver", "Take the round bonus: 2 workers",
        "Take the round bonus: 1 silver + 1 worker"]
    act(s, "bonus 3")
    assert (s.workers[0], s.silver[0]) == (1, 1 + 2 + 1)


def _all_but_one_colour(s: CobState) -> None:
    set_estate(s, 0, (CASTLE, ("castle-1",)), (MINE, ("mine-1",)), (CLOISTER, ("cloister-1",)),
               (KNOWLEDGE, ("knowledge-4",)), (SHIP, ("ship-1",)), (PASTURE, ("pasture-1",)))


def test_all_seven_types_takes_the_top_card_of_the_stack() -> None:
    s = table(3)
    _all_but_one_colour(s)
    place(s, "bank-1")
    assert texts(s) == ["onto 3", "onto new"], "it could also turn the cloister into a building"
    act(s, "onto new")
    assert s.all_types_bonus[0] == 4 and s.all_types_stack == [2, 1]


def test_all_seven_types_second_player_gets_the_next_card() -> None:
    s = table(2)
    s.all_types_bonus[1] = 3
    s.all_types_stack = [1]
    _all_but_one_colour(s)
    place(s, "bank-1", "onto new")
    assert s.all_types_bonus[0] == 1 and s.all_types_stack == []


def test_a_cloister_that_joined_another_type_is_not_violet_any_more() -> None:
    s = table(4)
    set_estate(s, 0, (CASTLE, ("castle-1",)), (MINE, ("mine-1",)),
               (KNOWLEDGE, ("knowledge-4",)), (SHIP, ("ship-1",)), (PASTURE, ("pasture-1",)),
               (BUILDING, ("bank-1",)))
    place(s, "cloister-2", "onto 1")
    assert s.all_types_bonus[0] == 0, "the cloister became a castle: still six colours"
    s.pending = []
    place(s, "cloister-3", "onto new")
    assert s.all_types_bonus[0] == 4


def test_all_seven_types_card_once_per_player() -> None:
    s = table(4)
    s.all_types_bonus[0] = 4
    s.all_types_stack = [3, 2, 1]
    _all_but_one_colour(s)
    place(s, "bank-1", "onto new")
    assert s.all_types_bonus[0] == 4 and s.all_types_stack == [3, 2, 1]


def test_the_triple_bonus_is_chosen_before_the_cards_own_bonus() -> None:
    s = table()
    set_estate(s, 0, (CASTLE, ("castle-1", "castle-2")))
    place(s, "castle-3")
    assert [e[0] for e in s.pending] == [P.ACT, P.BONUS]
    act(s, "bonus 4")
    assert s.pending[-1] == (P.ACT, 0, P.CASTLE_FREE)


def test_play_through_a_hand_card_into_the_estate() -> None:
    s = table()
    set_hand(s, 0, "ship-2", "ship-6")
    set_projects(s, 0, "ship-2")
    decide(s, 0)
    act(s, "play 2", "place ship-2")
    assert s.estates[0] == [(SHIP, f("ship-2"))]


def test_all_seven_types_in_3p_go_4_then_2_then_1() -> None:
    """The rulebook's example: in a 3-player game the first player with all seven colours
    takes the 4, the second the 2, the third the 1."""
    s = table(3)
    got = []
    for k, seat in enumerate((2, 0, 1)):
        s.pending = []
        d = k + 1
        set_estate(s, seat, (CASTLE, (f"castle-{d}",)), (MINE, (f"mine-{d}",)),
                   (CLOISTER, (f"cloister-{d}",)), (KNOWLEDGE, (f"knowledge-{d}",)),
                   (SHIP, (f"ship-{d}",)), (PASTURE, (f"pasture-{d}",)))
        bank = f"bank-{2 * k + 1}"
        set_projects(s, seat, bank)
        at_action(s, seat, 2 * k + 1)
        act(s, f"place {bank}", "onto new")
        got.append(s.all_types_bonus[seat])
    assert got == [4, 2, 1] and s.all_types_stack == []
