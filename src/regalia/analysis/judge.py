"""Judging one decision: the search's view of a seat's choice, from that seat's information set.

The search is the hard level's (``hard``: ISMCTS over the game's evaluation with priors; the
bot ``hint`` runs), given an iteration budget so that the same seed gives the same judgement.
One search per decision, from :class:`regalia.bots.InformationSet` of the position *before*
the move: the bot samples the hidden parts afresh (``State.determinize``), so neither the
record's later entries nor anything the seat could not see enters the judgement. The win
chance after the played move comes from the same search's statistics for that action (its
share of first places, calibrated as ``IsmctsBot.top_actions`` does); a move the search never
played out gets the win chance of the worst move it did play out, the value its prior gave it
(the game's evaluation one action later), and a flag. The expected place before and after the
move comes from the same statistics (``Suggestion.expected_place``).

The win chance stops telling moves apart once it is settled: a seat far behind has about none
after every move, so a game lost 45 to 130 by always taking the first option lost no win chance
and read as 99.8% accurate. The search's evaluation margin still tells them apart (its mean
reward, ``Suggestion.value``: the margin a move gains, through a logistic curve), so a move
also loses what the margin it gave away would cost in an even position
(:func:`margin_equivalent`), and its loss is the larger of the two.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any

from regalia.bots import InformationSet, IsmctsBot, make_bot
from regalia.bots.ismcts import MARGIN_SCALE
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


def margin_lost(best_value: float, played_value: float) -> float:
    """Points of evaluation margin between two mean rewards of the search (each the margin a
    move gains through a logistic curve of scale MARGIN_SCALE), at least 0."""
    def logit(p: float) -> float:
        p = min(1.0 - 1e-6, max(1e-6, p))
        return math.log(p / (1.0 - p))

    return max(0.0, MARGIN_SCALE * (logit(best_value) - logit(played_value)))


def margin_equivalent(points: float, competitors: int) -> float:
    """The win chance ``points`` of margin cost in an even position of ``competitors``
    (each one's weight growing by e per MARGIN_SCALE points, the search's own model): 1/N
    less the chance of a seat that many points behind all the others."""
    if competitors < 2:
        return 0.0
    behind = math.exp(-points / MARGIN_SCALE)
    return 1.0 / competitors - behind / (behind + competitors - 1)


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
    if (mine.share, mine.value) == (best.share, best.value):
        # Tied with the preferred move (the same visits and value: the rows' order, the
        # game's list of actions, put the other first): as good a move as the search knows.
        best = mine
    explored = [r for r in rows if r.share > 0]
    unexplored = mine.share == 0
    if unexplored and explored:
        after = min(r.win_chance for r in explored)
        place_after = max(r.expected_place for r in explored)
        # Its value is the one the search started it with (its prior: the evaluation one
        # action later), what kept the search away from it; "no better than the worst move
        # played out" made it as good as the preferred move whenever the search played out
        # that one alone, as it often does (Ming Dynasty: a quarter of the loser's moves).
        # (0: no prior reached it, nothing known: the old rule)
        value_after = mine.value if bot.prior and mine.value > 0.0 else \
            min(r.value for r in explored)
    else:
        after, place_after, value_after = mine.win_chance, mine.expected_place, mine.value
    before = best.win_chance
    win_loss, margin = 0.0, 0.0
    if played != best.action:
        win_loss = max(0.0, before - after)
        margin = _round(margin_lost(best.value, value_after), 2)
    competitors = state.players + state.automata()
    loss = max(win_loss, margin_equivalent(margin, competitors))
    out.update({
        "win_before": _round(before),
        "place_before": _round(best.expected_place),
        "best": best.action.text,
        "best_description": state.describe(best.action),
        "win_after": _round(after),
        "place_after": _round(place_after),
        "win_loss": _round(win_loss),
        "margin_loss": margin,
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
