"""Ming Dynasty's evaluation: each term moves a seat's value the way a player counts it, on
positions arranged by hand; every seat at once agrees with seat by seat; the greedy bot uses
it and plays a sensible turn."""

from __future__ import annotations

import time

import pytest

import regalia
from regalia.bots import GreedyBot, InformationSet, make_bot
from regalia.bots.evaluations import evaluation_for, evaluation_of_all_for, has_own_evaluation
from regalia.bots.evaluations import ming_dynasty as ev
from regalia.engine import Rng
from regalia.games.ming_dynasty.state import MingState
from tests.games.ming_dynasty.md_helpers import (
    clear_hands,
    d,
    enter,
    give,
    in_cloister,
    in_open,
    on_space,
    set_tiles,
    started,
)
from tests.games.ming_dynasty.test_scoring import score


def outlook(s: MingState, seat: int = 0) -> float:
    return ev.outlook(s, seat, ev.Projection(s))


def test_ming_dynasty_has_its_own_evaluation() -> None:
    assert has_own_evaluation("ming-dynasty")
    assert evaluation_for("ming-dynasty") is ev.evaluate


@pytest.mark.parametrize("players", [2, 3, 4])
def test_evaluate_all_is_evaluate_seat_by_seat(players: int) -> None:
    evaluate, evaluate_all = evaluation_for("ming-dynasty"), evaluation_of_all_for("ming-dynasty")
    state = regalia.new_game("ming-dynasty", players, seed=12)
    bot = GreedyBot(seed=2)
    rng = Rng(1)
    checked = 0
    while movers := state.to_move():
        assert evaluate_all(state) == pytest.approx([evaluate(state, s) for s in range(players)])
        seat = movers[0]
        if rng.below(2):
            action = bot.act(InformationSet(state, seat))
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.below(len(legal))]
        state.apply(action, seat)
        checked += 1
    assert checked > 150
    assert evaluate(state, 0) == state.scores()[0] - max(state.scores()[1:])


def test_points_count_one_for_one() -> None:
    s = started(3)
    before = ev.evaluate(s, 0)
    s.score[0] += 5
    assert ev.evaluate(s, 0) == pytest.approx(before + 5)


def test_another_seat_gaining_lowers_the_value() -> None:
    s = started(3)
    before = ev.evaluate(s, 0)
    s.score[1] += 5
    assert ev.evaluate(s, 0) < before


def test_a_majority_is_worth_more_the_more_members_it_moves_into_the_city() -> None:
    # seat 1 holds 2a with two members; seat 0 comes second (1 into the city), ties (1 each),
    # then leads (2, and seat 1 only 1)
    s = started(3)
    in_open(s, 1, "2a", 2)
    values = [outlook(s)]
    for _ in range(3):
        in_open(s, 0, "2a")
        values.append(outlook(s))
    assert values[0] < values[1] < values[3]
    assert values[2] < values[3]
    assert outlook(s, 1) < values[0] + 100  # sanity: a number, not a crash
    rival = started(3)
    in_open(rival, 1, "2a", 2)
    alone = outlook(rival, 1)
    in_open(rival, 0, "2a", 3)
    assert outlook(rival, 1) < alone, "losing the lead costs seat 1"


def test_a_majority_counts_more_in_the_scoring_round() -> None:
    early, late = started(3), started(3)
    late.round = 2
    for s in (early, late):
        in_open(s, 0, "2a", 2)
    gain_early = outlook(early) - outlook(started(3))
    base_late = started(3)
    base_late.round = 2
    gain_late = outlook(late) - outlook(base_late)
    assert gain_late > gain_early > 0


def test_the_sixth_colour_is_worth_a_set_and_a_duplicate_little() -> None:
    s = started(3)
    game = s.d
    five = [1, 1, 1, 1, 1, 0]
    base = ev.tile_worth(five, 0, game)
    sixth = ev.tile_worth([1, 1, 1, 1, 1, 1], 0, game)
    duplicate = ev.tile_worth([2, 1, 1, 1, 1, 0], 0, game)
    assert sixth - base > duplicate - base > 0
    assert sixth == game.set_of_six[0]
    # at the last scoring a set of five is ten points, single tiles one each
    assert ev.tile_worth(five, 2, game) == game.set_of_five
    assert ev.tile_worth([1, 1, 0, 0, 0, 0], 2, game) == 2 * game.single_tile
    # on the board: a majority in the missing colour's province beats one in a held colour
    held, missing = started(3), started(3)
    for st in (held, missing):
        set_tiles(st, 0, five)
    in_open(held, 0, "1b", 2)
    in_open(missing, 0, "6c", 2)
    assert outlook(missing) > outlook(held)


def test_a_cloister_member_counts_for_every_scoring_to_come() -> None:
    s, monk, open_ = started(3), started(3), started(3)
    in_cloister(monk, 0, "2b")
    in_open(open_, 0, "2b", 1)
    assert outlook(monk) > outlook(open_) > outlook(s)
    last = started(3)
    last.round = 6
    last_monk = started(3)
    last_monk.round = 6
    in_cloister(last_monk, 0, "2b")
    assert outlook(monk) - outlook(s) > outlook(last_monk) - outlook(last) > 0


def test_members_on_a_space_count_more_near_the_prince() -> None:
    s, near, far = started(3), started(3), started(3)  # seat 0's prince in 1a
    on_space(near, 0, 1)
    on_space(far, 0, 6)
    assert outlook(near) > outlook(far) > outlook(s)


def test_members_on_a_space_count_nothing_from_the_last_phase_3_on() -> None:
    def with_members(round_: int, phase: str, passed: bool = False) -> float:
        s, bare = started(3), started(3)
        on_space(s, 0, 1, 3)
        for st in (s, bare):
            st.round = round_
            enter(st, phase)
            st.passed[0] = passed
        return outlook(s) - outlook(bare)

    assert with_members(6, "place") > 0, "the last round's phase 3 is still ahead"
    assert with_members(6, "act") == pytest.approx(0.0)
    assert with_members(5, "act", passed=True) > 0, "round 6 can still deploy them"


def test_members_beyond_what_can_be_deployed_count_less_each() -> None:
    few, many = started(3), started(3)
    on_space(few, 0, 1, 4)
    on_space(many, 0, 1, 12)
    for s in (few, many):
        s.round = 6
    base = started(3)
    base.round = 6
    per_few = (outlook(few) - outlook(base)) / 4
    per_many = (outlook(many) - outlook(base)) / 12
    assert per_few > per_many > 0


def test_cards_count_dragons_more_and_a_border_of_the_prince_more() -> None:
    # seat 0's prince in 1a borders 1b and 4a by horse, 1c by junk; no rickshaw border
    base = started(3)
    clear_hands(base)
    values = {}
    for kind in ("horse", "rickshaw", "dragon"):
        s = started(3)
        clear_hands(s)
        give(s, 0, kind)
        values[kind] = outlook(s)
    assert values["dragon"] > values["horse"] > values["rickshaw"] > outlook(base)


def test_a_second_card_of_a_kind_adds_less_than_another_kind() -> None:
    same, other = started(3), started(3)
    for s in (same, other):
        clear_hands(s)
        give(s, 0, "horse")
    one = outlook(same)
    give(same, 0, "horse")
    give(other, 0, "junk")  # both border the prince's district 1a
    assert outlook(other) > outlook(same) > one


def test_a_dragon_is_not_worth_a_member_next_to_the_prince() -> None:
    # taking a display card beats boxing a member of the prince's own province for a dragon
    s = started(3)
    clear_hands(s)
    on_space(s, 0, 1, 2)
    enter(s, "take")
    legal = [a.text for a in s.legal_actions(0)]
    assert "take 1" in legal and "dragon 1" in legal
    take, dragon = s.clone(), s.clone()
    take.apply("take 1", 0)
    dragon.apply("dragon 1", 0)
    assert outlook(take) > outlook(dragon)


def test_keeping_city_members_beats_returning_them_while_they_score() -> None:
    s = started(3)
    in_open(s, 0, "1b", 3)
    in_open(s, 1, "1b", 1)
    score(s, 2)
    assert s.phase_name == "return"
    keep, back = s.clone(), s.clone()
    keep.apply("return 0", 0)
    back.apply("return 2", 0)
    assert ev.evaluate(keep, 0) > ev.evaluate(back, 0)


def horse_turn() -> MingState:
    """The deployment tests' position: 3 players, seat 0 holding one horse card and about to
    choose its action (its prince on space 1 of province 3), seat 1 with 2 open members in 1a."""
    s = started(3)
    clear_hands(s)
    give(s, 0, "horse")
    on_space(s, 0, 1, 3)
    in_open(s, 1, "1a", 2)
    enter(s, "act")
    return s


def test_the_deployment_in_hand_counts_for_the_seat_deploying() -> None:
    s = horse_turn()
    s.apply("stay horse", 0)
    assert s.phase_name == "deploy"
    gain = ev.in_hand(s, 0, ev.Projection(s))
    assert gain > 0
    done = s.clone()
    done.apply("done", 0)
    assert ev.evaluate(s, 0) > ev.evaluate(done, 0)
    assert ev.in_hand(s, 1, ev.Projection(s)) == 0


def test_greedy_pays_a_card_to_deploy_where_it_takes_a_majority() -> None:
    s = horse_turn()
    bot = GreedyBot(seed=1)
    action = bot.act(InformationSet(s, 0))
    assert action.text != "pass"
    s.apply(action, 0)
    while s.to_move() == (0,) and s.phase_name in ("moving", "deploy"):
        s.apply(bot.act(InformationSet(s, 0)), 0)
    placed = s.open[d("1a")][0] + (s.cloister[d("1a")] == 0) + \
        sum(s.open[q][0] + (s.cloister[q] == 0) for q in (d("1b"), d("1c"), d("4a")))
    assert placed >= 2, "the stay or step was spent on a deployment"


def test_a_greedy_decision_takes_a_few_milliseconds_at_most() -> None:
    state = regalia.new_game("ming-dynasty", 4, seed=3)
    bots = [make_bot("greedy", 1)] + [make_bot("random", p) for p in range(1, 4)]
    spent, decisions = 0.0, 0
    while movers := state.to_move():
        seat = movers[0]
        began = time.process_time()
        action = bots[seat].act(InformationSet(state, seat))
        if seat == 0:
            spent += time.process_time() - began
            decisions += 1
        state.apply(action, seat)
    assert decisions > 50
    assert spent / decisions < 0.02  # measured about 1 ms; generous for a loaded machine


def test_the_seat_choosing_its_action_already_counts_its_coming_deployment() -> None:
    # Before, the deployment counted only once the seat had moved or stayed: the value jumped
    # by the whole deployment (here a majority and a cloister) between choosing the action and
    # the next decision, and the search, which measures leaves from its root, saw every move
    # from the action choice as a gain of 10-20 points, on the flat tail of its reward curve.
    s = horse_turn()
    before = ev.evaluate(s, 0)
    assert ev.pending(s, 0, ev.Projection(s)) > 3
    step = s.clone()
    step.apply("step 1b", 0)  # the best turn: into 1b, to deploy there
    assert step.phase_name == "moving"
    # the step only turns the coming deployment into the one in hand (less the horse's
    # border worth, 0.3)
    assert abs(ev.evaluate(step, 0) - before) < 0.5


def test_another_seats_coming_deployment_counts_against_the_seat() -> None:
    # seat 1 can stay and take 1a's majority on its next turn: seat 0 counts that before it
    # happens, so a position does not look better for seat 0 only because seat 1 has not had
    # its turn yet
    s = started(3, princes=("3a", "1a", "5a"))
    clear_hands(s)
    give(s, 0, "horse")
    give(s, 1, "horse")
    on_space(s, 1, 1, 3)
    in_open(s, 2, "1a", 1)
    enter(s, "act")
    assert s.cur == 0
    waiting = ev.evaluate(s, 0)
    assert ev.pending(s, 1, ev.Projection(s)) > 3
    passed = s.clone()
    passed.passed[1] = True
    assert ev.evaluate(passed, 0) > waiting + 3
    assert ev.evaluate_all(s)[0] == pytest.approx(waiting)
