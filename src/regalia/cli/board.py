"""A view on screen: the game's own ``render_text``, or a compact data tree if it has none."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty

LIST_TAIL = 8  # long lists in a raw view (logs, mostly) are cut to their newest items


def board(render_text: Callable[[Mapping[str, Any]], str] | None,
          view: Mapping[str, Any]) -> RenderableType:
    if render_text is not None:
        return render_text(view)
    return Pretty(_trimmed(view), indent_guides=False, expand_all=False)


def _trimmed(view: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in view.items():
        if isinstance(value, list) and len(value) > LIST_TAIL:
            out[key] = [f"… {len(value) - LIST_TAIL} earlier", *value[-LIST_TAIL:]]
        else:
            out[key] = value
    return out
