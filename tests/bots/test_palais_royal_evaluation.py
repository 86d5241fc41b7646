"""Palais Royal's evaluation: positions where it must prefer one choice to another, each a
flaw the level search once exploited (docs/bots.md, "Palais Royal")."""

from __future__ import annotations

import pytest

import regalia
from regalia.bots.evaluations import evaluation_for
from regalia.bots.evaluations.palais_royal import (
    PROSPECT,
    TURN_LEFT,
    majority_holders,
    outlook,
    park_life,
    park_nobles,
    prospect,
)
from regalia.engine import Rng
from regalia.games.palais_royal.actions import enlist_space
from regalia.games.palais_royal.edition import PRIVILEGES
from regalia.games.palais_royal.rooms import GATE, KING, OFFICE, POMPADOUR
from regalia.games.palais_royal.scoring import edge_points
from regalia.games.palais_royal.state import ENLIST_STEP, P_PURPLE, P_TURQUOISE, PARADE_STEP


def test_recruiting_onto_the_gate_is_clearly_worth_more_than_passing() -> None:
    # A servant from the play area onto the Gate was worth 0.03 more than one left there, a
    # difference the search's noise decided either way: at 80 iterations it passed on half
    # its recruits and fell behind in servants. Now it is a tenth of a point or more.
    evaluate = evaluation_for("palais-royal")
    checked = 0
    for seed in range(6):
        state = regalia.new_game("palais-royal", 4, seed=seed)
        rng = Rng(seed)
        while (movers := state.to_move()) and checked < 40:
            seat = movers[0]
            legal = state.legal_actions(seat)
            s = state  # a PalaisState
            if (s.phase == PARADE_STEP and s.area[seat]  # type: ignore[attr-defined]
                    and s.servants[seat][GATE] < 3):  # type: ignore[attr-defined]
                kinds = {a.kind: a for a in legal}
                if "recruit" in kinds and "done" in kinds:
                    values = {}
                    for kind in ("recruit", "done"):
                        after = state.clone()
                        after.apply(kinds[kind], seat)
                        values[kind] = evaluate(after, seat)
                    assert values["recruit"] >= values["done"] + 0.09, values
                    checked += 1
            state.apply(legal[rng.below(len(legal))], seat)
    assert checked >= 10


def test_a_cheap_noble_early_is_worth_less_than_its_points() -> None:
    # The search enlisted every cheap noble it could reach (its nobles averaged 4 VP to
    # greedy's 9, and more iterations did it more): an enlistment spends one of the Office's
    # few turns, which the rooms' values did not price. Early in the game a noble now counts
    # SLOT points less than its VP; at the end it counts in full.
    evaluate = evaluation_for("palais-royal")
    checked = 0
    for seed in range(12):
        state = regalia.new_game("palais-royal", 4, seed=seed)
        rng = Rng(seed)
        while (movers := state.to_move()) and checked < 1000:
            seat = movers[0]
            legal = state.legal_actions(seat)
            s = state
            early = s.nobles_left() >= 30  # type: ignore[attr-defined]
            done = [a for a in legal if a.kind == "done"]
            if early and done and s.phase == ENLIST_STEP:  # type: ignore[attr-defined]
                for action in legal:
                    if action.kind != "enlist":
                        continue
                    space = enlist_space(action, s.d.columns)  # type: ignore[attr-defined]
                    noble = s.d.nobles[s.park[space]]  # type: ignore[attr-defined]
                    if noble.privilege is not None:
                        continue  # (its perk is worth something of its own)
                    vp = noble.vp
                    after, passed = state.clone(), state.clone()
                    after.apply(action, seat)
                    passed.apply(done[0], seat)
                    gain = evaluate(after, seat) - evaluate(passed, seat)
                    assert gain <= vp - 2.0, (seed, vp, gain)
                    checked += 1
            state.apply(legal[rng.below(len(legal))], seat)
    assert checked >= 40


def test_kept_parks_give_every_price_rule_its_own_prices(monkeypatch: pytest.MonkeyPatch) -> None:
    # The park's nobles and prices are kept by park; the price rule (the discount option)
    # is part of the key, so games with other rules on the same park never share prices.
    from regalia.bots.evaluations import palais_royal as evaluation

    monkeypatch.setattr(evaluation, "_PARKS", {})
    states = {rule: regalia.new_game("palais-royal", 3, seed=5, discount=rule)
              for rule in ("orthogonal", "none")}
    park = list(states["orthogonal"].park)  # type: ignore[attr-defined]
    for space in range(0, len(park), 3):
        park[space] = -1  # holes: the orthogonal rule now cuts prices
    prices = {}
    for rule, state in states.items():
        state.park = list(park)  # type: ignore[attr-defined]
        prices[rule] = [cost for _worth, nb, cost in evaluation.park_nobles(state) if nb.gold]
    assert prices["none"] == [nb.gold for _w, nb, _c in evaluation.park_nobles(states["none"])
                              if nb.gold]
    assert sum(prices["orthogonal"]) < sum(prices["none"])
    # and a kept answer is the one worked out afresh, move after move of a random game
    rng = Rng(4)
    state = regalia.new_game("palais-royal", 3, seed=5)
    for _step in range(300):
        movers = state.to_move()
        if not movers:
            break
        kept = evaluation.park_nobles(state)  # type: ignore[arg-type]
        with monkeypatch.context() as fresh:
            fresh.setattr(evaluation, "_PARKS", {})
            assert evaluation.park_nobles(state) == kept  # type: ignore[arg-type]
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])


def test_a_seats_perks_count_the_same_in_and_out_of_its_turn() -> None:
    # A noble's privilege (a seal, a move, gold... every turn) counted only during its
    # holder's own turn, as that turn's seals: the seat's value jumped when its turn began,
    # and the search, whose leaves lie at every point of the turn cycle, read that jump as a
    # gain. Now the perks count every turn alike, and for a while more than nothing.
    def own(s: object, p: int) -> float:
        return (outlook(s, p, edge_points(s), majority_holders(s), park_life(s))  # type: ignore[arg-type]
                + PROSPECT * prospect(s, p))  # type: ignore[arg-type]

    checked = 0
    for seed in range(4):
        state = regalia.new_game("palais-royal", 4, seed=seed)
        rng = Rng(seed)
        step = 0
        while (movers := state.to_move()) and checked < 24:
            seat = movers[0]
            legal = state.legal_actions(seat)
            step += 1
            if step % 40 == 0 and state.phase == PARADE_STEP:  # type: ignore[attr-defined]
                p = (seat + 1) % 4
                w = state.clone()
                w.perks[p] = [0] + [1] * (len(PRIVILEGES) - 1)  # every perk but "servants"
                before = own(w, p)
                w._start_turn(p)  # type: ignore[attr-defined]
                # (the only change: its turn's steps still to come, TURN_LEFT each: the five
                # steps and the edge servant's)
                assert own(w, p) == pytest.approx(before + 6 * TURN_LEFT), (seed, step)
                assert before > own(state, p) + 1.0  # the perks are worth something
                checked += 1
            state.apply(legal[rng.below(len(legal))], seat)
    assert checked >= 12


def test_a_complete_price_held_is_worth_the_whole_noble() -> None:
    # At 0.7 of a noble's worth, a complete set of its price was worth less than enlisting it:
    # the search spent every set at once on whatever noble it could pay for, then counted the
    # next set's building as a gain, and lost to greedy. Now holding the whole price of the
    # park's worthiest noble counts that noble's whole worth.
    for seed in range(8):
        state = regalia.new_game("palais-royal", 4, seed=seed)
        rng = Rng(seed)
        for _ in range(60 + 10 * seed):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
        s = state.clone()
        p = (s.cur + 1) % 4  # type: ignore[attr-defined]
        worth, nb, cost = park_nobles(s)[0]  # type: ignore[arg-type]
        rooms, perks = s.servants[p], s.perks[p]  # type: ignore[attr-defined]
        rooms[OFFICE] = 1
        rooms[KING] = max(0, nb.turquoise - perks[P_TURQUOISE])
        rooms[POMPADOUR] = max(0, nb.purple - perks[P_PURPLE])
        s.gold[p] = cost  # type: ignore[attr-defined]
        assert PROSPECT * prospect(s, p) == pytest.approx(worth), seed  # type: ignore[arg-type]
