"""A decision is judged from what its seat knew then: not the hidden parts, not the future."""

from __future__ import annotations

import pytest

from regalia.analysis import Budget, analyse, judge
from regalia.engine.record import Record
from regalia.engine.rng import Rng
from regalia.engine.state import State
from tests.analysis.conftest import played

BUDGET = Budget(iterations=40)


def _choice_point(game: str, players: int, decisions: int) -> tuple[State, int, int, str]:
    """A position of a random game from ``decisions`` on where the mover has a choice and
    something is hidden from it: the state, its step, the mover, and a legal action that is
    not its first."""
    state = played(game, players, seed=11, decisions=decisions)
    step = decisions
    while len(state.legal_actions(seat := state.to_move()[0])) < 2 or \
            state.determinize(seat, Rng(1)).to_dict()["state"] == state.to_dict()["state"]:
        state.apply(state.legal_actions(seat)[0], seat)
        step += 1
    return state, step, seat, state.legal_actions(seat)[-1].text


# determinize() draws everything hidden (El Grande's sealed disks and taken-back power cards,
# Castles of Burgundy's and Palais Royal's hands and undrawn cards) from the sampler's stream
# and the view alone: two worlds the seat cannot tell apart give the same samples, so the
# judgement is the same to the bit. In the Shadow of the Emperor and Ming Dynasty keep nothing
# hidden in the state at a decision (cards are drawn when revealed): their hidden part is the
# future, tested below with the record's later entries.
EXACT = [("el-grande", 3, 40), ("castles-of-burgundy-cards", 3, 30), ("palais-royal", 3, 30)]


@pytest.mark.parametrize(("game", "players", "decisions"), EXACT)
def test_other_seats_hidden_parts_do_not_change_the_judgement(game: str, players: int,
                                                              decisions: int) -> None:
    state, step, seat, action = _choice_point(game, players, decisions)
    first = judge(state, seat, action, step, BUDGET, seed=4)
    rng = Rng(99)
    worlds = [state.determinize(seat, rng) for _ in range(3)]
    # Other worlds the seat cannot tell apart: others' hands, the deck, sealed choices drawn
    # afresh (at least one really differs).
    assert any(w.to_dict()["state"] != state.to_dict()["state"] for w in worlds)
    for other in worlds:
        assert other.view(seat) == state.view(seat)
        assert judge(other, seat, action, step, BUDGET, seed=4) == first
    assert first["win_before"] is not None and 0.0 <= first["win_after"] <= 1.0


@pytest.mark.parametrize("game", ["el-grande", "castles-of-burgundy-cards", "palais-royal",
                                  "shadow-of-the-emperor", "ming-dynasty"])
def test_the_records_later_entries_do_not_change_earlier_judgements(game: str) -> None:
    # Two games that agree for 16 decisions and then go their own ways (other bots, so other
    # moves and other cards drawn, which the replayed position holds queued): the first 16
    # decisions are judged alike.
    early = played(game, 3, seed=21, decisions=16)
    a = _continue(early, 31, 30)
    b = _continue(early, 77, 30)
    assert a.moves != b.moves
    budget = Budget(iterations=20)
    report_a = analyse(a, [0, 1, 2], budget, seed=2)
    report_b = analyse(b, [0, 1, 2], budget, seed=2)
    before_a = [m for m in report_a["moves"] if m["step"] < 16]
    before_b = [m for m in report_b["moves"] if m["step"] < 16]
    assert len(before_a) == 16
    assert before_a == before_b
    assert [m for m in report_a["moves"] if m["step"] >= 16] != \
        [m for m in report_b["moves"] if m["step"] >= 16]


def test_a_sealed_choice_is_judged_without_the_earlier_sealed_choices() -> None:
    # El Grande's first decisions are the sealed region disks: seat 1's choice must be judged
    # the same whatever seat 0 sealed before it in the record.
    state = played("el-grande", 3, seed=5, decisions=0)
    assert len(state.to_move()) > 1
    results = []
    for disk in state.legal_actions(0)[:3]:
        world = state.clone()
        world.apply(disk, 0)
        assert 1 in world.to_move()
        action = world.legal_actions(1)[0].text
        results.append(judge(world, 1, action, 1, BUDGET, seed=8))
    assert results[0] == results[1] == results[2]
    assert not results[0]["forced"]


def _continue(state: State, bot_seed: int, more: int) -> Record:
    from regalia.bots import InformationSet, RandomBot

    game = state.clone()
    bots = [RandomBot(bot_seed + s) for s in range(game.players)]
    for _ in range(more):
        movers = game.to_move()
        if not movers:
            break
        game.apply(bots[movers[0]].act(InformationSet(game, movers[0])), movers[0])
    return game.record()
