"""Every action of the game, built once: the ActionTable and fast look-up lists into it.

Notation (``str(action)``), one atomic decision each:

=====================  ======================================================================
``prince 2b``          setup: put one's prince into district 2b (takes a tile of province 2)
``neutral 4c``         two players: put a neutral family member into district 4c
``place 3``            phase 1: a family member onto province space 3
``take 3``             phase 2: the display card beside province space 3
``dragon 3``           phase 2: a dragon, sending one's family member on space 3 to the box
``step 2b``            phase 3: move the prince into 2b, paying the border's transport card
``step 2b dragon``     ... paying with a dragon
``stop``               end the move here
``stay horse``         keep the prince where it is, discarding a horse card (or any kind)
``deploy``             one family member from the matching province space into the open area
``deploy cloister``    ... into the district's cloister (ousting another player's member)
``done``               end the deployment
``pass``               leave phase 3 for this round
``return 2``           scoring: the sealed return cards, adding up to 2
``back 2b``            scoring: one of one's city members goes back to district 2b
``neutral back 2b``    two players: the start player sends a neutral member back to 2b
``start 3``            four players: Player 3 becomes the start player
=====================  ======================================================================
"""

from __future__ import annotations

from regalia.engine.actions import Action, ActionTable
from regalia.games.ming_dynasty.board import (
    CARD_KINDS,
    DISTRICT_IDS,
    N_DISTRICTS,
    N_KINDS,
    N_PROVINCES,
)

GAME_ID = "ming-dynasty"
MAX_RETURN = 9   # a city has nine houses: no one returns more

TABLE = ActionTable(GAME_ID)

PRINCE: list[Action] = [TABLE.add("prince", (d,), f"prince {DISTRICT_IDS[d]}")
                        for d in range(N_DISTRICTS)]
NEUTRAL: list[Action] = [TABLE.add("neutral", (d,), f"neutral {DISTRICT_IDS[d]}")
                         for d in range(N_DISTRICTS)]
PLACE: list[Action] = [TABLE.add("place", (p,), f"place {p + 1}") for p in range(N_PROVINCES)]
PLACE_ALL: tuple[Action, ...] = tuple(PLACE)
TAKE: list[Action] = [TABLE.add("take", (p,), f"take {p + 1}") for p in range(N_PROVINCES)]
DRAGON: list[Action] = [TABLE.add("dragon", (p,), f"dragon {p + 1}") for p in range(N_PROVINCES)]
STEP: list[Action] = [TABLE.add("step", (d, False), f"step {DISTRICT_IDS[d]}")
                      for d in range(N_DISTRICTS)]
STEP_DRAGON: list[Action] = [TABLE.add("step", (d, True), f"step {DISTRICT_IDS[d]} dragon")
                             for d in range(N_DISTRICTS)]
STOP: Action = TABLE.add("stop", (), "stop")
STAY: list[Action] = [TABLE.add("stay", (k,), f"stay {CARD_KINDS[k]}") for k in range(N_KINDS)]
DEPLOY: Action = TABLE.add("deploy", (False,), "deploy")
DEPLOY_CLOISTER: Action = TABLE.add("deploy", (True,), "deploy cloister")
DONE: Action = TABLE.add("done", (), "done")
PASS: Action = TABLE.add("pass", (), "pass")
RETURN: list[Action] = [TABLE.add("return", (n,), f"return {n}") for n in range(MAX_RETURN + 1)]
BACK: list[Action] = [TABLE.add("back", (d,), f"back {DISTRICT_IDS[d]}")
                      for d in range(N_DISTRICTS)]
NEUTRAL_BACK: list[Action] = [TABLE.add("neutral_back", (d,), f"neutral back {DISTRICT_IDS[d]}")
                              for d in range(N_DISTRICTS)]
START: list[Action] = [TABLE.add("start", (s,), f"start {s + 1}") for s in range(4)]
