"""Checks shared by the readers of untrusted documents: records and saved states.

Each function refuses a field of the wrong type or value with one :class:`InvalidRecord`
naming the field; what passes has exactly the types Regalia itself writes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.engine.errors import InvalidRecord, RegaliaError, UnknownGame, quoted
from regalia.engine.i18n import N_, _
from regalia.engine.limits import word

if TYPE_CHECKING:
    from regalia.engine.edition import Edition
    from regalia.engine.registry import GameInfo

_KIND_NAMES = {str: N_("text"), int: N_("a whole number"), list: N_("a list"),
               dict: N_("an object"), bool: N_("true or false")}


def kind_name(kind: type) -> str:
    """What a JSON value of ``kind`` is called, in the language in force."""
    name = _KIND_NAMES.get(kind)
    return _(name) if name is not None else kind.__name__


def field(doc: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    """``doc[key]``, which must exist and be of ``kind`` (``bool`` is no ``int`` here)."""
    if key not in doc:
        raise InvalidRecord(_("{what} has no {key}").format(what=word(what), key=repr(key)))
    value = doc[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidRecord(_("{what} field {key} must be {kind}, not {value}").format(
            what=word(what), key=repr(key), kind=kind_name(kind), value=quoted(value)))
    return value


def is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def game_of(doc: Mapping[str, Any], what: str) -> GameInfo:
    """The registered game a document names, at the rules version it was made with."""
    from regalia.engine.registry import get_game

    game = field(doc, "game", str, what)
    version = field(doc, "rules_version", str, what)
    try:
        info = get_game(game)
    except UnknownGame as err:
        raise InvalidRecord(_("{what} is of an unknown game: {reason}").format(
            what=word(what), reason=err)) from None
    if version != info.rules_version and version not in info.older_rules:
        raise InvalidRecord(
            _("{what} was made with rules version {version} of {game}; this Regalia plays "
              "version {ours}").format(what=word(what), version=quoted(version), game=info.id,
                                       ours=info.rules_version))
    return info


def players_of(info: GameInfo, doc: Mapping[str, Any], what: str) -> int:
    players = field(doc, "players", int, what)
    try:
        return info.check_players(players)
    except RegaliaError as err:
        raise InvalidRecord(_("{what}'s setup is invalid: {reason}").format(
            what=word(what), reason=err)) from None


def options_of(info: GameInfo, doc: Mapping[str, Any], what: str) -> dict[str, Any]:
    """Every option, resolved; a document's values must have the type of the default (a
    file holds ``9``, not ``"9"``, for a number of rounds)."""
    given = field(doc, "options", dict, what)
    for name, value in given.items():
        try:
            default = info.option(name).default
        except RegaliaError as err:
            raise InvalidRecord(_("{what}'s setup is invalid: {reason}").format(
                what=word(what), reason=err)) from None
        kind = type(default)
        if kind in (bool, int, str) and type(value) is not kind:
            raise InvalidRecord(_("{what}: option {name} must be {kind}, not {value}").format(
                what=word(what), name=quoted(name), kind=kind_name(kind), value=quoted(value)))
    try:
        return info.resolve_options(given)
    except RegaliaError as err:
        raise InvalidRecord(_("{what}'s setup is invalid: {reason}").format(
            what=word(what), reason=err)) from None


def check_edition_entry(entry: Any, what: str) -> dict[str, Any] | None:
    """A document's ``edition``: null (the built-in one) or ``{"toml": text}``, with an ``id``
    and a ``sha256`` of the text that must match when present."""
    if entry is None:
        return None
    if not isinstance(entry, Mapping) or not isinstance(entry.get("toml"), str):
        raise InvalidRecord(_("{what} field 'edition' must be null or hold the edition's toml")
                            .format(what=word(what)))
    unknown = set(entry) - {"id", "sha256", "toml"}
    if unknown:
        raise InvalidRecord(_("{what} field 'edition' has unknown keys: {keys}").format(
            what=word(what), keys=quoted(sorted(map(str, unknown)))))
    for key in ("id", "sha256"):
        if key in entry and not isinstance(entry[key], str):
            raise InvalidRecord(_("{what}: edition {key} must be text, not {value}").format(
                what=word(what), key=key, value=quoted(entry[key])))
    digest = entry.get("sha256")
    if digest is not None and digest != hashlib.sha256(entry["toml"].encode()).hexdigest()[
            :len(digest)]:
        raise InvalidRecord(_("{what}: the edition's text does not match its sha256").format(
            what=word(what)))
    return dict(entry)


def edition_of(info: GameInfo, entry: Mapping[str, Any] | None, what: str) -> Edition | None:
    """The edition a checked entry names. Its text is only ever read as TOML text: a record
    cannot make Regalia open a file on this machine."""
    if entry is None:
        return None
    text = entry["toml"]
    if not isinstance(text, str):  # a Record built by hand
        raise InvalidRecord(_("{what}: an edition travels as TOML text, not {value}").format(
            what=word(what), value=quoted(text)))
    try:
        return info.load_edition(text)
    except RegaliaError as err:
        raise InvalidRecord(_("{what}'s edition is invalid: {reason}").format(
            what=word(what), reason=err)) from None
