"""The phases of an El Grande position (what kind of decision is pending), and their names."""

from typing import Final

POWER: Final = 0
RECRUIT: Final = 1
RECALL: Final = 2
CARD: Final = 3
MAIN: Final = 4
ACTION: Final = 5
WITHDRAW: Final = 6
SEALED: Final = 7
VETO: Final = 8
OVER: Final = 9
NAMES = ("power", "recruit", "recall", "card", "turn", "action", "withdraw", "disk", "veto",
         "over")
# what a sealed disk choice is for
S_SETUP: Final = 0
S_CASTILLO: Final = 1
S_CARD: Final = 2
