"""The information set a bot is handed: samples lead back to nothing of the real game."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots.base import InformationSet
from regalia.engine import RegaliaError, Rng


def test_a_sample_has_no_history_and_its_own_seed() -> None:
    state = regalia.new_game("toy-sealed-bids", 3, seed=12345)
    info = InformationSet(state, 0)
    sample = info.sample(Rng(1))
    assert sample.seed != 12345
    assert info.sample(Rng(1)).seed == sample.seed  # drawn from the sampler's stream only
    assert info.sample(Rng(2)).seed != sample.seed
    with pytest.raises(RegaliaError):
        sample.record()


def test_a_bot_cannot_change_the_real_game_through_a_sample() -> None:
    state = regalia.new_game("toy-sealed-bids", 3, seed=7)
    before = state.to_json()
    sample = InformationSet(state, 1).sample(Rng(3))
    with pytest.raises(TypeError):
        sample.options["hand"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        sample.edition.components["deck"] = ()  # type: ignore[index]
    sample.apply(sample.legal_actions(0)[0], 0)
    assert state.to_json() == before
