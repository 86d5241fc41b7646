"""The terminal game loop: human seats at the keyboard (hot-seat), bot seats through their
information sets, hand-over screens so that no seat sees another's secrets.

The loop talks to the world only through a :class:`Terminal` (a Rich console, a line-input
function and a screen-clearing function), so tests drive it with scripted input.
"""

from __future__ import annotations

import contextlib
import signal
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from regalia.bots import InformationSet, IsmctsBot, make_bot
from regalia.bots.base import Bot, close_bots
from regalia.cli.board import board, columns, cut_columns, height_of
from regalia.cli.console import label, safe
from regalia.cli.options import HUMAN
from regalia.engine.actions import Action
from regalia.engine.errors import IllegalAction, MalformedAction, RegaliaError
from regalia.engine.files import FileExists, unused_path, write_atomic
from regalia.engine.i18n import N_, _, ngettext, speaking
from regalia.engine.markup import printable
from regalia.engine.seeds import bot_seed
from regalia.engine.state import State

LOG_SHOWN = 40  # at most this many log lines are replayed at the end
# Log events that are scorings (a view's log entries carry an "event" kind; a scoring also
# carries "points"): the lines from the first of them on get a screen of their own, with the
# announcements and reveals just before them (a general scoring, the Castillo disks).
SCORING_EVENTS = frozenset({"general", "score", "scoring", "final"})
REVEAL_EVENTS = frozenset({"disks", "reveal"})
MOVE, REVEAL, SCORING = 0, 1, 2

# The bot that answers "hint": the hard level's search for a second.
HINT_BOT = "hard:think=1s"

HELP = N_("""\
[bold]At the prompt[/]
  [cyan]N[/]            play the action shown with number N
  [cyan]notation[/]     play the action written so (e.g. as in records)
  [cyan]text[/]         list only the actions whose notation or description holds
                 the text (one such action, or an unambiguous start of a
                 notation, plays it)
  [cyan]actions[/]      show the list of actions again
  [cyan]board[/]        show the board again
  [cyan]log[/]          show the whole game so far: moves, reveals, scorings
  [cyan]hint[/]         the strongest bot's three favourite actions here, with its
                 estimate of your chance to win after each (it sees only what
                 you see)
  [cyan]save FILE[/]    save the game record (resume with [cyan]regalia play --resume FILE[/])
  [cyan]quit[/]         stop the game (offers to save it)
  [cyan]help[/]         this text""")


def news_kind(entry: object) -> int:
    """Whether a view's log entry is a move, a reveal or a scoring."""
    if not isinstance(entry, Mapping):
        return MOVE
    if "points" in entry or entry.get("event") in SCORING_EVENTS:
        return SCORING
    return REVEAL if entry.get("event") in REVEAL_EVENTS else MOVE


def number_range(numbers: Sequence[int], verb: str = "a number") -> str:
    """"a number from 1 to 5", or where the numbers have gaps "one of 1, 2, 4, 5"."""
    if not numbers:
        return _("a command")
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        if verb == "choose":
            # TRANSLATORS: after "choose", as in "There is no action 7: choose 1 to 3."
            return _("{first} to {last}").format(first=numbers[0], last=numbers[-1])
        return _("a number from {first} to {last}").format(first=numbers[0], last=numbers[-1])
    return _("one of {numbers}").format(numbers=", ".join(map(str, numbers)))


# Answers to a yes/no question, in every language the command line speaks.
YES = frozenset({"y", "yes", "是", "好", "对", "确定"})
NO = frozenset({"n", "no", "否", "不", "不要"})


def yes(answer: str) -> bool:
    return answer.strip().lower() in YES


def no(answer: str) -> bool:
    return answer.strip().lower() in NO


class LogLine(NamedTuple):
    """One move as the table saw it: the mover's own words, and what the others learnt."""

    actor: int
    mine: str
    theirs: str

    def seen_by(self, viewer: int | None) -> str:
        return self.mine if viewer == self.actor else self.theirs


@dataclass
class Terminal:
    """Where the game is shown and typed: injectable so tests need no TTY."""

    console: Console
    ask: Callable[[str], str]
    clear: Callable[[], None]
    # Start a turn on a fresh screen, keeping the scrollback (unlike ``clear``).
    refresh: Callable[[], None] = lambda: None


def real_terminal(console: Console, scroll: bool = False) -> Terminal:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (line editing and history at the prompt)

    def ask(prompt: str) -> str:
        # Prompts hold file names and seat names, not markup: "[game.json]" must stay.
        return console.input(prompt, markup=False)

    def clear() -> None:
        if console.is_terminal:
            # Also wipe the scrollback (3J): it holds the previous seat's hand.
            console.file.write("\033[H\033[2J\033[3J")
            console.file.flush()

    def refresh() -> None:
        if console.is_terminal and not scroll:
            console.file.write("\033[H\033[2J")
            console.file.flush()

    return Terminal(console, ask, clear, refresh)


class GameStopped(Exception):
    """The players left before the end (quit, Ctrl-C, end of input, a signal)."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Terminated(BaseException):
    """SIGTERM or SIGHUP arrived: save the game without asking (nobody may be there) and go."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


# Signals that end a terminal game the way closing the window or a shutdown does.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))


@dataclass
class PlaySession:
    """One game at the terminal, from any position to the end."""

    state: State
    seats: Sequence[str]  # "human" or a bot name, per seat
    term: Terminal
    seed: int
    meta: dict[str, Any] = field(default_factory=dict)
    default_save: str = "regalia-game.json"
    render_text: Callable[[Any], str] | None = None
    # Where a signal saves the game: the --record file, which may be replaced; None: a new
    # file next to ``default_save``.
    record_path: str | None = None
    hint_bot: str = HINT_BOT  # the bot spec that answers "hint"

    def __post_init__(self) -> None:
        state = self.state
        self.names = [state.seat_name(s) for s in range(state.players)]
        self.humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        self.bots: dict[int, Bot] = {
            s: make_bot(kind, bot_seed(self.seed, s))
            for s, kind in enumerate(self.seats) if kind != HUMAN
        }
        self.hints = 0  # hints asked so far (each search gets a seed of its own)
        self.log: list[LogLine] = []
        self.seen: dict[int, int] = {}  # per human seat: how much of the log it has read
        self.last_viewer: int | None = None
        self.sealed: set[int] = set()  # seats still to choose in the current sealed choice
        self.decisions = sum(1 for m in state.moves() if "action" in m)
        if self.decisions:
            self.resume_reading()
        # A signal during apply() waits until the move is complete: the state stays whole.
        self.applying = False
        self.stop_signal: int | None = None

    @property
    def console(self) -> Console:
        return self.term.console

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # ------------------------------------------------------------------ the loop
    def run(self) -> State:
        """Play to the end; raises :class:`GameStopped` if the players leave first."""
        try:
            with self.stop_signals_save():
                while not self.state.is_over():
                    self.step()
        except KeyboardInterrupt:
            self.offer_save(_("Interrupted."))
            raise GameStopped(130) from None
        except EOFError:
            self.offer_save(_("End of input."))
            raise GameStopped(1) from None
        except Terminated as stop:
            self.save_on_signal(stop.signum)
            raise GameStopped(128 + stop.signum) from None
        finally:
            close_bots(self.bots.values())  # external programs are told and let go
        self.show_end()
        return self.state

    @contextlib.contextmanager
    def stop_signals_save(self) -> Iterator[None]:
        """While the game runs, SIGTERM and SIGHUP save it and stop (in the main thread)."""

        def handler(signum: int, frame: FrameType | None) -> None:
            if self.applying:
                self.stop_signal = signum
            else:
                raise Terminated(signum)

        previous: dict[int, Any] = {}
        try:
            for sig in STOP_SIGNALS:
                previous[sig] = signal.signal(sig, handler)
        except ValueError:  # not the main thread: leave signals to whoever owns them
            pass
        try:
            yield
        finally:
            for sig, old in previous.items():
                signal.signal(sig, old)

    def save_on_signal(self, signum: int) -> None:
        path = self.record_path or str(unused_path(self.default_save))
        name = signal.Signals(signum).name
        # After SIGHUP the terminal may be gone: writing to it must not stop the save.
        with contextlib.suppress(OSError):
            self.console.print("\n[yellow]" + _("{signal}: saving the game.").format(signal=name)
                               + "[/]")
        with contextlib.suppress(OSError):
            self.save(path, replace=path == self.record_path)

    def step(self) -> None:
        movers = self.state.to_move()
        seat = movers[0]
        if len(movers) > 1 and not set(movers) <= self.sealed:
            self.sealed = set(movers)  # a new sealed simultaneous choice begins
        if seat in self.bots:
            self.perform(self.bot_move(seat), seat)
        else:
            self.human_turn(seat)

    def bot_move(self, seat: int) -> Action:
        info = InformationSet(self.state, seat)
        if not self.console.is_terminal or len(info.legal_actions) == 1:
            return self.bots[seat].act(info)
        # A searching bot takes a while: say so rather than leave the screen still.
        with self.console.status(_("{name} is thinking…").format(name=safe(self.names[seat]))):
            return self.bots[seat].act(info)

    def perform(self, action: Action, seat: int) -> None:
        description = self.state.describe(action)
        public = self.state.announce(action, seat)
        sealed = seat in self.sealed
        self.applying = True
        try:
            self.state.apply(action, seat)
        finally:
            self.applying = False
        self.decisions += 1
        self.sealed.discard(seat)
        who = self.seat_label(seat)
        mine = f"{who}: {safe(description)}"
        if sealed:
            self.log.append(LogLine(seat, mine, _("{who} made a sealed choice.").format(who=who)))
        else:
            self.log.append(LogLine(seat, mine, f"{who}: {safe(public)}"))
        if self.stop_signal is not None:
            raise Terminated(self.stop_signal)

    def seat_label(self, seat: int) -> str:
        kind = "" if seat not in self.bots else \
            " [dim]" + _("({bot} bot)").format(bot=safe(self.seats[seat])) + "[/]"
        missed = fallback_note(self.bots.get(seat))
        if missed:
            kind += f" [yellow]{missed}[/]"
        return f"[bold]{safe(self.names[seat])}[/]{kind}"

    # ------------------------------------------------------------------ a human's turn
    def human_turn(self, seat: int) -> None:
        if self.hot_seat and self.last_viewer != seat:
            self.hand_over(seat)
        self.last_viewer = seat
        self.show_turn(seat)
        while True:
            text = self.term.ask(f"{self.names[seat]} > ").strip()
            if self.handle(text, seat):
                return

    def hand_over(self, seat: int) -> None:
        self.term.clear()
        self.console.print(Panel(
            _("Pass to {name} — press Enter").format(name=f"[bold]{safe(self.names[seat])}[/]"),
            expand=False, border_style="yellow",
        ))
        self.term.ask("")
        self.term.clear()

    # ------------------------------------------------------------------ what a seat has seen
    def table_log(self, seat: int | None) -> list[Any] | None:
        """The game's own log as ``seat`` knows it (moves, scorings, reveals; hidden parts
        already left out by the view), or None if the game's view keeps none with texts."""
        entries = self.state.view(seat).get("log")
        if not isinstance(entries, list) or not all(
                isinstance(e, str) or (isinstance(e, Mapping) and isinstance(e.get("text"), str))
                for e in entries):
            return None
        return entries

    def log_lines(self, seat: int | None) -> tuple[list[str], list[int]]:
        """Every line of the play so far as ``seat`` saw it, and which lines are scorings
        (worth stopping for)."""
        entries = self.table_log(seat)
        if entries is None:
            lines = [e.seen_by(seat) for e in self.log]
            return lines, [MOVE] * len(lines)
        return ([safe(e if isinstance(e, str) else e["text"]) for e in entries],
                [news_kind(e) for e in entries])

    def mark_seen(self, seat: int, before: int) -> None:
        """After ``seat``'s own move: the lines it added from ``before`` on need no replaying,
        but what the move set off (a scoring, a reveal, the next round) still does."""
        entries = self.table_log(seat)
        if entries is None:
            self.seen[seat] = len(self.log)
            return
        end = before
        while end < len(entries) and isinstance(entries[end], Mapping) and \
                entries[end].get("seat") == seat and news_kind(entries[end]) == MOVE:
            end += 1
        self.seen[seat] = end

    def resume_reading(self) -> None:
        """A resumed game: each human seat reads on from its own last move, as if the game
        had never stopped (not the whole game from the start: ``log`` shows that)."""
        for seat in self.humans:
            entries = self.table_log(seat)
            if entries is None:
                continue
            last = max((i for i, e in enumerate(entries) if isinstance(e, Mapping)
                        and e.get("seat") == seat and news_kind(e) == MOVE), default=None)
            if last is not None:
                self.seen[seat] = last + 1

    # ------------------------------------------------------------------ a turn's screen
    def show_turn(self, seat: int) -> None:
        console = self.console
        width, height = console.width, console.height
        lines, news = self.log_lines(seat)
        start = self.seen.get(seat, 0)
        title = _("Since your last turn") if seat in self.seen else _("So far")
        new, new_news = lines[start:], news[start:]
        self.seen[seat] = len(lines)
        sealed = seat in self.sealed
        legal = self.state.legal_actions(seat)
        numbers = self.numbering(seat, legal)
        actions, shown = self.fit_screen(seat, legal, numbers, width, height - 2 - sealed)
        room = height - 2 - sealed - len(actions) - height_of(console, shown, width)
        if SCORING in new_news and len(new) + 1 > room:
            # A scoring is the game's big moment: its whole breakdown gets a screen of its
            # own before the turn when the turn's screen has no room for it.
            new = self.show_news(title, new, new_news)
            title = _("Since the scoring")
        if not self.hot_seat:
            # The board reads as one live picture; earlier turns stay in the scrollback.
            self.term.refresh()
        rule = _("{name} to move · decision {n}").format(name=safe(self.names[seat]),
                                                         n=self.decisions + 1)
        if new and len(new) + 1 <= room:
            console.print(f"[dim]{title}:[/]")
            for line in new:
                console.print(f"  {line}", overflow="ellipsis", no_wrap=True, crop=True)
            room -= len(new) + 1
        elif new and room >= 3:
            console.print("[dim]" + _("{title}: {n} lines, the last {shown} here (type {log} for "
                                      "all):").format(title=title, n=len(new), shown=room - 1,
                                                      log="[cyan]log[/]") + "[/]")
            for line in new[-(room - 1):]:
                console.print(f"  {line}", overflow="ellipsis", no_wrap=True, crop=True)
            room = 0
        elif new:
            rule += " · " + _("{n} new: type log").format(n=len(new))
        console.rule(rule)
        console.print(shown)
        if sealed:
            console.print("[yellow]" + label(_("Sealed choice:")) + "[/]"
                          + _("nobody sees it until every seat has chosen."))
        if room > 0:
            console.print()
        for action_line in actions:
            console.print(action_line, overflow="ellipsis", no_wrap=True, crop=True)

    def show_news(self, title: str, new: list[str], news: list[int]) -> list[str]:
        """The scorings since the seat's last turn, whole (the move that set them off, the
        reveals, every area's points), a screen at a time, each closed with Enter; returns
        the lines after them, for the turn's screen."""
        console = self.console
        first = news.index(SCORING)
        while first and news[first - 1] == REVEAL:
            first -= 1
        if first and news[first - 1] == MOVE:
            first -= 1  # the move that set the scoring off (a special scoring card)
        last = max(i for i, kind in enumerate(news) if kind != MOVE)
        page = max(3, console.height - 3)
        head = f"[bold]{title}[/]"
        if first:
            head += " [dim]" + ngettext("(after {n} earlier line: type log to see it)",
                                        "(after {n} earlier lines: type log to see them)",
                                        first).format(n=first) + "[/]"
        shown = new[first:last + 1]
        for at in range(0, len(shown), page):
            if not self.hot_seat:
                self.term.refresh()
            console.print(head)
            for line in shown[at:at + page]:
                console.print(f"  {line}", overflow="ellipsis", no_wrap=True, crop=True)
            more = at + page < len(shown)
            self.term.ask(_("Enter: more ") if more else _("Enter: on to your turn "))
            head = f"[bold]{title}[/] [dim]" + _("(continued)") + "[/]"
        return new[last + 1:]

    def fit_screen(self, seat: int, legal: Sequence[Action], numbers: Sequence[int],
                   width: int, height: int) -> tuple[list[Text], RenderableType]:
        """The list of choices and the board, laid out to share ``height`` lines.

        Tries one to six columns of choices and keeps the layout that shows the most of the
        board; choices cut short to fit cost board lines by how much of them is lost, so a
        list is cut only when that buys the board real room (the round's cards during the
        bidding)."""
        full = [self.action_item(n, a) for n, a in zip(numbers, legal, strict=True)]
        bare = [self.action_item(n, a, notation=False) for n, a in zip(numbers, legal,
                                                                       strict=True)]
        view = self.state.view(seat)
        best: tuple[float, list[Text], RenderableType] | None = None
        for count in range(1, min(len(legal), 6) + 1):
            rows = -(-len(legal) // count)
            whole = columns(full, width, rows) or columns(bare, width, rows)
            lines, lost = (whole, 0.0) if whole is not None else cut_columns(bare, width, rows)
            shown = board(self.render_text, view, width, height - len(lines))
            tall = height_of(self.console, shown, width)
            fits = len(lines) + tall <= height
            cost = 0.0 if whole is not None else 1 + 10 * lost  # a cut choice reads worse
            worth = tall - cost - count / 10 + (100 if fits else 0)
            if best is None or worth > best[0]:
                best = (worth, lines, shown)
        if best is None:  # no legal action (a waiting seat): the board alone
            return [], board(self.render_text, view, width, height)
        return best[1], best[2]

    def show_board(self, seat: int | None) -> None:
        console = self.console
        console.print(board(self.render_text, self.state.view(seat), console.width,
                            console.height - 2))

    def numbering(self, seat: int, legal: Sequence[Action]) -> list[int]:
        """The numbers shown for ``legal``: the game's own where it has them (El Grande's
        card stacks), else 1, 2, 3…"""
        own = self.state.action_numbers(seat)
        if own is not None and len(own) == len(legal) and len(set(own)) == len(own):
            return list(own)
        return list(range(1, len(legal) + 1))

    def show_actions(self, actions: Sequence[Action], numbers: Sequence[int] | None = None
                     ) -> None:
        console = self.console
        numbers = list(numbers) if numbers is not None else list(range(1, len(actions) + 1))
        items = [self.action_item(n, a) for n, a in zip(numbers, actions, strict=True)]
        bare = [self.action_item(n, a, notation=False) for n, a in zip(numbers, actions,
                                                                       strict=True)]
        room = max(3, console.height - 3)
        rows = min(len(items), room) if len(items) <= room else -(-len(items) // -(
            -len(items) // room))
        lines = columns(items, console.width, rows) or columns(bare, console.width, rows) \
            or cut_columns(bare, console.width, rows)[0]
        for action_line in lines:
            console.print(action_line, overflow="ellipsis", no_wrap=True, crop=True)

    def action_item(self, number: int, action: Action, notation: bool = True) -> str:
        description = self.state.describe(action)
        item = f"[bold cyan]{number:>3}[/] {safe(description)}"
        if notation and description.strip().lower() != action.text.lower():
            item += f" [dim]· {safe(action.text)}[/]"
        return item

    def handle(self, text: str, seat: int) -> bool:
        """Act on one line typed by ``seat``: True once an action has been played."""
        console = self.console
        legal = self.state.legal_actions(seat)
        numbers = self.numbering(seat, legal)
        exact = next((a for a in legal if a.text == text), None)
        if exact is not None:
            return self.play(exact, seat)
        word, _sep, rest = text.partition(" ")
        word = word.lower()
        if not text:
            console.print("[dim]" + _("Type {numbers}, an action, or help.").format(
                numbers=number_range(numbers)) + "[/]")
        elif word in ("help", "?"):
            console.print(_(HELP))
        elif word in ("quit", "exit"):
            self.offer_save(_("Leaving the game."))
            raise GameStopped(0)  # leaving is what was asked for: no failure
        elif word == "save":
            self.save_asking(rest.strip() or str(unused_path(self.default_save)))
        elif word in ("actions", "list"):
            self.show_actions(legal, numbers)
        elif word == "board":
            self.show_board(seat)
        elif word == "hint":
            self.show_hint(seat, legal, numbers)
        elif word == "log":
            for line in self.log_lines(seat)[0] or ["[dim]" + _("(no moves yet)") + "[/]"]:
                console.print(f"  {line}")
        elif text.isdigit():
            by_number = dict(zip(numbers, legal, strict=True))
            if int(text) in by_number:
                return self.play(by_number[int(text)], seat)
            console.print("[red]" + _("There is no action {n}: choose {numbers}.").format(
                n=int(text), numbers=number_range(numbers, "choose")) + "[/]")
        else:
            return self.typed(text, seat, legal)
        return False

    def show_hint(self, seat: int, legal: Sequence[Action], numbers: Sequence[int]) -> None:
        """The hint bot's top three actions, from this seat's information set only."""
        self.hints += 1
        bot = make_bot(self.hint_bot, bot_seed(self.seed, seat) ^ self.hints)
        if not isinstance(bot, IsmctsBot):
            self.console.print("[yellow]" + _("The hint bot is no search; it gives no hints.")
                               + "[/]")
            return
        with self.console.status(_("Thinking…")):
            top = bot.top_actions(InformationSet(self.state, seat), 3)
        by_action = dict(zip(legal, numbers, strict=True))
        self.console.print("[bold]" + _("Hint") + "[/] [dim]" + _(
            "({bot}, from what you can see)").format(
            bot=safe(self.hint_bot)) + "[/]")
        for suggestion in top:
            number = by_action.get(suggestion.action, 0)
            # The figures on a line of their own: beside a long description they would wrap
            # mid-phrase at 80 columns.
            self.console.print(self.action_item(number, suggestion.action, notation=False))
            self.console.print("      [dim]" + _(
                "{share}% of the search · estimated win chance {win}% · expected place "
                "{place}").format(share=f"{100 * suggestion.share:.0f}",
                                  win=f"{100 * suggestion.win_chance:.0f}",
                                  place=f"{suggestion.expected_place:.1f}") + "[/]")

    def typed(self, text: str, seat: int, legal: Sequence[Action]) -> bool:
        try:
            action = self.state.parse_action(text)
        except MalformedAction:
            return self.filtered(text, seat, legal)
        return self.play(action, seat)

    def filtered(self, text: str, seat: int, legal: Sequence[Action]) -> bool:
        needle = " ".join(text.lower().split())
        starts = [a for a in legal if a.text.lower().startswith(needle)]
        if len(starts) == 1:
            return self.play(starts[0], seat)
        numbers = self.numbering(seat, legal)
        # The description in the language in force and in English: a player may type either.
        shown = [" ".join(self.state.describe(a).lower().split()) for a in legal]
        with speaking("en"):
            english = [" ".join(self.state.describe(a).lower().split()) for a in legal]
        bare = needle.replace(" ", "")
        hits = [(n, a) for n, a, here, en in zip(numbers, legal, shown, english, strict=True)
                if needle in a.text.lower() or needle in here or needle in en
                or (bool(bare) and bare in here.replace(" ", ""))]
        if len(hits) == 1:
            return self.play(hits[0][1], seat)  # one action answers to the words: it is meant
        if not hits:
            self.console.print("[red]" + _(
                "{text} is neither a legal action nor a command; type {numbers}, an action's "
                "notation, or help.").format(text=safe(repr(text)), numbers=number_range(numbers))
                + "[/]")
            return False
        self.console.print("[dim]" + ngettext("{n} action matches {text}:",
                                              "{n} actions match {text}:", len(hits)).format(
            n=len(hits), text=safe(repr(text))) + "[/]")
        self.show_actions([a for _, a in hits], [n for n, _ in hits])
        return False

    def play(self, action: Action, seat: int) -> bool:
        description = self.state.describe(action)
        if not self.confirmed(action, seat):
            return False
        before = len(self.log_lines(seat)[0])
        try:
            self.perform(action, seat)
        except IllegalAction as err:
            self.console.print("[red]" + _("Not allowed: {reason}").format(reason=safe(str(err)))
                               + "[/]")
            return False
        self.mark_seen(seat, before)
        self.console.print("[green]" + label(_("You chose:")) + f"[/]{safe(description)}")
        return True

    def confirmed(self, action: Action, seat: int) -> bool:
        """False if the game cautions against a legal ``action`` and the player takes it
        back; a bot is never asked."""
        try:
            warning = self.state.caution(action, seat)
        except IllegalAction:
            return True  # play() reports why it is illegal
        if not warning:
            return True
        answer = self.term.ask(_("{warning} Really? [y/N] ").format(
            warning=printable(warning))).strip().lower()
        if yes(answer):
            return True
        self.console.print("[yellow]" + _("Not played.") + "[/]")
        return False

    # ------------------------------------------------------------------ saving and the end
    def record_meta(self) -> dict[str, Any]:
        return {**self.meta, "seats": list(self.seats)}

    def save(self, path: str, *, replace: bool = False) -> bool:
        """Write the record atomically; an existing file is replaced only if ``replace``."""
        text = self.state.record(**self.record_meta()).to_json(indent=1) + "\n"
        try:
            write_atomic(path, text, overwrite=replace)
        except FileExists:
            self.console.print("[red]" + _("{file} exists already; not replaced.").format(
                file=safe(path)) + "[/]")
            return False
        except (RegaliaError, OSError) as err:
            self.console.print("[red]" + _("Cannot save to {file}: {reason}").format(
                file=safe(path), reason=safe(str(err))) + "[/]")
            return False
        self.console.print(ngettext(
            "Saved the record ({n} decision) to {file}; resume with {command}",
            "Saved the record ({n} decisions) to {file}; resume with {command}",
            self.decisions).format(n=self.decisions, file=f"[bold]{safe(path)}[/]",
                                   command=f"[cyan]regalia play --resume {safe(path)}[/]"))
        return True

    def save_asking(self, path: str) -> bool:
        """Save to ``path``; if a file is there, replace it only when the player says yes."""
        replace = False
        if Path(path).exists():
            answer = self.term.ask(_("{file} exists. Replace it? [y/N] ").format(
                file=path)).strip().lower()
            if not yes(answer):
                self.console.print("[yellow]" + _("Not saved.") + "[/]")
                return False
            replace = True
        return self.save(path, replace=replace)

    def offer_save(self, reason: str) -> bool:
        """Ask where to save the record; whether it was saved."""
        console = self.console
        console.print(f"\n[yellow]{reason}[/]")
        default = str(unused_path(self.default_save))
        while True:
            try:
                answer = self.term.ask(
                    _("Save the game record? File name [{file}], or 'no': ").format(file=default)
                ).strip()
            except EOFError:
                # No one can answer any more: keeping the game is the safer guess.
                console.print("\n[yellow]" + _(
                    "No answer (end of input): saving automatically.") + "[/]")
                return self.save_somewhere()
            except KeyboardInterrupt:
                console.print("\n[yellow]" + _("Not saved.") + "[/]")
                return False
            if no(answer):
                console.print("[yellow]" + _("Not saved.") + "[/]")
                return False
            try:
                if self.save_asking(answer or default):
                    return True
            except EOFError:
                console.print("\n[yellow]" + _(
                    "No answer (end of input): saving automatically.") + "[/]")
                return self.save_somewhere()

    def save_somewhere(self) -> bool:
        """Save to a new file beside the default one, else in the temporary folder, else in
        the home folder (a full disk or a folder gone must not lose the game)."""
        name = Path(self.default_save).name
        for folder in (None, tempfile.gettempdir(), str(Path.home())):
            path = self.default_save if folder is None else str(Path(folder) / name)
            with contextlib.suppress(OSError):
                if self.save(str(unused_path(path))):
                    return True
        return False

    def show_end(self) -> None:
        console = self.console
        viewer = self.humans[0] if len(self.humans) == 1 else None
        lines = self.log_lines(viewer)[0]
        since = self.seen.get(viewer, 0) if viewer is not None else (
            min(self.seen.values()) if self.seen else 0)
        if viewer is None and self.table_log(None) is not None and self.humans:
            since = 0 if not self.seen else max(0, len(lines) - LOG_SHOWN)
        last = lines[since:][-LOG_SHOWN:]
        if last:
            console.print("[dim]" + _("Last moves:") + "[/]")
        for line in last:
            console.print(f"  {line}")
        console.rule(ngettext("Game over after {n} decision · seed {seed}",
                              "Game over after {n} decisions · seed {seed}",
                              self.decisions).format(n=self.decisions, seed=self.seed))
        self.show_board(viewer)
        console.print(result_table(self.state, self.seats))
        for seat, bot in self.bots.items():
            if missed := fallback_note(bot):
                console.print(f"[yellow]{safe(self.names[seat])} "
                              f"({safe(self.seats[seat])}): {missed}[/]")


def fallback_note(bot: object) -> str:
    """How many of an external bot's moves its program did not choose ("" when none)."""
    missed = getattr(bot, "fallbacks", 0)
    if not missed:
        return ""
    if getattr(bot, "forfeited", False):
        return ngettext("(forfeited: {n} move played at random)",
                        "(forfeited: {n} moves played at random)", missed).format(n=missed)
    return ngettext("({n} move by the fallback bot)", "({n} moves by the fallback bot)",
                    missed).format(n=missed)


def result_table(state: State, seats: Sequence[str]) -> Table:
    """Final scores, best place first."""
    scores, places = state.scores(), state.ranking()
    table = Table(title=_("Final result"))
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Seat"))
    table.add_column(_("Player"))
    table.add_column(_("Score"), justify="right")
    for seat in sorted(range(state.players), key=lambda s: (places[s], s)):
        shared = sum(1 for p in places if p == places[seat]) > 1
        table.add_row(
            f"{places[seat]}{'=' if shared else ''}",
            safe(state.seat_name(seat)),
            safe(_("human") if seats[seat] == HUMAN else _("{bot} bot").format(bot=seats[seat])),
            str(scores[seat]),
        )
    return table
