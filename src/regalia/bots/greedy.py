"""The greedy bot: one-ply look-ahead with a hand-written evaluation per game.

For each legal action the bot applies it to a determinized sample of its information set
(``info.sample``: hidden parts drawn afresh, never the true state) and scores the position
reached with the game's evaluation (:mod:`regalia.bots.evaluations`, picked by game id; a game
without one of its own is judged by its running score margin). The best action wins; actions
whose values lie within ``TIE`` of the best are told apart by the bot's own random stream, so
that equal choices do not always fall on the first one listed.

One sample is drawn per decision and shared by every candidate, so all of them are compared
in the same hidden world (the differences come from the actions, not from the samples).

Where a turn is split into decisions that change nothing a player counts until the next one is
made (Castles of Burgundy: "play 4" only picks the die, the action comes next), a game's
evaluation module says so with ``LOOKAHEAD = 2``: a candidate that leaves the same seat to
decide again is then worth the best of its follow-ups (up to ``LOOKAHEAD`` own decisions in a
row). The default, 1, is the plain one-step look-ahead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.bots.evaluations import Evaluation, evaluation_for, lookahead_for
from regalia.engine.i18n import _
from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.bots.base import InformationSet
    from regalia.engine.actions import Action
    from regalia.engine.state import State

TIE = 1e-6  # values closer than this are the same to the bot


class GreedyBot:
    """Pick the action whose one-step result the game's evaluation likes best."""

    def __init__(self, seed: int | None = None, name: str = "greedy") -> None:
        self.name = name
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self._evaluations: dict[str, tuple[Evaluation, int]] = {}

    def act(self, info: InformationSet) -> Action:
        legal = info.legal_actions
        if not legal:
            raise ValueError(_("seat {seat} has no legal action to choose from").format(
                seat=info.seat))
        if len(legal) == 1:
            return legal[0]
        values = self.values(info)
        return self.pick(legal, values)

    def values(self, info: InformationSet) -> list[float]:
        """The evaluation after each legal action, in ``info.legal_actions`` order."""
        game = info.game_id
        known = self._evaluations.get(game)
        if known is None:
            known = self._evaluations[game] = (evaluation_for(game), lookahead_for(game))
        evaluate, depth = known
        sample = info.sample(self.rng)
        seat = info.seat
        if depth <= 1:
            return [evaluate(_after(sample, action, seat), seat) for action in info.legal_actions]
        return [_best(_after(sample, action, seat), seat, evaluate, depth - 1)
                for action in info.legal_actions]

    def pick(self, legal: tuple[Action, ...], values: list[float]) -> Action:
        top = max(values)
        best = [a for a, v in zip(legal, values, strict=True) if v >= top - TIE]
        return best[0] if len(best) == 1 else best[self.rng.below(len(best))]


def _after(sample: State, action: Action, seat: int) -> State:
    state = sample.clone()
    state.apply(action, seat)
    return state


def _best(state: State, seat: int, evaluate: Evaluation, depth: int) -> float:
    """The position's value to ``seat``: its evaluation, or, while ``seat`` alone decides
    again and ``depth`` allows, the best value its next decision reaches."""
    if depth <= 0 or state.to_move() != (seat,):
        return evaluate(state, seat)
    return max(_best(_after(state, action, seat), seat, evaluate, depth - 1)
               for action in state.legal_actions(seat))


def greedy_bot(seed: int | None = None) -> GreedyBot:
    return GreedyBot(seed)
