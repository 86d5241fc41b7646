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
from regalia.cli.board import (
    GAP,
    board,
    columns,
    cut_columns,
    drops_lines_only,
    heading_words,
    height_of,
    shared_words,
    without_shared,
)
from regalia.cli.console import label, safe
from regalia.cli.explain import explain_choice, explain_query
from regalia.cli.hangup import HangupSafeFile
from regalia.cli.options import HUMAN
from regalia.engine.actions import Action
from regalia.engine.compiling import signals_at_pauses
from regalia.engine.errors import IllegalAction, MalformedAction, RegaliaError
from regalia.engine.files import FileExists, unused_path, write_atomic
from regalia.engine.i18n import N_, _, display_width, ngettext, speaking
from regalia.engine.markup import printable
from regalia.engine.reading import fold, read_action, substitute
from regalia.engine.seeds import bot_seed
from regalia.engine.state import State

BOARD_ROOM = 8  # lines the board keeps beside a list of choices (else the list is paged)
CONTINUED = 6  # a wrapped choice's later lines start here, past the numbers ("  12 ")
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
  [cyan]help CARD[/]    what a card, tile, room or space does, and its cost
  [cyan]? N[/]          the same for the cards and spaces of choice N
  [cyan]key[/]          what the board's abbreviations and marks mean
  [cyan]hint[/]         the strongest bot's three favourite actions here, with its
                 estimate of your chance to win after each (it sees only what
                 you see)
  [cyan]save FILE[/]    save the game record (resume with [cyan]regalia play --resume FILE[/])
  [cyan]quit[/]         stop the game (offers to save it)
  [cyan]help[/]         this text""")


def _bare(entry: Any) -> Any:
    """A log entry without its words, as two readings of one log are compared."""
    if isinstance(entry, Mapping):
        return {k: v for k, v in entry.items() if k != "text"}
    return entry


def news_kind(entry: object) -> int:
    """Whether a view's log entry is a move, a reveal or a scoring."""
    if not isinstance(entry, Mapping):
        return MOVE
    if entry.get("event") in SCORING_EVENTS or (
            "points" in entry and (entry["points"] or entry.get("kind") != "move")):
        return SCORING  # (a move that scored nothing, Castles' "points": 0, is a move)
    return REVEAL if entry.get("event") in REVEAL_EVENTS else MOVE


def with_colon(heading: str) -> str:
    """A heading (markup) and its colon: ":" in English, the full-width "：" after Chinese
    ("自你上一轮以来：")."""
    plain = Text.from_markup(heading).plain
    return heading + ("：" if display_width(plain) > len(plain) else ":")


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
    """One move as the table saw it: the mover's own words, and what the others learnt (an
    event nobody chose, actor -1: the same words for all)."""

    actor: int
    mine: str
    theirs: str
    kind: int = MOVE

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
    # Whether the terminal is gone (its window closed: writing to it failed).
    gone: Callable[[], bool] = lambda: False


def real_terminal(console: Console, scroll: bool = False) -> Terminal:
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (line editing and history at the prompt)
    # Writing to a closed window must not stop the game from being saved (cli/hangup.py).
    output = HangupSafeFile(console.file)
    console.file = output  # type: ignore[assignment]

    def ask(prompt: str) -> str:
        if output.gone:
            raise EOFError  # nobody can answer: the window is closed
        try:
            # Prompts hold file names and seat names, not markup: "[game.json]" must stay.
            return console.input(prompt, markup=False)
        except OSError:  # reading a hung-up terminal: its input has ended
            raise EOFError from None

    def clear() -> None:
        if console.is_terminal:
            # Also wipe the scrollback (3J): it holds the previous seat's hand.
            console.file.write("\033[H\033[2J\033[3J")
            console.file.flush()

    def refresh() -> None:
        if console.is_terminal and not scroll:
            console.file.write("\033[H\033[2J")
            console.file.flush()

    return Terminal(console, ask, clear, refresh, lambda: output.gone)


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
# While a bot thinks (compiled code, perhaps for a minute), Ctrl-C and the stop signals reach
# the game at the search's next pause (regalia.engine.compiling.signals_at_pauses).
THINKING_SIGNALS = (signal.SIGINT, *STOP_SIGNALS)


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
    # Per seat: moves external programs did not choose in earlier sittings of this game
    # (from the resumed record's meta), added to this sitting's in the record.
    earlier_fallbacks: Sequence[int] = ()

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
        # per seat (None: the table): the game's own log as read so far, whole (a view may
        # keep only its last entries: positions in ``seen`` count from the game's start)
        self.whole_logs: dict[int | None, list[Any]] = {}
        self.last_viewer: int | None = None
        self.sealed: set[int] = set()  # seats still to choose in the current sealed choice
        self.decisions = sum(1 for m in state.moves() if "action" in m)
        self.events_seen = len(self.events())  # a resumed game's earlier events are past
        if self.decisions:
            self.resume_reading()
        # A signal during apply() waits until the move is complete: the state stays whole.
        self.applying = False
        self.stop_signal: int | None = None
        # Set once the game is being saved on a signal: a second signal (a closed window
        # sends more than one) must not cut that save short.
        self.stopping = False

    @property
    def console(self) -> Console:
        return self.term.console

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # ------------------------------------------------------------------ the loop
    def run(self) -> State:
        """Play to the end; raises :class:`GameStopped` if the players leave first.

        SIGTERM, SIGHUP or a closed window at any moment (a bot thinking, the prompt, the
        question whether to save, the final screen) saves the game before anything else."""
        with self.stop_signals_save():
            try:
                self.play_on()
                self.show_end()
            except Terminated as stop:
                self.save_on_signal(stop.signum)
                raise GameStopped(128 + stop.signum) from None
        return self.state

    def play_on(self) -> None:
        try:
            while not self.state.is_over():
                self.step()
                if self.term.gone():  # the window closed, and no signal said so (yet)
                    raise Terminated(signal.SIGHUP if hasattr(signal, "SIGHUP")
                                     else signal.SIGTERM)
        except KeyboardInterrupt:
            self.offer_save(_("Interrupted."))
            raise GameStopped(130) from None
        except EOFError:
            self.offer_save(_("End of input."))
            raise GameStopped(1) from None
        finally:
            close_bots(self.bots.values())  # external programs are told and let go

    @contextlib.contextmanager
    def stop_signals_save(self) -> Iterator[None]:
        """While the game runs, SIGTERM and SIGHUP save it and stop (in the main thread)."""

        def handler(signum: int, frame: FrameType | None) -> None:
            if self.stopping:
                return  # the game is being saved already
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
        """Save first, say so after: after SIGHUP the terminal is likely gone."""
        name = signal.Signals(signum).name
        self.save_unasked("\n[yellow]" + _("{signal}: saving the game.").format(signal=name)
                          + "[/]\n")

    def save_unasked(self, preface: str = "") -> bool:
        """Save where nobody need be asked: to the --record file (replaced), or to a new file,
        else anywhere :meth:`save_somewhere` can; ``preface`` is printed after the file is
        written, before the line saying where. Whether the game was saved."""
        self.stopping = True
        path = self.record_path or str(unused_path(self.default_save))
        with contextlib.suppress(OSError):  # (the messages may go to a closed window)
            if self.save(path, replace=path == self.record_path, preface=preface):
                return True
        with contextlib.suppress(OSError):
            return self.save_somewhere()
        return False

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
            with signals_at_pauses(THINKING_SIGNALS):
                return self.bots[seat].act(info)
        # A searching bot takes a while: say so rather than leave the screen still.
        with self.console.status(_("{name} is thinking…").format(name=safe(self.names[seat]))), \
                signals_at_pauses(THINKING_SIGNALS):
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
        self.events_seen = self.write_news(self.state, seat, description, public, sealed,
                                           self.events_seen)
        for human in self.humans:  # (a log that keeps its last lines only: none is missed)
            self.table_log(human)
        if self.stop_signal is not None:
            raise Terminated(self.stop_signal)

    def write_news(self, state: State, seat: int, description: str, public: str,
                   sealed: bool, events_seen: int) -> int:
        """The log lines of ``seat``'s move just made on ``state`` (its own words for it, the
        public ones for the others) and of the events it set off; how many events ``state``
        has now."""
        who = self.seat_label(seat)
        # TRANSLATORS: a move in the news, after the seat that made it
        said = _("{who}: {move}")
        mine = said.format(who=who, move=safe(description))
        if sealed:
            self.log.append(LogLine(seat, mine, _("{who} made a sealed choice.").format(who=who)))
        else:
            self.log.append(LogLine(seat, mine, said.format(who=who, move=safe(public))))
        events = self.events(state)
        for event in events[events_seen:]:  # what the move set off: income, a vote …
            text = safe(event["text"])
            self.log.append(LogLine(-1, text, text, news_kind(event)))
        return len(events)

    def rebuild_news(self) -> None:
        """A resumed game whose view keeps no log of its own: the lines the live game wrote,
        rebuilt by replaying its record move by move (each seat reads them as it would have,
        others' moves in their public words), so that each human seat reads on from its own
        last move."""
        from regalia.engine.record import replay

        record = self.state.record()
        state = replay(record, steps=0)
        sealed: set[int] = set()
        events_seen = len(self.events(state))
        last: dict[int, int] = {}
        for move in record.moves:
            if "action" not in move:
                continue  # chance outcomes are drawn by the moves that call for them
            seat = move["seat"]
            movers = state.to_move()
            if len(movers) > 1 and not set(movers) <= sealed:
                sealed = set(movers)
            action = state.parse_action(move["action"])
            description = state.describe(action)
            public = state.announce(action, seat)
            state.apply(action, seat)
            events_seen = self.write_news(state, seat, description, public, seat in sealed,
                                          events_seen)
            sealed.discard(seat)
            last[seat] = len(self.log)
            # (the lines up to the seat's own move are read; what it set off is not yet)
            while last[seat] > 0 and self.log[last[seat] - 1].actor == -1:
                last[seat] -= 1
        self.seen.update({seat: last[seat] for seat in self.humans if seat in last})

    def seat_label(self, seat: int) -> str:
        bot = "" if seat not in self.bots else _("({bot} bot)").format(bot=safe(self.seats[seat]))
        # (no space before a full-width bracket: "绿（random 机器人）")
        kind = "" if not bot else ("" if bot.startswith("（") else " ") + f"[dim]{bot}[/]"
        missed = fallback_note(self.bots.get(seat))
        if missed:
            kind += f" [yellow]{missed}[/]"
        return f"[bold]{safe(self.names[seat])}[/]{kind}"

    # ------------------------------------------------------------------ a human's turn
    def human_turn(self, seat: int) -> None:
        if self.hot_seat and self.last_viewer != seat:
            self.hand_over(seat)
        self.last_viewer = seat
        # A line typed at a page of news is the player's command: the turn's screen comes,
        # then the line is taken as if typed at its prompt.
        typed = self.show_turn(seat)
        while True:
            if typed:
                text, typed = typed, None
                self.console.print(f"[dim]{safe(self.names[seat])} >[/] {safe(text)}")
            else:
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
    def events(self, state: State | None = None) -> list[Mapping[str, Any]]:
        """The game's public events (income, aging, elections, points with their reasons),
        where its view keeps them apart from the moves (``view["events"]``); of ``state``,
        else of the game being played."""
        state = self.state if state is None else state
        if self.table_log(None) is not None:
            return []  # the game's own log tells them already
        events = state.view(None).get("events")
        if not isinstance(events, list):
            return []
        return [e for e in events if isinstance(e, Mapping) and isinstance(e.get("text"), str)]

    def table_log(self, seat: int | None) -> list[Any] | None:
        """The game's own log as ``seat`` knows it (moves, scorings, reveals; hidden parts
        already left out by the view), or None if the game's view keeps none with texts.

        A view may keep only its last entries (Castles keeps 16): what scrolled off since
        ``seat`` last looked is kept here, so that the lines stay where they were counted
        (what a seat has read is an index into them)."""
        entries = self.state.view(seat).get("log")
        if not isinstance(entries, list) or not all(
                isinstance(e, str) or (isinstance(e, Mapping) and isinstance(e.get("text"), str))
                for e in entries):
            return None
        return self.whole_log(seat, entries)

    def whole_log(self, seat: int | None, entries: list[Any]) -> list[Any]:
        """``entries`` (a view's log) added to what ``seat`` read of the log before: a log
        that keeps only its last entries (the Castles' 16) has dropped the oldest, and the
        new ones are what follows the longest overlap of the two (compared without their
        words, which the language in force may change)."""
        whole = self.whole_logs.get(seat)
        if whole is None:
            whole = self.whole_logs[seat] = list(entries)
            return whole
        before, now = [_bare(e) for e in whole], [_bare(e) for e in entries]
        if now[:len(before)] == before:  # the log as kept whole: nothing dropped
            whole[:] = entries
            return whole
        overlap = next((k for k in range(min(len(before), len(now)), 0, -1)
                        if before[len(before) - k:] == now[:k]), 0)
        whole[len(whole) - overlap:] = entries  # (newer words for the overlap too)
        return whole

    def log_lines(self, seat: int | None) -> tuple[list[str], list[int]]:
        """Every line of the play so far as ``seat`` saw it, and which lines are scorings
        (worth stopping for)."""
        entries = self.table_log(seat)
        if entries is None:
            return [e.seen_by(seat) for e in self.log], [e.kind for e in self.log]
        return ([safe(e if isinstance(e, str) else e["text"]) for e in entries],
                [news_kind(e) for e in entries])

    def mark_seen(self, seat: int, before: int) -> None:
        """After ``seat``'s own move: the lines it added from ``before`` on need no replaying,
        but what the move set off (a scoring, a reveal, the next round) still does."""
        entries = self.table_log(seat)
        if entries is None:
            # The seat's own move (one line), not the events it set off after it
            end = before
            while end < len(self.log) and self.log[end].actor == seat:
                end += 1
            self.seen[seat] = end
            return
        end = before
        while end < len(entries) and isinstance(entries[end], Mapping) and \
                entries[end].get("seat") == seat and news_kind(entries[end]) == MOVE:
            end += 1
        self.seen[seat] = end

    def resume_reading(self) -> None:
        """A resumed game: each human seat reads on from its own last move, as if the game
        had never stopped (not the whole game from the start: ``log`` shows that)."""
        if self.table_log(None) is None:
            self.rebuild_news()
            return
        for seat in self.humans:
            entries = self.table_log(seat)
            if entries is None:
                continue
            last = max((i for i, e in enumerate(entries) if isinstance(e, Mapping)
                        and e.get("seat") == seat and news_kind(e) == MOVE), default=None)
            if last is not None:
                self.seen[seat] = last + 1

    # ------------------------------------------------------------------ a turn's screen
    def show_turn(self, seat: int) -> str | None:
        """The turn's screen: the news since the seat's last turn (on pages of their own
        when the screen has no room), the board, the choices. What the player typed at a
        page of news instead of Enter (a move, a command), or None."""
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
        if new and len(self.wrapped(new, width)) + 1 > room:
            # Short of room: a player's moves in a row said in one sentence, their name once
            new, new_news = self.grouped_news(seat, start, new, new_news)
        if new and len(self.wrapped(new, width)) + 1 > room:
            # The board gives the news room (Castles' its own log, which says the same;
            # Shadow its spare legend lines, which key repeats) rather than send the news to
            # a page of its own before every turn; only where the board merely drops lines,
            # not where it would change its form.
            needed = len(self.wrapped(new, width)) + 1
            fitted = self.fit_screen(seat, legal, numbers, width,
                                     height - 2 - sealed - needed, log_lines=0)
            rest = height - 2 - sealed - len(fitted[0]) - height_of(console, fitted[1], width)
            if rest >= needed and drops_lines_only(shown, fitted[1]):
                actions, shown, room = fitted[0], fitted[1], rest
        typed: str | None = None
        if new and len(self.wrapped(new, width)) + 1 > room:
            if SCORING in new_news:
                # A scoring is the game's big moment: its whole breakdown gets a screen of
                # its own before the turn when the turn's screen has no room for it.
                new, typed = self.show_news(title, new, new_news)
                title = _("Since the scoring")
            if typed:
                new = []  # the player went on to choose: the rest is in the log
            elif new and len(self.wrapped(new, width)) + 1 > room:
                # What the others did is read before choosing, never left behind a count:
                # on a page of its own when the turn's screen has no room for it.
                typed = self.show_pages(f"[bold]{title}[/]", new)
                title = _("{title} (shown above; type {log} to see it again)").format(
                    title=title, log="[cyan]log[/]")
        if not self.hot_seat:
            # The board reads as one live picture; earlier turns stay in the scrollback.
            self.term.refresh()
        rule = _("{name} to move · decision {n}").format(name=safe(self.names[seat]),
                                                         n=self.decisions + 1)
        if self.render_key() is not None:
            rule += " · " + _("type {key} for the codes").format(key="key")
        wrapped = self.wrapped(new, width)
        if new and len(wrapped) + 1 <= room:
            console.print(f"[dim]{with_colon(title)}[/]")
            for line in wrapped:
                console.print(line, no_wrap=True, crop=True)
            room -= len(wrapped) + 1
        elif new and room >= 3:
            console.print(f"[dim]{with_colon(title)}[/]")
            for line in wrapped[-(room - 1):]:
                console.print(line, no_wrap=True, crop=True)
            room = 0
        console.rule(rule)
        console.print(shown)
        if sealed:
            console.print("[yellow]" + label(_("Sealed choice:")) + "[/]"
                          + _("nobody sees it until every seat has chosen."))
        if room > 0:
            console.print()
        for action_line in actions:
            console.print(action_line, overflow="ellipsis", no_wrap=True, crop=True)
        return typed

    def grouped_news(self, seat: int, start: int, lines: list[str], kinds: list[int]
                     ) -> tuple[list[str], list[int]]:
        """The news ``lines`` (the log's from ``start`` on) with each run of one player's
        moves in one line, the player's name said once ("Player 2 plays a knowledge (3);
        restocks their workers to 2"); scorings and reveals stay lines of their own."""
        entries = self.table_log(seat)
        actors: list[int] = (
            [e.actor for e in self.log] if entries is None else
            [e.get("seat", -1) if isinstance(e, Mapping) else -1 for e in entries])[start:]
        out: list[str] = []
        out_kinds: list[int] = []
        last: tuple[int, str] | None = None  # the actor of the line before, and its name
        for line, kind, actor in zip(lines, kinds, actors + [-1] * len(lines), strict=False):
            name = self.state.seat_name(actor) if isinstance(actor, int) and actor >= 0 else ""
            plain = Text.from_markup(line).plain
            if (kind == MOVE and last is not None and name and last == (actor, name)
                    and plain.startswith(name) and line.startswith(safe(name))):
                more = line[len(safe(name)):].lstrip()
                out[-1] = _("{moves}; {more}").format(moves=out[-1], more=more)
                continue
            out.append(line)
            out_kinds.append(kind)
            last = (actor, name) if kind == MOVE and name and plain.startswith(name) else None
        return out, out_kinds

    def wrapped(self, lines: Sequence[str], width: int) -> list[Text]:
        """Log lines (markup) as the screen shows them: indented, each wrapped whole at
        ``width`` with its later lines indented further, not cut (a move read in part is a
        move misread)."""
        out: list[Text] = []
        for line in lines:
            parts = Text.from_markup(line).wrap(self.console, max(10, width - 4))
            for i, part in enumerate(parts):
                out.append(Text("    " if i else "  ") + part)
        return out

    def show_pages(self, head: str, lines: Sequence[str]) -> str | None:
        """``lines`` under ``head``, a screen at a time, each closed with Enter; what the
        player typed instead of Enter ends the pages and is returned, to be taken as their
        command (a move typed at the news is a move), else None."""
        console = self.console
        rows = self.wrapped(lines, console.width)
        page = max(3, console.height - 3)
        for at in range(0, len(rows), page):
            if not self.hot_seat:
                self.term.refresh()
            console.print(head if at == 0 else head + " [dim]" + _("(continued)") + "[/]")
            for row in rows[at:at + page]:
                console.print(row, no_wrap=True, crop=True)
            more = at + page < len(rows)
            typed = self.term.ask(_("Enter: more, or type your move ") if more
                                  else _("Enter: on to your turn, or type your move ")).strip()
            if typed:
                return typed
        return None

    def show_news(self, title: str, new: list[str], news: list[int]
                  ) -> tuple[list[str], str | None]:
        """The scorings since the seat's last turn, whole (the move that set them off, the
        reveals, every area's points), a screen at a time, each closed with Enter; returns
        the lines after them, for the turn's screen, and what the player typed instead of
        Enter (see :meth:`show_pages`)."""
        first = news.index(SCORING)
        while first and news[first - 1] == REVEAL:
            first -= 1
        if first and news[first - 1] == MOVE:
            first -= 1  # the move that set the scoring off (a special scoring card)
        last = max(i for i, kind in enumerate(news) if kind != MOVE)
        head = f"[bold]{title}[/]"
        whole = len(self.wrapped(new[:last + 1], self.console.width))
        if first and whole <= max(3, self.console.height - 3):
            first = 0  # the moves before it and the scoring fit one page: one page it is
        if first:
            # The lines before the scoring come first, on their own page: nothing the
            # others did is skipped.
            typed = self.show_pages(head, new[:first])
            if typed:
                return new[last + 1:], typed
            head += " [dim]" + _("(continued)") + "[/]"
        return new[last + 1:], self.show_pages(head, new[first:last + 1])

    def fit_screen(self, seat: int, legal: Sequence[Action], numbers: Sequence[int],
                   width: int, height: int, log_lines: int | None = None
                   ) -> tuple[list[Text], RenderableType]:
        """The list of choices and the board, laid out to share ``height`` lines.

        Tries one to six columns of choices and keeps the layout that shows the most of the
        board with every choice whole (the wording they share said once, as a heading, where
        that makes them fit). Where no such layout leaves the board room, the choices come a
        page at a time: the first ones whole, and a line saying how to see the rest.
        ``log_lines``: the lines of its own log a board that shows one keeps."""
        view = self.state.view(seat)
        best: tuple[float, list[Text], RenderableType] | None = None
        for count in range(1, min(len(legal), 6) + 1):
            rows = -(-len(legal) // count)
            lines, lost = self.choice_lines(legal, numbers, width, rows)
            if lost:
                continue  # a cut choice is misread: the list is paged instead
            shown = board(self.render_text, view, width, height - len(lines), log_lines)
            tall = height_of(self.console, shown, width)
            fits = len(lines) + tall <= height and height - len(lines) >= BOARD_ROOM
            worth = tall - count / 10 + (100 if fits else 0)
            if best is None or worth > best[0]:
                best = (worth, lines, shown)
        if not legal:  # no legal action (a waiting seat): the board alone
            return [], board(self.render_text, view, width, height, log_lines)
        if best is None or best[0] < 100:
            # The board as short as it goes; the choices get the rest, a page of them.
            shown = board(self.render_text, view, width, BOARD_ROOM, log_lines)
            room = max(3, height - height_of(self.console, shown, width))
            return self.choice_page(legal, numbers, width, room), shown
        return best[1], best[2]

    def choice_page(self, legal: Sequence[Action], numbers: Sequence[int], width: int,
                    room: int) -> list[Text]:
        """As many of the choices as fit whole in ``room`` lines, and a line saying how to
        see the others (``actions``)."""
        for shown in range(len(legal) - 1, 0, -1):
            for count in range(1, min(shown, 6) + 1):
                rows = -(-shown // count)
                lines, lost = self.choice_lines(legal[:shown], numbers[:shown], width, rows)
                if not lost and len(lines) + 1 <= room and \
                        all(line.cell_len <= width for line in lines):
                    hidden = numbers[shown:]
                    which = ", ".join(map(str, hidden)) if len(hidden) <= 4 else _(
                        "{first} to {last}").format(first=hidden[0], last=hidden[-1])
                    more = Text.from_markup("[dim]" + ngettext(
                        "… and {n} more choice ({numbers}): type {actions} to see it",
                        "… and {n} more choices ({numbers}): type {actions} to see them",
                        len(hidden)).format(n=len(hidden), numbers=which,
                                            actions="[/][cyan]actions[/][dim]") + "[/]")
                    return [*lines, more]
        return self.choice_lines(legal, numbers, width, len(legal))[0][:room]

    def choice_lines(self, legal: Sequence[Action], numbers: Sequence[int], width: int,
                     rows: int) -> tuple[list[Text], float]:
        """The choices in columns of ``rows`` within ``width``, and the share of their text
        the cuts lost (1.0: two of them read alike): whole with their notation, whole
        without it, cut, or, where the cut descriptions read alike ("move a s…" nineteen
        times), by their notation ("move parade king"), which tells every choice apart."""
        pairs = list(zip(numbers, legal, strict=True))
        full = [self.action_item(n, a) for n, a in pairs]
        bare = [self.action_item(n, a, notation=False) for n, a in pairs]
        whole = columns(full, width, rows) or columns(bare, width, rows)
        if whole is not None:
            return whole, 0.0
        grouped = self.grouped_choices(pairs, width)
        if grouped is not None:
            return grouped, 0.0
        headed = self.headed_choices(pairs, width, rows)
        if rows >= len(pairs):
            # One column: a choice too long for the line wraps under its own words rather
            # than lose its end (the cost of a die change, a card's effect).
            wrapped = self.wrapped_choices(pairs, width)
            if headed is not None and len(headed) <= len(wrapped):
                return headed, 0.0
            return wrapped, 0.0
        if headed is not None:
            return headed, 0.0
        lines, lost = cut_columns(bare, width, rows)
        if lost < 1:
            return lines, lost
        # The notations less the words they all start with ("move"; a one-word notation such
        # as "done" apart): the step's name says it.
        words = [a.text.split(" ") for _n, a in pairs]
        long = [w for w in words if len(w) > 1]
        shared = 0
        while long and all(len(w) > shared + 1 and w[shared] == long[0][shared] for w in long):
            shared += 1
        notes = [f"[bold cyan]{n:>3}[/] {safe(' '.join(w[shared:] if len(w) > 1 else w))}"
                 for (n, _a), w in zip(pairs, words, strict=True)]
        shown = columns(notes, width, rows)
        if shown is not None:
            return shown, 0.5  # the notation is shorter to read than the words, not better
        cut, notes_lost = cut_columns(notes, width, rows)
        # (a cut notation reads worse than a whole one in more rows)
        return (cut, 0.75 + notes_lost / 4) if notes_lost < 1 else (lines, lost)

    def grouped_choices(self, pairs: Sequence[tuple[int, Action]], width: int
                        ) -> list[Text] | None:
        """The choices under the headings the game gives them (:meth:`State.choice_group`:
        "Take a card from the display (workers turn your 3 into its row):"), each group in
        as few lines as its columns allow; the choices of no group (or alone in theirs)
        whole before them. None where the game groups fewer than two choices together, or
        a group does not fit ``width``."""
        found: dict[str, list[tuple[int, str]]] = {}
        for n, action in pairs:
            group = self.state.choice_group(action)
            if group is not None:
                found.setdefault(group[0], []).append((n, group[1]))
        if sum(len(items) for items in found.values()) < 2:
            return None
        # A choice alone in its group reads best whole, unless that takes more lines (or
        # the line has no room for it).
        actions = dict(pairs)
        alone = {h: i for h, i in found.items() if len(i) > 1 or Text.from_markup(
            self.action_item(i[0][0], actions[i[0][0]], notation=False)).cell_len > width}
        shown = [lines for lines in (self.group_lines(pairs, alone, width),
                                     self.group_lines(pairs, found, width))
                 if lines is not None]
        return min(shown, key=len) if shown else None

    def group_lines(self, pairs: Sequence[tuple[int, Action]],
                    groups: Mapping[str, Sequence[tuple[int, str]]], width: int
                    ) -> list[Text] | None:
        if not groups:
            return None
        grouped = {n for items in groups.values() for n, _t in items}
        others = [self.action_item(n, a, notation=False) for n, a in pairs if n not in grouped]
        sections: list[tuple[str | None, list[str]]] = [(None, others)] if others else []
        sections += [(head, [f"[bold cyan]{n:>3}[/] {safe(text)}" for n, text in items])
                     for head, items in groups.items()]
        out: list[Text] = []
        for head, items in sections:
            if head is not None:
                wide = display_width(head) > len(head)  # Chinese: a wide colon
                heading = Text.from_markup("[dim]" + safe(head) + ("：" if wide else ":")
                                           + "[/]")
                if heading.cell_len > width:
                    return None
                out.append(heading)
            # A choice too long to share a line has one to itself; the others share theirs.
            sizes = [Text.from_markup(i).cell_len for i in items]
            long = [i for i, size in zip(items, sizes, strict=True)
                    if size + GAP + min(sizes) > width]
            short = [i for i in items if i not in long]
            lines = next((found for rows in range(1, len(short) + 1)
                          if (found := columns(short, width, rows)) is not None), [])
            if any(Text.from_markup(i).cell_len > width for i in long):
                return None
            out += [*(Text.from_markup(i) for i in long), *lines]
        return out

    def headed_choices(self, pairs: Sequence[tuple[int, Action]], width: int, rows: int
                       ) -> list[Text] | None:
        """The choices under a heading that says once the wording they share ("move a
        servant from the …"), each whole, in columns of ``rows`` lines in all; the choices
        that do not share it ("done") whole before it (after it, they would read as under
        it). None where no wording is shared or they do not fit side by side."""
        texts = [" ".join(self.state.describe(a).split()) for _n, a in pairs]
        firsts = [t.split(" ", 1)[0] if " " in t else t[:2] for t in texts]
        common = max(set(firsts), key=firsts.count)
        group = [i for i, f in enumerate(firsts) if f == common]
        if len(group) < 2:
            return None
        head, tail = shared_words([texts[i] for i in group])
        if not head and not tail:
            return None
        words = heading_words(head, tail)
        # a Chinese heading ends with a wide colon (a one-word English one, "Permit…", too
        # has no space, so the words' width tells them apart)
        wide = display_width(words) > len(words)
        heading = Text.from_markup("[dim]" + safe(words) + ("：" if wide else ":") + "[/]")
        items = [f"[bold cyan]{pairs[i][0]:>3}[/] {safe(without_shared(texts[i], head, tail))}"
                 for i in group]
        others = [f"[bold cyan]{n:>3}[/] {safe(t)}"
                  for i, ((n, _a), t) in enumerate(zip(pairs, texts, strict=True))
                  if i not in group]
        other_lines: list[Text] | None = []
        for other_rows in range(1, len(others) + 1):
            other_lines = columns(others, width, other_rows)
            if other_lines is not None:
                break
        if other_lines is None or heading.cell_len > width:
            return None
        for item_rows in range(max(1, rows - 1 - len(other_lines)), len(items) + 1):
            lines = columns(items, width, item_rows)  # (more lines than asked, if need be)
            if lines is not None:
                return [*other_lines, heading, *lines]
        return None

    def wrapped_choices(self, pairs: Sequence[tuple[int, Action]], width: int) -> list[Text]:
        """Choices one to a line, each too long for ``width`` wrapped with its later lines
        indented past the numbers."""
        out: list[Text] = []
        for number, action in pairs:
            head = Text.from_markup(f"[bold cyan]{number:>3}[/] ")
            body = Text.from_markup(safe(self.state.describe(action)))
            for i, part in enumerate(body.wrap(self.console, max(10, width - CONTINUED))):
                line = head.copy() if i == 0 else Text(" " * CONTINUED)
                line.append_text(part)
                line.rstrip()
                out.append(line)
        return out

    def render_key(self) -> Callable[[Mapping[str, Any]], str] | None:
        """The game's key to its board's codes, if it has one."""
        try:
            return self.state.info().render_key
        except RegaliaError:  # a game outside the registry (a test's toy game)
            return None

    def show_key(self, seat: int | None) -> str | None:
        """The key to the board's codes, read whole: a screen at a time when it is taller
        than the terminal (each page closed with Enter). What the player typed instead of
        Enter, to be taken as their command, or None."""
        console = self.console
        render_key = self.render_key()
        if render_key is None:
            console.print("[dim]" + _("This game's board uses no abbreviations.") + "[/]")
            return None
        lines = Text.from_markup(render_key(self.state.view(seat))).wrap(console, console.width)
        page = max(3, console.height - 1)  # a line for the prompt under each page
        if len(lines) <= page:
            for line in lines:
                console.print(line, no_wrap=True, crop=True)
            return None
        for at in range(0, len(lines), page - 1):
            if not self.hot_seat:
                self.term.refresh()
            for line in lines[at:at + page - 1]:
                console.print(line, no_wrap=True, crop=True)
            if at + page - 1 >= len(lines):
                break
            typed = self.term.ask(_("Enter: more of the key, or type your move ")).strip()
            if typed:
                return typed
        return None

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
                     ) -> str | None:
        """Every choice whole: in columns where they fit the screen, else one to a line a
        screen at a time, each page closed with Enter. What the player typed instead of
        Enter, to be taken as their command, or None."""
        console = self.console
        numbers = list(numbers) if numbers is not None else list(range(1, len(actions) + 1))
        room = max(3, console.height - 3)
        for count in range(1, min(len(actions), 6) + 1):
            rows = -(-len(actions) // count)
            lines, lost = self.choice_lines(actions, numbers, console.width, rows)
            if not lost and len(lines) <= room:
                for action_line in lines:
                    console.print(action_line, overflow="ellipsis", no_wrap=True, crop=True)
                return None
        lines = self.wrapped_choices(list(zip(numbers, actions, strict=True)), console.width)
        page = max(3, console.height - 2)
        for at in range(0, len(lines), page):
            for action_line in lines[at:at + page]:
                console.print(action_line, no_wrap=True, crop=True)
            if at + page < len(lines):
                typed = self.term.ask(_("Enter: more choices, or type your move ")).strip()
                if typed:
                    return typed
        return None

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
        elif word in ("help", "?") or (word[:1] == "?" and word[1:].isdigit()):
            query = rest if word in ("help", "?") else word[1:] + " " + rest
            self.explain(query.strip(), seat, legal, numbers)
        elif word in ("quit", "exit"):
            self.offer_save(_("Leaving the game."))
            raise GameStopped(0)  # leaving is what was asked for: no failure
        elif word == "save":
            self.save_asking(rest.strip() or str(unused_path(self.default_save)))
        elif word in ("actions", "list"):
            typed = self.show_actions(legal, numbers)
            if typed:
                return self.handle(typed, seat)
        elif word == "board":
            self.show_board(seat)
        elif word == "key":
            typed = self.show_key(seat)
            if typed:
                return self.handle(typed, seat)
        elif word == "hint":
            self.show_hint(seat, legal, numbers)
        elif word == "log":
            for row in self.wrapped(self.log_lines(seat)[0] or
                                    ["[dim]" + _("(no moves yet)") + "[/]"], console.width):
                console.print(row, no_wrap=True, crop=True)
        elif text.isdigit():
            by_number = dict(zip(numbers, legal, strict=True))
            if int(text) in by_number:
                return self.play(by_number[int(text)], seat)
            console.print("[red]" + _("There is no action {n}: choose {numbers}.").format(
                n=int(text), numbers=number_range(numbers, "choose")) + "[/]")
        else:
            return self.typed(text, seat, legal)
        return False

    def explain(self, query: str, seat: int, legal: Sequence[Action],
                numbers: Sequence[int]) -> None:
        """``help``, ``help CARD`` and ``? N``: the prompt's help or a component's text."""
        if not query:
            self.console.print(_(HELP))
        elif query.isdigit():
            explain_choice(self.console, self.state, seat, int(query), legal, numbers)
        else:
            explain_query(self.console, self.state, seat, query)

    def show_hint(self, seat: int, legal: Sequence[Action], numbers: Sequence[int]) -> None:
        """The hint bot's top three actions, from this seat's information set only."""
        self.hints += 1
        bot = make_bot(self.hint_bot, bot_seed(self.seed, seat) ^ self.hints)
        if not isinstance(bot, IsmctsBot):
            self.console.print("[yellow]" + _("The hint bot is no search; it gives no hints.")
                               + "[/]")
            return
        with self.console.status(_("Thinking…")), signals_at_pauses(THINKING_SIGNALS):
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
        # Folded (no accents, one case) and with the game's names in any language read as
        # the notation's words: "to koln" and "to 科隆" mean "to koeln".
        needle = fold(text)
        named = substitute(text, self.state.name_words())
        starts = [a for a in legal if fold(a.text).startswith(named)]
        if len(starts) == 1:
            return self.play(starts[0], seat)
        numbers = self.numbering(seat, legal)
        # The description in the language in force and in English: a player may type either.
        shown = [fold(self.state.describe(a)) for a in legal]
        with speaking("en"):
            english = [fold(self.state.describe(a)) for a in legal]
        bare = needle.replace(" ", "")
        hits = [(n, a) for n, a, here, en in zip(numbers, legal, shown, english, strict=True)
                if needle in fold(a.text) or named in fold(a.text) or needle in here
                or needle in en or (bool(bare) and bare in here.replace(" ", ""))]
        if len(hits) == 1:
            return self.play(hits[0][1], seat)  # one action answers to the words: it is meant
        if not hits:
            meant = read_action(self.state, text)
            if isinstance(meant, Action):
                return self.play(meant, seat)  # not legal now: refused with its rule
            self.console.print("[red]" + _(
                "{text} is neither a legal action nor a command: {problem}. Type {numbers}, an "
                "action's notation, or help.").format(text=safe(repr(text)), problem=safe(meant),
                                                      numbers=number_range(numbers)) + "[/]")
            return False
        self.console.print("[dim]" + ngettext("{n} action matches {text}:",
                                              "{n} actions match {text}:", len(hits)).format(
            n=len(hits), text=safe(repr(text))) + "[/]")
        typed = self.show_actions([a for _, a in hits], [n for n, _ in hits])
        return self.handle(typed, seat) if typed else False

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
        meta = {**self.meta, "seats": list(self.seats)}
        if any(fallbacks := self.fallbacks()):
            meta["fallbacks"] = fallbacks
        return meta

    def fallbacks(self) -> list[int]:
        """Per seat, the moves an external program did not choose in this game so far (its
        fallback bot played them), earlier sittings included."""
        earlier = list(self.earlier_fallbacks) or [0] * len(self.seats)
        return [earlier[seat] + int(getattr(self.bots.get(seat), "fallbacks", 0))
                for seat in range(len(self.seats))]

    def save(self, path: str, *, replace: bool = False, preface: str = "") -> bool:
        """Write the record atomically; an existing file is replaced only if ``replace``.
        What is said about it (``preface`` first) is said after the writing."""
        text = self.state.record(**self.record_meta()).to_json(indent=1) + "\n"
        try:
            write_atomic(path, text, overwrite=replace)
        except FileExists:
            self.console.print(preface + "[red]" + _(
                "{file} exists already; not replaced.").format(file=safe(path)) + "[/]")
            return False
        except (RegaliaError, OSError) as err:
            self.console.print(preface + "[red]" + _("Cannot save to {file}: {reason}").format(
                file=safe(path), reason=safe(str(err))) + "[/]")
            return False
        self.console.print(preface + ngettext(
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
                return self.save_unasked(self.no_answer())
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
                return self.save_unasked(self.no_answer())

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

    def no_answer(self) -> str:
        return "\n[yellow]" + _("No answer (end of input): saving automatically.") + "[/]\n"

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
        for row in self.wrapped(last, console.width):  # a long move's later lines indented
            console.print(row, no_wrap=True, crop=True)
        console.rule(ngettext("Game over after {n} decision · seed {seed}",
                              "Game over after {n} decisions · seed {seed}",
                              self.decisions).format(n=self.decisions, seed=self.seed))
        self.show_board(viewer)
        console.print(result_table(self.state, self.seats))
        for seat, bot in self.bots.items():
            if missed := fallback_note(bot):
                console.print(f"[yellow]{safe(self.names[seat])} "
                              f"({safe(self.seats[seat])}): {missed}[/]")


MAX_FALLBACKS = 1_000_000  # more than any game's decisions: a record claiming more is broken


def recorded_fallbacks(meta: Mapping[str, Any], players: int) -> tuple[int, ...]:
    """The per-seat fallback counts a record's meta carries, or none if it carries none or
    anything but ``players`` whole numbers in range (a record comes from anyone)."""
    found = meta.get("fallbacks")
    if not (isinstance(found, list) and len(found) == players
            and all(type(n) is int and 0 <= n <= MAX_FALLBACKS for n in found)):
        return ()
    return tuple(found)


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
