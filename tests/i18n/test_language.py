"""Which language Regalia speaks, and component names from edition data."""

from __future__ import annotations

import threading

import pytest

from regalia.engine import i18n
from regalia.engine.errors import EditionError
from regalia.games.el_grande.edition import load_edition


@pytest.mark.parametrize(("spelling", "code"), [
    ("zh", "zh"), ("zh_CN.UTF-8", "zh"), ("zh-Hans", "zh"), ("ZH-cn", "zh"), ("zh_SG", "zh"),
    ("en", "en"), ("en_AU.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"),
    ("zh_TW", None), ("zh-Hant", None), ("fr_FR.UTF-8", None), ("", None),
])
def test_spellings_fold_onto_codes(spelling: str, code: str | None) -> None:
    assert i18n.normalize(spelling) == code


def test_resolution_order() -> None:
    env = {"REGALIA_LANG": "zh", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"}
    assert i18n.resolve_language("en", env) == "en"  # --lang first
    assert i18n.resolve_language(None, env) == "zh"  # then REGALIA_LANG
    assert i18n.resolve_language(None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US"}) == "zh"
    # POSIX: the first variable set decides, even naming a locale we cannot speak
    assert i18n.resolve_language(None, {"LC_ALL": "fr_FR", "LANG": "zh_CN"}) == "en"
    assert i18n.resolve_language(None, {}) == "en"


@pytest.mark.parametrize("bad", ["klingon", "zh_TW", "xx"])
def test_an_unknown_language_asked_for_is_refused(bad: str) -> None:
    with pytest.raises(i18n.UnknownLanguage, match="Regalia speaks en, zh"):
        i18n.resolve_language(bad, {})
    with pytest.raises(i18n.UnknownLanguage):
        i18n.resolve_language(None, {"REGALIA_LANG": bad})


@pytest.mark.parametrize(("header", "code"), [
    ("zh-CN,zh;q=0.9,en;q=0.8", "zh"), ("en-US,en;q=0.9,zh;q=0.8", "en"),
    ("fr-FR, zh;q=0.5, en;q=0.4", "zh"), ("de, fr", None), ("", None), (None, None),
    ("zh;q=0, en;q=0.1", "en"), ("en;q=bad, zh;q=0.2", "zh"), ("*", None),
])
def test_accept_language(header: str | None, code: str | None) -> None:
    assert i18n.accept_language(header) == code


def test_speaking_is_per_context_and_restored() -> None:
    assert i18n.language() == "en"
    seen: list[str] = []

    def other_thread() -> None:  # a new thread starts from the default, not from ours
        seen.append(i18n.language())

    with i18n.speaking("zh") as lang:
        assert lang == "zh" and i18n.language() == "zh"
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
    assert seen == ["en"]
    assert i18n.language() == "en"


def test_display_width_counts_cells() -> None:
    assert i18n.display_width("Aragon") == 6
    assert i18n.display_width("阿拉贡") == 6
    assert i18n.display_width("ａ") == 2  # full-width Latin
    assert i18n.display_width("é") == 1  # e + combining acute
    assert i18n.pad("阿拉贡", 8) == "阿拉贡  "
    assert i18n.pad("7", 3, ">") == "  7"
    assert i18n.pad("王", 5, "^") == " 王  "
    assert i18n.pad("阿拉贡", 4) == "阿拉贡"



def _builtin_text() -> str:
    return load_edition().text


def test_edition_names_in_another_language() -> None:
    text = _builtin_text().replace('name = "Aragon"\n', 'name = "Aragon"\nname_xx = "Aragó"\n', 1)
    edition = load_edition(text)
    assert edition.names["xx"]["Aragon"] == "Aragó"
    assert edition.localize("Aragon", "xx") == "Aragó"
    assert edition.localize("Galicia", "xx") == "Galicia"  # not given: the English name
    assert edition.localize("Aragon", "en") == "Aragon"
    with pytest.raises(TypeError):
        edition.names["xx"]["Aragon"] = "changed"  # type: ignore[index]


@pytest.mark.parametrize(("extra", "reason"), [
    ('name_xx = ""\n', "1 to 100 characters"),
    ("name_xx = 3\n", "1 to 100 characters"),
])
def test_bad_names_are_refused_with_their_line(extra: str, reason: str) -> None:
    text = _builtin_text().replace('name = "Aragon"\n', 'name = "Aragon"\n' + extra, 1)
    with pytest.raises(EditionError, match=reason) as err:
        load_edition(text)
    assert err.value.line is not None


def test_an_edition_without_a_translation_borrows_the_built_in_one() -> None:
    # a corrected edition written before the names were translated (Aragon has no name_zh)
    text = _builtin_text().replace('name_zh = "阿拉贡"\n', "", 1)
    edition = load_edition(text)
    assert not edition.builtin and "Aragon" not in edition.names["zh"]
    assert edition.localize("Aragon", "zh") == "阿拉贡"  # the built-in edition's word
    assert edition.localize("Aragon", "en") == "Aragon"
    # its own translation wins; a name the built-in edition does not know stays English
    renamed = load_edition(text.replace('name = "Aragon"\n',
                                        'name = "Aragon"\nname_zh = "阿拉冈"\n', 1))
    assert renamed.localize("Aragon", "zh") == "阿拉冈"
    assert edition.localize("Atlantis", "zh") == "Atlantis"


def test_card_texts_in_another_language() -> None:
    english = "You may move up to 4 of your own Caballeros."
    text = _builtin_text().replace(f'text = "{english}"\n',
                                   f'text = "{english}"\ntext_xx = "Vier eigene."\n', 1)
    edition = load_edition(text)
    assert edition.localize(english, "xx") == "Vier eigene."
    assert edition.localize(english, "en") == english
    long = "x" * 1001
    with pytest.raises(EditionError, match="1 to 1000 characters") as err:
        load_edition(text.replace('text_xx = "Vier eigene."', f'text_xx = "{long}"'))
    assert err.value.line is not None
    with pytest.raises(EditionError, match="text_xx needs a text beside it"):
        # (every component has its text now: the setup table has none)
        load_edition(_builtin_text().replace('[setup]\n', '[setup]\ntext_xx = "t"\n', 1))


def test_one_english_name_has_one_translation() -> None:
    text = _builtin_text()
    text = text.replace('name = "Aragon"\n', 'name = "Aragon"\nname_xx = "A"\n', 1)
    # a second entry of the same English name, translated differently
    text = text.replace('name = "Galicia"\n', 'name = "Aragon"\nname_xx = "B"\n', 1)
    with pytest.raises(EditionError, match="one name, one translation"):
        load_edition(text)
