"""The fixed names of the board: electorates, card kinds, card colours, ages and phases.

The edition (edition.toml) gives each electorate its spaces and each card kind its cost,
counts and colour; these names never change, so the action table does not depend on it.
"""

from __future__ import annotations

from typing import Final

# Board order (upper row the three archdioceses, lower row the four secular electorates);
# phase V resolves electorates in this order (rules question A11).
ELECTORATES: Final[tuple[str, ...]] = (
    "mainz", "trier", "koeln", "bohemia", "palatinate", "saxony", "brandenburg")
TITLES = {"mainz": "Archdiocese of Mainz", "trier": "Archdiocese of Trier",
          "koeln": "Archdiocese of Köln", "bohemia": "Kingdom of Bohemia",
          "palatinate": "County Palatine of the Rhine", "saxony": "Duchy of Saxony",
          "brandenburg": "Margraviate of Brandenburg"}
SHORT = {"mainz": "Mainz", "trier": "Trier", "koeln": "Köln", "bohemia": "Bohemia",
         "palatinate": "Palatinate", "saxony": "Saxony", "brandenburg": "Brandenburg"}
MAINZ: Final = 0
TRIER: Final = 1
KOELN: Final = 2
BOHEMIA: Final = 3
PALATINATE: Final = 4
SAXONY: Final = 5
BRANDENBURG: Final = 6
ARCHDIOCESES: Final[tuple[int, ...]] = (MAINZ, TRIER, KOELN)
SECULAR: Final[tuple[int, ...]] = (BOHEMIA, PALATINATE, SAXONY, BRANDENBURG)
N_ELECTORATES: Final = 7

# Card kinds (stacks). Permit is one stack bought for a Baron (3) or a Couple (5).
KINDS: Final[tuple[str, ...]] = (
    "rival", "doctor", "move", "pope", "church", "excommunication", "indulgence", "permit",
    "ordinance", "promotion", "daughter", "knight", "eminence")
KIND_TITLES = {"rival": "Rival", "doctor": "Doctor", "move": "Move", "pope": "The Pope",
               "church": "Church influence", "excommunication": "Excommunication",
               "indulgence": "Indulgence", "permit": "Permit", "ordinance": "Ordinance",
               "promotion": "Promotion", "daughter": "Foreign king's daughter",
               "knight": "Knight", "eminence": "Gray eminence"}
K_RIVAL: Final = 0
K_DOCTOR: Final = 1
K_MOVE: Final = 2
K_POPE: Final = 3
K_CHURCH: Final = 4
K_EXCOMM: Final = 5
K_INDULGENCE: Final = 6
K_PERMIT: Final = 7
K_ORDINANCE: Final = 8
K_PROMOTION: Final = 9
K_DAUGHTER: Final = 10
K_KNIGHT: Final = 11
K_EMINENCE: Final = 12
N_KINDS: Final = 13
# Kinds carried out in phase IV (the only ones the Trier privilege can take when sold out).
PHASE_IV_KINDS: Final[tuple[int, ...]] = (K_DOCTOR, K_MOVE, K_INDULGENCE, K_PERMIT, K_ORDINANCE,
                                          K_PROMOTION, K_DAUGHTER)
COLOURS = ("blue", "red", "white", "none")
BLUE: Final = 0
RED: Final = 1
WHITE: Final = 2
NONE: Final = 3

# Phases as the rule book numbers them; 0 is the setup, 9 the end.
SETUP: Final = 0
INCOME: Final = 1
AGING: Final = 2
DESCENDANTS: Final = 3
ACTIONS: Final = 4
NEW_ELECTORS: Final = 5
ELECTION: Final = 6
EMPEROR: Final = 7
ROUND_END: Final = 8
OVER: Final = 9
PHASE_NAMES: Final[tuple[str, ...]] = (
    "setup", "income", "aging", "descendants", "actions", "new electors", "emperor election",
    "emperor's rights", "round end", "over")

# (``Final``, typed ``tuple[X, ...]``: compiled, a constant that is not is looked up in the
# module's dictionary at each use, and a tuple of a fixed length is boxed again at each use.)
AGES: Final[tuple[int, ...]] = (15, 25, 35, 45)
ROUNDS: Final = 5
TILES: Final = 7      # Baron/Couple tiles per player
KNIGHTS: Final = 3
CITIES: Final = 3
EMPIRE_CITIES: Final = 3
START_THALERS: Final = 7
THALER_CAP: Final = 12
BASE_INCOME: Final = 6
SEAT_COLOURS: Final[tuple[str, ...]] = ("red", "blue", "yellow", "green")
SEAT_LETTERS: Final[tuple[str, ...]] = ("R", "B", "Y", "G")


def tile_name(tile: int) -> str:
    """A tile's notation: its owner's letter and its number, ``B3`` (tiles 1-7 per seat)."""
    return f"{SEAT_LETTERS[tile // TILES]}{tile % TILES + 1}"
