"""The engine's per-decision shortcuts give what the checked ways give."""

import regalia
from regalia.engine import Rng
from regalia.engine.bench import random_playout


def test_below_is_next64_scaled() -> None:
    # below() spells out next64() for speed; the two must stay the same SplitMix64 stream.
    a, b = Rng(2026), Rng(2026)
    for n in (1, 2, 6, 45, 1000, 2**24):
        for _ in range(50):
            assert a.below(n) == (b.next64() * n) >> 64


def test_legal_actions_without_a_seat_are_the_movers() -> None:
    state = regalia.new_game("palais-royal", 3, seed=11)
    rng = Rng(4)
    for _ in range(60):
        (seat,) = state.to_move()
        fresh = state.clone()
        assert fresh.legal_actions() == state.legal_actions(seat)
        others = [s for s in range(3) if s != seat]
        assert all(fresh.legal_actions(s) == () for s in others)
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)


def test_the_playout_plays_the_same_game_as_the_public_calls() -> None:
    # random_playout reads the mover's actions without asking to_move() again; the game it
    # plays must be the one the public legal_actions/apply calls play with the same stream.
    for game, players in (("el-grande", 4), ("castles-of-burgundy-cards", 2)):
        fast = regalia.new_game(game, players, seed=5)
        decisions = random_playout(fast, Rng(9))
        slow = regalia.new_game(game, players, seed=5)
        rng = Rng(9)
        while movers := slow.to_move():
            seat = movers[0] if len(movers) == 1 else movers[rng.below(len(movers))]
            legal = slow.legal_actions(seat)
            slow.apply(legal[rng.below(len(legal))], seat)
        assert fast.record().moves == slow.record().moves
        assert len([m for m in fast.record().moves if "seat" in m]) == decisions
