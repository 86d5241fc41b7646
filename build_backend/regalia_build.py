"""The build backend: setuptools', plus mypy as a build requirement when a compiled build is
asked for (``REGALIA_COMPILE=1``), so a plain build needs neither mypy nor a C compiler.

An editable install is always pure Python: compiled modules in the source tree would shadow the
sources a developer edits (and the tests of the pure variant would run compiled code).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import (  # noqa: F401  (the hooks we do not change)
    build_sdist,
    build_wheel,
    get_requires_for_build_sdist,
    prepare_metadata_for_build_editable,
    prepare_metadata_for_build_wheel,
)

sys.path.insert(0, str(Path(__file__).parent))
from regalia_modules import MYPYC_REQUIREMENT, compile_requested

ConfigSettings = dict[str, Any] | None


def get_requires_for_build_wheel(config_settings: ConfigSettings = None) -> list[str]:
    wanted = compile_requested(os.environ)
    # setuptools runs setup.py to ask; mypy is not there yet, so that run must not compile
    saved = os.environ.pop("REGALIA_COMPILE", None)
    try:
        requires = list(_setuptools.get_requires_for_build_wheel(config_settings))
    finally:
        if saved is not None:
            os.environ["REGALIA_COMPILE"] = saved
    return [*requires, MYPYC_REQUIREMENT] if wanted else requires


def get_requires_for_build_editable(config_settings: ConfigSettings = None) -> list[str]:
    os.environ.pop("REGALIA_COMPILE", None)
    return list(_setuptools.get_requires_for_build_editable(config_settings))


def build_editable(wheel_directory: str, config_settings: ConfigSettings = None,
                   metadata_directory: str | None = None) -> str:
    os.environ.pop("REGALIA_COMPILE", None)
    return _setuptools.build_editable(wheel_directory, config_settings, metadata_directory)
