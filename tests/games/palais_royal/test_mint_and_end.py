"""Rules version 3: the Mint's gold is a choice like every other action, and "end" ends the
turn in one decision (issue 36: the Mint; issue 34: ending a turn took up to five "done"s)."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine import IllegalAction, Rng
from regalia.games.palais_royal import actions as A
from regalia.games.palais_royal.state import (
    BACKDOOR_STEP,
    EDGE_STEP,
    ENLIST_STEP,
    KEEP_STEP,
    PARADE_STEP,
    ROOMS_STEP,
    STAIRS_STEP,
)
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    legal,
    new,
    set_rooms,
    start_turn,
)


def _mint_position() -> regalia.State:
    """Seat 0 with 2 Mint servants (the sole majority: 3 gold), a servant in the Office,
    nothing else; seat 1 with one Mint servant."""
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, mint=2)
    set_rooms(s, 1, mint=1)
    s.gold[0] = 0
    return s


def test_the_mints_gold_is_paid_only_when_the_player_takes_it() -> None:
    # SEED: 游戏者不需要执行所以可能的行动 (a player need not perform every action). Versions 1
    # and 2 paid the Mint's gold as step 3 began, asked or not.
    s = _mint_position()
    start_turn(s, 0)
    assert s.phase == ROOMS_STEP and s.cur == 0
    assert s.gold[0] == 0  # nothing paid on entering step 3
    assert legal(s) == ["mint", "done", "end"]
    assert s.describe(A.MINT) == "take the Mint's gold: 3"
    assert s.caution(A.DONE, 0) is not None  # going on without it is warned about
    act(s, "mint")
    assert s.gold[0] == 3
    assert s.cur == 1  # nothing else to do: the turn passed


def test_skipping_the_mint_is_legal_and_pays_nothing() -> None:
    for skip in ("done", "end"):
        s = _mint_position()
        start_turn(s, 0)
        act(s, skip)
        assert s.cur == 1 and s.gold[0] == 0, skip


def test_the_mint_is_taken_once_a_turn_before_or_after_the_bonus_servants() -> None:
    s = _mint_position()
    set_rooms(s, 0, king=1)
    start_turn(s, 0)
    assert legal(s) == ["mint", "extra king", "done", "end"]  # step 3 in any order (SEED)
    act(s, "extra king")
    assert legal(s) == ["mint", "done", "end"]
    act(s, "mint")
    assert s.gold[0] == 3 and s.cur == 1
    s2 = _mint_position()
    set_rooms(s2, 0, king=1, office=1)
    give_cards(s2, 0, "prestige")  # (so that the seat is asked in every step)
    start_turn(s2, 0)
    while s2.phase < ROOMS_STEP:
        act(s2, "done")
    act(s2, "mint")
    assert "mint" not in legal(s2) and s2.view(0)["turn"]["mint_taken"]
    with pytest.raises(IllegalAction, match="taken the Mint's gold this turn"):
        s2.apply("mint")


def test_the_gold_privilege_comes_with_the_mint_action() -> None:
    from tests.games.palais_royal.pr_helpers import grant_noble

    s = new()
    clear_rooms(s)
    set_rooms(s, 0, cardinal=1)
    grant_noble(s, 0, "gold-2")
    s.gold[0] = 0
    start_turn(s, 0)
    assert s.phase == ROOMS_STEP and legal(s) == ["mint", "done", "end"]
    act(s, "mint")
    assert s.gold[0] == 1


def _busy_turn() -> regalia.State:
    """Seat 0 has something to do in every step: recruits, moves, the Mint, a bonus servant,
    a noble to enlist (gold and seals enough), and a Back-door draw."""
    s = new()
    clear_rooms(s)
    set_rooms(s, 0, parade=2, stairs=2, mint=2, king=3, pompadour=3, office=2, backdoor=1)
    s.gold[0] = 20
    return s


@pytest.mark.parametrize("step", [PARADE_STEP, STAIRS_STEP, ROOMS_STEP, ENLIST_STEP])
def test_end_ends_the_turn_at_once_from_every_step_it_is_offered_in(step: int) -> None:
    s = _busy_turn()
    start_turn(s, 0)
    while s.phase < step:
        act(s, "done")
    assert s.phase == step and s.cur == 0
    assert legal(s)[-2:] == ["done", "end"]
    assert dict(zip(legal(s), s.action_numbers(0), strict=True))["end"] == 99
    before = (list(s.servants[0]), s.area[0], s.gold[0], list(s.hand[0]), s.nobles_left())
    assert "end the turn now" in s.describe(A.END)
    assert s.caution(A.END, 0) is not None  # it skips something here
    act(s, "end")
    assert s.cur == 1 and s.phase == PARADE_STEP
    assert (list(s.servants[0]), s.area[0], s.gold[0], list(s.hand[0]), s.nobles_left()) \
        == before  # nothing of the steps left was done
    # The same turn with "done" said in each step also ends; "end" is one decision instead
    # of up to five.
    t = _busy_turn()
    start_turn(t, 0)
    dones = 0
    while t.cur == 0:
        act(t, "done")
        dones += 1
    assert dones == 5


def test_end_is_not_offered_where_the_turn_ends_with_the_step_or_a_servant_is_owed() -> None:
    s = _busy_turn()
    start_turn(s, 0)
    while s.phase < ENLIST_STEP:
        act(s, "done")
    edge = next(a for a in s.legal_actions() if a.kind == "enlist"
                and s.d.is_edge[A.enlist_space(a, s.d.columns)])
    s.apply(edge)
    assert s.phase == EDGE_STEP and "end" not in legal(s)
    with pytest.raises(IllegalAction, match="emptied edge space"):
        s.apply("end")
    s.apply(s.legal_actions()[0])
    act(s, "done")
    assert s.phase == BACKDOOR_STEP and legal(s) == ["draw", "done"]
    with pytest.raises(IllegalAction, match="say done"):
        s.apply("end")
    act(s, "draw")
    assert s.phase == KEEP_STEP and "end" not in legal(s)


def test_the_new_actions_take_the_last_codes() -> None:
    # The action codes of rules version 2 (and encodings built on them: docs/rl.md) stay.
    assert A.DONE.code == 204
    assert (A.MINT.code, A.END.code) == (205, 206)
    assert A.TABLE.action_count == 207
    assert A.NUMBERS[A.MINT.code] == 3 and A.NUMBERS[A.END.code] == 99


def test_random_games_with_mint_and_end_keep_the_invariants() -> None:
    for seed in range(3):
        s = regalia.new_game("palais-royal", 2 + seed, seed=seed)
        rng = Rng(seed)
        ended = 0
        while (movers := s.to_move()):
            actions = s.legal_actions(movers[0])
            action = actions[rng.below(len(actions))]
            ended += action.kind == "end"
            s.apply(action, movers[0])
            s.check_invariants()
        assert ended
