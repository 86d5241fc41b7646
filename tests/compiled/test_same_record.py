"""The same seed gives the same game record in the pure and the compiled variant."""

from __future__ import annotations

import pytest

from tests.compiled.test_atomic import GAMES
from tests.compiled.variants import compiled_python, in_compiled, in_pure

PLAY = """
import json
import regalia
from regalia.bots.greedy import GreedyBot
from regalia.bots.base import InformationSet
from regalia.engine.bench import random_playout
from regalia.engine.rng import Rng
from regalia.cli.bench import build_variant
out = {"variant": build_variant(), "records": {}}
for game in %r:
    info = regalia.get_game(game)
    n = max(info.min_players, min(4, info.max_players))
    state = regalia.new_game(game, n, seed=11)
    random_playout(state, Rng(5))
    # and a few decisions by a bot that reads evaluations (compiled code paths of its own)
    other = regalia.new_game(game, n, seed=12)
    bot = GreedyBot(seed=3)
    for _ in range(30):
        movers = other.to_move()
        if not movers:
            break
        other.apply(bot.act(InformationSet(other, movers[0])), movers[0])
    out["records"][game] = [state.record().to_json(), other.to_json()]
print(json.dumps(out))
"""


def assert_same_in_both_variants(code: str) -> None:
    """``code`` prints the records of every game; both variants must print the same."""
    python = compiled_python()
    if python is None:
        pytest.skip("no compiled build here (CI's compiled run has one)")
    compiled = in_compiled(python, code)
    pure = in_pure(code)
    assert compiled["variant"] == "compiled" and pure["variant"] == "pure"
    assert set(compiled["records"]) == set(GAMES)
    for game in GAMES:
        assert compiled["records"][game] == pure["records"][game], game


def test_same_seed_same_record_in_both_variants() -> None:
    assert_same_in_both_variants(PLAY % (GAMES,))


# The strength tables are played with the compiled build where it saves hours (docs/bots.md):
# that is only honest if a search with an iteration budget chooses, compiled, exactly what it
# chooses pure: its floats (UCB, rewards, the evaluations' logistic curve) and its random
# stream must not differ by a bit.
SEARCH = """
import json
import regalia
from regalia.bots import make_bot
from regalia.bots.base import InformationSet
from regalia.cli.bench import build_variant
out = {"variant": build_variant(), "records": {}}
for game in %r:
    info = regalia.get_game(game)
    n = max(info.min_players, min(4, info.max_players))
    state = regalia.new_game(game, n, seed=21)
    bots = [make_bot("hard:iterations=60", seed=7), make_bot("pimc:iterations=8", seed=8)]
    for step in range(10):
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0]
        state.apply(bots[step %% 2].act(InformationSet(state, seat)), seat)
    out["records"][game] = state.to_json()
print(json.dumps(out))
"""


def test_searches_choose_the_same_in_both_variants() -> None:
    assert_same_in_both_variants(SEARCH % (GAMES,))
