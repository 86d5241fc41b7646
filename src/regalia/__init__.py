"""Regalia: exact, fast engines for classic court-intrigue board games.

>>> import regalia
>>> state = regalia.new_game("el-grande", 4, seed=1)
>>> seat = state.to_move()[0]
>>> state.apply(state.legal_actions(seat)[0], seat)
"""

from regalia.engine import (
    Action,
    EditionError,
    GameInfo,
    IllegalAction,
    InvalidOption,
    InvalidPlayerCount,
    InvalidRecord,
    MalformedAction,
    Record,
    RegaliaError,
    State,
    UnknownGame,
    games,
    get_game,
    new_game,
    replay,
)

__version__ = "0.1.0"

from_json = State.from_json
load_record = Record.load

__all__ = [
    "Action",
    "EditionError",
    "GameInfo",
    "IllegalAction",
    "InvalidOption",
    "InvalidPlayerCount",
    "InvalidRecord",
    "MalformedAction",
    "Record",
    "RegaliaError",
    "State",
    "UnknownGame",
    "__version__",
    "from_json",
    "games",
    "get_game",
    "load_record",
    "new_game",
    "replay",
]
