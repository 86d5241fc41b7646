"""Palais Royal's observation vector: targeted checks per field."""

from __future__ import annotations

from typing import Any

from regalia.rl.observations import encoder, squashed
from regalia.rl.observations.palais_royal import CARD_IDS, GOLD_SCALE, SERVANTS, SPACE_LENGTH
from tests.rl.observations.positions import edited, positions, span

GAME = "palais-royal"
ENC = encoder(GAME)


def a_middle_view(players: int, seat: int) -> dict[str, Any]:
    for k, state in enumerate(positions(GAME, players, games=1, every=10, seed=3)):
        if k == 5:
            return state.view(seat)
    raise AssertionError("the playout ended too early")


def test_servants_in_a_room_are_counted_for_their_seat() -> None:
    view = a_middle_view(3, seat=2)

    def add(v: dict[str, Any]) -> None:
        v["rooms"]["mint"][2] += 1

    before = ENC.encode(view, 3)
    assert edited(GAME, view, 3, add) == {"rooms"}
    add(view)
    after = ENC.encode(view, 3)
    rooms = span(ENC.layout(3), "rooms")
    mint = 2  # parade, stairs, mint, ...
    assert [i - rooms.start for i in range(rooms.start, rooms.stop)
            if before[i] != after[i]] == [mint * 3 + 0]  # the viewer's own slot
    assert after[rooms.start + mint * 3] * SERVANTS == view["rooms"]["mint"][2]


def test_gold_is_listed_viewer_first() -> None:
    for seat in range(4):
        view = a_middle_view(4, seat)
        gold = ENC.encode(view, 4)[span(ENC.layout(4), "gold")]
        assert gold == [squashed(view["seats"][(seat + k) % 4]["gold"], GOLD_SCALE)
                        for k in range(4)]


def test_enlisting_a_noble_empties_its_park_space() -> None:
    view = a_middle_view(2, seat=0)
    k = next(i for i, sp in enumerate(view["park"]["spaces"]) if sp["noble"] is not None)
    x = ENC.encode(view, 2)
    park = span(ENC.layout(2), "park")
    assert x[park.start + k * (SPACE_LENGTH + 2)] == 1.0

    def enlist(v: dict[str, Any]) -> None:
        v["park"]["spaces"][k]["noble"] = None

    assert edited(GAME, view, 2, enlist) == {"park"}


def test_the_own_hand_is_encoded_and_others_only_counted() -> None:
    view = a_middle_view(3, seat=1)
    hand = ENC.encode(view, 3)[span(ENC.layout(3), "own_hand")]
    own = view["seats"][1]["hand"]
    assert [CARD_IDS[i] for i, v in enumerate(hand) if v] == [c for c in CARD_IDS if c in own]
    assert view["seats"][2]["hand"] is None

    def one_more(v: dict[str, Any]) -> None:
        v["seats"][2]["hand_count"] += 1

    assert edited(GAME, view, 3, one_more) == {"hand_count"}


def test_the_castle_layout_is_encoded_cell_by_cell() -> None:
    view = a_middle_view(2, seat=1)

    def swap(v: dict[str, Any]) -> None:
        rows = v["layout"]
        rows[0][0], rows[2][2] = rows[2][2], rows[0][0]

    assert edited(GAME, view, 2, swap) == {"layout"}
