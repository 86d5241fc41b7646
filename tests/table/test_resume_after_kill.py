"""Closing the laptop loses nothing: `regalia table` killed mid-game (SIGKILL, no chance to
save) goes on with --resume at the last entry."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from regalia.engine.errors import InvalidRecord
from regalia.engine.record import Record, replay
from regalia.table import TableSession
from tests.table.scripted import engine_record, enter

SRC = Path(__file__).parents[2] / "src"


def saved_entries(path: Path) -> int:
    try:
        record = Record.load(path)
    except (InvalidRecord, OSError):
        return -1  # not written yet
    return len(record.moves) + len(record.meta["table"]["tail"])


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs kill -9")
def test_a_killed_table_resumes_at_its_last_entry(tmp_path: Path) -> None:
    record = engine_record("el-grande", 3, steps=12)
    typed = 20  # setup outcomes, the sealed disks, some power cards and their draws
    lines = [str(m.get("outcome", m.get("action"))) for m in record.moves[:typed]]
    path = tmp_path / "table.json"
    env = {**os.environ, "PYTHONPATH": str(SRC), "COLUMNS": "80", "LINES": "24"}
    process = subprocess.Popen(
        [sys.executable, "-m", "regalia", "table", "el-grande", "--players", "3",
         "--record", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        cwd=tmp_path, env=env, text=True)
    try:
        assert process.stdin is not None
        process.stdin.write("\n".join(lines) + "\n")
        process.stdin.flush()
        deadline = time.monotonic() + 60
        while saved_entries(path) < typed and time.monotonic() < deadline:
            assert process.poll() is None, process.stderr.read() if process.stderr else ""
            time.sleep(0.05)
        assert saved_entries(path) == typed
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    session = TableSession.resume(path)
    assert [e.move for e in session.entries] == record.moves[:typed]
    enter(session, record.moves)
    assert session.record().moves == record.moves
    mine, engines = replay(Record.load(path)), replay(record)
    assert all(mine.view(s) == engines.view(s) for s in (0, 1, 2, None))
