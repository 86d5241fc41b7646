"""The quick run of the README (-m "not browser and not slow") leaves out exactly the files
tests/conftest.py marks, and keeps the rules' tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import BROWSER, SLOW

ROOT = Path(__file__).parents[1]


def _collected(*args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                          "-p", "no:cacheprovider", *args], cwd=ROOT, capture_output=True,
                         text=True, check=False).stdout
    # -q twice (the project's addopts and this one): a line "FILE: N" per file collected
    return {line.split(":", 1)[0] for line in out.splitlines()
            if line.startswith("tests/") and line.split(":")[-1].strip().isdigit()}


def test_the_quick_run_leaves_out_browser_and_slow_files() -> None:
    files = ["tests/server/test_browser.py", "tests/conformance/test_fuzz.py",
             "tests/conformance/test_contract.py", "tests/games/el_grande/test_rules.py"]
    everything = _collected(*files)
    quick = _collected("-m", "not browser and not slow", *files)
    assert quick == {"tests/conformance/test_contract.py", "tests/games/el_grande/test_rules.py"}
    assert everything == {*files}
    assert _collected("-m", "browser", *files) <= {*BROWSER}
    assert all(f.startswith(SLOW) for f in _collected("-m", "slow", *files))
