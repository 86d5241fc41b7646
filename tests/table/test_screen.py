"""The table's screen, driven through its functions with scripted input."""

from __future__ import annotations

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from regalia.cli.play import GameStopped, Terminal
from regalia.cli.table import TableScreen
from regalia.engine.record import Record
from regalia.engine.registry import get_game
from regalia.table import Draw, TableSession, Turn
from tests.table.scripted import engine_record, new_session

CLEAR = "<<SCREEN CLEARED>>"


def screen(session: TableSession, answer: Callable[[str], str]
           ) -> tuple[TableScreen, list[str]]:
    console = Console(record=True, width=80, height=24, file=io.StringIO(), color_system=None)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        text = answer(prompt)
        console.print(prompt + text, markup=False)
        return text

    term = Terminal(console, ask, lambda: console.print(CLEAR))
    names = [f"Seat{i}" for i in range(session.players)]
    return TableScreen(session, term, names, get_game(session.info.id).render_text), prompts


def typist(session: TableSession, record: Record, extra: list[str] | None = None
           ) -> Callable[[str], str]:
    """Types the record's next entry (an outcome by its readable name, a move by its
    notation), after any ``extra`` lines; presses Enter on hand-over screens."""
    queue = list(extra or [])
    asked: dict[int, int] = {}

    def answer(prompt: str) -> str:
        if not prompt:
            return ""  # a hand-over screen
        asked[len(session.entries)] = asked.get(len(session.entries), 0) + 1
        assert asked[len(session.entries)] < 20, "the same entry asked again and again"
        if queue:
            return queue.pop(0)
        move = record.moves[len(session.entries)]
        if "chance" in move:
            return str(move["outcome"]).replace("-", " ")
        return str(move["action"])

    return answer


def test_a_whole_el_grande_game_at_the_screen_shows_its_scorings(tmp_path: Path) -> None:
    record = engine_record("el-grande", 3)
    session = new_session("el-grande", 3, tmp_path / "t.json")
    shown, prompts = screen(session, typist(session, record))
    shown.run()
    text = shown.console.export_text()
    assert session.record().moves == record.moves
    assert "In which region does the King start?" in text
    assert "Scoring" in text and "Score track:" in text
    assert "The game is over" in text
    assert all(p.startswith(("table >", "Seat")) for p in prompts)


def test_a_typo_is_caught_at_once_and_asked_again() -> None:
    record = engine_record("el-grande", 3, steps=2)
    session = new_session("el-grande", 3)
    shown, prompts = screen(session, typist(session, record, ["atlantis", "g", "undo 2"]))
    shown.step()
    text = shown.console.export_text()
    assert "'atlantis' cannot come up now" in text
    assert "could be any of" in text
    assert "Nothing to undo" in text
    assert len(prompts) == 4 and len(session.entries) == 1
    assert session.entries[0].move == record.moves[0]


def test_undo_at_the_prompt_takes_back_the_last_entries() -> None:
    record = engine_record("el-grande", 3, steps=2)
    session = new_session("el-grande", 3)
    shown, _ = screen(session, typist(session, record))
    for _ in range(3):
        shown.step()
    shown.term.ask = lambda prompt: "undo 2"
    shown.step()
    assert len(session.entries) == 1
    assert "Took back 2 entries" in shown.console.export_text()
    shown.term.ask = lambda prompt: "redo"
    shown.step()
    assert [e.move for e in session.entries] == record.moves[:2]


def test_a_card_drawn_into_a_hand_is_asked_after_handing_the_laptop_over() -> None:
    record = engine_record("castles-of-burgundy-cards", 2, steps=3)
    session = new_session("castles-of-burgundy-cards", 2)
    shown, prompts = screen(session, typist(session, record))
    while not isinstance(session.wanted, Turn):
        shown.step()
    text = shown.console.export_text()
    assert "Pass the laptop to Seat0" in text and "Pass the laptop to Seat1" in text
    assert "Seat0 > " in prompts and "Seat1 > " in prompts
    # Each owner's cards are asked on a cleared screen, which is cleared again after.
    hand = text.index("Pass the laptop to Seat1")
    assert text.index(CLEAR, hand) < text.index("Which card did you draw", hand)
    shown.step()  # the first move: the laptop goes back to the table first
    assert "Hand the laptop back to the table" in shown.console.export_text()


def test_sealed_choices_are_entered_seat_by_seat() -> None:
    record = engine_record("el-grande", 3, steps=3)
    session = new_session("el-grande", 3)
    shown, _ = screen(session, typist(session, record))
    while not isinstance(session.wanted, Turn):
        shown.step()
    assert session.wanted.seats == (0, 1, 2)
    shown.step()
    assert "Sealed choice" in shown.console.export_text()
    assert isinstance(session.wanted, Turn) and len(session.wanted.seats) == 2


def test_an_illegal_move_is_refused_with_the_reason() -> None:
    record = engine_record("ming-dynasty", 3, steps=1)
    session = new_session("ming-dynasty", 3)
    shown, _ = screen(session, typist(session, record))
    while not isinstance(session.wanted, Turn):
        shown.step()
    seat = session.wanted.seats[0]
    state = session.state
    assert state is not None
    legal = state.legal_actions(seat)
    illegal = next(a for a in map(state.decode, range(state.action_count())) if a not in legal)
    lines = iter([illegal.text, "999", "board", "scores", "help",
                  record.moves[len(session.entries)]["action"]])
    shown.term.ask = lambda prompt: next(lines)
    before = len(session.entries)
    shown.step()
    text = shown.console.export_text()
    assert "Not allowed:" in text
    assert "There is no move 999" in text
    assert "At any prompt" in text
    assert len(session.entries) == before + 1


def test_quit_stops_with_everything_saved(tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    session = new_session("el-grande", 3, path)
    session.enter_outcome("aragon")
    shown, _ = screen(session, lambda prompt: "quit")
    with pytest.raises(GameStopped):
        shown.step()
    assert f"saved in {path}" in shown.console.export_text().replace("\n", "")
    assert TableSession.resume(path).entries[0].move == {"chance": "king", "outcome": "aragon"}


def test_outcomes_are_listed_with_how_many_are_left() -> None:
    session = new_session("castles-of-burgundy-cards", 2)
    wanted = session.wanted
    assert isinstance(wanted, Draw)
    several = [(v, n) for v, n in wanted.choices if n > 1]
    assert several  # the deck holds several cards of a kind
    shown, _ = screen(session, lambda prompt: "quit")
    with pytest.raises(GameStopped):
        shown.step()
    value, count = several[0]
    assert f"{str(value).replace('-', ' ')} ×{count}" in shown.console.export_text()
