"""The turn screens in a real terminal: ``regalia play`` in tmux at 80×24 and 120×40, each
game in English and Chinese, a few turns with a fixed seed, then the ``key`` command. What the pane
shows is what a player reads: no line cut by the terminal, the key named on the turn line and
explaining the codes the board shows, the others' moves told before the choice."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from regalia.engine.i18n import display_width
from tests.cli.test_screens import (
    CHOICE_START,
    CODES,
    KEY_NAMED,
    PLAYERS,
    WRAPPED,
    choices_shown,
)

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

REGALIA = Path(sys.executable).with_name("regalia")
GAMES = list(CODES)
HEADING = {"en": "Key to the board", "zh": "图例"}


class Pane:
    """One tmux session of its own running a command."""

    def __init__(self, command: str, width: int, height: int, cwd: Path) -> None:
        self.name = f"regalia-test-{os.getpid()}-{random.randrange(10 ** 9)}"
        # a tmux server of its own: the machine's default one may have been started by
        # someone else, whose environment (PYTHONPATH, LANG) its sessions would run in
        # (tmux's socket path must be short: the temporary folder may be deep)
        self.socket = f"/tmp/{self.name}.sock"
        subprocess.run([*self.tmux, "new-session", "-d", "-s", self.name, "-x", str(width),
                        "-y", str(height), "-c", str(cwd), command], check=True)

    @property
    def tmux(self) -> list[str]:
        return ["tmux", "-S", self.socket]

    def text(self) -> str:
        return subprocess.run([*self.tmux, "capture-pane", "-p", "-t", self.name],
                              capture_output=True, text=True, check=True).stdout

    def settle(self, until: tuple[str, ...], before: str = "", timeout: float = 60.0) -> str:
        """The pane once it ends with one of ``until``, is not ``before`` (the screen as it
        was when the keys were sent: a loaded machine may not have answered them yet) and
        stops changing."""
        last, deadline = "", time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.2)
            now = self.text()
            if now == last and now != before and now.rstrip().endswith(until):
                return now
            last = now
        raise AssertionError(f"the pane never settled:\n{last}")

    def send(self, keys: str) -> None:
        subprocess.run([*self.tmux, "send-keys", "-t", self.name, keys, "Enter"], check=True)

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], check=False, capture_output=True)
        Path(self.socket).unlink(missing_ok=True)


def choice_lines(screen: str) -> list[str]:
    """The lines of the list of choices under the board that start a choice."""
    block = []
    for line in reversed(screen.rstrip().splitlines()[:-1]):
        if not (CHOICE_START.match(line) or WRAPPED.match(line)):
            break
        block.append(line)
    return [line for line in block if CHOICE_START.match(line)]


@pytest.mark.parametrize(("width", "height"), [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_a_turn_screen_in_tmux_explains_its_codes(game: str, lang: str, width: int,
                                                   height: int, tmp_path: Path) -> None:
    players = PLAYERS.get(game, 3)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    pane = Pane(f"{REGALIA} play {game} --seats {seats} --seed 5 --lang {lang}", width,
                height, tmp_path)
    pages = ("move", "着法")  # a page of news: Enter goes on
    screens: list[str] = []

    def to_prompt(before: str = "") -> str:
        screen = pane.settle((">", *pages), before)
        while screen.rstrip().endswith(pages):
            screens.append(screen)
            pane.send("")
            screen = pane.settle((">", *pages), screen)
        screens.append(screen)
        return screen

    try:
        screen = ""
        for _turn in range(2):
            screen = to_prompt(screen)
            pane.send("1")
        turn = to_prompt(screen)
        pane.send("key")
        key = pane.settle((">",), turn)  # (the prompt before it ends the same way)
    finally:
        pane.close()
    assert KEY_NAMED[lang] in turn, turn
    assert HEADING[lang] in key, key
    board = "\n".join(turn.rstrip().splitlines()[:-1])
    # The key as read: its lines joined as the terminal wrapped them (with a space in
    # English, without one in Chinese).
    read = {" ".join(key.split()), "".join(line.strip() for line in key.splitlines())}
    for pattern, words in CODES[game]:
        if re.search(pattern, board):
            assert words[lang] in board or any(words[lang] in text for text in read), \
                f"{game}: {pattern} unexplained:\n{turn}\n{key}"
    for screen in screens:
        lines = screen.splitlines()
        assert len(lines) <= height
        # A line the terminal wrapped would push the board off: every line fits as printed.
        assert all(display_width(line) <= width for line in lines)
        # No two visible choices alike; a choice cut short only where its list could not
        # be shown whole (then what tells it apart stays), never one alone on its line.
        items = choices_shown(screen)
        texts = [text.rstrip(" …") for _n, text in items]
        assert len(set(texts)) == len(texts), f"{game}: choices read alike:\n{screen}"
        if len(items) == len(choice_lines(screen)):  # one to a line: none is cut
            assert not any(text.endswith("…") for _n, text in items), screen
