"""Ming Dynasty's information sets, as the bots use them: samples agree with the seat's view
in both ``hand_memory`` readings, vary only what the seat cannot know, and are drawn alike in
two positions the seat cannot tell apart; the greedy bot and the medium search choose alike
when a planted secret differs."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.engine import Rng
from regalia.games.ming_dynasty.board import DRAGON
from regalia.games.ming_dynasty.state import MingState


def _game(players: int, seed: int, **options: str) -> MingState:
    state = regalia.new_game("ming-dynasty", players, seed=seed, **options)
    assert isinstance(state, MingState)
    return state


def _positions(players: int, memory: str, count: int, seed: int = 5) -> list[MingState]:
    """Positions of a game between greedy bots (so that hands fill and scorings happen),
    taken every few decisions."""
    state = _game(players, seed, hand_memory=memory)
    bots = [make_bot("greedy", seed + p) for p in range(players)]
    out = []
    step = 0
    while (movers := state.to_move()) and len(out) < count:
        seat = movers[0]
        if step % 11 == 4:
            out.append(state.clone())
        state.apply(bots[seat].act(InformationSet(state, seat)), seat)
        step += 1
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_counts_samples_keep_the_view_and_deal_only_the_others_hands(players: int) -> None:
    varied = 0
    for state in _positions(players, "counts", 30):
        for seat in range(players):
            before = state.to_json()
            sample = state.determinize(seat, Rng(seat + 7))
            assert state.to_json() == before, "sampling changes the true state"
            assert sample.view(seat) == state.view(seat)
            assert isinstance(sample, MingState)
            sample.check_invariants()
            assert sample.hand[seat] == state.hand[seat]
            others = [o for o in range(players) if o != seat]
            assert [sum(sample.hand[o]) for o in others] == [sum(state.hand[o]) for o in others]
            assert sum(sample.hand[o][DRAGON] for o in others) == \
                sum(state.hand[o][DRAGON] for o in others)
            # the supply and the others' movement cards together are what the seat knows
            for kind in range(DRAGON):
                assert sample.deck[kind] + sum(sample.hand[o][kind] for o in others) == \
                    state.deck[kind] + sum(state.hand[o][kind] for o in others)
            varied += any(sample.hand[o] != state.hand[o] for o in others)
    assert varied, "the others' hands were never dealt afresh"


@pytest.mark.parametrize("players", [2, 4])
def test_perfect_memory_samples_keep_every_hand(players: int) -> None:
    for state in _positions(players, "perfect", 20):
        for seat in range(players):
            sample = state.determinize(seat, Rng(3))
            assert isinstance(sample, MingState)
            assert sample.hand == state.hand and sample.deck == state.deck
            assert sample.view(seat) == state.view(seat)


def _twin(state: MingState, seat: int) -> MingState:
    """The position with another player's hand swapped, card for card, with the supply's:
    the same to ``seat`` under ``hand_memory = counts``."""
    twin = state.clone()
    assert isinstance(twin, MingState)
    for o in range(state.players):
        if o == seat:
            continue
        hand = twin.hand[o]
        for have in range(DRAGON):
            for want in range(DRAGON):
                if hand[have] and twin.deck[want] and want != have:
                    hand[have] -= 1
                    twin.deck[have] += 1
                    hand[want] += 1
                    twin.deck[want] -= 1
                    twin.check_invariants()
                    return twin
    return twin


def _twins(players: int) -> list[tuple[MingState, MingState, int]]:
    out = []
    for state in _positions(players, "counts", 40, seed=9):
        seat = state.to_move()[0]
        twin = _twin(state, seat)
        if twin.hand != state.hand and len(state.legal_actions(seat)) > 1:
            assert twin.view(seat) == state.view(seat)
            out.append((state, twin, seat))
    return out


@pytest.mark.parametrize("players", [3, 4])
def test_positions_alike_to_the_seat_give_the_same_samples(players: int) -> None:
    pairs = _twins(players)
    assert len(pairs) >= 5
    for truth, twin, seat in pairs:
        for k in range(3):
            a = truth.determinize(seat, Rng(k))
            b = twin.determinize(seat, Rng(k))
            assert a.to_json() == b.to_json()


@pytest.mark.parametrize("spec", ["greedy", "medium:iterations=40"])
def test_a_planted_hand_does_not_change_the_choice(spec: str) -> None:
    pairs = _twins(4)[:6]
    assert pairs
    for k, (truth, twin, seat) in enumerate(pairs):
        a = make_bot(spec, k).act(InformationSet(truth, seat))
        b = make_bot(spec, k).act(InformationSet(twin, seat))
        assert a == b, (spec, k)


def _sealed_twins() -> list[tuple[MingState, MingState, int]]:
    """Return choices where another seat has sealed its total: the twin sealed another."""
    out = []
    for seed in range(3, 9):
        state = _game(3, seed)
        bots = [make_bot("greedy", seed + p) for p in range(3)]
        while (movers := state.to_move()) and len(out) < 6:
            seat = movers[0]
            sealed = [o for o in range(3) if state.sealed[o] >= 0]
            if state.phase_name == "return" and sealed and len(movers) >= 1:
                other = sealed[0]
                choices = state.return_choices(other)
                twin = state.clone()
                assert isinstance(twin, MingState)
                twin.sealed[other] = next(c for c in choices if c != state.sealed[other]) \
                    if len(choices) > 1 else state.sealed[other]
                if twin.sealed != state.sealed:
                    assert twin.view(seat) == state.view(seat)
                    out.append((state.clone(), twin, seat))
            state.apply(bots[seat].act(InformationSet(state, seat)), seat)
    return out


@pytest.mark.parametrize("spec", ["greedy", "medium:iterations=40"])
def test_a_planted_sealed_return_does_not_change_the_choice(spec: str) -> None:
    pairs = _sealed_twins()
    assert pairs
    for k, (truth, twin, seat) in enumerate(pairs):
        a = make_bot(spec, k).act(InformationSet(truth, seat))
        b = make_bot(spec, k).act(InformationSet(twin, seat))
        assert a == b, (spec, k)
