"""Which modules the compiled build compiles (shared by setup.py, the build backend and tests).

The rules cores of every game, the engine and the bots are compiled; the front ends (cli,
server, rl) stay interpreted. The modules left out, and why, are in docs/compiled.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

# the compiler the compiled build was made and tested with (mypyc ships with mypy)
MYPYC_REQUIREMENT = "mypy==2.4.1"

COMPILED_PACKAGES = ("regalia/engine", "regalia/games", "regalia/bots")

# Modules of those packages that stay interpreted (reasons in docs/compiled.md).
INTERPRETED = frozenset({
    "regalia/bots/external.py",  # a subprocess and a reader thread: nothing to gain
    "regalia/engine/pools.py",  # worker processes for many games: nothing to gain
    # exceptions that also derive from ValueError / OSError: mypyc compiles no such classes
    "regalia/engine/errors.py",
    "regalia/engine/files.py",
    # mypyc 2.4 fails on signatures with defaults followed by **kwargs (its text signature);
    # the benchmark's timing loop and SVG markup helpers gain nothing from compiling anyway
    "regalia/engine/bench.py",
    "regalia/engine/markup.py",
    # compiled, its pure-Python fallback (an `else` after `if TYPE_CHECKING`) would be code
    # mypyc takes for unreachable; the compiled modules' decorators are read at compile time
    "regalia/engine/compiling.py",
    # the message catalogs: mypyc does not export a module-level function named `_` (the
    # gettext convention every caller imports), and looking up a message gains nothing
    "regalia/engine/i18n.py",
    # the phone board's shared layout: a drawing, like the games' render_svg.py
    "regalia/engine/phone_board.py",
})


def _is_drawing(rel: str) -> bool:
    """A game's text or SVG drawing of a view: front-end code, never on a search's path."""
    return rel.startswith("regalia/games/") and rel.rsplit("/", 1)[1] in {
        "render_svg.py", "render_text.py", "map_layout.py", "phone_svg.py"}


def compile_requested(environ: Mapping[str, str]) -> bool:
    return environ.get("REGALIA_COMPILE", "").strip().lower() in {"1", "true", "yes", "on"}


def _games_left_out(rel: str, games: str) -> bool:
    """``REGALIA_COMPILE_GAMES=el_grande,ming_dynasty`` compiles the engine, the bots and only
    those games (a developer's quicker build while working on one rules core); empty: all."""
    wanted = {name.strip().replace("-", "_") for name in games.split(",") if name.strip()}
    if not wanted or not rel.startswith("regalia/games/"):
        return False
    parts = rel.split("/")
    return len(parts) > 3 and parts[2] not in wanted


def compiled_paths(root: Path, games: str = "") -> list[str]:
    """The source files to compile, relative to ``root`` (the project folder), sorted."""
    src = root / "src"
    out = []
    for package in COMPILED_PACKAGES:
        for path in sorted((src / package).rglob("*.py")):
            rel = path.relative_to(src).as_posix()
            if rel not in INTERPRETED and not _is_drawing(rel) and not _games_left_out(
                    rel, games):
                out.append(path.relative_to(root).as_posix())
    return out
