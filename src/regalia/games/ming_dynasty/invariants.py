"""Conservation laws: every colour's family members, the movement cards, the dragons and the
province tiles are neither made nor lost; counts never go negative; limits hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.ming_dynasty.board import DRAGON, N_DISTRICTS, N_KINDS, N_PROVINCES, TRANSPORTS

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState


def check_invariants(s: MingState) -> None:
    d = s.d
    n = s.players
    c = s.colours
    assert len(s.supply) == c and len(s.boxed) == c and len(s.score) == n
    assert len(s.spaces) == N_PROVINCES and all(len(r) == n for r in s.spaces)
    assert len(s.open) == N_DISTRICTS and all(len(r) == c for r in s.open)
    assert len(s.city) == N_DISTRICTS and all(len(r) == c for r in s.city)
    assert len(s.cloister) == N_DISTRICTS and len(s.prince) == n
    assert len(s.hand) == n and all(len(h) == N_KINDS for h in s.hand)
    assert len(s.tiles) == n and all(len(t) == N_PROVINCES for t in s.tiles)
    for name in ("to_place", "neutral_left", "sealed", "revealed", "owed", "passed"):
        assert len(getattr(s, name)) == n, f"{name} has one entry per seat"
    assert len(s.display) == N_PROVINCES and len(s.deck) == len(TRANSPORTS)
    assert len(s.discard) == len(TRANSPORTS) and len(s.tile_supply) == N_PROVINCES
    for col in range(c):
        on_spaces = sum(r[col] for r in s.spaces) if col < n else 0
        placed = sum(r[col] for r in s.open) + sum(r[col] for r in s.city)
        in_cloisters = sum(1 for x in s.cloister if x == col)
        assert min(r[col] for r in s.open) >= 0 and min(r[col] for r in s.city) >= 0
        assert s.supply[col] >= 0 and s.boxed[col] >= 0
        total = d.family_members if col < n else d.neutral_members
        marker = 1 if col < n else 0
        assert s.supply[col] + on_spaces + placed + in_cloisters + s.boxed[col] + marker \
            == total, f"colour {col}'s family members are not all accounted for"
    for r in s.spaces:
        assert min(r) >= 0, "a negative count on a province space"
    for dist in range(N_DISTRICTS):
        assert sum(s.city[dist]) <= 3, "a district's city section has three houses"
        assert -1 <= s.cloister[dist] < n, "a cloister holds one player's member or none"
    for k in range(len(TRANSPORTS)):
        held = sum(h[k] for h in s.hand)
        shown = sum(1 for x in s.display if x == k)
        assert min(s.deck[k], s.discard[k]) >= 0
        assert held + shown + s.deck[k] + s.discard[k] == d.cards[k], \
            f"the {TRANSPORTS[k]} cards are not all accounted for"
    assert all(-1 <= x < len(TRANSPORTS) for x in s.display)
    assert s.dragons >= 0 and s.dragons + sum(h[DRAGON] for h in s.hand) == d.dragons, \
        "the dragons are not all accounted for"
    for h in s.hand:
        assert min(h) >= 0 and sum(h) <= d.hand_limit, "a hand breaks the hand limit"
    for i in range(N_PROVINCES):
        assert min(t[i] for t in s.tiles) >= 0 and s.tile_supply[i] >= 0
        assert s.tile_supply[i] + sum(t[i] for t in s.tiles) == d.tiles_per_colour, \
            "the province tiles are not all accounted for"
    # a prince passing through another's district stands there while its move goes on
    from regalia.games.ming_dynasty.state import MOVING

    passing = s.cur if s.phase == MOVING else -1
    placed_princes = [x for p, x in enumerate(s.prince) if x >= 0 and p != passing]
    assert len(set(placed_princes)) == len(placed_princes), "two princes share a district"
    assert all(-1 <= x < N_DISTRICTS for x in s.prince)
    assert 0 <= s.start < n and 0 <= s.round <= d.rounds and 0 <= s.province <= N_PROVINCES
