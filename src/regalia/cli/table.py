"""The table assistant's screen: asks the table each chance outcome, the players each move,
shows every scoring, and takes back mistypes (``undo``/``redo``).

Like ``play``, it talks to the world only through a :class:`~regalia.cli.play.Terminal`, so
tests drive it with scripted input. The game itself lives in a
:class:`~regalia.table.TableSession`, which checks and saves every entry.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.panel import Panel

from regalia.cli.board import board, columns, cut_columns
from regalia.cli.console import label, safe
from regalia.cli.play import GameStopped, Terminal, news_kind, number_range, result_table
from regalia.engine.actions import Action
from regalia.engine.errors import MalformedAction
from regalia.engine.i18n import N_, _, ngettext, speaking
from regalia.engine.reading import read_action
from regalia.table import Draw, TableError, TableSession, Turn
from regalia.table.matching import completions, match_outcome
from regalia.table.names import outcome_name, question

SCORING = 2  # play.news_kind's kind for a scoring line
SHOWING = frozenset({"help", "?", "board", "scores", "log", "actions", "list", ""})

HELP = N_("""\
[bold]At any prompt[/]
  [cyan]N[/] or [cyan]name[/]       the outcome or move with that number or notation (an
                 unambiguous start is enough; Tab completes where the terminal can)
  [cyan]undo[/] [cyan]N[/]         take back the last entry, or the last N
  [cyan]redo[/] [cyan]N[/]         enter again what was taken back
  [cyan]board[/]          the board as everyone sees it
  [cyan]scores[/]         the score track
  [cyan]log[/]            the game's public log, where it keeps one
  [cyan]actions[/]        list the moves of the seat to move
  [cyan]quit[/]           stop (everything is saved already)
  [cyan]help[/]           this text""")


class TableScreen:
    """One game at the table, entry by entry."""

    def __init__(self, session: TableSession, term: Terminal, names: Sequence[str],
                 render_text: Callable[..., str] | None = None) -> None:
        self.session = session
        self.term = term
        self.names = list(names)
        self.render_text = render_text
        self.private: int | None = None  # the seat the screen is handed to, if any
        self.log_shown = self._log_length()
        self.scores_shown = self._scores()

    @property
    def console(self) -> Any:
        return self.term.console

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """Ask for entries until the game is over (raises GameStopped on quit)."""
        while not self.session.is_over:
            self.step()
        self.hand_back()
        self.show_news()
        self.show_end()

    def step(self) -> None:
        wanted = self.session.wanted
        if isinstance(wanted, Draw):
            self.ask_draw(wanted)
        elif isinstance(wanted, Turn):
            self.ask_move(wanted)

    # ------------------------------------------------------------------ chance outcomes
    def ask_draw(self, draw: Draw) -> None:
        owner = None if draw.public else draw.seers[0]
        if owner is None:
            self.hand_back()
        elif self.private != owner:
            self.hand_over(owner, draw.seers)
        choices = self.session.listed(draw)
        # outcomes named as the edition names them, in the language in force; typed in any
        edition = self.session.edition
        ask = question(self.session.info.id, draw.label, edition)
        whose = "" if owner is None else " [dim]" + _("(only {name} sees this)").format(
            name=safe(self.names[owner])) + "[/]"
        self.console.print(f"[bold]{safe(ask)}[/]{whose}")
        self.show_items([f"[bold cyan]{i:>3}[/] {safe(outcome_name(v, edition))}"
                         + (f" [dim]×{n}[/]" if n > 1 else "")
                         for i, (v, n) in enumerate(choices, 1)])
        prompt = f"{self.names[owner]} > " if owner is not None else _("table > ")
        while True:
            text = self.read(prompt, completions("", choices, edition))
            if self.command(text):
                return
            try:
                value = match_outcome(text, choices, edition)
                self.session.enter_outcome(value)
            except TableError as err:
                self.console.print(f"[red]{safe(str(err))}[/]")
                continue
            if owner is None:
                self.console.print("[green]" + label(_("Entered:"))
                                   + f"[/]{safe(outcome_name(value, edition))}")
                self.show_news()
            return

    # ------------------------------------------------------------------ moves
    def ask_move(self, turn: Turn) -> None:
        self.hand_back()
        seat = turn.seats[0]
        state = self.session.state
        assert state is not None
        name = safe(self.names[seat])
        if len(turn.seats) > 1:
            others = ", ".join(safe(self.names[s]) for s in turn.seats[1:])
            self.console.print(_("{sealed} — after the reveal, enter each seat's choice: {name} "
                                 "now, then {others}").format(
                sealed="[bold]" + _("Sealed choice") + "[/]", name=f"[bold]{name}[/]",
                others=others))
        else:
            self.console.print(_("{name} to move").format(name=f"[bold]{name}[/]"))
        legal = state.legal_actions(seat)
        self.show_actions(seat, legal)
        while True:
            text = self.read(f"{self.names[seat]} > ", [a.text for a in legal], seat)
            if self.command(text):
                return
            action = self.pick_action(text, seat, legal)
            if action is None:
                continue
            try:
                self.session.enter_action(action, seat)
            except TableError as err:
                self.console.print("[red]" + _("Not allowed: {reason}").format(
                    reason=safe(str(err))) + "[/]")
                continue
            self.console.print(f"[green]{name}:[/] {safe(state.describe(action))}")
            if self.session.pending is not None:
                # The engine applies a move whole: what it sets off (a scoring before the
                # next round's cards) shows once the cards it turns up are entered.
                self.console.print(
                    "[dim]" + _("Enter what this move turns up; its results follow.") + "[/]")
            self.show_news()
            return

    def numbering(self, seat: int, legal: Sequence[Action]) -> list[int]:
        state = self.session.state
        own = state.action_numbers(seat) if state is not None else None
        if own is not None and len(own) == len(legal) and len(set(own)) == len(own):
            return list(own)
        return list(range(1, len(legal) + 1))

    def show_actions(self, seat: int, legal: Sequence[Action]) -> None:
        state = self.session.state
        assert state is not None
        items = []
        for number, action in zip(self.numbering(seat, legal), legal, strict=True):
            text = state.describe(action)
            item = f"[bold cyan]{number:>3}[/] {safe(text)}"
            if text.strip().lower() != action.text.lower():
                item += f" [dim]· {safe(action.text)}[/]"
            items.append(item)
        self.show_items(items)

    def pick_action(self, text: str, seat: int, legal: Sequence[Action]) -> Action | None:
        """The move ``text`` names (number, notation, unambiguous start), or None after
        saying why not."""
        state = self.session.state
        assert state is not None
        numbers = self.numbering(seat, legal)
        if text.isdigit():
            found = dict(zip(numbers, legal, strict=True)).get(int(text))
            if found is None:
                self.console.print("[red]" + _("There is no move {n}: choose {numbers}.").format(
                    n=int(text), numbers=number_range(numbers, "choose")) + "[/]")
            return found
        exact = next((a for a in legal if a.text == text), None)
        if exact is not None:
            return exact
        with contextlib.suppress(MalformedAction):
            return state.parse_action(text)  # legal or not: the session gives the rule
        needle = " ".join(text.lower().split())
        starts = [a for a in legal if a.text.lower().startswith(needle)]
        if len(starts) == 1:
            return starts[0]
        if not starts:
            # Words of the description, in the language in force or in English.
            bare = needle.replace(" ", "")
            here = [state.describe(a).lower().replace(" ", "") for a in legal]
            with speaking("en"):
                english = [" ".join(state.describe(a).lower().split()) for a in legal]
            starts = [a for a, h, en in zip(legal, here, english, strict=True)
                      if bare and (bare in h or needle in en)]
            if len(starts) == 1:
                return starts[0]
        if starts:
            shown = ", ".join(a.text for a in starts[:8]) + (", …" if len(starts) > 8 else "")
            self.console.print("[red]" + _("{text} could be {moves}: type more.").format(
                text=safe(repr(text)), moves=safe(shown)) + "[/]")
        else:
            meant = read_action(state, text)  # "to koln", "to 科隆": the game's names
            if isinstance(meant, Action):
                return meant  # legal or not: the session gives the rule
            self.console.print("[red]" + _(
                "{text} is neither a move nor a command: {problem}. Type {numbers}, a move's "
                "notation, or help.").format(text=safe(repr(text)), problem=safe(meant),
                                             numbers=number_range(numbers)) + "[/]")
        return None

    # ------------------------------------------------------------------ commands
    def read(self, prompt: str, options: Sequence[str], seat: int | None = None) -> str:
        """One line, with Tab completing ``options`` where readline is present; commands
        that only show something are answered here and the prompt asked again."""
        while True:
            with _completing(options):
                text = self.term.ask(prompt).strip()
            word = text.split(" ", 1)[0].lower()
            if word not in SHOWING:
                return text
            self.show(word, seat)

    def show(self, word: str, seat: int | None) -> None:
        state = self.session.state
        if word in ("help", "?"):
            self.console.print(_(HELP))
        elif word == "board":
            self.show_board()
        elif word == "scores":
            self.show_scores(None)
        elif word == "log":
            for line in self._log() or [_("(this game keeps no public log)")]:
                self.console.print(f"  {safe(_text(line))}")
        elif word in ("actions", "list"):
            if seat is None or state is None:
                self.console.print("[dim]" + _("No moves now: a chance outcome is wanted.") + "[/]")
            else:
                self.show_actions(seat, state.legal_actions(seat))
        else:
            self.console.print("[dim]" + _("Type a number, a name, or help.") + "[/]")

    def command(self, text: str) -> bool:
        """Act on undo, redo or quit; True if the entry asked for may have changed (so the
        prompt must be asked afresh). Raises GameStopped on quit."""
        word, _sep, rest = text.strip().partition(" ")
        word = word.lower()
        if word in ("quit", "exit"):
            where = self.session.path
            self.console.print(_("Stopped. Everything is saved in {file}; go on with {command}"
                                 ).format(file=safe(str(where)),
                                          command=f"regalia table --resume {safe(str(where))}")
                               if where else _("Stopped."))
            raise GameStopped(0)
        if word not in ("undo", "redo"):
            return False
        count = _count(rest)
        if count is None:
            self.console.print("[red]" + _("{word} takes a number of entries, e.g. {word} 3"
                                           ).format(word=word) + "[/]")
            return False
        done = self.session.undo(count) if word == "undo" else self.session.redo(count)
        if not done:
            self.console.print("[yellow]" + (_("Nothing to undo.") if word == "undo" else
                                             _("Nothing to redo.")) + "[/]")
            return False
        self.hand_back()  # first: the message must not be wiped with the private screen
        if word == "undo":
            said = ngettext("Took back {n} entry.", "Took back {n} entries.", done)
        else:
            said = ngettext("Entered again {n} entry.", "Entered again {n} entries.", done)
        self.console.print("[yellow]" + said.format(n=done) + "[/]")
        self.log_shown = self._log_length()
        self.scores_shown = self._scores()
        return True

    # ------------------------------------------------------------------ screens
    def hand_over(self, seat: int, seers: Sequence[int]) -> None:
        self.term.clear()
        also = [safe(self.names[s]) for s in seers if s != seat]
        name = f"[bold]{safe(self.names[seat])}[/]"
        said = _("Pass the laptop to {name} ({others} may look too) — a card only they see. "
                 "Press Enter").format(name=name, others=", ".join(also)) if also else _(
            "Pass the laptop to {name} — a card only they see. Press Enter").format(name=name)
        self.console.print(Panel(said, expand=False, border_style="yellow"))
        self.term.ask("")
        self.term.clear()
        self.private = seat

    def hand_back(self) -> None:
        if self.private is None:
            return
        self.term.clear()
        self.console.print(Panel(_("Hand the laptop back to the table — press Enter"),
                                 expand=False, border_style="yellow"))
        self.term.ask("")
        self.term.clear()
        self.private = None

    def show_items(self, items: Sequence[str]) -> None:
        console = self.console
        room = max(3, console.height - 4)
        rows = min(len(items), room) if len(items) <= room else -(-len(items) // -(
            -len(items) // room))
        bare = [i.split(" [dim]·")[0] for i in items]
        lines = columns(items, console.width, rows) or columns(bare, console.width, rows) \
            or cut_columns(bare, console.width, rows)[0]
        for line in lines:
            console.print(line, overflow="ellipsis", no_wrap=True, crop=True)

    def show_board(self) -> None:
        state = self.session.state
        if state is None:
            self.console.print("[dim]" + _("The board is still being set up.") + "[/]")
            return
        self.console.print(board(self.render_text, state.view(None), self.console.width,
                                 self.console.height - 2))

    def show_news(self) -> None:
        """What the last entry set off: the game's new log lines (every scoring in full) and
        the score track where it moved."""
        lines = self._log()
        new = lines[self.log_shown:]
        self.log_shown = len(lines)
        scoring = any(news_kind(e) == SCORING for e in new)
        if scoring:
            self.console.rule("[bold]" + _("Scoring") + "[/]")
        for entry in new:
            style = "bold" if news_kind(entry) == SCORING else "dim"
            self.console.print(f"  [{style}]{safe(_text(entry))}[/]")
        scores = self._scores()
        if scores is not None and self.scores_shown is not None and \
                scores != self.scores_shown:
            self.show_scores(self.scores_shown)
        self.scores_shown = scores

    def show_scores(self, before: Sequence[int] | None) -> None:
        state = self.session.state
        if state is None:
            self.console.print("[dim]" + _("No scores yet: the game is being set up.") + "[/]")
            return
        scores, places = state.scores(), state.ranking()
        parts = []
        for seat, (score, place) in enumerate(zip(scores, places, strict=True)):
            delta = "" if before is None or before[seat] == score else \
                f" ({score - before[seat]:+d})"
            parts.append(f"{safe(self.names[seat])} {score}{delta} [dim]#{place}[/]")
        self.console.print("[bold]" + label(_("Score track:")) + "[/]" + " · ".join(parts))

    def show_end(self) -> None:
        state = self.session.state
        assert state is not None
        self.console.print(Panel("[bold]" + _("The game is over") + "[/]", expand=False))
        self.console.print(result_table(state, self.names))
        if self.session.path is not None:
            self.console.print(_("The record is in {file} (regalia replay / render read it)."
                                 ).format(file=safe(str(self.session.path))))

    # ------------------------------------------------------------------ helpers
    def _log(self) -> list[Any]:
        state = self.session.state
        if state is None:
            return []
        entries = state.view(None).get("log")
        return list(entries) if isinstance(entries, list) else []

    def _log_length(self) -> int:
        return len(self._log())

    def _scores(self) -> tuple[int, ...] | None:
        state = self.session.state
        return None if state is None else tuple(state.scores())


def _text(entry: Any) -> str:
    if isinstance(entry, Mapping) and isinstance(entry.get("text"), str):
        return str(entry["text"])
    return str(entry)


def _count(rest: str) -> int | None:
    rest = rest.strip()
    if not rest:
        return 1
    return int(rest) if rest.isdigit() and int(rest) > 0 else None


@contextlib.contextmanager
def _completing(options: Sequence[str]) -> Any:
    """Tab completion of ``options`` at the next prompt, where readline is there."""
    try:
        import readline
    except ImportError:  # no line editing here: typing in full still works
        yield
        return
    words = sorted(set(options) | {"undo", "redo", "board", "scores", "log", "help", "quit"})

    def complete(text: str, state: int) -> str | None:
        hits = [w for w in words if w.startswith(text)]
        return hits[state] if state < len(hits) else None

    old = readline.get_completer()
    readline.set_completer(complete)
    readline.set_completer_delims("\n")
    readline.parse_and_bind("tab: complete")
    try:
        yield
    finally:
        readline.set_completer(old)


def start_table(game: str | None, players: int | None, option: Sequence[str],
                edition: Path | None, record: Path | None, resume: Path | None,
                force: bool) -> None:
    """``regalia table``: a new game, or one resumed, run on the real terminal."""
    import typer

    from regalia.cli import options as opts
    from regalia.cli.console import stdout_console
    from regalia.cli.play import real_terminal
    from regalia.engine.errors import InvalidOption
    from regalia.engine.files import check_writable, unused_path
    from regalia.engine.registry import get_game
    from regalia.engine.rng import fresh_seed

    console = stdout_console()
    if resume is not None:
        if record is not None or option or edition is not None or players is not None:
            raise InvalidOption(_("--resume goes on with the file's own game: give no --record, "
                                  "--option, --edition or --players with it"))
        session = TableSession.resume(resume)
        if game is not None and get_game(game).id != session.info.id:
            raise InvalidOption(_("{file} is a table game of {game}, not {asked}").format(
                file=resume, game=session.info.id, asked=game))
    else:
        if game is None:
            raise InvalidOption(_("name a game (see regalia games), or --resume FILE"))
        info = get_game(game)
        chosen = opts.parse_options(info, option)
        count = opts.resolve_players(info, players)
        path = record or unused_path(f"table-{info.id}.json")
        check_writable(path, overwrite=force)
        session = TableSession(info.id, count, options=chosen, edition=edition,
                               seed=fresh_seed(), path=path)
        session.save()
    names = [n[:1].upper() + n[1:] for n in opts.seat_names(session.info, session.players)]
    console.print(_("{title} at the table · {players} players · saved after every entry to "
                    "{file}").format(title=f"[bold]{safe(session.info.title)}[/]",
                                     players=session.players, file=safe(str(session.path)))
                  + "\n[dim]" + _("Type help at any prompt for commands; undo takes back a "
                                   "mistype.") + "[/]")
    screen = TableScreen(session, real_terminal(console, scroll=True), names,
                         session.info.render_text)
    try:
        screen.run()
    except GameStopped as stop:
        raise typer.Exit(stop.code) from None
    except (EOFError, KeyboardInterrupt):
        console.print("\n" + _("Stopped; everything is saved in {file}.").format(
            file=safe(str(session.path))))
        raise typer.Exit(130) from None
