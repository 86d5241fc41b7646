"""``regalia selfplay``: bots play many games and every decision is written as training data
(observations, masks, actions, rewards) in Parquet or npz; see :mod:`regalia.rl.selfplay`."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from regalia.cli import options as opts
from regalia.cli.console import safe, stderr_console, stdout_console
from regalia.cli.simulate import ProgressLines, worker_count
from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import N_, _
from regalia.engine.registry import get_game
from regalia.engine.rng import fresh_seed

SELFPLAY_HELP = N_(
    "Self-play for learning: bots play K games and every decision (the seat's encoded"
    " view, its legal-action mask, the action, the place reward) is written in shards"
    " of Parquet or npz, the same bytes for the same seed on any number of workers or"
    " on Ray.")


def selfplay(
    game: Annotated[str, typer.Argument(metavar="GAME",
                                        help=N_("Game id (see [cyan]regalia games[/])."))],
    out: Annotated[Path, typer.Option("--out", "-o", metavar="DIR",
                                      help=N_("Folder for the shards and meta.json."))],
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help=N_("Number of players (default: the game's usual "
        "count, or one per listed bot)."))] = None,
    bots: Annotated[str | None, typer.Option(
        "--bots", metavar="LIST", help=N_("Bot per seat, comma-separated, or one for all "
        "(default random). Bots: {bots}; settings after colons, e.g. "
        "ismcts:iterations=100."))] = None,
    games_: Annotated[int, typer.Option("--games", "-n", metavar="K", min=1,
                                        help=N_("How many games."))] = 100,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", metavar="W", min=0,
        help=N_("Local processes (default 1; 0: one per core). The output is the same."))] = 1,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS", help=N_("Run on Ray instead of local processes: a cluster "
        "address, auto (the cluster this machine belongs to) or local (a new Ray instance "
        "here). The output is the same."))] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", metavar="SEED", callback=lambda v: opts.check_seed(v),
        help=N_("Base seed (default: a fresh one, written to meta.json); game i is dealt as "
        "in regalia simulate with the same seed."))] = None,
    fmt: Annotated[str, typer.Option("--format", metavar="FORMAT",
                                     help=N_("parquet (pyarrow) or npz."))] = "parquet",
    encoder: Annotated[str, typer.Option(
        "--encoder", metavar="NAME", help=N_("Observation encoding: game (the game's own) or "
        "hashed (generic hashed view features)."))] = "game",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-O", metavar="NAME=VALUE",
        help=N_("A game option (repeatable); [cyan]regalia games[/] lists them."))] = None,
    force: Annotated[bool, typer.Option(
        "--force", metavar="", help=N_("Replace files of an earlier run in DIR."))] = False,
) -> None:
    try:
        from regalia.rl.selfplay import SelfPlayJob, run_selfplay
    except ImportError as err:
        raise RegaliaError(_("selfplay needs the rl extra (pip install 'regalia[rl]'): {reason}"
                             ).format(reason=err)) from None

    info = get_game(game)
    chosen = opts.parse_options(info, option or [])
    bot_items = opts.split_list(bots)
    listed = len(bot_items) if bot_items and len(bot_items) > 1 else None
    count = opts.resolve_players(info, players, listed)
    specs = opts.parse_bots(bot_items, count)
    job = SelfPlayJob(game=info.id, players=count, bots=tuple(specs), games=games_,
                      seed=fresh_seed() if seed is None else seed, options=chosen,
                      encoder=encoder)
    errors = stderr_console()
    used, note = (1, None) if ray is not None else worker_count(workers, job.shards)
    if note:
        errors.print(f"[yellow]{safe(note)}[/]")
    live = errors.is_terminal
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=errors, transient=True,
        disable=not live,
    )
    lines = ProgressLines(lambda text: errors.print(safe(text)), games_)
    started = time.perf_counter()
    with progress:
        task = progress.add_task(f"{info.id} ×{games_}", total=games_)

        def advance(games: int) -> None:
            progress.advance(task, games)
            if not live:
                for _game in range(games):
                    lines.advance()

        paths = run_selfplay(job, out, workers=used, ray_address=ray, fmt=fmt,
                             overwrite=force, on_games=advance)
    seconds = time.perf_counter() - started
    where = f"Ray ({ray})" if ray is not None else _("{n} worker(s)").format(n=used)
    stdout_console().print(_(
        "{games} games in {shards} shard(s) written to {folder} (seed {seed}, {where}, "
        "{seconds} s, {rate} games/s)").format(
            games=games_, shards=len(paths), folder=f"[bold]{safe(str(out))}[/]", seed=job.seed,
            where=where, seconds=f"{seconds:.1f}", rate=f"{games_ / max(seconds, 1e-9):.1f}"))
