"""Component names in the language in force, read from the edition (``name_<lang>`` beside
each ``name`` in edition.toml) at the moment they are shown.

The rules code and the view name components by their stable English ids (``castle``,
``boarding-house``, ``light``, ``sheep``); these helpers turn an id into the edition's name for
it and then into the reader's language with :meth:`Edition.localize`. A state passes its own
edition (a corrected edition corrects the names too); a renderer, which sees only a view,
reads the built-in edition.
"""

from __future__ import annotations

from regalia.engine.edition import Edition
from regalia.engine.i18n import pgettext
from regalia.games.castles_of_burgundy_cards.edition import load_edition
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    FACE_DIE,
    FACE_KIND,
    GOODS_KINDS,
    KIND_NAMES,
    KIND_TITLES,
    TYPE_NAMES,
)

_KIND_INDEX = {name: k for k, name in enumerate(KIND_NAMES)}


def _edition(edition: Edition | None) -> Edition:
    return edition if edition is not None else load_edition(None)


def type_word(ctype: int | str, edition: Edition | None = None) -> str:
    """A card type (``castle`` .. ``building``, or its index) in the reader's language."""
    name = TYPE_NAMES[ctype] if isinstance(ctype, int) else ctype
    return _edition(edition).localize(name)


def kind_word(kind: int | str, edition: Edition | None = None) -> str:
    """A card kind (``carpenter``, or its index) as the rule book names it: "carpenter's
    workshop" / 木匠的工作坊; an unknown kind is shown as it is (hyphens as spaces)."""
    k = kind if isinstance(kind, int) else _KIND_INDEX.get(kind)
    if k is None:
        return str(kind).replace("-", " ")
    return _edition(edition).localize(KIND_TITLES[k])


def goods_word(goods: int | str, edition: Edition | None = None) -> str:
    """A goods kind (``light``, ``medium``, ``dark``, or its index): 浅棕色 ..."""
    name = GOODS_KINDS[goods] if isinstance(goods, int) else goods
    return _edition(edition).localize(name)


def animal_word(animal: int | str, edition: Edition | None = None) -> str:
    """An animal kind (``chicken`` .., or its index): 鸡 ..."""
    name = ANIMAL_KINDS[animal] if isinstance(animal, int) else animal
    return _edition(edition).localize(name)


def card_words(kind: int | str, die: int, edition: Edition | None = None) -> str:
    """'castle (3)' / '城堡(3)': how a sentence names a card of ``kind`` showing ``die``."""
    return pgettext("castles-of-burgundy-cards", "{kind} ({die})").format(
        kind=kind_word(kind, edition), die=die)


def face_words(face: int, edition: Edition | None = None) -> str:
    """:func:`card_words` of a face number."""
    return card_words(FACE_KIND[face], FACE_DIE[face], edition)


def short_face_words(face: int, edition: Edition | None = None) -> str:
    """'carpenter (3)': a card as a list short of room names it, by the board's word for
    its kind (:func:`kind_label`; the rule book's "carpenter's workshop" is a building, which
    its type says), else as :func:`face_words`."""
    label = kind_label(KIND_NAMES[FACE_KIND[face]], edition).replace("-", " ")
    return pgettext("castles-of-burgundy-cards", "{kind} ({die})").format(
        kind=label, die=FACE_DIE[face])


def kind_label(kind: str, edition: Edition | None = None) -> str:
    """A card's kind as a board labels it: the id (``boarding-house``) in English, where the
    board has always shown it so, the edition's name (宿舍) in a language that has one."""
    k = _KIND_INDEX.get(kind)
    if k is None:
        return kind
    title = KIND_TITLES[k]
    word = _edition(edition).localize(title)
    return kind if word == title else word


def name_words(edition: Edition | None = None) -> dict[str, str]:
    """The names a person may type for the notation's words, in every language ({"boarding
    house 3": "boarding-house-3", "城堡(3)": "castle-3", "浅棕色": "light"}): a card as
    sentences name it ("castle (3)") or with its die after a space, a kind, a goods colour."""
    from regalia.engine.reading import in_every_language
    from regalia.games.castles_of_burgundy_cards.faces import FACE_NAMES, N_FACES

    def pairs() -> list[tuple[str, str]]:
        out: list[tuple[str, str]] = []
        for face in range(N_FACES):
            kind, die = FACE_KIND[face], FACE_DIE[face]
            for word in (kind_word(kind, edition), KIND_NAMES[kind]):
                out += [(card_words(kind, die, edition), FACE_NAMES[face]),
                        (f"{word} {die}", FACE_NAMES[face]),
                        (f"{word}-{die}", FACE_NAMES[face]),
                        (f"{word}{die}", FACE_NAMES[face])]
        out += [(kind_word(k, edition), name) for k, name in enumerate(KIND_NAMES)]
        out += [(goods_word(g, edition), name) for g, name in enumerate(GOODS_KINDS)]
        return out

    return in_every_language(pairs)
