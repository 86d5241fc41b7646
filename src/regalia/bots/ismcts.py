"""Information-set Monte-Carlo tree search (ISMCTS) for every game.

Single-observer ISMCTS after Cowling, Powley & Whitehouse (2012), "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 4(2). Each iteration draws one determinization from the information
set (``info.sample(rng)``: the bot's only door to hidden parts), then walks one tree shared by
all determinizations. Tree nodes stand for sequences of actions, not for states, so the same
node is reached from many different hidden worlds; an edge's statistics are only compared with
its siblings that were legal in the same determinizations (availability counts, below).

Several players: every seat's decisions are in the tree, and each edge keeps a reward vector
indexed by seat; the seat that acts at a node chooses by UCB1 over its *own* reward (the
"max^n" reading of multi-player MCTS), so opponents are modelled as playing for themselves.

Sealed simultaneous choices (several seats in ``to_move()``): one seat acts at a time, by a fixed
rule (the bot's own seat at the root, else the first seat listed). That order alone would let
a later seat's tree statistics depend on an earlier seat's sealed choice, which it cannot see
at the table (the leak single-observer ISMCTS has, made worse: the later seat would best-reply
to a sealed choice). So inside a sealed round each seat's decisions hang off the node where the
round began under a key of their own, not under the other seats' choices; once everyone has
chosen (the choices are revealed) play continues from a node keyed by all of the round's
choices together. A round is recognised game-agnostically: it starts when several seats are to
move, and lasts while each decision just removes the seat that made it from ``to_move()``.

Reward, per seat, in [0, 1]: mostly the final place (1 for sole first, 0 for last, linear in
between, tied seats share the places they cover; opponents that are no seat, ``automata()``,
count as places), blended with a small share of the seat's score scaled by the lowest and
highest scores seen in this search. The place is what players play for; the score share breaks
the flat spots where random rollouts nearly always give the same place (a solo game against an
automaton, a hopeless or a won position) and keeps the bot trying to score.

Rollouts play uniformly random legal actions (``rollout="random"``) or the greedy bot's choice
(``rollout="greedy"``: one step of the game's evaluation, :mod:`regalia.bots.evaluations`) to
the end, or to ``rollout_cap`` decisions. A position cut off there is judged by its running
``ranking()`` and ``scores()`` (``leaf="score"``), or by the game's evaluation
(``leaf="evaluation"``: each seat's margin over the others, less its margin at the root in the
same hidden world, through a logistic curve), which knows what a position is worth before its
points are counted (El Grande's majorities before a scoring round). The gain since the root, not
the margin itself: a seat far ahead or behind would sit on the curve's flat tail, where every
move looks the same (docs/bots.md, "Palais Royal"). With ``rollout_cap=0`` the search judges
every new node at once by the evaluation: a tree search over the evaluation, the setting of the
``medium`` and ``hard`` levels (a random rollout to the end is most of an iteration's cost, and
against the greedy bot the cut rollouts did worse than none; docs/bots.md).

Node priors (``prior``, progressive bias after Chaslot et al. (2008), "Progressive Strategies
for Monte-Carlo Tree Search", and the heuristic priors of Gelly & Silver (2007)): with
``prior=K`` every new edge starts as if it had been visited ``K`` times at the reward the game's
evaluation gives the acting seat one action later (the greedy bot's judgement), so a search of
a single iteration plays the greedy bot's move and every further iteration looks deeper from
there, instead of spending its first visits on trying every action once. The walk then ends at
the first edge no iteration has gone through yet, and judges (or rolls out) the position there.
Inside a sealed round only the first seat to choose gets priors: the later seats' positions
hold the earlier seats' choices, which they could not see.

Deterministic: the same seed and the same positions give the same actions, unless a wall-clock
budget (``seconds``) is asked for.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, Final, NamedTuple

from regalia.bots.evaluations import AllSeats, Evaluation, evaluation_for, evaluation_of_all_for
from regalia.engine.actions import Action
from regalia.engine.compiling import let_others_run
from regalia.engine.i18n import _
from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.bots.base import InformationSet
    from regalia.engine.state import State

DEFAULT_ITERATIONS = 200  # "ismcts": about 0.2 s a decision in El Grande 4p, at most ~0.5 s
STRONG_ITERATIONS = 2000  # "ismcts-strong": about ten times longer
LEVEL_PRIOR: Final = 5  # virtual visits of an action's prior in the levels' search (docs/bots.md)
# The levels' UCB1 constant: leaf rewards from evaluation margins differ by a few hundredths
# between siblings, and with priors a small constant lets the search go deep along the lines
# the evaluation likes (0.3 won 16.5 of 40 games against three greedy bots where 0.7 won 13.5).
LEVEL_EXPLORATION: Final = 0.3


class _Node:
    """A node of the tree, and the statistics of the edge (the action) that leads to it.

    ``children`` holds action edges under their action codes (ints), and, for sealed rounds,
    the per-seat decision nodes and the after-the-round nodes under tuple keys (they never
    collide with codes).
    """

    __slots__ = ("avail", "children", "place", "reward", "virtual", "visits", "wins")

    def __init__(self, seats: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0  # backed-up iterations plus ``virtual`` ones
        self.virtual = 0  # visits the prior stands for (never backed up)
        self.wins = 0.0  # root edges only: the searching seat's first places (shared: 1/k)
        self.place = 0.0  # root edges only: the searching seat's (expected) places, summed
        self.avail = 1  # how often this edge was legal when its parent chose
        self.reward = [0.0] * seats  # summed rewards per seat, over ``visits``

    @property
    def real(self) -> int:
        """Iterations backed up through this edge (its visits less the prior's)."""
        return self.visits - self.virtual

    def sub(self, key: Hashable, seats: int) -> _Node:
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node(seats)
        return node


class _Tree:
    """The search tree as native arrays indexed by node id (0 is the root): the statistics of
    :class:`_Node`, kept in ``list[int]``/``list[float]`` so that the compiled build reads and
    updates them as machine numbers (an object per node made every visit a generic attribute
    look-up and every reward a boxed float), the rewards flat at ``node * seats + seat``.

    ``children[node]`` maps action codes to child ids (None until the node has a child); the
    sealed rounds' per-seat and after-the-round nodes are under ``(node, key)`` in ``keyed``.
    :meth:`nodes` turns it into :class:`_Node` objects once the search is done."""

    __slots__ = ("avail", "children", "keyed", "place", "reward", "seats", "virtual", "visits",
                 "wins")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.visits: list[int] = []
        self.virtual: list[int] = []
        self.avail: list[int] = []
        self.wins: list[float] = []
        self.place: list[float] = []
        self.reward: list[float] = []
        self.children: list[dict[int, int] | None] = []
        self.keyed: dict[tuple[int, Hashable], int] = {}
        self.add()  # the root

    def add(self) -> int:
        """A new node (its edge never visited, available once); its id."""
        node = len(self.visits)
        self.visits.append(0)
        self.virtual.append(0)
        self.avail.append(1)
        self.wins.append(0.0)
        self.place.append(0.0)
        self.children.append(None)
        reward = self.reward
        for _s in range(self.seats):
            reward.append(0.0)
        return node

    def child(self, node: int, code: int) -> int:
        """A new child of ``node`` under the action ``code``."""
        child = self.add()
        children = self.children[node]
        if children is None:
            self.children[node] = {code: child}
        else:
            children[code] = child
        return child

    def sub(self, node: int, key: Hashable) -> int:
        """The child of ``node`` under a sealed round's ``key``, made on first use."""
        found = self.keyed.get((node, key))
        if found is None:
            found = self.keyed[(node, key)] = self.add()
        return found

    def decided(self, codes: list[int], left: int) -> bool:
        """:func:`_decided` of the root."""
        children = self.children[0]
        visits = self.visits
        first = second = 0
        for code in codes:
            child = children.get(code, -1) if children is not None else -1
            n = visits[child] if child >= 0 else 0
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def nodes(self) -> _Node:
        """The tree as :class:`_Node` objects (the root), for the callers that read it."""
        seats = self.seats
        made = []
        for node in range(len(self.visits)):
            one = _Node(seats)
            one.visits = self.visits[node]
            one.virtual = self.virtual[node]
            one.avail = self.avail[node]
            one.wins = self.wins[node]
            one.place = self.place[node]
            one.reward = self.reward[node * seats:(node + 1) * seats]
            made.append(one)
        for node in range(len(self.visits)):
            children = self.children[node]
            if children is not None:
                for code, child in children.items():
                    made[node].children[code] = made[child]
        for (node, key), child in self.keyed.items():
            made[node].children[key] = made[child]
        return made[0]


class _Round:
    """A sealed round met during one iteration: where it began, each seat's own decision
    node in it, and every choice made, for the node after the round."""

    __slots__ = ("choices", "nodes", "start")

    def __init__(self, start: int) -> None:
        self.start = start
        self.nodes: dict[int, int] = {}
        self.choices: list[tuple[int, int]] = []


class IsmctsBot:
    """Information-set MCTS: strong play in any game from its rules alone.

    ``iterations`` determinizations (and rollouts) per decision, or as many as fit in
    ``seconds`` of wall-clock time when that is given. ``exploration`` is the UCB1 constant
    (rewards lie in [0, 1]). ``rollout_cap`` cuts rollouts after that many decisions.
    ``score_weight`` is the share of the reward that comes from the score rather than the place.
    ``rollout`` is the rollout policy (``random`` or ``greedy``), ``leaf`` how a capped
    rollout's last position is judged (``score`` or ``evaluation``; see the module's text).
    ``prior`` is the weight, in virtual visits, of the evaluation's judgement of a new edge
    (0: none, a plain expansion).
    """

    def __init__(self, seed: int | None = None, iterations: int = 400,
                 seconds: float | None = None, exploration: float = 0.7,
                 rollout_cap: int | None = None, score_weight: float = 0.2,
                 name: str = "ismcts", rollout: str = "random", leaf: str = "score",
                 prior: int = 0, stop: str = "early") -> None:
        if iterations < 1:
            raise ValueError(_("iterations must be at least 1"))
        if seconds is not None and seconds <= 0:
            raise ValueError(_("seconds must be positive"))
        if not 0.0 <= score_weight <= 1.0:
            raise ValueError(_("score_weight must lie in [0, 1]"))
        if rollout not in ROLLOUTS:
            raise ValueError(_("rollout is one of {choices}, not {value}").format(
                choices=", ".join(ROLLOUTS), value=repr(rollout)))
        if leaf not in LEAVES:
            raise ValueError(_("leaf is one of {choices}, not {value}").format(
                choices=", ".join(LEAVES), value=repr(leaf)))
        if rollout_cap is not None and rollout_cap < 0:
            raise ValueError(_("rollout_cap must be 0 or more"))
        if prior < 0:
            raise ValueError(_("prior must be 0 or more"))
        if stop not in STOPS:
            raise ValueError(_("stop is one of {choices}, not {value}").format(
                choices=", ".join(STOPS), value=repr(stop)))
        self.prior = prior
        self.stop = stop
        self.rollout = rollout
        self.leaf = leaf
        self._evaluate: Evaluation | None = None  # the game's evaluation, set by search()
        self._evaluate_all: AllSeats | None = None  # ...and for every seat at once
        self._me = 0  # the searching seat
        self._won = 0.0  # whether the last rollout's position is a win for it (1/k: shared)
        self._place = 0.0  # the place it reached there (expected, for a judged position)
        self._base: list[float] = []  # each seat's evaluation of this iteration's root sample
        self.name = name
        # Each decision searches with its own stream, split from the bot's: however many
        # iterations a search runs (stopping early, a time budget), later decisions draw the
        # same numbers, so stopping early changes the time a game takes and nothing else.
        self._stream = Rng(fresh_seed() if seed is None else seed)
        self.rng = self._stream.split()
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_cap = rollout_cap
        self.score_weight = score_weight
        self.last_iterations = 0  # iterations run by the last search (for benchmarks)

    # ------------------------------------------------------------------ the decision
    def act(self, info: InformationSet) -> Action:
        legal = info.legal_actions
        if not legal:
            raise ValueError(_("seat {seat} has no legal action to choose from").format(
                seat=info.seat))
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]  # nothing to weigh: spend no time
        root = self.search(info, early=self.stop == "early")
        # The most visited action is the robust choice; ties go to the better mean reward,
        # then to the game's own order (a stable result).
        seat = info.seat
        best, best_key = legal[0], (-1, -1.0)
        for action in legal:
            child = root.children.get(action.code)
            if child is None or child.visits == 0:
                continue
            key = (child.visits, child.reward[seat] / child.visits)
            if key > best_key:
                best, best_key = action, key
        return best

    def search(self, info: InformationSet, early: bool = False) -> _Node:
        """Run the search from ``info`` and return the root (its children: the bot's actions).

        ``early``: stop as soon as the most visited action can no longer be overtaken, by
        the iterations left of the budget or (a time budget) by as many as the rate so far
        would still run: the move is the one the whole budget would choose (for a time
        budget, the one it would very likely choose), only sooner. Not for hints and
        analysis, which read every action's share of the visits."""
        seats = info.players
        self._prepare(info)
        tree = _Tree(seats)
        codes = [action.code for action in info.legal_actions] if early else []
        bounds = [math.inf, -math.inf]  # lowest and highest score seen, to scale scores
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        while True:
            self._iterate(info, tree, seats, bounds)
            done += 1
            let_others_run()  # (compiled, the search would hold up every other thread)
            if deadline is None:
                if done >= self.iterations:
                    break
                left = self.iterations - done
            else:
                now = time.perf_counter()
                if now >= deadline:
                    break
                left = int(done * (deadline - now) / max(now - start, 1e-9)) + 1
            if codes and done % EARLY_CHECK == 0 and tree.decided(codes, left):
                break
        self.last_iterations = done
        return tree.nodes()

    def _prepare(self, info: InformationSet) -> None:
        self.rng = self._stream.split()  # this decision's own stream (see __init__)
        self._me = info.seat
        if self.rollout == "greedy" or self.leaf == "evaluation" or self.prior:
            self._evaluate = evaluation_for(info.game_id)
            self._evaluate_all = evaluation_of_all_for(info.game_id)

    def top_actions(self, info: InformationSet, count: int = 3) -> list[Suggestion]:
        """The ``count`` actions the search likes best, most visited first (then the better
        mean reward: for actions never played out, their prior's), each with its share of the
        root's (real) visits, the searching seat's estimated chance to win after it, and its
        expected place (1 first; tied seats have the best place they share, as in
        ``State.ranking``).

        The raw chance is the share of its rollouts that ended in first place (where the
        search judges cut-off positions, the mean chance those positions' margins give). A
        margin early in a game says little about who wins, and the seat that just moved is
        always a little ahead, so the raw chance is optimistic early (77% at Palais Royal's
        first move). It is calibrated by shrinking it toward the fair share (1/N) in
        proportion to how much of the game is left (:meth:`progress`): the fair share at the
        start of a game, the search's own figure at its end. The expected place is gathered
        the same way (the place a finished rollout reached, or the one the margins of a cut-off
        position make likely: :meth:`_judged`) and shrunk toward the middle place alike."""
        legal = info.legal_actions
        root = self.search(info)  # (even for one legal action: the win chance is asked for)
        # (drawn after the search, so that a hint's search is the same as the bot's move)
        competitors = info.players + info.sample(self.rng).automata()
        fair, middle = 1.0 / competitors, (competitors + 1) / 2
        trust = self.progress(info)
        rows = []
        total = 0
        for action in legal:
            child = root.children.get(action.code)
            visits = child.real if child is not None else 0  # (a prior's visits are no play)
            total += visits
            if child is None or not visits:
                # Never played out: no win chance or place is known, but with priors its
                # value is the one the search started it with (the evaluation one action
                # later), which is what kept the search away from it.
                prior = 0.0
                if child is not None and child.visits:
                    prior = child.reward[info.seat] / child.visits
                rows.append((action, 0, fair, middle, prior))
            else:
                raw, place = child.wins / visits, child.place / visits
                rows.append((action, visits, fair + trust * (raw - fair),
                             middle + trust * (place - middle),
                             child.reward[info.seat] / child.visits))
        rows.sort(key=lambda r: (-r[1], -r[4]))
        return [Suggestion(a, v / total if total else 1.0 / len(legal), w, p, value)
                for a, v, w, p, value in rows[:count]]

    def progress(self, info: InformationSet) -> float:
        """How far into its game the seat's position is: 0 at the start, 1 at the end.

        Game-agnostic: one less the mean length (in decisions) of random playouts from
        samples of the position over the mean length of random playouts of a new game with
        the same options (``PROGRESS_PLAYOUTS`` each; the new game's figure is kept)."""
        rng = self.rng
        lengths = [_playout_length(info.sample(rng), rng) for _i in range(PROGRESS_PLAYOUTS)]
        now = sum(lengths) / len(lengths)
        sample = info.sample(rng)
        key = (info.game_id, info.players, repr(sorted(sample.options.items())))
        start = _START_LENGTHS.get(key)
        if start is None:
            cls = type(sample)
            total = 0
            for seed in range(PROGRESS_PLAYOUTS):
                fresh = cls.new(info.players, seed=seed, edition=sample.edition,
                                options=dict(sample.options))
                total += _playout_length(fresh, Rng(seed))
            start = _START_LENGTHS[key] = total / PROGRESS_PLAYOUTS
        if start <= 0:
            return 1.0
        return min(1.0, max(0.0, 1.0 - now / start))

    # ------------------------------------------------------------------ one iteration
    def _iterate(self, info: InformationSet, tree: _Tree, seats: int,
                 bounds: list[float]) -> None:
        rng = self.rng
        state = info.sample(rng)  # a hidden world consistent with what the seat knows
        if self._evaluate_all is not None:
            # Judged positions are measured from the root in the same hidden world (see
            # _judged): the margins' differences come from the actions, not from the draw.
            self._base = self._evaluate_all(state)
        path: list[int] = []
        node = 0  # the root
        sealed: _Round | None = None
        first = True
        while True:
            movers = state.to_move()
            if not movers:
                break
            if first:
                seat = info.seat  # the root decision is the bot's, even in a sealed round
                first = False
            else:
                seat = movers[0]
            if len(movers) > 1 and sealed is None:
                sealed = _Round(node)
            if sealed is not None:
                # Inside a sealed round a seat decides from its own node, blind to the
                # others' choices in the round; the first to act uses the round's start node.
                own = sealed.nodes.get(seat, -1)
                if own < 0:
                    own = sealed.start if not sealed.choices else \
                        tree.sub(sealed.start, ("seat", seat))
                node = own
            legal = state._mover_actions(seat)  # (the seat is one of the movers)
            # Priors only where the seat has seen every choice made so far: inside a sealed
            # round the state holds the earlier seats' (simulated) sealed choices.
            prime = self.prior if sealed is None or not sealed.choices else 0
            action, child, expanded = self._select(tree, node, legal, seat, state, prime)
            path.append(child)
            state._play(action, seat)
            if sealed is not None:
                sealed.nodes[seat] = child
                sealed.choices.append((seat, action.code))
                after = state.to_move()
                if not (after and set(after) == set(movers) - {seat}):
                    # Everyone has chosen: the choices are public now, so what follows
                    # depends on all of them.
                    child = tree.sub(sealed.start, ("after", tuple(sorted(sealed.choices))))
                    sealed = None
            node = child
            if expanded:
                break
        reward = self._rollout(state, seats, bounds)
        if path:
            edge = path[0]
            tree.wins[edge] = tree.wins[edge] + self._won
            tree.place[edge] = tree.place[edge] + self._place
        visits = tree.visits
        totals = tree.reward
        for edge in path:
            visits[edge] = visits[edge] + 1
            at = edge * seats
            for s in range(seats):
                totals[at + s] = totals[at + s] + reward[s]

    def _select(self, tree: _Tree, node: int, legal: tuple[Action, ...], seat: int,
                state: State, prime: int) -> tuple[Action, int, bool]:
        """The action ``seat`` takes at ``node``, its edge, and whether the walk ends there.

        Without a prior: an untried action if any (expansion), else the best by UCB1 among
        the children legal in this determinization. With one (``prime`` virtual visits), a
        new child starts as if visited ``prime`` times with the reward the game's evaluation
        gives ``seat`` after the action, so UCB1 tries the promising actions first and the
        walk ends at the first edge no iteration has yet gone through."""
        children = tree.children[node]
        avail = tree.avail
        untried: list[int] = []  # indexes into legal
        tried: list[int] = []  # indexes into legal...
        edges: list[int] = []  # ...and their children
        for i in range(len(legal)):
            child = children.get(legal[i].code, -1) if children is not None else -1
            if child < 0:
                if prime:
                    child = self._primed(tree, node, state, legal[i], seat, prime)
                    children = tree.children[node]
                    tried.append(i)
                    edges.append(child)
                else:
                    untried.append(i)
            else:
                # Availability: this edge could have been chosen now, whether or not it is.
                avail[child] = avail[child] + 1
                tried.append(i)
                edges.append(child)
        if untried:
            action = legal[untried[self.rng.below(len(untried))]]
            return action, tree.child(node, action.code), True
        c = self.exploration
        visits = tree.visits
        reward = tree.reward
        seats = tree.seats
        best, best_value = 0, -math.inf
        for k in range(len(tried)):
            child = edges[k]
            n = visits[child]
            if n == 0:  # reached but not yet backed up (only within one iteration)
                return legal[tried[k]], child, False
            # log of a float: compiled, math.log of an int is a call through Python (the
            # same value: the int converts exactly)
            value = reward[child * seats + seat] / n + \
                c * math.sqrt(math.log(float(avail[child])) / n)
            if value > best_value:
                best, best_value = k, value
        child = edges[best]
        return legal[tried[best]], child, visits[child] == tree.virtual[child]

    def _primed(self, tree: _Tree, node: int, state: State, action: Action, seat: int,
                weight: int) -> int:
        """A new child of ``node`` holding ``weight`` virtual visits at the evaluation's
        reward for ``seat`` after ``action`` (progressive bias by node priors; only the acting
        seat's reward is ever read at this edge's parent, so only it is primed)."""
        evaluate = self._evaluate
        assert evaluate is not None  # set by _prepare whenever a prior is asked for
        after = state.clone()
        after.apply(action, seat)
        child = tree.child(node, action.code)
        tree.visits[child] = tree.virtual[child] = weight
        gain = evaluate(after, seat) - self._base[seat]
        tree.reward[child * tree.seats + seat] = weight * _logistic(gain / MARGIN_SCALE)
        return child

    def _rollout(self, state: State, seats: int, bounds: list[float]) -> list[float]:
        rng = self.rng
        cap = self.rollout_cap
        greedy = self._evaluate if self.rollout == "greedy" else None
        steps = 0
        while True:
            movers = state.to_move()
            if not movers:
                return self._reward(state, seats, bounds)
            if cap is not None and steps >= cap:
                break
            seat = movers[0]  # sealed choices are hidden: their order does not matter
            # (the engine's own read for a seat just taken from to_move(): legal_actions
            # would ask to_move() again on every step of every rollout)
            legal = state._mover_actions(seat)
            if greedy is None or len(legal) == 1:
                action = legal[rng.below(len(legal))]
            else:
                action = _greedy_choice(state, seat, legal, greedy, rng)
            state._play(action, seat)  # one of the mover's legal actions
            steps += 1
        if self._evaluate_all is not None and self.leaf == "evaluation":
            return self._judged(state, seats, self._evaluate_all)
        return self._reward(state, seats, bounds)

    def _judged(self, state: State, seats: int, evaluate_all: AllSeats) -> list[float]:
        """Rewards for a cut-off position from the game's evaluation: each seat's gain in
        value (its margin over the others, or over an automaton) since the root of this
        iteration's hidden world, through a logistic curve, so that a seat that gained gets
        more than a half and the reward keeps growing with the gain.

        The gain, not the margin itself: a margin of several MARGIN_SCALEs (a seat well
        ahead or behind, or an evaluation that counts a seat's own prospects and so puts
        every seat ahead: Palais Royal's) sits on the flat tail of the curve, where every
        sibling's reward is the same to a few thousandths and UCB1 spreads the visits
        evenly, so the search picked moves nearly at random there. Greedy compares the
        margins' differences; so does the search now."""
        values = evaluate_all(state)
        me = values[self._me]
        scale = MARGIN_SCALE
        # A cut-off position is not a result: being ahead one ply after the root is not a
        # win. The chance to win is estimated from the margins instead (Bradley-Terry: each
        # seat's weight grows by e per MARGIN_SCALE points), so equal positions give 1/N.
        # The expected place from the same weights: one plus the chance that each other
        # competitor finishes ahead (pairwise contests of the same model).
        if state.automata():
            self._won = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -me / scale))))
            self._place = 2.0 - self._won  # the seat against the automaton (solo games)
        else:
            top = max(values)
            weights = [math.exp(max(-60.0, (v - top) / scale)) for v in values]
            mine = weights[self._me]
            self._won = mine / sum(weights)
            self._place = 1.0 + sum(w / (w + mine) for s, w in enumerate(weights)
                                    if s != self._me)
        base = self._base
        return [_logistic((v - b) / scale) for v, b in zip(values, base, strict=True)]

    def _reward(self, state: State, seats: int, bounds: list[float]) -> list[float]:
        places = state.ranking()
        self._won = 1.0 / _count(places, 1) if places[self._me] == 1 else 0.0
        self._place = float(places[self._me])
        scores = state.scores()
        lo, hi = bounds
        for value in scores:  # float(): compiled, an int cannot be stored in a float local
            if value < lo:
                lo = float(value)
            if value > hi:
                hi = float(value)
        bounds[0], bounds[1] = lo, hi
        span = hi - lo
        w = self.score_weight
        competitors = seats + state.automata()
        if competitors < 2:
            w = 1.0  # nobody to be placed against: the score is all there is
        out = []
        for s in range(seats):
            place = places[s]
            if competitors > 1:
                # k tied seats at place p cover places p..p+k-1: they share their mean value.
                tied = _count(places, place)
                by_place = (competitors - place - (tied - 1) / 2) / (competitors - 1)
            else:
                by_place = 0.0
            by_score = (scores[s] - lo) / span if span > 0 else 0.5
            out.append((1.0 - w) * by_place + w * by_score)
        return out


class Suggestion(NamedTuple):
    """An action a search recommends: its share of the search's visits, the estimated chance to
    win after it, and the expected place (1 is first)."""

    action: Action
    share: float
    win_chance: float
    expected_place: float
    # The searching seat's mean reward after it (0..1; for an action never played out, its
    # prior's reward, or 0 without priors): with the evaluation as leaf judge, the margin it
    # gains (MARGIN_SCALE · logit), which still tells moves apart when the win chance is
    # gone (the analysis reads it).
    value: float = 0.0


# Points of evaluation margin that make a leaf's reward 0.73 rather than 0.5 (logistic):
# about a region's second place in El Grande, a triple in Castles of Burgundy, a noble in
# Palais Royal.
MARGIN_SCALE: Final = 4.0

ROLLOUTS = ("random", "greedy")
LEAVES = ("score", "evaluation")
STOPS = ("early", "full")  # stop a decision's search once its move is settled, or never

# Iterations between two looks at whether a decision is settled (a look scans the root's
# children; checking less often only stops a few iterations later).
EARLY_CHECK: Final = 8


# Random playouts a progress estimate plays, from the position and from a new game.
PROGRESS_PLAYOUTS: Final = 8
_START_LENGTHS: dict[tuple[str, int, str], float] = {}  # a new game's mean playout length


def _playout_length(state: State, rng: Rng) -> int:
    """Decisions a uniformly random playout of ``state`` (played on, not copied) takes."""
    length = 0
    while movers := state.to_move():
        seat = movers[0]
        legal = state._mover_actions(seat)
        state._play(legal[rng.below(len(legal))], seat)
        length += 1
    return length


def _decided(root: _Node, codes: list[int], left: int) -> bool:
    """Whether the root's most visited action stays the most visited whatever ``left`` more
    iterations do (each adds a visit to one root action), so that the choice is settled."""
    children = root.children
    first = second = 0
    for code in codes:
        child = children.get(code)
        visits = child.visits if child is not None else 0
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def _count(places: tuple[int, ...], place: int) -> int:
    """``places.count(place)``, which compiled is a method call through Python."""
    n = 0
    for p in places:
        if p == place:
            n += 1
    return n


def _logistic(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-z)) if z > -60.0 else 0.0


def _greedy_choice(state: State, seat: int, legal: tuple[Action, ...], evaluate: Evaluation,
                   rng: Rng) -> Action:
    """The rollout step of the greedy policy: the action whose result ``evaluate`` likes best
    (ties by ``rng``). The rollout state is already a sample, so nothing hidden is read."""
    best: list[Action] = []
    top = -math.inf
    for action in legal:
        after = state.clone()
        after.apply(action, seat)
        value = evaluate(after, seat)
        if value > top + 1e-9:
            top, best = value, [action]
        elif value >= top - 1e-9:
            best.append(action)
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def ismcts_bot(seed: int | None = None) -> IsmctsBot:
    """The default ISMCTS bot: a budget for quick play (well under a second a decision)."""
    return IsmctsBot(seed, iterations=DEFAULT_ITERATIONS, name="ismcts")


def ismcts_strong_bot(seed: int | None = None) -> IsmctsBot:
    """A slower, stronger ISMCTS bot (ten times the default budget)."""
    return IsmctsBot(seed, iterations=STRONG_ITERATIONS, name="ismcts-strong")
