"""Majority scoring of one area: places, the tie rule, player-count variants and bonuses.

Ties (RB p6): tied players "slide back one place". Walking groups of equal count from the
top at place p, a single player takes place p and the next group starts at p + 1; a tied
group (of any size) each gets the value of place p + 1 and the next group starts at p + 2.
RB example a (5/3/1; R4 B4 Y4 G3 -> 3, 3, 3, 1) needs the group to use only two places.

Player counts (SEED): 4-5 players score three places; 3 players two (a tie for 1st takes the
2nd value, a tie for 2nd the 3rd value, 3rd place nothing); 2 players only 1st (a tie for
1st, nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

KING_BONUS = 2  # RB p6, SEED 国王分数
GRANDE_BONUS = 2  # RB p6, SEED 家乡区域计分


def place_tables(values: Sequence[int], players: int,
                 first_only: bool = False) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(value of a lone player at place 1..3, value each of a tied group starting there)."""
    v1, v2, v3 = values
    if first_only or players == 2:
        return (v1, 0, 0), (0, 0, 0)
    if players == 3:
        return (v1, v2, 0), (v2, v3, 0)
    return (v1, v2, v3), (v2, v3, 0)


def award(counts: Sequence[int], values: Sequence[int], players: int,
          first_only: bool = False) -> tuple[list[int], int]:
    """Points per seat for one area by majority, and the sole first-place seat (or -1)."""
    points = [0] * players
    lone, tied = place_tables(values, players, first_only)
    levels = sorted({c for c in counts if c > 0}, reverse=True)
    place = 0  # 0-based
    first = -1
    for level in levels:
        if place > 2:
            break
        group = [s for s in range(players) if counts[s] == level]
        if len(group) == 1:
            points[group[0]] = lone[place]
            if place == 0:
                first = group[0]
            place += 1
        else:
            value = tied[place]
            for s in group:
                points[s] = value
            place += 2
    return points, first
