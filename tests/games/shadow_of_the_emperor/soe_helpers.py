"""Positions for rules tests: an empty board with the Emperor's Baron on the throne, pieces
put where a test wants them, and a task list run from there."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.games.shadow_of_the_emperor.board import ELECTORATES, KNIGHTS, TILES
from regalia.games.shadow_of_the_emperor.places import (
    ARISTOCRAT,
    ELECTOR,
    EMINENCE,
    SUPPLY,
    THRONE,
)
from regalia.games.shadow_of_the_emperor.state import ShadowState

GAME = "shadow-of-the-emperor"
AGE_STEP = {15: 0, 25: 1, 35: 2, 45: 3}
E = {name: i for i, name in enumerate(ELECTORATES)}


def new(players: int = 4, seed: int = 1, **options: Any) -> ShadowState:
    state = regalia.new_game(GAME, players, seed=seed, **options)
    assert isinstance(state, ShadowState)
    return state


def empty(players: int = 4, emperor: int = 0, emperor_age: int = 45, **options: Any
          ) -> ShadowState:
    """No piece on the board but the Emperor's single Baron on the throne; no task."""
    s = new(players, **options)
    for t in range(players * TILES):
        s.set_where(t, SUPPLY)
    for k in range(players * KNIGHTS):
        s.set_knight(k, SUPPLY)
    s.city = [[0] * 5 for _ in range(7)]
    s.emperor = emperor
    t = s.supply_tile(emperor)
    s.set_where(t, THRONE)
    s.age[t] = AGE_STEP[emperor_age]
    s.tasks = []
    s._movers = ()
    s._opts = ()
    s.in_play = [1] * 7 if players > 2 else s.in_play
    return s


def put(s: ShadowState, seat: int, where: str, age: int = 15, couple: bool = False,
        as_: str = "aristocrat") -> int:
    """Put a supply tile of ``seat`` in electorate ``where`` (as aristocrat, elector or
    eminence), or on the ``throne``; the tile."""
    t = s.supply_tile(seat)
    assert t >= 0, "no tile left in supply"
    if where == "throne":
        loc = THRONE
    else:
        loc = {"aristocrat": ARISTOCRAT, "elector": ELECTOR, "eminence": EMINENCE}[as_] + E[where]
    s.set_where(t, loc)
    s.age[t] = AGE_STEP[age]
    s.couple[t] = int(couple)
    return t


def knight(s: ShadowState, seat: int, where: str, castle: bool = False) -> int:
    base = seat * KNIGHTS
    k = s.knight.index(SUPPLY, base, base + KNIGHTS)
    s.set_knight(k, 2 * E[where] + int(castle))
    return k


def fill(s: ShadowState, seat: int, where: str) -> None:
    """Fill every free aristocrat space of ``where`` with ``seat``'s knights and tiles."""
    while s.free_arist(E[where]) > 0:
        if -1 in s.knight[seat * KNIGHTS:(seat + 1) * KNIGHTS]:
            knight(s, seat, where)
        else:
            put(s, seat, where)


def run(s: ShadowState, *tasks: tuple[Any, ...]) -> ShadowState:
    """Run these tasks in order from the current position (to the first decision)."""
    s.tasks = list(reversed(tasks))
    s._legal = {}
    s._run()
    s._legal = {}
    return s


def legal(s: ShadowState, seat: int | None = None) -> list[str]:
    return [a.text for a in s.legal_actions(seat)]


def play(s: ShadowState, *moves: str) -> ShadowState:
    for text in moves:
        movers = s.to_move()
        assert len(movers) == 1, f"several seats to move: {movers}"
        s.apply(text, movers[0])
    return s


def turn(seat: int) -> tuple[Any, ...]:
    """A phase-IV turn for ``seat`` (phase set up as the actions phase does)."""
    return ("turn", seat)
