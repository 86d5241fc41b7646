"""Every built-in edition names every component in every language Regalia speaks."""

from __future__ import annotations

import pytest

from regalia.engine.i18n import DEFAULT_LANGUAGE, LANGUAGES
from regalia.engine.registry import games
from tests.i18n.editions import edition_strings

BUILTIN = [info for info in games() if info.state_class.__module__.startswith("regalia.games.")]


@pytest.mark.parametrize("info", BUILTIN, ids=lambda info: info.id)
@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {DEFAULT_LANGUAGE}))
def test_every_name_and_text_of_the_edition_is_translated(info, lang: str) -> None:
    edition = info.load_edition(None)
    english = list(edition_strings(edition.data))
    assert english, info.id
    table = edition.names.get(lang, {})
    missing = [text for text in english if text not in table]
    assert not missing, f"{info.id}: no {lang} name for {missing[:5]}"
    assert all(edition.localize(text, lang) == table[text] for text in english)
