"""Every action of the game, built once: the ActionTable and fast look-up lists into it.

Notation (``str(action)``), one atomic decision each:

============================  ===============================================================
``place mint``                setup: put one of the five free servants into a room
``recruit``                   Parade ground: one servant from the play area onto the Gate
``recruit from office``       ... taken from a room, when the play area is empty
``move stairs mint``          Stairway: one move of one own servant to a neighbouring room
``extra king``                majority bonus: one more servant into the King's chamber
``extra pompadour from mint`` ... taken from a room, when the play area is empty
``enlist c4``                 enlist the noble on park space c4 (column c, row 4)
``leave area`` / ``leave gate``  where the servant left on an edge space comes from
``draw``                      Back door: draw one card per servant there (plus bonuses)
``keep gold``                 keep one drawn card of that kind (a Back-door servant goes home)
``play moves``                 play a privilege card from hand (named by its effect)
``done``                      end the current step (it is optional) or the turn
``mint``                      step 3: take the Mint's gold (rules version 3: optional)
``end``                       end the turn now, skipping its remaining steps (steps 1-4)
============================  ===============================================================

``mint`` and ``end`` came with rules version 3 and are the last two codes of the table, so the
codes of the others (and encodings built on them) did not move.

Card kinds are named by their effect word (``gold``, ``turquoise``, ...), which the edition fixes
one per kind, so the table never depends on the edition. Park spaces run up to 8 x 8.
"""

from __future__ import annotations

from typing import Final

from regalia.engine.actions import Action, ActionTable
from regalia.games.palais_royal.rooms import COLUMNS, MAX_SIDE, ROOMS

GAME_ID = "palais-royal"
# The nine card effects, one per kind (edition.py checks every kind has a distinct one).
EFFECTS: Final[tuple[str, ...]] = ("gold", "turquoise", "purple", "moves", "gate", "office",
                                   "backdoor", "cardinal", "prestige")
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECTS)}

TABLE: Final = ActionTable(GAME_ID)

PLACE: Final[list[Action]] = [TABLE.add("place", (r,), f"place {ROOMS[r]}") for r in range(9)]
RECRUIT: Final = TABLE.add("recruit", (-1,), "recruit")
RECRUIT_FROM: Final[list[Action]] = [TABLE.add("recruit", (r,), f"recruit from {ROOMS[r]}")
                              for r in range(9)]
MOVE: Final[list[list[Action | None]]] = [
    [None if a == b else TABLE.add("move", (a, b), f"move {ROOMS[a]} {ROOMS[b]}")
     for b in range(9)] for a in range(9)]
# EXTRA[room] / EXTRA_FROM[room][source] for room in (king, pompadour)
EXTRA: Final[dict[int, Action]] = {}
EXTRA_FROM: Final[dict[int, list[Action]]] = {}
for _room in (3, 4):
    EXTRA[_room] = TABLE.add("extra", (_room, -1), f"extra {ROOMS[_room]}")
    EXTRA_FROM[_room] = [TABLE.add("extra", (_room, r), f"extra {ROOMS[_room]} from {ROOMS[r]}")
                         for r in range(9)]
ENLIST: Final[list[Action]] = [
    TABLE.add("enlist", (r * MAX_SIDE + c,), f"enlist {COLUMNS[c]}{r + 1}")
    for r in range(MAX_SIDE) for c in range(MAX_SIDE)]
LEAVE_AREA: Final = TABLE.add("leave", (-1,), "leave area")
LEAVE: Final[list[Action]] = [TABLE.add("leave", (r,), f"leave {ROOMS[r]}") for r in range(9)]
DRAW: Final = TABLE.add("draw", (), "draw")
KEEP: Final[list[Action]] = [TABLE.add("keep", (k,), f"keep {e}") for k, e in enumerate(EFFECTS)]
PLAY: Final[list[Action]] = [TABLE.add("play", (k,), f"play {e}") for k, e in enumerate(EFFECTS)]
DONE: Final = TABLE.add("done", (), "done")
# Rules version 3 (appended: the codes above stay as they were).
MINT: Final = TABLE.add("mint", (), "mint")
END: Final = TABLE.add("end", (), "end")

# The rules read an action through these, by its code: its kind as a number and its first
# two arguments as ints (0 where it has none). Compiled, that is a list index instead of
# comparing strings and unboxing the arguments tuple of every action applied.
KINDS: Final[tuple[str, ...]] = ("place", "recruit", "move", "extra", "enlist", "leave", "draw",
                                 "keep", "play", "done", "mint", "end")
K_PLACE: Final = 0
K_RECRUIT: Final = 1
K_MOVE: Final = 2
K_EXTRA: Final = 3
K_ENLIST: Final = 4
K_LEAVE: Final = 5
K_DRAW: Final = 6
K_KEEP: Final = 7
K_PLAY: Final = 8
K_DONE: Final = 9
K_MINT: Final = 10
K_END: Final = 11
KIND_OF: Final[list[int]] = [KINDS.index(a.kind) for a in TABLE]
FIRST_ARG: Final[list[int]] = [a.args[0] if a.args else 0 for a in TABLE]
SECOND_ARG: Final[list[int]] = [a.args[1] if len(a.args) > 1 else 0 for a in TABLE]


def move_action(source: int, target: int) -> Action:
    """The move of one servant between two different rooms."""
    action = MOVE[source][target]
    if action is None:
        raise ValueError("a move goes to another room")
    return action


def enlist_action(space: int, columns: int) -> Action:
    """The enlist action of a park space numbered row by row in a park ``columns`` wide."""
    r, c = divmod(space, columns)
    return ENLIST[r * MAX_SIDE + c]


def enlist_space(action: Action, columns: int) -> int:
    r, c = divmod(action.args[0], MAX_SIDE)
    return r * columns + c


def _number(action: Action) -> int:
    """The number a player types for ``action`` (see ``NUMBERS``)."""
    kind, args = action.kind, action.args
    if kind == "done":
        return 0
    if kind == "place":
        return args[0] + 1
    if kind == "recruit":  # into the Gate (room 9), from the play area or a room
        return 9 if args[0] < 0 else 10 * (args[0] + 1) + 9
    if kind == "move":
        return 10 * (args[0] + 1) + args[1] + 1
    if kind == "extra":
        room, source = args
        return room + 1 if source < 0 else 10 * (source + 1) + room + 1
    if kind == "enlist":  # column digit then row digit: c4 is 34
        r, c = divmod(args[0], MAX_SIDE)
        return 10 * (c + 1) + r + 1
    if kind == "leave":
        return 10 if args[0] < 0 else args[0] + 1
    if kind == "draw":
        return 7  # the Back door's room number
    if kind == "mint":
        return 3  # the Mint's room number
    if kind == "end":
        return 99  # no move ("ab" with a != b), space (at most 88) or card (101-109)
    if kind == "keep":
        return args[0] + 1
    return 101 + args[0]  # play


# Stable numbers for typing an action (``State.action_numbers``). Rooms are 1-9 in turn
# order (1 Parade ground ... 9 Gate; the board shows them); a servant going into a room is
# that room's number, one going from room a to room b is "ab" (move 2 -> 3 is 23, a recruit
# from the Office onto the Gate 69, a bonus servant from the Mint into the King's chamber
# 34); the play area as the source of an edge servant is 10; a park space is its column digit
# then its row (c4 is 34); the draw is 7 (the Back door); a card kind kept is its number 1-9
# (EFFECTS order), a card played 101-109; done is 0, the Mint's gold 3 (its room), the end
# of the turn 99. Unique among the actions of any step.
NUMBERS: tuple[int, ...] = tuple(_number(a) for a in TABLE)
