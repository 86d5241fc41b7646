"""Nothing a user made is lost: no file replaced unasked, atomic saves, signals save the game,
pictures in the format asked for, and the seed kept from the table until the game is over."""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regalia.cli.main import app
from regalia.cli.play import GameStopped, Terminated
from regalia.cli.simulate import ProgressLines, estimate_line, worker_count
from regalia.engine.bench import random_playout
from regalia.engine.record import Record, replay
from regalia.engine.registry import new_game
from regalia.engine.rng import Rng
from tests.cli.conftest import TOY, output, session

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# ------------------------------------------------------------------ never overwrite unasked
def test_play_refuses_an_existing_record_before_the_game_starts(runner: CliRunner,
                                                                tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("an hour of someone's play")
    result = runner.invoke(app, ["play", TOY, "--seed", "5", "--record", str(record)],
                           input="1\n1\n1\n")
    assert result.exit_code == 1
    assert "exists already" in result.stderr and "--force" in result.stderr
    assert "North >" not in result.stdout  # refused before the first turn
    assert record.read_text() == "an hour of someone's play"


def test_play_with_force_replaces_the_record(runner: CliRunner, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("old")
    result = runner.invoke(app, ["play", TOY, "--seed", "5", "--record", str(record),
                                 "--force"], input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert replay(Record.load(record)).is_over()


def test_play_refuses_a_record_path_it_could_not_write(runner: CliRunner,
                                                       tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", TOY, "--record", str(tmp_path / "no" / "g.json")],
                           input="1\n")
    assert result.exit_code == 1
    assert "there is no folder" in result.stderr
    assert "North >" not in result.stdout


def test_in_game_save_asks_before_replacing_a_file(tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    target.write_text("keep me")
    play, script = session(TOY, 3, ["human", "random", "random"], 5,
                           [f"save {target}", "n", f"save {target}", "y", "1", "1", "1"])
    play.run()
    text = output(play)
    assert "Replace it? [y/N]" in "\n".join(script.prompts)
    assert "Not saved." in text
    saved = Record.load(target)  # the second answer, yes, replaced it with the record
    assert saved.game == TOY and saved.action_count == 0


def test_quit_saves_to_a_fresh_name_and_exits_zero(tmp_path: Path) -> None:
    default = tmp_path / "game.json"
    default.write_text("an earlier game")
    play, script = session(TOY, 3, ["human", "random", "random"], 5, ["1", "quit", ""],
                           default_save=str(default))
    with pytest.raises(GameStopped) as stopped:
        play.run()
    assert stopped.value.code == 0
    assert default.read_text() == "an earlier game"
    fresh = tmp_path / "game-2.json"
    assert f"[{fresh}]" in script.prompts[-1]
    assert Record.load(fresh).action_count >= 1


def test_end_of_input_saves_automatically_and_says_where(tmp_path: Path) -> None:
    default = tmp_path / "auto.json"
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["1"],
                      default_save=str(default))
    with pytest.raises(GameStopped) as stopped:
        play.run()
    assert stopped.value.code == 1
    text = " ".join(output(play).split())  # the path may wrap
    assert "saving automatically" in text and f"to {default}" in text
    assert Record.load(default).action_count >= 1


# ------------------------------------------------------------------ the seed stays secret
def test_play_shows_the_seed_only_when_the_game_is_over(runner: CliRunner,
                                                        tmp_path: Path) -> None:
    seed = "987654321"
    stopped = runner.invoke(app, ["play", TOY, "--seed", seed], input="quit\nno\n")
    assert stopped.exit_code == 0, stopped.output
    assert seed not in stopped.output
    finished = runner.invoke(app, ["play", TOY, "--seed", seed], input="1\n1\n1\n")
    assert finished.exit_code == 0, finished.output
    before_end, _, after = finished.stdout.partition("Game over")
    assert seed not in before_end and seed in after


def test_default_save_name_does_not_carry_the_seed(runner: CliRunner, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", TOY, "--seed", "424242"], input="1\nquit\n\n")
    assert result.exit_code == 0, result.output
    names = [p.name for p in tmp_path.glob("*.json")]
    assert len(names) == 1 and "424242" not in names[0]
    assert Record.load(tmp_path / names[0]).seed == 424242  # the record itself keeps it


# ------------------------------------------------------------------ signals
def test_a_signal_during_a_move_waits_until_the_move_is_complete() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, [])
    handler_raised: list[BaseException] = []
    with play.stop_signals_save():
        handler = signal.getsignal(signal.SIGTERM)
        assert callable(handler)
        play.applying = True
        handler(signal.SIGTERM, None)  # arrives in the middle of apply(): only noted
        play.applying = False
        assert play.stop_signal == signal.SIGTERM
        seat = play.state.to_move()[0]
        try:
            play.perform(play.state.legal_actions(seat)[0], seat)
        except Terminated as stop:
            handler_raised.append(stop)
    assert handler_raised and play.decisions == 1  # the move was made whole, then the stop
    assert signal.getsignal(signal.SIGTERM) is not handler  # the old handler is back


def _read_until(proc: subprocess.Popen[bytes], pattern: str, seconds: float = 60) -> str:
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            if not chunk:
                break
            seen += chunk
            if re.search(pattern, seen.decode(errors="replace")):
                return seen.decode(errors="replace")
    raise AssertionError(f"no {pattern!r} in output: {seen.decode(errors='replace')[-2000:]}")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_signal_saves_the_game_and_resume_goes_on(signum: int, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "regalia", "play", "el-grande", "--seats",
               "human,random", "--seed", "11"]
    if signum == signal.SIGHUP:
        command += ["--record", str(tmp_path / "kept.json")]
    env = {**os.environ, "COLUMNS": "120", "PYTHONPATH": os.pathsep.join(sys.path)}
    proc = subprocess.Popen(command, cwd=tmp_path, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
    try:
        _read_until(proc, r"Red > ")
        assert proc.stdin is not None
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
        # (the bots' moves may come first on a page of their own, closed with Enter)
        _read_until(proc, r"You chose.*\n(.|\n)*(Red > |Enter: on to your turn)")
        proc.send_signal(signum)
        rest = proc.communicate(timeout=60)[0].decode(errors="replace")
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 128 + signum, rest
    saved = re.search(r"to (\S+\.json); resume", " ".join(rest.split()))
    assert saved, rest
    path = tmp_path / saved.group(1) if not Path(saved.group(1)).is_absolute() \
        else Path(saved.group(1))
    if signum == signal.SIGHUP:
        assert path == tmp_path / "kept.json"
    record = Record.load(path)
    assert record.action_count >= 1 and record.seed == 11
    state = replay(record)
    assert not state.is_over()
    # --resume picks the game up where the signal stopped it.
    # (Enter first, a few times: the moves so far may come on pages of their own)
    resumed = CliRunner().invoke(app, ["play", "--resume", str(path)],
                                 input="\n" * 4 + "quit\nno\n")
    assert resumed.exit_code == 0, resumed.output
    assert f"after {record.action_count}" in resumed.stdout or "Red >" in resumed.stdout


# ------------------------------------------------------------------ pictures
@pytest.fixture
def record_file(tmp_path: Path) -> Path:
    state = new_game("el-grande", 3, seed=2)
    random_playout(state, Rng(2))
    path = tmp_path / "game.json"
    state.record().save(path)
    return path


def test_render_png_writes_a_real_png(runner: CliRunner, record_file: Path,
                                      tmp_path: Path) -> None:
    pytest.importorskip("resvg_py", reason="PNG output is the png extra (the test extra has it)")
    out = tmp_path / "pos.png"
    result = runner.invoke(app, ["render", str(record_file), "-o", str(out), "--step", "30"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(PNG_MAGIC)


def test_render_refuses_png_without_the_extra(runner: CliRunner, record_file: Path,
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import fails as if not installed
    out = tmp_path / "pos.png"
    result = runner.invoke(app, ["render", str(record_file), "-o", str(out)])
    assert result.exit_code == 1
    assert "png extra" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not out.exists()


def test_render_never_writes_over_its_record_or_an_existing_picture(
        runner: CliRunner, record_file: Path, tmp_path: Path) -> None:
    before = record_file.read_text()
    for extra in ([], ["--force"]):
        result = runner.invoke(app, ["render", str(record_file), "-o", str(record_file),
                                     *extra])
        assert result.exit_code == 2
        assert record_file.read_text() == before
    svg_named_like_record = tmp_path / "game.svg"
    record_file.rename(svg_named_like_record)
    result = runner.invoke(app, ["render", str(svg_named_like_record), "-o",
                                 str(svg_named_like_record), "--force"])
    assert result.exit_code == 2 and "is the record being read" in result.stderr
    assert svg_named_like_record.read_text() == before
    picture = tmp_path / "pos.svg"
    picture.write_text("a picture I drew")
    refused = runner.invoke(app, ["render", str(svg_named_like_record), "-o", str(picture)])
    assert refused.exit_code == 1 and "exists already" in refused.stderr
    assert picture.read_text() == "a picture I drew"
    forced = runner.invoke(app, ["render", str(svg_named_like_record), "-o", str(picture),
                                 "--force"])
    assert forced.exit_code == 0 and picture.read_text().startswith("<svg")


def test_render_refuses_other_formats(runner: CliRunner, record_file: Path,
                                      tmp_path: Path) -> None:
    result = runner.invoke(app, ["render", str(record_file), "-o", str(tmp_path / "x.jpg")])
    assert result.exit_code == 2 and ".svg or .png" in result.stderr
    assert not (tmp_path / "x.jpg").exists()


# ------------------------------------------------------------------ simulate
def test_simulate_refuses_to_replace_records_unless_forced(runner: CliRunner,
                                                           tmp_path: Path) -> None:
    out = tmp_path / "records"
    out.mkdir()
    (out / "game-00001.json").write_text("a record from another run")
    args = ["simulate", TOY, "--games", "3", "--seed", "1", "--records", str(out), "--json"]
    refused = runner.invoke(app, args)
    assert refused.exit_code == 1 and "--force" in refused.stderr
    assert (out / "game-00001.json").read_text() == "a record from another run"
    assert not (out / "game-00000.json").exists()  # refused before any game
    forced = runner.invoke(app, [*args, "--force"])
    assert forced.exit_code == 0, forced.output
    assert replay(Record.load(out / "game-00001.json")).is_over()


def test_worker_count_defaults_to_the_cores_and_caps_requests(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    assert worker_count(None, 100) == (4, None)
    assert worker_count(0, 2) == (2, None)  # never more workers than games
    count, note = worker_count(64, 100)
    assert count == 4 and note is not None and "64" in note and "4 cores" in note
    assert worker_count(3, 100) == (3, None)


def test_plain_progress_lines_every_tenth_with_time_left() -> None:
    now = [0.0]
    lines: list[str] = []
    progress = ProgressLines(lines.append, 20, every=1e9, clock=lambda: now[0])
    for _ in range(20):
        now[0] += 3.0
        progress.advance()
    assert len(lines) == 10
    assert lines[0] == "2/20 games, 6 s elapsed, about 54 s left"
    assert lines[-1] == "20/20 games, 1 min 00 s elapsed"


def test_estimate_is_said_only_for_long_runs() -> None:
    assert estimate_line(0.5, 100, 2) is None
    line = estimate_line(9.0, 100, 2)
    assert line is not None and "7 min 30 s" in line and "100 games" in line


def test_simulate_prints_plain_progress_when_not_a_terminal(runner: CliRunner) -> None:
    result = runner.invoke(app, ["simulate", TOY, "--games", "20", "--seed", "3",
                                 "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert re.search(r"^20/20 games, \d+ s elapsed$", result.stderr, re.MULTILINE)


# ------------------------------------------------------------------ replay shows what a seat knew
def test_replay_with_seat_and_chance_hides_others_secret_draws(runner: CliRunner,
                                                               tmp_path: Path) -> None:
    state = new_game("castles-of-burgundy-cards", 2, seed=3)
    random_playout(state, Rng(3))
    path = tmp_path / "cob.json"
    state.record().save(path)
    hands = [m["outcome"] for m in state.moves() if m.get("chance") == "hand"]
    assert hands
    full = runner.invoke(app, ["replay", str(path), "--step", "20", "--chance"])
    seen = runner.invoke(app, ["replay", str(path), "--step", "20", "--chance", "--seat", "0"])
    assert full.exit_code == 0 and seen.exit_code == 0, seen.output
    assert re.search(r"chance: hand → \S+-\d", full.stdout)
    assert "chance: hand → (hidden)" in seen.stdout
    assert not re.search(r"chance: hand → \S+-\d", seen.stdout)
    assert re.search(r"chance: display → \S+-\d", seen.stdout)  # face-up cards stay


# ------------------------------------------------------------ text from files is shown, not obeyed
def test_record_text_is_not_read_as_markup_or_control_codes(runner: CliRunner,
                                                            tmp_path: Path) -> None:
    state = new_game(TOY, 3, seed=8)
    random_playout(state, Rng(8))
    doc = state.record().to_dict()
    doc["meta"] = {"seats": ["[blink]human[/]", "random\x1b]0;owned\x07", "\x1b[2Jrandom"]}
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(doc))
    result = runner.invoke(app, ["replay", str(path)], color=True)
    assert result.exit_code == 0, result.output
    assert "\x1b]0;" not in result.stdout and "\x1b[2J" not in result.stdout
    assert "[blink]human[/]" in result.stdout
    assert "\\x1b]0;owned\\x07" in result.stdout


def test_ctrl_c_stops_a_simulation_on_workers_cleanly(tmp_path: Path) -> None:
    """Ctrl-C reaches every process of the job (the terminal signals the foreground group):
    the workers leave it to the parent, which stops the pool and says so. Compiled, a worker
    interrupted inside its arithmetic aborted with "fatal: out of memory" before."""
    # Its output goes to files, not pipes: the test waits for the process, not for the pipes'
    # end, which any process that inherited them keeps open (under load, one did for over a
    # minute after the whole job had been killed: not one of the job's).
    with (tmp_path / "out.txt").open("w") as out_file, \
            (tmp_path / "err.txt").open("w") as err_file:
        process = subprocess.Popen(
            [sys.executable, "-m", "regalia", "simulate", "palais-royal", "-n", "400", "--bots",
             "ismcts:iterations=100", "--workers", "2", "--seed", "3"],
            cwd=tmp_path, stdout=out_file, stderr=err_file, start_new_session=True,
            preexec_fn=_hear_ctrl_c_as_a_terminal_job_does,
            env={**os.environ, "PYTHONFAULTHANDLER": "1"})  # (a hang's stacks: below)
    workers: list[int] = []
    try:
        # Once both workers play (400 searching games take minutes), as a person would: once
        # each has left Ctrl-C to the parent (a worker forked but not yet past that, on a
        # loaded machine, would die of the KeyboardInterrupt with a traceback).
        deadline = time.monotonic() + 60
        while not _workers_started(process.pid):
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.2)
        workers = _children(process.pid)
        time.sleep(1.0)
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:  # where it hangs: faulthandler's stacks on SIGABRT
            os.kill(process.pid, signal.SIGABRT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=10)
            err = (tmp_path / "err.txt").read_text(errors="replace")
            pytest.fail(f"still running 60 s after Ctrl-C:\n{err[-6000:]}")
        deadline = time.monotonic() + 30  # the pool's workers are stopped with it
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "the workers outlived the simulation"
            time.sleep(0.1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    out = (tmp_path / "out.txt").read_text(errors="replace")
    err = (tmp_path / "err.txt").read_text(errors="replace")
    assert process.returncode == 130, (out[-500:], err[-1500:])
    assert "out of memory" not in out + err
    assert "Traceback" not in err


def _hear_ctrl_c_as_a_terminal_job_does() -> None:
    """Ctrl-C back to its default in the child: a test run started in the background of a
    shell (``pytest … &``) ignores SIGINT, and a child inheriting that, as Python does not
    install its handler over an ignored signal, would never hear the test's Ctrl-C (it hung in
    7 of 8 such runs)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, exited but not yet reaped by init, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _workers_started(pid: int) -> bool:
    """Whether ``pid`` has two children, each ignoring SIGINT (its pool's initializer ran)."""
    children = _children(pid)
    return len(children) >= 2 and all(_ignores_sigint(child) for child in children)


def _ignores_sigint(pid: int) -> bool:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    ignored = next(line.split()[1] for line in status.splitlines()
                   if line.startswith("SigIgn:"))
    return bool(int(ignored, 16) & (1 << (signal.SIGINT - 1)))


def _children(pid: int) -> list[int]:
    try:
        found = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:  # (no such file: let the caller's deadline decide)
        return []
    return [int(word) for word in found.split()]
