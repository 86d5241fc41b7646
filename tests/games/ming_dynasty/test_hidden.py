"""What a seat knows: every card is seen entering and leaving a hand; sealed returns stay
secret until all have chosen."""

from __future__ import annotations

import regalia
from regalia.engine.rng import Rng
from tests.games.ming_dynasty.md_helpers import clear_hands, enter, in_open, on_space, started
from tests.games.ming_dynasty.test_scoring import score


def test_a_card_seen_taken_from_the_display_stays_known_in_that_hand() -> None:
    # Issue 10: determinize keeps what the seat saw; the display is face up (SEED setup), so
    # a card taken from it is known to be in the taker's hand.
    s = started(3)
    clear_hands(s)
    on_space(s, 1, 2)
    enter(s, "take", 1)
    kind = s.display[1]
    s.apply("take 2", 1)
    seen = s.view(0)["players"][1]["hand"]
    assert seen == {("horse", "rickshaw", "junk")[kind]: 1}
    for i in range(20):
        sample = s.determinize(0, Rng(i))
        assert sample.hand[1] == s.hand[1]


def test_counts_option_shows_other_hands_sizes_only() -> None:
    s = regalia.new_game("ming-dynasty", 3, seed=4, hand_memory="counts")
    view = s.view(0)
    assert view["players"][1]["hand"] is None and view["players"][1]["hand_size"] == 1
    assert view["players"][0]["hand"] == {"dragon": 1}


def test_a_sealed_return_total_is_sampled_afresh_for_the_other_seat() -> None:
    s = started(3)
    in_open(s, 0, "1b", 3)
    in_open(s, 1, "1b", 2)
    score(s, 2)
    s.apply("return 2", 0)
    totals = set()
    for i in range(30):
        sample = s.determinize(1, Rng(i))
        assert sample.view(1) == s.view(1)
        totals.add(sample.sealed[0])
    assert totals == {0, 1, 2}, "seat 1 cannot tell which total seat 0 sealed"
