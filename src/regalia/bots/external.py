"""External bots: a program in any language takes a seat over a line-based JSON protocol.

In the spirit of UCI (chess engines) and GTP (Go): Regalia starts the program, writes one JSON
object a line to its standard input and reads one JSON object a line from its standard output.
docs/bots.md ("External bots") is the protocol's reference; in short::

    regalia -> bot  {"type": "hello", "protocol": "regalia-bot/1", "game": ..., "players": N,
                     "seat": S}
    bot -> regalia  {"type": "ready", "name": "..."}                       (optional)
    regalia -> bot  {"type": "turn", "id": K, "seat": S, "view": {...}, "legal": [...],
                     "seconds": T}
    bot -> regalia  {"type": "sample", "id": K}                            (any number)
    regalia -> bot  {"type": "sample", "id": K, "state": {...}}  a determinized full state
    bot -> regalia  {"type": "action", "id": K, "action": "<notation>"}
    regalia -> bot  {"type": "over"}                                       then stdin closes

The program runs in its own process group and gets nothing but what it is sent: the seat's
view, its legal actions, and samples built by Regalia from the seat's information set with
fresh randomness from the operating system (a sample's seed tells nothing of the game's).
Until it says ``ready`` (or answers its first turn) it has its start-up time (``start=``,
default 30 s) on top of the first turn's, for programs that load a model first.

An answer that is not a legal action of the turn (garbage), that does not come within the time
allowed (late), or a program that has died, is a *failure*. What a failure costs is the seat's
policy (``on_failure``): ``greedy`` or ``random`` play that move (and every move once the
program is late or dead, as it is not asked again); ``forfeit`` (tournaments' default) gives
up the seat: from the first failure on, all its moves are random and the seat is marked
forfeited. ``fallbacks`` counts the moves the program did not choose.

Nothing here blocks on the program: lines are read and written by threads of their own, and a
program that is let go is killed with its whole process group (a wrapper's children too).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from typing import TYPE_CHECKING, Any

from regalia.bots.greedy import GreedyBot
from regalia.bots.random_bot import RandomBot
from regalia.engine.compiling import let_others_run
from regalia.engine.errors import InvalidOption, os_reason
from regalia.engine.i18n import _
from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.bots.base import Bot, InformationSet
    from regalia.engine.actions import Action

PROTOCOL = "regalia-bot/1"
DEFAULT_SECONDS = 10.0  # time a decision when no thinking time is given
START_SECONDS = 30.0  # start-up time (until ready or the first answer) when none is given
GRACE = 1.0  # added to a thinking time: pipes and start-up are not the bot's fault
MAX_LINE = 1_000_000  # characters in one answer: beyond that it is garbage
MAX_SAMPLES = 10_000  # samples one turn may ask for
QUEUED_LINES = 256  # lines read ahead of the game: a program flooding its output waits
STOP_WAIT = 1.0  # seconds to wait for a killed process group's leader to be reaped

# What a failure costs the seat (--on-bot-failure; docs/bots.md, "External bots").
ON_FAILURE = ("forfeit", "random", "greedy")
DEFAULT_ON_FAILURE = "greedy"  # play and simulate; tournaments default to forfeit

log = logging.getLogger("regalia.bots.external")


def sample_rng() -> Rng:
    """A generator for one sample handed to a program: seeded by the operating system, so
    nothing the program receives (the sample's seed, its random state, its hidden cards) is
    drawn from a stream that the game's seed determines."""
    return Rng(int.from_bytes(os.urandom(8), "big"))


class ExternalBot:
    """A seat played by a program speaking the protocol above (``cmd:PROGRAM ARGS``)."""

    def __init__(self, command: str, seed: int | None = None,
                 seconds: float | None = None, start: float | None = None,
                 on_failure: str = DEFAULT_ON_FAILURE) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as err:
            from regalia.bots.specs import shlex_reason

            raise InvalidOption(_("cannot read the bot command {command}: {reason}").format(
                command=repr(command), reason=shlex_reason(err))) from None
        if not self.argv:
            raise InvalidOption(_("cmd: needs a program to run, e.g. cmd:./mybot"))
        if on_failure not in ON_FAILURE:
            raise InvalidOption(_("a bot failure is one of {choices}, not {value}").format(
                choices=", ".join(ON_FAILURE), value=repr(on_failure)))
        self.command = command
        self.name = f"cmd:{command}"
        self.seconds = seconds
        self.start = START_SECONDS if start is None else start
        self.on_failure = on_failure
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.fallback: Bot = GreedyBot(self.rng.next64()) if on_failure == "greedy" else \
            RandomBot(self.rng.next64())
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue(QUEUED_LINES)
        self.outbox: queue.Queue[str | None] = queue.Queue()
        self.stopping = threading.Event()  # tells the reader and writer threads to go
        self.broken: str | None = None  # why the program is no longer asked (the warning)
        self.started = False  # said ready or answered a turn: the start-up time is over
        self.turn = 0
        self.fallbacks = 0  # moves the program did not choose
        self.failures = 0  # answers that were no good, lateness and death included
        self.forfeited = False  # on_failure forfeit, after a failure: every move random

    # ------------------------------------------------------------------ the process
    def _start(self, info: InformationSet) -> None:
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, encoding="utf-8",
                errors="replace", start_new_session=os.name == "posix",
            )
        except OSError as err:
            self._break(_("external bot {command} could not be started ({reason}); {what}")
                        .format(command=repr(self.command), reason=os_reason(err),
                                what=self._instead()))
            return
        weakref.finalize(self, _stop, self.process, self.stopping, self.outbox)
        threading.Thread(target=_read_lines, args=(self.process, self.lines, self.stopping),
                         daemon=True).start()
        threading.Thread(target=_write_lines, args=(self.process, self.outbox, self.stopping),
                         daemon=True).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "game": info.game_id,
                    "players": info.players, "seat": info.seat})

    def _send(self, message: dict[str, Any]) -> bool:
        if self.process is None or self.stopping.is_set():
            return False
        self.outbox.put(json.dumps(message, separators=(",", ":")) + "\n")
        return True

    def _instead(self) -> str:
        """What plays the seat's moves from now on, worded."""
        if self.on_failure == "forfeit":
            return _("the seat is forfeited: its moves are random")
        if self.on_failure == "random":
            return _("the fallback bot (random) plays its moves")
        return _("the fallback bot (greedy) plays its moves")

    def _instead_once(self) -> str:
        """What plays this one move, worded."""
        if self.on_failure == "forfeit":
            return _("the seat is forfeited: its moves are random")
        if self.on_failure == "random":
            return _("the fallback bot (random) plays this move")
        return _("the fallback bot (greedy) plays this move")

    def _fail(self) -> None:
        self.failures += 1
        if self.on_failure == "forfeit" and not self.forfeited:
            self.forfeited = True
            if self.broken is None:
                self.broken = _("external bot {command} forfeited its seat").format(
                    command=repr(self.command))
            self._let_go()

    def _break(self, warning: str) -> None:
        """Ask the program no more; ``warning`` (worded in the language in force) says why."""
        if self.broken is None:
            self.broken = warning
            log.warning("%s", warning)
        self._fail()
        self._let_go()

    def _let_go(self) -> None:
        if self.process is not None:
            _stop(self.process, self.stopping, self.outbox)

    def close(self) -> None:
        """Tell the program the game is over and let it go (called after the game)."""
        if self.process is not None and self.broken is None and not self.stopping.is_set():
            self._send({"type": "over"})
            self.outbox.put(None)  # then its input closes
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=STOP_WAIT)
        self._let_go()

    # ------------------------------------------------------------------ a decision
    def act(self, info: InformationSet) -> Action:
        legal = info.legal_actions
        if not legal:
            raise ValueError(_("seat {seat} has no legal action to choose from").format(
                seat=info.seat))
        if self.process is None and self.broken is None:
            self._start(info)
        if self.broken is None:
            action = self._ask(info, legal)
            if action is not None:
                return action
            if self.broken is None:
                self._fail()  # one bad answer (a broken program was counted when it broke)
        self.fallbacks += 1
        return self.fallback.act(info)

    def _ask(self, info: InformationSet, legal: tuple[Action, ...]) -> Action | None:
        self.turn += 1
        turn = self.turn
        limit = DEFAULT_SECONDS if self.seconds is None else self.seconds
        by_text = {a.text: a for a in legal}
        if not self._send({"type": "turn", "id": turn, "seat": info.seat, "view": info.view,
                           "legal": list(by_text), "seconds": limit}):
            return None
        # A program that has not started yet has its start-up time on top of this turn's.
        deadline = time.monotonic() + limit + GRACE + (0 if self.started else self.start)
        samples = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._late(turn)
                return None
            try:
                line = self.lines.get(timeout=min(left, 0.2))
            except queue.Empty:
                # (a Ctrl-C or a closed window while the bot thinks is raised here: the game
                # holds them back to such pauses, engine.compiling.signals_at_pauses)
                let_others_run()
                continue  # (its deadline is checked above)
            if line is None:
                self._break(_("external bot {command} died; {what}").format(
                    command=repr(self.command), what=self._instead()))
                return None
            message = _parse(line)
            if message is None:
                self._garbage(_("external bot {command} sent a line that is no JSON object: "
                                "{line} (turn {turn}); {what}").format(
                                    command=repr(self.command), line=_short(line), turn=turn,
                                    what=self._instead_once()))
                return None
            kind, echo = message.get("type"), message.get("id")
            if kind == "ready":
                if not self.started:  # start-up is over: the turn's own time from now on
                    self.started = True
                    deadline = time.monotonic() + limit + GRACE
                continue
            if echo is not None and echo != turn:
                continue  # a late answer to an earlier turn: that move is long played
            self.started = True
            if kind == "sample":
                samples += 1
                if samples > MAX_SAMPLES:
                    self._garbage(_("external bot {command} asked for more than {n} samples "
                                    "(turn {turn}); {what}").format(
                                        command=repr(self.command), n=MAX_SAMPLES, turn=turn,
                                        what=self._instead_once()))
                    return None
                state = info.sample(sample_rng())
                if not self._send({"type": "sample", "id": turn, "state": state.to_dict()}):
                    return None
                continue
            if kind == "action":
                text = message.get("action")
                action = by_text.get(text) if isinstance(text, str) else None
                if action is None:
                    self._garbage(_("external bot {command} answered {answer}, which is no "
                                    "legal action now (turn {turn}); {what}").format(
                                        command=repr(self.command), answer=_short(repr(text)),
                                        turn=turn, what=self._instead_once()))
                    return None
                return action
            self._garbage(_("external bot {command} sent a message of unknown type {kind} "
                            "(turn {turn}); {what}").format(
                                command=repr(self.command), kind=_short(repr(kind)), turn=turn,
                                what=self._instead_once()))
            return None

    def _late(self, turn: int) -> None:
        # A program that missed its time may be stuck for good: it is not asked again.
        if self.started:
            self._break(_("external bot {command} did not answer turn {turn} in time; {what}")
                        .format(command=repr(self.command), turn=turn, what=self._instead()))
        else:
            self._break(_("external bot {command} did not start within {seconds} s (no ready "
                          "and no answer); {what}").format(
                              command=repr(self.command), seconds=f"{self.start:g}",
                              what=self._instead()))

    @staticmethod
    def _garbage(warning: str) -> None:
        """One answer was no good (``warning``, worded): this move is the fallback's."""
        log.warning("%s", warning)


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None],
                stopping: threading.Event) -> None:
    """The program's output, a line at a time, into ``lines`` (None at its end). This thread
    alone reads and closes the pipe: closing it from another thread would wait for a read
    that a wrapper's child, still holding the pipe, may never end."""
    stream = process.stdout
    try:
        while stream is not None and not stopping.is_set():
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while (rest := stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                    pass  # drop the rest of that line, a bounded piece at a time
                line = "\x00too long"
            if not _offer(lines, line, stopping):
                break
    except (OSError, ValueError):
        pass
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            stream.close()
    _offer(lines, None, stopping)  # end of output: the program has died or closed its output


def _offer(lines: queue.Queue[str | None], line: str | None, stopping: threading.Event) -> bool:
    """Queue ``line``, waiting while the queue is full unless the program is let go."""
    while True:
        try:
            lines.put(line, timeout=0.1)
            return True
        except queue.Full:
            if stopping.is_set():
                return False


def _write_lines(process: subprocess.Popen[str], outbox: queue.Queue[str | None],
                 stopping: threading.Event) -> None:
    """Messages to the program's input; a program that does not read blocks this thread, not
    the game. None closes the input."""
    stream = process.stdin
    try:
        while stream is not None and not stopping.is_set():
            message = outbox.get()
            if message is None:
                break
            stream.write(message)
            stream.flush()
    except (OSError, ValueError):
        pass
    if stream is not None:
        with contextlib.suppress(OSError, ValueError):
            stream.close()


def _stop(process: subprocess.Popen[str], stopping: threading.Event,
          outbox: queue.Queue[str | None]) -> None:
    """Kill the program's whole process group (its own children too) and reap it; the pipes
    are closed by the threads that use them, once the killed group has let them go."""
    stopping.set()
    outbox.put(None)  # the writer thread goes
    if process.poll() is None:
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(process.pid, signal.SIGKILL)
            else:  # pragma: no cover - no process groups
                process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            process.wait(timeout=STOP_WAIT)
    elif os.name == "posix":
        # The leader is gone; children it left in its group may still hold the pipes.
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)


def _parse(line: str) -> dict[str, Any] | None:
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _short(text: str) -> str:
    text = text.strip().replace("\n", " ")
    return text if len(text) <= 60 else text[:60] + "…"
