"""The draw pile made again from the discard pile: remembered, and sampled generation by
generation (piles.py).

Once the draw pile runs out and is made again from the open discard pile, every seat knows
what it holds (those discards, less the cards drawn since); cards drawn before are in hands.
The view keeps each rebuilt pile ("rebuilt", "pile_history") and ``determinize`` deals each
generation's cards apart, so no sample puts a card from an old hand into the new pile. Until
2026-11-26 it pooled them (an audit found 1,620 of 1,800 samples just after a rebuild
impossible).

``possible`` below is an independent check that a position is one some history leads to: the
card history's bookkeeping holds (``check_invariants``) and each seat's cards shown since the
first rebuild can be given generations the seat drew that kind from, in order.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

import pytest

import regalia
from regalia.engine import Rng, State
from regalia.engine.actions import Action
from regalia.games.palais_royal import piles
from regalia.games.palais_royal.piles import (
    DISCARD,
    DRAW,
    N_KINDS,
    CardHistory,
    reset_card_history,
)
from regalia.games.palais_royal.state import KEEP_STEP, PalaisState

GAME = "palais-royal"
HISTORY = ("gens", "took", "shown", "held0", "card_log")


# ---------------------------------------------------------------------------- helpers
def _probe_move(state: PalaisState, rng: Rng) -> tuple[int, Action]:
    """The audit's probe: a random legal action, four times in five one of the Back door's
    (a draw, a card kept, a servant sent there) when there is one; never "end", which would
    skip the Back door (the steps are ended one by one, as before rules version 3)."""
    seat = state.to_move()[0]
    legal = [a for a in state.legal_actions(seat) if a.kind != "end"]
    backdoor = [a for a in legal if a.kind in ("draw", "keep") or "backdoor" in a.text]
    if backdoor and rng.below(5) < 4:
        return seat, backdoor[rng.below(len(backdoor))]
    return seat, legal[rng.below(len(legal))]


def _new(seed: int, players: int = 4) -> PalaisState:
    state = regalia.new_game(GAME, players, seed=seed)
    assert isinstance(state, PalaisState)
    return state


def _after_rebuilds(seeds: tuple[int, ...], every: int) -> Iterator[tuple[int, PalaisState]]:
    """Probe games (4 players) from ``seeds``, at every ``every``-th decision once the draw pile
    has been made again: the decision's number in its game and the position."""
    for seed in seeds:
        state = _new(seed)
        rng = Rng(seed)
        step = 0
        while state.to_move():
            seat, action = _probe_move(state, rng)
            state.apply(action, seat)
            step += 1
            if len(state.cards.gens) > 1 and step % every == 0:
                yield step, state


def _seat_possible(s: PalaisState, p: int) -> bool:
    """Whether seat ``p``'s cards shown since the first rebuild can each be given a generation:
    one it had drawn a card of and not yet shown (a discard: a part of its last draw), whose
    cards it drew include that kind."""
    width = len(s.cards.gens)
    if width == 1:
        return True
    pool = [list(r) for r in s.cards.took[p]]  # kinds drawn from each generation, not yet placed
    pool[0] = [pool[0][k] - s.shown[p * N_KINDS + k] for k in range(N_KINDS)]
    if min(pool[0]) < 0:
        return False
    unshown = [0] * width  # cards drawn from each generation and not shown yet
    unshown[0] = s.cards.held0[p]
    events = [e for e in s.cards.log if e[1] == p]

    def place(i: int, gen: int, left: list[int]) -> bool:
        if i == len(events):
            return all(sum(pool[g]) == unshown[g] for g in range(width))
        code, _p, x, a, b = events[i]
        if code == DRAW:
            unshown[x] += a
            if b:
                unshown[x + 1] += b
            ok = place(i + 1, x, [a, b])
            unshown[x] -= a
            if b:
                unshown[x + 1] -= b
            return ok
        options = [gen + j for j in (0, 1) if left[j]] if code == DISCARD else range(width)
        for g in options:
            if unshown[g] and pool[g][x]:
                unshown[g] -= 1
                pool[g][x] -= 1
                rest = list(left)
                if code == DISCARD:
                    rest[g - gen] -= 1
                ok = place(i + 1, gen, rest)
                unshown[g] += 1
                pool[g][x] += 1
                if ok:
                    return True
        return False

    return place(0, 0, [0, 0])


def possible(s: PalaisState) -> bool:
    s.check_invariants()
    return all(_seat_possible(s, p) for p in range(s.players))


def _counts(row: list[int] | tuple[int, ...]) -> Counter[int]:
    return Counter({k: n for k, n in enumerate(row) if n})


def _pile_room(s: PalaisState, seat: int) -> Counter[int]:
    """What the draw pile can hold as ``seat`` knows it: the latest rebuilt pile's cards less
    those ``seat`` drew from it itself."""
    h = s.cards
    return _counts([a - b for a, b in zip(h.gens[-1], h.took[seat][-1], strict=True)])


def _check_sample(truth: PalaisState, seat: int, sample: PalaisState) -> None:
    assert sample.view(seat) == truth.view(seat)
    assert possible(sample)
    assert sample.hand[seat] == truth.hand[seat]  # own cards untouched
    assert sample.cards.took[seat] == truth.cards.took[seat]
    if truth.cur == seat:
        assert sample.drawn == truth.drawn
    assert len(sample.pile) == len(truth.pile) and len(sample.drawn) == len(truth.drawn)
    assert [sum(h) for h in sample.hand] == [sum(h) for h in truth.hand]
    everything = Counter(sample.pile) + Counter(sample.drawn) + _counts(sample.discard)
    for h in sample.hand:
        everything += _counts(h)
    assert everything == Counter({k: kind.count for k, kind in enumerate(truth.d.cards)})
    if len(truth.cards.gens) > 1:
        assert not Counter(sample.pile) - _pile_room(truth, seat)
    assert sample.cards.gens == truth.cards.gens and sample.cards.log == truth.cards.log
    assert sample.shown == truth.shown and sample.cards.held0 == truth.cards.held0


def _straddling_rebuild() -> tuple[PalaisState, list[int]]:
    """The first probe game (from seed 12) in which a draw takes the last cards of the deck,
    then cards of the discard pile made again; that game as the draw is made, and the
    discard pile it was made of."""
    for seed in range(12, 40):
        state = _new(seed)
        rng = Rng(seed)
        while state.to_move():
            seat, action = _probe_move(state, rng)
            discard = list(state.discard)
            state.apply(action, seat)
            if len(state.cards.gens) > 1:
                _code, _seat, _gen, old, new = state.cards.log[0]
                if old and new:
                    return state, discard
                break
    raise AssertionError("no probe game draws across a rebuild")


# ---------------------------------------------------------------------------- the tests
def test_a_rebuilt_pile_is_remembered_and_samples_keep_old_cards_out_of_it() -> None:
    state, discard = _straddling_rebuild()
    drawer = state.cur
    code, seat, gen, old, new = state.cards.log[0]
    assert state.phase == KEEP_STEP and (code, seat, gen) == (DRAW, drawer, 0)
    assert len(state.drawn) == old + new  # the deck's last cards, then the new pile's first
    ids = state.d.card_ids
    made = {ids[k]: n for k, n in enumerate(discard) if n}
    assert sum(discard) == len(state.pile) + new and not any(state.discard)
    for viewer in (None, *range(4)):
        view = state.view(viewer)
        assert view["rebuilt"] == [made]
        history = view["pile_history"]
        assert history["held"] == [sum(h) for h in state.hand]  # (the draw is not kept yet)
        assert history["events"] == [{"seat": drawer, "drew": [[0, old], [1, new]]}]
        assert history["yours"] == (None if viewer is None else [
            {ids[k]: n for k, n in enumerate(row) if n} for row in state.cards.took[viewer]])
    # Before the fix, samples dealt the others' old cards into the new pile.
    others = [o for o in range(4) if o != drawer]
    for viewer in others:
        for k in range(20):
            sample = state.determinize(viewer, Rng(k))
            _check_sample(state, viewer, sample)
            assert not Counter(sample.pile) - _counts(discard)
            # The drawer's new cards and the pile are the rebuilt pile's cards.
            assert _counts(sample.cards.took[drawer][1]) + Counter(sample.pile) == _counts(discard)
    # The drawer sees its own draw; the others' samples deal it from both generations.
    mine = list(state.drawn)
    assert all(state.determinize(drawer, Rng(k)).drawn == mine for k in range(5))
    assert len({tuple(state.determinize(others[0], Rng(k)).drawn) for k in range(30)}) > 1
    # Play on: every later sample stays within what the history allows.
    rng = Rng(99)
    for step in range(150):
        if not state.to_move():
            break
        seat, action = _probe_move(state, rng)
        state.apply(action, seat)
        if step % 5 == 0:
            for o in range(4):
                _check_sample(state, o, state.determinize(o, Rng(step * 4 + o)))


def test_samples_after_rebuilds_are_possible_positions() -> None:
    """Random probe games: every sample for every seat, at every few decisions after the first
    rebuild, is a position some history agreeing with the seat's view leads to."""
    checked = rebuilt_games = 0
    for seed in range(12, 36):
        state = _new(seed, 3 + seed % 2)
        rng = Rng(seed)
        step = 0
        while state.to_move():
            seat, action = _probe_move(state, rng)
            state.apply(action, seat)
            step += 1
            if len(state.cards.gens) > 1 and step % 4 == 0:
                assert possible(state)
                for o in range(state.players):
                    _check_sample(state, o, state.determinize(o, Rng(step * 8 + o)))
                    checked += 1
        rebuilt_games += len(state.cards.gens) > 1
    assert rebuilt_games >= 10 and checked > 500, (rebuilt_games, checked)


def test_every_way_of_placing_the_others_shown_cards_is_possible() -> None:
    """A card shown by a seat holding cards of two generations could be either's. The ways the
    sampling counts (``piles._posterior``) each have a weight and each gives possible
    positions only; some positions of these games have several."""
    several = 0
    for step, state in _after_rebuilds((15, 16, 18, 20), every=3):
        for o in range(4):
            post = piles._cached_posterior(state, o)
            assert post is not None
            cum, ways = post
            assert all(b > a for a, b in zip([0.0, *cum], cum, strict=False))
            if len(ways) < 2:
                continue
            several += 1
            h = state.cards
            for way in ways:  # each way alone
                probe = state.clone()
                probe.cards = CardHistory(h.gens, h.took, h.held0, h.log)
                probe.cards.cache[o] = ([1.0], [way])
                _check_sample(state, o, probe.determinize(o, Rng(step)))
    assert several >= 5


def _every_way(s: PalaisState, seat: int) -> dict[tuple[int, ...], float]:
    """Brute force, path by path: every way of giving the others' shown cards generations (the
    generations of each seat's shown cards, per kind, as a key), with the weight the docs give
    (the product of c_g * u_gk / u_g over its cards), normalized."""
    h = s.cards
    n, width = s.players, len(h.gens)
    unplaced = [[h.gens[g][k] - h.took[seat][g][k] for k in range(N_KINDS)] for g in range(width)]
    for o in range(n):
        if o != seat:
            for k in range(N_KINDS):
                unplaced[0][k] -= s.shown[o * N_KINDS + k]
    held = [[h.held0[o]] + [0] * (width - 1) for o in range(n)]
    given = [0] * (n * width * N_KINDS)
    events = [e for e in h.log if e[1] != seat]
    out: dict[tuple[int, ...], float] = {}

    def walk(i: int, weight: float, gen: list[int], left: list[list[int]]) -> None:
        if i == len(events):
            key = tuple(given)
            out[key] = out.get(key, 0.0) + weight
            return
        code, p, x, a, b = events[i]
        if code == DRAW:
            held[p][x] += a
            if b:
                held[p][x + 1] += b
            walk(i + 1, weight, [*gen[:p], x, *gen[p + 1:]],
                 [*left[:p], [a, b], *left[p + 1:]])
            held[p][x] -= a
            if b:
                held[p][x + 1] -= b
            return
        if code == DISCARD:
            options = [(gen[p] + j, left[p][j]) for j in (0, 1)
                       if left[p][j] and gen[p] + j < width]
        else:
            options = [(g, held[p][g]) for g in range(width)]
        for g, c in options:
            if not (c and held[p][g] and unplaced[g][x]):
                continue
            w = c * unplaced[g][x] / sum(unplaced[g])
            held[p][g] -= 1
            unplaced[g][x] -= 1
            given[(p * width + g) * N_KINDS + x] += 1
            rest = left
            if code == DISCARD:
                part = g - gen[p]
                rest = [*left[:p], [left[p][0] - (part == 0), left[p][1] - (part == 1)],
                        *left[p + 1:]]
            walk(i + 1, weight * w, gen, rest)
            held[p][g] += 1
            unplaced[g][x] += 1
            given[(p * width + g) * N_KINDS + x] -= 1

    walk(0, 1.0, [0] * n, [[0, 0]] * n)
    total = sum(out.values())
    return {key: w / total for key, w in out.items()}


def test_the_ways_counted_are_every_possible_one_with_the_weights_the_docs_give() -> None:
    compared = several = 0
    for _step, state in _after_rebuilds((15, 16, 18, 20), every=5):
        for o in range(4):
            post = piles._posterior(state, o)
            assert post is not None
            cum, ways = post
            weights = [b - a for a, b in zip([0.0, *cum], cum, strict=False)]
            width = len(state.cards.gens)
            got: dict[tuple[int, ...], float] = {}
            for (_pools, _slots, base), w in zip(ways, weights, strict=True):
                given = [x for p in range(4) for g, row in enumerate(base[p])
                         for x in ([a - b for a, b in zip(row, state.shown[p * N_KINDS:
                                                                           (p + 1) * N_KINDS],
                                                           strict=True)]
                                   if g == 0 else row)]
                assert len(given) == 4 * width * N_KINDS
                assert tuple(given) not in got  # (ways that leave the same are one)
                got[tuple(given)] = w / cum[-1]
            want = _every_way(state, o)
            assert got.keys() == want.keys()
            assert all(abs(got[k] - want[k]) < 1e-9 for k in want)
            compared += 1
            several += len(want) > 1
    assert compared > 100 and several >= 5


def test_past_too_many_ways_one_is_drawn_step_by_step_and_still_possible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(piles, "MAX_WAYS", 0)
    stepwise = 0
    # (games with cards shown whose generation is in doubt)
    for step, state in _after_rebuilds((12, 17, 20), every=3):
        for o in range(4):
            _check_sample(state, o, state.determinize(o, Rng(step + o)))
            stepwise += piles._cached_posterior(state, o) is None
    assert stepwise >= 5


def test_a_card_that_fits_no_generation_takes_the_latest_choice_back() -> None:
    """Seat 1 holds a card of each generation and plays a purse, then seat 2, holding only
    one of the deck, plays a purse too; one purse of each generation is left unplaced. Seat
    1's purse must be the rebuilt pile's, whatever is drawn first."""
    purse = 0
    events = ((piles.PLAY, 1, purse, 0, 0), (piles.PLAY, 2, purse, 0, 0))
    for k in range(20):
        cap = [[1] + [0] * (N_KINDS - 1), [1] + [0] * (N_KINDS - 1)]
        tot = [1, 1]
        slots = [[0, 0], [1, 1], [1, 0]]
        assert piles._attribute(events, 0, cap, tot, slots, Rng(k)) == [1, 0]
        assert slots == [[0, 0], [1, 0], [0, 0]] and tot == [0, 0]


def _twin(state: PalaisState, seat: int) -> PalaisState | None:
    """``state`` with one hidden fact changed: a card of one generation swapped between two
    other seats' hands, or between another seat's hand and the draw pile (the latest
    generation), if the result is still a possible position."""
    others = [o for o in range(state.players) if o != seat]
    last = len(state.cards.gens) - 1
    places: list[tuple[int, int]] = [(o, g) for o in others for g in range(last + 1)]
    for i, (a, g) in enumerate(places):
        for b in [o for o, h in places[i + 1:] if h == g] + ([-1] if g == last else []):
            for ka in range(N_KINDS):
                for kb in range(N_KINDS):
                    if ka == kb or not state.hand[a][ka] or not state.cards.took[a][g][ka]:
                        continue
                    if b >= 0 and not (state.hand[b][kb] and state.cards.took[b][g][kb]):
                        continue
                    if b < 0 and kb not in state.pile:
                        continue
                    twin = state.clone()
                    _move_card(twin, a, g, ka, kb)
                    if b >= 0:
                        _move_card(twin, b, g, kb, ka)
                    else:
                        twin.pile.remove(kb)
                        twin.pile = sorted([*twin.pile, ka])
                    if possible(twin):
                        return twin
    return None


def _move_card(s: PalaisState, seat: int, gen: int, out: int, into: int) -> None:
    """Seat ``seat`` holds (and drew from ``gen``) a card of kind ``into`` instead of ``out``."""
    s.hand[seat] = list(s.hand[seat])
    s.hand[seat][out] -= 1
    s.hand[seat][into] += 1
    h = s.cards
    rows = [list(r) for r in h.took[seat]]
    rows[gen][out] -= 1
    rows[gen][into] += 1
    took = tuple(tuple(map(tuple, rows)) if p == seat else h.took[p] for p in range(s.players))
    s.cards = CardHistory(h.gens, took, h.held0, h.log)


def test_two_worlds_differing_in_hidden_cards_give_the_same_views_and_samples() -> None:
    twins = 0
    for seed in (15, 16, 18, 20, 22):
        state = _new(seed)
        rng = Rng(seed)
        step = 0
        while state.to_move() and step < 600:
            seat, action = _probe_move(state, rng)
            state.apply(action, seat)
            step += 1
            if len(state.cards.gens) < 2 or step % 9:
                continue
            observer = (step // 9) % 4
            twin = _twin(state, observer)
            if twin is None:
                continue
            assert twin.to_dict()["state"] != state.to_dict()["state"]
            assert twin.view(observer) == state.view(observer)
            for k in range(6):
                a = state.determinize(observer, Rng(k))
                b = twin.determinize(observer, Rng(k))
                assert a.to_dict()["state"] == b.to_dict()["state"]
            twins += 1
    assert twins >= 10


def test_a_determinized_sample_is_itself_a_world_the_others_can_sample() -> None:
    state, _discard = _straddling_rebuild()
    rng = Rng(5)
    for _ in range(40):
        seat, action = _probe_move(state, rng)
        state.apply(action, seat)
    for seat in range(4):
        sample = state.determinize(seat, Rng(seat))
        for other in range(4):
            _check_sample(sample, other, sample.determinize(other, Rng(other + 10)))
        text = sample.to_json()
        assert State.from_json(text).to_json() == text


def test_positions_saved_before_the_card_history_load() -> None:
    state, _discard = _straddling_rebuild()
    rng = Rng(7)
    for _ in range(30):
        seat, action = _probe_move(state, rng)
        state.apply(action, seat)
    doc = json.loads(state.to_json())
    for name in HISTORY:
        del doc["state"][name]
    # A saved game replays its record: the card history comes back as it was.
    again = State.from_json(json.dumps(doc))
    assert again.to_json() == state.to_json()
    # Fields alone, loaded into a new position (as a sample's are): one pile, as far as anyone
    # can tell, and consistent.
    loaded = PalaisState.__new__(PalaisState)
    for name in ("players", "seed", "options", "edition", "_rng", "_script", "_hist",
                 "_legal"):
        setattr(loaded, name, getattr(state, name))
    loaded._load(doc["state"])
    assert loaded.cards.gens == (tuple(kind.count for kind in state.d.cards),)
    assert loaded.cards.log == () and loaded.cards.held0 == ()
    assert loaded.hand == state.hand and loaded.pile == state.pile
    for seat in range(4):
        sample = loaded.determinize(seat, Rng(seat))
        sample.check_invariants()
        assert sample.view(seat) == loaded.view(seat)


def test_a_tampered_card_history_breaks_the_invariants() -> None:
    state, _discard = _straddling_rebuild()
    state.check_invariants()
    h = state.cards
    code, p, x, a, b = h.log[0]
    for bad in ((code, p, x, a + 1, b - 1), (code, (p + 1) % 4, x, a, b)):
        twin = state.clone()
        twin.cards = CardHistory(h.gens, h.took, h.held0, (bad, *h.log[1:]))
        try:
            twin.check_invariants()
        except AssertionError:
            continue
        raise AssertionError(f"{bad} passed")
    twin = state.clone()
    twin.cards = CardHistory((h.gens[0], tuple(reversed(h.gens[1]))), h.took, h.held0, h.log)
    try:
        twin.check_invariants()
    except AssertionError:
        pass
    else:
        raise AssertionError("a changed rebuilt pile passed")


def test_a_hand_built_position_needs_no_card_history_until_a_rebuild() -> None:
    """Before any rebuild a seat's cards are its hand, those it showed and its draw: cards put
    into a hand by hand need no bookkeeping, and the first rebuild takes them as drawn from
    the deck."""
    state = _new(3)
    state.hand[1][2] += 1
    state.pile.remove(2)
    state.check_invariants()
    assert state.cards.took == ()
    state.discard = [0, 0, 0, 1, 0, 0, 0, 0, 0]
    state.pile.remove(3)
    reset_card_history(state)  # (the discard pile shown by seat 0)
    state.pile, rest = [], state.pile
    state.hand[2] = [rest.count(k) for k in range(N_KINDS)]
    state.cur = 0
    state.servants[0][6] += 1
    state.area[0] -= 1
    state._back_door_draw(0)
    state.check_invariants()
    assert state.cards.gens[1] == (0, 0, 0, 1, 0, 0, 0, 0, 0)
    assert state.cards.took[1] == ((0, 0, 1, 0, 0, 0, 0, 0, 0), (0,) * N_KINDS)
    assert state.cards.took[0][1] == (0, 0, 0, 1, 0, 0, 0, 0, 0) and state.drawn == [3]
