"""Reading an action a person typed: names without their accents or in another case, names
in the player's language, and a sentence saying what was wrong when nothing fits.

A game's notation is exact (``to koeln``); a person types ``to Köln``, ``TO KOLN`` or
``to 科隆``. ``fold`` makes the forms comparable, ``State.name_words`` gives the names a game
writes in its notation by their other spellings, and ``read_action`` finds the one action of
the game's table that the text means, legal or not (so that an illegal one is refused with its
rule), or says which word it did not know and which words fit there.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from regalia.engine.actions import Action
from regalia.engine.i18n import _

if TYPE_CHECKING:
    from regalia.engine.state import State

SHOWN = 12  # at most this many words are listed as what may come next


def fold(text: str) -> str:
    """``text`` as compared: no accents, one case, single spaces (``Köln`` and ``KOLN`` fold
    alike; a name of several words, ``New Castile``, is the game's ``name_words``' to map)."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    bare = bare.replace("ß", "ss")
    return " ".join(bare.casefold().split())


def _is_cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def substitute(text: str, names: Mapping[str, str]) -> str:
    """The folded ``text`` with each name of ``names`` (typed spelling -> notation word)
    replaced by its notation word, longest names first; a Latin name only as whole words."""
    folded = fold(text)
    for name, word in _name_table(names):
        if name == word or name not in folded:
            continue
        if any(_is_cjk(ch) for ch in name):
            folded = folded.replace(name, f" {word} ")
            continue
        words = folded.split(" ")
        count = name.count(" ") + 1
        out: list[str] = []
        i = 0
        while i < len(words):
            if " ".join(words[i:i + count]) == name:
                out.append(word)
                i += count
            else:
                out.append(words[i])
                i += 1
        folded = " ".join(out)
    return " ".join(folded.split())


# The folded name tables of the ``names`` seen last, by their contents: a game gives the same
# names again and again (the Castles' 760, whose folding cost 6 ms a typed action).
_TABLES: dict[tuple[tuple[str, str], ...], list[tuple[str, str]]] = {}


def _name_table(names: Mapping[str, str]) -> list[tuple[str, str]]:
    """``names`` folded, the empty ones dropped, longest names first."""
    key = tuple(names.items())
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) >= 32:
            _TABLES.clear()
        pairs = ((fold(k), fold(v)) for k, v in names.items())
        table = _TABLES[key] = sorted(((k, v) for k, v in pairs if k),
                                      key=lambda kv: -len(kv[0]))
    return table


class Lexicon:
    """A game's notations as folded word sequences: found by text, and walked word by word
    to say where a typed text leaves them."""

    def __init__(self, actions: Sequence[Action]) -> None:
        self.by_text: dict[str, Action] = {}
        clashes: set[str] = set()
        for action in actions:
            key = fold(action.text)
            if key in self.by_text:
                clashes.add(key)
            self.by_text[key] = action
        for key in clashes:
            del self.by_text[key]
        self.words = [key.split(" ") for key in self.by_text]

    def next_words(self, prefix: list[str]) -> list[str]:
        """The words that follow ``prefix`` in some notation, in the table's order."""
        n = len(prefix)
        seen: dict[str, None] = {}
        for words in self.words:
            if len(words) > n and words[:n] == prefix:
                seen.setdefault(words[n], None)
        return list(seen)


_LEXICONS: dict[str, Lexicon] = {}


def lexicon(state: State) -> Lexicon:
    game = state.info()
    found = _LEXICONS.get(game.id)
    if found is None:
        found = _LEXICONS[game.id] = Lexicon(list(game.actions))
    return found


def read_action(state: State, text: str) -> Action | str:
    """The action of ``state``'s game that ``text`` means (legal now or not), or a sentence
    in the language in force saying which word fits nothing and what may stand there."""
    words_of = lexicon(state)
    typed = substitute(text, state.name_words())
    action = words_of.by_text.get(typed) or words_of.by_text.get(fold(text))
    if action is not None:
        return action
    words = typed.split(" ") if typed else []
    if not words:
        return _("nothing was typed")
    for i in range(len(words)):
        after = words_of.next_words(words[:i])
        if words[i] in after:
            continue
        shown = ", ".join(after[:SHOWN]) + (", …" if len(after) > SHOWN else "")
        if i == 0:
            return _("no action of this game begins with {word}; they begin with: "
                     "{words}").format(word=_q(words[0]), words=shown)
        if not after:
            return _("{prefix} is a whole action already; {rest} is more than it "
                     "takes").format(prefix=_q(" ".join(words[:i])),
                                     rest=_q(" ".join(words[i:])))
        return _("after {prefix} comes one of: {words} (not {word})").format(
            prefix=_q(" ".join(words[:i])), words=shown, word=_q(words[i]))
    after = words_of.next_words(words)
    shown = ", ".join(after[:SHOWN]) + (", …" if len(after) > SHOWN else "")
    return _("{text} is not a whole action; after it comes one of: {words}").format(
        text=_q(typed), words=shown)


def _q(text: str) -> str:
    return "'" + text + "'"


def in_every_language(pairs: Callable[[], Iterable[tuple[str, str]]]) -> dict[str, str]:
    """{typed name: notation word} from ``pairs()`` (a game's names, each with its notation
    word) asked once in each language the package speaks."""
    from regalia.engine.i18n import LANGUAGES, speaking

    found: dict[str, str] = {}
    for code in LANGUAGES:
        with speaking(code):
            for name, word in pairs():
                if name:
                    found.setdefault(name, word)
    return found
