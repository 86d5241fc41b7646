"""Ratings of bots from ranked multiplayer games (OpenSkill's Plackett-Luce model), and the
95% interval of a win rate.

OpenSkill (the ``openskill`` package, extra ``tournament``) is a Bayesian rating for any number
of players per game, with ties, after Weng & Lin (2011), "A Bayesian Approximation Method for
Online Ranking", JMLR 12. Every bot starts at mu 25, sigma 25/3; each game moves the ratings of
the bots in it by their places. A bot holding several seats of one game (fewer bots than
seats) is rated once per seat, and takes the mean of those ratings.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import _

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A cautious figure to rank by: mu less three sigmas (OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma


def wilson_interval(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (wins may be fractional: shared firsts)."""
    if games <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, wins / games))
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def ratings_available() -> bool:
    try:
        importlib.import_module("openskill.models")
    except ImportError:
        return False
    return True


def rate_games(entrants: int, games: Sequence[tuple[Sequence[int], Sequence[int]]]
               ) -> list[Rating]:
    """Each entrant's rating after ``games``, rated in order: each game is (the entrant in
    each seat, each seat's place, 1 = first)."""
    try:
        models: Any = importlib.import_module("openskill.models")
    except ImportError:
        raise RegaliaError(_("ratings need the openskill package: pip install "
                             "'regalia[tournament]'")) from None
    model = models.PlackettLuce()
    current = [model.rating() for _ in range(entrants)]
    for seats, places in games:
        teams = [[model.rating(mu=current[e].mu, sigma=current[e].sigma)] for e in seats]
        rated = model.rate(teams, ranks=list(places))
        sums: dict[int, list[float]] = {}
        for e, team in zip(seats, rated, strict=True):
            total = sums.setdefault(e, [0.0, 0.0, 0.0])
            total[0] += team[0].mu
            total[1] += team[0].sigma
            total[2] += 1
        for e, (mu, sigma, n) in sums.items():
            current[e] = model.rating(mu=mu / n, sigma=sigma / n)
    return [Rating(r.mu, r.sigma) for r in current]
