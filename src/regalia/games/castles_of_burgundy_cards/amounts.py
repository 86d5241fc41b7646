"""Amounts the rules and cards state: bonuses, costs, limits [RB]."""

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
MINE_SILVER = 2
KNOWLEDGE_WORKERS = 2
BANK_SILVER = 3
# What carpenter's workshop, church and market may take from the display [RB].
CARPENTER_TAKES = (1 << BUILDING) | (1 << KNOWLEDGE)
CHURCH_TAKES = (1 << CASTLE) | (1 << MINE) | (1 << CLOISTER)
MARKET_TAKES = (1 << SHIP) | (1 << PASTURE)
# Action 4 restocks to this many workers; action 6 and a purchase cost this much [RB].
RESTOCK = 2
PER_VP = 3
PURCHASE_COST = 3
PURCHASE_CARDS = 3
PROJECT_LIMIT = 3
# How many recent actions the view's log keeps.
LOG_LENGTH = 16
