"""Whole games replayed from stored records, and the play examples reported in sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import regalia
from regalia.engine import InvalidRecord
from regalia.games.shadow_of_the_emperor.board import K_EMINENCE, K_RIVAL
from regalia.games.shadow_of_the_emperor.phases import influence
from tests.games.shadow_of_the_emperor.soe_helpers import (
    E,
    empty,
    knight,
    legal,
    play,
    put,
    run,
)

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_full_games_replay_from_stored_records(path: Path) -> None:
    # Whole games (2-4 players, greedy and random play, several options): they replay to the
    # same end, scores and places; a rules change that alters any of them shows here.
    record = regalia.Record.from_json(path.read_text(encoding="utf-8"))
    state = regalia.replay(record)
    assert state.is_over() and state.round == 5  # type: ignore[attr-defined]
    state.check_invariants()
    assert list(state.scores()) == record.result["scores"]
    assert list(state.ranking()) == record.result["ranking"]
    assert state.moves() == record.moves


def test_a_record_with_a_wrong_move_does_not_replay() -> None:
    record = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    moves = record["moves"]
    i = next(k for k, m in enumerate(moves) if m.get("action", "").startswith("buy "))
    moves[i]["action"] = "vote rival"
    with pytest.raises(InvalidRecord):
        regalia.replay(record)


def test_a_record_with_a_wrong_chance_outcome_does_not_replay() -> None:
    path = next(p for p in RECORDS if p.name.startswith("2p-"))
    record = json.loads(path.read_text(encoding="utf-8"))
    record["moves"][0]["outcome"] = "bohemia"  # not an archdiocese
    with pytest.raises(InvalidRecord):
        regalia.replay(record)


def test_example_a_6_to_6_tie_in_bohemia_with_a_gray_eminence_goes_to_the_emperor() -> None:
    # LLG-2P (2 players): Julie held Bohemia with 6 influence; the reporter, Emperor, reached
    # 6 too with a Gray eminence's help and, breaking the tie, took Bohemia.
    s = empty(2, emperor=0)
    s.in_play = [1, 1, 0, 1, 1, 0, 1]
    s._link_board()
    put(s, 1, "bohemia", 35, couple=True, as_="elector")   # Julie: elector Couple 2
    put(s, 1, "bohemia", 25, couple=True)                  # 2
    knight(s, 1, "bohemia")                                # 1
    knight(s, 1, "bohemia", castle=True)                   # 1  -> 6
    mine = put(s, 0, "bohemia", 15, couple=True)           # 2
    put(s, 0, "bohemia", 25)                               # 1
    knight(s, 0, "bohemia", castle=True)                   # 1
    s.city[E["bohemia"]][0] = 1                            # 1
    put(s, 0, "brandenburg", 25, as_="elector")            # the Gray eminence's right
    s.kept[0][K_EMINENCE] = 1
    s.stacks[K_EMINENCE] = 0
    run(s, ("electors",))
    play(s, "eminence bohemia")                            # 1  -> 6
    assert s.to_move() == (0,) and legal(s) == ["award R", "award B"]
    assert influence(s, E["bohemia"]) == [6, 6]
    play(s, "award R")
    assert s.to_move() == (0,) and sorted(legal(s)) == ["seat R2", "seat R3"]
    play(s, "seat R2")
    assert s.elector[E["bohemia"]] == mine and s.vp[0] == 2


def test_example_the_rival_taken_after_two_cards_ends_the_takers_actions() -> None:
    # LGI (4 players): the reporter played two cards, then took the white Rival card, which
    # ended his phase of actions; the election followed with two non-candidates voting.
    s = empty(4)
    put(s, 1, "mainz", 25)
    s.thalers[1] = 12
    run(s, ("actions",))
    play(s, "pass", "buy permit couple", "to mainz", "pass", "pass", "buy ordinance",
         "city mainz", "buy rival")
    assert s.to_move() == () and s.rival == 1 and s.kept[1][K_RIVAL] == 1
