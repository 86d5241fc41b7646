"""The scoring rules as pure functions: district majorities into the city, the city bonus,
sets of province tiles. Colours are indices (the players, then the neutral at two players)."""

from __future__ import annotations

from collections.abc import Sequence


def majority_moves(counts: Sequence[int]) -> list[int]:
    """How many open-area members each colour moves from a district into its city houses.

    EN p5 / SEED 4.1: the sole first moves 2 (1 if it has only 1), a sole second 1; two or
    three tied for first move 1 each and nobody else; four tied move none; several tied for
    second move none (second place always moves fewer than first, and at most three houses)."""
    moves = [0] * len(counts)
    top = max(counts, default=0)
    if top == 0:
        return moves
    firsts = [c for c, n in enumerate(counts) if n == top]
    if len(firsts) >= 4:
        return moves
    if len(firsts) > 1:
        for c in firsts:
            moves[c] = 1
        return moves
    first = firsts[0]
    moves[first] = min(2, top)
    if top >= 2:
        second = max((n for c, n in enumerate(counts) if c != first), default=0)
        seconds = [c for c, n in enumerate(counts) if c != first and n == second]
        if second > 0 and len(seconds) == 1:
            moves[seconds[0]] = 1
    return moves


def bonus_winners(left: Sequence[Sequence[int]], reading: str) -> list[int]:
    """The colours sharing the city bonus; ``left[s][c]`` is colour c's members left in the
    city section of the province's district s (three sections).

    SEED 4.2: most members left in the city; tied, the one with most members in "the largest
    city section" (``own-section``: in any one section of its own; ``fullest-section``: in
    the section holding most members of all); still tied, they share."""
    colours = len(left[0]) if left else 0
    totals = [sum(sec[c] for sec in left) for c in range(colours)]
    top = max(totals, default=0)
    if top == 0:
        return []
    tied = [c for c in range(colours) if totals[c] == top]
    if len(tied) == 1:
        return tied
    if reading == "fullest-section":
        fullest = max(sum(sec) for sec in left)
        sections = [sec for sec in left if sum(sec) == fullest]
        key = [max(sec[c] for sec in sections) for c in range(colours)]
    else:
        key = [max(sec[c] for sec in left) for c in range(colours)]
    best = max(key[c] for c in tied)
    return [c for c in tied if key[c] == best]


def sets_of(tiles: list[int], size: int) -> int:
    """Take as many sets of ``size`` different colours out of ``tiles`` (counts per colour,
    changed in place) as possible, and say how many: always from the largest piles, which
    leaves the most sets."""
    made = 0
    while sum(1 for n in tiles if n) >= size:
        order = sorted(range(len(tiles)), key=lambda c: -tiles[c])[:size]
        for c in order:
            tiles[c] -= 1
        made += 1
    return made
