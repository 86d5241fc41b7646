"""The deck's unrevealed cards held as bytes behave as the list of names they stand for: the
order after a draw, a sort and a shuffle is the list's, so every seeded game stays the same."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX, FACE_NAMES
from regalia.games.castles_of_burgundy_cards.pool import Pool
from tests.games.castles_of_burgundy_cards.cob_helpers import new

names = st.lists(st.sampled_from(FACE_NAMES), max_size=40)


@given(names, st.integers(min_value=0, max_value=2**32))
def test_a_pool_keeps_the_order_a_list_of_names_would(cards: list[str], seed: int) -> None:
    pool, as_list = Pool(cards), list(cards)
    assert list(pool) == as_list and len(pool) == len(as_list)
    rng = Rng(seed)
    while as_list:
        i = rng.below(len(as_list))
        name = as_list[i]
        assert pool[i] == name and pool.count(name) == as_list.count(name)
        as_list.remove(name)  # the first copy, wherever the drawn one lay
        pool.remove(name)
        assert list(pool) == as_list


@given(names, st.integers(min_value=0, max_value=2**32))
def test_sorting_and_shuffling_a_pool_is_sorting_and_shuffling_its_names(
        cards: list[str], seed: int) -> None:
    pool, as_list = Pool(cards), list(cards)
    pool.sort()
    as_list.sort()
    assert list(pool) == as_list
    pool.shuffle(Rng(seed))
    Rng(seed).shuffle(as_list)
    assert list(pool) == as_list
    if as_list:
        assert pool.pop_face(0) == FACE_INDEX[as_list.pop(0)]
        assert list(pool) == as_list


def test_a_draw_is_recorded_by_the_card_name_and_saves_keep_names() -> None:
    s = new(2, seed=3)
    assert State.from_json(s.to_json()).unrevealed == s.unrevealed
    saved = s.to_dict()["state"]["unrevealed"]
    assert saved == [list(pool) for pool in s.unrevealed] and isinstance(saved[0][0], str)
    deck = s.unrevealed[-1]
    before = list(deck)
    face = deck.draw_face(s, "display")
    assert s.to_dict()["history"][-1] == [-1, "display", FACE_NAMES[face]]  # a name, as ever
    first = before.index(FACE_NAMES[face])
    assert list(deck) == before[:first] + before[first + 1:]
