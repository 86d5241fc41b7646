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
    get_game,
    list_games,
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
    "get_game",
    "list_games",
    "load_record",
    "new_game",
    "replay",
]
