"""The conformance suite of DESIGN.md: every registered game, every player count.

Nothing here names a game: a game joins by registering.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import regalia
from regalia.engine import IllegalAction, MalformedAction, Record, Rng, State
from tests.conformance.playouts import (
    DEEP_GAMES,
    EXAMPLES,
    GAMES,
    case_id,
    game_cases,
    playout,
)

CASES = game_cases()
pytestmark = pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])


def _seats(state: State) -> list[int | None]:
    return [*range(state.players), None]


def _views(state: State) -> list[str]:
    return [json.dumps(state.view(s), sort_keys=True) for s in _seats(state)]


def test_random_playouts_finish_and_keep_the_rules_invariants(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(hash(case) & 0xFFFF)
    for _ in range(GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        state.check_invariants()
        for seat in playout(state, rng):
            assert state.legal_actions(seat), f"{seat} is to move but has no legal action"
            state.check_invariants()
        state.check_invariants()
        assert state.is_over()
        assert state.to_move() == ()
        assert all(state.legal_actions(s) == () for s in range(players))
        assert len(state.scores()) == players
        places = state.ranking()
        outsiders = state.automata()  # opponents that are no seat (a solo automaton)
        assert len(places) == players
        assert min(places) == 1 or (outsiders and min(places) <= 1 + outsiders)
        assert all(1 <= p <= players + outsiders for p in places)


def test_records_replay_to_the_same_state_and_views(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(7 + players)
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        halfway: str | None = None
        for step, _seat in enumerate(playout(state, rng)):
            if step == 40:
                halfway = state.to_json()
        record = Record.from_json(state.record().to_json(indent=1))
        again = regalia.replay(record)
        assert again.to_json() == state.to_json()
        assert _views(again) == _views(state)
        if halfway is not None:
            assert regalia.replay(record, steps=40).to_json() == halfway


def test_illegal_actions_change_nothing(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(11 + players)
    table = regalia.get_game(game).actions
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        for step, seat in enumerate(playout(state, rng)):
            if step % 7:
                continue
            before = state.to_json()
            legal = set(state.legal_actions(seat))
            wrong = [a for a in table if a not in legal][:: max(1, len(table) // 12)]
            for action in wrong[:12]:
                with pytest.raises(IllegalAction) as err:
                    state.apply(action, seat)
                assert str(err.value), "an illegal action needs a reason"
            idle = [s for s in range(players) if s not in state.to_move()]
            if idle:
                with pytest.raises(IllegalAction):
                    state.apply(state.legal_actions(seat)[0], idle[0])
            with pytest.raises(MalformedAction):
                state.apply("no such action at all", seat)
            with pytest.raises(IllegalAction):
                state.apply(state.legal_actions(seat)[0], players + 3)
            assert state.to_json() == before


def test_every_legal_action_round_trips_through_text_and_code(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(13 + players)
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        for seat in playout(state, rng):
            for action in state.legal_actions(seat):
                assert state.parse_action(str(action)) == action
                assert state.decode(state.encode(action)) == action
                assert 0 <= state.encode(action) < state.action_count()
                assert state.describe(action)


def test_clones_are_independent_and_json_round_trips(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(17 + players)
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        for step, seat in enumerate(playout(state, rng)):
            if step % 5:
                continue
            before = state.to_json()
            assert State.from_json(before).to_json() == before
            twin = state.clone()
            assert twin.to_json() == before
            twin_rng = Rng(step)
            for _seat in playout(twin, twin_rng):
                pass
            assert state.to_json() == before, "playing a clone changed the original"
            assert twin.is_over()
            del seat


def test_determinized_samples_agree_with_the_seat_view(case: tuple[str, int]) -> None:
    game, players = case
    rng = Rng(19 + players)
    varied = 0
    for _ in range(DEEP_GAMES):
        state = regalia.new_game(game, players, seed=rng.next64())
        for step, _seat in enumerate(playout(state, rng)):
            if step % 3:
                continue
            truth = json.dumps(state.to_dict()["state"], sort_keys=True)
            for seat in range(players):
                view = state.view(seat)
                json.dumps(view)  # views are JSON-ready
                sample = state.determinize(seat, Rng(rng.next64()))
                assert sample.view(seat) == view
                sample.check_invariants()
                if json.dumps(sample.to_dict()["state"], sort_keys=True) != truth:
                    varied += 1
                # a sample plays on to the end without error
                if step % 30 == 0:
                    for _s in playout(sample, Rng(step)):
                        pass
    info = regalia.get_game(game)
    extra = info.extra
    # Shadow of the Emperor hides nothing at 2 and 3 players (no vote stays sealed while
    # another is awaited); Ming Dynasty's 2-player random games seldom hold a secret (only a
    # sealed return choice while the other seat still chooses).
    if not (extra.get("perfect_information", False)
            or players in extra.get("perfect_information_players", ())
            or players in extra.get("rarely_hidden_at", ())):
        assert varied > 0, "determinize never resampled anything hidden"


@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(seed=st.integers(0, 2**48), choices=st.lists(st.integers(0, 2**16), max_size=400))
def test_hypothesis_playouts_keep_the_contract(case: tuple[str, int], seed: int,
                                               choices: list[int]) -> None:
    game, players = case
    state = regalia.new_game(game, players, seed=seed)
    for step, seat in enumerate(playout(state, Rng(seed), choices)):
        assert seat in state.to_move()
        assert state.legal_actions(seat)
        state.check_invariants()
        if step % 50 == 0:
            snap = state.to_json()
            assert State.from_json(snap).to_json() == snap
    assert regalia.replay(state.record()).to_json() == state.to_json()
