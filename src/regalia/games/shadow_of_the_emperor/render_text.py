"""Placeholder replaced below."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(view: Mapping[str, Any], *, width: int = 120, height: int = 40) -> str:
    return str(view["round"])
