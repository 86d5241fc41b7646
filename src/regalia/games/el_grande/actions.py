"""Every action El Grande can offer, built once: notation, integer code, lookup tables.

Notation (areas are region ids or ``castillo``; colours are seat names)::

    power 13            play a power card            court 4        take 4 Caballeros to court
    recall aragon       take one of yours from a region to court (provinces ran out)
    card 3              take the face-up card of stack 3
    place aragon        put a Caballero from court into an area
    act                 begin the card's special action   done / stop   end the turn / action
    pick red aragon     choose a Caballero to move        to galicia     ...and where it goes
    return red aragon   send a Caballero of that colour to the provinces
    withdraw court      send one of your own (court or region) to your provinces
    score aragon        king galicia   grande seville   scoreboard high aragon
    evict aragon        takeback 7     disk valencia    veto / pass
"""

from __future__ import annotations

from typing import Final

from regalia.engine.actions import Action, ActionTable
from regalia.engine.i18n import N_
from regalia.games.el_grande.edition import GAME_ID, REGION_IDS, SCOREBOARD_IDS

SEAT_NAMES = ("red", "blue", "yellow", "green", "black")  # ids: notation, views, records
# What a person reads (translated where shown): a seat's name, and its colour as a word.
SEAT_TITLES = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Green"), N_("Black"))
COLOUR_WORDS = (N_("red"), N_("blue"), N_("yellow"), N_("green"), N_("black"))
# annotated: mypyc, unlike mypy, cannot infer them through the import cycle with edition.py;
# Final, as the action tables below: compiled code reads a Final from a native static, where
# it looks any other module attribute up by name at every use (the rules read them per decision)
REGIONS: Final[int] = len(REGION_IDS)
CASTILLO: Final[int] = REGIONS  # area index of the Castillo, after the nine regions
AREAS: Final[int] = REGIONS + 1
AREA_IDS = (*REGION_IDS, "castillo")
MAX_SEATS = len(SEAT_NAMES)
MAX_COURT = 30  # a court move never exceeds a colour's Caballeros

TABLE = ActionTable(GAME_ID)
_add = TABLE.add

# POWER[v] and TAKEBACK[v] for the power card of value v (1..13). Index 0 holds a None that
# is never handed out; a tuple type cannot say "None at 0, Action after", hence the ignores.
POWER: Final[tuple[Action, ...]] = (None, *(_add("power", (v,), f"power {v}")  # type: ignore[arg-type]
                                     for v in range(1, 14)))
COURT: Final = tuple(_add("court", (n,), f"court {n}") for n in range(MAX_COURT + 1))
RECALL: Final = tuple(_add("recall", (r,), f"recall {AREA_IDS[r]}") for r in range(REGIONS))
CARD: Final[tuple[Action, ...]] = tuple(_add("card", (k,), f"card {k + 1}") for k in range(5))
PLACE: Final = tuple(_add("place", (a,), f"place {AREA_IDS[a]}") for a in range(AREAS))
ACT: Final = _add("act", (), "act")
DONE: Final = _add("done", (), "done")
STOP: Final = _add("stop", (), "stop")
PICK: Final = tuple(tuple(_add("pick", (c, r), f"pick {SEAT_NAMES[c]} {AREA_IDS[r]}")
                   for r in range(REGIONS)) for c in range(MAX_SEATS))
TO: Final = tuple(_add("to", (a,), f"to {AREA_IDS[a]}") for a in range(AREAS))
RETURN: Final = tuple(tuple(_add("return", (c, r), f"return {SEAT_NAMES[c]} {AREA_IDS[r]}")
                     for r in range(REGIONS)) for c in range(MAX_SEATS))
# index REGIONS = the court
WITHDRAW: Final = (*(_add("withdraw", (r,), f"withdraw {AREA_IDS[r]}") for r in range(REGIONS)),
            _add("withdraw", (REGIONS,), "withdraw court"))
SCORE: Final = tuple(_add("score", (a,), f"score {AREA_IDS[a]}") for a in range(AREAS))
KING: Final = tuple(_add("king", (r,), f"king {AREA_IDS[r]}") for r in range(REGIONS))
GRANDE: Final = tuple(_add("grande", (r,), f"grande {AREA_IDS[r]}") for r in range(REGIONS))
_SCOREBOARD_REGIONS = tuple(
    tuple(_add("scoreboard", (b, r), f"scoreboard {SCOREBOARD_IDS[b]} {AREA_IDS[r]}")
          for r in range(REGIONS)) for b in range(len(SCOREBOARD_IDS)))
EVICT: Final = tuple(_add("evict", (r,), f"evict {AREA_IDS[r]}") for r in range(REGIONS))
TAKEBACK: Final[tuple[Action, ...]] = (None, *(_add("takeback", (v,), f"takeback {v}")  # type: ignore[arg-type]
                                        for v in range(1, 14)))
DISK: Final = tuple(_add("disk", (r,), f"disk {AREA_IDS[r]}") for r in range(REGIONS))
VETO: Final = _add("veto", (), "veto")
PASS: Final = _add("pass", (), "pass")
# Added last so the codes of the actions above stay as they were: a scoreboard onto the
# Castillo (the 1995 rule book). SCOREBOARD[b][area] covers every area.
SCOREBOARD: Final = tuple((*row, _add("scoreboard", (b, CASTILLO),
                               f"scoreboard {SCOREBOARD_IDS[b]} castillo"))
                   for b, row in enumerate(_SCOREBOARD_REGIONS))
