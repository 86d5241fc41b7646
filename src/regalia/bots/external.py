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

The program runs in its own process and gets nothing but what it is sent: the seat's view, its
legal actions, and samples built by Regalia from the seat's information set. An answer that is
not a legal action of the turn (garbage), that does not come within the time allowed (late),
or a program that has died, loses the move to a fallback bot (greedy), with a warning naming
what went wrong; a program that died or stopped answering is not asked again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import shlex
import subprocess
import threading
import time
import weakref
from typing import TYPE_CHECKING, Any

from regalia.bots.greedy import GreedyBot
from regalia.engine.errors import InvalidOption, os_reason
from regalia.engine.i18n import _
from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.bots.base import InformationSet
    from regalia.engine.actions import Action

PROTOCOL = "regalia-bot/1"
DEFAULT_SECONDS = 10.0  # time a decision when no thinking time is given
GRACE = 1.0  # added to a thinking time: pipes and start-up are not the bot's fault
MAX_LINE = 1_000_000  # characters in one answer: beyond that it is garbage
MAX_SAMPLES = 10_000  # samples one turn may ask for

log = logging.getLogger("regalia.bots.external")


class ExternalBot:
    """A seat played by a program speaking the protocol above (``cmd:PROGRAM ARGS``)."""

    def __init__(self, command: str, seed: int | None = None,
                 seconds: float | None = None) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as err:
            from regalia.bots.specs import shlex_reason

            raise InvalidOption(_("cannot read the bot command {command}: {reason}").format(
                command=repr(command), reason=shlex_reason(err))) from None
        if not self.argv:
            raise InvalidOption(_("cmd: needs a program to run, e.g. cmd:./mybot"))
        self.command = command
        self.name = f"cmd:{command}"
        self.seconds = seconds
        self.rng = Rng(fresh_seed() if seed is None else seed)
        self.fallback = GreedyBot(self.rng.next64())
        self.process: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.broken: str | None = None  # why the program is no longer asked (the warning)
        self.turn = 0
        self.fallbacks = 0  # moves the fallback bot played

    # ------------------------------------------------------------------ the process
    def _start(self, info: InformationSet) -> None:
        try:
            self.process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1, encoding="utf-8",
                errors="replace", start_new_session=os.name == "posix",
            )
        except OSError as err:
            self._break(_("external bot {command} could not be started ({reason}); the "
                          "fallback bot (greedy) plays its moves").format(
                              command=repr(self.command), reason=os_reason(err)))
            return
        weakref.finalize(self, _stop, self.process)
        threading.Thread(target=_read_lines, args=(self.process, self.lines),
                         daemon=True).start()
        self._send({"type": "hello", "protocol": PROTOCOL, "game": info.game_id,
                    "players": info.players, "seat": info.seat})

    def _send(self, message: dict[str, Any]) -> bool:
        process = self.process
        if process is None or process.stdin is None:
            return False
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except (OSError, ValueError):
            self._break(_("external bot {command} died (its input is closed); the fallback "
                          "bot (greedy) plays its moves").format(command=repr(self.command)))
            return False
        return True

    def _break(self, warning: str) -> None:
        """Ask the program no more; ``warning`` (worded in the language in force) says why."""
        if self.broken is None:
            self.broken = warning
            log.warning("%s", warning)
        if self.process is not None:
            _stop(self.process)

    def close(self) -> None:
        """Tell the program the game is over and let it go (called after the game)."""
        if self.process is not None and self.broken is None:
            self._send({"type": "over"})
            with contextlib.suppress(OSError, ValueError):
                if self.process.stdin is not None:
                    self.process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=1.0)
        if self.process is not None:
            _stop(self.process)

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
        deadline = time.monotonic() + limit + GRACE
        samples = 0
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                self._late(turn)
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                self._late(turn)
                return None
            if line is None:
                self._break(_("external bot {command} died; the fallback bot (greedy) plays its "
                              "moves").format(command=repr(self.command)))
                return None
            message = _parse(line)
            if message is None:
                self._garbage(_("external bot {command} sent a line that is no JSON object: "
                                "{line} (turn {turn}); the fallback bot (greedy) plays this "
                                "move").format(command=repr(self.command), line=_short(line),
                                               turn=turn))
                return None
            kind, echo = message.get("type"), message.get("id")
            if echo is not None and echo != turn:
                continue  # a late answer to an earlier turn: that move is long played
            if kind == "ready":
                continue
            if kind == "sample":
                samples += 1
                if samples > MAX_SAMPLES:
                    self._garbage(_("external bot {command} asked for more than {n} samples "
                                    "(turn {turn}); the fallback bot (greedy) plays this move")
                                  .format(command=repr(self.command), n=MAX_SAMPLES, turn=turn))
                    return None
                state = info.sample(self.rng)
                if not self._send({"type": "sample", "id": turn, "state": state.to_dict()}):
                    return None
                continue
            if kind == "action":
                text = message.get("action")
                action = by_text.get(text) if isinstance(text, str) else None
                if action is None:
                    self._garbage(_("external bot {command} answered {answer}, which is no "
                                    "legal action now (turn {turn}); the fallback bot (greedy) "
                                    "plays this move").format(command=repr(self.command),
                                                              answer=_short(repr(text)),
                                                              turn=turn))
                    return None
                return action
            self._garbage(_("external bot {command} sent a message of unknown type {kind} "
                            "(turn {turn}); the fallback bot (greedy) plays this move").format(
                                command=repr(self.command), kind=_short(repr(kind)), turn=turn))
            return None

    def _late(self, turn: int) -> None:
        # A program that missed its time may be stuck for good: it is not asked again.
        self._break(_("external bot {command} did not answer turn {turn} in time; the "
                      "fallback bot (greedy) plays its moves").format(
                          command=repr(self.command), turn=turn))

    @staticmethod
    def _garbage(warning: str) -> None:
        """One answer was no good (``warning``, worded): this move is the fallback bot's."""
        log.warning("%s", warning)


def _read_lines(process: subprocess.Popen[str], lines: queue.Queue[str | None]) -> None:
    stream = process.stdout
    if stream is None:
        lines.put(None)
        return
    try:
        while True:
            line = stream.readline(MAX_LINE + 1)
            if not line:
                break
            if len(line) > MAX_LINE and not line.endswith("\n"):
                lines.put("\x00too long")
                stream.readline()  # drop the rest of that line
                continue
            lines.put(line)
    except (OSError, ValueError):
        pass
    lines.put(None)  # end of output: the program has died or closed its output


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        with contextlib.suppress(OSError):
            process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired, OSError):
            process.wait(timeout=1.0)
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                stream.close()


def _parse(line: str) -> dict[str, Any] | None:
    try:
        message = json.loads(line)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def _short(text: str) -> str:
    text = text.strip().replace("\n", " ")
    return text if len(text) <= 60 else text[:60] + "…"
