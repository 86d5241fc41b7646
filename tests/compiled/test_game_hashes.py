"""Every game plays exactly as recorded in benchmarks/game_hashes.json (legal-action lists, choices,
scores and records of seeded random games; a greedy bot's and a fixed-budget search's choices), in
whichever variant runs the tests: speed work on a rules core or the compiled build must change
nothing a player or a bot could see."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_plays_as_recorded() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "game_hashes.py"), "--games", "20",
         "--check", str(ROOT / "benchmarks" / "game_hashes.json")],
        capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "27 fingerprints as recorded, 0 differ" in done.stdout
