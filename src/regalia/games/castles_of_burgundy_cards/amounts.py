"""Amounts the rules and cards state: bonuses, costs, limits [RB]."""

from typing import Final

from regalia.games.castles_of_burgundy_cards.faces import (
    BUILDING,
    CASTLE,
    CLOISTER,
    KNOWLEDGE,
    MINE,
    PASTURE,
    SHIP,
)

# Placement bonuses printed as symbols on the cards [RB]: amounts of the plain ones.
MINE_SILVER: Final = 2
KNOWLEDGE_WORKERS: Final = 2
BANK_SILVER: Final = 3
# What carpenter's workshop, church and market may take from the display [RB].
CARPENTER_TAKES: Final = (1 << BUILDING) | (1 << KNOWLEDGE)
CHURCH_TAKES: Final = (1 << CASTLE) | (1 << MINE) | (1 << CLOISTER)
MARKET_TAKES: Final = (1 << SHIP) | (1 << PASTURE)
# Action 4 restocks to this many workers; action 6 and a purchase cost this much [RB].
RESTOCK: Final = 2
PER_VP: Final = 3
PURCHASE_COST: Final = 3
PURCHASE_CARDS: Final = 3
PROJECT_LIMIT: Final = 3
# How many recent actions the view's log keeps.
LOG_LENGTH: Final = 16
