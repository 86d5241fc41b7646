"""After ``regalia play --resume``, each human seat reads what happened since its last move,
the same lines the unbroken game would have shown it, in every game (those without a log of
their own rebuild it from the record)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from regalia.cli.play import PlaySession, Terminal
from regalia.engine.record import replay
from regalia.engine.registry import get_game, new_game
from regalia.engine.state import State

SEATS = ["human", "random", "random"]


def session(state: State, answer: str = "") -> PlaySession:
    console = Console(width=100, height=40, record=True, file=io.StringIO(), color_system=None)
    term = Terminal(console, lambda prompt: answer, lambda: None, lambda: None)
    return PlaySession(state, SEATS, term, 5, render_text=get_game(state.GAME_ID).render_text)


def news(play: PlaySession, seat: int) -> list[str]:
    lines, _kinds = play.log_lines(seat)
    return lines[play.seen.get(seat, 0):]


@pytest.mark.parametrize("game", [
    "castles-of-burgundy-cards", "el-grande", "ming-dynasty", "palais-royal",
    "shadow-of-the-emperor"])
def test_a_resumed_game_shows_what_happened_since_the_seats_last_turn(game: str) -> None:
    state = new_game(game, 3, seed=11)
    live = session(state)

    def answer(prompt: str) -> str:  # the human's last choice, whatever is asked
        return "y" if "Really" in prompt else state.legal_actions(0)[-1].text

    live.term = Terminal(live.console, answer, lambda: None, lambda: None)
    turns, last = 0, None
    while not state.is_over():
        movers = state.to_move()
        if list(movers) == [0] and last != 0:  # a turn of the human's (of one or more decisions)
            turns += 1
            if turns == 4:
                break
        last = movers[0] if len(movers) == 1 else None
        live.step()
    assert turns == 4, "the game ended before the human's fourth turn"
    expected = news(live, 0)
    assert expected  # the bots moved since
    resumed = session(replay(state.record()))
    if live.table_log(None) is None:  # rebuilt from the record: the very same lines
        assert news(resumed, 0) == expected
    else:  # the game's own log: read on from the seat's last move in it
        assert news(resumed, 0)[-len(expected):] == expected
    # and the turn's screen shows them
    resumed.show_turn(0)
    shown = " ".join(resumed.console.export_text().split())
    assert "Since your last turn" in shown


def test_a_resumed_game_without_its_own_log_tells_others_moves_only_as_announced() -> None:
    # Shadow of the Emperor's votes are sealed: the resumed news says a seat chose, not what.
    state = new_game("shadow-of-the-emperor", 3, seed=4)
    live = session(state)
    sealed_seen = False
    for _ in range(400):
        if state.is_over():
            break
        movers = state.to_move()
        if len(movers) > 1 and 0 in movers:
            sealed_seen = True
        live.step() if movers[0] != 0 else live.perform(state.legal_actions(0)[0], 0)
    resumed = session(replay(state.record()))
    assert [line.seen_by(0) for line in resumed.log] == [line.seen_by(0) for line in live.log]
    if sealed_seen:
        assert any("made a sealed choice" in line.seen_by(0) for line in resumed.log)
