"""The phases of an El Grande position (what kind of decision is pending), and their names."""

POWER, RECRUIT, RECALL, CARD, MAIN, ACTION, WITHDRAW, SEALED, VETO, OVER = range(10)
NAMES = ("power", "recruit", "recall", "card", "turn", "action", "withdraw", "disk", "veto",
         "over")
# what a sealed disk choice is for
S_SETUP, S_CASTILLO, S_CARD = range(3)
