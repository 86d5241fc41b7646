"""`regalia play`: a terminal game against bots, driven by scripted input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.cli.play import GameStopped
from regalia.engine.record import Record, replay
from tests.cli.conftest import TOY, output, session

# Seed 5, three players: North (seat 0) is dealt 1, 2 and 5.
SEED = "5"


def final_rows(text: str) -> dict[str, tuple[str, int]]:
    """Seat -> (place, score) from the final result table."""
    rows = re.findall(r"│\s*(\d+=?)\s*│\s*(\w+)\s*│[^│]*│\s*(-?\d+)\s*│", text)
    return {seat: (place, int(score)) for place, seat, score in rows}


def test_full_game_by_numbers_and_notation_records_a_replayable_game(
        runner: CliRunner, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", TOY, "--seed", SEED, "--record", str(record)],
        input="1\nbid 5\nbid 2\n",
    )
    assert result.exit_code == 0, result.output
    assert "You chose: Bid 1" in result.stdout
    assert "You chose: Bid 5" in result.stdout
    assert "Final result" in result.stdout
    saved = Record.load(record)
    replayed = replay(saved)
    assert replayed.is_over()
    assert saved.result == {"scores": list(replayed.scores()),
                            "ranking": list(replayed.ranking())}
    shown = final_rows(result.stdout)
    assert {seat: score for seat, (_, score) in shown.items()} == {
        replayed.seat_name(s): replayed.scores()[s] for s in range(3)}
    assert saved.meta["seats"] == ["human", "medium", "medium"]  # the default opponents
    north = [m["action"] for m in saved.moves if m.get("seat") == 0]
    assert north == ["bid 1", "bid 5", "bid 2"]


def test_illegal_typed_action_reprompts_with_the_reason_and_changes_nothing() -> None:
    play, script = session(TOY, 3, ["human", "random", "random"], 5,
                           ["bid 3", "frobnicate", "7", "1", "1", "1"])
    play.run()
    text = output(play)
    assert "Not allowed: 'bid 3' is not legal for North now; legal: bid 1, bid 2, bid 5" in text
    assert "'frobnicate' is neither a legal action nor a command" in text
    assert "There is no action 7: choose 1 to 3." in text
    # Three refusals changed nothing: the three numbers then played North's whole hand.
    assert len(script.prompts) == 6
    assert [m["action"] for m in play.state.moves() if m.get("seat") == 0] == [
        "bid 1", "bid 2", "bid 5"]
    assert play.state.is_over() and play.decisions == 9


def test_prefix_filter_lists_matches_and_a_unique_start_plays() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["bid", "bid 5", "1", "1"])
    play.run()
    text = output(play)
    assert "3 actions match 'bid':" in text
    assert next(m["action"] for m in play.state.moves() if m.get("seat") == 0) == "bid 5"


def test_prompt_commands_help_board_log_save(tmp_path: Path) -> None:
    target = tmp_path / "mid.json"
    play, _ = session(TOY, 3, ["human", "random", "random"], 5,
                      ["help", "1", "board", "log", f"save {target}", "1", "1"])
    play.run()
    text = output(play)
    assert "save FILE" in text  # the help
    assert "East (random bot) made a sealed choice." in text
    mid = Record.load(target)
    assert mid.action_count == 3 and mid.result is None
    assert replay(mid).to_move() == (0, 1, 2)


def test_ctrl_c_offers_to_save_and_writes_a_valid_record(tmp_path: Path) -> None:
    target = tmp_path / "interrupted.json"
    play, script = session(TOY, 3, ["human", "random", "random"], 5,
                           ["1", KeyboardInterrupt, str(target)])
    with pytest.raises(GameStopped) as stopped:
        play.run()
    assert stopped.value.code == 130
    assert script.prompts[-1].startswith("Save the game record? File name [")
    saved = Record.load(target)
    assert saved.action_count == 3
    assert replay(saved).legal_actions(0) == play.state.legal_actions(0)


def test_end_of_input_saves_to_the_suggested_file(tmp_path: Path) -> None:
    default = tmp_path / "suggested.json"
    play, script = session(TOY, 3, ["human", "random", "random"], 5, ["1"],
                           default_save=str(default))
    with pytest.raises(GameStopped) as stopped:
        play.run()
    assert stopped.value.code == 1
    assert f"[{default}]" in script.prompts[-1]
    assert replay(Record.load(default)).to_json() == play.state.to_json()


def test_declining_the_save_writes_nothing(tmp_path: Path) -> None:
    default = tmp_path / "unwanted.json"
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["quit", "no"],
                      default_save=str(default))
    with pytest.raises(GameStopped):
        play.run()
    assert not default.exists()


def test_cli_end_of_input_exits_non_zero_after_saving(runner: CliRunner, tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    result = runner.invoke(app, ["play", TOY, "--seed", SEED, "--record", str(record)],
                           input="1\n")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert Record.load(record).action_count == 3


def test_resume_goes_on_from_a_saved_record(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    first = runner.invoke(app, ["play", TOY, "--seed", SEED], input=f"1\nsave {saved}\nquit\nno\n")
    assert first.exit_code == 0  # quitting is no failure, first.output
    final = tmp_path / "final.json"
    result = runner.invoke(app, ["play", "--resume", str(saved), "--record", str(final)],
                           input="bid 5\nbid 2\n")
    assert result.exit_code == 0, result.output
    moves = [m["action"] for m in Record.load(final).moves if m.get("seat") == 0]
    assert moves == ["bid 1", "bid 5", "bid 2"]


def test_all_bot_game_shows_the_log_and_result(runner: CliRunner) -> None:
    result = runner.invoke(app, ["play", TOY, "--seats", "random,random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "North (random bot) made a sealed choice." in result.stdout
    assert "Game over after 6 decisions" in result.stdout


def test_a_game_without_render_text_is_shown_as_its_view() -> None:
    import dataclasses

    from regalia.engine.registry import register, unregister
    from tests.support.toy_game import INFO

    register(dataclasses.replace(INFO, id="toy-plain", render_text=None))
    try:
        play, _ = session("toy-plain", 3, ["human", "random", "random"], 5, ["1", "1", "1"])
        play.run()
    finally:
        unregister("toy-plain")
    assert "'hand': [1, 2, 5]" in output(play)


def test_each_turn_of_a_lone_human_starts_on_a_fresh_screen() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["1", "1", "1"])
    refreshes: list[int] = []
    play.term.refresh = lambda: refreshes.append(play.decisions)
    play.run()
    assert len(refreshes) == 3  # one per turn of North
    assert "<<SCREEN CLEARED>>" not in output(play)  # the scrollback is kept


def test_hot_seat_turns_use_the_hand_over_screen_not_the_refresh() -> None:
    play, _ = session(TOY, 2, ["human", "human"], 5, lambda prompt: "" if not prompt else "1")
    refreshes: list[int] = []
    play.term.refresh = lambda: refreshes.append(play.decisions)
    play.run()
    assert refreshes == []
    assert "<<SCREEN CLEARED>>" in output(play)


def test_a_bot_with_a_choice_is_shown_thinking_at_a_terminal() -> None:
    import io

    from rich.console import Console

    play, _ = session(TOY, 3, ["human", "random", "random"], 5, [])
    screen = io.StringIO()
    play.term.console = Console(file=screen, force_terminal=True, width=80)
    action = play.bot_move(1)
    assert action in play.state.legal_actions(1)
    assert "East is thinking" in screen.getvalue()


def test_a_secret_part_of_a_move_is_shown_only_to_its_maker(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tests.support.toy_game import ToyState

    monkeypatch.setattr(ToyState, "announce", lambda self, action, seat: "bid a hidden card")
    play, _ = session(TOY, 2, ["human", "random"], 5, [])
    play.sealed = set()  # as if the move were not part of a sealed choice
    action = play.state.legal_actions(1)[0]
    play.perform(action, 1)
    entry = play.log[-1]
    assert "hidden card" in entry.seen_by(0) and str(action.args[0]) not in entry.seen_by(0)
    assert play.state.describe(action) in entry.seen_by(1)
    assert entry.seen_by(None) == entry.seen_by(0)  # spectators learn what the table learns


def test_a_resumed_game_reads_on_from_the_seats_last_move() -> None:
    # Resuming used to show the whole earlier game as "So far" (every scoring a page to
    # Enter through); a seat reads on from its own last move, as in an unbroken game.
    import random

    from regalia.cli.play import PlaySession, Terminal
    from regalia.engine.registry import get_game, new_game
    from tests.cli.conftest import Script, recording_console

    state = new_game("el-grande", 4, seed=21)
    rng = random.Random(4)
    while state.view(0)["round_index"] < 4 or state.to_move() != (0,):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    console = recording_console()
    answers = ["quit", "no"]
    script = Script(console, lambda prompt: "" if prompt.startswith("Enter") else answers.pop(0))
    play = PlaySession(state, ["human", "random", "random", "random"],
                       Terminal(console, script, lambda: None), 21,
                       render_text=get_game("el-grande").render_text)
    with pytest.raises(GameStopped):
        play.run()
    text = output(play)
    assert "So far" not in text
    # No paging through rounds 1 to 4 (hundreds of lines): only this round's moves by the
    # three others since Red's last one, a page or two of them.
    assert text.count("Enter: more") <= 1
    assert "Red to move" in text
