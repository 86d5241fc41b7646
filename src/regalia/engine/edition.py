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

Edition files may come from anyone: a file is read with the size limit of
:mod:`regalia.engine.limits`, must be UTF-8, and may not nest deeply or hold huge numbers;
every failure is one :class:`EditionError`. A ``pathlib.Path`` names a file, a ``str`` is always
TOML text (so a record, which carries its edition as text, can never make Regalia read a local
file). A loaded :class:`Edition` is immutable, its data and components included: every game,
clone and determinized sample shares it safely.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from regalia.engine.errors import EDITION_TEXT, EditionError, RegaliaError, quoted
from regalia.engine.i18n import DEFAULT_LANGUAGE, N_, _, language
from regalia.engine.limits import as_text, check_shape, python_reason, read_bytes

PROVENANCE_KINDS = ("printed", "reconstructed", "derived")
EDITION_FILE = N_("the edition file")  # the document's name in messages
Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Edition:
    """A loaded edition: the parsed data, its text, and whether it is the built-in one.

    Frozen through and through (``data`` and ``components`` are read-only mappings and tuples,
    see :func:`deep_freeze`): the built-in edition is cached and shared by every game in the
    process, so nothing a game, a clone or a bot does may change it."""

    game: str
    id: str
    title: str
    data: Mapping[str, Any]
    text: str
    builtin: bool
    origin: str
    components: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # language -> English name or text -> that language's, from ``name_<lang>``/``text_<lang>``
    names: Mapping[str, Mapping[str, str]] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "data", deep_freeze(self.data))
        object.__setattr__(self, "components", deep_freeze(self.components))
        object.__setattr__(self, "names", deep_freeze(self.names))

    def localize(self, name: str, lang: str | None = None) -> str:
        """A component's ``name`` or ``text`` (as the edition spells it in English) in
        ``lang``, the current language by default; the English where the edition gives no
        other. An edition file that names a component without translating it (one written
        before the names were translated, or correcting only numbers) borrows the built-in
        edition's translation of the same English name."""
        code = lang or language()
        table = self.names.get(code)
        found = None if table is None else table.get(name)
        if found is not None:
            return found
        if self.builtin or code == DEFAULT_LANGUAGE:
            return name
        from regalia.engine.registry import get_game  # (the registry loads editions)

        try:
            builtin = get_game(self.game).load_edition(None)
        except RegaliaError:  # a game no longer registered: its English names stand
            return name
        return builtin.localize(name, code)

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

    def __init__(self, text: str | bytes, origin: str) -> None:
        text = as_text(text, EditionError, origin)
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
            reason = toml_reason(str(err).split(" (at line")[0])
            raise EditionError(_("not valid TOML: {reason}").format(reason=reason),
                               source=origin, line=line) from None
        except RecursionError:
            raise EditionError(_("not valid TOML: it nests too deeply"), source=origin) from None
        except ValueError as err:  # an integer past Python's digit limit
            raise EditionError(_("not valid TOML: {reason}").format(
                reason=python_reason(err).splitlines()[0][:120]), source=origin) from None
        check_shape(self.data, EditionError, origin)

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
                raise self.error(_("missing {path}").format(path=_dotted(path)),
                                 *path[:-1]) from None
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(node, bool) and bool not in kinds) or not isinstance(node, kinds):
            raise self.error(_("{path} must be {kind}, not {value}").format(
                path=_dotted(path), kind=_kind_name(kind), value=quoted(node)), *path)
        return node

    def ints(self, path: Path_, length: int | None = None, lo: int | None = None,
             hi: int | None = None) -> list[int]:
        values = self.get(path, list)
        if length is not None and len(values) != length:
            raise self.error(_("{path} must hold {n} numbers, not {count}").format(
                path=_dotted(path), n=length, count=len(values)), *path)
        for v in values:
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.error(_("{path} must hold whole numbers, not {value}").format(
                    path=_dotted(path), value=quoted(v)), *path)
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                raise self.error(_("{path}: {value} is outside {low}..{high}").format(
                    path=_dotted(path), value=v, low=lo, high=hi), *path)
        return values

    def entries(self, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
        """The entries of an array of tables, each checked for provenance."""
        items = self.get((name,), list)
        for index, entry in enumerate(items):
            if not isinstance(entry, dict):
                raise self.error(_("{name} must be an array of tables ([[{name}]])").format(
                    name=name), name)
            self.check_provenance(entry, (name, index))
            yield index, entry

    def check_provenance(self, entry: Mapping[str, Any], path: Path_) -> None:
        prov = entry.get("provenance")
        if prov is None:
            raise self.error(_("entry has no provenance (printed / reconstructed / derived)"),
                             *path)
        kinds = [prov] if isinstance(prov, str) else list(prov.values()) if isinstance(
            prov, dict) else None
        if kinds is None:
            raise self.error(_("provenance must be a word or a table of words"), *path,
                             "provenance")
        if isinstance(prov, dict):
            for value_name in prov:
                if value_name not in entry:
                    raise self.error(_("provenance names {name}, which the entry lacks").format(
                        name=quoted(value_name)), *path, "provenance")
        for kind in kinds:
            if not isinstance(kind, str) or kind not in PROVENANCE_KINDS:
                raise self.error(
                    _("provenance {kind} is not one of {kinds}").format(
                        kind=quoted(kind), kinds=", ".join(PROVENANCE_KINDS)),
                    *path, "provenance")
        if "printed" in kinds or "derived" in kinds:
            self._check_source(entry, path)
        if "reconstructed" in kinds:
            reasoning = entry.get("reasoning")
            if not isinstance(reasoning, str) or len(reasoning.strip()) < 10:
                raise self.error(_("a reconstructed value needs its reasoning"), *path)

    def _check_source(self, entry: Mapping[str, Any], path: Path_) -> None:
        source = entry.get("source")
        if not isinstance(source, str) or not source.strip():
            raise self.error(_("a printed value needs its source"), *path)
        tags = self.data.get("sources", {})
        for part in source.split(","):
            tag = part.strip().split(" ")[0]
            if tag not in tags:
                raise self.error(_("source tag {tag} is not in [sources]").format(
                    tag=quoted(tag)), *path, "source")


def read_edition(game: str, source: str | bytes | Path | None, default: Path) -> EditionReader:
    """Open an edition: ``None`` for the built-in one (``default``), a ``Path`` for a file, or
    TOML text (``str`` or UTF-8 ``bytes``). Text is never taken for a file name."""
    text: str | bytes
    if source is None:
        origin, text = default.name, read_bytes(default, EditionError, EDITION_FILE)
    elif isinstance(source, Path):
        origin, text = str(source), read_bytes(source, EditionError, EDITION_FILE)
    elif isinstance(source, (str, bytes)):
        origin, text = EDITION_TEXT, source
    else:
        raise EditionError(_("an edition is TOML text or a pathlib.Path, not {value}").format(
            value=quoted(source)))
    try:
        reader = EditionReader(text, origin)
    except EditionError as err:
        if isinstance(source, str) and "\n" not in source and source.strip().endswith(".toml"):
            raise EditionError(_("{reason} (this is read as TOML text; pass a pathlib.Path to "
                                 "load a file)").format(reason=err.reason),
                               source=origin, line=err.line) from None
        raise
    head = reader.get(("edition",), dict)
    if reader.get(("edition", "game"), str) != game:
        raise reader.error(_("this edition is for {other}, not {game}").format(
            other=quoted(head.get("game")), game=repr(game)), "edition", "game")
    for key, longest in (("id", 100), ("title", 200)):  # shown in every record and banner
        value = reader.get(("edition", key), str)
        if not value.strip() or len(value) > longest:
            raise reader.error(_("edition.{key} must be 1 to {n} characters, not {value}").format(
                key=key, n=longest, value=quoted(value)), "edition", key)
    sources = reader.get(("sources",), dict)
    for tag, citation in sources.items():
        if not isinstance(citation, str) or not citation.strip():
            raise reader.error(_("source {tag} needs a citation").format(tag=quoted(tag)),
                               "sources", tag)
    return reader


def read_edition_text(game: str, text: str | bytes, default: Path) -> EditionReader:
    """Open an edition given as TOML text only (a record's or a saved state's)."""
    if not isinstance(text, (str, bytes)):
        raise EditionError(_("an edition's text must be text, not {value}").format(
            value=quoted(text)))
    return read_edition(game, text, default)


def edition_loader(game: str, builtin: Path,
                   components: Callable[[EditionReader], dict[str, Any]]
                   ) -> Callable[[str | Path | None], Edition]:
    """A game's ``load_edition``: ``None`` gives the built-in edition (read once, then cached:
    it is immutable), a ``Path`` a file, a string TOML text; ``components`` checks the data
    and builds what the rules read from it (everything derived is computed here, once)."""
    cache: dict[str, Edition] = {}

    def load_edition(source: str | Path | None = None) -> Edition:
        if source is None and "builtin" in cache:
            return cache["builtin"]
        reader = read_edition(game, source, builtin)
        edition = make_edition(reader, builtin=source is None, components=components(reader))
        if source is None:
            cache["builtin"] = edition
        return edition

    return load_edition


def make_edition(reader: EditionReader, *, builtin: bool,
                 components: Mapping[str, Any]) -> Edition:
    """The immutable :class:`Edition` of a checked reader (``components`` are frozen too)."""
    head = reader.data["edition"]
    return Edition(game=head["game"], id=head["id"], title=head["title"], data=reader.data,
                   text=reader.text, builtin=builtin, origin=reader.origin,
                   components=components, names=localized_names(reader))


# ``name_zh`` beside ``name``, ``text_zh`` beside ``text`` (a card's printed words)
_NAME_KEY = re.compile(r"^(name|text)_([a-z]{2,3})$")
_LONGEST = {"name": 100, "text": 1000}


def localized_names(reader: EditionReader) -> dict[str, dict[str, str]]:
    """Every entry's names and texts in other languages: a table with a ``name`` and a
    ``name_zh`` (any ``name_<lang>``; likewise ``text`` and ``text_<lang>``) gives
    ``{"zh": {name: name_zh, text: text_zh}}``. One English name must have one translation
    throughout the edition, or a player could not tell which is meant."""
    found: dict[str, dict[str, str]] = {}
    where: dict[tuple[str, str], Path_] = {}

    def visit(node: Any, path: Path_) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                visit(item, (*path, index))
            return
        if not isinstance(node, dict):
            return
        for key, value in node.items():
            match = _NAME_KEY.match(key) if isinstance(key, str) else None
            if match is None:
                visit(value, (*path, key))
                continue
            field_, lang = match.group(1), match.group(2)
            english = node.get(field_)
            if not isinstance(english, str):
                raise reader.error(_("{key} needs a {field} beside it").format(
                    key=key, field=field_), *path, key)
            longest = _LONGEST[field_]
            if not isinstance(value, str) or not value.strip() or len(value) > longest:
                raise reader.error(_("{key} must be 1 to {n} characters of text, not {value}")
                                   .format(key=key, n=longest, value=quoted(value)), *path, key)
            table = found.setdefault(lang, {})
            if table.setdefault(english, value) != value:
                first = where[(lang, english)]
                raise reader.error(_("{name} is called {first} at {where} but {other} here: one "
                                     "name, one translation").format(
                                         name=quoted(english), first=quoted(table[english]),
                                         where=_dotted(first), other=quoted(value)), *path, key)
            where.setdefault((lang, english), path)

    visit(reader.data, ())
    return found


def deep_freeze(value: Any) -> Any:
    """``value`` with every dict made a read-only mapping and every list a tuple, all the way
    down (other values, such as a game's frozen dataclasses, are kept as they are)."""
    if isinstance(value, (dict, MappingProxyType)):
        return MappingProxyType({k: deep_freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return tuple(deep_freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def _dotted(path: Path_) -> str:
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
    return out


_KIND_NAMES = {str: N_("text"), int: N_("a whole number"), list: N_("a list"),
               dict: N_("a table"), bool: N_("true or false"), float: N_("a number")}


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = [_(_KIND_NAMES[k]) if k in _KIND_NAMES else k.__name__ for k in kinds]
    text = names[0]
    for name in names[1:]:
        text = _("{one} or {other}").format(one=text, other=name)
    return text


# tomllib's reasons (English), worded in the language in force by toml_reason
_TOML_PROBLEMS = frozenset({
    N_("Cannot overwrite a value"), N_("Escaped character is not a Unicode scalar value"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected newline or end of document after a statement"),
    N_("Invalid date or datetime"), N_("Invalid hex value"),
    N_("Invalid initial character for a key part"), N_("Invalid statement"),
    N_("Invalid value"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Unterminated string"),
})
_TOML_PATTERNS = (
    (re.compile(r"Cannot declare (?P<key>.+) twice"), N_("Cannot declare {key} twice")),
    (re.compile(r"Cannot mutate immutable namespace (?P<key>.+)"),
     N_("Cannot mutate immutable namespace {key}")),
    (re.compile(r"Cannot redefine namespace (?P<key>.+)"), N_("Cannot redefine namespace {key}")),
    (re.compile(r"Duplicate inline table key (?P<key>.+)"),
     N_("Duplicate inline table key {key}")),
    (re.compile(r"Found invalid character (?P<key>.+)"), N_("Found invalid character {key}")),
    (re.compile(r"Illegal character (?P<key>.+)"), N_("Illegal character {key}")),
)


def toml_reason(reason: str) -> str:
    """tomllib's reason for refusing a file, in the language in force where it is known."""
    end = " (at end of document)"
    if reason.endswith(end):
        return _("{problem} (at end of document)").format(
            problem=toml_reason(reason[:-len(end)]))
    if reason in _TOML_PROBLEMS:
        return _(reason)
    for pattern, message in _TOML_PATTERNS:
        match = pattern.fullmatch(reason)
        if match is not None:
            return _(message).format(key=match.group("key"))
    return reason
