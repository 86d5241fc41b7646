"""The ISMCTS bot: legal, reproducible, blind to the true state, and clearly better than random."""

from __future__ import annotations

import math
import time

import pytest

import regalia
from regalia.bots import BOTS, Bot, InformationSet, RandomBot, make_bot
from regalia.bots.evaluations import evaluation_for
from regalia.bots.ismcts import MARGIN_SCALE, IsmctsBot
from regalia.cli.tournament import Tournament, play_match
from regalia.engine import Rng
from regalia.engine.actions import Action
from regalia.engine.state import State


class CountingInformationSet(InformationSet):
    """An information set that counts the determinizations asked of it and can be rigged to
    hand out one chosen world instead of fresh samples."""

    __slots__ = ("rigged", "samples")

    def __init__(self, state: State, seat: int, rigged: State | None = None) -> None:
        super().__init__(state, seat)
        self.samples = 0
        self.rigged = rigged

    def sample(self, rng: Rng) -> State:
        self.samples += 1
        if self.rigged is not None:
            return self.rigged.clone()
        return super().sample(rng)


def _toy_two_cards(opponent: tuple[int, int], opponent_bid: int) -> State:
    """Toy game, 2 players, 2 cards each: seat 1 holds 3 and 5; seat 0 holds ``opponent``
    and has already sealed ``opponent_bid`` for the first round."""
    cls = regalia.get_game("toy-sealed-bids").state_class
    deal = [("deal0", opponent[0]), ("deal0", opponent[1]), ("deal1", 3), ("deal1", 5)]
    state = cls.new(2, seed=0, options={"hand": 2}, chance=deal)
    state.apply(state.parse_action(f"bid {opponent_bid}"), 0)
    return state


def _setups() -> list[tuple[str, int]]:
    return [(info.id, n) for info in regalia.list_games()
            for n in range(info.min_players, info.max_players + 1)]


@pytest.mark.parametrize(("game", "players"), _setups())
def test_a_legal_action_in_every_position_of_a_random_game(game: str, players: int) -> None:
    state = regalia.new_game(game, players, seed=11)
    rng = Rng(3)
    bot = IsmctsBot(seed=7, iterations=2)
    positions = 0
    while movers := state.to_move():
        for seat in movers:  # every seat of a sealed choice, not only the first
            action = bot.act(InformationSet(state, seat))
            assert action in state.legal_actions(seat), (game, players, positions, seat)
        seat = movers[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
        positions += 1
    assert positions > 0


def test_registered_under_its_names() -> None:
    for name in ("ismcts", "ismcts-strong"):
        bot = make_bot(name, 1)
        assert isinstance(bot, IsmctsBot) and bot.name == name
    assert BOTS["ismcts"](1).iterations < BOTS["ismcts-strong"](1).iterations


def test_same_seed_same_choices() -> None:
    state = regalia.new_game("el-grande", 3, seed=4)
    rng = Rng(9)
    for _ in range(40):  # a few positions into the game, sealed choices included
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    seat = state.to_move()[0]
    picks = {IsmctsBot(seed=21, iterations=30).act(InformationSet(state, seat))
             for _ in range(3)}
    assert len(picks) == 1


def test_seed_drives_the_search() -> None:
    # Different seeds explore differently: over a few seeds at a tiny budget the choice
    # varies (so the determinism above is not a bot that ignores its random stream).
    state = regalia.new_game("castles-of-burgundy-cards", 2, seed=8)
    seat = state.to_move()[0]
    assert len(state.legal_actions(seat)) > 1
    picks = {IsmctsBot(seed=s, iterations=1).act(InformationSet(state, seat))
             for s in range(12)}
    assert len(picks) > 1


def test_single_legal_action_is_returned_without_search() -> None:
    state = _toy_two_cards((5, 2), 2)
    state.apply(state.parse_action("bid 5"), 1)  # round 2: one card each, one legal bid
    info = CountingInformationSet(state, 1)
    assert len(info.legal_actions) == 1
    bot = IsmctsBot(seed=1, iterations=500)
    assert bot.act(info) == info.legal_actions[0]
    assert info.samples == 0


def test_one_determinization_per_iteration_through_the_information_set() -> None:
    state = regalia.new_game("el-grande", 4, seed=6)
    seat = state.to_move()[0]
    before = state.to_json()
    info = CountingInformationSet(state, seat)
    bot = IsmctsBot(seed=2, iterations=17, stop="full")
    bot.act(info)
    assert info.samples == 17
    assert state.to_json() == before  # the true state is never played on


@pytest.mark.parametrize(("world", "best"), [
    # Seat 0 sealed 5 and keeps 1: bid 5 too (nobody scores), then 3 beats 1: win 3-0.
    # Bidding 3 instead gives 5-5.
    (((5, 1), 5), "bid 5"),
    # Seat 0 sealed 2 and keeps 5: bid 3 (3 beats 2), then 5 meets 5: win 3-0.
    # Bidding 5 instead gives 5-5.
    (((5, 2), 2), "bid 3"),
])
def test_beliefs_come_only_from_sample(world: tuple[tuple[int, int], int], best: str) -> None:
    # The true state is the *other* world each time: a bot that peeked at it would answer
    # the other way. The rigged sample() is the only place the answer can come from.
    truth = _toy_two_cards((5, 2), 2) if best == "bid 5" else _toy_two_cards((5, 1), 5)
    rigged = _toy_two_cards(*world)
    info = CountingInformationSet(truth, 1, rigged=rigged)
    assert info.view == InformationSet(rigged, 1).view  # both worlds look the same to seat 1
    action = IsmctsBot(seed=3, iterations=40, stop="full").act(info)
    assert action.text == best
    assert info.samples == 40


def test_wall_clock_budget() -> None:
    state = regalia.new_game("castles-of-burgundy-cards", 2, seed=5)
    seat = state.to_move()[0]
    bot = IsmctsBot(seed=1, seconds=0.05)
    assert bot.act(InformationSet(state, seat)) in state.legal_actions(seat)
    assert bot.last_iterations >= 1


def _win_share(game: str, games: int, iterations: int) -> float:
    """The ISMCTS bot's share of wins against a random bot, seats alternating; a shared
    first place counts as a share of a win."""
    wins = 0.0
    for g in range(games):
        state = regalia.new_game(game, 2, seed=1000 + g)
        me = g % 2
        bots: list[Bot] = [RandomBot(2 * g), RandomBot(2 * g + 1)]
        bots[me] = IsmctsBot(seed=g, iterations=iterations)
        while movers := state.to_move():
            seat = movers[0]
            action: Action = bots[seat].act(InformationSet(state, seat))
            state.apply(action, seat)
        ranking = state.ranking()
        if ranking[me] == 1:
            wins += 1 / ranking.count(1)
    return wins / games


# Offline, with other seeds, these budgets won 58/60 (El Grande) and 54/60 (Castles) games
# against random; a random player's expected share is 1/2, and 13 or more wins in 16 fair
# coin tosses has probability about 1 %.
@pytest.mark.parametrize(("game", "iterations"), [
    ("el-grande", 8),
    ("castles-of-burgundy-cards", 8),
])
def test_beats_random_clearly(game: str, iterations: int) -> None:
    assert _win_share(game, 16, iterations) >= 13 / 16


@pytest.mark.parametrize("game", ["el-grande", "palais-royal", "castles-of-burgundy-cards"])
def test_a_judged_search_does_not_call_the_first_move_a_sure_win(game: str) -> None:
    # With leaves judged by the evaluation one ply deep, "ahead right after my move" used to
    # count as a win: the first move of a game showed a 100% win chance. Margins give an
    # estimate near 1/N in an even opening.
    state = regalia.new_game(game, 3, seed=11)
    seat = state.to_move()[0]
    bot = make_bot("hard:iterations=200", 2)
    assert isinstance(bot, IsmctsBot)
    for suggestion in bot.top_actions(InformationSet(state, seat)):
        assert 0.05 < suggestion.win_chance < 0.8, (game, suggestion)


def test_a_time_budget_is_honoured_within_a_tolerance() -> None:
    state = regalia.new_game("el-grande", 4, seed=5)
    seat = state.to_move()[0]
    for spec in ("ismcts:think=0.2s:stop=full", "hard:think=0.2s:stop=full"):
        bot = make_bot(spec, 1)
        start = time.perf_counter()
        bot.act(InformationSet(state, seat))
        elapsed = time.perf_counter() - start
        # It searches until the deadline, then finishes the iteration under way (a few ms,
        # more on a loaded machine).
        assert 0.2 <= elapsed < 0.2 + 0.5, (spec, elapsed)


@pytest.mark.parametrize(("world", "best"), [(((5, 1), 5), "bid 5"), (((5, 2), 2), "bid 3")])
def test_a_settled_decision_stops_early(world: tuple[tuple[int, int], int], best: str) -> None:
    # Two bids, one of them a sure win in the only world the seat can be dealt: the winning
    # bid leads the visits at once, and the search stops once the rest cannot overtake it.
    rigged = _toy_two_cards(*world)
    full = CountingInformationSet(rigged, 1, rigged=rigged)
    assert IsmctsBot(seed=3, iterations=4000, stop="full").act(full).text == best
    assert full.samples == 4000
    early = CountingInformationSet(rigged, 1, rigged=rigged)
    bot = IsmctsBot(seed=3, iterations=4000)
    assert bot.act(early).text == best
    assert early.samples == bot.last_iterations < 4000 * 0.6
    # The same with a time budget: it stops when the rate so far says the time left cannot
    # change the choice.
    timed = IsmctsBot(seed=3, seconds=1.5)
    start = time.perf_counter()
    assert timed.act(CountingInformationSet(rigged, 1, rigged=rigged)).text == best
    assert time.perf_counter() - start < 1.5 * 0.8


def _lines(game: str, spec: str, seed: int) -> tuple[list[str], int]:
    """A 2-player game of the level search (seat 0) against greedy: its moves and the
    iterations the search ran in all."""
    state = regalia.new_game(game, 2, seed=seed)
    bots = [make_bot(spec, 5), make_bot("greedy", 6)]
    moves: list[str] = []
    iterations = 0
    while movers := state.to_move():
        seat = movers[0]
        action = bots[seat].act(InformationSet(state, seat))
        if seat == 0:
            iterations += getattr(bots[0], "last_iterations", 0)
        moves.append(action.text)
        state.apply(action, seat)
    return moves, iterations


@pytest.mark.parametrize("game", ["shadow-of-the-emperor", "castles-of-burgundy-cards"])
def test_stopping_early_plays_the_same_game_sooner(game: str) -> None:
    # Each decision draws from its own stream, so a search that stopped early leaves later
    # decisions unchanged: the whole game is the one the full budget plays.
    full, spent = _lines(game, "hard:iterations=60:stop=full", 3)
    early, saved = _lines(game, "hard:iterations=60", 3)
    assert early == full
    assert saved < spent


def test_decided_needs_a_lead_larger_than_the_iterations_left() -> None:
    from regalia.bots.ismcts import _decided, _Node

    root = _Node(2)
    for code, visits in ((1, 30), (2, 12)):
        root.sub(code, 2).visits = visits
    assert _decided(root, [1, 2], 17)
    assert not _decided(root, [1, 2], 18)  # 12 + 18 = 30: a tie could still go either way
    assert not _decided(root, [1, 2, 3], 18)
    assert _decided(root, [1, 3], 29)  # an action never tried counts 0 visits
    assert not _decided(root, [1, 3], 30)


def _rigged_position(game: str, players: int, decisions: int) -> tuple[State, int]:
    state = regalia.new_game(game, players, seed=31)
    rng = Rng(5)
    for _ in range(decisions):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    while len(state.legal_actions(seat := state.to_move()[0])) < 3:
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    return state, seat


@pytest.mark.parametrize(("game", "decisions"), [("el-grande", 60), ("palais-royal", 56)])
def test_the_prior_starts_every_action_at_its_evaluation(game: str, decisions: int) -> None:
    # One iteration in one rigged world: every root action gets its virtual visits at the
    # evaluation's reward after it, the walk takes the best of them (the greedy choice in
    # that world) and backs up one real visit there. (Palais Royal's position after 60
    # random decisions has two best choices since its rules version 3: 56.)
    state, seat = _rigged_position(game, 4, decisions)
    world = state.determinize(seat, Rng(8))
    info = CountingInformationSet(state, seat, rigged=world)
    evaluate = evaluation_for(game)
    base = evaluate(world, seat)  # rewards measure the gain since the root, same world
    values = {}
    for action in info.legal_actions:
        after = world.clone()
        after.apply(action, seat)
        values[action.code] = evaluate(after, seat)
    best = max(values, key=lambda code: values[code])
    assert sorted(values.values())[-2] < values[best]  # a unique greedy choice
    bot = IsmctsBot(seed=1, iterations=1, prior=5, leaf="evaluation", rollout_cap=0)
    root = bot.search(info)
    for action in info.legal_actions:
        child = root.children[action.code]
        assert child.virtual == 5
        assert child.real == (1 if action.code == best else 0)
        if action.code != best:
            assert child.reward[seat] == pytest.approx(
                5 / (1 + math.exp(-(values[action.code] - base) / MARGIN_SCALE)))
    assert bot.act(info).code == best


def test_judged_rewards_stay_apart_when_a_seat_is_far_ahead() -> None:
    # Palais Royal's margins reach several MARGIN_SCALEs within a few turns (and the seat's
    # own prospects put every seat ahead): judged on the margin itself, every sibling sat on
    # the flat tail of the logistic, a point of difference moved the reward by thousandths,
    # and the level search played nearly at random (0 of 60 wins against greedy). Judged on
    # the gain since the root, a point still moves the reward by a few hundredths.
    evaluate = evaluation_for("palais-royal")
    state = regalia.new_game("palais-royal", 2, seed=3)
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    # Two greedy bots' game, to the first position on the flat tail (a margin of more than
    # four MARGIN_SCALEs) whose choices lie a point or more apart.
    for _ in range(400):
        seat = state.to_move()[0]
        world = state.determinize(seat, Rng(8))
        values = {}
        for action in state.legal_actions(seat):
            after = world.clone()
            after.apply(action, seat)
            values[action.code] = evaluate(after, seat)
        if abs(evaluate(world, seat)) > 4 * MARGIN_SCALE and \
                max(values.values()) - min(values.values()) >= 1.0:
            break
        state.apply(bots[seat].act(InformationSet(state, seat)), seat)
    assert abs(evaluate(world, seat)) > 4 * MARGIN_SCALE  # the flat tail (checked, not assumed)
    info = CountingInformationSet(state, seat, rigged=world)
    hi, lo = max(values, key=values.__getitem__), min(values, key=values.__getitem__)
    assert values[hi] - values[lo] >= 1.0
    root = IsmctsBot(seed=1, iterations=1, prior=5, leaf="evaluation", rollout_cap=0).search(info)
    reward = {code: child.reward[seat] / child.visits for code, child in root.children.items()}
    assert reward[hi] - reward[lo] > 0.05


def test_without_a_prior_no_edge_holds_virtual_visits() -> None:
    state, seat = _rigged_position("el-grande", 4, 30)
    root = IsmctsBot(seed=1, iterations=50).search(InformationSet(state, seat))
    assert all(child.virtual == 0 for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 50


def test_hint_shares_count_real_visits_only() -> None:
    state, seat = _rigged_position("el-grande", 4, 30)
    bot = make_bot("hard:iterations=120", 3)
    assert isinstance(bot, IsmctsBot) and bot.prior > 0
    info = InformationSet(state, seat)
    top = bot.top_actions(info, count=len(info.legal_actions))
    assert sum(s.share for s in top) == pytest.approx(1.0)
    assert all(0.0 <= s.win_chance <= 1.0 for s in top)


@pytest.mark.parametrize("game", ["palais-royal", "el-grande"])
def test_the_hint_chance_is_the_fair_share_at_the_start(game: str) -> None:
    # The raw margins called Palais Royal's first move 77-85% to win for one of three even
    # seats; calibrated by the game's progress, every suggestion is a probability near 1/3.
    state = regalia.new_game(game, 3, seed=11)
    seat = state.to_move()[0]
    bot = make_bot("hard:iterations=150", 2)
    assert isinstance(bot, IsmctsBot)
    for suggestion in bot.top_actions(InformationSet(state, seat)):
        assert abs(suggestion.win_chance - 1 / 3) < 0.06, (game, suggestion)
        # and the expected place the middle one of three
        assert abs(suggestion.expected_place - 2.0) < 0.12, (game, suggestion)


def test_progress_runs_from_the_start_to_the_end_of_a_game() -> None:
    state = regalia.new_game("el-grande", 4, seed=3)
    bot = IsmctsBot(seed=1, iterations=10)
    rng = Rng(2)
    figures = []
    for decisions in (0, 120, 120):  # a random 4-player game lasts about 320 decisions
        for _ in range(decisions):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
        figures.append(bot.progress(InformationSet(state, state.to_move()[0])))
    assert all(0.0 <= f <= 1.0 for f in figures)
    assert figures[0] < 0.15
    assert figures[1] > figures[0] + 0.2 and figures[2] > figures[1] + 0.2, figures


def test_inside_a_sealed_round_only_the_first_seat_gets_priors() -> None:
    # Round 2 of the toy game is sealed: seat 0 chooses first in the tree and gets priors;
    # seat 1's decision hangs off the round's start node, blind to seat 0's choice, and must
    # not be primed from a position that holds that choice.
    state = _toy_two_cards((5, 2), 2)
    bot = IsmctsBot(seed=4, iterations=60, prior=3, leaf="evaluation", rollout_cap=0)
    root = bot.search(InformationSet(state, 1))
    checked = 0
    for child in root.children.values():
        assert child.virtual == 3  # the root decision (seat 1, alone to move) is primed
        first = [n for key, n in child.children.items() if isinstance(key, int)]
        blind = child.children.get(("seat", 1))
        if not first or blind is None:
            continue
        assert all(n.virtual == 3 for n in first)
        assert blind.children and all(n.virtual == 0 for n in blind.children.values())
        checked += 1
    assert checked > 0


def test_the_level_search_is_deterministic_for_a_seed() -> None:
    for decisions in (20, 90):
        state, seat = _rigged_position("el-grande", 4, decisions)
        picks = {make_bot("hard:iterations=60", 8).act(InformationSet(state, seat))
                 for _ in range(3)}
        assert len(picks) == 1


def test_the_palais_royal_search_does_not_lose_clearly_to_greedy() -> None:
    # The level search judged leaves by margins on the logistic's flat tail and emptied its
    # Stairway for a noble in reach (then sat out the game): it scored a quarter of the
    # greedy bot's points in these four games (168 to 688). Each seat rotation twice.
    t = Tournament(game="palais-royal", players=2, listed=("greedy", "hard:iterations=20"),
                   seed=11)
    points = [0, 0]
    for index in range(4):
        result = play_match(t, index)
        for seat, entrant in enumerate(result.lineup):
            points[entrant] += result.scores[seat]
    assert points[1] >= 0.7 * points[0], points
