"""Hand-written evaluations for the greedy bot, one module per game, picked by game id.

An evaluation maps a position and a seat to a number, higher better for that seat. It is
handed determinized samples only (the bot never sees the true state), so it may read any
field of the sample: the hidden parts of a sample are random draws, not the real ones.

A game registered without an evaluation of its own is judged by :func:`score_margin`: the
seat's running score against the best other seat's, which every game offers through
``scores()``. A game adds its own by putting a module ``regalia.bots.evaluations.<package>``
(the game id with ``-`` as ``_``) with a function ``evaluate(state, seat) -> float`` (and,
where a turn's first decision changes nothing counted until the next, ``LOOKAHEAD = 2``; see
:mod:`regalia.bots.greedy`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from regalia.engine.state import State

Evaluation = Callable[["State", int], float]
AllSeats = Callable[["State"], list[float]]


def score_margin(state: State, seat: int) -> float:
    """The fallback: the seat's score minus the best other score (its own, if alone)."""
    scores = state.scores()
    mine = scores[seat]
    others = [v for s, v in enumerate(scores) if s != seat]
    return float(mine - max(others)) if others else float(mine)


def module_name(game_id: str) -> str:
    return f"{__name__}.{game_id.replace('-', '_')}"


def evaluation_for(game_id: str) -> Evaluation:
    """The evaluation of ``game_id``, or :func:`score_margin` when the game has none."""
    name = module_name(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise  # the game's module exists but is broken: say so, do not hide it
        return score_margin
    evaluate: Evaluation = module.evaluate
    return evaluate


def evaluation_of_all_for(game_id: str) -> AllSeats:
    """Every seat's evaluation at once: the module's ``evaluate_all`` where it has one (it
    shares the work between seats), else ``evaluate`` seat by seat."""
    name = module_name(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        module = None
    found: AllSeats | None = getattr(module, "evaluate_all", None)
    if found is not None:
        return found
    evaluate = evaluation_for(game_id)

    def each(state: State) -> list[float]:
        return [evaluate(state, s) for s in range(state.players)]
    return each


def lookahead_for(game_id: str) -> int:
    """How many of its own decisions in a row the greedy bot weighs together in ``game_id``
    (the evaluation module's ``LOOKAHEAD``; 1 by default)."""
    name = module_name(game_id)
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        return 1
    depth: int = getattr(module, "LOOKAHEAD", 1)
    return depth


def has_own_evaluation(game_id: str) -> bool:
    return evaluation_for(game_id) is not score_margin
