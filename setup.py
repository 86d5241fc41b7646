"""The optional compiled build (docs/compiled.md).

``pip install .`` builds pure Python, as pyproject.toml describes. With ``REGALIA_COMPILE=1`` in
the environment the rules cores, the engine and the bots are compiled with mypyc from the same
source; the in-tree build backend (``build_backend/``) then asks for mypy as a build requirement,
so a plain build never needs mypy or a C compiler.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

sys.path.insert(0, str(Path(__file__).parent / "build_backend"))
from regalia_modules import compile_requested, compiled_paths

if compile_requested(os.environ):
    from mypyc.build import mypycify

    ext_modules = mypycify(
        compiled_paths(Path(__file__).parent),
        opt_level=os.environ.get("REGALIA_COMPILE_OPT", "3"),
        # one shared library: cross-module calls between the compiled modules stay native
        multi_file=False,
    )
    setup(ext_modules=ext_modules)
else:
    setup()
