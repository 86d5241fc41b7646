"""The solo game against Aaron [RB solo rules]."""

from __future__ import annotations

from regalia.games.castles_of_burgundy_cards.estate import aaron_sort
from regalia.games.castles_of_burgundy_cards.faces import CLOISTER, FACE_INDEX, SHIP
from regalia.games.castles_of_burgundy_cards.scoring import aaron_score, player_score
from regalia.games.castles_of_burgundy_cards.state import CobState
from tests.games.castles_of_burgundy_cards.cob_helpers import act, new, texts


def f(*names: str) -> list[int]:
    return [FACE_INDEX[n] for n in names]


def test_solo_setup_is_the_two_player_setup_with_one_worker() -> None:
    s = new(1, seed=1)
    assert s.workers == [1] and s.silver == [1]
    assert sum(len(row) for row in s.display) == 7 and s.all7_stack == [3, 1]
    assert [len(p) for p in s.aaron_piles] == [0, 4, 5, 6, 7]
    assert sum(len(c) for _, c in s.aaron_estate) == 3, "round A's pile is sorted at once"
    s.check_invariants()


def test_aaron_reveals_one_pile_per_round() -> None:
    s = new(1, seed=8)
    seen = []
    while not s.over:
        seen.append((s.round, sum(len(c) for _, c in s.aaron_estate)))
        moves = texts(s)
        act(s, "silver" if "silver" in moves else ("end" if "end" in moves else moves[0]))
    sizes = dict(seen)
    cumulative = [3, 7, 12, 18, 25]
    assert all(sizes[r] == cumulative[r] for r in sizes)


def test_aarons_cloisters_are_their_own_type_and_give_you_vp() -> None:
    s = new(1, seed=2)
    _reset_aaron(s)
    vp = s.vp[0]
    faces = f("cloister-1", "castle-2", "cloister-3", "ship-1")
    for n in ("cloister-1", "castle-2", "cloister-3", "ship-1"):
        s.pools[-1].remove(n)
    aaron_sort(s, faces)
    assert sorted(t for t, _ in s.aaron_estate) == [0, CLOISTER, SHIP]
    # _reveal_aaron gives the VP; call it through a pile of known cards:
    s.reserved[-1] += 2 - len(s.aaron_piles[1])
    s.aaron_piles[1] = [len(s.pools) - 1] * 2
    s.supply_chance([("aaron", "cloister-2"), ("aaron", "cloister-5")])
    s.round = 1
    s._reveal_aaron()
    assert s.vp[0] == vp + 2, "1 VP card for each cloister Aaron gets"
    assert [len(c) for t, c in s.aaron_estate if t == CLOISTER] == [3, 1]
    s.check_invariants()


def test_aarons_fourth_card_starts_a_new_triple_and_he_takes_1_cards() -> None:
    s = new(1, seed=2)
    _reset_aaron(s)
    names = ("ship-1", "ship-2", "ship-3", "ship-4")
    for n in names:
        s.pools[-1].remove(n)
    aaron_sort(s, f(*names))
    assert [len(c) for _, c in s.aaron_estate] == [3, 1]
    assert s.first[SHIP] == 1, "seat index 1 is Aaron in a solo game"
    assert aaron_score(s) == s.d.triple_vp[SHIP] + 1
    s.check_invariants()


def _play_out(s: CobState) -> None:
    while not s.over:
        moves = texts(s)
        act(s, "silver" if "silver" in moves else ("end" if "end" in moves else moves[0]))


def test_you_lose_at_once_when_aaron_is_ahead_after_a_round() -> None:
    s = new(1, seed=4)
    # Aaron already holds a finished castle triple: you cannot catch up in round A by silver.
    _reset_aaron(s)
    s.aaron_estate = [(0, tuple(f("castle-1", "castle-2", "castle-3")))]
    for n in ("castle-1", "castle-2", "castle-3"):
        s.pools[-1].remove(n)
    s.check_invariants()
    _play_out(s)
    assert s.round == 0 and s.over and s.lost
    assert s.solo_result() == "lost" and s.view(0)["result"] == "lost"
    assert s.ranking() == (2,), "Aaron takes first place though he is no seat"
    assert s.automata() == 1
    assert s.record().result["solo"]["result"] == "lost"
    assert s.to_move() == ()


def test_you_win_with_equal_or_more_vp_after_round_e() -> None:
    s = new(1, seed=4)
    s.vp[0] = 100
    _play_out(s)
    assert s.round == 4 and not s.lost
    assert player_score(s, 0) >= aaron_score(s)
    assert s.solo_result() == "won" and s.view(0)["result"] == "won"
    assert s.ranking() == (1,)


def test_a_tie_with_aaron_after_a_round_goes_on() -> None:
    s = new(1, seed=4)
    _reset_aaron(s)
    s.vp[0] = 0
    s.first = [-1] * 7
    s.all7 = [0, 0]
    s.all7_stack = [3, 1]
    assert aaron_score(s) == 0 == player_score(s, 0)
    while s.round == 0:
        moves = texts(s)
        act(s, "silver" if "silver" in moves else ("end" if "end" in moves else moves[0]))
    assert not s.over and s.round == 1


def _reset_aaron(s: CobState) -> None:
    """Aaron's revealed cards go to the discard pile: his estate starts empty."""
    for _, cards in s.aaron_estate:
        s.discard.extend(cards)
    s.aaron_estate = []
