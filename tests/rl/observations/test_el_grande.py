"""El Grande's observation vector: targeted checks that each visible thing reaches its field."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.rl.observations import encoder, squashed
from regalia.rl.observations.el_grande import CABALLEROS, SCORE_SCALE
from tests.rl.observations.positions import edited, positions, span

GAME = "el-grande"
ENC = encoder(GAME)


def a_middle_view(players: int, seat: int) -> dict[str, Any]:
    for k, state in enumerate(positions(GAME, players, games=1, every=10, seed=4)):
        if k == 6:
            return state.view(seat)
    raise AssertionError("the playout ended too early")


def test_a_caballero_more_in_a_region_changes_that_areas_count_for_that_seat() -> None:
    view = a_middle_view(4, seat=1)

    def add(v: dict[str, Any]) -> None:
        v["regions"][3]["caballeros"][2] += 1  # seat 2 is the viewer's next seat

    assert edited(GAME, view, 4, add) == {"caballeros"}
    before = ENC.encode(view, 4)
    view["regions"][3]["caballeros"][2] += 1
    after = ENC.encode(view, 4)
    cab = span(ENC.layout(4), "caballeros")
    diff = [i - cab.start for i in range(cab.start, cab.stop) if before[i] != after[i]]
    assert diff == [3 * 4 + 1]  # area 3, relative seat 1
    assert after[cab.start + 3 * 4 + 1] * CABALLEROS == view["regions"][3]["caballeros"][2]


def test_the_viewers_own_numbers_come_first() -> None:
    for seat in range(3):
        view = a_middle_view(3, seat)
        x = ENC.encode(view, 3)
        scores = x[span(ENC.layout(3), "score")]
        expected = [squashed(view["seats"][(seat + k) % 3]["score"], SCORE_SCALE)
                    for k in range(3)]
        assert scores == expected
        court = x[span(ENC.layout(3), "court")]
        assert court[0] * CABALLEROS == view["seats"][seat]["court"]


def test_the_own_hand_is_encoded_and_the_others_are_not() -> None:
    view = a_middle_view(4, seat=0)
    hand = ENC.encode(view, 4)[span(ENC.layout(4), "own_hand")]
    assert [v for v in range(1, 14) if hand[v - 1]] == view["seats"][0]["hand"]
    assert edited(GAME, view, 4, lambda v: v["seats"][0]["hand"].pop()) == {"own_hand"}


def test_moving_the_king_changes_the_king_field() -> None:
    view = a_middle_view(2, seat=0)
    other = "galicia" if view["king"] != "galicia" else "aragon"
    assert edited(GAME, view, 2, lambda v: v.__setitem__("king", other)) == {"king"}


def test_a_played_power_card_is_public() -> None:
    state = regalia.new_game(GAME, 3, seed=2)
    while state.view(0)["phase"] != "power":
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    bidder = state.to_move()[0]
    watcher = (bidder + 1) % 3
    before = ENC.encode(state.view(watcher), 3)
    card = state.legal_actions(bidder)[-1]
    state.apply(card, bidder)
    after = ENC.encode(state.view(watcher), 3)
    played = span(ENC.layout(3), "power_played")
    value = state.view(watcher)["seats"][bidder]["power_card"]
    slot = played.start + 2 * 13 + value - 1  # the bidder sits just before the watcher
    assert before[slot] == 0.0 and after[slot] == 1.0


def test_a_sealed_disk_shows_its_region_to_its_owner_only() -> None:
    state = regalia.new_game(GAME, 3, seed=5)
    assert state.view(0)["phase"] == "setup-disk"
    action = state.legal_actions(0)[2]
    state.apply(action, 0)
    layout = ENC.layout(3)
    own = ENC.encode(state.view(0), 3)
    assert sum(own[span(layout, "own_disk")]) == 1.0
    assert own[span(layout, "disks")][:2] == [0.0, 1.0]  # the viewer has chosen
    seen_by_next = ENC.encode(state.view(1), 3)
    assert sum(seen_by_next[span(layout, "own_disk")]) == 0.0
    assert seen_by_next[span(layout, "disks")][4:6] == [0.0, 1.0]  # seat 0 is third from 1


def test_turned_up_cards_leave_the_unrevealed_counts() -> None:
    view = a_middle_view(4, seat=3)

    def reveal(v: dict[str, Any]) -> None:
        stack = v["unrevealed"][0]
        card = next(iter(stack))
        stack[card] -= 1

    assert edited(GAME, view, 4, reveal) == {"unrevealed"}
