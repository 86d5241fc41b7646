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


def _compile_in_parallel() -> None:
    """Compile an extension's C files on every core: mypyc makes one extension of ~100 files,
    and setuptools' own ``-j`` only runs whole extensions side by side."""
    from concurrent.futures import ThreadPoolExecutor

    from setuptools._distutils import ccompiler

    def compile(self, sources, output_dir=None, macros=None,  # type: ignore[no-untyped-def]
                include_dirs=None, debug=0, extra_preargs=None, extra_postargs=None,
                depends=None):
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj):  # type: ignore[no-untyped-def]
            if obj in build:  # (objects that are up to date are not in it)
                src, ext = build[obj]
                self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(one, objects))  # gcc runs as a subprocess: threads suffice
        return objects

    ccompiler.CCompiler.compile = compile


if compile_requested(os.environ):
    from mypyc.build import mypycify

    _compile_in_parallel()

    ext_modules = mypycify(
        compiled_paths(Path(__file__).parent, os.environ.get("REGALIA_COMPILE_GAMES", "")),
        opt_level=os.environ.get("REGALIA_COMPILE_OPT", "2"),
        debug_level="0",
        # one group (cross-module calls stay native), its C split by module so that
        # `build_ext -j` compiles in parallel; one file would be ~50 MB for gcc at once
        multi_file=True,
    )
    setup(ext_modules=ext_modules)
else:
    setup()
