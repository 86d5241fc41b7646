"""Closing the window saves the game: `regalia play` in a real tmux session, the session killed
(as a closed terminal emulator hangs its terminal up) at the prompt and while a bot thinks, in
every game; the game must be in the --record file or a new file in the folder, and --resume must
go on from it.

REGALIA_CLOSE_TRIES sets the tries per game and moment (default 2, run in parallel; the issue's
measurement is 20: `REGALIA_CLOSE_TRIES=20 pytest tests/cli/test_window_close.py`, or in batches
of 5 with REGALIA_CLOSE_FIRST=0, 5, 10, 15 where a busy machine slows 100 sessions at once).
Before the fix, every game killed while a bot thought was lost (0 of 100): the bot's spinner
wrote to the hung-up terminal, the OSError escaped before SIGHUP's save.
"""

from __future__ import annotations

import dataclasses
import errno
import io
import os
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from regalia.cli.hangup import HangupSafeFile
from regalia.cli.main import app
from regalia.cli.play import GameStopped, PlaySession, Terminated, real_terminal
from regalia.engine.record import Record, replay
from regalia.engine.registry import new_game
from tests.cli.conftest import TOY, session

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")

TRIES = int(os.environ.get("REGALIA_CLOSE_TRIES", "2"))
# The first try's number (its seed is 100 more): the 20 tries may run in batches, each batch
# with seeds of its own, where 100 sessions at once would outwait the test on a busy machine.
FIRST = int(os.environ.get("REGALIA_CLOSE_FIRST", "0"))
GAMES = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "shadow-of-the-emperor",
         "ming-dynasty")
# Seats per moment: a human at the prompt (random bots answer at once), or a bot that thinks
# far longer than the test waits (its spinner turning) before the human's first turn.
SEATS = {"prompt": "human,random", "thinking": "ismcts:think=60s,human"}
WAIT = 120.0  # seconds for every session of a batch to reach its moment (a loaded machine)


@dataclass
class Try:
    game: str
    moment: str
    index: int
    folder: Path
    name: str
    record: bool  # with --record (else the game goes to a new file in the folder)
    pid: int = 0


def tmux(socket: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["tmux", "-S", str(socket), *args], capture_output=True, text=True,
                          check=False)


def reached(screen: str, moment: str) -> bool:
    if moment == "thinking":
        return "is thinking" in screen
    lines = [line.rstrip() for line in screen.splitlines() if line.strip()]
    return bool(lines) and lines[-1].endswith(">")


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def close_windows(tries: list[Try], socket: Path) -> None:
    """Start every try's game, and kill each session as soon as it shows its moment."""
    env_path = os.pathsep.join(sys.path)
    for t in tries:
        command = ["env", f"PYTHONPATH={env_path}", sys.executable, "-m", "regalia", "play",
                   t.game, "--seats", SEATS[t.moment], "--seed", str(100 + t.index)]
        if t.record:
            command += ["--record", str(t.folder / "kept.json")]
        made = tmux(socket, "new-session", "-d", "-s", t.name, "-x", "80", "-y", "24", "-c",
                    str(t.folder), " ".join(command))
        assert made.returncode == 0, made.stderr
    pending = {t.name: t for t in tries}
    deadline = time.monotonic() + WAIT
    while pending and time.monotonic() < deadline:
        for name, t in list(pending.items()):
            if reached(tmux(socket, "capture-pane", "-p", "-t", name).stdout, t.moment):
                t.pid = int(tmux(socket, "display", "-p", "-t", name, "#{pane_pid}").stdout)
                tmux(socket, "kill-session", "-t", name)
                del pending[name]
        time.sleep(0.1)
    screens = {n: tmux(socket, "capture-pane", "-p", "-t", n).stdout for n in pending}
    tmux(socket, "kill-server")
    assert not pending, f"never reached their moment: {screens}"
    deadline = time.monotonic() + 60
    while any(alive(t.pid) for t in tries) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [t.name for t in tries if alive(t.pid)], "still running after the window closed"


def saved_game(t: Try) -> Path | None:
    files = sorted(t.folder.glob("*.json"))
    if t.record:
        return t.folder / "kept.json" if (t.folder / "kept.json").exists() else None
    return files[0] if len(files) == 1 else None


@needs_tmux
@pytest.mark.parametrize("moment", sorted(SEATS))
def test_closing_the_window_saves_the_game_in_every_game(moment: str, tmp_path: Path) -> None:
    tries = []
    for game in GAMES:
        for i in range(FIRST, FIRST + TRIES):
            folder = tmp_path / f"{game}-{i}"
            folder.mkdir()
            tries.append(Try(game, moment, i, folder, f"w{len(tries)}", record=i % 2 == 0))
    # (tmux's socket path must be short: the temporary folder may be deep)
    socket = Path(f"/tmp/regalia-close-{os.getpid()}-{moment}.sock")
    try:
        close_windows(tries, socket)
    finally:
        tmux(socket, "kill-server")
        socket.unlink(missing_ok=True)
    lost = [f"{t.game} #{t.index}" for t in tries if saved_game(t) is None]
    assert not lost, f"{len(lost)} of {len(tries)} games lost: {lost}"
    for t in tries:
        path = saved_game(t)
        assert path is not None
        record = Record.load(path)
        assert record.game == t.game and record.seed == 100 + t.index
        assert not replay(record).is_over()


@needs_tmux
def test_resume_goes_on_from_the_game_a_closed_window_saved(tmp_path: Path) -> None:
    folder = tmp_path / "eg"
    folder.mkdir()
    t = Try("el-grande", "prompt", 0, folder, "resume", record=True)
    socket = Path(f"/tmp/regalia-close-{os.getpid()}-resume.sock")
    try:
        close_windows([t], socket)
    finally:
        tmux(socket, "kill-server")
        socket.unlink(missing_ok=True)
    path = folder / "kept.json"
    record = Record.load(path)
    assert record.meta.get("seats") == ["human", "random"]
    # (after the move, Enter closes the page of what the others did since)
    resumed = CliRunner().invoke(app, ["play", "--resume", str(path)], input="1\n\nquit\nno\n")
    assert resumed.exit_code == 0, resumed.output
    assert "You chose" in resumed.stdout  # the game went on: a move was played


# ------------------------------------------------------------------ without tmux: the parts
class Screen(io.StringIO):
    """A terminal whose window can close: then every write fails as a hung-up tty's does."""

    window_closed = False

    def write(self, text: str) -> int:
        if self.window_closed:
            raise OSError(errno.EIO, "Input/output error")
        return super().write(text)

    def isatty(self) -> bool:
        return not self.window_closed


def test_writing_to_a_closed_window_is_dropped_not_raised() -> None:
    screen = Screen()
    screen.window_closed = True
    output = HangupSafeFile(screen)
    assert output.write("hello") == 5 and output.gone
    output.flush()
    assert not output.isatty()  # Rich stops drawing spinners to it


@pytest.mark.parametrize("record", [True, False])
def test_a_window_that_closes_before_any_signal_saves_the_game(tmp_path: Path,
                                                                record: bool) -> None:
    """The window closes and no SIGHUP comes (yet): the first write that fails stops the game
    and saves it (before the fix the OSError escaped and the game was lost)."""
    screen = Screen()
    term = real_terminal(Console(file=screen, width=80, height=24, color_system=None))

    def ask(prompt: str) -> str:
        screen.window_closed = True  # the player answers, and closes the window
        return "1"

    target = tmp_path / "kept.json"
    play = PlaySession(new_game("el-grande", 2, seed=3), ["human", "random"],
                       dataclasses.replace(term, ask=ask), 3,
                       default_save=str(tmp_path / "game.json"),
                       record_path=str(target) if record else None)
    with pytest.raises(GameStopped) as stopped:
        play.run()
    assert stopped.value.code == 128 + signal.SIGHUP
    saved = Record.load(target if record else tmp_path / "game.json")
    assert saved.action_count >= 1 and not replay(saved).is_over()


def test_end_of_input_saves_to_the_record_file(tmp_path: Path) -> None:
    target = tmp_path / "kept.json"
    play, _script = session(TOY, 3, ["human", "random", "random"], 5, ["1"],
                            default_save=str(target), record_path=str(target))
    with pytest.raises(GameStopped):
        play.run()
    assert Record.load(target).action_count >= 1
    assert list(tmp_path.iterdir()) == [target]  # no second file beside it


def test_a_second_signal_does_not_cut_the_save_short() -> None:
    play, _script = session(TOY, 3, ["human", "random", "random"], 5, [])
    with play.stop_signals_save():
        handler = signal.getsignal(signal.SIGHUP)
        assert callable(handler)
        with pytest.raises(Terminated):
            handler(signal.SIGHUP, None)
        play.stopping = True  # saving now
        handler(signal.SIGHUP, None)  # returns: the save goes on
