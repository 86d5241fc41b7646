"""Entries at the table: impossible outcomes and illegal moves are refused and change
nothing; undo and redo; secret draws are asked of the seat that sees them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from regalia.engine.errors import InvalidRecord
from regalia.engine.record import Record
from regalia.table import Draw, TableError, TableSession, Turn
from regalia.table.matching import match_outcome
from tests.table.scripted import GAMES, engine_record, enter, new_session


def snapshot(session: TableSession) -> tuple[str, str, object]:
    state = session.state.to_json() if session.state is not None else ""
    return state, session.record().to_json(), session.wanted


def el_grande_after_setup() -> TableSession:
    session = new_session("el-grande", 3)
    for value in ("aragon", "seville", "galicia", "valencia", "red"):
        session.enter_outcome(value)
    return session


def test_an_outcome_already_gone_is_refused_and_changes_nothing() -> None:
    session = new_session("el-grande", 3)
    session.enter_outcome("aragon")  # the King's region: no one's home region
    before = snapshot(session)
    with pytest.raises(TableError, match="cannot come up now"):
        session.enter_outcome("aragon")
    assert snapshot(session) == before


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_an_outcome_not_in_the_draw_is_refused_in_every_game(game: str, players: int) -> None:
    record = engine_record(game, players)
    draws = [i for i, m in enumerate(record.moves) if "chance" in m]
    for index in draws[len(draws) // 2::-1]:  # from the middle back: a draw that is asked
        session = new_session(game, players)
        enter(session, record.moves, stop=index)
        if isinstance(session.wanted, Draw) and len(session.entries) == index:
            break
    else:
        raise AssertionError("the table was asked no draw")
    before = snapshot(session)
    with pytest.raises(TableError):
        session.enter_outcome("no-such-card")
    with pytest.raises(TableError, match="no move is wanted"):
        session.enter_action("pass", 0)
    assert snapshot(session) == before


def test_an_illegal_move_is_refused_with_the_rules_reason() -> None:
    session = el_grande_after_setup()
    turn = session.wanted
    assert isinstance(turn, Turn)
    before = snapshot(session)
    with pytest.raises(TableError, match="not"):
        session.enter_action("power 13", turn.seats[0])  # the sealed setup disk comes first
    with pytest.raises(TableError, match="is not"):
        session.enter_action("no such move at all", turn.seats[0])
    with pytest.raises(TableError, match="no chance outcome"):
        session.enter_outcome("aragon")
    assert snapshot(session) == before


def test_a_seat_not_to_move_is_refused() -> None:
    session = new_session("ming-dynasty", 3)
    record = engine_record("ming-dynasty", 3, steps=5)
    enter(session, record.moves)
    turn = session.wanted
    assert isinstance(turn, Turn)
    other = next(s for s in range(3) if s not in turn.seats)
    before = snapshot(session)
    with pytest.raises(TableError, match="not seat"):
        session.enter_action("pass", other)
    assert snapshot(session) == before


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_undo_then_redo_gives_the_same_state(game: str, players: int) -> None:
    record = engine_record(game, players, steps=40)
    session = new_session(game, players)
    enter(session, record.moves)
    before = snapshot(session)
    assert session.undo(5) == 5
    undone = snapshot(session)
    assert undone != before
    assert len(session.entries) < len(record.moves)
    assert session.redo(5) == 5
    assert snapshot(session) == before
    assert session.redo() == 0  # nothing left to redo


def test_undo_keeps_only_what_stands_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    record = engine_record("el-grande", 3, steps=20)
    session = new_session("el-grande", 3, path)
    enter(session, record.moves)
    session.undo(3)
    saved = Record.load(path)
    stands = [e.move for e in session.entries]
    assert [*saved.moves, *saved.meta["table"]["tail"]] == stands
    assert stands == record.moves[:len(stands)]


def test_a_new_entry_after_undo_clears_redo() -> None:
    session = el_grande_after_setup()
    session.undo()
    assert session.redo_stack
    session.enter_outcome("blue")
    assert not session.redo_stack
    assert session.redo() == 0


def test_undo_with_nothing_entered_does_nothing() -> None:
    session = new_session("el-grande", 3)
    before = snapshot(session)
    assert session.undo() == 0
    assert snapshot(session) == before


def test_a_card_drawn_into_a_hand_is_asked_of_its_owner_only() -> None:
    session = new_session("castles-of-burgundy-cards", 2)
    record = engine_record("castles-of-burgundy-cards", 2, steps=1)
    owners = {}
    for index in range(len(record.moves)):
        wanted = session.wanted
        if index < len(session.entries):
            continue
        move = record.moves[index]
        if isinstance(wanted, Draw) and wanted.label == "hand":
            assert not wanted.public
            assert len(wanted.seers) == 1
            owners[index] = wanted.seers[0]
        enter(session, record.moves, stop=index + 1)
        assert move == session.entries[index].move
    assert set(owners.values()) == {0, 1}


def test_a_back_door_card_is_asked_of_the_player_who_draws_it() -> None:
    record = engine_record("palais-royal", 2)
    session = new_session("palais-royal", 2)
    asked = []
    index = 0
    while index < len(record.moves):
        wanted = session.wanted
        if index >= len(session.entries) and isinstance(wanted, Draw) and wanted.label == "card":
            assert session.pending is not None
            asked.append((wanted.seers, session.pending[0]))
        enter(session, record.moves, stop=index + 1)
        index = len(session.entries)
    assert asked
    assert all(seers == (actor,) for seers, actor in asked)


def test_a_draw_with_one_possible_outcome_is_filled_in_and_undo_passes_over_it() -> None:
    session = new_session("palais-royal", 2)  # nine room tiles: the last is no question
    for _ in range(8):
        wanted = session.wanted
        assert isinstance(wanted, Draw) and wanted.label == "room" and not wanted.forced
        session.enter_outcome(wanted.choices[0][0])
    rooms = [e for e in session.entries if e.move["chance"] == "room"]
    assert len(rooms) == 9 and rooms[-1].auto and not any(e.auto for e in rooms[:-1])
    session.undo()
    rooms = [e for e in session.entries if e.move.get("chance") == "room"]
    assert len(rooms) == 7
    wanted = session.wanted
    assert isinstance(wanted, Draw) and wanted.label == "room" and len(wanted.choices) == 2


@pytest.mark.parametrize(("text", "message"), [
    ("", "type the number"), ("0", "no outcome 0"), ("10", "no outcome 10"),
    ("zz", "cannot come up"), ("new", None), ("g", "could be any of"),
])
def test_typed_outcomes_are_read_or_refused_clearly(text: str, message: str | None) -> None:
    choices = [(name, 1) for name in ("aragon", "galicia", "granada", "new-castile")]
    if message is None:
        assert match_outcome(text, choices) == "new-castile"
        return
    with pytest.raises(TableError, match=message):
        match_outcome(text, choices)


def test_outcomes_are_read_by_number_readable_name_and_any_case() -> None:
    choices = [("new-castile", 1), ("old-castile", 2)]
    assert match_outcome("2", choices) == "old-castile"
    assert match_outcome("Old Castile", choices) == "old-castile"
    assert match_outcome("NEW-CASTILE", choices) == "new-castile"


def test_resume_refuses_a_file_that_is_no_table_game(tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    engine_record("el-grande", 3, steps=3).save(path)
    with pytest.raises(InvalidRecord, match="no game of `regalia table`"):
        TableSession.resume(path)


def test_resume_refuses_tampered_entries(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    session = el_grande_after_setup()
    session.path = path
    session.save()
    doc = json.loads(path.read_text())
    doc["moves"][1]["outcome"] = doc["moves"][0]["outcome"]  # a region drawn twice
    path.write_text(json.dumps(doc))
    with pytest.raises(InvalidRecord):
        TableSession.resume(path)
    doc["meta"]["table"]["redo"] = "nonsense"
    path.write_text(json.dumps(doc))
    with pytest.raises(InvalidRecord):
        TableSession.resume(path)


def test_resume_goes_on_at_the_last_entry_with_its_redo(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    record = engine_record("palais-royal", 3, steps=30)
    session = new_session("palais-royal", 3, path)
    enter(session, record.moves)
    session.undo(2)
    again = TableSession.resume(path)
    assert snapshot(again) == snapshot(session)
    assert again.redo(2) == 2
    assert [e.move for e in again.entries] == record.moves


def test_a_secret_draw_lists_nothing_that_tells_another_seats_cards() -> None:
    record = engine_record("castles-of-burgundy-cards", 2, steps=1)
    session = new_session("castles-of-burgundy-cards", 2)
    seen: dict[int, list[object]] = {}
    while not isinstance(session.wanted, Turn):
        wanted = session.wanted
        assert isinstance(wanted, Draw)
        if wanted.label == "hand":
            listed = session.listed(wanted)
            assert all(count == 0 for _, count in listed)  # no counts left to compare
            names = [value for value, _ in listed]
            for other, cards in seen.items():
                if other != wanted.seers[0]:
                    assert set(cards) <= set(names)  # the others' cards still listed
            seen.setdefault(wanted.seers[0], []).append(
                record.moves[len(session.entries)]["outcome"])
        enter(session, record.moves, stop=len(session.entries) + 1)
    assert len(seen) == 2
