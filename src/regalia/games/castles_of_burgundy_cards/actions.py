"""Every action of the game, built once: the ActionTable and fast look-up lists into it.

Notation (``str(action)``), one atomic decision each:

==========================  =================================================================
``play 4``                  play the hand card showing 4 (only its die counts)
``take 2 castle-3``         take a castle showing 3 from display row 2 (action 1, or the
                            carpenter / church / market bonus, which take from any row)
``place castle-3``          put that project into the estate (action 2, castle, city hall)
``sell light``              sell every good of that kind (action 3, warehouse)
``workers`` / ``silver``    restock workers to 2 (action 4) / take 1 silver (action 5)
``convert 2``               turn 6 workers and/or silver into 2 VP (action 6) ...
``pay 4``                   ... paying 4 of them with workers, the rest with silver
``buy``                     pay 3 silver for the top 3 cards of the deck (once a turn)
``keep ship-2 project``     keep that bought card as a project ...
``keep ship-2 action``      ... or discard it for an extra action with its die
``drop mine-5``             discard that project to make room (3-project limit)
``onto 2`` / ``onto new``   put the card being placed on estate pile 2 / a new pile
``goods 1`` / ``animal 2``  take the top card of goods pile 1 / animal pile 2
``bonus 3``                 take option 3 of the round card (a triple was completed)
``end``                     end the turn (offered while a purchase is still possible)
==========================  =================================================================

The integer encoding is the order of the table below; it never depends on the edition.
"""

from __future__ import annotations

from typing import Final

from regalia.engine.actions import Action, ActionTable
from regalia.games.castles_of_burgundy_cards.faces import FACE_NAMES, GOODS_KINDS, N_FACES

GAME_ID = "castles-of-burgundy-cards"
MAX_CONVERT: Final = 60  # VP taken in one conversion (180 workers/silver: beyond any real game)
MAX_PILES: Final = 64    # estate piles a player can name (114 cards cannot make more)
MAX_BONUS: Final = 8     # options on a round card

TABLE = ActionTable(GAME_ID)

# Final: compiled, the rules code reads these lists as native statics, not module attributes.
PLAY: Final[list[Action]] = [TABLE.add("play", (d,), f"play {d}") for d in range(7)[1:]]
PLAY.insert(0, PLAY[0])  # PLAY[d] for d in 1..6
TAKE: Final[list[list[Action]]] = [
    [TABLE.add("take", (r, f), f"take {r} {FACE_NAMES[f]}") for f in range(N_FACES)]
    for r in range(1, 7)]
PLACE: Final[list[Action]] = [TABLE.add("place", (f,), f"place {FACE_NAMES[f]}")
                              for f in range(N_FACES)]
SELL: Final[list[Action]] = [TABLE.add("sell", (g,), f"sell {name}")
                             for g, name in enumerate(GOODS_KINDS)]
WORKERS: Final[Action] = TABLE.add("workers", (), "workers")
SILVER: Final[Action] = TABLE.add("silver", (), "silver")
CONVERT: Final[list[Action]] = [TABLE.add("convert", (n,), f"convert {n}")
                                for n in range(MAX_CONVERT + 1)[1:]]
CONVERT.insert(0, CONVERT[0])  # CONVERT[n] for n in 1..MAX_CONVERT
PAY: Final[list[Action]] = [TABLE.add("pay", (w,), f"pay {w}")
                            for w in range(3 * MAX_CONVERT + 1)]
BUY: Final[Action] = TABLE.add("buy", (), "buy")
KEEP_PROJECT: Final[list[Action]] = [
    TABLE.add("keep", (f, 0), f"keep {FACE_NAMES[f]} project") for f in range(N_FACES)]
KEEP_ACTION: Final[list[Action]] = [
    TABLE.add("keep", (f, 1), f"keep {FACE_NAMES[f]} action") for f in range(N_FACES)]
DROP: Final[list[Action]] = [TABLE.add("drop", (f,), f"drop {FACE_NAMES[f]}")
                             for f in range(N_FACES)]
ONTO_NEW: Final[Action] = TABLE.add("onto", (-1,), "onto new")
ONTO: Final[list[Action]] = [TABLE.add("onto", (i,), f"onto {i + 1}") for i in range(MAX_PILES)]
GOODS: Final[list[Action]] = [TABLE.add("goods", (p,), f"goods {p + 1}") for p in range(2)]
ANIMAL: Final[list[Action]] = [TABLE.add("animal", (p,), f"animal {p + 1}") for p in range(2)]
BONUS: Final[list[Action]] = [TABLE.add("bonus", (i,), f"bonus {i + 1}")
                              for i in range(MAX_BONUS)]
END: Final[Action] = TABLE.add("end", (), "end")
