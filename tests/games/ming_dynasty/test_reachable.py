"""The view's reachable districts: the walk that visits each (district, cards left) once finds
what trying every order of the cards finds."""

from __future__ import annotations

import regalia
from regalia.engine import Rng
from regalia.games.ming_dynasty.board import DRAGON


def every_order(s: object, seat: int) -> list[int]:
    """Each path of cards tried in turn (the walk as it was first written)."""
    start = s.prince[seat]  # type: ignore[attr-defined]
    if start < 0:
        return []
    found: set[int] = set()

    def walk(district: int, hand: list[int]) -> None:
        for q, t in s.d.neighbours[district]:  # type: ignore[attr-defined]
            for kind in (t, DRAGON):
                if hand[kind]:
                    hand[kind] -= 1
                    if not s.occupied(q, seat):  # type: ignore[attr-defined]
                        found.add(q)
                    walk(q, hand)
                    hand[kind] += 1

    walk(start, list(s.hand[seat]))  # type: ignore[attr-defined]
    return sorted(found)


def test_reachable_matches_trying_every_order() -> None:
    compared = nonempty = 0
    for players in (2, 4, 5):
        if players not in regalia.get_game("ming-dynasty").player_counts:
            continue
        state = regalia.new_game("ming-dynasty", players, seed=players)
        rng = Rng(players)
        while movers := state.to_move():
            for seat in range(players):
                got = state.reachable(seat)  # type: ignore[attr-defined]
                assert got == every_order(state, seat)
                compared += 1
                nonempty += bool(got)
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
    assert compared > 500 and nonempty > 100
