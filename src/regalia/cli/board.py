"""A view on screen: the game's own ``render_text`` (told the screen's size when it can take
it), or a compact data tree if it has none; and lists of choices laid out in columns."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.pretty import Pretty
from rich.text import Text

from regalia.engine.i18n import _

LIST_TAIL = 8  # long lists in a raw view (logs, mostly) are cut to their newest items
GAP = 3  # columns between two columns of choices


@functools.cache
def takes_size(render_text: Callable[..., str]) -> bool:
    """Whether ``render_text`` accepts ``width`` and ``height`` (a game written before
    screens were fitted takes only the view)."""
    try:
        params = inspect.signature(render_text).parameters
    except (TypeError, ValueError):
        return False
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
        return True
    return "width" in params and "height" in params


@functools.cache
def shows_log(render_text: Callable[..., str]) -> bool:
    """Whether ``render_text`` shows the game's log under the board and takes ``log_lines``,
    how many lines of it (Castles' rich board ends with the recent moves)."""
    try:
        return "log_lines" in inspect.signature(render_text).parameters
    except (TypeError, ValueError):
        return False


def board(render_text: Callable[..., str] | None, view: Mapping[str, Any],
          width: int | None = None, height: int | None = None,
          log_lines: int | None = None) -> RenderableType:
    """The view as the game draws it within ``width`` × ``height``; ``log_lines``: how
    many lines of its own log a board that shows one keeps (None: as many as fit)."""
    if render_text is not None:
        if width is not None and height is not None and takes_size(render_text):
            more = {"log_lines": log_lines} if log_lines is not None and shows_log(
                render_text) else {}
            return render_text(view, width=width, height=max(1, height), **more).rstrip("\n")
        return render_text(view).rstrip("\n")
    return Pretty(_trimmed(view), indent_guides=False, expand_all=False)


def drops_lines_only(whole: RenderableType, shorter: RenderableType) -> bool:
    """Whether the ``shorter`` drawing of a board is the ``whole`` one less some of its lines
    (its log, blank lines), not a board of another form (a compact one)."""
    if not isinstance(whole, str) or not isinstance(shorter, str):
        return False
    kept = {line.rstrip() for line in Text.from_markup(whole).plain.splitlines()}
    return all(line.rstrip() in kept
               for line in Text.from_markup(shorter).plain.splitlines() if line.strip())


def height_of(console: Console, renderable: RenderableType, width: int) -> int:
    """How many lines ``renderable`` takes on ``console`` at ``width`` columns."""
    if isinstance(renderable, str):
        text = Text.from_markup(renderable.rstrip("\n"))
        return len(text.wrap(console, width))
    options = console.options.update(width=width)
    return len(console.render_lines(renderable, options, pad=False))


def columns(items: Sequence[str], width: int, rows: int) -> list[Text] | None:
    """``items`` (Rich markup) column by column, ``rows`` to a column, as lines no wider than
    ``width``; None if they do not fit side by side without cutting them."""
    texts = [Text.from_markup(item) for item in items]
    if not texts:
        return []
    rows = max(1, rows)
    cols = [texts[i:i + rows] for i in range(0, len(texts), rows)]
    widths = [max(t.cell_len for t in col) for col in cols]
    if sum(widths) + GAP * (len(cols) - 1) > width:
        return None
    return _join(cols, widths, rows)


def cut_columns(items: Sequence[str], width: int, rows: int) -> tuple[list[Text], float]:
    """As :func:`columns`, each item cut with an ellipsis to share ``width`` evenly (the
    wording all items share first, by :func:`elide_shared`, then their ends); and the share of
    the items' text lost to the cuts: all of it (1.0) when two items no longer
    read differently past their leading number ("1b by…" for both "1b by horse" and "1b by
    dragon"), since a list the player cannot tell apart has lost what it was for. Elided
    wording counts as lost like a cut end: it changes how a list is cut, not whether cutting
    it is worth the room it buys the board."""
    rows = max(1, rows)
    count = -(-len(items) // rows)
    each = max(8, (width - GAP * (count - 1)) // max(1, count))
    whole = [Text.from_markup(item) for item in items]
    total = sum(text.cell_len for text in whole)
    texts = []
    lost = 0
    for text, was in zip(elide_shared(whole, each), whole, strict=True):
        lost += was.cell_len - min(text.cell_len, each)
        text.truncate(each, overflow="ellipsis")
        texts.append(text)
    cols = [texts[i:i + rows] for i in range(0, len(texts), rows)]
    widths = [max(t.cell_len for t in col) for col in cols]
    lines = _join(cols, widths, rows)
    for line in lines:
        line.truncate(width, overflow="ellipsis")
    shown = [t.plain[_after_number(t.plain):].rstrip() for t in texts]
    if lost and len(set(shown)) < len(shown):
        return lines, 1.0
    return lines, lost / max(1, total)


def elide_shared(texts: Sequence[Text], each: int) -> list[Text]:
    """``texts`` ("  1 member onto space 1 (yellow)", …) with as much of the wording they all
    share after their number and its first word replaced by "…" as it takes to fit ``each``
    cells, whole words at a time (the shared text's last word kept when no cut fits)
    ("  1 member …1 (yellow)"): words every choice repeats tell none of them apart (the
    step's name is on the line above), while the end a plain cut would drop is what does, and
    the first word is the verb that says what the choice does. Text written without spaces
    (Chinese) is cut by character, keeping the last two ("  1 …区域1（黄）")."""
    texts = list(texts)
    need = max((t.cell_len for t in texts), default=0) - each
    if len(texts) < 2 or need <= 0:
        return texts
    starts = [_after_number(t.plain) for t in texts]
    prefix = _shared_start([t.plain[at:] for t, at in zip(texts, starts, strict=True)])
    body = prefix.rstrip()
    if " " in body:
        verb = body.find(" ") + 1  # the first word stays
        ends = [i + 1 for i, ch in enumerate(prefix) if ch == " " and i + 1 > verb]
        if not ends:
            return texts
        keep = body.rfind(" ") + 1  # where the shared text's last word starts
        # The first cut that fits; if none does, the text is cut at its end anyway, so the
        # shared text's last word stays ("Play …card 1 (up to 1 Ca…").
        fallback = max((c for c in ends if c <= keep), default=ends[-1])
        cut = next((c for c in ends if cell_len(prefix[verb:c]) - 1 >= need), fallback)
        if cell_len(prefix[verb:cut]) <= 1:  # the ellipsis would take what it saves
            return texts
        return [t[:at + verb] + Text("…") + t[at + cut:]
                for t, at in zip(texts, starts, strict=True)]
    keep = max(0, len(body) - 2)
    cuts = list(range(1, keep + 1))
    if not cuts:
        return texts
    cut = next((c for c in cuts if cell_len(prefix[:c]) - 1 >= need), cuts[-1])
    if cell_len(prefix[:cut]) <= 1:  # the ellipsis would take what it saves
        return texts
    return [t[:at] + Text("…") + t[at + cut:] for t, at in zip(texts, starts, strict=True)]


def _shared_start(strings: Sequence[str]) -> str:
    first, last = min(strings), max(strings)  # the sorted ends differ soonest
    size = next((i for i, (a, b) in enumerate(zip(first, last, strict=False))
                 if a != b), len(first))
    return first[:size]


def _after_number(plain: str) -> int:
    """Where an item's text starts after its leading number ("  12 take …" → 5)."""
    start = len(plain) - len(plain.lstrip())
    space = plain.find(" ", start)
    return len(plain) if space < 0 else space + 1


def _join(cols: list[list[Text]], widths: list[int], rows: int) -> list[Text]:
    lines = []
    for r in range(min(rows, len(cols[0]))):
        line = Text()
        for c, col in enumerate(cols):
            if r >= len(col):
                continue
            cell = col[r].copy()
            if c < len(cols) - 1:
                cell.pad_right(widths[c] - cell.cell_len + GAP)
            line.append_text(cell)
        line.rstrip()
        lines.append(line)
    return lines


def _trimmed(view: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in view.items():
        if isinstance(value, list) and len(value) > LIST_TAIL:
            out[key] = [_("… {n} earlier").format(n=len(value) - LIST_TAIL), *value[-LIST_TAIL:]]
        else:
            out[key] = value
    return out


def shared_words(texts: Sequence[str]) -> tuple[str, str]:
    """The wording every one of ``texts`` starts with and ends with, whole words at a time
    (characters, for text written without spaces), each choice keeping some words of its
    own: ("Discard your", "project to make room") for "Discard your mine (2) project to make
    room", …. An end is kept only where its brackets close what they open, or where it
    closes a bracket each choice opens and says something before it ("to your court)", said
    "(… to your court)" by :func:`heading_words`); never a lone ")". ("", "") when the texts
    share nothing."""
    if len(texts) < 2:
        return "", ""
    spaced = all(" " in t for t in texts)
    split: Callable[[str], list[str]] = str.split if spaced else list
    join = " ".join if spaced else "".join
    words = [split(t) for t in texts]
    shortest = min(len(w) for w in words)
    head = 0
    while head < shortest - 1 and all(w[head] == words[0][head] for w in words):
        head += 1
    tail = 0
    while head + tail < shortest - 1 and all(w[-1 - tail] == words[0][-1 - tail]
                                             for w in words):
        tail += 1
    while tail and not _closes_well(join(words[0][len(words[0]) - tail:])):
        tail -= 1
    while head and not _balanced(join(words[0][:head])):
        head -= 1
    if any(len(w) - head - tail < 1 for w in words):
        return "", ""
    return (join(words[0][:head]),
            join(words[0][len(words[0]) - tail:]) if tail else "")


BRACKETS: tuple[tuple[str, str], ...] = (("(", ")"), ("（", "）"), ("[", "]"), ("【", "】"))


def _balanced(text: str) -> bool:
    return all(text.count(a) == text.count(b) for a, b in BRACKETS)


def _closes_well(tail: str) -> bool:
    """Whether a shared end reads whole: balanced, or closing a bracket each choice opens
    with words of its own before the closer ("to your court)", not "）")."""
    if closer(tail):
        return len(tail[:-1].strip()) >= 2
    return _balanced(tail)


def closer(tail: str) -> str:
    """The bracket ``tail`` closes without opening it (")"), or ""."""
    if tail and any(tail[-1] == b for _a, b in BRACKETS) and _balanced(tail[:-1]):
        opener = next(a for a, b in BRACKETS if b == tail[-1])
        if opener not in tail:
            return tail[-1]
    return ""


def heading_words(head: str, tail: str) -> str:
    """The heading above choices that share ``head`` and ``tail``: "Play power card … (… to
    your court)" where the tail closes a bracket each choice opens."""
    spaced = " " if " " in head + tail else ""  # (Chinese is written without spaces)
    end = closer(tail)
    if end:
        opener = next(a for a, b in BRACKETS if b == end)
        tail = opener + "…" + spaced + tail
    return spaced.join(p for p in (head, "…", tail) if p)


def without_shared(text: str, head: str, tail: str) -> str:
    """``text`` less the ``head`` and ``tail`` :func:`shared_words` found (a bracket the
    tail closes stays closed: "1 (up to 6 Caballeros)")."""
    if head:
        text = text[len(head):].lstrip()
    if tail:
        text = text[:len(text) - len(tail)].rstrip() + closer(tail)
    return text
