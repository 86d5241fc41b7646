"""In the Shadow of the Emperor's observation vector: targeted checks per field."""

from __future__ import annotations

from typing import Any

from regalia.games.shadow_of_the_emperor.board import THALER_CAP
from regalia.rl.observations import encoder, squashed
from regalia.rl.observations.shadow_of_the_emperor import ASKING, TILE, electorate_length
from tests.rl.observations.positions import edited, positions, span

GAME = "shadow-of-the-emperor"
ENC = encoder(GAME)


def a_middle_view(players: int, seat: int) -> dict[str, Any]:
    for k, state in enumerate(positions(GAME, players, games=1, every=10, seed=8)):
        if k == 5:
            return state.view(seat)
    raise AssertionError("the playout ended too early")


def test_thalers_are_listed_viewer_first() -> None:
    for seat in range(3):
        view = a_middle_view(3, seat)
        thalers = ENC.encode(view, 3)[span(ENC.layout(3), "thalers")]
        assert thalers == [squashed(view["seats"][(seat + k) % 3]["thalers"], THALER_CAP)
                           for k in range(3)]


def test_an_aristocrat_more_counts_for_its_owner_at_its_age() -> None:
    view = a_middle_view(4, seat=3)

    def add(v: dict[str, Any]) -> None:
        v["electorates"][5]["aristocrats"].append(
            {"tile": "R7", "seat": 0, "age": 25, "couple": False})

    before = ENC.encode(view, 4)
    assert edited(GAME, view, 4, add) == {"electorates"}
    add(view)
    after = ENC.encode(view, 4)
    block = span(ENC.layout(4), "electorates")
    start = block.start + 5 * electorate_length(4) + 2 + TILE + 4
    per_seat = 4 + 5
    slot = start + 1 * per_seat + 1  # seat 0 comes right after the viewer, seat 3; age 25
    assert [i for i in range(block.start, block.stop) if before[i] != after[i]] == [slot]


def test_a_sealed_vote_shows_as_cast_and_only_its_owner_sees_which() -> None:
    state = next(s for s in positions(GAME, 4, games=10, every=1, seed=20)
                 if s.view(None)["asking"] == "vote" and len(s.to_move()) > 1)
    voter, waiting = state.to_move()[:2]
    state.apply(state.legal_actions(voter)[0], voter)
    election = span(ENC.layout(4), "election")
    mine = ENC.encode(state.view(voter), 4)[election]
    theirs = ENC.encode(state.view(waiting), 4)[election]
    voted, own_vote = 14, 14 + 4
    assert mine[voted] == 1.0 and sum(mine[own_vote:own_vote + 2]) == 1.0
    assert theirs[voted + (voter - waiting) % 4] == 1.0  # cast ...
    assert sum(theirs[own_vote:own_vote + 2]) == 0.0  # ... but which way stays sealed


def test_the_decision_asked_is_one_hot() -> None:
    view = a_middle_view(2, seat=0)
    asking = ENC.encode(view, 2)[span(ENC.layout(2), "asking")]
    assert asking[ASKING.index(view["asking"])] == 1.0 and sum(asking) == 1.0


def test_kept_cards_are_counted_per_kind() -> None:
    view = a_middle_view(3, seat=1)

    def keep(v: dict[str, Any]) -> None:
        kept = v["seats"][2]["kept"]
        kept["doctor"] = kept.get("doctor", 0) + 1

    assert edited(GAME, view, 3, keep) == {"kept"}
