"""A Gymnasium environment: one learning seat of a registered game against chosen bots.

The observation is the learning seat's encoded view (float32, fixed length); the action is an
action code of the game (``Discrete(action_count)``), and ``info["action_mask"]`` (also
:meth:`RegaliaGymEnv.action_masks`, as MaskablePPO expects) marks the legal ones. The other
seats are bots (``regalia.bots.make_bot`` specs, seeded from the deal), each handed only its
own information set; they move between the learner's decisions, sealed choices included (the
learner's view never shows theirs before the reveal).

Reward: 0 until the end, then the learner's place reward (:mod:`regalia.rl.rewards`).
An illegal action, by default (``illegal="lose"``), ends the episode with reward -1 and
``info["illegal_action"] = True``, which is what a learner sampling without the mask should
feel; ``illegal="raise"`` raises :class:`regalia.IllegalAction` instead and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from regalia.bots import InformationSet, make_bot
from regalia.bots.base import Bot, close_bots
from regalia.engine.errors import IllegalAction, MalformedAction, RegaliaError
from regalia.engine.i18n import _
from regalia.engine.registry import get_game
from regalia.engine.seeds import bot_seed
from regalia.engine.state import State
from regalia.rl.pettingzoo_adapter import RENDER_MODES
from regalia.rl.rewards import final_rewards
from regalia.rl.table import EncoderChoice, Table, action_code
from regalia.rl.text import ansi_board

ILLEGAL_CHOICES = ("lose", "raise")


class RegaliaGymEnv(gym.Env[np.ndarray, np.int64]):
    """One seat of a Regalia game against bots, as a Gymnasium environment."""

    def __init__(self, game: str, players: int | None = None, *, seat: int | None = 0,
                 opponents: str | Sequence[str] = "random",
                 options: Mapping[str, Any] | None = None, encoder: EncoderChoice = None,
                 illegal: str = "lose", render_mode: str | None = None) -> None:
        info = get_game(game)
        self.table = Table(info.id, players if players is not None else info.default_players,
                           options or {}, encoder)
        n = self.table.players
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
            raise RegaliaError(_("the learning seat is a number from 0 to {last} (or None: a "
                                 "random seat each game), not {value}").format(
                                     last=n - 1, value=repr(seat)))
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise RegaliaError(_("{n} players need {others} opponent bots, not {count}").format(
                n=n, others=n - 1, count=len(specs)))
        for spec in specs:
            make_bot(spec, 0)  # a bad spec fails here, not at the first reset
        if illegal not in ILLEGAL_CHOICES:
            raise RegaliaError(_("illegal is one of {choices}, not {value}").format(
                choices=ILLEGAL_CHOICES, value=repr(illegal)))
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise RegaliaError(_("render_mode is one of {choices}, not {value}").format(
                choices=RENDER_MODES, value=repr(render_mode)))
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}
        self.render_mode = render_mode
        self.fixed_seat, self.opponents, self.illegal = seat, tuple(specs), illegal
        self.observation_space = spaces.Box(self.table.low, self.table.high,
                                            (self.table.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.table.action_count)
        self.seat = 0 if seat is None else seat
        self._deals = random.Random()
        self._state: State | None = None
        self._bots: dict[int, Bot] = {}

    @property
    def game_state(self) -> State:
        """The true state (hidden parts included): for tests and tools, never for a learner."""
        if self._state is None:
            raise RuntimeError(_("call reset() first"))
        return self._state

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._deals = random.Random(seed)
        deal = self._deals.getrandbits(64)
        state = self._state = self.table.new_state(deal)
        n = self.table.players
        self.seat = self._deals.randrange(n) if self.fixed_seat is None else self.fixed_seat
        close_bots(self._bots.values())
        others = [s for s in range(n) if s != self.seat]
        self._bots = {s: make_bot(spec, bot_seed(state.seed, s))
                      for s, spec in zip(others, self.opponents, strict=True)}
        self._bots_play()
        return self._observation(), self._info()

    def _bots_play(self) -> None:
        state = self.game_state
        while movers := state.to_move():
            if self.seat in movers:
                return
            seat = movers[0]
            state.apply(self._bots[seat].act(InformationSet(state, seat)), seat)

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.game_state, self.seat)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions now (1 = legal), one per action code."""
        return self.table.mask(self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.game_state
        if state.is_over():
            raise RegaliaError(_("the game is over: call reset()"))
        try:
            state.apply(state.decode(action_code(action)), self.seat)
        except (IllegalAction, MalformedAction):
            if self.illegal == "raise":
                raise
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), -1.0, True, False, info
        self._bots_play()
        over = state.is_over()
        reward = final_rewards(state)[self.seat] if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None or self._state is None:
            return None
        view = self._state.view(self.seat)  # the learner's view: a human watching it cheats not
        text = ansi_board(get_game(self.table.game).render_text, view)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        close_bots(self._bots.values())
        self._bots = {}


def gymnasium_env(game: str, players: int | None = None, **kwargs: Any) -> RegaliaGymEnv:
    """A Gymnasium environment for one learning seat:
    ``gymnasium_env("palais-royal", players=3, seat=0, opponents="greedy")``.

    ``seat``: the learner's seat (None: a random one each game); ``opponents``: one bot spec
    for every other seat, or one per seat in order; ``options``: the game's options;
    ``encoder``: ``None`` (the game's own), ``"hashed"`` or an Encoder; ``illegal``: ``"lose"``
    or ``"raise"``."""
    return RegaliaGymEnv(game, players, **kwargs)
