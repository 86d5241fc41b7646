"""The reward a learner gets: by final place, ties shared, in [-1, 1], nothing before the end.

Places rather than scores because every game ranks by its own tie-breakers after the scores
(and a score of 80 means something else in each game); a zero-sum reward also suits
self-play. Of ``n`` places (seats plus the automata of a solo game), place ``k`` is worth
``1 - 2 (k - 1) / (n - 1)``: 1 for first, -1 for last, 0 in the middle. Seats that share a
place share the places they cover: two seats tied first of four get the mean of 1 and 1/3.
"""

from __future__ import annotations

from regalia.engine.state import State


def place_value(place: float, places: int) -> float:
    """The worth of (a possibly fractional, shared) ``place`` of ``places``."""
    if places <= 1:
        return 0.0
    return 1.0 - 2.0 * (place - 1.0) / (places - 1)


def final_rewards(state: State) -> tuple[float, ...]:
    """Each seat's reward for the game's result (all zeros while it goes on)."""
    if not state.is_over():
        return (0.0,) * state.players
    ranking = state.ranking()
    places = state.players + state.automata()
    out = []
    for place in ranking:
        # a solo seat tied with the automaton is ranked first; it counts as first here too
        tied = sum(1 for other in ranking if other == place)
        out.append(place_value(place + (tied - 1) / 2, places))
    return tuple(out)
