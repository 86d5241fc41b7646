"""The Gymnasium adapter: Gymnasium's own checker, masks in info, bots between decisions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from regalia.engine.errors import IllegalAction, RegaliaError
from regalia.rl import gymnasium_env
from regalia.rl.rewards import final_rewards
from tests.rl.helpers import encoding, game_ids, table_size

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def masked_choice(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize("game", game_ids())
def test_gymnasium_check_env_passes(game: str) -> None:
    env = gymnasium_env(game, players=table_size(game), encoder=encoding(game),
                        render_mode="ansi")
    check_env(env, skip_render_check=False)


@pytest.mark.parametrize("game", game_ids())
def test_an_episode_plays_to_the_end_with_the_learners_place_reward(game: str) -> None:
    players = table_size(game)
    env = gymnasium_env(game, players=players, seat=players - 1, encoder=encoding(game))
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    total, terminated, steps = 0.0, False, 0
    while not terminated:
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert np.array_equal(mask, env.action_masks())
        state = env.game_state
        assert env.seat in state.to_move()  # the learner is asked only when it may act
        assert sorted(np.flatnonzero(mask)) == sorted(
            state.encode(a) for a in state.legal_actions(env.seat))
        obs, reward, terminated, truncated, info = env.step(masked_choice(mask, rng))
        assert not truncated
        total += float(reward)
        steps += 1
    assert env.game_state.is_over()
    assert total == final_rewards(env.game_state)[env.seat]
    assert steps > 0


def test_the_same_seed_gives_the_same_episode() -> None:
    def run(seed: int) -> list[float]:
        env = gymnasium_env("palais-royal", players=3, opponents="greedy",
                            encoder=encoding("palais-royal"))
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        trace = [float(obs.sum())]
        for _ in range(30):
            obs, _reward, terminated, _, info = env.step(masked_choice(info["action_mask"], rng))
            trace.append(float(obs.sum()))
            if terminated:
                break
        return trace

    assert run(8) == run(8)
    assert run(8) != run(9)


def test_an_illegal_action_loses_by_default_and_raises_when_asked() -> None:
    env = gymnasium_env("el-grande", players=3, encoder=encoding("el-grande"))
    _obs, info = env.reset(seed=1)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)

    strict = gymnasium_env("el-grande", players=3, encoder=encoding("el-grande"),
                           illegal="raise")
    strict.reset(seed=1)
    before = strict.game_state.to_json()
    with pytest.raises(IllegalAction):
        strict.step(bad)
    assert strict.game_state.to_json() == before


def test_a_random_seat_moves_between_games() -> None:
    env = gymnasium_env("ming-dynasty", players=4, seat=None, encoder=encoding("ming-dynasty"))
    seats = set()
    for seed in range(12):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert len(seats) > 1


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"seat": 4}, "learning seat"),
    ({"opponents": ["random"]}, "opponent bots"),
    ({"opponents": "no-such-bot"}, "no-such-bot"),
    ({"illegal": "ignore"}, "illegal"),
])
def test_bad_settings_are_refused_clearly(kwargs: dict, words: str) -> None:
    with pytest.raises(RegaliaError, match=words):
        gymnasium_env("el-grande", players=4, encoder="hashed", **kwargs)
