"""`regalia analyze`: stable JSON with a schema, the same for any worker count, bad records
refused with nothing written, and the HTML report with its graph."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from regalia.analysis import SCHEMA
from regalia.cli.main import app

FAST = ["--iterations", "6"]

MOVE_KEYS = {"step", "seat", "action", "description", "legal", "forced"}
JUDGED_KEYS = MOVE_KEYS | {"win_before", "best", "best_description", "win_after", "loss",
                           "win_loss", "margin_loss",
                           "share", "unexplored", "mark", "accuracy", "iterations",
                           "place_before", "place_after"}
SUMMARY_KEYS = {"seat", "name", "decisions", "judged", "forced", "average_loss",
                "inaccuracies", "mistakes", "blunders", "accuracy"}


def _json(runner: CliRunner, record: Path, *extra: str) -> str:
    result = runner.invoke(app, ["analyze", str(record), "--json", *FAST, *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_json_is_stable_and_follows_the_schema(record_file: Path) -> None:
    runner = CliRunner()
    first = _json(runner, record_file, "--seed", "3", "--workers", "1")
    assert first == _json(runner, record_file, "--seed", "3", "--workers", "1")
    report = json.loads(first)
    assert report["schema"] == SCHEMA
    assert set(report) == {"schema", "game", "title", "rules_version", "players", "options",
                           "seat_names", "decisions", "over", "scores", "ranking", "settings",
                           "thresholds", "rounds", "summary", "moves"}
    assert report["settings"] == {"bot": "hard:iterations=6", "search": "hard",
                                  "iterations": 6, "think": None, "seed": 3,
                                  "seats": [0, 1, 2]}
    assert report["thresholds"] == {"inaccuracy": 0.05, "mistake": 0.1, "blunder": 0.2}
    assert len(report["moves"]) == report["decisions"] == 30
    for move in report["moves"]:
        assert set(move) == (MOVE_KEYS if move["forced"] else JUDGED_KEYS)
        if not move["forced"]:
            assert move["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert [set(s) for s in report["summary"]] == [SUMMARY_KEYS] * 3
    assert all(r["step"] < 30 for r in report["rounds"])


def test_another_seed_gives_another_judgement(record_file: Path) -> None:
    runner = CliRunner()
    a = json.loads(_json(runner, record_file, "--seed", "3", "--workers", "1"))
    b = json.loads(_json(runner, record_file, "--seed", "4", "--workers", "1"))
    assert a["moves"] != b["moves"]


def test_the_report_is_the_same_for_any_worker_count(record_file: Path) -> None:
    runner = CliRunner()
    one = _json(runner, record_file, "--workers", "1")
    two = _json(runner, record_file, "--workers", "2")
    assert one == two


def test_one_seat_is_judged_alone(record_file: Path) -> None:
    report = json.loads(_json(CliRunner(), record_file, "--seat", "1", "--workers", "1"))
    assert {m["seat"] for m in report["moves"]} == {1}
    assert [s["seat"] for s in report["summary"]] == [1]


def test_a_record_that_does_not_replay_is_refused_and_nothing_is_written(
        record_file: Path, tmp_path: Path) -> None:
    doc = json.loads(record_file.read_text())
    first = next(m for m in doc["moves"] if "action" in m)
    first["action"] = "disk nowhere"
    record_file.write_text(json.dumps(doc))
    out = tmp_path / "report.html"
    runner = CliRunner()
    result = runner.invoke(app, ["analyze", str(record_file), "-o", str(out), *FAST])
    replayed = runner.invoke(app, ["replay", str(record_file)])
    assert result.exit_code == replayed.exit_code == 1
    assert result.stderr == replayed.stderr  # the same clear error as replay's
    assert "Traceback" not in result.output
    assert not out.exists() and list(tmp_path.iterdir()) == [record_file]


def test_both_budgets_at_once_are_refused(record_file: Path) -> None:
    result = CliRunner().invoke(app, ["analyze", str(record_file), "--think", "1s",
                                      "--iterations", "5"])
    assert result.exit_code == 2  # a usage error, as every InvalidOption
    assert "--think or --iterations" in result.stderr


def test_the_html_report_holds_the_graph_and_is_not_overwritten_unasked(
        record_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    runner = CliRunner()
    result = runner.invoke(app, ["analyze", str(record_file), "-o", str(out), "--workers", "1",
                                 *FAST])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>")
    assert '<svg xmlns="http://www.w3.org/2000/svg" class="win-chance-graph"' in page
    assert page.count('class="seat-line"') == 3
    assert "Report written to" in result.stdout
    before = page
    again = runner.invoke(app, ["analyze", str(record_file), "-o", str(out), *FAST])
    assert again.exit_code == 1 and "exists already" in again.stderr
    assert out.read_text() == before
    forced = runner.invoke(app, ["analyze", str(record_file), "-o", str(out), "--force",
                                 "--seat", "0", "--workers", "1", *FAST])
    assert forced.exit_code == 0, forced.output
    assert out.read_text().count('class="seat-line"') == 1
