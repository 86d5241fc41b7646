"""Every file the package reads at run time goes into what ``pip install .`` installs: the
wheel holds the Python modules and only the other files ``package-data`` names (the web's
templates and scripts were missing once, so an installed ``regalia serve`` had no pages)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
# (Python, or made by a build; the translators' template .pot is not read at run time)
BUILT = {".py", ".pyc", ".so", ".pyd", ".c", ".h", ".typed", ".pot"}


def _package_of(path: Path) -> tuple[str, str]:
    """The package a data file belongs to (its nearest folder with an ``__init__.py``) and
    the file's path relative to that package, as ``package-data`` patterns read it."""
    folder = path.parent
    while not (folder / "__init__.py").exists():
        folder = folder.parent
    package = ".".join(folder.relative_to(SOURCE).parts)
    return package, path.relative_to(folder).as_posix()


def test_every_data_file_is_named_by_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())[
        "tool"]["setuptools"]["package-data"]
    data = [path for path in (SOURCE / "regalia").rglob("*") if path.is_file()
            and path.suffix not in BUILT and "__pycache__" not in path.parts]
    assert any(path.suffix == ".html" for path in data)  # (the walk finds the templates)
    missing = []
    for path in data:
        package, relative = _package_of(path)
        named = [*patterns.get("*", []), *patterns.get(package, [])]
        if not any(fnmatch.fnmatch(relative, pattern) for pattern in named):
            missing.append(f"{package}: {relative}")
    assert missing == [], "not installed by pip install .: " + ", ".join(missing)
