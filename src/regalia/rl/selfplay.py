"""Self-play at scale: bots play many games and every decision becomes a row of training data.

A run is cut into *shards* of a fixed number of games (by game index, whatever the number of
workers), each shard is played on its own (this process, local processes, or Ray tasks) and
written to ``DIR/shard-NNNNN.parquet`` (or ``.npz``) in shard order, with ``DIR/meta.json``
describing the run. Game ``i`` is dealt from ``game_seed(seed, i)`` and its bots seeded from
that, so the same seed gives the same bytes on one worker, on many, and on Ray.

One row per decision, in the order taken (sealed choices lowest seat first):

=============== ========================= ===================================================
column          type                      meaning
=============== ========================= ===================================================
game            int32                     the game's index in the run
game_seed       uint64                    its deal (``regalia.new_game(..., seed=...)``)
step            int32                     the decision's number in the game, from 0
seat            int8                      who decided
observation     float32 × observation     the seat's encoded view before deciding
action_mask     uint8 × action count      its legal actions (1 = legal)
action          int32                     the action code taken
reward          float32                   0, but the seat's place reward on its last row
outcome         float32                   the seat's place reward on every row (the return)
last            bool                      the seat's last decision of the game
=============== ========================= ===================================================
"""

from __future__ import annotations

import json
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from regalia.bots import InformationSet, make_bot
from regalia.bots.base import close_bots
from regalia.engine.errors import RegaliaError, os_reason
from regalia.engine.files import FileExists
from regalia.engine.i18n import _
from regalia.engine.seeds import bot_seed, game_seed
from regalia.rl.rewards import final_rewards
from regalia.rl.table import Table

FORMATS = ("parquet", "npz")
GAMES_PER_SHARD = 16
MAX_DECISIONS = 1_000_000  # a game longer than this is a bug in a rules core


@dataclass(frozen=True)
class SelfPlayJob:
    """Everything a worker needs to play any shard of a run on its own."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    encoder: str = "game"
    games_per_shard: int = GAMES_PER_SHARD

    def table(self) -> Table:
        return Table(self.game, self.players, dict(self.options), self.encoder)

    @property
    def shards(self) -> int:
        return -(-self.games // self.games_per_shard)

    def shard_games(self, shard: int) -> range:
        first = shard * self.games_per_shard
        return range(first, min(self.games, first + self.games_per_shard))


Columns = dict[str, np.ndarray]


def check_job(job: SelfPlayJob) -> Table:
    """Raise now, clearly, what would fail in every game: game, options, bots, encoding."""
    table = job.table()
    if len(job.bots) != table.players:
        raise RegaliaError(_("{n} players need {n} bots, not {count}").format(
            n=table.players, count=len(job.bots)))
    for spec in job.bots:
        make_bot(spec, 0)
    if job.games < 1:
        raise RegaliaError(_("a run plays at least one game, not {n}").format(n=job.games))
    if job.games_per_shard < 1:
        raise RegaliaError(_("a shard holds at least one game"))
    return table


def play_game(job: SelfPlayJob, table: Table, index: int) -> Columns:
    """Game ``index`` of the run, to the end: its rows."""
    seed = game_seed(job.seed, index)
    state = table.new_state(seed)
    bots = [make_bot(spec, bot_seed(seed, s)) for s, spec in enumerate(job.bots)]
    seats: list[int] = []
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    try:
        while movers := state.to_move():
            seat = movers[0]
            observations.append(table.observe(state, seat))
            masks.append(table.mask(state, seat))
            action = bots[seat].act(InformationSet(state, seat))
            state.apply(action, seat)
            seats.append(seat)
            actions.append(action.code)
            if len(actions) > MAX_DECISIONS:
                raise RegaliaError(_("game {index} (seed {seed}) did not end after {n} "
                                     "decisions").format(index=index, seed=seed,
                                                         n=MAX_DECISIONS))
    finally:
        close_bots(bots)
    rows = len(actions)
    results = np.asarray(final_rewards(state), dtype=np.float32)
    seat_array = np.asarray(seats, dtype=np.int8)
    last = np.zeros(rows, dtype=bool)
    for seat in set(seats):
        last[max(i for i, s in enumerate(seats) if s == seat)] = True
    outcome = results[seat_array] if rows else np.zeros(0, np.float32)
    return {
        "game": np.full(rows, index, dtype=np.int32),
        "game_seed": np.full(rows, seed, dtype=np.uint64),
        "step": np.arange(rows, dtype=np.int32),
        "seat": seat_array,
        "observation": np.stack(observations) if rows else
        np.zeros((0, table.observation_size), np.float32),
        "action_mask": (np.stack(masks) if rows else
                        np.zeros((0, table.action_count), np.int8)).astype(np.uint8),
        "action": np.asarray(actions, dtype=np.int32),
        "reward": np.where(last, outcome, np.float32(0)).astype(np.float32),
        "outcome": outcome.astype(np.float32),
        "last": last,
    }


def play_shard(job: SelfPlayJob, shard: int) -> Columns:
    """Every game of one shard, rows concatenated in game order."""
    table = job.table()
    parts = [play_game(job, table, i) for i in job.shard_games(shard)]
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}


def shard_path(out: Path, shard: int, fmt: str) -> Path:
    return out / f"shard-{shard:05d}.{fmt}"


def write_shard(columns: Columns, path: Path, fmt: str) -> None:
    """One shard's rows as Parquet (fixed-size lists for the vectors) or npz."""
    if fmt == "npz":
        with path.open("wb") as handle:
            np.savez_compressed(handle, **columns)  # type: ignore[arg-type]
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    arrays = {}
    for name, values in columns.items():
        if values.ndim == 2:
            flat = pa.array(values.reshape(-1))
            arrays[name] = pa.FixedSizeListArray.from_arrays(flat, values.shape[1])
        else:
            arrays[name] = pa.array(values)
    pq.write_table(pa.table(arrays), path, compression="zstd")


def read_run(out: str | Path) -> Columns:
    """Every row of a run written by :func:`run_selfplay`, shards in order (npz or Parquet)."""
    folder = Path(out)
    meta = json.loads((folder / "meta.json").read_text())
    fmt = meta["format"]
    parts: list[Columns] = []
    for shard in range(meta["shards"]):
        path = shard_path(folder, shard, fmt)
        if fmt == "npz":
            with np.load(path) as data:
                parts.append({name: data[name] for name in data.files})
            continue
        import pyarrow.parquet as pq

        table = pq.read_table(path)
        part = {}
        for name in table.column_names:
            column = table.column(name).combine_chunks()
            if name in ("observation", "action_mask"):
                width = column.type.list_size
                part[name] = column.flatten().to_numpy(zero_copy_only=False).reshape(-1, width)
            else:
                part[name] = column.to_numpy(zero_copy_only=False)
        parts.append(part)
    return {name: np.concatenate([p[name] for p in parts]) for name in parts[0]}


def _metadata(job: SelfPlayJob, table: Table, fmt: str) -> dict[str, Any]:
    fields = [{"name": f.name, "length": f.length, "meaning": f.meaning}
              for f in table.codec.layout(table.players)]
    return {
        "format": fmt, "version": 1, "game": table.game, "players": table.players,
        "options": dict(table.options), "bots": list(job.bots), "games": job.games,
        "seed": job.seed, "encoder": job.encoder, "games_per_shard": job.games_per_shard,
        "shards": job.shards, "observation_size": table.observation_size,
        "action_count": table.action_count, "observation_layout": fields,
        "reward": "place: 1 first, -1 last, ties share (regalia.rl.rewards)",
    }


def _local_shards(job: SelfPlayJob, workers: int) -> Iterator[Columns]:
    shards = range(job.shards)
    if workers <= 1 or job.shards <= 1:
        yield from (play_shard(job, s) for s in shards)
        return
    methods = multiprocessing.get_all_start_methods()
    # fork lets workers inherit games registered at run time (plug-ins, tests)
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ctx.Pool(workers) as pool:
        yield from pool.imap(partial(play_shard, job), shards)


def _ray_shards(job: SelfPlayJob, address: str) -> Iterator[Columns]:
    try:
        import ray
    except ImportError:
        raise RegaliaError(_("--ray needs Ray: pip install 'regalia[rl]'")) from None
    if not ray.is_initialized():
        ray.init(address=None if address == "local" else address,
                 include_dashboard=False, log_to_driver=False)
    task = ray.remote(play_shard)
    job_ref = ray.put(job)
    pending = [task.remote(job_ref, s) for s in range(job.shards)]
    for ref in pending:  # in shard order, whatever order they finish in
        yield ray.get(ref)


def run_selfplay(job: SelfPlayJob, out: str | Path, *, workers: int = 1,
                 ray_address: str | None = None, fmt: str = "parquet", overwrite: bool = False,
                 on_games: Callable[[int], None] | None = None) -> list[Path]:
    """Play the run and write it to ``out``; the shard files, in order.

    ``ray_address``: ``None`` (local processes), ``"auto"`` (the Ray cluster this machine is
    part of), ``"local"`` (a new Ray instance here) or a cluster address; a Ray already
    initialised in this process is used as it is. ``on_games(n)`` is told each time ``n``
    more games are written."""
    if fmt not in FORMATS:
        raise RegaliaError(_("the format is one of {choices}, not {value}").format(
            choices=", ".join(FORMATS), value=repr(fmt)))
    table = check_job(job)
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise RegaliaError(_("cannot make the folder {folder}: {reason}").format(
            folder=folder, reason=os_reason(err))) from None
    paths = [shard_path(folder, s, fmt) for s in range(job.shards)]
    if not overwrite:
        taken = [p for p in [*paths, folder / "meta.json"] if p.exists()]
        if taken:
            raise FileExists(_("{folder} holds files this run would replace (first: {first}); "
                               "use another folder or --force").format(folder=folder,
                                                                       first=taken[0].name))
    (folder / "meta.json").write_text(json.dumps(_metadata(job, table, fmt), indent=1) + "\n")
    shards = (_local_shards(job, workers) if ray_address is None
              else _ray_shards(job, ray_address))
    for shard, columns in enumerate(shards):
        write_shard(columns, paths[shard], fmt)
        if on_games is not None:
            on_games(len(job.shard_games(shard)))
    return paths


def bots_for(specs: Sequence[str], players: int) -> tuple[str, ...]:
    """One spec for every seat (``["random"]`` fills the table) or one per seat."""
    if len(specs) == 1:
        return tuple(specs) * players
    return tuple(specs)
