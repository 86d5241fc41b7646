"""`regalia tournament`: seat rotations, determinism whatever the workers, standings, ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.cli.ratings import rate_games, wilson_interval
from regalia.cli.tournament import Tournament, games_for
from regalia.engine import InvalidOption
from regalia.engine.record import Record, replay
from tests.cli.conftest import TOY
from tests.cli.test_errors import check


def tournament_json(runner: CliRunner, *extra: str) -> dict[str, Any]:
    result = runner.invoke(app, ["tournament", TOY, "--players", "3", "--json", *extra])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "seconds"}


def test_every_entrant_sits_in_every_seat_equally() -> None:
    t = Tournament(game=TOY, players=3, listed=("random", "greedy", "ismcts"), seed=1)
    seen = {(seat, e) for i in range(3) for seat, e in enumerate(t.lineup(i))}
    assert seen == {(seat, e) for seat in range(3) for e in range(3)}
    # Fewer bots than seats: they take the extra seats in turn, each seat still rotating.
    t2 = Tournament(game=TOY, players=4, listed=("random", "greedy"), seed=1)
    lineups = [t2.lineup(i) for i in range(4)]
    for seat in range(4):
        assert sorted(lineup[seat] for lineup in lineups) == [0, 0, 1, 1]
    # One bot against three of another: the lone bot visits every seat once.
    t3 = Tournament(game=TOY, players=4, listed=("greedy", "random", "random", "random"),
                    seed=1)
    assert t3.entrants == ("greedy", "random")
    assert sorted(t3.lineup(i).index(0) for i in range(4)) == [0, 1, 2, 3]


def test_games_are_whole_rotations() -> None:
    assert games_for(10, 4) == 12 and games_for(12, 4) == 12 and games_for(1, 3) == 3


def test_one_deal_per_rotation_group() -> None:
    t = Tournament(game=TOY, players=3, listed=("random", "greedy"), seed=5)
    seeds = [t.series(i).new_state(i // t.rotations).seed for i in range(6)]
    assert seeds[0] == seeds[1] == seeds[2] != seeds[3] == seeds[4] == seeds[5]


@pytest.mark.parametrize(("listed", "message"), [
    (("random", "greedy", "ismcts", "easy"), "at most one bot per seat"),
    ((), "at least one bot"),
])
def test_bad_line_ups_are_refused(listed: tuple[str, ...], message: str) -> None:
    with pytest.raises(InvalidOption, match=message):
        Tournament(game=TOY, players=3, listed=listed, seed=1)


def test_results_do_not_depend_on_the_number_of_workers(runner: CliRunner) -> None:
    args = ("--bots", "greedy,random", "--games", "12", "--seed", "42")
    one = tournament_json(runner, *args, "--workers", "1")
    two = tournament_json(runner, *args, "--workers", "2")
    assert without_timing(one) == without_timing(two)
    other = tournament_json(runner, "--bots", "greedy,random", "--games", "12", "--seed", "43")
    assert without_timing(other) != without_timing(one)  # the comparison can tell


def test_standings_add_up(runner: CliRunner) -> None:
    summary = tournament_json(runner, "--bots", "random,greedy,ismcts:iterations=3",
                              "--games", "7", "--seed", "3")
    assert summary["games"] == 9  # rounded up to three rotations of three seats
    bots = summary["bots"]
    assert [b["bot"] for b in bots] == ["random", "greedy", "ismcts:iterations=3"]
    assert all(b["seats"] == 9 for b in bots)
    assert abs(sum(b["wins"] for b in bots) - 9) < 1e-5
    for b in bots:
        lo, hi = b["win_rate_95"]
        assert lo <= b["win_rate"] <= hi
        assert 1 <= b["mean_place"] <= 3


def test_records_replay(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "records"
    tournament_json(runner, "--bots", "greedy,random", "--games", "3", "--seed", "9",
                    "--records", str(out))
    files = sorted(out.iterdir())
    assert len(files) == 3
    record = Record.load(files[1])
    assert record.meta["bots"] == ["random", "greedy", "greedy"]  # greedy,random,greedy turned
    assert replay(record).is_over()


def test_table_and_progress(runner: CliRunner) -> None:
    result = runner.invoke(app, ["tournament", TOY, "--players", "2", "--bots", "greedy,random",
                                 "--games", "4", "--seed", "1"], env={"COLUMNS": "150"})
    assert result.exit_code == 0, result.output
    assert "greedy" in result.stdout and "95% interval" in result.stdout
    assert "4/4 games" in result.stderr  # progress lines when not on a terminal


def test_long_bot_specs_are_numbered_and_written_out_under_the_table(runner: CliRunner) -> None:
    # At 80 columns a spec like ismcts:iterations=3 would be cut inside a word; it is shown
    # as "ismcts(1)" and written out whole, on one line, in a note under the table.
    result = runner.invoke(app, ["tournament", TOY, "--players", "2", "--bots",
                                 "ismcts:iterations=3,ismcts:iterations=5", "--games", "2",
                                 "--seed", "1"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert any("ismcts(1)" in line for line in lines), result.stdout
    assert any("ismcts(2)" in line for line in lines)
    notes = {line.strip() for line in lines if line.strip().startswith("(")}
    assert notes == {"(1) ismcts:iterations=3", "(2) ismcts:iterations=5"} or \
        notes == {"(1) ismcts:iterations=5", "(2) ismcts:iterations=3"}
    assert all(len(line) <= 80 for line in lines)


def test_wins_are_shown_to_a_tenth() -> None:
    from regalia.cli.bot_labels import bot_labels, wins_cell

    assert [wins_cell(w) for w in (8.333333, 16.0, 7.666667, 0.5)] == ["8.3", "16", "7.7", "0.5"]
    assert bot_labels(["greedy", "ismcts-strong", "hard:think=10s"]) == (
        ["greedy", "ismcts-strong", "hard(1)"], ["(1) hard:think=10s"])
    # (a spec on several seats, as in simulate's table, keeps one number)
    assert bot_labels(["pimc:iterations=9", "greedy", "pimc:iterations=9", "hard:think=10s"]) \
        == (["pimc(1)", "greedy", "pimc(1)", "hard(2)"],
            ["(1) pimc:iterations=9", "(2) hard:think=10s"])


def test_bad_bots(runner: CliRunner) -> None:
    check(runner, ["tournament", TOY, "--players", "2", "--bots", "greedy,random,easy"], 2,
          "at most one bot per seat")
    check(runner, ["tournament", TOY, "--bots", "wizard"], 2, "unknown bot 'wizard'")


def test_wilson_interval_by_hand() -> None:
    # p = 1/2, n = 10: centre 1/2, half-width 1.96 * sqrt(0.025 + z^2/400) / (1 + z^2/10).
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_rating_of_one_game_by_hand() -> None:
    pytest.importorskip("openskill")
    # Plackett-Luce, two new players (mu 25, sigma 25/3, beta 25/6):
    # c = sqrt(2 sigma^2 + 2 beta^2) = 13.176; the winner's p = 1/2, so its mu moves by
    # sigma^2 / c * (1 - 1/2) = 2.635, and the loser's by as much down.
    winner, loser = rate_games(2, [((0, 1), (1, 2))])
    assert winner.mu == pytest.approx(27.635, abs=1e-3)
    assert loser.mu == pytest.approx(22.365, abs=1e-3)
    assert winner.sigma == pytest.approx(loser.sigma) and winner.sigma < 25 / 3


def test_ratings_follow_the_results() -> None:
    pytest.importorskip("openskill")
    even = rate_games(2, [((0, 1), (1, 2)), ((1, 0), (1, 2))])  # one win each
    # Close, the later win a little ahead: rated in order, the first game's result has
    # already moved both ratings when the second one comes.
    assert 0 < even[1].mu - even[0].mu < 1.0
    strong = rate_games(3, [((0, 1, 2), (1, 2, 3))] * 5)
    assert strong[0].mu > strong[1].mu > strong[2].mu
    tie = rate_games(2, [((0, 1), (1, 1))])
    assert tie[0].mu == pytest.approx(tie[1].mu)


def test_ratings_and_chart_from_the_command(runner: CliRunner, tmp_path: Path) -> None:
    pytest.importorskip("openskill")
    chart = tmp_path / "ratings.svg"
    summary = tournament_json(runner, "--bots", "greedy,random", "--games", "6", "--seed", "2",
                              "--chart", str(chart))
    assert all(b["rating"] is not None for b in summary["bots"])
    text = chart.read_text()
    assert text.startswith("<svg") and "greedy" in text and "random" in text
