"""Judging one decision: the search's view of a seat's choice, from that seat's information set.

The search is the hard level's (``hard``: ISMCTS over the game's evaluation with priors; the
bot ``hint`` runs), given an iteration budget so that the same seed gives the same judgement.
One search per decision, from :class:`regalia.bots.InformationSet` of the position *before*
the move: the bot samples the hidden parts afresh (``State.determinize``), so neither the
record's later entries nor anything the seat could not see enters the judgement. The win
chance after the played move comes from the same search's statistics for that action (its
share of first places, calibrated as ``IsmctsBot.top_actions`` does); a move the search never
played out is judged no better than the worst move it did play out, and flagged. The expected
place before and after the move comes from the same statistics (``Suggestion.expected_place``).
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from regalia.bots import InformationSet, IsmctsBot, make_bot
from regalia.engine.errors import InvalidOption
from regalia.engine.i18n import _
from regalia.engine.state import State

# Lost win chance (0..1) from which a move is marked. Chess sites mark by lost winning chance
# too (lichess: 10/20/30 points of a two-player game); a four-player game's fair share is 25%,
# so a move that throws away 20 points gives up most of one's fair share: a blunder. Below 5
# points the search's own noise at the default budget is of that size, so nothing is marked.
INACCURACY = 0.05
MISTAKE = 0.10
BLUNDER = 0.20
MARKS = ("inaccuracy", "mistake", "blunder")

DEFAULT_ITERATIONS = 600  # a 4-player game in a few minutes on one quiet core (README)
SEARCH = "hard"  # the strongest bot: the level ``hint`` runs


@dataclass(frozen=True)
class Budget:
    """How long the search thinks a decision: iterations (deterministic) or seconds."""

    iterations: int | None = DEFAULT_ITERATIONS
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise InvalidOption(_("give the analysis an iteration budget or a thinking time"))
        if self.iterations is not None and self.iterations < 1:
            raise InvalidOption(_("--iterations must be at least 1"))
        if self.seconds is not None and self.seconds <= 0:
            raise InvalidOption(_("--think must be a positive time"))

    @property
    def spec(self) -> str:
        if self.seconds is not None:
            return f"{SEARCH}:think={self.seconds:g}s"
        return f"{SEARCH}:iterations={self.iterations}"


def decision_seed(seed: int, step: int) -> int:
    """The search's seed at decision ``step``: from the analysis seed and the step alone, so a
    decision is judged the same whichever worker takes it."""
    digest = hashlib.blake2b(f"{seed}:{step}".encode(), digest_size=8,
                             person=b"regalia-analysis").digest()
    return int.from_bytes(digest, "big")


def mark_of(loss: float) -> str | None:
    """The mark a move's lost win chance (0..1) earns, or None."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= MISTAKE:
        return "mistake"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0..100, from its lost win chance: lichess's published curve
    (103.1668·e^(−0.04354·points) − 3.1669, points lost in percentage points), which gives
    100 for no loss, about 80 for 5 points, 63 for 10 and 39 for 20."""
    value = 103.1668 * math.exp(-0.04354 * 100.0 * loss) - 3.1669
    return max(0.0, min(100.0, value))


def judge(state: State, seat: int, action_text: str, step: int, budget: Budget,
          seed: int) -> dict[str, Any]:
    """The judgement of ``seat`` playing ``action_text`` in ``state`` (decision ``step``),
    as a JSON-ready dict (docs/analysis.md lists its keys)."""
    legal = state.legal_actions(seat)
    played = state.parse_action(action_text)
    out: dict[str, Any] = {
        "step": step,
        "seat": seat,
        "action": played.text,
        "description": state.describe(played),
        "legal": len(legal),
        "forced": len(legal) == 1,
    }
    if len(legal) == 1:
        return out  # one legal action: nothing to choose, nothing to judge
    bot = make_bot(budget.spec, decision_seed(seed, step))
    if not isinstance(bot, IsmctsBot):  # (the hard level is one: a guard for the type checker)
        raise TypeError(f"{budget.spec} is no tree search")
    rows = bot.top_actions(InformationSet(state, seat), len(legal))
    best = rows[0]
    mine = next(r for r in rows if r.action == played)
    explored = [r for r in rows if r.share > 0]
    unexplored = mine.share == 0
    if unexplored and explored:
        after = min(r.win_chance for r in explored)
        place_after = max(r.expected_place for r in explored)
    else:
        after, place_after = mine.win_chance, mine.expected_place
    before = best.win_chance
    loss = max(0.0, before - after) if played != best.action else 0.0
    out.update({
        "win_before": _round(before),
        "place_before": _round(best.expected_place),
        "best": best.action.text,
        "best_description": state.describe(best.action),
        "win_after": _round(after),
        "place_after": _round(place_after),
        "loss": _round(loss),
        "share": _round(mine.share),
        "unexplored": unexplored,
        "mark": mark_of(_round(loss)),
        "accuracy": _round(move_accuracy(_round(loss)), 2),
        "iterations": bot.last_iterations,
    })
    return out


def _round(value: float, digits: int = 4) -> float:
    # Rounded so that the JSON report is short and its bytes stable across platforms.
    return round(value + 0.0, digits)
