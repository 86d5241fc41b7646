"""Running code in the other variant: pure Python from the same installation (compiled modules
hidden), and the compiled build when one is at hand."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from regalia.cli.bench import build_variant, pure_python_command

ROOT = Path(__file__).resolve().parents[2]


def compiled_python() -> str | None:
    """An interpreter whose regalia is compiled: this one, or ``REGALIA_COMPILED_PYTHON``."""
    if build_variant() == "compiled":
        return sys.executable
    return os.environ.get("REGALIA_COMPILED_PYTHON") or None


def run_json(command: list[str], code_env: dict[str, str] | None = None) -> Any:
    """Run ``command`` from the project folder (tests importable) and read its last line."""
    env = dict(os.environ)
    # the tests package must import; regalia comes from where it comes from here
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env.update(code_env or {})
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT,
                          env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def in_pure(code: str) -> Any:
    return run_json(pure_python_command(code))


def in_compiled(python: str, code: str) -> Any:
    return run_json([python, "-c", code])
