"""The worked example (examples/reinforce.py): its update learns, and a short run beats random."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "reinforce.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_an_update_with_a_positive_advantage_makes_the_action_likelier(example) -> None:
    policy = example.LinearPolicy.zeros(5, 3)
    observation = np.array([1.0, 0.5, 0.0])
    legal = np.array([0, 2, 4])
    before = policy.probabilities(observation, legal)
    assert np.allclose(before, 1 / 3)
    example.update(policy, [(observation, legal, 1, before)], 0.5)
    after = policy.probabilities(observation, legal)
    assert after[1] > before[1] and after.sum() == pytest.approx(1.0)
    assert not policy.weights[[1, 3]].any()  # illegal actions' rows are untouched
    example.update(policy, [(observation, legal, 1, after)], -2.0)
    assert policy.probabilities(observation, legal)[1] < after[1]


def test_a_short_training_run_beats_random(example) -> None:
    # The full run (examples/reinforce.py with its defaults) is in its docstring; this one is
    # short, so it only has to come out ahead on the same deals, not by a significant margin.
    # (300 episodes since the observations squash open-ended amounts instead of capping them:
    # with 150 the policy came out 0.07 behind on these deals, with 300 0.27 ahead.)
    policy = example.train("castles-of-burgundy-cards", 2, episodes=300, seed=0)
    assert np.abs(policy.weights).sum() > 0
    result = example.compare(policy, "castles-of-burgundy-cards", 2, games=60)
    assert -1.0 <= result.random_reward <= 1.0
    assert result.margin > 0, result
