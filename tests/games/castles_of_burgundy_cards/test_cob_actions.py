"""The six actions, workers changing the die, and the silver purchase [RB]."""

from __future__ import annotations

import pytest

from regalia.engine.errors import IllegalAction
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX, die_distance
from regalia.games.castles_of_burgundy_cards.state import CobState
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    at_action,
    clear_table,
    decide,
    new,
    set_goods,
    set_hand,
    set_projects,
    set_row,
    texts,
)


def table(players: int = 2, seed: int = 0) -> CobState:
    """A blank table; the other seats hold two knowledge cards so turns pass to them."""
    s = new(players, seed=seed)
    clear_table(s)
    for p in range(1, players):
        set_hand(s, p, "knowledge-1", "knowledge-2")
    return s


def illegal(s: CobState, move: str) -> str:
    before = s.to_json()
    with pytest.raises(IllegalAction) as info:
        s.apply(move)
    assert s.to_json() == before, "an illegal action changes nothing"
    return str(info.value)


# ------------------------------------------------------------------ playing a card
def test_a_turn_plays_one_of_the_two_hand_cards_to_the_discard_pile() -> None:
    s = table()
    set_hand(s, 0, "castle-2", "ship-5")
    decide(s, 0)
    assert texts(s) == ["play 2", "play 5"]
    act(s, "play 5")
    assert s.hands[0] == [FACE_INDEX["castle-2"]] and s.discard_pile[-1] == FACE_INDEX["ship-5"]
    assert s.pending == [(P.ACT, 5, P.NORMAL)]
    assert "hold no card showing 3" in illegal(_fresh_play(), "play 3")


def _fresh_play() -> CobState:
    s = table()
    set_hand(s, 0, "castle-2", "ship-5")
    decide(s, 0)
    return s


# ------------------------------------------------------------------ action 1
def test_action_1_takes_a_card_from_the_row_of_the_die() -> None:
    s = table()
    set_row(s, 4, "castle-1", "bank-5")
    set_row(s, 5, "mine-2")
    s.workers[0] = 0
    at_action(s, 0, 4)
    assert [m for m in texts(s) if m.startswith("take")] == ["take 4 castle-1", "take 4 bank-5"]
    act(s, "take 4 bank-5")
    assert s.projects[0] == [FACE_INDEX["bank-5"]] and s.display[3] == [FACE_INDEX["castle-1"]]


def test_action_1_with_an_empty_row_is_not_offered() -> None:
    s = table()
    set_row(s, 1, "castle-1")
    s.workers[0] = 0
    at_action(s, 0, 4)
    assert not [m for m in texts(s) if m.startswith("take")]
    assert "row 4 of the display is empty" in illegal(s, "take 4 castle-1")


def test_action_1_with_three_projects_drops_one_first() -> None:
    s = table()
    set_row(s, 2, "castle-1")
    set_projects(s, 0, "mine-1", "mine-1", "ship-3")
    at_action(s, 0, 2)
    act(s, "take 2 castle-1")
    assert texts(s) == ["drop mine-1", "drop ship-3"]
    act(s, "drop ship-3")
    assert sorted(s.projects[0]) == sorted(FACE_INDEX[n] for n in ("mine-1", "mine-1",
                                                                    "castle-1"))
    assert s.discard_pile[-1] == FACE_INDEX["ship-3"]


# ------------------------------------------------------------------ workers
def test_megan_turns_a_2_into_a_6_with_two_workers() -> None:
    """Workers change the die by 1 each; 1 and 6 are neighbours [RB example]."""
    assert die_distance(2, 6) == 2 and die_distance(6, 1) == 1 and die_distance(1, 4) == 3
    s = table()
    set_row(s, 6, "pasture-6")
    s.workers[0] = 2
    at_action(s, 0, 2)
    act(s, "take 6 pasture-6")
    assert s.workers[0] == 0


def test_without_workers_the_die_cannot_change() -> None:
    s = table()
    set_row(s, 3, "pasture-6")
    s.workers[0] = 0
    at_action(s, 0, 2)
    assert "costs 1 worker; you have 0" in illegal(s, "take 3 pasture-6")
    s.workers[0] = 1
    at_action(s, 0, 2)
    assert "take 3 pasture-6" in texts(s)


# ------------------------------------------------------------------ action 2
def test_action_2_places_a_project_of_the_die() -> None:
    s = table()
    set_projects(s, 0, "cloister-4", "cloister-5")
    s.workers[0] = 0
    at_action(s, 0, 4)
    assert [m for m in texts(s) if m.startswith("place")] == ["place cloister-4"]
    act(s, "place cloister-4")
    assert s.estates[0] == [(2, (FACE_INDEX["cloister-4"],))]
    assert s.projects[0] == [FACE_INDEX["cloister-5"]]


# ------------------------------------------------------------------ action 3
def test_action_3_sells_every_good_of_the_kind_for_silver_and_vp() -> None:
    s = table()
    set_goods(s, 0, "medium-1vp", "medium-1vp", "light-1vp")
    s.silver[0] = 0
    s.workers[0] = 0
    at_action(s, 0, 4)
    assert [m for m in texts(s) if m.startswith("sell")] == ["sell medium"]
    before = s.scores()[0]
    act(s, "sell medium")
    assert s.silver[0] == 2
    assert s.sold_goods[0][s.goods_face_index["medium-1vp"]] == 2
    assert s.goods[0][s.goods_face_index["light-1vp"]] == 1
    assert (s.start_card_holder, s.start_card_question_marks) == (0, True)
    assert s.scores()[0] == before + 2


def test_action_3_with_nothing_of_that_kind_to_sell_is_illegal() -> None:
    s = table()
    set_goods(s, 0, "light-1vp")
    s.workers[0] = 3
    at_action(s, 0, 6)
    assert "you have no dark goods to sell" in illegal(s, "sell dark")
    assert "sell light" in texts(s), "light sells with a 1 or 2: 6 -> 1 costs one worker"
    set_goods(s, 0)
    at_action(s, 0, 6)
    assert not [m for m in texts(s) if m.startswith("sell")]


# ------------------------------------------------------------------ actions 4, 5, 6
@pytest.mark.parametrize(("before", "after"), [(0, 2), (1, 2), (2, 2), (5, 5)])
def test_action_4_restocks_workers_to_two(before: int, after: int) -> None:
    s = table()
    s.workers[0] = before
    at_action(s, 0, 3)
    act(s, "workers")
    assert s.workers[0] == after


def test_action_5_takes_one_silver() -> None:
    s = table()
    s.silver[0] = 2
    at_action(s, 0, 6)
    act(s, "silver")
    assert s.silver[0] == 3


def test_tom_converts_5_workers_and_1_silver_into_2_vp() -> None:
    """Return any workers/silver; a third of them in VP [RB example: 5 + 1 -> one 2-VP card]."""
    s = table()
    s.workers[0], s.silver[0] = 5, 1
    at_action(s, 0, 1)
    assert [m for m in texts(s) if m.startswith("convert")] == ["convert 1", "convert 2"]
    act(s, "convert 2")
    assert texts(s) == ["pay 5"] or s.workers[0] == 0  # the split is forced here
    assert (s.workers[0], s.silver[0], s.vp_cards[0]) == (0, 0, 2)


def test_action_6_asks_how_to_pay_when_there_is_a_choice() -> None:
    s = table()
    s.workers[0], s.silver[0] = 3, 3
    at_action(s, 0, 1)
    act(s, "convert 1")
    assert texts(s) == ["pay 0", "pay 1", "pay 2", "pay 3"]
    act(s, "pay 2")
    assert (s.workers[0], s.silver[0], s.vp_cards[0]) == (1, 2, 1)


def test_action_6_with_fewer_than_three_is_not_offered() -> None:
    s = table()
    s.workers[0], s.silver[0] = 1, 1
    at_action(s, 0, 1)
    assert not [m for m in texts(s) if m.startswith("convert")]
    assert "1 VP need 3 workers and/or silver; you have 2" in illegal(s, "convert 1")


# ------------------------------------------------------------------ the purchase
def test_buying_costs_3_silver_and_keeps_one_of_three_as_a_project() -> None:
    s = table()
    s.silver[0] = 4
    set_hand(s, 0, "ship-1", "ship-2")
    decide(s, 0)
    assert texts(s)[-1] == "buy"
    discard = len(s.discard_pile)
    act(s, "buy")
    assert s.silver[0] == 1 and s.pending[-1][0] == P.KEEP
    bought = s.pending[-1][1:]
    keep = texts(s)[0]
    act(s, keep)
    assert len(s.projects[0]) == 1 and s.projects[0][0] in bought
    assert len(s.discard_pile) == discard + 2
    assert "buy" not in texts(s), "once per turn"


def test_a_bought_card_can_be_an_extra_action_with_workers() -> None:
    s = table()
    s.silver[0] = 3
    s.workers[0] = 1
    set_hand(s, 0, "ship-1", "ship-2")
    decide(s, 0)
    act(s, "buy")
    face = s.pending[-1][1]
    act(s, f"keep {_name(face)} action")
    assert s.pending[-1] == (P.ACT, (face % 6) + 1, P.EXTRA)
    act(s, "silver")
    assert s.pending == [(P.PLAY,)], "the normal action is still due"
    assert "play 1" in texts(s) and "buy" not in texts(s)


def _name(face: int) -> str:
    from regalia.games.castles_of_burgundy_cards.faces import FACE_NAMES

    return FACE_NAMES[face]


def test_buying_needs_three_silver() -> None:
    s = table()
    s.silver[0] = 2
    at_action(s, 0, 2)
    assert "you need 3 silver to buy (you have 2)" in illegal(s, "buy")


def test_buying_after_the_normal_action_before_ending_the_turn() -> None:
    s = table()
    s.silver[0] = 2
    set_hand(s, 0, "ship-1", "ship-2")
    decide(s, 0)
    act(s, "play 1", "silver")
    assert texts(s) == ["end", "buy"] and s.current_seat == 0
    act(s, "end")
    assert s.current_seat == 1


def test_the_turn_ends_by_itself_when_no_purchase_is_possible() -> None:
    s = table()
    s.silver[0] = 0
    set_hand(s, 0, "ship-1", "ship-2")
    decide(s, 0)
    act(s, "play 1", "silver")
    assert s.current_seat == 1 and s.pending == [(P.PLAY,)]


def test_action_1_wraps_a_6_to_row_1_for_one_worker() -> None:
    """6 and 1 are neighbours: one worker turns a 6 into a 1 [RB, SEED]."""
    s = table()
    s.workers[0] = 1
    set_row(s, 1, "mine-2")
    set_row(s, 4, "ship-4")
    at_action(s, 0, 6)
    assert "take 1 mine-2" in texts(s) and "take 4 ship-4" not in texts(s)
    act(s, "take 1 mine-2")
    assert s.workers[0] == 0 and s.projects[0] == [FACE_INDEX["mine-2"]]


def test_workers_change_the_die_of_a_sale() -> None:
    """A 2 sells light goods; one worker makes it a 3, which sells medium goods [WDE]."""
    s = table()
    s.workers[0] = 1
    set_goods(s, 0, "medium-1vp", "medium-1vp")
    at_action(s, 0, 2)
    act(s, "sell medium")
    assert s.workers[0] == 0 and sum(s.sold_goods[0]) == 2


def test_a_bought_card_kept_as_a_project_with_three_projects_drops_one() -> None:
    """"Remember the 3 card limit!" [RB]: with three projects one of them goes first (A6)."""
    s = table()
    s.silver[0] = 3
    set_projects(s, 0, "mine-1", "ship-3", "castle-6")
    set_hand(s, 0, "ship-1", "ship-2")
    decide(s, 0)
    act(s, "buy")
    kept = s.pending[-1][1]
    act(s, f"keep {_name(kept)} project")
    assert texts(s) == ["drop castle-6", "drop mine-1", "drop ship-3"]
    act(s, "drop ship-3")
    assert len(s.projects[0]) == 3 and kept in s.projects[0]
    assert s.discard_pile[-1] == FACE_INDEX["ship-3"]


def test_an_empty_deck_reshuffles_the_discard_pile_during_a_purchase() -> None:
    """A19: whenever a draw finds the deck empty the discard pile becomes the new deck."""
    s = table()
    s.silver[0] = 3
    set_hand(s, 0, "ship-1", "ship-2")
    pool = s.unrevealed[-1]
    while len(pool) - s.face_down_counts[-1] > 1:
        s.discard_pile.append(FACE_INDEX[pool.pop()])
    discard = list(s.discard_pile)
    decide(s, 0)
    act(s, "buy")
    assert len(s.unrevealed) == 2 and s.reshuffled_discards == [tuple(discard)]
    assert len([f for f in s.pending[-1][1:] if f >= 0]) == 3
    assert s.view(1)["reshuffled"][0] == [_name(f) for f in discard]


def test_the_reach_table_agrees_with_one_worker_per_step_and_the_wrap() -> None:
    from regalia.games.castles_of_burgundy_cards.faces import REACH, die_distance

    for die in range(1, 7):
        for workers in range(4):
            assert REACH[die][workers] == {v for v in range(1, 7)
                                           if die_distance(die, v) <= workers}
    assert REACH[2][2] == {6, 1, 2, 3, 4}  # 2 -> 1 -> 6 costs two workers [RB]
    assert REACH[0][0] == set(range(1, 7))  # a castle's free action takes any die
