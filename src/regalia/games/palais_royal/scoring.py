"""Final scoring (SEED): nobles' VP, played cards' VP, 1 VP per card in hand (at most 6), and
the four park edges' first and second places."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.state import places_from_keys

if TYPE_CHECKING:
    from regalia.games.palais_royal.state import PalaisState

HAND_CAP = 6  # SEED: each unplayed privilege card 1 VP, at most 6


def edge_counts(s: PalaisState) -> list[list[int]]:
    """Per edge (top, bottom, left, right), each seat's servants on it (corners count on
    both edges they lie on)."""
    out = []
    for spaces in s.d.edge_spaces:
        counts = [0] * s.players
        for sp in spaces:
            m = s.marker[sp]
            if m >= 0:
                counts[m] += 1
        out.append(counts)
    return out


def edge_points(s: PalaisState) -> list[int]:
    """Each seat's park-edge points. Tied players each score the place they tie for and the
    next place is skipped; with ``edge_ties = cardinal`` strength in the Cardinal's room
    (servants and the Cardinal's privilege, as in the rooms' ties) breaks ties."""
    total = [0] * s.players
    for edge in edge_places(s):
        for p, (_place, points) in enumerate(edge):
            total[p] += points
    return total


def edge_places(s: PalaisState) -> list[list[tuple[int, int]]]:
    """Per edge (top, bottom, left, right), each seat's ``(place, points)`` there (place 0:
    no servant on it), as :func:`edge_points` sums them."""
    out = []
    cardinal = s.options["edge_ties"] == "cardinal"
    for counts, (first, second) in zip(edge_counts(s), s.d.edge_points, strict=True):
        keys = [(c, s.lasting_cardinal(p) if cardinal else 0) for p, c in enumerate(counts)]
        places = places_from_keys(keys)
        row = []
        for p, c in enumerate(counts):
            place = places[p] if c else 0
            row.append((place, first if place == 1 else second if place == 2 else 0))
        out.append(row)
    return out


def noble_vp(s: PalaisState, p: int) -> int:
    nobles = s.d.nobles
    return sum(nobles[t].vp for t in s.nobles[p])


def hand_vp(s: PalaisState, p: int) -> int:
    return min(HAND_CAP, sum(s.hand[p]))


def seat_score(s: PalaisState, p: int, edges: list[int]) -> int:
    return noble_vp(s, p) + s.played_vp[p] + hand_vp(s, p) + edges[p]


def breakdown(s: PalaisState, p: int, edges: list[int]) -> dict[str, int]:
    """``edges``: :func:`edge_points` of ``s``, scored once for every seat."""
    return {"nobles": noble_vp(s, p), "played": s.played_vp[p], "hand": hand_vp(s, p),
            "edges": edges[p], "total": seat_score(s, p, edges)}
