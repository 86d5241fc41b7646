"""The PIMC baseline: legal, reproducible, one rollout per iteration, better than random."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots import InformationSet, RandomBot, make_bot
from regalia.bots.pimc import PimcBot
from regalia.engine import Rng


def test_registered_as_pimc() -> None:
    bot = make_bot("pimc:iterations=30", 1)
    assert isinstance(bot, PimcBot) and bot.name == "pimc" and bot.iterations == 30


@pytest.mark.parametrize("game", [info.id for info in regalia.list_games()])
def test_legal_actions_along_a_random_game(game: str) -> None:
    info = regalia.get_game(game)
    state = regalia.new_game(game, info.default_players, seed=2)
    rng = Rng(4)
    bot = PimcBot(seed=1, iterations=3, rollout_cap=10)
    for _ in range(40):
        movers = state.to_move()
        if not movers:
            break
        for seat in movers:
            assert bot.act(InformationSet(state, seat)) in state.legal_actions(seat)
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])


def test_every_action_is_rolled_out_in_turn() -> None:
    state = regalia.new_game("el-grande", 3, seed=3)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert len(legal) > 2
    bot = PimcBot(seed=2, iterations=4 * len(legal))
    root = bot.search(InformationSet(state, seat))
    assert [root.children[a.code].visits for a in legal] == [4] * len(legal)
    assert bot.last_iterations == 4 * len(legal)


def test_same_seed_same_choice() -> None:
    state = regalia.new_game("castles-of-burgundy-cards", 2, seed=6)
    seat = state.to_move()[0]
    picks = {PimcBot(seed=5, iterations=20).act(InformationSet(state, seat)) for _ in range(3)}
    assert len(picks) == 1


def test_beats_random_clearly() -> None:
    # Offline, 20 iterations a decision won nearly every 2-player El Grande game against
    # random; 7 or more of 8 at a fair coin's 1/2 has probability 3.5 %.
    wins = 0.0
    for g in range(8):
        state = regalia.new_game("el-grande", 2, seed=700 + g)
        me = g % 2
        bots = [RandomBot(g), RandomBot(g + 100)]
        pimc = PimcBot(seed=g, iterations=20)
        while movers := state.to_move():
            seat = movers[0]
            bot = pimc if seat == me else bots[seat]
            state.apply(bot.act(InformationSet(state, seat)), seat)
        ranking = state.ranking()
        if ranking[me] == 1:
            wins += 1 / ranking.count(1)
    assert wins >= 7
