"""No two different views of one game share an observation tensor (as the float32 numbers a
learner gets), over 1,000 seeded random games per game, the player counts taken in turn.

Looked at: the view of the seat to move at every decision (what a learner is asked to act
on), every seat's and the spectator's at every fifth decision and at the end. A view is
``State.observe(seat)`` (the view without its log, which the encoders leave out on purpose:
docs/observations.md), compared as canonical JSON. Two views count as the same position when
they come from the same seat: the encoders put the viewer first, so seat 1's view and seat 0's
view of the same position with every seat renumbered share a tensor by design.

Slow: about 22 minutes of CPU for the five games (El Grande and The Castles of Burgundy card
game 2 each, In the Shadow of the Emperor 4, Ming Dynasty 5, Palais Royal 8; 0.12 to 0.5 s a
game, measured over 6 games each); the quick suite keeps a 6-game version of each (about 8 s
of CPU; the old capped encodings collide within those 6 games of Palais Royal).
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
from array import array
from collections.abc import Callable

import pytest

import regalia
from regalia.engine import Rng
from regalia.rl.observations import encoder
from tests.rl.observations.positions import GAMES_WITH_ENCODERS, player_counts

# The figure is 1,000 games per game: about 22 CPU minutes for the five, too long for
# every run; REGALIA_TENSOR_GAMES=1000 runs it (README, "Run the tests").
GAMES = int(os.environ.get("REGALIA_TENSOR_GAMES", "15"))
QUICK = 6
EVERY = 5


def collisions(game_id: str, games: int,
               progress: Callable[[int, list[str]], None] | None = None) -> list[str]:
    """Where two different views of ``game_id`` met the same tensor, in ``games`` games
    (``progress`` is told after each game: how many are done, the collisions so far)."""
    enc = encoder(game_id)
    counts = player_counts(game_id)
    seen: dict[tuple[int, int | None, bytes], tuple[bytes, str]] = {}
    found: list[str] = []

    def check(state: regalia.State, players: int, seat: int | None, where: str) -> None:
        view = state.observe(seat)
        tensor = array("f", enc.encode(view, players)).tobytes()
        text = json.dumps(view, sort_keys=True, default=str)
        key = (players, seat, hashlib.blake2b(tensor, digest_size=16).digest())
        digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
        old = seen.setdefault(key, (digest, where))
        if old[0] != digest:
            found.append(f"{where} (seat {seat}) encodes like {old[1]}")

    for g in range(games):
        players = counts[g % len(counts)]
        state = regalia.new_game(game_id, players, seed=g)
        rng = Rng(100_000 + g)
        step = 0
        while True:
            movers = state.to_move()
            where = f"{players}p game {g} decision {step}"
            if not movers or step % EVERY == 0:
                for seat in (None, *range(players)):
                    check(state, players, seat, where)
            else:
                check(state, players, movers[0], where)
            if not movers:
                break
            seat = movers[rng.below(len(movers))]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
            step += 1
        if progress is not None:
            progress(g + 1, found)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES_WITH_ENCODERS)
def test_no_two_views_share_a_tensor_in_many_games(game_id: str) -> None:
    found = collisions(game_id, GAMES)
    assert not found, f"{len(found)} collisions, first: {found[:5]}"


@pytest.mark.parametrize("game_id", GAMES_WITH_ENCODERS)
def test_no_two_views_share_a_tensor_in_a_few_games(game_id: str) -> None:
    found = collisions(game_id, QUICK)
    assert not found, f"{len(found)} collisions, first: {found[:5]}"


@pytest.mark.parametrize(("path", "low", "high"), [
    (("round",), 40, 41), (("seats", 0, "gold"), 25, 29), (("seats", 1, "score_known"), 120, 130)])
def test_amounts_past_their_scale_stay_apart(path: tuple[str | int, ...], low: int,
                                             high: int) -> None:
    """Palais Royal's round and gold past their scales (30, 20) once shared a tensor."""
    enc = encoder("palais-royal")
    view = regalia.new_game("palais-royal", 2, seed=1).observe(0)
    tensors = []
    for amount in (low, high):
        other = copy.deepcopy(view)
        here = other
        for step in path[:-1]:
            here = here[step]
        here[path[-1]] = amount
        tensors.append(array("f", enc.encode(other, 2)))
    assert tensors[0] != tensors[1]
