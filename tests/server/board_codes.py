"""What counts as a code on a board: the tokens a reader who knows the game's theme but not
the notation cannot read as words (tests/server/test_key.py checks each is explained)."""

from __future__ import annotations

import re
import unicodedata

SEPARATORS = re.compile(r"[\s·,;:()（）：，、\[\]{}/=—–|“”\"!?%+×~…]+")
# Short lowercase words of the boards' English that are words, not codes.
WORDS = frozenset({"a", "an", "of", "to", "in", "on", "at", "by", "or", "and", "the", "for",
    "up", "no", "not", "all", "his", "her", "its", "is", "be", "may", "you", "one", "two", "six",
    "ten", "per", "new", "old", "end", "top", "any", "set", "off", "out", "get", "own", "via",
    "was", "has", "won", "can", "row", "now", "few", "way", "are", "it", "if", "he", "we", "me",
    "my", "do", "so", "as", "pig", "cow", "box", "pay", "sea", "day", "aged", "son", "age",
    "put", "use", "who", "let", "see", "bid", "did", "hand", "yet", "too", "nor", "gold", "lot",
    "war", "pass", "mine", "ship", "etc", "than", "but", "draw", "take", "each", "how", "go",
    "red", "buy", "die", "say", "de", "rim", "s", "tie"})


def _symbols(text: str) -> set[str]:
    """The pictograms (★ ♥ ⚔ ▶ …): codes by themselves."""
    return {ch for ch in text if unicodedata.category(ch) == "So"}


def codes_in(text: str) -> set[str]:
    """The codes of a line of a board: letter-and-digit tokens (``R35c``, ``2t1p``, ``1a``),
    capitals alone (``G``, ``VP``), short lowercase tokens that are no word (``hor``), and
    pictograms."""
    out = _symbols(text)
    for raw in SEPARATORS.split(text):
        token = "".join(ch for ch in raw if unicodedata.category(ch) != "So").strip(".'’")
        token = re.sub(r"['’]s$", "", token)
        if "-" in token.strip("-"):
            if any(_is_code(part) for part in token.split("-")):
                out.add(token)
        elif _is_code(token):
            out.add(token)
    return out


def _is_code(token: str) -> bool:
    if not re.search(r"[A-Za-z]", token) or not token.isascii() or \
            re.fullmatch(r"\d+(st|nd|rd|th)", token):
        return False
    return bool(re.search(r"\d", token) or re.fullmatch(r"[A-Z]{1,3}\$?|\$", token) or
                (re.fullmatch(r"[a-z]{1,3}", token) and token not in WORDS))


def shape(code: str) -> str:
    """A code with its numbers as ``#``: ``R35c`` and ``R25c`` are explained alike."""
    return re.sub(r"\d+", "#", code)


def explained(code: str, key: str) -> bool:
    """Whether ``key`` (the page's key text) explains ``code``: names it, or a code of the same
    shape (``R1`` explains ``R4``), or, for a pictogram, shows it."""
    if len(code) == 1 and not code.isascii():
        return code in key
    tokens = set()
    for raw in SEPARATORS.split(key):
        token = raw.strip(".'’")
        tokens.add(token)
        tokens.update(token.split("-"))
        tokens.update(part for part in re.split(r"[^\w$-]+", token) if part)
    return code in tokens or shape(code) in {shape(t) for t in tokens}
