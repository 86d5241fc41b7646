"""Regalia games under OpenSpiel, through its Python game API (``pyspiel.register_game``).

Each registered game becomes ``python_regalia_<id>`` (``-`` as ``_``), with the parameters
``players``, ``seed`` (the deals of successive ``new_initial_state()`` calls) and ``encoder``
(``game`` or ``hashed``): ``pyspiel.load_game("python_regalia_el_grande", {"players": 4})``,
or :func:`openspiel_game`.

How the game is declared to OpenSpiel, and why:

- **Imperfect information, sequential.** A sealed simultaneous choice is taken one seat after
  another (the lowest seat of ``to_move()`` first), as in the PettingZoo adapter; the engine's
  views hide every sealed choice until all are made, so the sequence leaks nothing.
- **Chance lives in the state** (``ChanceMode.DETERMINISTIC`` to OpenSpiel): the engine draws
  a card when it is revealed, from the state's own seeded stream, which ``clone()`` and
  ``serialize()`` carry, so the same action from the same state always gives the same next
  state, and OpenSpiel never sees a chance node. The only randomness outside a state is the
  deal of each ``new_initial_state()``, fixed by the ``seed`` parameter (OpenSpiel's
  ``SAMPLED_STOCHASTIC`` would ask the game for a random state of its own, which a Python
  game cannot give, and ``serialize_game_and_state`` would fail). Algorithms that need
  explicit chance nodes (CFR, exact game-tree walks) do not apply; sampling ones (MCTS,
  IS-MCTS, evaluation by playouts, policy learning) do.
- **Observations** are the encoder's vector of ``view(player)``; the observation and the
  information state strings are that view as canonical JSON. Views model a player with
  perfect memory (DESIGN.md), so the view serves as the information state.
- **Returns** are the place rewards of :mod:`regalia.rl.rewards` (terminal only, in [-1, 1]).
- ``resample_from_infostate`` is ``State.determinize``: OpenSpiel's IS-MCTS bot searches
  sampled worlds that agree with the player's view. OpenSpiel's plain ``MCTSBot`` searches the
  true state, as it does in every imperfect-information game: it sees hidden cards and the
  engine's future draws, so use it as an upper bound, not as a fair opponent.
"""

from __future__ import annotations

import copy as copy_module
import json
import random
import threading
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import DEFAULT_LANGUAGE, _, speaking
from regalia.engine.registry import games, get_game
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.rl.rewards import final_rewards
from regalia.rl.table import Table

# No game here has a proven bound; the longest of 510 random games (every game and player
# count) took 837 decisions. OpenSpiel wants a number; this one is far out of reach.
MAX_GAME_LENGTH = 10_000

_REGISTERED: dict[str, type[pyspiel.Game]] = {}


def short_name(game_id: str) -> str:
    return f"python_regalia_{game_id.replace('-', '_')}"


def _view_text(state: State, seat: int | None) -> str:
    # OpenSpiel's observation string is data for a learner: the same in every language
    with speaking(DEFAULT_LANGUAGE):
        return json.dumps(state.view(seat), sort_keys=True, separators=(",", ":"))


class _Deals:
    """The deals of one game's ``new_initial_state()`` calls, from its ``seed`` parameter.

    OpenSpiel makes initial states it never plays: to learn the observation tensor's shape
    (``observation_tensor_size()``, and at every C++ ``ObservationTensor`` call), and as the
    blank that each ``clone()`` from C++ and ``deserialize_state()`` fills in. Such a state
    gives its deal back when it goes, untouched, so the next initial state gets it: the same
    seed gives the same games whatever OpenSpiel asked in between."""

    __slots__ = ("given_back", "stream", "table")

    def __init__(self, table: Table, seed: int) -> None:
        self.table = table
        self.stream = random.Random(seed)
        self.given_back: list[int] = []

    def next_seed(self) -> int:
        return self.given_back.pop() if self.given_back else self.stream.getrandbits(64)


class _Held:
    """What an OpenSpiel state holds, as its one attribute: the Regalia state, dealt when
    first used, and the game's encoder tables.

    OpenSpiel's C++ clones a Python state by making a new initial state and deep copying every
    attribute of the old one into it (``copy.deepcopy`` per attribute, through pybind), so a
    single attribute makes one deep copy: it copies the state with the engine's cheap
    ``clone()`` and shares the tables (never copied). (A ``clone()`` called from Python skips
    the deep copy: :meth:`RegaliaSpielState.clone`.) It pickles (``serialize()``) as the
    state's JSON and the arguments that rebuild the tables."""

    __slots__ = ("_state", "table")

    def __init__(self, table: Table, state: State | None) -> None:
        self.table = table
        self._state = state

    @property
    def state(self) -> State:
        return self._state  # type: ignore[return-value]  # (None only in a _Dealing)

    def keep(self) -> State:
        """The state, which is now in play."""
        return self.state

    def copy(self) -> _Held:
        """A holding of a copy of the state (the engine's ``clone()``), sharing the tables."""
        copy = _new_held(_Held)
        copy.table = self.table
        copy._state = self.keep().clone()
        return copy

    def __deepcopy__(self, memo: dict[int, Any] | None) -> _Held:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        t = self.table
        return _held_from_json, (self.keep().to_json(), t.game, t.players, t.options,
                                 t.encoder)


_new_held = object.__new__


class _Dealing(_Held):
    """A new initial state's holding: dealt when first used, and whose deal goes back to the
    game if it goes unplayed (a clone's or a deserialized state's holding has no deal to give
    back, and no finalizer to run: every clone from OpenSpiel's C++ makes one and drops a
    blank)."""

    __slots__ = ("deals", "seed")

    def __init__(self, table: Table, deals: _Deals, seed: int) -> None:
        # (no super().__init__: OpenSpiel makes one of these at every clone, as a blank)
        self.table = table
        self._state = None
        self.deals: _Deals | None = deals  # set while the deal may still be given back
        self.seed = seed

    @property
    def state(self) -> State:
        if self._state is None:
            assert self.deals is not None
            self._state = self.deals.table.new_state(self.seed)
        return self._state

    def keep(self) -> State:
        """The state, which is now in play: its deal is no longer given back."""
        state = self.state
        self.deals = None
        return state

    def __del__(self) -> None:
        deals = self.deals
        if deals is not None:
            deals.given_back.append(self.seed)


# OpenSpiel deep copies the holding at every clone: straight to its __deepcopy__, without
# copy.deepcopy's generic lookups (a tenth of a clone in the games whose engine clone is
# cheapest).
copy_module._deepcopy_dispatch[_Held] = _Held.__deepcopy__  # type: ignore[attr-defined]
copy_module._deepcopy_dispatch[_Dealing] = _Held.__deepcopy__  # type: ignore[attr-defined]


class _Cloning(threading.local):
    """The holding a Python ``clone()`` is copying, for the new initial state OpenSpiel's C++
    asks for next (per thread: another thread's new initial state is a deal, not a copy)."""

    held: _Held | None = None


_CLONING = _Cloning()


_TABLES: dict[str, Table] = {}


def _held_from_json(text: str, game: str, players: int, options: dict[str, Any],
                    encoder: Any) -> _Held:
    # Deserialized states of one game share its tables, as its clones do.
    key = json.dumps([game, players, options, encoder], sort_keys=True, default=repr)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = Table(game, players, options, encoder)
    return _Held(table, State.from_json(text))


def _spiel_state(game: RegaliaSpielGame, held: _Held) -> RegaliaSpielState:
    # (RegaliaSpielState has no Python __init__: a Python frame and super() at every clone,
    # about 0.7 µs, a fifth of In the Shadow of the Emperor's engine clone)
    state = RegaliaSpielState(game)
    state._held = held
    return state


_openspiel_clone = pyspiel.State.clone  # (not super().clone(): a lookup less per clone)


class RegaliaSpielState(pyspiel.State):
    """An OpenSpiel state holding one Regalia state (made by :func:`_spiel_state`)."""

    _held: _Held

    def clone(self) -> RegaliaSpielState:
        """A copy that plays on alone (OpenSpiel's ``clone()``, without its deep copy).

        OpenSpiel's C++ ``Clone()`` asks the game for a new initial state and deep copies
        each attribute of this state into it, then copies the history. Called from Python,
        the attribute is held aside while it runs, and the new initial state is the copy
        itself: no blank holding made and dropped, and no ``copy.deepcopy``, which is
        OpenSpiel's fixed part that weighs most against a cheap engine clone (In the Shadow
        of the Emperor's). OpenSpiel's C++ algorithms call ``Clone()`` directly and take the
        deep copy (:meth:`_Held.__deepcopy__`), to the same effect."""
        attributes = self.__dict__
        held = attributes.pop("_held")
        _CLONING.held = held
        try:
            return _openspiel_clone(self)
        finally:
            _CLONING.held = None
            attributes["_held"] = held

    @property
    def _table(self) -> Table:
        return self._held.table

    @property
    def regalia_state(self) -> State:
        """The true state (hidden parts included): for tools and tests, not for a player.
        A state asked for it keeps its deal."""
        return self._held.keep()

    @property
    def _state(self) -> State:
        return self._held.state

    def current_player(self) -> int:
        movers = self._state.to_move()
        return movers[0] if movers else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        movers = self._state.to_move()
        if not movers or movers[0] != player:
            return []
        return sorted(a.code for a in self._state.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        state = self._held.keep()
        state.apply(state.decode(int(action)), state.to_move()[0])

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The same numbers as OpenSpiel's own ``observation_tensor``, at half the cost.

        OpenSpiel's C++ side asks a Python game for its tensor's size at every call, and works
        it out by building a new initial state and encoding it; for Python callers (RL loops,
        Python algorithms) this skips that. C++ algorithms still take OpenSpiel's way."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._state.players:
            return list(super().observation_tensor(player))  # OpenSpiel's own error
        held = self._state
        return self._table.observe(held, player).tolist()

    def _action_to_string(self, player: int, action: int) -> str:
        return self._state.decode(int(action)).text

    def is_terminal(self) -> bool:
        return self._state.is_over()

    def returns(self) -> list[float]:
        return list(final_rewards(self._state))

    def resample_from_infostate(self, player_id: int,
                                probability_sampler: Callable[[], float]) -> RegaliaSpielState:
        """A state agreeing with ``player_id``'s view, its hidden parts drawn afresh."""
        seed = int(probability_sampler() * 2**53)
        world = self._state.determinize(player_id, Rng(seed))
        return _spiel_state(self.get_game(), _Held(self._table, world))

    def __str__(self) -> str:
        return _view_text(self._state, None)


class RegaliaObserver:
    """OpenSpiel's observer interface: ``tensor`` and ``dict`` filled from one seat's view."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.tensor = np.zeros(table.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: RegaliaSpielState, player: int) -> None:
        self.tensor[:] = self.table.observe(state._state, player)

    def string_from(self, state: RegaliaSpielState, player: int) -> str:
        return _view_text(state._state, player)


class RegaliaSpielGame(pyspiel.Game):
    """A registered Regalia game as an OpenSpiel game (one subclass per game id)."""

    GAME_ID = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        info = get_game(self.GAME_ID)
        spec = _game_type(info.id).parameter_specification
        players = int(params.get("players", spec["players"]))
        encoding = str(params.get("encoder", spec["encoder"]))
        self.table = Table(info.id, players, {}, encoding)
        zero_sum = _game_type(info.id).utility == pyspiel.GameType.Utility.ZERO_SUM
        utility_sum = 0.0 if zero_sum else None
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.table.action_count, max_chance_outcomes=0,
            num_players=players, min_utility=-1.0, max_utility=1.0, utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH)
        super().__init__(_game_type(info.id), game_info, params)
        self._deals = _Deals(self.table, int(params.get("seed", spec["seed"])))

    def new_initial_state(self) -> RegaliaSpielState:
        """A new deal: the ``seed`` parameter fixes the sequence of deals (a state OpenSpiel
        makes and drops unplayed gives its deal back, see :class:`_Deals`)."""
        held = _CLONING.held
        if held is not None:  # the blank of a Python clone(): the copy itself
            _CLONING.held = None
            state = RegaliaSpielState(self)  # (not _spiel_state: a frame less per clone)
            state._held = held.copy()
            return state
        deals = self._deals
        return _spiel_state(self, _Dealing(self.table, deals, deals.next_seed()))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> RegaliaObserver:
        if params:
            raise ValueError(_("observation parameters are not supported; passed {params}")
                             .format(params=params))
        return RegaliaObserver(self.table)


def _game_type(game_id: str) -> pyspiel.GameType:
    info = get_game(game_id)
    # one seat against the solo automaton is no zero-sum game; every other table is
    zero_sum = info.min_players > 1
    return pyspiel.GameType(
        short_name=short_name(info.id),
        long_name=f"Regalia {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                 else pyspiel.GameType.Utility.GENERAL_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "seed": 0,
                                 "encoder": "game"},
    )


def register_game(game_id: str) -> str:
    """Register ``game_id`` with OpenSpiel (once); its OpenSpiel short name."""
    info = get_game(game_id)
    if info.id not in _REGISTERED:
        cls = type(f"RegaliaSpielGame_{info.id.replace('-', '_')}", (RegaliaSpielGame,),
                   {"GAME_ID": info.id})
        pyspiel.register_game(_game_type(info.id), cls)
        _REGISTERED[info.id] = cls
    return short_name(info.id)


def register_all() -> list[str]:
    """Register every registered Regalia game with OpenSpiel; their short names."""
    return [register_game(info.id) for info in games()]


def openspiel_game(game: str, players: int | None = None, *, seed: int = 0,
                   encoder: str = "game") -> pyspiel.Game:
    """An OpenSpiel game: ``openspiel_game("el-grande", players=4)``."""
    if not isinstance(encoder, str):
        raise RegaliaError(_("OpenSpiel parameters are plain values: encoder is 'game' or "
                             "'hashed'"))
    name = register_game(game)
    params: dict[str, Any] = {"seed": int(seed), "encoder": encoder}
    if players is not None:
        params["players"] = int(players)
    return pyspiel.load_game(name, params)
