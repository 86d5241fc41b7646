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
