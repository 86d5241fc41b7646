"""``State.observe(seat)`` is ``view(seat)`` without its log, in every game and every kind of
state a learner or a bot meets: played positions, clones played on, determinized samples."""

from __future__ import annotations

from typing import Any

import pytest

import regalia
from regalia.engine import Rng, State

GAMES = [(info.id, n) for info in regalia.list_games()
         for n in sorted({min(info.player_counts), max(info.player_counts)})]


def without_log(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k != "log"}


def check(state: State) -> None:
    for seat in (None, *range(state.players)):
        full = state.view(seat)
        observed = state.observe(seat)
        assert "log" not in observed
        assert observed == without_log(full)
        assert list(observed) == [k for k in full if k != "log"]  # the same key order


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[f"{g}-{n}p" for g, n in GAMES])
def test_observe_is_the_view_without_its_log(game_id: str, players: int) -> None:
    rng = Rng(11)
    state = regalia.new_game(game_id, players, seed=5)
    logged = False
    step = 0
    while movers := state.to_move():
        if step % 3 == 0:
            check(state)
            logged = logged or bool(state.view(movers[0]).get("log"))
        if step % 17 == 0:
            sample = state.determinize(movers[0], rng)
            check(sample)
            assert sample.observe(movers[0]) == state.observe(movers[0])
            twin = state.clone()
            legal = twin.legal_actions(movers[0])
            twin.apply(legal[rng.below(len(legal))], movers[0])
            check(twin)
            check(state)  # the clone's move left the original's views alone
        seat = movers[rng.below(len(movers))]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
        step += 1
    check(state)
    if game_id in ("el-grande", "castles-of-burgundy-cards"):
        assert logged  # these views do carry a log, so observe really left something out


def test_observe_leaves_the_state_as_it_was() -> None:
    state = regalia.new_game("el-grande", 4, seed=3)
    before = state.to_json()
    state.observe(0)
    assert state.to_json() == before
