"""Words: actions told to the mover and to the others, plurals, cautions, action numbers."""

from __future__ import annotations

import re

import pytest

import regalia
from regalia.engine.rng import Rng
from regalia.games.el_grande.phases import CARD, POWER, RECRUIT
from regalia.games.el_grande.state import ElGrandeState
from regalia.games.el_grande.words import caballeros
from tests.games.el_grande.eg_helpers import (
    BLUE,
    RED,
    YELLOW,
    board_turn,
    fresh,
    play,
    put,
    texts,
)

BAD_PLURAL = re.compile(r"\b1 Caballeros\b|\b([02-9]|\d\d+) Caballero\b|Caballero\(s\)")


def to_card_choice(st: ElGrandeState) -> int:
    """Play the power cards (highest first) and take no Caballeros: the first player's card
    choice. Returns his seat."""
    while st.phase == POWER:
        seat = st.to_move()[0]
        st.apply(st.legal_actions(seat)[-1], seat)
    seat = st.to_move()[0]
    if st.phase == RECRUIT:
        st.apply("court 0", seat)
    assert st.phase == CARD
    return seat


def test_plural_words():
    assert (caballeros(0), caballeros(1), caballeros(2)) == \
        ("no Caballeros", "1 Caballero", "2 Caballeros")


def test_court_told_to_the_mover_and_to_the_others():
    st = fresh(4)
    st.phase, st.recruit_max = RECRUIT, 4
    st.active_seat = YELLOW
    three, one = st.parse_action("court 3"), st.parse_action("court 1")
    assert st.describe(three) == "Take 3 Caballeros into your court"
    assert st.announce(three, YELLOW) == "Yellow takes 3 Caballeros into his court"
    assert st.describe(one) == "Take 1 Caballero into your court"
    assert st.announce(one, YELLOW) == "Yellow takes 1 Caballero into his court"


def test_announce_keeps_the_sealed_disk_and_the_card_taken_back_secret():
    st = fresh(4)
    disk = st.parse_action("disk aragon")
    assert "Aragon" in st.describe(disk)
    assert st.announce(disk, BLUE) == "Blue sets his disk (secret until everyone has chosen)"
    back = st.parse_action("takeback 7")
    assert "7" in st.describe(back) and "7" not in st.announce(back, BLUE)


def test_moves_of_others_name_the_colours():
    st = board_turn("intrigue-three", king="galicia")
    put(st, BLUE, "aragon", 1)
    put(st, RED, "aragon", 1)
    play(st, "act", "pick blue aragon")
    to = st.parse_action("to valencia")
    assert st.describe(to) == "Move a blue Caballero from Aragon to Valencia"
    assert st.announce(to, RED) == "Red moves a blue Caballero from Aragon to Valencia"
    play(st, "to valencia", "pick red aragon")
    assert st.announce(st.parse_action("to seville"), RED) == \
        "Red moves one of his Caballeros from Aragon to Seville"


@pytest.mark.parametrize("players", [2, 4, 5])
def test_every_text_of_a_game_is_in_the_right_person_with_right_plurals(players):
    st = regalia.new_game("el-grande", players, seed=30 + players)
    rng = Rng(players)
    names = sorted({c.name for c in st.components.cards}, key=len, reverse=True)

    def third_person(text: str) -> bool:  # card names ("...four of your own") aside
        for name in names:
            text = text.replace(name, "")
        return not re.search(r"\b[Yy]our?\b", text)

    while not st.is_over():
        view = st.view(None)
        for p in view["pending"]:
            assert not BAD_PLURAL.search(p["decision"]), p
        for seat in st.to_move():
            for action in st.legal_actions(seat):
                mine, theirs = st.describe(action), st.announce(action, seat)
                assert not BAD_PLURAL.search(mine) and not BAD_PLURAL.search(theirs)
                assert theirs.startswith(st.seat_name(seat) + " "), theirs
                assert third_person(theirs), theirs
                assert mine[0].isupper() and not mine.startswith(st.seat_name(seat) + " ")
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(legal[rng.below(len(legal))], seat)
    for entry in st.view(None)["log"]:
        assert not BAD_PLURAL.search(entry["text"]), entry
        assert third_person(entry["text"]), entry


# ---------------------------------------------------------------- caution before a slip
def test_caution_before_ending_a_turn_with_caballeros_and_the_action_unused():
    st = board_turn("royal-adviser", king="galicia")  # a 4-card
    done = st.parse_action("done")
    assert st.caution(done, RED) == (
        "You may still place 4 Caballeros and have not used the special action of Royal "
        "Adviser; both are lost if you end your turn now.")
    assert st.caution(st.parse_action("place old-castile"), RED) is None
    play(st, "place old-castile", "place old-castile", "place old-castile")
    assert "place 1 Caballero " in (st.caution(done, RED) or "")
    play(st, "place old-castile")
    warning = st.caution(done, RED)
    assert warning is not None and "place" not in warning and "Royal Adviser" in warning
    play(st, "act", "king basque-country")
    assert st.active_seat != RED  # nothing left: the turn ended by itself, no question


def test_caution_counts_only_what_the_court_holds_and_not_a_veto():
    st = board_turn("veto")  # a 2-card whose action is kept for later
    st.court[RED] = 1
    st.provinces[RED] += 6
    warning = st.caution(st.parse_action("done"), RED)
    assert warning == "You may still place 1 Caballero; it is lost if you end your turn now."
    st.court[RED] = 0
    st.provinces[RED] += 1
    assert st.caution(st.parse_action("done"), RED) is None
    assert st.caution(st.parse_action("done"), BLUE) is None  # not his turn


def test_caution_after_the_action_with_placements_left():
    st = board_turn("the-court")
    play(st, "act", "court 0")
    assert st.caution(st.parse_action("done"), RED) == \
        "You may still place 4 Caballeros; they are lost if you end your turn now."


# ---------------------------------------------------------------- action numbers
def test_action_numbers_are_the_stack_numbers_while_choosing_a_card():
    st = fresh(4, seed=3)
    first = to_card_choice(st)
    assert st.action_numbers(first) == (1, 2, 3, 4, 5)
    play(st, "card 2", seat=first)
    assert st.action_numbers(first) is None  # placing: number the choices 1..N
    play(st, "done", seat=first)
    second = st.to_move()[0]
    if st.phase == RECRUIT:
        play(st, "court 0", seat=second)
    numbers = st.action_numbers(second)
    assert numbers == (1, 3, 4, 5)
    assert [a.text for a in st.legal_actions(second)] == [f"card {n}" for n in numbers]
    assert st.action_numbers(first) is None  # not his decision


def test_action_numbers_are_the_values_while_choosing_a_power_card():
    st = fresh(4, seed=3)
    seat = st.to_move()[0]
    st.apply("power 13", seat)
    nxt = st.to_move()[0]
    numbers = st.action_numbers(nxt)
    assert numbers == tuple(range(1, 13))
    assert len(set(numbers or ())) == len(st.legal_actions(nxt))
    assert texts(st, nxt)[4] == "power 5" and (numbers or ())[4] == 5
