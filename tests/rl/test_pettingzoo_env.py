"""The PettingZoo AEC adapter: PettingZoo's own API test, seeding, sealed choices, rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import regalia
from regalia.engine.errors import IllegalAction
from regalia.rl import pettingzoo_env
from regalia.rl.pettingzoo_adapter import agent_name
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


SEALED = ("el-grande", "shadow-of-the-emperor", "ming-dynasty")  # seats choosing at once


@pytest.mark.parametrize("game", SEALED)
def test_in_every_sealed_choice_the_later_seats_see_nothing_of_the_earlier(game: str) -> None:
    """Why the AEC env serves for simultaneous choices (docs/rl.md): at each of the first
    three decisions where several seats choose at once (Shadow's votes, Ming's, El Grande's
    disks and cards), whatever each earlier seat of the choice picked, every later one
    observes the same numbers and has the same legal actions as if asked first."""
    players = table_size(game)
    checked = 0
    for seed in range(40):
        env = pettingzoo_env(game, players=players, encoder=encoding(game))
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        taken: list[int] = []
        while not env.game_state.is_over() and checked < 3:
            if len(env.game_state.to_move()) > 1:
                checked += 1
                picks = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
                assert len(picks) > 1
                seen = []
                for pick in (picks[0], picks[-1]):
                    branch = pettingzoo_env(game, players=players, encoder=encoding(game))
                    branch.reset(seed=seed)
                    for action in (*taken, int(pick)):
                        branch.step(action)
                    later = [branch.observe(agent_name(s))
                             for s in branch.game_state.to_move()]
                    seen.append([(o["observation"].tobytes(), o["action_mask"].tobytes())
                                 for o in later])
                assert seen[0] and seen[0] == seen[1], (game, seed, taken)
            action = int(rng.choice(np.flatnonzero(
                env.observe(env.agent_selection)["action_mask"])))
            taken.append(action)
            env.step(action)
        if checked >= 3:
            break
    assert checked == 3


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
