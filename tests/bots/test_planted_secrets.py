"""Every searching bot, and the hints, act the same when a secret they may not see differs."""

from __future__ import annotations

import pytest

from regalia.bots import InformationSet, make_bot
from regalia.bots.ismcts import IsmctsBot
from regalia.engine import Rng
from regalia.engine.state import State
from tests.support.playing import twin_positions

# Two states with one view give the same samples, sample by sample: determinize() draws
# everything hidden from the sampler's stream and from the view alone (the pools the others'
# cards go back into are put in a canonical order first), so a seeded search reads nothing of
# the truth. El Grande's hidden parts are taken-back power cards and sealed disks; Castles of
# Burgundy's and Palais Royal's the others' hands and the cards not yet drawn.
GAMES = [("el-grande", 4), ("castles-of-burgundy-cards", 3), ("palais-royal", 3)]
SPECS = ["ismcts:iterations=12", "ismcts:iterations=12:leaf=evaluation:cap=6",
         "pimc:iterations=12", "pimc:iterations=12:leaf=evaluation:cap=6", "greedy",
         "hard:iterations=12"]  # the levels: the evaluation as prior and judge


def _positions(game: str, players: int, count: int) -> list[tuple[State, State, int]]:
    return twin_positions(game, players, count, seed=31, rng=Rng(8), every=7, at=3)


@pytest.mark.parametrize(("game", "players"), GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_a_planted_secret_does_not_change_the_choice(game: str, players: int,
                                                     spec: str) -> None:
    positions = _positions(game, players, 4)
    assert positions
    for k, (truth, twin, seat) in enumerate(positions):
        assert twin.view(seat) == truth.view(seat)
        a = make_bot(spec, k).act(InformationSet(truth, seat))
        b = make_bot(spec, k).act(InformationSet(twin, seat))
        assert a == b, (game, spec, k)


@pytest.mark.parametrize(("game", "players"), [("castles-of-burgundy-cards", 3),
                                               ("palais-royal", 3)])
def test_greedy_ignores_a_planted_secret(game: str, players: int) -> None:
    for k, (truth, twin, seat) in enumerate(_positions(game, players, 4)):
        a = make_bot("greedy", k).act(InformationSet(truth, seat))
        b = make_bot("greedy", k).act(InformationSet(twin, seat))
        assert a == b, (game, k)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_hints_do_not_change_with_a_planted_secret(game: str, players: int) -> None:
    truth, twin, seat = _positions(game, players, 1)[0]
    hints = []
    for world in (truth, twin):
        bot = make_bot("hard:iterations=30:cap=6", 4)
        assert isinstance(bot, IsmctsBot)
        hints.append(bot.top_actions(InformationSet(world, seat)))
    assert hints[0] == hints[1]
    assert 1 <= len(hints[0]) <= 3
