"""Records from anyone, and records that cannot be written: every field is checked before use,
the seed stays hidden from a seat, a record never starts a program, and a full disk does not
lose a game."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regalia
from regalia.cli import play as play_module
from regalia.cli.main import app
from regalia.engine import InvalidRecord
from regalia.engine.record import Record
from tests.cli.conftest import TOY

GAMES = [info.id for info in regalia.list_games() if not info.id.startswith("toy")]


def _unfinished(game: str, tmp_path: Path, **changes: object) -> tuple[Path, int]:
    info = regalia.get_game(game)
    state = regalia.new_game(game, info.min_players, seed=4321)
    rng = regalia.engine.Rng(2)
    for _ in range(12):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(legal[rng.below(len(legal))], seat)
    doc = state.record(seats=["human"] * state.players).to_dict()
    doc.update(changes)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(doc))
    return path, state.seed


@pytest.mark.parametrize("game", GAMES)
def test_replay_seen_by_a_seat_does_not_print_the_seed(game: str, tmp_path: Path) -> None:
    path, seed = _unfinished(game, tmp_path)
    for args in ([], ["--step", "3"], ["--step", "3", "--chance"]):
        result = CliRunner().invoke(app, ["replay", str(path), "--seat", "0", *args])
        assert result.exit_code == 0, result.output
        assert str(seed) not in result.output
    spectator = CliRunner().invoke(app, ["replay", str(path)])
    assert str(seed) in spectator.output  # the whole record's reader may see it


def test_replay_of_seats_that_are_numbers(tmp_path: Path) -> None:
    path, _seed = _unfinished(GAMES[0], tmp_path)
    doc = json.loads(path.read_text())
    doc["meta"] = {"seats": [1, 2, 3, 4, 5][: doc["players"]]}
    path.write_text(json.dumps(doc))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize("command", [["analyze"], ["replay"], ["render", "-o", "out.svg"],
                                     ["play", "--resume"], ["table", "--resume"]])
@pytest.mark.parametrize("players", [10**30, -1, 0, 17])
def test_an_impossible_player_count_is_refused_at_once(command: list[str], players: int,
                                                       tmp_path: Path) -> None:
    path, _seed = _unfinished(GAMES[0], tmp_path, players=players)
    args = [*command[:1], str(path), *command[1:]] if command[-1] != "--resume" else \
        [*command, str(path)]
    result = CliRunner().invoke(app, args, input="")
    assert result.exit_code != 0
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        result.exception
    assert "players" in result.output


def test_records_refuse_player_counts_their_game_does_not_take() -> None:
    doc = json.loads(regalia.new_game(GAMES[0], 2, seed=1).record().to_json())
    for bad in (10**30, 1, 9):
        with pytest.raises(InvalidRecord, match="player count"):
            Record.from_json({**doc, "players": bad})


def test_a_record_never_starts_a_program(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    path, _seed = _unfinished(GAMES[0], tmp_path)
    doc = json.loads(path.read_text())
    doc["meta"] = {"seats": ["human"] * (doc["players"] - 1) + [f"cmd:touch {marker}"]}
    path.write_text(json.dumps(doc))
    result = CliRunner().invoke(app, ["play", "--resume", str(path)], input="")
    assert result.exit_code != 0 and "never starts a program" in " ".join(result.output.split())
    assert not marker.exists()


# ------------------------------------------------------------------ a record that cannot be written
def _disk_full_under(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = play_module.write_atomic

    def write(path: str | Path, *args: object, **kwargs: object) -> Path:
        if Path(path).resolve().is_relative_to(folder.resolve()):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(play_module, "write_atomic", write)


def test_a_full_disk_keeps_the_game_in_another_folder(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    full, spare = tmp_path / "full", tmp_path / "spare"
    full.mkdir()
    spare.mkdir()
    _disk_full_under(full, monkeypatch)
    monkeypatch.setattr("tempfile.tempdir", str(spare))
    result = CliRunner().invoke(app, ["play", TOY, "--seats", "random,random,random",
                                      "--seed", "5", "--record", str(full / "game.json")])
    assert result.exit_code == 0, result.output
    kept = list(spare.glob("*.json"))
    assert len(kept) == 1 and Record.load(kept[0]).result is not None
    assert str(kept[0]) in "".join(result.output.split())


def test_a_game_saved_nowhere_exits_non_zero(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    _disk_full_under(tmp_path, monkeypatch)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    result = CliRunner().invoke(app, ["play", TOY, "--seats", "random,random,random",
                                      "--seed", "5", "--record", str(tmp_path / "game.json")])
    assert result.exit_code == 1
    assert "could not be saved anywhere" in " ".join(result.output.split())
