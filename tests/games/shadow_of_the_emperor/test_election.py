"""Phase VI: announcements, sealed simultaneous votes, the count, the new Emperor."""

from __future__ import annotations

import json

from regalia.engine import Rng
from regalia.games.shadow_of_the_emperor.board import K_CHURCH, K_EXCOMM, K_POPE, K_RIVAL
from regalia.games.shadow_of_the_emperor.phases import votes_of
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, THRONE, TRANSIT
from regalia.games.shadow_of_the_emperor.state import ShadowState
from tests.games.shadow_of_the_emperor.soe_helpers import (
    E,
    empty,
    knight,
    legal,
    play,
    put,
    run,
)


def _with_rival(s: ShadowState, rival: int) -> ShadowState:
    s.rival = rival
    s.kept[rival][K_RIVAL] = 1
    s.stacks[K_RIVAL] = 0
    return s


def _electors(s: ShadowState) -> None:
    """Red (Emperor) Mainz; Blue (Rival) Bohemia; Yellow Saxony + Trier; Green none."""
    put(s, 0, "mainz", 25, as_="elector")
    put(s, 1, "bohemia", 25, as_="elector")
    put(s, 2, "saxony", 25, as_="elector")
    put(s, 2, "trier", 25, as_="elector")


def test_an_election_without_a_rival_is_skipped() -> None:
    s = empty(4)
    _electors(s)
    run(s, ("election",))
    assert s.to_move() == () and s.emperor == 0 and s.last_votes == []


def test_votes_are_sealed_until_every_voter_has_voted() -> None:
    s = _with_rival(empty(4), 1)
    _electors(s)
    put(s, 3, "koeln", 25, as_="elector")
    run(s, ("election",))
    assert s.to_move() == (2, 3)            # both non-candidates with votes, at once
    s.apply("vote rival", 2)
    assert s.to_move() == (3,)
    for seat in (0, 1, 3):                  # nobody else sees Yellow's vote
        view = s.view(seat)
        assert view["election"]["voted"] == [2] and view["election"]["my_vote"] is None
        assert "rival" not in json.dumps(view["election"]["last_votes"])
    assert s.view(2)["election"]["my_vote"] == "rival"
    # a determinized sample for Green may have Yellow vote either way
    seen = {s.determinize(3, Rng(i)).votes[2] for i in range(20)}
    assert seen == {0, 1}
    s.apply("vote emperor", 3)
    assert s.last_votes == [0, 1, 1, 0]
    # Emperor 1 (Mainz) + Green 1 = 2 votes; Rival 2 (Bohemia) + Yellow 2 = 4: the Rival wins
    assert s.emperor == 1 and s.vp[2] == 1 and s.vp[3] == 0


def test_a_tied_election_keeps_the_incumbent() -> None:
    s = _with_rival(empty(4), 1)
    put(s, 0, "bohemia", 25, as_="elector")
    put(s, 1, "saxony", 25, as_="elector")
    put(s, 2, "trier", 25, as_="elector")
    run(s, ("election",))
    assert s.to_move() == (2,)
    s.apply("vote rival", 2)
    assert s.emperor == 0 and s.vp[2] == 0   # 2 against 2
    assert s.where[0] == THRONE


def test_a_voter_with_no_votes_does_not_vote() -> None:
    s = _with_rival(empty(4), 1)
    _electors(s)
    run(s, ("election",))
    assert s.to_move() == (2,)               # Green has no elector: no vote
    s.apply("vote emperor", 2)
    assert s.emperor == 0 and s.vp[2] == 1 and s.vp[3] == 0 and s.last_votes[3] == -1


def test_an_election_with_only_the_candidates_voting_is_counted_at_once() -> None:
    s = _with_rival(empty(2), 1)
    put(s, 1, "saxony" if s.in_play[E["saxony"]] else "brandenburg", 25, as_="elector")
    heir = put(s, 1, "bohemia" if s.in_play[E["bohemia"]] else "palatinate", 15)
    run(s, ("election",))
    # 1 vote to 0: the Rival wins, moves his aristocrat to the throne
    assert s.emperor == 1 and s.to_move() == (1,) and legal(s) == ["throne B2"]
    play(s, "throne B2")
    assert s.throne == heir
    # the old Emperor's tile goes to an aristocrat space his player chooses
    assert s.to_move() == (0,) and s.where[0] == TRANSIT
    play(s, legal(s)[0])
    assert ARISTOCRAT <= s.where[0] < ARISTOCRAT + 10 and s.age[0] == 3


def test_the_new_emperor_without_an_aristocrat_takes_a_45_baron_from_supply() -> None:
    s = _with_rival(empty(3), 2)
    put(s, 2, "saxony", 25, as_="elector")
    run(s, ("election",))
    assert s.emperor == 2 and s.throne // 7 == 2 and s.age[s.throne] == 3


def test_pope_adds_a_vote() -> None:
    s = _with_rival(empty(4), 1)
    put(s, 0, "saxony", 25, as_="elector")
    s.kept[1][K_POPE] = 1
    s.stacks[K_POPE] = 0
    put(s, 1, "koeln", 15)
    run(s, ("election",))
    assert s.emperor == 0  # 1 to 1: the tie keeps the Emperor
    s2 = _with_rival(empty(4), 1)
    s2.kept[1][K_POPE] = 1
    s2.stacks[K_POPE] = 0
    assert votes_of(s2) == [0, 1, 0, 0]


def test_church_influence_counts_the_elector_familys_pieces_in_the_archdiocese() -> None:
    s = _with_rival(empty(4), 1)
    put(s, 2, "trier", 25, as_="elector")
    put(s, 2, "trier", 25)
    put(s, 2, "trier", 15, couple=True)     # a Couple counts 1 here (question A7)
    knight(s, 2, "trier", castle=True)
    put(s, 3, "trier", 25)                  # another colour: no vote
    s.kept[0][K_CHURCH] = 1
    s.stacks[K_CHURCH] = 0
    run(s, ("election",))
    assert s.to_move() == (0,) and legal(s) == ["church mainz", "church trier",
                                                "church koeln", "pass"]
    play(s, "church trier")
    assert votes_of(s)[2] == 1 + 3


def test_excommunication_silences_a_secular_elector() -> None:
    s = _with_rival(empty(4), 1)
    put(s, 2, "bohemia", 25, as_="elector")
    s.kept[3][K_EXCOMM] = 1
    s.stacks[K_EXCOMM] = 0
    run(s, ("election",))
    assert s.to_move() == (3,) and "excommunicate mainz" not in legal(s)
    play(s, "excommunicate bohemia")
    # Yellow has no vote left, so no one votes: 0 against 0 keeps the Emperor
    assert s.to_move() == () and s.emperor == 0


def test_announcements_go_from_the_emperor_clockwise() -> None:
    s = _with_rival(empty(4, emperor=2), 1)
    s.kept[1][K_CHURCH] = 1
    s.kept[3][K_EXCOMM] = 1
    s.stacks[K_CHURCH] = s.stacks[K_EXCOMM] = 0
    run(s, ("election",))
    assert s.to_move() == (3,)
    play(s, "excommunicate saxony")
    assert s.to_move() == (1,)
    play(s, "church koeln")
    assert s.church_target == -1 and s.excomm_target == -1  # reset after the count


def test_church_influence_and_excommunication_may_be_left_unused() -> None:
    # Seed: the holder "may choose" (可选择) an archdiocese / a secular electorate; here every
    # archdiocese elector is an opponent's, so naming one would only help another family.
    s = _with_rival(empty(4), 1)
    put(s, 2, "trier", 25, as_="elector")
    put(s, 2, "trier", 25)
    put(s, 3, "saxony", 25, as_="elector")
    s.kept[0][K_CHURCH] = 1
    s.kept[0][K_EXCOMM] = 1
    s.stacks[K_CHURCH] = s.stacks[K_EXCOMM] = 0
    run(s, ("election",))
    assert s.to_move() == (0,) and "pass" in legal(s)
    play(s, "pass")
    assert s.church_target == -1 and s.to_move() == (0,) and "pass" in legal(s)
    play(s, "pass")
    assert s.excomm_target == -1
    assert sorted(s.to_move()) == [2, 3]          # both still vote, with their full votes
    assert votes_of(s) == [0, 0, 1, 1]


def test_church_influence_counts_the_elector_tile_too_with_the_option() -> None:
    # Question A7: the elector is also an aristocrat of its own colour in the archdiocese.
    for option, extra in ((False, 0), (True, 1)):
        s = _with_rival(empty(4, church_counts_elector=option), 1)
        put(s, 2, "trier", 25, as_="elector")
        put(s, 2, "trier", 25)
        knight(s, 2, "trier")
        s.kept[0][K_CHURCH] = 1
        s.stacks[K_CHURCH] = 0
        run(s, ("election",))
        play(s, "church trier")
        assert votes_of(s)[2] == 1 + 2 + extra
