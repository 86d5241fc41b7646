"""The nine castle rooms, their grid, adjacency, and the park's space names.

Rooms are numbered in turn-step order (the Parade ground first); a layout lists the room in each
cell of the 3 x 3 grid, row by row. Moves are orthogonal; a diagonal-movement noble adds the
diagonal neighbours.
"""

from __future__ import annotations

from typing import Final

ROOMS = ("parade", "stairs", "mint", "king", "pompadour", "office", "backdoor", "cardinal",
         "gate")
ROOM_TITLES = ("Parade ground", "Stairway", "Mint", "King's chamber", "Madame de Pompadour",
               "Office", "Back door", "Cardinal", "Gate")
PARADE: Final = 0
STAIRS: Final = 1
MINT: Final = 2
KING: Final = 3
POMPADOUR: Final = 4
OFFICE: Final = 5
BACKDOOR: Final = 6
CARDINAL: Final = 7
GATE: Final = 8
ROOM_INDEX = {name: i for i, name in enumerate(ROOMS)}
# Rooms whose sole majority gives a bonus (SEED: Office, Back door, Cardinal have none).
BONUS_ROOMS = (PARADE, STAIRS, MINT, KING, POMPADOUR)

MAX_SIDE = 8          # the largest park side an edition may give (the action table is fixed)
COLUMNS = "abcdefgh"


def cell_neighbours(cell: int, diagonal: bool) -> list[int]:
    r, c = divmod(cell, 3)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (dr and dc and not diagonal):
                continue
            rr, cc = r + dr, c + dc
            if 0 <= rr < 3 and 0 <= cc < 3:
                out.append(rr * 3 + cc)
    return out


# [diagonal][cell]: the cells one move away (every new game links its shuffled rooms).
NEIGHBOUR_CELLS = tuple(tuple(tuple(cell_neighbours(cell, diagonal)) for cell in range(9))
                        for diagonal in (False, True))


def adjacency(layout: list[int], diagonal: bool) -> tuple[tuple[int, ...], ...]:
    """Per room, the rooms one move away in this layout."""
    # Built with map (no comprehension): every new game links its rooms, twice.
    near = NEIGHBOUR_CELLS[diagonal]
    in_cell = layout.__getitem__
    by_room = sorted(range(9), key=in_cell)  # the cells in room order
    return tuple(tuple(sorted(map(in_cell, near[cell]))) for cell in by_room)


def space_name(space: int, columns: int) -> str:
    """A park space as a board gamer reads it: column letter, row number ("c4")."""
    r, c = divmod(space, columns)
    return f"{COLUMNS[c]}{r + 1}"
