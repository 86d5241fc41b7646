"""The observation arrays every adapter hands out: float32, the encoder's numbers, writable."""

from __future__ import annotations

import pickle
import warnings

import numpy as np

from regalia.rl.observations import Encoder
from regalia.rl.table import Table


def test_an_observation_is_a_writable_float32_copy_of_the_encoders_numbers() -> None:
    table = Table("el-grande", 4)
    state = table.new_state(2)
    numbers = table.codec.encode(state.observe(1), 4)
    first = table.observe(state, 1)
    assert first.dtype == np.float32 and first.shape == (table.observation_size,)
    assert first.tobytes() == np.asarray(numbers, dtype=np.float32).tobytes()
    first[:] = 0.5  # a learner may scale its observation in place
    assert table.observe(state, 1).tobytes() == np.asarray(numbers, dtype=np.float32).tobytes()
    assert pickle.loads(pickle.dumps(table)).observe(state, 1).tobytes() == \
        np.asarray(numbers, dtype=np.float32).tobytes()


def test_numbers_beyond_float32_become_infinities_as_numpy_makes_them() -> None:
    base = Table("el-grande", 4)
    size = base.observation_size
    huge = Encoder("el-grande", base.codec.layout, lambda view, players: [1e300] + [0.25] * (
        size - 1))
    table = Table("el-grande", 4, encoder=huge)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # numpy's overflow in the cast
        out = table.observe(table.new_state(0), 0)
    assert np.isinf(out[0]) and (out[1:] == 0.25).all()


def test_an_observation_is_the_same_in_every_language() -> None:
    """Views word their names and logs in the language in force; observations must not: a
    learner trained in one language sees the same numbers in another."""
    import random

    from regalia.engine.i18n import language, speaking
    from regalia.engine.registry import games

    for info in games():
        if not info.state_class.__module__.startswith("regalia.games."):
            continue  # a toy game another test registered has no encoder of its own
        players = info.min_players if info.min_players > 1 else info.default_players
        for encoding in (None, "hashed"):
            table = Table(info.id, players, encoder=encoding)
            state = table.new_state(5)
            rng = random.Random(5)
            for _ in range(40):
                movers = state.to_move()
                if not movers:
                    break
                state.apply(rng.choice(state.legal_actions(movers[0])), movers[0])
            english = table.observe(state, 0).tobytes()
            with speaking("zh"):
                assert table.observe(state, 0).tobytes() == english, (info.id, encoding)
                assert language() == "zh"  # the language in force is given back
