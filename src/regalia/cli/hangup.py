"""Surviving a closed terminal window: output to a terminal that is gone is dropped instead of
raising, so that the game can still be saved after the window closed.

When a terminal emulator closes or its tmux session is killed, the kernel hangs the terminal
up: every later write and read on it fails with EIO, and SIGHUP arrives, but not necessarily
first. A Rich console writing to the dead terminal (the spinner of a thinking bot, the prompt)
raised ``OSError`` before the signal's handler could save the game, and the game was lost.
"""

from __future__ import annotations

from typing import IO, Any


class HangupSafeFile:
    """A console's output file whose writes never raise: once one fails (EIO after a hang-up,
    EPIPE), the terminal is taken as gone and every later write is dropped."""

    def __init__(self, file: IO[str]) -> None:
        self._file = file
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._file.write(text)
            except OSError:  # (BrokenPipeError too)
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._file.flush()
            except OSError:
                self.gone = True

    def isatty(self) -> bool:
        if self.gone:
            return False
        try:
            return self._file.isatty()
        except (OSError, ValueError):
            return False

    def __getattr__(self, name: str) -> Any:
        # fileno, encoding, errors… as the real file has them (Rich asks for some).
        return getattr(self._file, name)
