"""Games between greedy bots end by the rules' own trigger (12 or fewer nobles left in the
park when the start player's turn begins), not by the house rules `stall_rounds` or the dead
position (issue 36). The calibration behind it, with 100 games per player count, is in
docs/games/palais-royal.md ("Calibration"); these few seeded games guard it."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots.base import InformationSet
from regalia.bots.greedy import GreedyBot
from regalia.games.palais_royal.state import PalaisState
from tests.games.palais_royal.calibration import end_reason


def _greedy_game(players: int, seed: int) -> PalaisState:
    """The calibration's game ``seed`` (tests/games/palais_royal/calibration.py --bots greedy)."""
    s = regalia.new_game("palais-royal", players, seed=seed)
    assert isinstance(s, PalaisState)
    bots = [GreedyBot(seed * 10 + p) for p in range(players)]
    while not s.is_over():
        seat = s.cur
        s.apply(bots[seat].act(InformationSet(s, seat)), seat)
    return s


@pytest.mark.parametrize(("players", "seed"), [(2, 1000), (2, 1001), (3, 1000), (3, 1001),
                                               (4, 1000), (4, 1001)])
def test_greedy_games_end_by_the_last_round_rule(players: int, seed: int) -> None:
    s = _greedy_game(players, seed)
    assert end_reason(s) == "final round", (s.round, s.last_enlist, s.nobles_left())
    assert s.nobles_left() <= s.d.end_nobles
    # The seats spend what they earn: not a pile of gold held back for nobles never enlisted
    # (before the fix seats ended with a median of 67-103 gold, and up to 347).
    assert max(s.gold) < 100
