"""Bots see an information set only."""

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.engine import InvalidOption, Rng


def test_information_set_hides_the_true_state() -> None:
    state = regalia.new_game("toy-sealed-bids", 3, seed=2)
    info = InformationSet(state, 1)
    public = [name for name in dir(info) if not name.startswith("_")]
    assert not any("state" in name for name in public)
    assert info.view == state.view(1)
    assert info.legal_actions == state.legal_actions(1)
    assert info.sample(Rng(1)).view(1) == state.view(1)


def test_random_bot_is_reproducible_from_its_seed() -> None:
    state = regalia.new_game("toy-sealed-bids", 3, seed=2)
    info = InformationSet(state, 0)
    picks = [make_bot("random", 5).act(info) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions(0)


def test_unknown_bot_is_refused() -> None:
    import pytest

    with pytest.raises(InvalidOption, match="unknown bot 'genius'"):
        make_bot("genius")
