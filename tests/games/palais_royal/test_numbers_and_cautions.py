"""The numbers a player types (``action_numbers``) and the cautions before a likely mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

import regalia
from regalia.engine import Rng
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    new,
    put_noble,
    set_rooms,
    start_turn,
    to_step,
)


def numbered(s: regalia.State, seat: int) -> dict[str, int]:
    numbers = s.action_numbers(seat)
    assert numbers is not None
    return {a.text: n for a, n in zip(s.legal_actions(seat), numbers, strict=True)}


def test_numbers_are_unique_in_every_step_of_random_games() -> None:
    steps_seen = set()
    for players in (2, 3, 4):
        s = regalia.new_game("palais-royal", players, seed=11 * players)
        rng = Rng(players)
        while not s.is_over():
            seat = s.to_move()[0]
            numbers = s.action_numbers(seat)
            assert numbers is not None and len(set(numbers)) == len(s.legal_actions(seat))
            assert all(0 <= n <= 109 for n in numbers)
            steps_seen.add(s.view(None)["step"])
            legal = s.legal_actions(seat)
            s.apply(legal[rng.below(len(legal))], seat)
    assert {"setup", "parade", "stairs", "enlist", "backdoor", "keep"} <= steps_seen


def test_a_seat_not_to_move_and_a_finished_game_have_no_numbers() -> None:
    s = new(2)
    assert s.action_numbers(1) is None
    assert s.action_numbers(0) is not None


def test_setup_numbers_are_the_rooms_in_turn_order() -> None:
    s = regalia.new_game("palais-royal", 2, seed=1, layout="first-game")
    got = numbered(s, 0)
    assert got["place parade"] == 1 and got["place stairs"] == 2 and got["place gate"] == 9
    assert got["place office"] == 6 and got["place backdoor"] == 7


def test_a_stairway_move_is_its_two_rooms_and_done_is_zero() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, stairs=2, mint=1)
    set_rooms(s, 1, stairs=3)  # two moves, no majority bonus
    give_cards(s, 0, "gold")
    start_turn(s, 0)
    to_step(s, 2)
    got = numbered(s, 0)
    # First-game layout: the Stairway (room 2) borders the Mint (3) and the King (4).
    assert got["move stairs mint"] == 23 and got["move mint stairs"] == 32
    assert got["move stairs king"] == 24
    assert got["play gold"] == 101 and got["done"] == 0
    # Stable: the same move keeps its number after other moves changed the list.
    act(s, "move mint stairs")
    assert numbered(s, 0)["move stairs mint"] == 23


def test_a_park_space_is_its_column_then_its_row() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, office=1, king=3, pompadour=3)
    set_rooms(s, 1, gate=1)
    s.gold[0] = 30
    put_noble(s, "c4", "vp-1")
    start_turn(s, 0)
    to_step(s, 4)
    got = numbered(s, 0)
    assert got["enlist c4"] == 34
    assert all(n == 10 * (ord(t[7]) - 96) + int(t[8]) for t, n in got.items()
               if t.startswith("enlist "))


def test_recruits_bonus_servants_and_edge_servants_read_from_and_to() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, parade=1, office=2, king=2)
    set_rooms(s, 1, gate=1)
    s.area[0], s.reserve[0] = 0, s.reserve[0] + s.area[0]  # an empty play area
    start_turn(s, 0)
    got = numbered(s, 0)
    assert got["recruit from office"] == 69 and got["recruit from king"] == 49
    assert got["recruit from parade"] == 19


def test_a_typed_number_plays_its_action_in_the_terminal(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from regalia.cli.play import GameStopped
    from tests.cli.conftest import output, session

    monkeypatch.chdir(tmp_path)  # the session saves the stopped game in the working directory

    # Setup: 2 puts a servant on the Stairway, 9 on the Gate, whatever the list's order.
    play, _ = session("palais-royal", 2, ["human", "random"], 3, ["2", "9", "6", "6", "7"])
    with pytest.raises(GameStopped):  # the typed answers run out in the first turn
        play.run()
    moves = [m["action"] for m in play.state.moves() if m.get("seat") == 0]
    assert moves[:5] == ["place stairs", "place gate", "place office", "place office",
                         "place backdoor"]
    assert "  2 place in the Stairway" in output(play)


def test_caution_before_leaving_a_bonus_servant_or_a_drawn_card() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, king=2)
    set_rooms(s, 1, gate=1)
    start_turn(s, 0)
    to_step(s, 3)
    done = s.parse_action("done")
    assert "majority bonus servant" in (s.caution(done, 0) or "")
    s2 = new(2)
    clear_rooms(s2)
    set_rooms(s2, 0, backdoor=1)
    set_rooms(s2, 1, gate=1)
    start_turn(s2, 0)
    to_step(s2, 5)
    act(s2, "draw")
    assert "keep a drawn card" in (s2.caution(done, 0) or "")
    assert s2.caution(s2.legal_actions()[0], 0) is None


def test_caution_before_ending_with_a_noble_to_enlist() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, office=1, king=3, pompadour=3)
    set_rooms(s, 1, gate=1)
    s.gold[0] = 30
    start_turn(s, 0)
    to_step(s, 4)
    assert "enlist a noble" in (s.caution(s.parse_action("done"), 0) or "")
