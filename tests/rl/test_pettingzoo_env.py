"""The PettingZoo AEC adapter: PettingZoo's own API test, seeding, sealed choices, rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import regalia
from regalia.engine.errors import IllegalAction
from regalia.rl import pettingzoo_env
from regalia.rl.rewards import final_rewards
from tests.rl.helpers import encoding, game_ids, table_size

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def play_to_end(env, rng: np.random.Generator) -> dict[str, float]:
    """Random legal actions until every agent is gone; each agent's summed reward."""
    totals: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("game", game_ids())
def test_pettingzoo_api_test_passes(game: str) -> None:
    env = pettingzoo_env(game, players=table_size(game), encoder=encoding(game))
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("game", game_ids())
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(lambda: pettingzoo_env(game, players=table_size(game), encoder=encoding(game)),
              num_cycles=30)


@pytest.mark.parametrize(("game", "players"),
                         [(i.id, n) for i in regalia.list_games() for n in i.player_counts])
def test_a_whole_game_ends_with_place_rewards(game: str, players: int) -> None:
    env = pettingzoo_env(game, players=players, encoder=encoding(game), seed=3)
    env.reset(seed=players)
    totals = play_to_end(env, np.random.default_rng(players))
    state = env.game_state
    assert state.is_over()
    expected = final_rewards(state)
    assert totals == {f"player_{s}": expected[s] for s in range(players)}
    assert env.agents == []


@pytest.mark.parametrize("game", game_ids())
def test_only_the_mover_has_legal_actions_and_they_match_the_engine(game: str) -> None:
    env = pettingzoo_env(game, players=table_size(game), encoder=encoding(game))
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    for _ in range(40):
        state = env.game_state
        if state.is_over():
            break
        mover = int(env.agent_selection.split("_")[1])
        for seat in range(state.players):
            mask = env.observe(f"player_{seat}")["action_mask"]
            legal = sorted(state.encode(a) for a in state.legal_actions(seat))
            assert list(np.flatnonzero(mask)) == legal
        assert mover == state.to_move()[0]
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_sealed_choices_are_taken_in_turn_and_stay_hidden() -> None:
    """El Grande's setup disks are chosen by every seat at once: the AEC env asks them one
    after the other, and the second sees the same whatever the first chose."""
    seen = []
    for pick in (0, -1):
        env = pettingzoo_env("el-grande", players=4, encoder=encoding("el-grande"))
        env.reset(seed=5)
        assert len(env.game_state.to_move()) > 1  # a sealed choice: several seats at once
        first = env.agent_selection
        legal = np.flatnonzero(env.observe(first)["action_mask"])
        assert len(legal) > 1
        env.step(int(legal[pick]))
        second = env.agent_selection
        assert second != first
        seen.append(env.observe(second)["observation"])
    assert np.array_equal(seen[0], seen[1])


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    env = pettingzoo_env("el-grande", players=3, encoder=encoding("el-grande"))
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    before = env.game_state.to_json()
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(IllegalAction):
        env.step(1.5)
    assert env.game_state.to_json() == before
    assert env.agent_selection == agent


def test_the_same_seed_deals_the_same_game() -> None:
    a = pettingzoo_env("palais-royal", players=3, encoder=encoding("palais-royal"))
    b = pettingzoo_env("palais-royal", players=3, encoder=encoding("palais-royal"))
    a.reset(seed=9)
    b.reset(seed=9)
    assert a.game_state.to_json() == b.game_state.to_json()
    a.reset()
    b.reset(seed=10)
    assert a.game_state.seed != b.game_state.seed or a.game_state.to_json() != \
        b.game_state.to_json()


def test_render_ansi_shows_the_spectator_view() -> None:
    env = pettingzoo_env("ming-dynasty", players=2, encoder=encoding("ming-dynasty"),
                         render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_the_package_functions_survive_their_modules_being_imported() -> None:
    """``regalia.rl.pettingzoo_env`` & co. stay functions after their adapters load (a
    submodule of the same name would replace them on the package)."""
    import regalia.rl
    from regalia.rl import gymnasium_adapter, openspiel_adapter, pettingzoo_adapter

    assert pettingzoo_adapter and gymnasium_adapter and openspiel_adapter
    for name in ("pettingzoo_env", "gymnasium_env", "openspiel_game"):
        assert callable(getattr(regalia.rl, name)), name
