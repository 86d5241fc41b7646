"""Editions: a game's components as TOML data, each value with its provenance.

An edition file has an ``[edition]`` table (``game``, ``id``, ``title``), a ``[sources]`` table
of citation tags, and the game's own tables. Every component entry carries ``provenance``:
either one word for all its values or an inline table naming the provenance of each value::

    [[regions]]
    id = "aragon"
    scores = [5, 4, 1]
    provenance = "printed"
    source = "AIS el_grande_default.json"

    [[cards]]
    id = "castle-1"
    die = 3
    provenance = { type = "printed", die = "reconstructed" }
    source = "RB"
    reasoning = "12 castles spread evenly over the six die faces"

``printed`` values need a ``source`` whose comma-separated parts each begin with a tag of
``[sources]``; ``reconstructed`` values need ``reasoning``. Problems are reported with the line
of the file they are on (:class:`EditionError`), and nothing is loaded.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from regalia.engine.errors import EditionError

PROVENANCE_KINDS = ("printed", "reconstructed", "derived")
Path_ = tuple[str | int, ...]


@dataclass
class Edition:
    """A loaded edition: the parsed data, its text, and whether it is the built-in one."""

    game: str
    id: str
    title: str
    data: dict[str, Any]
    text: str
    builtin: bool
    origin: str
    components: dict[str, Any] = field(default_factory=dict)

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.text.encode()).hexdigest()[:16]

    def record_entry(self) -> dict[str, Any] | None:
        """How a record names this edition: nothing for the built-in one, else its text."""
        if self.builtin:
            return None
        return {"id": self.id, "sha256": self.digest, "toml": self.text}


class EditionReader:
    """Reads one edition file's data, reporting errors with the line they are on."""

    def __init__(self, text: str, origin: str) -> None:
        self.text = text
        self.origin = origin
        self.lines = text.splitlines()
        try:
            self.data: dict[str, Any] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as err:
            line = getattr(err, "lineno", None)
            if line is None:
                m = re.search(r"line (\d+)", str(err))
                line = int(m.group(1)) if m else None
            reason = str(err).split(" (at line")[0]
            raise EditionError(f"not valid TOML: {reason}", source=origin, line=line) from None

    # ---- locating -------------------------------------------------------------------
    def line_of(self, path: Path_) -> int | None:
        """Best-effort 1-based line of the value at ``path`` (``("regions", 3, "scores")``)."""
        start, end = 0, len(self.lines)
        i = 0
        while i < len(path):
            key = path[i]
            nxt = path[i + 1] if i + 1 < len(path) else None
            if isinstance(key, str) and isinstance(nxt, int):
                header = re.compile(r"^\s*\[\[\s*" + re.escape(key) + r"\s*\]\]")
                hits = [n for n in range(start, end) if header.match(self.lines[n])]
                if nxt < len(hits):
                    start = hits[nxt]
                    end = self._section_end(start)
                    i += 2
                    continue
                return start + 1 if start else None
            if isinstance(key, str):
                header = re.compile(r"^\s*\[\s*" + re.escape(key) + r"\s*\]")
                found = next((n for n in range(start, end) if header.match(self.lines[n])), None)
                if found is not None:
                    start, end = found, self._section_end(found)
                    i += 1
                    continue
                assign = re.compile(r"^\s*" + re.escape(key) + r"\s*=")
                found = next((n for n in range(start, end) if assign.match(self.lines[n])), None)
                return (found + 1) if found is not None else (start + 1 if start else None)
            i += 1
        return start + 1

    def _section_end(self, header_line: int) -> int:
        for n in range(header_line + 1, len(self.lines)):
            if self.lines[n].lstrip().startswith("["):
                return n
        return len(self.lines)

    def error(self, reason: str, *path: str | int) -> EditionError:
        return EditionError(reason, source=self.origin, line=self.line_of(path))

    # ---- typed access -----------------------------------------------------------------
    def get(self, path: Path_, kind: type | tuple[type, ...], *, default: Any = ...) -> Any:
        node: Any = self.data
        for key in path:
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                if default is not ...:
                    return default
                raise self.error(f"missing {_dotted(path)}", *path[:-1]) from None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(node, bool) and bool not in kinds:
            raise self.error(f"{_dotted(path)} must be {_kind_name(kind)}, not {node!r}", *path)
        if not isinstance(node, kinds):
            raise self.error(f"{_dotted(path)} must be {_kind_name(kind)}, not {node!r}", *path)
        return node

    def ints(self, path: Path_, length: int | None = None, lo: int | None = None,
             hi: int | None = None) -> list[int]:
        values = self.get(path, list)
        if length is not None and len(values) != length:
            raise self.error(f"{_dotted(path)} must hold {length} numbers, not {len(values)}",
                             *path)
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.error(f"{_dotted(path)} must hold whole numbers, not {v!r}", *path)
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise self.error(f"{_dotted(path)}: {v} is outside {lo}..{hi}", *path)
        return values

    def entries(self, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
        """The entries of an array of tables, each checked for provenance."""
        items = self.get((name,), list)
        for index, entry in enumerate(items):
            if not isinstance(entry, dict):
                raise self.error(f"{name} must be an array of tables ([[{name}]])", name)
            self.check_provenance(entry, (name, index))
            yield index, entry

    def check_provenance(self, entry: Mapping[str, Any], path: Path_) -> None:
        prov = entry.get("provenance")
        if prov is None:
            raise self.error("entry has no provenance (printed / reconstructed / derived)", *path)
        kinds = [prov] if isinstance(prov, str) else list(prov.values()) if isinstance(
            prov, dict) else None
        if kinds is None:
            raise self.error("provenance must be a word or a table of words", *path,
                             "provenance")
        if isinstance(prov, dict):
            for value_name in prov:
                if value_name not in entry:
                    raise self.error(f"provenance names {value_name!r}, which the entry lacks",
                                     *path, "provenance")
        for kind in kinds:
            if kind not in PROVENANCE_KINDS:
                raise self.error(
                    f"provenance {kind!r} is not one of {', '.join(PROVENANCE_KINDS)}",
                    *path, "provenance")
        if "printed" in kinds or "derived" in kinds:
            self._check_source(entry, path)
        if "reconstructed" in kinds:
            reasoning = entry.get("reasoning")
            if not isinstance(reasoning, str) or len(reasoning.strip()) < 10:
                raise self.error("a reconstructed value needs its reasoning", *path)

    def _check_source(self, entry: Mapping[str, Any], path: Path_) -> None:
        source = entry.get("source")
        if not isinstance(source, str) or not source.strip():
            raise self.error("a printed value needs its source", *path)
        tags = self.data.get("sources", {})
        for part in source.split(","):
            tag = part.strip().split(" ")[0]
            if tag not in tags:
                raise self.error(f"source tag {tag!r} is not in [sources]", *path, "source")


def read_edition(game: str, source: str | Path | None, default: Path) -> EditionReader:
    """Open an edition: ``None`` for the built-in one, a path, or TOML text."""
    if source is None:
        origin, text = default.name, default.read_text(encoding="utf-8")
    elif isinstance(source, Path) or (isinstance(source, str) and "\n" not in source
                                      and source.strip().endswith(".toml")):
        path = Path(source)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as err:
            raise EditionError(f"cannot read the edition file: {err.strerror}",
                               source=str(path)) from None
        origin = str(path)
    else:
        origin, text = "edition text", str(source)
    reader = EditionReader(text, origin)
    head = reader.get(("edition",), dict)
    if reader.get(("edition", "game"), str) != game:
        raise reader.error(f"this edition is for {head.get('game')!r}, not {game!r}",
                           "edition", "game")
    reader.get(("edition", "id"), str)
    reader.get(("edition", "title"), str)
    sources = reader.get(("sources",), dict)
    for tag, citation in sources.items():
        if not isinstance(citation, str) or not citation.strip():
            raise reader.error(f"source {tag!r} needs a citation", "sources", tag)
    return reader


def make_edition(reader: EditionReader, *, builtin: bool, components: dict[str, Any]) -> Edition:
    head = reader.data["edition"]
    return Edition(game=head["game"], id=head["id"], title=head["title"], data=reader.data,
                   text=reader.text, builtin=builtin, origin=reader.origin,
                   components=components)


def _dotted(path: Path_) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
    return out


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {str: "text", int: "a whole number", list: "a list", dict: "a table",
             bool: "true or false", float: "a number"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)
