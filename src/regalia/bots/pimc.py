"""Perfect-information Monte Carlo (PIMC): the plain determinized-rollout baseline.

Each round of the search draws one determinization of the information set (``info.sample``),
then plays every legal action in it once and rolls the game out to the end (or to a cap) with
the same rollouts and rewards as :mod:`regalia.bots.ismcts`. The action with the best mean
reward over the rounds is chosen. No tree: it looks one decision deep and averages over the
hidden worlds, the baseline that information-set search is measured against (Long, Sturtevant,
Buro & Furtak (2010), "Understanding the Success of Perfect Information Monte Carlo Sampling in
Game Tree Search", AAAI).

An *iteration* is one rollout, as in ISMCTS, so the two compare at equal iterations as well as
at equal time.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from regalia.bots.ismcts import IsmctsBot, _Node
from regalia.engine.compiling import let_others_run
from regalia.engine.i18n import _

if TYPE_CHECKING:
    from regalia.bots.base import InformationSet
    from regalia.engine.actions import Action


class PimcBot(IsmctsBot):
    """Determinized rollouts of every legal action; the best mean reward wins."""

    # The settings spelled out rather than passed on as ``**settings``: compiled with mypyc, a
    # dict of keyword arguments handed to the compiled base class was bound to the wrong
    # parameters ("float object expected; got dict").
    def __init__(self, seed: int | None = None, iterations: int = 400,
                 seconds: float | None = None, exploration: float = 0.7,
                 rollout_cap: int | None = None, score_weight: float = 0.2,
                 name: str = "pimc", rollout: str = "random", leaf: str = "score",
                 prior: int = 0) -> None:
        super().__init__(seed, iterations=iterations, seconds=seconds, exploration=exploration,
                         rollout_cap=rollout_cap, score_weight=score_weight, name=name,
                         rollout=rollout, leaf=leaf, prior=prior)

    def act(self, info: InformationSet) -> Action:
        legal = info.legal_actions
        if not legal:
            raise ValueError(_("seat {seat} has no legal action to choose from").format(
                seat=info.seat))
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = self.search(info)
        seat = info.seat
        best, best_key = legal[0], (-math.inf, -1)
        for action in legal:  # best mean; ties to the more tried, then to the game's order
            child = root.children.get(action.code)
            if child is None or not child.visits:
                continue
            key = (child.reward[seat] / child.visits, child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, info: InformationSet, early: bool = False) -> _Node:
        # (``early`` is the tree search's: every action here gets the same rollouts, and the
        # choice is the best mean, which the rollouts left can always still change)
        seats = info.players
        self._prepare(info)
        root = _Node(seats)
        legal = info.legal_actions
        seat = info.seat
        bounds = [math.inf, -math.inf]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        sample = None
        while True:
            k = done % len(legal)
            if k == 0 or sample is None:
                sample = info.sample(self.rng)
                if self._evaluate_all is not None:
                    self._base = self._evaluate_all(sample)  # judged leaves: gains from here
            state = sample.clone()
            action = legal[k]
            state.apply(action, seat)
            reward = self._rollout(state, seats, bounds)
            child = root.sub(action.code, seats)
            child.visits += 1
            child.wins += self._won
            total = child.reward
            for s in range(seats):
                total[s] += reward[s]
            done += 1
            let_others_run()  # (compiled, the search would hold up every other thread)
            if deadline is None:
                if done >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root
