"""The quick run of the README (-m "not browser and not slow") leaves out exactly the files
tests/conftest.py marks, and keeps the rules' tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import BROWSER, SLOW

ROOT = Path(__file__).parents[1]


def _collected(*args: str) -> tuple[set[str], dict[str, set[str]]]:
    """The files the quick run collects of ``args``, and the marks of those it leaves out (one
    collection: each was a collection of its own, seconds each; CI time)."""
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                          "-p", "no:cacheprovider", "-p", "tests.support.shown_marks",
                          "-m", "not browser and not slow", *args], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout
    # -q twice (the project's addopts and this one): a line "FILE: N" per file collected
    kept = {line.split(":", 1)[0] for line in out.splitlines()
            if line.startswith("tests/") and line.split(":")[-1].strip().isdigit()}
    left_out: dict[str, set[str]] = {}
    for line in out.splitlines():
        if line.startswith("DESELECTED "):
            _, where, *marks = line.split(" ")
            left_out.setdefault(where, set()).update(m for m in marks[0].split(",") if m)
    return kept, left_out


def test_the_quick_run_leaves_out_browser_and_slow_files() -> None:
    files = ["tests/server/test_browser.py", "tests/conformance/test_fuzz.py",
             "tests/conformance/test_contract.py", "tests/games/el_grande/test_rules.py"]
    quick, left_out = _collected(*files)
    assert quick == {"tests/conformance/test_contract.py", "tests/games/el_grande/test_rules.py"}
    assert quick | set(left_out) == {*files}
    assert all(marks & {"browser", "slow"} for marks in left_out.values())
    assert {f for f, marks in left_out.items() if "browser" in marks} <= {*BROWSER}
    assert all(f.startswith(SLOW) for f, marks in left_out.items() if "slow" in marks)
    assert left_out  # (the marks are read: a file left out unmarked would fail above)
