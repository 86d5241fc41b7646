"""Every action of the game, built once: the ActionTable and look-up lists into it.

Notation (``str(action)``), one atomic decision each; ``E`` is an electorate (``mainz``,
``trier``, ``koeln``, ``bohemia``, ``palatinate``, ``saxony``, ``brandenburg``), ``T`` a tile
(``B3``: Blue's third Baron/Couple tile), ``S`` a seat letter (R, B, Y, G):

===============================  ============================================================
``empire E`` / ``empire E F``    put an empire city on E (setup, phase VII) / move one E -> F
``elector E``                    setup: the 45-year-old Baron onto E's empty elector space
``to E`` / ``to E bump S``       put the tile being placed on an aristocrat space of E (on a
                                 free one, or pushing S's knight off when none is free)
``knight new`` / ``knight from E``  phase IV, 1 thaler: a knight from supply, or the own
                                 knight on E (``knight from E castle``), to be put next ...
``knight E`` / ``knight E castle``  ... onto E's free aristocrat / castle space (at setup at
                                 once, from supply)
``buy doctor`` ...               buy a card (``buy permit baron`` / ``buy permit couple``)
``trier doctor`` ...             Trier: the action of a sold-out stack
``koeln`` / ``palatinate``       use that elector's privilege
``younger T`` / ``older T``      Doctor or Köln: a tile one life stage younger / older
``move T`` ``flip T`` ``promote E`` ``city E``  Move, Foreign king's daughter, Promotion,
                                 Ordinance targets
``propose T`` / ``convent``      a daughter: marriage proposal, or the convent
``accept`` / ``refuse``          the answer to a proposal
``eminence E``                   Gray eminence: the 45-year-old Baron into E (phase V)
``award S``                      the Emperor breaks a tie for an electorate
``seat T``                       the winner's aristocrat that becomes elector
``throne T``                     an aristocrat that goes to the throne
``church E`` / ``excommunicate E``  the targets announced before the votes
``vote emperor`` / ``vote rival``   a sealed vote
``pass`` / ``decline``           end one's actions (or skip an optional step) / not carry out
                                 a card bought (2 players)
===============================  ============================================================
"""

from __future__ import annotations

from typing import Final

from regalia.engine.actions import Action, ActionTable
from regalia.games.shadow_of_the_emperor.board import (
    ELECTORATES,
    K_KNIGHT,
    K_PERMIT,
    KINDS,
    N_ELECTORATES,
    PHASE_IV_KINDS,
    SEAT_LETTERS,
    TILES,
    tile_name,
)

GAME_ID = "shadow-of-the-emperor"
N_TILES: Final = 4 * TILES
# A knight's spot: electorate * 2 + 0 (aristocrat space) or + 1 (castle space).
SPOTS = 2 * N_ELECTORATES


def spot_name(spot: int) -> str:
    e, castle = divmod(spot, 2)
    return ELECTORATES[e] + (" castle" if castle else "")


# Every action is ``Final``: compiled, the rules read them as constants of this module
# instead of looking them up on it at each use.
TABLE: Final = ActionTable(GAME_ID)
E7 = range(N_ELECTORATES)

EMPIRE: Final[list[Action]] = [
    TABLE.add("empire", (e, -1), f"empire {ELECTORATES[e]}") for e in E7]
EMPIRE_MOVE: Final[list[list[Action | None]]] = [
    [None if a == b else TABLE.add("empire", (a, b), f"empire {ELECTORATES[a]} {ELECTORATES[b]}")
     for b in E7] for a in E7]
ELECTOR: Final[list[Action]] = [
    TABLE.add("elector", (e,), f"elector {ELECTORATES[e]}") for e in E7]
TO: Final[list[Action]] = [TABLE.add("to", (e, -1), f"to {ELECTORATES[e]}") for e in E7]
TO_BUMP: Final[list[list[Action]]] = [
    [TABLE.add("to", (e, s), f"to {ELECTORATES[e]} bump {SEAT_LETTERS[s]}") for s in range(4)]
    for e in E7]
KNIGHT: Final[list[Action]] = [TABLE.add("knight", (-1, sp), f"knight {spot_name(sp)}")
                               for sp in range(SPOTS)]
# The knight action in two decisions (which knight, then where), so that a turn offers one
# choice per own knight instead of one per knight and free space.
KNIGHT_NEW: Final = TABLE.add("knight_from", (-1,), "knight new")
KNIGHT_FROM: Final[list[Action]] = [
    TABLE.add("knight_from", (sp,), f"knight from {spot_name(sp)}") for sp in range(SPOTS)]
# BUY[kind] (None for Knight and Permit); Permit by size: PERMIT[0] Baron, PERMIT[1] Couple.
BUY: Final[list[Action | None]] = [
    None if k in (K_KNIGHT, K_PERMIT) else TABLE.add("buy", (k, 0), f"buy {KINDS[k]}")
    for k in range(len(KINDS))]
PERMIT: Final[tuple[Action, ...]] = (TABLE.add("buy", (K_PERMIT, 0), "buy permit baron"),
                                     TABLE.add("buy", (K_PERMIT, 1), "buy permit couple"))
TRIER: Final[dict[int, Action]] = {k: TABLE.add("trier", (k, 0), f"trier {KINDS[k]}")
                                   for k in PHASE_IV_KINDS if k != K_PERMIT}
TRIER_PERMIT: Final[tuple[Action, ...]] = (
    TABLE.add("trier", (K_PERMIT, 0), "trier permit baron"),
    TABLE.add("trier", (K_PERMIT, 1), "trier permit couple"))
KOELN: Final = TABLE.add("koeln", (), "koeln")
PALATINATE: Final = TABLE.add("palatinate", (), "palatinate")
YOUNGER: Final[list[Action]] = [TABLE.add("younger", (t,), f"younger {tile_name(t)}")
                                for t in range(N_TILES)]
OLDER: Final[list[Action]] = [TABLE.add("older", (t,), f"older {tile_name(t)}")
                              for t in range(N_TILES)]
MOVE: Final[list[Action]] = [TABLE.add("move", (t,), f"move {tile_name(t)}")
                             for t in range(N_TILES)]
FLIP: Final[list[Action]] = [TABLE.add("flip", (t,), f"flip {tile_name(t)}")
                             for t in range(N_TILES)]
PROPOSE: Final[list[Action]] = [TABLE.add("propose", (t,), f"propose {tile_name(t)}")
                                for t in range(N_TILES)]
SEAT: Final[list[Action]] = [TABLE.add("seat", (t,), f"seat {tile_name(t)}")
                             for t in range(N_TILES)]
THRONE: Final[list[Action]] = [TABLE.add("throne", (t,), f"throne {tile_name(t)}")
                               for t in range(N_TILES)]
CITY: Final[list[Action]] = [TABLE.add("city", (e,), f"city {ELECTORATES[e]}") for e in E7]
PROMOTE: Final[list[Action]] = [
    TABLE.add("promote", (e,), f"promote {ELECTORATES[e]}") for e in E7]
EMINENCE: Final[list[Action]] = [
    TABLE.add("eminence", (e,), f"eminence {ELECTORATES[e]}") for e in E7]
CHURCH: Final[list[Action]] = [
    TABLE.add("church", (e,), f"church {ELECTORATES[e]}") for e in E7]
EXCOMMUNICATE: Final[list[Action]] = [
    TABLE.add("excommunicate", (e,), f"excommunicate {ELECTORATES[e]}") for e in E7]
AWARD: Final[list[Action]] = [
    TABLE.add("award", (s,), f"award {SEAT_LETTERS[s]}") for s in range(4)]
CONVENT: Final = TABLE.add("convent", (), "convent")
ACCEPT: Final = TABLE.add("accept", (), "accept")
REFUSE: Final = TABLE.add("refuse", (), "refuse")
VOTE: Final[tuple[Action, ...]] = (TABLE.add("vote", (0,), "vote emperor"),
                                   TABLE.add("vote", (1,), "vote rival"))
PASS: Final = TABLE.add("pass", (), "pass")
DECLINE: Final = TABLE.add("decline", (), "decline")
