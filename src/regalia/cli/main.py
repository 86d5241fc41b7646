"""The ``regalia`` Typer app: each command parses its flags and hands over to its module."""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from typer.core import TyperCommand, TyperGroup

import regalia
from regalia.bots.external import ON_FAILURE
from regalia.bots.specs import split_external
from regalia.cli import options as opts
from regalia.cli import replay as rp
from regalia.cli import tournament as tn
from regalia.cli.analyze import ANALYZE_HELP
from regalia.cli.analyze import analyze as analyze_command
from regalia.cli.bench import bench_table, build_variant, compare, compare_table
from regalia.cli.console import (
    EXIT_USAGE,
    fail,
    reports_errors,
    safe,
    stderr_console,
    stdout_console,
)
from regalia.cli.games import (
    game_card,
    game_json,
    games_json,
    games_table,
    option_card,
    rules_card,
)
from regalia.cli.language import (
    HELP_OPTION_HELP,
    LANG_HELP,
    cli_words,
    flow,
    lang_from_args,
    translated_help,
    usage_prefix,
)
from regalia.cli.play import GameStopped, PlaySession, real_terminal, recorded_fallbacks
from regalia.cli.ratings import ratings_available
from regalia.cli.selfplay import SELFPLAY_HELP
from regalia.cli.selfplay import selfplay as selfplay_command
from regalia.cli.simulate import (
    GameResult,
    ProgressLines,
    Series,
    check_series,
    estimate_line,
    summarize,
    summary_tables,
    timed_series,
    worker_count,
)
from regalia.engine.bench import bench as run_bench
from regalia.engine.errors import InvalidOption, RegaliaError
from regalia.engine.files import check_writable
from regalia.engine.i18n import (
    N_,
    UnknownLanguage,
    _,
    ngettext,
    resolve_language,
    set_language,
    speaking,
)
from regalia.engine.registry import games as all_games
from regalia.engine.registry import get_game, new_game
from regalia.engine.rng import fresh_seed


def _bare_help_option(option: Any) -> Any:
    if option is not None:
        option.metavar = ""  # --help takes no value: no "<bool>" tag beside it
        option.help = _(HELP_OPTION_HELP)
    return option


def _lang_check(value: str | None) -> str | None:
    # The language was chosen before parsing (Group.main reads every --lang); a command run
    # on its own (not through the group) sets it here.
    if value:
        set_language(value)
    return value


def _lang_option() -> Any:
    """The ``--lang`` option that the group and every command accept."""
    probe = typer.Typer()

    @probe.command()
    def _probe(lang: Annotated[str | None, typer.Option(
            "--lang", metavar="LANG", callback=_lang_check, help=LANG_HELP)] = None) -> None:
        pass

    param = typer.main.get_command(probe).params[0]
    param.expose_value = False
    return param


class _Translated:
    """Help texts kept in English in the sources (marked ``N_``) and translated when click
    formats them; ``--lang`` among the parameters."""

    help: str | None
    params: list[Any]

    def _add_lang(self) -> None:
        self.source_help = self.help
        if self.help:
            self.help = flow(self.help)
        if not any(p.name == "lang" for p in self.params):
            self.params.append(_lang_option())

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        pieces = self.collect_usage_pieces(ctx)  # type: ignore[attr-defined]
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=usage_prefix())


class Command(_Translated, TyperCommand):
    """A command whose --help line shows no type tag (typer's own copy of click's types), in
    the language in force."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._add_lang()

    def get_help_option(self, ctx: Any) -> Any:
        return _bare_help_option(super().get_help_option(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with translated_help(self):
            super().format_help(ctx, formatter)


class Group(_Translated, TyperGroup):
    """The ``regalia`` group, with the same bare --help line; it settles the language before
    anything else: the last ``--lang`` given (to the group or the command), else
    ``REGALIA_LANG``, else the system locale."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._add_lang()

    def get_help_option(self, ctx: Any) -> Any:
        return _bare_help_option(super().get_help_option(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        with translated_help(self):
            super().format_help(ctx, formatter)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        try:
            lang = resolve_language(lang_from_args(argv))
        except UnknownLanguage as err:
            stop = fail(str(err), EXIT_USAGE)  # before anything is done
            if kwargs.get("standalone_mode", True):
                sys.exit(stop.exit_code)
            raise stop from None
        with speaking(lang), cli_words():
            return super().main(argv, *rest, **kwargs)


app = typer.Typer(
    name="regalia",
    cls=Group,
    help=N_("Play, simulate, replay and render court-intrigue board games, exactly by the rules."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

GameArg = Annotated[str, typer.Argument(metavar="GAME",
                                         help=N_("Game id (see [cyan]regalia games[/])."))]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-O", metavar="NAME=VALUE",
                 help=N_("A game option (repeatable); [cyan]regalia games GAME[/] lists them.")),
]
EditionOpt = Annotated[
    Path | None,
    typer.Option("--edition", metavar="FILE", help=N_("Component data (TOML) to play with instead "
                 "of the built-in edition.")),
]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", metavar="SEED", callback=lambda v: opts.check_seed(v),
    help=N_("Seed of the random draws, 0 to 2^64-1 (default: a fresh one). In play it is shown "
    "when the game is over: it would tell every hidden card."))]
SeatOpt = Annotated[
    str | None,
    typer.Option("--seat", metavar="SEAT", help=N_("Whose view: a seat number from 0, a seat name, "
                 "or spectator (default).")),
]
ForceOpt = Annotated[
    bool, typer.Option("--force", metavar="",
                       help=N_("Replace existing files instead of refusing."))
]
ThinkOpt = Annotated[str | None, typer.Option(
    "--think", metavar="TIME", help=N_("Thinking time a decision for the searching bots whose "
    "spec sets none, e.g. 0.5s, 500ms, 2 (default: each bot's own: ismcts and pimc an iteration "
    "budget, medium and hard their time)."))]
StepOpt = Annotated[
    int | None, typer.Option("--step", metavar="N", min=0,
                             help=N_("The position after this many decisions (default: the end)."))
]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"regalia {regalia.__version__} ({build_variant()})")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", metavar="", callback=_version, is_eager=True,
                                          help=N_("Show the version and exit."))] = False,
) -> None:
    """Regalia: court-intrigue board games by their rules."""


def seat_kind(kind: str) -> str:
    """A seat's kind as the table reads it: a human, or a bot by its spec."""
    return _("human") if kind == opts.HUMAN else _("{bot} bot").format(bot=kind)


def records_written(count: int, folder: Path) -> str:
    return ngettext("{n} record written to {folder}", "{n} records written to {folder}",
                    count).format(n=count, folder=f"[bold]{safe(str(folder))}[/]")


# ---------------------------------------------------------------------------------- games
@app.command(cls=Command, help=N_(
    "List the games (id, title, designers, year, player counts); with GAME, that game's "
    "summary and options, a line to each; with GAME OPTION, that option in full."))
@reports_errors
def games(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help=N_("A game id: show its summary and options."))] = None,
    option: Annotated[str | None, typer.Argument(
        metavar="OPTION", help=N_("One of the game's options: show its help in full."))] = None,
    long: Annotated[bool, typer.Option("--long", metavar="",
                                       help=N_("With GAME: every option's help in full."))
                    ] = False,
    as_json: Annotated[bool, typer.Option("--json", metavar="",
                                          help=N_("Machine-readable output (JSON)."))] = False,
) -> None:
    if game is not None:
        info = get_game(game)  # (an unknown id: a clear error naming the known ones)
        if as_json:
            typer.echo(json.dumps(game_json(info), indent=1))
        elif option is not None:
            stdout_console().print(option_card(info, option))
        else:
            stdout_console().print(game_card(info, long=long))
        return
    infos = all_games()
    if as_json:
        typer.echo(json.dumps(games_json(infos), indent=1))
    elif not infos:
        stdout_console().print("[yellow]" + _("No games are installed.") + "[/]")
    else:
        stdout_console().print(games_table(infos))


@app.command(cls=Command, help=N_(
    "A game's turn and scoring on one screen, in the language asked for."))
@reports_errors
def rules(game: GameArg) -> None:
    stdout_console().print(rules_card(get_game(game)))


# ---------------------------------------------------------------------------------- play
@app.command(cls=Command, help=N_(
    "Play in the terminal: humans at the keyboard (hot-seat) against bots.\n\nThe seed "
    "is shown when the game is over, not before: it would tell every hidden card. "
    "SIGTERM or SIGHUP (a closed window) saves the game to the --record file, or to a"
    " new file whose name is printed, and --resume goes on from there."))
@reports_errors
def play(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help=N_("Game id (see [cyan]regalia games[/]; not needed with --resume)."))
    ] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help=N_("Number of players (default: the game's usual "
        "count, or one per listed seat)."))] = None,
    seats: Annotated[str | None, typer.Option(
        "--seats", metavar="LIST", help=N_("Who sits where, e.g. human,greedy,hard (default: you "
        "in seat 0, {opponent} bots in the others). Bots: {bots}; "
        "settings after colons, e.g. ismcts:think=1s."))
    ] = None,
    think: ThinkOpt = None,
    seed: SeedOpt = None,
    record: Annotated[Path | None, typer.Option("--record", metavar="FILE",
                                                help=N_("Write the game record here."))] = None,
    edition: EditionOpt = None,
    option: OptionOpt = None,
    scroll: Annotated[bool, typer.Option(
        "--scroll", metavar="",
        help=N_("Let turns scroll by instead of starting each on a fresh screen."))
    ] = False,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="FILE", help=N_("Go on with a saved game record."))] = None,
    force: ForceOpt = False,
) -> None:
    console = stdout_console()
    if record is not None:
        check_writable(record, overwrite=force)
    seat_items = opts.split_list(seats)
    if resume is not None:
        saved, state = rp.load_checked(resume)
        info = get_game(saved.game)
        if game is not None and get_game(game).id != info.id:
            raise InvalidOption(_("{file} is a record of {game}, not {asked}").format(
                file=resume, game=info.id, asked=game))
        if state.is_over():
            raise InvalidOption(_("the game in {file} is over; see it with regalia replay").format(
                file=resume))
        if seat_items is None and isinstance(saved.meta.get("seats"), list):
            seat_items = [str(s) for s in saved.meta["seats"]]
            # A record comes from anyone: it never starts a program on this machine.
            for item in seat_items:
                if split_external(item) is not None:
                    raise InvalidOption(_(
                        "{file} names an external program for a seat ({seat}); a record never "
                        "starts a program: give the seats with --seats").format(
                            file=resume, seat=repr(item[:80])))
        opts.resolve_players(info, saved.players, len(seat_items) if seat_items else None)
        seat_kinds = opts.parse_seats(seat_items, saved.players, opts.parse_think(think))
        seed = saved.seed
    else:
        if game is None:
            raise InvalidOption(_("name a game to play (see regalia games), or --resume FILE"))
        info = get_game(game)
        chosen = opts.parse_options(info, option or [])
        count = opts.resolve_players(info, players, len(seat_items) if seat_items else None)
        seat_kinds = opts.parse_seats(seat_items, count, opts.parse_think(think))
        seed = fresh_seed() if seed is None else seed
        state = new_game(info.id, count, seed=seed, edition=edition, **chosen)
    # The save file's default name must not carry the seed: it would give the deal away.
    default_save = str(record) if record else f"{info.id}-{time.strftime('%Y%m%d-%H%M')}.json"
    session = PlaySession(
        state, seat_kinds, real_terminal(console, scroll), seed,
        meta={"app": f"regalia {regalia.__version__}"},
        default_save=default_save, render_text=info.render_text,
        record_path=None if record is None else str(record),
        earlier_fallbacks=recorded_fallbacks(saved.meta, state.players) if resume else (),
    )
    # TRANSLATORS: between the seats of "Red: human, Blue: ismcts bot"
    who = _(", ").join(_("{seat}: {kind}").format(seat=safe(state.seat_name(s)),
                                                  kind=safe(seat_kind(kind)))
                       for s, kind in enumerate(seat_kinds))
    players_line = ngettext("{n} player", "{n} players", state.players).format(n=state.players)
    console.print(f"[bold]{safe(info.title)}[/] · {players_line}\n{who}\n"
                  "[dim]" + _("Type help at the prompt for commands.") + "[/]")
    try:
        session.run()
    except GameStopped as stop:
        raise typer.Exit(stop.code) from None
    if record is not None and not session.save(str(record), replace=True) and \
            not session.offer_save(_("The record could not be written there.")):
        raise fail(_("the game's record could not be saved anywhere"))


# ---------------------------------------------------------------------------------- table
@app.command(cls=Command, help=N_(
    "Referee a game played with the physical box: enter what the cards show and the "
    "moves made; Regalia checks them, does the scorings, and saves after every entry."))
@reports_errors
def table(
    game: Annotated[str | None, typer.Argument(
        metavar="GAME", help=N_("Game id (see [cyan]regalia games[/]; not needed with --resume)."))
    ] = None,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help=N_("Number of players (default: the game's usual "
        "count)."))] = None,
    option: OptionOpt = None,
    edition: EditionOpt = None,
    record: Annotated[Path | None, typer.Option(
        "--record", metavar="FILE", help=N_("Save the game here after every entry (default: a "
        "new file named after the game)."))] = None,
    resume: Annotated[Path | None, typer.Option(
        "--resume", metavar="FILE", help=N_("Go on with a table game at its last entry."))] = None,
    force: ForceOpt = False,
) -> None:
    from regalia.cli.table import start_table

    start_table(game, players, option or [], edition, record, resume, force)


# ---------------------------------------------------------------------------------- simulate
@app.command(cls=Command, help=N_(
    "Play many bot games and show win rates, scores and game lengths."))
@reports_errors
def simulate(
    game: GameArg,
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help=N_("Number of players (default: the game's usual "
        "count, or one per listed bot)."))] = None,
    games_: Annotated[int, typer.Option("--games", "-n", metavar="N", min=1,
                                        help=N_("How many games."))] = 100,
    bots: Annotated[str | None, typer.Option(
        "--bots", metavar="LIST", help=N_("Bot per seat, comma-separated, or one for all "
        "(default random). "
        "Bots: {bots}; settings after colons, e.g. ismcts:think=1s."))
    ] = None,
    think: ThinkOpt = None,
    seed: SeedOpt = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", metavar="N", min=0,
        help=N_("Processes (default and 0: one per core, capped at the core count)."))] = None,
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", help=N_("Write every game's record here."))] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="",
                                          help=N_("Machine-readable results (JSON)."))] = False,
    option: OptionOpt = None,
    edition: EditionOpt = None,
    force: ForceOpt = False,
) -> None:
    info = get_game(game)
    chosen = opts.parse_options(info, option or [])
    bot_items = opts.split_list(bots)
    listed = len(bot_items) if bot_items and len(bot_items) > 1 else None
    count = opts.resolve_players(info, players, listed)
    specs = opts.parse_bots(bot_items, count, opts.parse_think(think))
    series = Series(
        game=info.id, players=count, bots=tuple(specs),
        seed=fresh_seed() if seed is None else seed, options=chosen,
        edition=None if edition is None else str(edition),
        records=None if records is None else str(records), overwrite=force,
    )
    check_series(series, games_)
    errors = stderr_console()
    workers, note = worker_count(workers, games_)
    if note:
        errors.print(f"[yellow]{safe(note)}[/]")
    live = errors.is_terminal and not as_json
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=errors, transient=True,
        disable=not live,
    )
    lines = ProgressLines(lambda text: errors.print(safe(text)), games_)
    started = time.monotonic()
    first = True
    with progress:
        task = progress.add_task(f"{info.id} ×{games_}", total=games_)

        def advance(_result: GameResult) -> None:
            nonlocal first
            if first:
                first = False
                estimate = estimate_line(time.monotonic() - started, games_, workers)
                if estimate and not as_json:
                    (progress.console if live else errors).print(f"[dim]{safe(estimate)}[/]")
            progress.advance(task)
            if not live and not as_json:
                lines.advance()

        results, seconds = timed_series(series, games_, workers, advance)
    # JSON is for programs: its seat names do not change with the language.
    with speaking("en") if as_json else contextlib.nullcontext():
        names = opts.seat_names(info, count)
    summary = summarize(series, results, seconds, names)
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    console = stdout_console()
    for table in summary_tables(summary):
        console.print(table)
    if records is not None:
        console.print(records_written(len(results), records))


# ---------------------------------------------------------------------------------- tournament
@app.command(cls=Command, help=N_(
    "Bots against each other over every seat rotation: win rates with 95% intervals, "
    "mean places and scores, and OpenSkill ratings. Every deal is played once per "
    "rotation."))
@reports_errors
def tournament(
    game: GameArg,
    bots: Annotated[str, typer.Option(
        "--bots", metavar="LIST", help=N_("The bots round the table from seat 0, comma-separated; "
        "a shorter list is repeated, and a bot listed twice holds two seats. Bots: "
        "{bots}; settings after colons, e.g. ismcts:think=1s."))],
    players: Annotated[int | None, typer.Option(
        "--players", "-p", metavar="N", help=N_("Number of players (default: the game's usual "
        "count)."))] = None,
    games_: Annotated[int, typer.Option(
        "--games", "-n", metavar="N", min=1,
        help=N_("How many games; rounded up to whole seat rotations."))] = 100,
    seed: SeedOpt = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", "-w", metavar="N", min=0,
        help=N_("Processes (default and 0: one per core, capped at the core count)."))] = None,
    think: ThinkOpt = None,
    records: Annotated[Path | None, typer.Option(
        "--records", metavar="DIR", help=N_("Write every game's record here."))] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", metavar="", help=N_("With --records: read the games whose record is "
        "already in DIR (checked to be of this tournament) and play only the others, so a "
        "run cut short goes on, and finished shards combine."))] = False,
    shard: Annotated[str | None, typer.Option(
        "--shard", metavar="K/N", help=N_("Play only shard K of N: the deals d with d % N = "
        "K - 1, every rotation of each; shards can run apart into copies of one --records "
        "folder."))] = None,
    no_play: Annotated[bool, typer.Option(
        "--no-play", metavar="", help=N_("With --records: play nothing; show the standings of "
        "the games whose record is in DIR and how many of the asked games are there."))
    ] = False,
    chart: Annotated[Path | None, typer.Option(
        "--chart", metavar="FILE.svg", help=N_("Draw the ratings with their intervals (SVG)."))
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", metavar="",
                                          help=N_("Machine-readable results (JSON)."))] = False,
    option: OptionOpt = None,
    edition: EditionOpt = None,
    force: ForceOpt = False,
    on_bot_failure: Annotated[str, typer.Option(
        "--on-bot-failure", metavar="POLICY", help=N_(
            "What an external bot's failure (an illegal or late answer, a dead program) costs "
            "its seat: forfeit (from the first failure on its moves are random, and the seat "
            "is counted apart from the bot's results), random or greedy (that bot replaces "
            "each failed move)."))] = "forfeit",
) -> None:
    info = get_game(game)
    chosen = opts.parse_options(info, option or [])
    count = opts.resolve_players(info, players)
    think_seconds = opts.parse_think(think)
    listed = tuple(opts.check_bot(item, think_seconds) for item in opts.split_list(bots) or [])
    part = None if shard is None else tn.parse_shard(shard)
    failure = on_bot_failure.strip().lower()
    if failure not in ON_FAILURE:
        raise InvalidOption(_("--on-bot-failure takes one of {choices}, not {value}").format(
            choices=", ".join(ON_FAILURE), value=repr(on_bot_failure)))
    if records is None and (resume or no_play):
        raise InvalidOption(_("--resume needs --records DIR, the folder of the games "
                              "played so far") if resume else
                            _("--no-play needs --records DIR, the folder of the games to "
                              "read"))
    if seed is None and (resume or no_play or part is not None):
        raise InvalidOption(_("--resume, --shard and --no-play need --seed: every sitting "
                              "and every shard must play the same tournament (its records "
                              "carry the seed as tournament_seed)"))
    t = tn.Tournament(game=info.id, players=count, listed=listed,
                      seed=fresh_seed() if seed is None else seed, options=chosen,
                      edition=None if edition is None else str(edition),
                      records=None if records is None else str(records), overwrite=force,
                      on_failure=failure)
    total = tn.games_for(games_, count)
    due = tn.shard_games(t, total, part)
    t.series(0).new_state(0)  # options and edition: refuse now, not in every worker
    if chart is not None:
        check_writable(chart, overwrite=force)
    if no_play and records is not None and not records.is_dir():
        raise RegaliaError(_("there is no records folder {folder}").format(folder=records))
    # Read (and check) what is there before writing anything: a foreign record changes nothing.
    done = tn.read_records(t, due) if resume or no_play else {}
    todo = [] if no_play else [i for i in due if i not in done]
    if todo:
        tn.check_records(t, todo)
    errors = stderr_console()
    if total != games_ and not as_json:
        errors.print("[dim]" + _("{total} games: whole rotations of the {count} seats").format(
            total=total, count=count) + "[/]")
    if done and not as_json and not no_play:
        errors.print(ngettext(
            "{n} game already played in {folder}: its result is read from its record",
            "{n} games already played in {folder}: their results are read from their records",
            len(done)).format(n=len(done), folder=safe(str(records))))
    workers, note = worker_count(workers, len(todo))
    if note and todo:
        errors.print(f"[yellow]{safe(note)}[/]")
    live = errors.is_terminal and not as_json
    progress = Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), console=errors, transient=True,
        disable=not live or not todo,
    )
    lines = ProgressLines(lambda text: errors.print(safe(text)), len(due), done=len(done))
    started = time.perf_counter()
    try:
        with progress:
            task = progress.add_task(_("{game} tournament ×{total}").format(
                game=info.id, total=len(due)), total=len(due), completed=len(done))

            def advance(_result: tn.MatchResult) -> None:
                progress.advance(task)
                if not live and not as_json:
                    lines.advance()

            played = tn.run(t, todo, workers, advance) if todo else []
    except (KeyboardInterrupt, RegaliaError):
        if records is not None and not as_json:
            errors.print("[yellow]" + _("The finished games' records are in {folder}; the same "
                                        "command with --resume goes on from them.").format(
                                            folder=safe(str(records))) + "[/]")
        raise
    results = sorted([*done.values(), *played], key=lambda r: r.index)
    rate = ratings_available()
    sitting = {"games_asked": total, "shard": None if part is None else f"{part[0]}/{part[1]}",
               "games_due": len(due), "complete": len(results) == len(due),
               "read_from_records": len(done), "played_now": len(played)}
    summary = tn.standings(t, results, time.perf_counter() - started, rate=rate,
                           sitting=sitting)
    if chart is not None and rate and results:
        tn.write_chart(chart, summary, overwrite=force)
    if as_json:
        typer.echo(json.dumps(summary, indent=1))
        return
    console = stdout_console()
    if len(results) < len(due):
        console.print("[yellow]" + _("Partial standings: {found} of the {due} games are in "
                                     "{folder}; {missing} are missing.").format(
            found=len(results), due=len(due), folder=safe(str(records)),
            missing=len(due) - len(results)) + "[/]", soft_wrap=True)
    if part is not None:
        console.print("[dim]" + _("Shard {shard}: {due} of the tournament's {total} games; "
                                  "--resume or --no-play on a folder holding every shard's "
                                  "records gives the whole table.").format(
            shard=f"{part[0]}/{part[1]}", due=len(due), total=total) + "[/]")
    console.print(tn.standings_table(summary))
    if chart is not None:
        console.print("[yellow]" + _("No chart: no game is in {folder} yet").format(
                          folder=safe(str(records))) + "[/]" if not results else
                      _("Ratings drawn in {file}").format(file=f"[bold]{safe(str(chart))}[/]")
                      if rate else
                      "[yellow]" + _("No chart: ratings need the openskill package") + "[/]")
    if records is not None and played:
        console.print(records_written(len(played), records))


# ---------------------------------------------------------------------------------- replay
@app.command(cls=Command, help=N_(
    "Check that a record replays; show its summary, or the position after --step "
    "decisions."))
@reports_errors
def replay(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help=N_("A game record (JSON)."))],
    step: StepOpt = None,
    seat: SeatOpt = None,
    interactive: Annotated[bool, typer.Option(
        "--interactive", "-i", metavar="",
        help=N_("Step through the game: n/Enter next, p previous, q quit."))
    ] = False,
    chance: Annotated[bool, typer.Option(
        "--chance", metavar="", help=N_("Also list chance outcomes (cards dealt, cards turned "
        "up); with --seat only those every seat saw."))] = False,
) -> None:
    saved, final = rp.load_checked(record)
    info = get_game(saved.game)
    viewer = opts.parse_seat(seat, info, saved.players)
    console = stdout_console()
    if interactive:
        rp.step_through(console, real_terminal(console).ask, saved, info, viewer, step)
    elif step is None:
        rp.show_summary(console, saved, final, viewer)
        rp.show_position(console, info, rp.Position(final, saved.action_count, []), viewer,
                         log=False)
    else:
        rp.show_position(console, info, rp.position_at(saved, step, chance, viewer), viewer)


@app.command(cls=Command, help=N_(
    "Draw a record's position (default: the end) as SVG or PNG."))
@reports_errors
def render(
    record: Annotated[Path, typer.Argument(metavar="RECORD", help=N_("A game record (JSON)."))],
    output: Annotated[Path, typer.Option(
        "--output", "-o", metavar="FILE",
        help=N_("Where to write the picture: FILE.svg, or FILE.png with the png extra."))],
    step: StepOpt = None,
    seat: SeatOpt = None,
    force: ForceOpt = False,
) -> None:
    rp.check_picture_target(output, record, force)
    saved, _final = rp.load_checked(record)
    info = get_game(saved.game)
    viewer = opts.parse_seat(seat, info, saved.players)
    position = rp.position_at(saved, step)
    rp.write_picture(info, position, viewer, output, overwrite=force)
    stdout_console().print(ngettext("Wrote {file} (after {n} decision)",
                                    "Wrote {file} (after {n} decisions)", position.step).format(
        file=safe(str(output)), n=position.step))


# ---------------------------------------------------------------------------------- analyze
app.command(name="analyze", cls=Command, help=ANALYZE_HELP)(reports_errors(analyze_command))


# ---------------------------------------------------------------------------------- bench
@app.command(cls=Command, help=N_(
    "Speed on one core: random games and decisions per second, clone() cost."))
@reports_errors
def bench(
    game: GameArg,
    players: Annotated[str | None, typer.Option(
        "--players", "-p", metavar="N|all",
        help=N_("A player count, or 'all' (default: the game's usual count)."))] = None,
    seconds: Annotated[float, typer.Option("--seconds", "-t", metavar="SECONDS", min=0.0,
                                           help=N_("Time per player count."))] = 5.0,
    seed: Annotated[int, typer.Option(
        "--seed", metavar="SEED", callback=lambda v: opts.check_seed(v),
        help=N_("Seed of the benchmark's games (default 0: fixed, so runs compare)."))] = 0,
    as_json: Annotated[bool, typer.Option("--json", metavar="",
                                          help=N_("Machine-readable output (JSON)."))] = False,
    option: OptionOpt = None,
    compare_pure: Annotated[bool, typer.Option(
        "--compare-pure", metavar="", help=N_("Compiled build only: measure it and pure Python "
        "(the same installation, compiled modules hidden) in turn, with ISMCTS iterations/s "
        "on a mid-game position too."))] = False,
    rounds: Annotated[int, typer.Option(
        "--rounds", metavar="N", min=1,
        help=N_("With --compare-pure: turns of each variant."))] = 1,
) -> None:
    info = get_game(game)
    chosen: dict[str, Any] = opts.parse_options(info, option or [])
    counts = opts.parse_player_counts(info, players)
    if compare_pure:
        pairs = compare(info.id, counts, seconds, seed, chosen, rounds)
        if as_json:
            typer.echo(json.dumps([{"pure": p.as_dict(), "compiled": c.as_dict()}
                                   for p, c in pairs], indent=1))
        else:
            stdout_console().print(compare_table(info.title, pairs))
        return
    results = [run_bench(info.id, n, seconds, seed, **chosen) for n in counts]
    if as_json:
        typer.echo(json.dumps([r.as_dict() for r in results], indent=1))
    else:
        stdout_console().print(bench_table(info.title, results))


# ---------------------------------------------------------------------------------- selfplay
app.command(name="selfplay", cls=Command, help=SELFPLAY_HELP)(reports_errors(selfplay_command))
# ---------------------------------------------------------------------------------- serve
@app.command(cls=Command, help=N_(
    "Play online: the lobby at / and the JSON API (its OpenAPI at "
    "/openapi.json).\n\nNeeds the web extra: pip install 'regalia\\[web]'."))
@reports_errors
def serve(
    host: Annotated[str, typer.Option("--host", metavar="HOST", help=N_("Address to listen on."))
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=1, max=65535,
                                      help=N_("Port to listen on."))] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", metavar="PATH|URL", help=N_("Where the games are kept: a SQLite file's path "
        "(games.db), or a URL: sqlite:///games.db, postgresql://USER:PASSWORD@HOST/NAME "
        "(default: a SQLite file in your data directory)."))] = None,
    workers: Annotated[int, typer.Option("--workers", metavar="N", min=1, max=64,
                                         help=N_("Server processes (PostgreSQL only)."))] = 1,
    max_bot_think: Annotated[float, typer.Option(
        "--max-bot-think", metavar="SECONDS",
        help=N_("Longest a seat's bot may think a decision; a longer one is refused."))] = 2.0,
    games_per_hour: Annotated[int, typer.Option(
        "--games-per-hour", metavar="N", min=0,
        help=N_("New games one address may create an hour (0: no limit)."))] = 30,
    requests_per_minute: Annotated[int, typer.Option(
        "--requests-per-minute", metavar="N", min=0,
        help=N_("Requests one address may make a minute (0: no limit)."))] = 600,
    trust_proxy: Annotated[str | None, typer.Option(
        "--trust-proxy", metavar="ADDRESSES",
        help=N_("Believe X-Forwarded-For and X-Forwarded-Proto from these addresses (a "
                "reverse proxy's, comma-separated); by default no one's."))] = None,
) -> None:
    from regalia.cli.serve import Guards
    from regalia.cli.serve import serve as run_server

    run_server(host, port, db, workers, guards=Guards(max_bot_think, games_per_hour,
                                                      requests_per_minute, trust_proxy))

