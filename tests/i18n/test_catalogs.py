"""The message catalogs: complete, faithful to their placeholders, and compiled."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from regalia.engine import i18n

TOOL = Path(__file__).resolve().parents[2] / "tools" / "catalogs.py"


def _tool() -> ModuleType:
    pytest.importorskip("babel", reason="the catalogs are checked with Babel (test extra)")
    spec = importlib.util.spec_from_file_location("regalia_catalogs_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_message_is_translated_with_its_placeholders() -> None:
    """Fails on a marked message some catalog lacks or leaves untranslated or fuzzy, a
    translation that drops or invents a placeholder, and a .mo that is not its .po compiled."""
    found = list(_tool().problems())
    assert found == [], "\n".join(found[:40]) + (f"\n… {len(found)} in all" if found else "")


def test_every_listed_language_has_a_catalog() -> None:
    tool = _tool()
    assert sorted(set(i18n.LANGUAGES) - {"en"}) == tool.languages()


def test_placeholder_check_catches_a_dropped_field() -> None:
    tool = _tool()
    from babel.messages.catalog import Message

    good = Message("{who} takes {n}", "{who} 拿走 {n}")
    dropped = Message("{who} takes {n}", "拿走 {n}")
    invented = Message("{who} takes {n}", "{who} 拿走 {n} {x}")
    assert list(tool._placeholders("zh", good, "m")) == []
    assert "missing ['who']" in next(tool._placeholders("zh", dropped, "m"))
    assert "unknown ['x']" in next(tool._placeholders("zh", invented, "m"))
    plural = Message(("{n} Caballero", "{n} Caballeros"), ["{n} 名骑士"])
    assert list(tool._placeholders("zh", plural, "m")) == []


def test_a_message_reads_in_the_language_in_force() -> None:
    with pytest.raises(i18n.UnknownLanguage, match="Regalia speaks"):
        i18n.check_language("xx")
    with i18n.speaking("zh"), pytest.raises(i18n.UnknownLanguage, match="Regalia 能说的语言"):
        i18n.check_language("xx")
