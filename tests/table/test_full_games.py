"""A full game of every registered game, entered at the table as the engine played it, gives
the engine's own record; the file saved is an ordinary record that replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.engine.record import Record, replay
from regalia.table import Draw
from tests.table.scripted import GAMES, engine_record, enter, entries_to_type, new_session


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_full_game_entered_at_the_table_gives_the_engines_record(
        game: str, players: int, tmp_path: Path) -> None:
    record = engine_record(game, players)
    path = tmp_path / "table.json"
    session = new_session(game, players, path)
    enter(session, record.moves)
    assert session.is_over
    mine = session.record()
    assert mine.moves == record.moves
    assert mine.result == record.result
    saved = Record.load(path)
    assert saved.moves == record.moves
    replayed = replay(saved)
    assert replayed.is_over()
    assert replayed.scores() == tuple(record.result["scores"])  # type: ignore[index]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_every_draw_is_asked_with_its_label_and_the_outcomes_left(
        game: str, players: int) -> None:
    record = engine_record(game, players, steps=30)
    session = new_session(game, players)
    asked = 0
    for index in entries_to_type(session, record.moves):
        move, wanted = record.moves[index], session.wanted
        if "chance" in move:
            assert isinstance(wanted, Draw)
            assert wanted.label == move["chance"]
            assert move["outcome"] in wanted.population
            session.enter_outcome(move["outcome"])
            asked += 1
        else:
            session.enter_action(move["action"], move["seat"])
    drawn = sum(1 for m in record.moves if "chance" in m)
    assert 0 < asked <= drawn
