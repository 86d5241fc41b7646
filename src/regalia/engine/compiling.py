"""What the compiled build (mypyc, docs/compiled.md) needs to be told in the source.

``mypyc_attr`` marks a compiled class that interpreted code may subclass (a game written
outside the package, the test suite's toy game). It comes from mypy_extensions when that is
installed and is a no-op otherwise, so the rules core still needs only the standard library.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # pure Python without mypy installed: nothing to tell a compiler

        def mypyc_attr(*attrs, **kwattrs):
            return lambda cls: cls


__all__ = ["mypyc_attr"]
