"""The Castles of Burgundy card game's observation vector: targeted checks per field."""

from __future__ import annotations

from typing import Any

from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX
from regalia.rl.observations import encoder, squashed
from regalia.rl.observations.castles_of_burgundy_cards import COPIES, SCALES
from tests.rl.observations.positions import edited, positions, span

GAME = "castles-of-burgundy-cards"
ENC = encoder(GAME)


def a_middle_view(players: int, seat: int) -> dict[str, Any]:
    for k, state in enumerate(positions(GAME, players, games=1, every=10, seed=2)):
        if k == 5:
            return state.view(seat)
    raise AssertionError("the playout ended too early")


def test_the_own_hand_is_counted_per_face() -> None:
    view = a_middle_view(3, seat=1)
    hand = view["seats"][1]["hand"]
    assert hand, "a hand to look at"
    x = ENC.encode(view, 3)[span(ENC.layout(3), "own_hand")]
    for card in hand:
        assert x[FACE_INDEX[card]] == hand.count(card) / COPIES
    assert sum(x) * COPIES == len(hand)


def test_silver_and_workers_are_the_viewers_first() -> None:
    for seat in range(4):
        view = a_middle_view(4, seat)
        x = ENC.encode(view, 4)
        silver = x[span(ENC.layout(4), "silver")]
        assert silver == [squashed(view["seats"][(seat + k) % 4]["silver"], SCALES["silver"])
                          for k in range(4)]


def test_a_card_more_in_the_display_changes_the_display_only() -> None:
    view = a_middle_view(2, seat=0)
    assert edited(GAME, view, 2, lambda v: v["display"][2].append("castle-3")) == {"display"}


def test_another_seats_project_lands_in_its_own_slice() -> None:
    view = a_middle_view(3, seat=2)

    def add(v: dict[str, Any]) -> None:
        v["seats"][0]["projects"].append("mine-4")

    before = ENC.encode(view, 3)
    assert edited(GAME, view, 3, add) == {"projects"}
    add(view)
    after = ENC.encode(view, 3)
    projects = span(ENC.layout(3), "projects")
    changed = [i - projects.start for i in range(projects.start, projects.stop)
               if before[i] != after[i]]
    assert changed == [84 * 1 + FACE_INDEX["mine-4"]]  # seat 0 follows the viewer, seat 2


def test_the_pending_decision_kind_is_one_hot() -> None:
    view = a_middle_view(2, seat=0)
    due = view["pending"]
    assert due is not None
    pending = ENC.encode(view, 2)[span(ENC.layout(2), "pending")]
    assert sum(pending[:14]) == 1.0

    def other(v: dict[str, Any]) -> None:
        v["pending"] = {"kind": "pay", "seat": 0, "vp": 3, "stack": ["pay"], "bought": True}

    assert "pending" in edited(GAME, view, 2, other)


def test_the_solo_game_encodes_aaron() -> None:
    view = a_middle_view(1, seat=0)
    assert edited(GAME, view, 1, lambda v: v["aaron"].__setitem__("score", 7)) == {"aaron"}
