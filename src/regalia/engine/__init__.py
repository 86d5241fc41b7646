"""Regalia's game-agnostic core: the State contract, actions, errors, records, RNG, registry."""

from regalia.engine.actions import Action, ActionTable
from regalia.engine.edition import Edition, EditionReader
from regalia.engine.errors import (
    EditionError,
    IllegalAction,
    InvalidOption,
    InvalidPlayerCount,
    InvalidRecord,
    MalformedAction,
    RegaliaError,
    UnknownGame,
)
from regalia.engine.record import Record, replay
from regalia.engine.registry import (
    GameInfo,
    Option,
    games,
    get_game,
    list_games,
    new_game,
    register,
)
from regalia.engine.rng import Rng
from regalia.engine.state import CHANCE, State, places_from_keys

__all__ = [
    "CHANCE",
    "Action",
    "ActionTable",
    "Edition",
    "EditionError",
    "EditionReader",
    "GameInfo",
    "IllegalAction",
    "InvalidOption",
    "InvalidPlayerCount",
    "InvalidRecord",
    "MalformedAction",
    "Option",
    "Record",
    "RegaliaError",
    "Rng",
    "State",
    "UnknownGame",
    "games",
    "get_game",
    "list_games",
    "new_game",
    "places_from_keys",
    "register",
    "replay",
]
