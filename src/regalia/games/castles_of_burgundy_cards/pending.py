"""The decisions a turn is made of: kinds of pending effects kept on an explicit stack.

A turn starts with ``(PLAY,)``. Playing a card replaces it with ``(ACT, die, source)``; an
action or a placement bonus pushes what it still needs (a pile, a project to drop, a castle's
free action, the city hall's second placement, ...). The top of the stack is the decision now
due; when the stack is empty the turn's normal action is done.
"""

from __future__ import annotations

from typing import Final

PLAY: Final = 0       # (PLAY,)              choose the hand card to play
ACT: Final = 1        # (ACT, die, source)   choose one of the six actions (die 0 = any)
TAKE: Final = 2       # (TAKE, type mask)    carpenter / church / market: take from any row
DROP: Final = 3       # (DROP, face)         3 projects: drop one before ``face`` joins them
ESTATE: Final = 4     # (ESTATE, face)       choose the estate pile ``face`` goes on
PLACE_ANY: Final = 5  # (PLACE_ANY,)         city hall: place another project, any die
SELL_ANY: Final = 6   # (SELL_ANY,)          warehouse: sell one kind of goods
GOODS: Final = 7      # (GOODS, n)           take n goods, choosing the pile each time
ANIMALS: Final = 8    # (ANIMALS, n)         take n animals, choosing the pile each time
BOARD: Final = 9      # (BOARD,)             boarding house: one good or one animal
BONUS: Final = 10     # (BONUS,)             a triple was completed: choose the round bonus
KEEP: Final = 11      # (KEEP, f1, f2, f3)   purchase: keep one of the three cards
PAY: Final = 12       # (PAY, n)             convert n VP: how many workers to pay
END: Final = 13       # (END,)               the normal action is done; buy or end the turn

NAMES = ("play", "action", "take", "drop", "estate", "place-any", "sell-any", "goods",
         "animals", "boarding-house", "round-bonus", "keep", "pay", "end")

# Where an ACT comes from: the played card, a castle's free action, a purchased card.
NORMAL: Final = 0
CASTLE_FREE: Final = 1
EXTRA: Final = 2
SOURCE_NAMES = ("card", "castle", "purchase")

# Decisions the engine takes alone when they leave no choice (no option: nothing happens;
# one option: it is taken). Playing a card and choosing an action are always asked.
AUTO: Final = frozenset({TAKE, DROP, ESTATE, PLACE_ANY, SELL_ANY, GOODS, ANIMALS, BOARD, BONUS,
                         KEEP, PAY, END})
