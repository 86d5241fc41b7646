"""The OpenSpiel adapter: games load through pyspiel, OpenSpiel's own tests and bots run."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import regalia
from regalia.rl.openspiel_adapter import openspiel_game, register_game
from regalia.rl.rewards import final_rewards
from tests.rl.helpers import encoding, game_ids, table_size


@pytest.mark.parametrize("game", game_ids())
def test_a_random_game_plays_through_pyspiel_with_place_returns(game: str) -> None:
    players = table_size(game)
    loaded = pyspiel.load_game(register_game(game), {"players": players, "seed": 5,
                                                     "encoder": encoding(game)})
    assert loaded.num_players() == players
    assert loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    state = loaded.new_initial_state()
    rng = np.random.default_rng(5)
    size = loaded.observation_tensor_size()
    step = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        engine = state.regalia_state
        assert player == engine.to_move()[0]
        assert legal == sorted(engine.encode(a) for a in engine.legal_actions(player))
        if step % 16 == 0:  # encoding the view is most of a step's cost
            assert len(state.observation_tensor(player)) == size
        state.apply_action(int(rng.choice(legal)))
        step += 1
    assert state.returns() == list(final_rewards(state.regalia_state))
    if loaded.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert sum(state.returns()) == pytest.approx(0.0)


def test_the_seed_parameter_fixes_the_sequence_of_deals() -> None:
    def deals(seed: int) -> list[int]:
        game = openspiel_game("palais-royal", 3, seed=seed, encoder=encoding("palais-royal"))
        return [game.new_initial_state().regalia_state.seed for _ in range(3)]

    assert deals(1) == deals(1)
    assert deals(1) != deals(2)
    assert len(set(deals(1))) == 3


def test_a_clone_is_independent_and_keeps_the_history() -> None:
    state = openspiel_game("el-grande", 4, encoder=encoding("el-grande")).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy.history() == state.history()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1
    assert copy.regalia_state is not state.regalia_state


def test_openspiels_random_sim_test_passes() -> None:
    # OpenSpiel's own consistency test (clones, histories, observations at every step); it
    # is slow on long games, so the solo game and the shortest table stand in for the rest.
    for game, players in (("castles-of-burgundy-cards", 1), ("shadow-of-the-emperor", 2)):
        loaded = openspiel_game(game, players, seed=2, encoder=encoding(game))
        pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def test_resampling_keeps_what_the_player_knows() -> None:
    state = openspiel_game("ming-dynasty", 3, encoder=encoding("ming-dynasty")).new_initial_state()
    rng = np.random.default_rng(1)
    for _ in range(12):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    worlds = [state.resample_from_infostate(player, np.random.RandomState(s).rand)
              for s in range(4)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    hidden = {w.regalia_state.to_json() for w in worlds}
    assert len(hidden) > 1  # the others' hidden parts were drawn afresh


def test_openspiels_ismcts_bot_plays_el_grande() -> None:
    """OpenSpiel's IS-MCTS searches worlds drawn by resample_from_infostate (determinize)."""
    game = openspiel_game("el-grande", 3, seed=4, encoder=encoding("el-grande"))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6,
                           random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(3):  # the sealed setup disks, then the first power card
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert len(state.history()) == 3


def test_openspiels_mcts_bot_picks_legal_actions() -> None:
    """OpenSpiel's plain MCTS (which searches the true state) picks legal actions here."""
    game = openspiel_game("shadow-of-the-emperor", 2, seed=3,
                          encoder=encoding("shadow-of-the-emperor"))
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1,
                                            random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(2):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_every_game_registers_once_under_a_stable_name() -> None:
    names = [register_game(g) for g in game_ids()]
    assert names == [register_game(g) for g in game_ids()]
    registered = set(pyspiel.registered_names())
    assert all(name in registered for name in names)
    assert register_game("el-grande") == "python_regalia_el_grande"
    with pytest.raises(regalia.UnknownGame):
        register_game("no-such-game")


@pytest.mark.parametrize("game", game_ids())
def test_the_python_observation_tensor_is_openspiels_own(game: str) -> None:
    """The adapter's quicker observation_tensor gives OpenSpiel's C++ path's very numbers,
    for every seat, in clones too, and leaves the sequence of deals alone (OpenSpiel's path
    builds a new initial state at each call to learn the tensor's size)."""
    loaded = openspiel_game(game, table_size(game), seed=3, encoder=encoding(game))
    state = loaded.new_initial_state()
    rng = np.random.default_rng(3)
    step = 0
    while not state.is_terminal():
        if step % 9 == 0:
            twin = state.clone()
            for seat in range(loaded.num_players()):
                ours = state.observation_tensor(seat)
                assert ours == pyspiel.State.observation_tensor(state, seat)
                assert twin.observation_tensor(seat) == ours
            assert state.observation_tensor() == state.observation_tensor(state.current_player())
        state.apply_action(int(rng.choice(state.legal_actions())))
        step += 1
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(loaded.num_players())
    observed, unobserved = (openspiel_game(game, table_size(game), seed=3,
                                           encoder=encoding(game)) for _ in range(2))
    assert observed is not unobserved
    observed.new_initial_state().observation_tensor(0)
    unobserved.new_initial_state()
    assert (observed.new_initial_state().regalia_state.seed
            == unobserved.new_initial_state().regalia_state.seed)
