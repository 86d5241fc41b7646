"""Languages: which one Regalia speaks now, and the gettext catalogs that speak it.

Every word a person reads goes through this module; records, notation, view keys and
structured view values never do, so a game recorded in one language replays in any other.

* The language is a context variable, not a global: the web server answers each request in its
  reader's language while bots and other requests run beside it (``speaking``). The terminal
  sets it once (``set_language``) from ``--lang``, ``REGALIA_LANG`` or the system locale
  (``resolve_language``).
* Messages are translated when they are produced (``_``, ``ngettext``, ``pgettext``), so text
  must be built at the moment it is shown (a view, a description, an error), never stored in a
  state: a state keeps structured log entries and its view words them in the reader's language.
  Module-level constants that are shown later are marked with ``N_`` and translated with ``_``
  where they are shown.
* Catalogs are the standard ``.po``/``.mo`` files of the single domain ``regalia`` under
  ``regalia/locale/<lang>/LC_MESSAGES/``, extracted and compiled with Babel (the README says how
  to add a language); English is the source language and needs no catalog. Read with the
  standard library's :mod:`gettext`, so the rules core keeps no run-time dependency.
* Component names (regions, cards, rooms, …) are edition data, not catalog entries: an
  edition entry's ``name_<lang>`` beside its ``name`` (``Edition.localize``), so a corrected
  edition corrects them too.
* ``display_width`` counts terminal cells: CJK characters take two.
"""

from __future__ import annotations

import gettext as _gettext
import os
import tomllib
import unicodedata
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from types import MappingProxyType

from regalia.engine.errors import RegaliaError, quoted

DOMAIN = "regalia"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DEFAULT_LANGUAGE = "en"
ENV_VAR = "REGALIA_LANG"


def _languages() -> dict[str, str]:
    """Each language's own name for itself (as a language switch shows it), from
    ``locale/languages.toml``: adding a language is a catalog and a line there, no code."""
    with open(LOCALE_DIR / "languages.toml", "rb") as handle:
        table = tomllib.load(handle)["languages"]
    return {DEFAULT_LANGUAGE: "English", **{str(k): str(v) for k, v in table.items()}}


LANGUAGES: Mapping[str, str] = MappingProxyType(_languages())
# Locale and Accept-Language spellings folded onto the codes above.
_ALIASES: Mapping[str, str] = {
    "zh-cn": "zh", "zh-hans": "zh", "zh-sg": "zh", "zh-hans-cn": "zh", "chinese": "zh",
    "en-us": "en", "en-gb": "en", "english": "en", "c": "en", "posix": "en",
}

_current: ContextVar[str] = ContextVar("regalia_language", default=DEFAULT_LANGUAGE)
_catalogs: dict[str, _gettext.NullTranslations] = {}


class UnknownLanguage(RegaliaError):
    """A language code Regalia has no catalog for."""


def normalize(code: str) -> str | None:
    """The language code for a user's spelling (``zh_CN.UTF-8``, ``zh-Hans``, ``EN``), or None.

    A regional or script variant Regalia does not tell apart falls back to its language
    (``en_AU`` → ``en``); Traditional Chinese (``zh_TW``, ``zh-Hant``) is not Simplified
    Chinese and is not folded onto it."""
    text = code.strip().split(".", 1)[0].split("@", 1)[0].replace("_", "-").lower()
    if not text:
        return None
    if text in LANGUAGES:
        return text
    if text in _ALIASES:
        return _ALIASES[text]
    base = text.split("-", 1)[0]
    if base == "zh":
        return None if ("hant" in text or text in ("zh-tw", "zh-hk", "zh-mo")) else "zh"
    return base if base in LANGUAGES else None


def check_language(code: str) -> str:
    """``code`` normalised, or :class:`UnknownLanguage` naming the languages there are."""
    lang = normalize(code)
    if lang is None:
        known = ", ".join(LANGUAGES)
        raise UnknownLanguage(_("unknown language {code}; Regalia speaks {known}").format(
            code=quoted(code), known=known))
    return lang


def resolve_language(explicit: str | None = None,
                     environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``explicit`` (``--lang``; an unknown one is an error), else
    ``REGALIA_LANG`` (likewise), else the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``,
    in POSIX order; one Regalia cannot speak falls back to English), else English."""
    if explicit:
        return check_language(explicit)
    env = os.environ if environ is None else environ
    if env.get(ENV_VAR):
        return check_language(env[ENV_VAR])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # POSIX: the first one set decides, even when it names an unknown locale
            return normalize(value) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def accept_language(header: str | None) -> str | None:
    """The best language of an HTTP ``Accept-Language`` header, or None if it names none we
    speak (the caller then keeps its default)."""
    if not header:
        return None
    best: tuple[float, int, str] | None = None
    for index, part in enumerate(header.split(",")[:32]):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        lang = normalize(tag) if tag and tag != "*" else None
        if lang is None or weight <= 0:
            continue
        rank = (weight, -index, lang)  # equal weights: the first listed wins
        if best is None or rank[:2] > best[:2]:
            best = rank
    return None if best is None else best[2]


def language() -> str:
    """The language spoken in this context."""
    return _current.get()


def set_language(code: str | None) -> str:
    """Speak ``code`` from now on in this context (the terminal's whole run); None resolves it
    from the environment. Returns the code in force."""
    lang = resolve_language(code)
    _current.set(lang)
    return lang


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block only (one web request, one rendered page)."""
    token = _current.set(check_language(code))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def catalog(lang: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``lang`` (the current language by default); English, or a language
    whose catalog is missing, gets the identity."""
    code = lang or _current.get()
    found = _catalogs.get(code)
    if found is None:
        if code == DEFAULT_LANGUAGE:
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
        _catalogs[code] = found
    return found


def _(message: str) -> str:
    """``message`` in the current language."""
    return catalog().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for ``n`` in the current language (Chinese has one)."""
    return catalog().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words elsewhere
    by ``context`` (a game id, or a part of the program)."""
    return catalog().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return catalog().npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for extraction without translating it now (a constant shown later)."""
    return message


def cell_width(ch: str) -> int:
    """Terminal cells the character ``ch`` takes: two if wide or full-width (CJK), none if a
    combining mark, else one."""
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal cells ``text`` takes (:func:`cell_width` of each character)."""
    return sum(cell_width(ch) for ch in text)


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` padded with spaces to ``width`` terminal cells (``<`` left, ``>`` right,
    ``^`` centred); text already as wide or wider is returned as it is."""
    gap = width - display_width(text)
    if gap <= 0:
        return text
    if align == ">":
        return " " * gap + text
    if align == "^":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    return text + " " * gap
