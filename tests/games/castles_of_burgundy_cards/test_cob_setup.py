"""Setup for 1-4 players, the display deal, rounds, turn order and the start player card."""

from __future__ import annotations

import pytest

from regalia.games.castles_of_burgundy_cards.faces import FACE_DIE, FACE_INDEX
from regalia.games.castles_of_burgundy_cards.supply import deck_count
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    clear_table,
    decide,
    new,
    set_goods,
    set_hand,
    texts,
)


@pytest.mark.parametrize(("players", "count"), [(1, 7), (2, 7), (3, 10), (4, 13)])
def test_display_is_dealt_by_rows_then_by_die(players: int, count: int) -> None:
    """Cards 1-6 one per row whatever their die; with 4 players cards 7-12 again; the rest
    beside the row of their own die ("if the last card is a 6, beside display 6") [RB]."""
    s = new(players, seed=11)
    dealt = [FACE_INDEX[m["outcome"]] for m in s.moves() if m.get("chance") == "display"]
    assert len(dealt) == count
    expected: list[list[int]] = [[] for _ in range(6)]
    full = count - count % 6
    for k, f in enumerate(dealt):
        expected[k % 6 if k < full else FACE_DIE[f] - 1].append(f)
    assert s.display == expected
    assert all(len(row) >= count // 6 for row in s.display)


@pytest.mark.parametrize(("players", "workers"), [(1, [1]), (2, [0, 2]), (3, [0, 1, 2]),
                                                  (4, [0, 1, 1, 2])])
def test_start_workers_by_seat(players: int, workers: list[int]) -> None:
    assert new(players).workers == workers


@pytest.mark.parametrize(("players", "workers"), [(2, [0, 1]), (3, [0, 1, 1]),
                                                  (4, [0, 1, 1, 2])])
def test_start_workers_left_first_option(players: int, workers: list[int]) -> None:
    assert new(players, start_workers="left-first").workers == workers


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_storage_hands_and_piles_at_the_start(players: int) -> None:
    s = new(players, seed=5)
    for p in range(players):
        assert s.silver[p] == 1 and sum(s.goods[p]) == 1 and sum(s.animals[p]) == 1
        assert len(s.hands[p]) == 2 and len(s.face_down_piles[p]) == 4
    rest = 18 - players
    assert s.goods_pile_sizes == [rest - rest // 2, rest // 2]
    assert s.animal_pile_sizes == [(20 - players) - (20 - players) // 2, (20 - players) // 2]
    aaron = 25 if players == 1 else 0  # reserved face down, or already revealed
    revealed = 3 if players == 1 else 0  # Aaron's round-A pile is already sorted
    assert deck_count(s) == 114 - 6 * players - s.components.display[players] - aaron
    assert sum(len(c) for _, c in s.aaron_estate) == revealed
    s.check_invariants()


def test_start_player_card_starts_face_up_with_seat_1() -> None:
    s = new(3)
    assert (s.start_card_holder, s.start_card_question_marks, s.round_start_seat,
            s.current_seat) == (0, False, 0, 0)
    assert new(1).start_card_holder == -1, "the start player card is not used solo"


@pytest.mark.parametrize(("players", "stack"), [(1, [3, 1]), (2, [3, 1]), (3, [4, 2, 1]),
                                                (4, [4, 3, 2, 1])])
def test_all_types_cards_removed_by_player_count(players: int, stack: list[int]) -> None:
    assert new(players).all_types_stack == stack
    assert new(players, all_types_by_player_count=False).all_types_stack == [4, 3, 2, 1]


def test_a_round_is_six_turns_in_order_and_the_start_card_passes_left() -> None:
    s = new(3, seed=4)
    seats = []
    while s.round_index == 0:
        if texts(s)[0].startswith("play"):
            seats.append(s.current_seat)
        _one_turn_silver(s)
    assert seats == [0, 1, 2] * 6
    # Nobody sold: the face-up card passes to the left and that player starts [RB].
    assert (s.start_card_holder, s.round_start_seat, s.current_seat) == (1, 1, 1)
    assert all(len(h) == 2 for h in s.hands) and all(len(p) == 4 for p in s.face_down_piles)


def _one_turn_silver(s: object) -> None:
    seat = s.current_seat  # type: ignore[attr-defined]
    act(s, texts(s)[0])  # type: ignore[arg-type]
    act(s, "silver")  # type: ignore[arg-type]
    if s.current_seat == seat and not s.game_over and texts(s) == ["end", "buy"]:  # type: ignore[attr-defined]
        act(s, "end")  # type: ignore[arg-type]


def test_selling_takes_the_start_card_face_down_without_changing_this_rounds_order() -> None:
    s = new(3, seed=4)
    clear_table(s)
    set_hand(s, 0, "castle-1", "castle-2")
    set_hand(s, 1, "mine-1", "mine-2")
    set_hand(s, 2, "ship-5", "ship-6")
    set_goods(s, 2, "dark-1vp")
    decide(s, 0)
    act(s, "play 1", "silver")
    act(s, "play 1", "silver")
    act(s, "play 5", "sell dark")
    assert (s.start_card_holder, s.start_card_question_marks) == (2, True)
    assert s.current_seat == 0, "the turn order of the current round does not change"


def test_the_seller_flips_the_card_and_starts_the_next_round() -> None:
    s = new(2, seed=9)
    s.start_card_holder, s.start_card_question_marks = 1, True
    while s.round_index == 0:
        _one_turn_silver(s)
    assert (s.start_card_holder, s.start_card_question_marks, s.round_start_seat,
            s.current_seat) == (1, False, 1, 1)


def test_a_game_is_five_rounds() -> None:
    s = new(2, seed=3)
    letters = set()
    while not s.is_over():
        letters.add(s.view(None)["round"])
        _one_turn_silver(s)
    assert letters == set("ABCDE")
    assert s.to_move() == () and s.legal_actions(0) == ()


def test_end_of_round_discards_the_display_and_deals_everything_afresh() -> None:
    """End of a round [RB, SEED]: the display's leftovers are discarded, 10 new cards (3
    players) are dealt by rows then by die, the next round card shows, and every player takes
    a new pile of 6 and draws 2 of it."""
    s = new(3, seed=11)
    while not (s.round_index == 0 and s.turn_in_round == 5 and s.order_position == 2):
        _one_turn_silver(s)
    leftovers = sorted(f for row in s.display for f in row)
    _one_turn_silver(s)
    assert s.view(None)["round"] == "B" and s.view(None)["round_cards_left"] == list("CDE")
    # The leftovers went to the discard pile (or, after a reshuffle, into the new deck).
    remembered = s.discard_pile + [f for cards in s.reshuffled_discards for f in cards]
    assert all(remembered.count(f) >= leftovers.count(f) for f in leftovers)
    rows = s.display
    assert sum(len(r) for r in rows) == 10 and all(rows), "the first six went one per row"
    assert all(len(h) == 2 for h in s.hands) and all(len(p) == 4 for p in s.face_down_piles)
    assert s.turn_in_round == 0 and s.view(None)["turn"] == 1
    s.check_invariants()


@pytest.mark.parametrize(("players", "by_row"), [(2, 6), (3, 6), (4, 12)])
def test_the_rulebook_display_deal_with_known_cards(players: int, by_row: int) -> None:
    """[RB] "The first 6 cards are placed one at a time from the top row to the bottom row.
    With 4 players do the same with the next 6 cards. The last card is placed according to
    its die number. If the last card is a 6, place it beside the display-6. With 3 players
    the last 4 cards are placed in this way." Every card below shows a die that differs from
    the row a by-row deal gives it, so the two ways cannot be confused."""
    s = new(players, seed=3)
    clear_table(s)
    by_die = {2: ["ship-6"], 3: ["ship-6", "mine-1", "castle-1", "pasture-3"],
              4: ["ship-6"]}[players]
    row_cards = [f"knowledge-{(k + 1) % 6 + 1}" for k in range(by_row)]  # row r gets die r+1
    s.supply_chance([("display", n) for n in row_cards + by_die])
    s._deal_display()
    for k, name in enumerate(row_cards):
        assert FACE_INDEX[name] in s.display[k % 6]
    for name in by_die:
        assert FACE_INDEX[name] in s.display[FACE_DIE[FACE_INDEX[name]] - 1]
    assert FACE_INDEX["ship-6"] in s.display[5]
    assert sum(len(r) for r in s.display) == s.components.display[players]
