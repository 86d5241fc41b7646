"""Ming Dynasty's observation vector: targeted checks per field."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.rl.observations import encoder, squashed
from regalia.rl.observations.ming_dynasty import (
    CARD_KINDS,
    DISTRICT_SCALE,
    MEMBERS,
    RETURN_MAX,
)
from tests.rl.observations.positions import edited, positions, span

GAME = "ming-dynasty"
ENC = encoder(GAME)


def a_middle_view(players: int, seat: int) -> dict[str, Any]:
    for k, state in enumerate(positions(GAME, players, games=1, every=10, seed=6)):
        if k == 4:
            return state.view(seat)
    raise AssertionError("the playout ended too early")


def test_members_in_a_district_are_counted_per_colour_viewer_first() -> None:
    view = a_middle_view(3, seat=1)

    def add(v: dict[str, Any]) -> None:
        v["districts"][4]["open"][0] += 1  # seat 0 is two after the viewer, seat 1

    before = ENC.encode(view, 3)
    assert edited(GAME, view, 3, add) == {"districts"}
    add(view)
    after = ENC.encode(view, 3)
    districts = span(ENC.layout(3), "districts")
    per_district = 4 * 3 + 3
    slot = districts.start + 4 * per_district + 2
    assert [i for i in range(districts.start, districts.stop) if before[i] != after[i]] == [slot]
    assert after[slot] == squashed(view["districts"][4]["open"][0], DISTRICT_SCALE)


def test_the_neutral_family_comes_after_the_seats() -> None:
    view = a_middle_view(2, seat=1)
    x = ENC.encode(view, 2)
    neutral = x[span(ENC.layout(2), "neutral")]
    assert neutral == [view["neutral"]["supply"] / MEMBERS, view["neutral"]["boxed"] / MEMBERS]

    def add(v: dict[str, Any]) -> None:
        v["districts"][0]["city"][2] += 1  # colour 2 is the neutral family

    before = ENC.encode(view, 2)
    add(view)
    after = ENC.encode(view, 2)
    districts = span(ENC.layout(2), "districts")
    assert [i - districts.start for i in range(districts.start, districts.stop)
            if before[i] != after[i]] == [2 * 3 + 2]  # city counts start after open + cloister


def test_a_hand_shown_by_perfect_memory_is_encoded_and_a_hidden_one_is_not() -> None:
    perfect = regalia.new_game(GAME, 3, seed=11)
    counts = regalia.new_game(GAME, 3, seed=11, hand_memory="counts")
    for state in (perfect, counts):
        for _ in range(40):
            seat = state.to_move()[0]
            state.apply(state.legal_actions(seat)[-1], seat)
    layout = ENC.layout(3)
    known_perfect = ENC.encode(perfect.view(0), 3)[span(layout, "hand_known")]
    known_counts = ENC.encode(counts.view(0), 3)[span(layout, "hand_known")]
    assert known_perfect == [1.0, 1.0, 1.0]
    assert known_counts == [1.0, 0.0, 0.0]


def test_a_card_more_in_hand_changes_that_seats_hand() -> None:
    view = a_middle_view(4, seat=0)

    def add(v: dict[str, Any]) -> None:
        hand = v["players"][0]["hand"]
        hand[CARD_KINDS[0]] = hand.get(CARD_KINDS[0], 0) + 1

    assert edited(GAME, view, 4, add) == {"hand"}


def test_the_phase_is_one_hot() -> None:
    view = a_middle_view(2, seat=0)
    phase = ENC.encode(view, 2)[span(ENC.layout(2), "phase")]
    assert sum(phase) == 1.0
    new = "deploy" if view["phase"] != "deploy" else "act"
    assert edited(GAME, view, 2, lambda v: v.__setitem__("phase", new)) == {"phase"}


def test_a_revealed_return_of_every_card_stays_in_range() -> None:
    view = a_middle_view(3, seat=0)
    view["players"][1]["revealed"] = RETURN_MAX  # the sum of all the return cards
    x = ENC.encode(view, 3)
    returns = x[span(ENC.layout(3), "return")]
    assert returns[1 * 3 + 2] == 1.0  # seat 1 comes right after the viewer, seat 0
    assert max(x) <= 1.0
