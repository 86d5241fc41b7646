"""`regalia replay` and `regalia render`."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.engine.registry import new_game
from regalia.engine.rng import Rng
from tests.cli.conftest import TOY


@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = new_game(TOY, 3, seed=8)
    rng = Rng(1)
    while movers := state.to_move():
        legal = state.legal_actions(movers[0])
        state.apply(legal[rng.below(len(legal))], movers[0])
    path = tmp_path / "game.json"
    state.record(seats=["human", "random", "random"]).save(path)
    return path


def test_summary_shows_players_seed_options_and_result(runner: CliRunner,
                                                       record_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(record_file)], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for text in ("North (human)", "Seed", "8", "hand=3, allow_pass=false", "9 decisions",
                 "finished; replays correctly", "Final result"):
        assert text in result.stdout


def test_step_shows_the_position_and_the_log_up_to_there(runner: CliRunner,
                                                         record_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(record_file), "--step", "4", "--seat", "East"])
    assert result.exit_code == 0, result.output
    assert "after 4 decisions · seen by East" in result.stdout
    assert "   4. North:" in result.stdout and "   5." not in result.stdout
    assert "Round 2" in result.stdout


def test_step_out_of_range_is_a_usage_error(runner: CliRunner, record_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(record_file), "--step", "99"])
    assert result.exit_code == 2
    assert "--step must be from 0 to 9" in result.stderr


def test_corrupted_record_exits_non_zero_with_a_clear_message(runner: CliRunner,
                                                              record_file: Path) -> None:
    doc = json.loads(record_file.read_text())
    first = next(m for m in doc["moves"] if "action" in m)
    first["action"] = "bid 9"
    record_file.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(record_file)])
    assert result.exit_code == 1
    assert "does not replay" in result.stderr and "'bid 9'" in result.stderr
    assert "Traceback" not in result.output


def test_truncated_record_is_refused(runner: CliRunner, record_file: Path) -> None:
    record_file.write_text(record_file.read_text()[:100])
    result = runner.invoke(app, ["replay", str(record_file)])
    assert result.exit_code == 1
    assert "record is not JSON" in result.stderr


def test_interactive_stepping(runner: CliRunner, record_file: Path) -> None:
    result = runner.invoke(app, ["replay", str(record_file), "-i", "--step", "0"],
                           input="n\nn\np\n9\nq\n")
    assert result.exit_code == 0, result.output
    steps = [int(s) for s in re.findall(r"after (\d+) decisions?", result.stdout)]
    assert steps == [0, 1, 2, 1, 9]


def test_render_writes_an_svg(runner: CliRunner, record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "pos.svg"
    result = runner.invoke(app, ["render", str(record_file), "--step", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.startswith("<svg") and "Round 2" in svg


def test_replay_seen_by_a_seat_hides_what_that_seat_did_not_learn(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from regalia.cli.replay import position_at
    from regalia.engine.bench import random_playout
    from tests.support.toy_game import ToyState

    monkeypatch.setattr(ToyState, "announce", lambda self, action, seat: "bid a hidden card")
    state = new_game(TOY, 3, seed=4)
    random_playout(state, Rng(4))
    record = state.record()
    seen_by_north = "\n".join(position_at(record, None, viewer=0).log)
    everything = "\n".join(position_at(record, None).log)
    assert "made a sealed choice" in seen_by_north and "hidden card" in seen_by_north
    assert "made a sealed choice" not in everything and "hidden card" not in everything
    north = [line for line in seen_by_north.splitlines() if "North" in line]
    assert north and all("Bid" in line for line in north)  # one's own moves in full


@pytest.mark.parametrize("game", ["palais-royal", "el-grande"])
def test_stepping_fits_the_whole_screen_in_the_terminal(game: str) -> None:
    """In a terminal, the rule above the board, the board, who moves, the last move and the
    prompt all fit its height (the board once took the whole height and pushed the rule and
    its own first lines off the top)."""
    import io

    from rich.console import Console

    from regalia.bots.base import InformationSet
    from regalia.bots.greedy import GreedyBot
    from regalia.cli.replay import step_through
    from regalia.engine.registry import get_game

    state = new_game(game, 4, seed=3)
    bot = GreedyBot(seed=1)
    for _ in range(400):
        movers = state.to_move()
        if not movers:
            break
        state.apply(bot.act(InformationSet(state, movers[0])), movers[0])
    record = state.record()
    for height in (24, 30, 40):
        out = io.StringIO()
        console = Console(file=out, force_terminal=True, width=80, height=height,
                          color_system=None, legacy_windows=False)
        prompts: list[str] = []
        step_through(console, lambda prompt, seen=prompts: seen.append(prompt) or "q", record,
                     get_game(game), 0, None)
        lines = out.getvalue().rstrip("\n").split("\n")
        assert "seen by" in lines[0], lines[0]
        assert len(lines) + len(prompts) <= height, (height, len(lines))
