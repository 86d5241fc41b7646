"""How many decisions a state's history holds, for games that place an event among the moves
without keeping a count on every move (Ming Dynasty's and Palais Royal's events)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regalia.engine.state import State

CHANCE = -1  # (engine.state.CHANCE: the "seat" of chance entries; not imported, no cycle)

# The last history node counted and its count: a history is an immutable linked list, so a
# later count walks back only to it (a scoring notes a dozen events in one decision). One
# tuple, replaced whole: threads may share it.
_last: tuple[Any, int] = (None, 0)


def decisions_made(state: State) -> int:
    """The decisions in ``state``'s history, chance outcomes left out (a determinized sample
    counts from its sampling)."""
    global _last
    node = state._hist
    known, known_count = _last
    count = 0
    while node is not None:
        if node is known:
            count += known_count
            break
        if node[1] != CHANCE:
            count += 1
        node = node[0]
    _last = (state._hist, count)
    return count
