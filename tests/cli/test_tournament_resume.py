"""`regalia tournament --resume / --shard / --no-play`: a long tournament split over sittings
and machines gives exactly the standings of one uninterrupted run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from regalia.cli import tournament as tn
from regalia.cli.main import app
from regalia.cli.simulate import ProgressLines
from regalia.engine.record import Record
from tests.cli.conftest import TOY
from tests.cli.test_errors import check

BASE = ["tournament", TOY, "--players", "3", "--bots", "greedy,random", "--seed", "42"]
# Per sitting, not per tournament: how many games were read and played, and the time.
SITTING = {"seconds", "read_from_records", "played_now"}


def run(runner: CliRunner, *extra: str, code: int = 0) -> Any:
    result = runner.invoke(app, [*BASE, *extra])
    assert result.exit_code == code, result.output
    return result


def as_json(runner: CliRunner, *extra: str) -> dict[str, Any]:
    return json.loads(run(runner, "--json", *extra).stdout)


def standings(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in SITTING}


def listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_interrupted_then_resumed_equals_uninterrupted(runner: CliRunner, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    whole = as_json(runner, "--games", "12")
    assert whole["played_now"] == 12 and whole["read_from_records"] == 0

    play = tn.play_match

    def crash_at_seven(t: tn.Tournament, index: int) -> tn.MatchResult:
        if index == 7:
            raise KeyboardInterrupt  # Ctrl-C in the middle of game 7
        return play(t, index)

    monkeypatch.setattr(tn, "play_match", crash_at_seven)
    out = tmp_path / "records"
    # One process: Ctrl-C reaches the process that plays (in a pool, the parent gets it).
    result = run(runner, "--games", "12", "--records", str(out), "--resume", "-w", "1",
                 code=130)
    assert "--resume" in result.stderr  # says how to go on
    assert len(list(out.iterdir())) == 7
    monkeypatch.setattr(tn, "play_match", play)

    resumed = as_json(runner, "--games", "12", "--records", str(out), "--resume")
    assert resumed["read_from_records"] == 7 and resumed["played_now"] == 5
    assert standings(resumed) == standings(whole)
    assert len(list(out.iterdir())) == 12
    # Everything there: nothing is played, the table is the whole one.
    again = as_json(runner, "--games", "12", "--records", str(out), "--resume")
    assert again["read_from_records"] == 12 and again["played_now"] == 0
    assert standings(again) == standings(whole) and again["complete"]


def test_resume_fills_holes_anywhere(runner: CliRunner, tmp_path: Path) -> None:
    # Workers finish games out of order: a crash can leave any set of records.
    out = tmp_path / "records"
    whole = as_json(runner, "--games", "9", "--records", str(out))
    for name in ("game-00000.json", "game-00004.json", "game-00008.json"):
        (out / name).unlink()
    kept = listing(out)
    resumed = as_json(runner, "--games", "9", "--records", str(out), "--resume", "-w", "2")
    assert (resumed["read_from_records"], resumed["played_now"]) == (6, 3)
    assert standings(resumed) == standings(whole)
    assert all(listing(out)[name] == data for name, data in kept.items())  # not rewritten


def test_two_shards_then_combine_equal_the_whole_run(runner: CliRunner, tmp_path: Path) -> None:
    whole = as_json(runner, "--games", "15")
    first, second = tmp_path / "machine-1", tmp_path / "machine-2"
    one = as_json(runner, "--games", "15", "--records", str(first), "--shard", "1/2")
    two = as_json(runner, "--games", "15", "--records", str(second), "--shard", "2/2")
    # Whole deals: shard 1 has deals 0, 2, 4 (9 games), shard 2 deals 1, 3 (6 games).
    assert sorted(int(p.stem[5:]) for p in first.iterdir()) == [0, 1, 2, 6, 7, 8, 12, 13, 14]
    assert (one["games"], two["games"]) == (9, 6)
    assert one["shard"] == "1/2" and one["complete"] and one["games_asked"] == 15
    assert [b["seats"] for b in one["bots"]] == [18, 9]  # greedy holds two seats of three

    # Copy one machine's folder into the other's, then read them together.
    for path in second.iterdir():
        shutil.copy(path, first / path.name)
    combined = as_json(runner, "--games", "15", "--records", str(first), "--no-play")
    assert combined["played_now"] == 0 and combined["read_from_records"] == 15
    assert standings(combined) == standings(whole)
    resumed = as_json(runner, "--games", "15", "--records", str(first), "--resume")
    assert resumed["played_now"] == 0 and standings(resumed) == standings(whole)
    table = run(runner, "--games", "15", "--records", str(first), "--resume")
    assert "15 games" in table.stdout and "Partial" not in table.stdout


def test_shard_into_a_folder_holding_another_shard(runner: CliRunner, tmp_path: Path) -> None:
    # One shared folder: the second shard neither refuses nor touches the first's records.
    out = tmp_path / "records"
    run(runner, "--games", "12", "--records", str(out), "--shard", "1/2")
    before = listing(out)
    run(runner, "--games", "12", "--records", str(out), "--shard", "2/2")
    after = listing(out)
    assert len(after) == 12 and all(after[name] == data for name, data in before.items())
    whole = as_json(runner, "--games", "12")
    assert standings(as_json(runner, "--games", "12", "--records", str(out), "--no-play")) \
        == standings(whole)


def test_no_play_reports_a_partial_table(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    run(runner, "--games", "6", "--records", str(out), "--shard", "1/2")
    before = listing(out)
    text = " ".join(run(runner, "--games", "6", "--records", str(out), "--no-play").stdout.split())
    assert f"Partial standings: 3 of the 6 games are in {out}; 3 are missing." in text
    summary = as_json(runner, "--games", "6", "--records", str(out), "--no-play")
    assert summary["games"] == 3 and summary["games_due"] == 6 and not summary["complete"]
    assert summary["played_now"] == 0
    assert listing(out) == before  # nothing played, nothing written
    check(runner, [*BASE, "--games", "6", "--records", str(tmp_path / "none"), "--no-play"], 1,
          "there is no records folder")
    empty = tmp_path / "empty"
    empty.mkdir()
    text = " ".join(run(runner, "--games", "6", "--records", str(empty), "--no-play",
                        "--chart", str(tmp_path / "c.svg")).stdout.split())
    assert "0 of the 6 games" in text and f"No chart: no game is in {empty} yet" in text
    assert list(tmp_path.glob("*.svg")) == [] and list(empty.iterdir()) == []


def test_a_record_of_another_tournament_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    run(runner, "--games", "6", "--records", str(out))
    (out / "game-00002.json").unlink()
    (out / "game-00005.json").unlink()
    # Game 4 of the same line-up with another seed takes the place of game 4.
    other = tmp_path / "other"
    runner.invoke(app, ["tournament", TOY, "--players", "3", "--bots", "greedy,random",
                        "--seed", "43", "--games", "6", "--records", str(other)])
    shutil.copy(other / "game-00004.json", out / "game-00004.json")
    before = listing(out)
    check(runner, [*BASE, "--games", "6", "--records", str(out), "--resume"], 1,
          "game-00004.json is not game 4 of this tournament: its tournament seed is 43, not 42")
    assert listing(out) == before  # game 2 and 5 were not played
    check(runner, [*BASE, "--games", "6", "--records", str(out), "--no-play"], 1,
          "game-00004.json")


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.meta.update(bots=["random", "random", "greedy"]), "its seats hold"),
    (lambda r: r.meta.update(index=3), "it is game 3 of its tournament, not 1"),
    (lambda r: r.meta.pop("tournament_seed"), "it was not written by a tournament"),
    (lambda r: setattr(r, "options", {"hand": 2}), "its options are"),
    (lambda r: setattr(r, "players", 4), "it has 4 players, not 3"),
    (lambda r: setattr(r, "result", None), "it holds no result"),
    (lambda r: setattr(r, "result", {"scores": [0, 0, 0], "ranking": [1, 1, 1]}),
     "it does not replay"),
])
def test_every_difference_is_named(runner: CliRunner, tmp_path: Path, change: Any,
                                   message: str) -> None:
    out = tmp_path / "records"
    run(runner, "--games", "3", "--records", str(out))
    path = out / "game-00001.json"
    record = Record.load(path)
    change(record)
    path.write_text(record.to_json(indent=1))
    check(runner, [*BASE, "--games", "3", "--records", str(out), "--resume"], 1, message)


def test_a_file_that_is_no_record_is_refused(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    out.mkdir()
    (out / "game-00000.json").write_text("{not json")
    check(runner, [*BASE, "--games", "3", "--records", str(out), "--resume"], 1,
          "game-00000.json is not game 0 of this tournament")
    assert [p.name for p in out.iterdir()] == ["game-00000.json"]


def test_without_resume_records_are_refused_as_before(runner: CliRunner,
                                                      tmp_path: Path) -> None:
    out = tmp_path / "records"
    run(runner, "--games", "3", "--records", str(out))
    check(runner, [*BASE, "--games", "3", "--records", str(out)], 1,
          "holds 3 records this run would replace")
    assert as_json(runner, "--games", "3", "--records", str(out), "--force")["played_now"] == 3


@pytest.mark.parametrize(("value", "message"), [
    ("3/2", "--shard 3/2: K must be from 1 to N"),
    ("0/2", "--shard 0/2: K must be from 1 to N"),
    ("1/0", "K must be from 1 to N"),
    ("x", "--shard takes K/N"),
    ("1/2/3", "--shard takes K/N"),
    ("5/5", "3 deals, so there can be at most 3 shards"),
])
def test_bad_shards_are_refused(runner: CliRunner, value: str, message: str) -> None:
    check(runner, [*BASE, "--games", "9", "--shard", value], 2, message)


def test_resume_and_no_play_need_records_and_a_seed(runner: CliRunner, tmp_path: Path) -> None:
    check(runner, [*BASE, "--resume"], 2, "--resume needs --records DIR")
    check(runner, [*BASE, "--no-play"], 2, "--no-play needs --records DIR")
    check(runner, ["tournament", TOY, "--players", "3", "--bots", "greedy,random",
                   "--records", str(tmp_path), "--resume"], 2, "need --seed")
    assert not list(tmp_path.iterdir())


def test_progress_counts_resumed_games(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    run(runner, "--games", "6", "--records", str(out), "--shard", "1/2")
    result = run(runner, "--games", "6", "--records", str(out), "--resume")
    assert "3 games already played in" in result.stderr
    assert "6/6 games" in result.stderr
    assert "3 records written" in result.stdout


def test_progress_lines_estimate_from_this_sitting_alone() -> None:
    lines: list[str] = []
    now = [0.0]
    progress = ProgressLines(lines.append, 10, clock=lambda: now[0], done=8)
    now[0] = 60.0
    progress.advance()  # one game in a minute, one left: about a minute, not 7.5 seconds
    assert lines == ["9/10 games, 1 min 00 s elapsed, about 1 min 00 s left"]
