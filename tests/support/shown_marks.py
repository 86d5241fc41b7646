"""A pytest plugin for tests/test_markers.py (``-p tests.support.shown_marks``): with
``--collect-only``, prints a line "DESELECTED <file> <marks>" for each test that ``-m`` leaves
out, so that one collection tells what is kept, what is left out and how each is marked."""

from __future__ import annotations

import pytest


def pytest_deselected(items: list[pytest.Item]) -> None:
    for item in items:
        marks = ",".join(sorted({m.name for m in item.iter_markers()}))
        print(f"DESELECTED {item.nodeid.split('::', 1)[0]} {marks}")
