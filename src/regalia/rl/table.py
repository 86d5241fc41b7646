"""What every adapter shares: the game to play, how a seat's view becomes numbers, and the
legal-action mask (numpy arrays, as PettingZoo, Gymnasium and OpenSpiel expect)."""

from __future__ import annotations

import operator
import struct
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from regalia.engine.errors import IllegalAction, RegaliaError
from regalia.engine.i18n import DEFAULT_LANGUAGE, _, language, speaking
from regalia.engine.registry import get_game, new_game
from regalia.engine.state import State
from regalia.rl.hashed import hashed_encoder
from regalia.rl.observations import HIGH, LOW, Encoder, encoder

EncoderChoice = Encoder | str | None
UNBOUNDED = float(np.finfo(np.float32).max)


def resolve_encoder(game_id: str, choice: EncoderChoice) -> Encoder:
    """``None`` or ``"game"``: the game's own encoder; ``"hashed"``: the generic hashed one;
    an :class:`Encoder`: that one."""
    if isinstance(choice, Encoder):
        return choice
    if choice is None or choice == "game":
        try:
            return encoder(game_id)
        except RegaliaError as err:
            raise RegaliaError(_("{reason}; pass encoder='hashed' for the generic hashed "
                                 "encoding of the view").format(reason=err)) from None
    if choice == "hashed":
        return hashed_encoder(game_id)
    raise RegaliaError(_("encoder is 'game', 'hashed' or an Encoder, not {value}").format(
        value=repr(choice)))


def action_code(action: Any) -> int:
    """An action number as a Python int (numpy integers welcome; True, 1.5, '3' are not)."""
    if isinstance(action, bool | np.bool_):
        raise IllegalAction(_("an action is a whole number, not {value}").format(
            value=repr(action)))
    try:
        return operator.index(action)
    except TypeError:
        raise IllegalAction(_("an action is a whole number, not {value}").format(
            value=repr(action))) from None


@dataclass
class Table:
    """A game, its player count and options, and the encoding seats are observed through."""

    game: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    encoder: EncoderChoice = None

    def __post_init__(self) -> None:
        info = get_game(self.game)
        self.game = info.id
        self.players = info.check_players(self.players)
        self.options = dict(info.resolve_options(self.options))
        self.codec: Encoder = resolve_encoder(info.id, self.encoder)
        # the games' own encoders keep every number in [LOW, HIGH]; others promise nothing
        own = self.encoder is None or self.encoder == "game"
        self.low, self.high = (LOW, HIGH) if own else (-UNBOUNDED, UNBOUNDED)
        self.observation_size = self.codec.size(self.players)
        self._packing = f"={self.observation_size}f"  # (a Struct would not pickle)
        self.action_count = info.actions.action_count
        new_game(self.game, self.players, seed=0, **self.options)  # bad options fail here

    def new_state(self, seed: int) -> State:
        return new_game(self.game, self.players, seed=seed, **self.options)

    def observe(self, state: State, seat: int) -> np.ndarray:
        """The seat's view as a float32 vector of the encoder's fixed length."""
        if language() != DEFAULT_LANGUAGE:
            # a view words its names and log in the language in force; an observation is for
            # a learner, and the same position must give the same numbers in every language
            with speaking(DEFAULT_LANGUAGE):
                return self.observe(state, seat)
        view = state.view(seat) if self.codec.reads_log else state.observe(seat)
        numbers = self.codec.encode(view, self.players)
        if len(numbers) != self.observation_size:
            raise RegaliaError(_("the {game} encoder gave {n} numbers, its layout says {size}")
                               .format(game=self.game, n=len(numbers),
                                       size=self.observation_size))
        return self.as_array(numbers)

    def as_array(self, numbers: list[float]) -> np.ndarray:
        """An encoder's numbers as a new float32 array."""
        try:
            # struct packs a list of floats to float32 in half numpy's time (the same
            # rounding); the bytearray keeps the array writable
            packed = bytearray(struct.pack(self._packing, *numbers))
        except (OverflowError, struct.error):  # beyond float32 (an encoder of the user's)
            return np.asarray(numbers, dtype=np.float32)
        return np.frombuffer(packed, dtype=np.float32)

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each legal action of ``seat`` now (all 0 when it is not to move)."""
        out = np.zeros(self.action_count, dtype=np.int8)
        codes = [a.code for a in state.legal_actions(seat)]
        if codes:
            out[codes] = 1
        return out
