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


def test_below_in_halves_is_the_same_stream() -> None:
    # The compiled build draws in 32-bit halves (no 64-bit products, which are Python
    # objects there); pure Python in 64-bit lines: both must give the same numbers and states.
    seeds = [0, 1, 2026, 2**62, 2**63 + 5, 2**64 - 1, 0x9E3779B97F4A7C15]
    source = Rng(7)
    seeds += [source.next64() for _ in range(200)]
    for seed in seeds:
        a, b = Rng(seed), Rng(seed)
        for n in (1, 2, 3, 5, 13, 45, 1000, 2**24, 2**29, 2**40):
            assert a.below(n) == b._below_in_halves(n)
            assert a.state == b.state
    # the 64-bit lines themselves, written out here as the reference
    for seed in seeds[:50]:
        r = Rng(seed)
        state = seed
        for n in (6, 45, 2**24):
            state = (state + 0x9E3779B97F4A7C15) % 2**64
            z = state
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % 2**64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % 2**64
            z ^= z >> 31
            assert r._below_in_halves(n) == (z * n) >> 64
            assert r.state == state


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
