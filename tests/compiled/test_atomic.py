"""An illegal action, and a supplied chance outcome that does not fit, leave every game's state
exactly as it was: in whichever variant runs these tests (CI runs both), and in pure Python
from a compiled installation as well."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine.bench import random_playout
from regalia.engine.registry import games
from regalia.engine.rng import Rng
from regalia.engine.state import CHANCE, State
from tests.compiled.variants import in_pure

GAMES = [info.id for info in games() if not info.id.startswith("toy")]


def _players(game: str) -> int:
    info = regalia.get_game(game)
    return max(info.min_players, min(4, info.max_players))


def _chance_entries(state: State) -> int:
    return sum(1 for e in state._history() if e[0] == CHANCE)


def _find_drawing_action(game: str, seed: int) -> tuple[State, int, int, str] | None:
    """A position, a seat and the index of a legal action of it that draws by chance."""
    state = regalia.new_game(game, _players(game), seed=seed)
    rng = Rng(seed)
    for _ in range(3000):
        movers = state.to_move()
        if not movers:
            return None
        seat = movers[0]
        legal = state.legal_actions(seat)
        before = _chance_entries(state)
        for i in range(len(legal)):
            probe = state.clone()
            probe.apply(legal[i], seat)
            if _chance_entries(probe) > before:
                label = [e for e in probe._history() if e[0] == CHANCE][before][1]
                return state, seat, i, label
        state.apply(legal[rng.below(len(legal))], seat)
    return None


def check_atomic(game: str, seed: int) -> dict[str, bool]:
    """Both checks on one game; the answers say whether each left the state as it was."""
    out = {}
    state = regalia.new_game(game, _players(game), seed=seed)
    seat = state.to_move()[0]
    legal = set(state.legal_actions(seat))
    table = state.info().actions
    illegal = next(table.decode(c) for c in range(state.action_count())
                   if table.decode(c) not in legal)
    before = state.to_json()
    try:
        state.apply(illegal, seat)
        out["illegal_refused"] = False
    except regalia.IllegalAction:
        out["illegal_refused"] = True
    out["illegal_unchanged"] = state.to_json() == before
    found = _find_drawing_action(game, seed)
    out["found_draw"] = found is not None
    if found is None:  # a game that never draws (In the Shadow of the Emperor deals by seed)
        probe = regalia.new_game(game, _players(game), seed=seed)
        random_playout(probe, Rng(seed))
        out["never_draws"] = _chance_entries(probe) == 0
    if found is not None:
        position, seat, i, label = found
        position.supply_chance([(label, "no such outcome ☃")])
        before = position.to_json()
        action = position.legal_actions(seat)[i]
        try:
            position.apply(action, seat)
            out["misfit_refused"] = False
        except regalia.InvalidRecord:
            out["misfit_refused"] = True
        out["misfit_unchanged"] = position.to_json() == before
        # and the state still plays on as the same game would
        position._script = None
        position.apply(action, seat)
        out["plays_on"] = True
    return out


def failures(result: dict[str, bool]) -> list[str]:
    """The checks of :func:`check_atomic` that failed."""
    wanted = ["illegal_refused", "illegal_unchanged"]
    wanted += (["misfit_refused", "misfit_unchanged", "plays_on"] if result["found_draw"]
               else ["never_draws"])
    return [name for name in wanted if not result.get(name)]


@pytest.mark.parametrize("game", GAMES)
def test_illegal_action_and_misfit_chance_change_nothing(game: str) -> None:
    assert failures(check_atomic(game, seed=3)) == []


def test_the_same_holds_in_pure_python_of_this_installation() -> None:
    code = ("import json\nfrom tests.compiled.test_atomic import GAMES, check_atomic\n"
            "from regalia.cli.bench import build_variant\n"
            "print(json.dumps({'variant': build_variant(), "
            "'games': {g: check_atomic(g, 3) for g in GAMES}}))\n")
    result = in_pure(code)
    assert result["variant"] == "pure"
    assert set(result["games"]) == set(GAMES)
    assert {game: failures(checks) for game, checks in result["games"].items()} == {
        game: [] for game in GAMES}
