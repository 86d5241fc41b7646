"""Self-play: rows that replay to the same games, the same bytes on any worker count and on
Ray, Parquet and npz alike, and the `regalia selfplay` command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyarrow")

from typer.testing import CliRunner

import regalia
from regalia.cli.main import app
from regalia.engine.errors import RegaliaError
from regalia.engine.files import FileExists
from regalia.rl.rewards import final_rewards
from regalia.rl.selfplay import SelfPlayJob, read_run, run_selfplay
from tests.cli.conftest import TOY
from tests.rl.helpers import encoding, game_ids, table_size


def job_for(game: str, games: int = 3, players: int | None = None, **kwargs) -> SelfPlayJob:
    players = players or table_size(game)
    bots = kwargs.pop("bots", ("random",) * players)
    return SelfPlayJob(game, players, tuple(bots), games=games, seed=kwargs.pop("seed", 5),
                       encoder=encoding(game), **kwargs)


def shard_bytes(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("game", game_ids())
def test_rows_replay_to_the_same_games_and_rewards(game: str, tmp_path: Path) -> None:
    job = job_for(game, games=2, games_per_shard=1,
                  players=max(2, regalia.get_game(game).min_players))
    run_selfplay(job, tmp_path)
    rows = read_run(tmp_path)
    assert rows["observation"].shape[1] == job.table().observation_size
    for index in (0, 1):
        mine = rows["game"] == index
        seed = int(rows["game_seed"][mine][0])
        state = regalia.new_game(game, job.players, seed=seed)
        for seat, action, mask in zip(rows["seat"][mine], rows["action"][mine],
                                      rows["action_mask"][mine], strict=True):
            assert int(seat) == state.to_move()[0]
            assert mask[action] == 1
            assert int(mask.sum()) == len(state.legal_actions(int(seat)))
            state.apply(state.decode(int(action)), int(seat))
        assert state.is_over()
        expected = final_rewards(state)
        assert np.allclose(rows["outcome"][mine], [expected[s] for s in rows["seat"][mine]])
        # the reward arrives once per seat, on its last decision
        for seat in set(rows["seat"][mine].tolist()):
            theirs = mine & (rows["seat"] == seat)
            assert rows["last"][theirs].sum() == 1
            assert rows["reward"][theirs].sum() == pytest.approx(expected[seat])
        assert list(rows["step"][mine]) == list(range(int(mine.sum())))


def test_the_output_is_the_same_on_one_worker_and_two(tmp_path: Path) -> None:
    job = job_for(TOY, games=9, games_per_shard=2)
    one = run_selfplay(job, tmp_path / "one")
    two = run_selfplay(job, tmp_path / "two", workers=2)
    assert len(one) == len(two) == 5
    assert shard_bytes(tmp_path / "one") == shard_bytes(tmp_path / "two")
    other = run_selfplay(job_for(TOY, games=9, games_per_shard=2, seed=6), tmp_path / "three")
    assert other[0].read_bytes() != one[0].read_bytes()


def test_npz_holds_the_same_rows_as_parquet(tmp_path: Path) -> None:
    job = job_for(TOY, games=3, games_per_shard=2, bots=("greedy", "random") * 2)
    run_selfplay(job, tmp_path / "p")
    run_selfplay(job, tmp_path / "n", fmt="npz")
    parquet, npz = read_run(tmp_path / "p"), read_run(tmp_path / "n")
    assert parquet.keys() == npz.keys()
    for name in parquet:
        assert parquet[name].dtype == npz[name].dtype, name
        assert np.array_equal(parquet[name], npz[name]), name


def test_meta_json_describes_the_run(tmp_path: Path) -> None:
    job = job_for(TOY, games=3)
    run_selfplay(job, tmp_path)
    meta = json.loads((tmp_path / "meta.json").read_text())
    assert (meta["game"], meta["games"], meta["seed"], meta["format"]) == (TOY, 3, 5, "parquet")
    assert sum(f["length"] for f in meta["observation_layout"]) == meta["observation_size"]


def test_an_earlier_run_is_not_replaced_without_being_asked(tmp_path: Path) -> None:
    job = job_for(TOY, games=2)
    run_selfplay(job, tmp_path)
    before = shard_bytes(tmp_path)
    with pytest.raises(FileExists):
        run_selfplay(job, tmp_path)
    assert shard_bytes(tmp_path) == before
    run_selfplay(job, tmp_path, overwrite=True)


@pytest.mark.parametrize(("change", "words"), [
    ({"bots": ("random",)}, "bots"),
    ({"bots": ("random", "nobody", "random", "random")}, "nobody"),
    ({"games": 0}, "at least one game"),
])
def test_a_bad_job_is_refused_before_anything_is_written(change: dict, words: str,
                                                         tmp_path: Path) -> None:
    job = job_for(TOY, **change) if "games" not in change else \
        job_for(TOY, games=change["games"])
    with pytest.raises(RegaliaError, match=words):
        run_selfplay(job, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    with pytest.raises(RegaliaError, match="format"):
        run_selfplay(job_for(TOY), tmp_path / "out", fmt="csv")


def test_the_command_writes_a_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(app, ["selfplay", TOY, "--players", "3", "--bots",
                                      "random,greedy,random", "--games", "4", "--seed", "2",
                                      "--encoder", "hashed", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "4 games" in result.stdout
    rows = read_run(out)
    assert sorted(set(rows["game"].tolist())) == [0, 1, 2, 3]
    again = CliRunner().invoke(app, ["selfplay", TOY, "-p", "3", "-n", "4", "--encoder",
                                     "hashed", "--out", str(out)])
    assert again.exit_code != 0 and "--force" in again.output


def test_the_command_explains_a_game_without_an_encoder(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["selfplay", TOY, "-n", "1", "--out", str(tmp_path)])
    assert result.exit_code != 0
    assert "hashed" in result.output


def test_the_ray_path_gives_the_same_bytes(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    # the toy game is registered at run time in this process only: a Ray worker (a fresh
    # interpreter) knows the built-in games, so the solo game (the shortest) stands in
    job = SelfPlayJob("castles-of-burgundy-cards", 1, ("random",), games=3, seed=1,
                      encoder="hashed", games_per_shard=1)
    local = run_selfplay(job, tmp_path / "local")
    ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        remote = run_selfplay(job, tmp_path / "ray", ray_address="auto")
    finally:
        ray.shutdown()
    assert [p.read_bytes() for p in local] == [p.read_bytes() for p in remote]


def test_the_commands_help_explains_every_option() -> None:
    from tests.cli.test_help import option_rows

    result = CliRunner().invoke(app, ["selfplay", "--help"],
                                env={"COLUMNS": "120", "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    rows = option_rows(result.stdout)
    assert any(row.startswith("--ray") for row in rows)
    for row in rows:
        cells = [c for c in row.strip("│ ").split("  ") if c.strip()]
        assert len(cells) >= 2, f"an option without help: {row!r}"
