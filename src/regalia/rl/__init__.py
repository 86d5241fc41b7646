"""Regalia for AI builders: observation tensors and adapters to PettingZoo, Gymnasium and
OpenSpiel (the ``rl`` extra: ``pip install 'regalia[rl]'``).

The observation encoders in :mod:`regalia.rl.observations` use the standard library only; the
adapters import their frameworks when they are first used.
"""

from __future__ import annotations

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


__all__ = ["gymnasium_env", "openspiel_game", "pettingzoo_env"]
