"""Regalia for AI builders: observation tensors and adapters to PettingZoo, Gymnasium and
OpenSpiel (the ``rl`` extra: ``pip install 'regalia[rl]'``).

The observation encoders in :mod:`regalia.rl.observations` use the standard library only; the
PettingZoo and Gymnasium adapters import their frameworks when they are first used. OpenSpiel
finds games by name only once they are registered, so where OpenSpiel is installed this
package registers every game on import: ``pyspiel.load_game("python_regalia_el_grande")``
works after ``import regalia.rl``.
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from regalia.rl.gymnasium_adapter import RegaliaGymEnv
    from regalia.rl.pettingzoo_adapter import RegaliaAECEnv


def pettingzoo_env(game: str, players: int | None = None, **kwargs: Any) -> RegaliaAECEnv:
    """A PettingZoo AEC environment (see :func:`regalia.rl.pettingzoo_adapter.pettingzoo_env`)."""
    from regalia.rl.pettingzoo_adapter import pettingzoo_env as make

    return make(game, players, **kwargs)


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> RegaliaGymEnv:
    """A Gymnasium environment (see :func:`regalia.rl.gymnasium_adapter.gymnasium_env`)."""
    from regalia.rl.gymnasium_adapter import gymnasium_env as make

    return make(game, players, **kwargs)


def openspiel_game(game: str, players: int | None = None, **kwargs: Any) -> Any:
    """An OpenSpiel game (see :func:`regalia.rl.openspiel_adapter.openspiel_game`)."""
    from regalia.rl.openspiel_adapter import openspiel_game as make

    return make(game, players, **kwargs)


def _register_with_openspiel() -> None:
    if importlib.util.find_spec("pyspiel") is None:
        return
    from regalia.rl.openspiel_adapter import register_all

    register_all()


_register_with_openspiel()

__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
