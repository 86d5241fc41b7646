"""A PettingZoo AEC environment for any registered game, after PettingZoo's classic games.

Agents are ``player_0`` … ``player_{n-1}`` (seat numbers). Each observation is a dict: the
seat's encoded view (``observation``, float32) and ``action_mask`` (int8, one per action code
of the game; all zeros for a seat that is not to move). Actions are the game's action codes
(``State.encode``); an illegal one raises :class:`regalia.IllegalAction` and changes nothing.

Sealed simultaneous choices (El Grande's secret disks, for one) are taken the AEC way: while
``to_move()`` holds several seats, each acts in turn, lowest seat first, and the engine's views
keep every choice hidden until all have chosen, so no seat observes another's sealed choice.
Chance is drawn inside the engine from the game's seed (``reset(seed=...)``).

Rewards come at the end only, by final place (:mod:`regalia.rl.rewards`); every agent is then
terminated and removed as it steps with ``None``, as the AEC API asks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from regalia.engine.i18n import _
from regalia.engine.registry import get_game
from regalia.engine.state import State
from regalia.rl.rewards import final_rewards
from regalia.rl.table import EncoderChoice, Table, action_code
from regalia.rl.text import ansi_board

RENDER_MODES = ("human", "ansi")


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class RegaliaAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """One game of a registered Regalia game as a PettingZoo AEC environment."""

    def __init__(self, game: str, players: int | None = None, *,
                 options: Mapping[str, Any] | None = None, seed: int | None = None,
                 encoder: EncoderChoice = None, render_mode: str | None = None) -> None:
        super().__init__()
        info = get_game(game)
        self.table = Table(info.id, players if players is not None else info.default_players,
                           options or {}, encoder)
        self.metadata = {"render_modes": list(RENDER_MODES), "is_parallelizable": False,
                         "name": f"regalia_{info.id.replace('-', '_')}_v0"}
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(_("render_mode is one of {choices}, not {value}").format(
                choices=RENDER_MODES, value=repr(render_mode)))
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.table.players)]
        observation = spaces.Box(self.table.low, self.table.high,
                                 (self.table.observation_size,), np.float32)
        mask = spaces.Box(0, 1, (self.table.action_count,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation,
                                                   "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.action_count)
                              for a in self.possible_agents}
        self._seeds = random.Random(seed)
        self.state_: State | None = None

    # spaces: the same objects every call (PettingZoo seeds them)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> State:
        """The true state (hidden parts included): for tests and tools, never for a learner."""
        if self.state_ is None:
            raise RuntimeError(_("call reset() first"))
        return self.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes its deal and every later reset's (as Gymnasium does)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state_ = self.table.new_state(self._seeds.getrandbits(64))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        movers = self.game_state.to_move()
        if movers:
            self.agent_selection = agent_name(movers[0])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        state = self.game_state
        return {"observation": self.table.observe(state, seat),
                "action_mask": self.table.mask(state, seat)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        seat = self.possible_agents.index(agent)
        state.apply(state.decode(action_code(action)), seat)
        self._cumulative_rewards[agent] = 0.0
        if state.is_over():
            for a, reward in zip(self.agents, final_rewards(state), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            self._clear_rewards()
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The spectator's view as text (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None or self.state_ is None:
            return None
        text = ansi_board(get_game(self.table.game).render_text, self.state_.view(None))
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        self.state_ = None


def pettingzoo_env(game: str, players: int | None = None, *,
                   options: Mapping[str, Any] | None = None, seed: int | None = None,
                   encoder: EncoderChoice = None,
                   render_mode: str | None = None) -> RegaliaAECEnv:
    """A PettingZoo AEC environment: ``pettingzoo_env("el-grande", players=4)``.

    ``options`` are the game's options; ``seed`` seeds the deals of the resets that give none;
    ``encoder`` is ``None`` (the game's own observation encoding), ``"hashed"`` (a generic one
    for any game) or an :class:`~regalia.rl.observations.Encoder`."""
    return RegaliaAECEnv(game, players, options=options, seed=seed, encoder=encoder,
                         render_mode=render_mode)
