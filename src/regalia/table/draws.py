"""What a chance draw asks of the table: its outcomes, and who may see the one that came up.

The engine says which draw comes next and from which population (:meth:`State.pending_draw`);
this module adds what the table needs to ask it: the distinct outcomes with how many of each
are left, whether everyone sees the outcome, and if not, which seats do.

Who sees a secret draw is found without any per-game table: the action is finished twice on
copies, once with one outcome and once with another (every later draw filled the same way in
both), and the seats whose views differ are the ones that see it. A draw whose outcome shows
in the spectator's view is public; one that shows in no view at all is known to nobody at the
table (the engine still needs a value: see :mod:`regalia.table.session`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from regalia.engine.state import State

# The pending draw after some outcomes, or None once they complete the step.
Probe = Callable[[Sequence[tuple[str, Any]]], "tuple[str, tuple[Any, ...]] | None"]
# The finished position after the step with every outcome given.
Finish = Callable[[Sequence[tuple[str, Any]]], State]


@dataclass(frozen=True)
class Draw:
    """One chance draw the table must answer."""

    label: str
    population: tuple[Any, ...]  # a multiset, as the engine holds it
    public: bool  # every seat sees the outcome
    seers: tuple[int, ...]  # the seats that see a secret outcome (empty for a public one)

    @property
    def choices(self) -> list[tuple[Any, int]]:
        """The distinct outcomes still possible, each with how many of it are left."""
        counts: dict[str, tuple[Any, int]] = {}
        for item in self.population:
            key = outcome_key(item)
            value, n = counts.get(key, (item, 0))
            counts[key] = (value, n + 1)
        return [counts[k] for k in sorted(counts)]

    @property
    def forced(self) -> bool:
        """Only one outcome is possible: nobody need be asked."""
        return len(self.choices) == 1

    @property
    def unknown(self) -> bool:
        """Nobody at the table sees the outcome (the engine still needs one)."""
        return not self.public and not self.seers


def outcome_key(value: Any) -> str:
    """A stable text for an outcome (outcomes are JSON values: mostly names)."""
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True)


def examine(label: str, population: Sequence[Any], *, public_label: bool, players: int,
            probe: Probe, finish: Finish, given: Sequence[tuple[str, Any]]) -> Draw:
    """The draw ``label`` from ``population``, made after the outcomes ``given``; a label the
    game declares public is not probed."""
    pop = tuple(population)
    draw = Draw(label, pop, True, ())
    if public_label or draw.forced:
        return draw
    first, second = (value for value, _n in draw.choices[:2])
    views = [_views(_finished(probe, finish, [*given, (label, v)], (first, second)), players)
             for v in (first, second)]
    if views[0][-1] != views[1][-1]:  # the spectator's view shows it
        return draw
    seers = tuple(s for s in range(players) if views[0][s] != views[1][s])
    return Draw(label, pop, False, seers)


def _finished(probe: Probe, finish: Finish, given: list[tuple[str, Any]],
              avoid: tuple[Any, Any]) -> State:
    """The step finished after ``given``, each later draw filled by the first outcome that is
    neither of ``avoid`` (so both trial worlds fill them alike)."""
    outcomes = list(given)
    keys = {outcome_key(v) for v in avoid}
    while (wanted := probe(outcomes)) is not None:
        label, pop = wanted
        ordered = sorted(pop, key=outcome_key)
        pick = next((v for v in ordered if outcome_key(v) not in keys), ordered[0])
        outcomes.append((label, pick))
    return finish(outcomes)


def _views(state: State, players: int) -> list[str]:
    return [json.dumps(state.view(s), sort_keys=True, default=str)
            for s in (*range(players), None)]
