"""Samples, clones and bots cannot reach the real game: no seed of it, no shared mutable data.

Every registered game, every player count; nothing here names a game.
"""

from __future__ import annotations

import json

import pytest

import regalia
from regalia.bots.base import InformationSet
from regalia.engine import RegaliaError, Rng, State
from tests.conformance.playouts import DEEP_GAMES, case_id, game_cases, playout

CASES = game_cases()
pytestmark = pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])

# What writing to frozen data may raise: read-only mappings and tuples raise TypeError,
# frozen dataclasses FrozenInstanceError (an AttributeError).
REFUSED = (TypeError, AttributeError)


def _midgame(game: str, players: int, seed: int, steps: int = 25) -> State:
    state = regalia.new_game(game, players, seed=seed)
    rng = Rng(seed)
    for step, _seat in enumerate(playout(state, rng)):
        if step >= steps:
            break
    return state


def test_a_sample_carries_no_seed_of_the_real_game(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(23 + players)
    for _ in range(DEEP_GAMES):
        state = _midgame(game, players, rng.next64())
        if state.is_over():
            continue
        seat = state.to_move()[0]
        info = InformationSet(state, seat)
        seeds = set()
        for _n in range(20):
            sample = info.sample(Rng(rng.next64()))
            assert sample.seed != state.seed
            assert sample._rng.state != state._rng.state
            seeds.add(sample.seed)
        assert len(seeds) == 20, "samples share a seed: it is not drawn afresh"
        for _s in playout(sample, Rng(1)):  # the sample still plays to the end
            pass
        assert sample.is_over()


def test_a_sample_depends_on_nothing_but_what_the_seat_knows(case: tuple[str, int]) -> None:
    # A sample is a world the seat cannot tell from the true one, so resampling the sample
    # must give what resampling the truth gives: with the same random stream, the same state.
    # A sampler that let the true position steer it (a pool kept in the order of the true
    # split, a label copied from the truth that the sample then changes) fails here.
    game, players = case
    rng = Rng(31 + players)
    checked = 0
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        for step, _seat in enumerate(playout(state, rng)):
            if step % 4:
                continue
            for seat in range(players):
                world = state.determinize(seat, Rng(rng.next64()))
                stream = rng.next64()
                from_truth = state.determinize(seat, Rng(stream)).to_dict()["state"]
                from_world = world.determinize(seat, Rng(stream)).to_dict()["state"]
                assert json.dumps(from_world, sort_keys=True) == \
                    json.dumps(from_truth, sort_keys=True), f"seat {seat}, step {step}"
                checked += 1
    assert checked > 0


def test_options_cannot_be_changed_through_a_sample_or_a_clone(case: tuple[str, int]) -> None:
    game, players = case
    state = _midgame(game, players, 5)
    before = state.to_json()
    record_before = state.record().to_json()
    for other in (state.determinize(0, Rng(1)), state.clone(), state):
        for name in [*other.options, "invented"]:
            with pytest.raises(REFUSED):
                other.options[name] = "changed"  # type: ignore[index]
            with pytest.raises(REFUSED):
                del other.options[name]  # type: ignore[attr-defined]
        with pytest.raises(REFUSED):
            other.options.clear()  # type: ignore[attr-defined]
    assert state.to_json() == before
    assert state.record().to_json() == record_before
    for loaded in (State.from_json(before), regalia.replay(state.record())):
        with pytest.raises(REFUSED):
            loaded.options["invented"] = 1  # type: ignore[index]


def _containers(value: object, depth: int = 0) -> list[object]:
    """Every mapping, list-like and dataclass inside an edition's data and components."""
    if depth > 12:
        return []
    found: list[object] = [value]
    if hasattr(value, "items") and callable(value.items):
        for v in value.items():
            found += _containers(v[1], depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found += _containers(v, depth + 1)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:  # type: ignore[attr-defined]
            found += _containers(getattr(value, name), depth + 1)
    return found


def test_editions_are_immutable_all_the_way_down(case: tuple[str, int]) -> None:
    game, players = case
    builtin = regalia.get_game(game).load_edition(None)
    text_before = json.dumps(str(builtin.data)) + str(builtin.components)
    sample = _midgame(game, players, 9).determinize(0, Rng(2))
    edition = sample.edition
    assert edition is builtin  # shared, so it must be frozen
    with pytest.raises(REFUSED):
        edition.title = "changed"  # type: ignore[misc]
    with pytest.raises(REFUSED):
        edition.data["edition"] = {}  # type: ignore[index]
    with pytest.raises(REFUSED):
        edition.components["invented"] = 1  # type: ignore[index]
    for container in _containers(edition.data) + _containers(edition.components):
        assert not isinstance(container, (list, dict, set, bytearray)), (
            f"an edition holds a mutable {type(container).__name__}: {str(container)[:80]}")
        if hasattr(container, "__dataclass_fields__"):
            params = container.__dataclass_params__  # type: ignore[attr-defined]
            assert params.frozen, f"{type(container).__name__} is not a frozen dataclass"
    assert json.dumps(str(builtin.data)) + str(builtin.components) == text_before
    assert regalia.get_game(game).load_edition(None) is builtin


def test_writing_to_a_sample_changes_nothing_in_the_real_game(case: tuple[str, int]) -> None:
    game, players = case
    state = _midgame(game, players, 13)
    before, views = state.to_json(), [json.dumps(state.view(s)) for s in range(players)]
    sample = state.determinize(0, Rng(3))
    for target in (sample.options, sample.edition.data, sample.edition.components):
        for key in list(target):
            try:
                target[key] = None  # type: ignore[index]
            except REFUSED:
                continue
            raise AssertionError(f"could write {key!r} of a sample's shared data")
    try:
        for _s in playout(sample, Rng(4)):
            pass
    except RegaliaError:
        pass
    assert state.to_json() == before
    assert [json.dumps(state.view(s)) for s in range(players)] == views


def test_saved_determinized_samples_load_back(case: tuple[str, int]) -> None:
    """A sample is checked on load (shapes, invariants, playouts): no real one is refused."""
    game, players = case
    rng = Rng(29 + players)
    for _ in range(max(2, DEEP_GAMES // 2)):
        state = regalia.new_game(game, players, seed=rng.next64())
        for step, seat in enumerate(playout(state, rng)):
            if step % 40 == 4:
                text = state.determinize(seat, Rng(step)).to_json()
                assert State.from_json(text).to_json() == text
