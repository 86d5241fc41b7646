"""Bad input: illegal and malformed actions, bad options, bad editions (one clear message,
nothing changed), and an edition with another map that changes play."""

from __future__ import annotations

import pytest

import regalia
from regalia.engine import EditionError, IllegalAction, InvalidOption, MalformedAction
from tests.games.ming_dynasty.md_helpers import (
    clear_hands,
    edition_with,
    enter,
    give,
    legal,
    started,
)

INFO = regalia.get_game("ming-dynasty")


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    s = started(3)
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("take 1", 0)
    assert "not legal" in str(err.value)
    with pytest.raises(MalformedAction):
        s.apply("fly to 9z", 0)
    with pytest.raises(IllegalAction):
        s.apply("place 1", 2)
    assert s.to_json() == before


def test_a_step_without_the_card_is_refused() -> None:
    s = started(3)
    clear_hands(s)
    give(s, 0, "junk")
    enter(s, "act", 0)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("step 1b", 0)  # a horse border
    assert s.to_json() == before


def test_a_bad_option_is_refused() -> None:
    with pytest.raises(InvalidOption) as err:
        regalia.new_game("ming-dynasty", 3, city_tie="coin-flip")
    assert "city_tie" in str(err.value)
    with pytest.raises(regalia.engine.RegaliaError):
        regalia.new_game("ming-dynasty", 5)


def test_a_map_that_is_not_connected_is_refused() -> None:
    text = INFO.load_edition(None).text
    for cut in ('between = ["1a", "4a"]', 'between = ["1c", "4c"]', 'between = ["2c", "5c"]',
                'between = ["3c", "6c"]', 'between = ["3b", "6b"]'):
        block = text[text.rindex("[[borders]]", 0, text.index(cut)):]
        block = block[:block.index("\n\n") + 2] if "\n\n" in block else block
        text = text.replace(block, "")
    with pytest.raises(EditionError) as err:
        INFO.load_edition(text)
    assert "not connected" in str(err.value)


def test_a_border_naming_an_unknown_district_is_refused() -> None:
    with pytest.raises(EditionError) as err:
        INFO.load_edition(edition_with('between = ["1a", "4a"]', 'between = ["1a", "7z"]'))
    assert "unknown district" in str(err.value) and "line" in str(err.value)


def test_a_border_with_an_unknown_transport_is_refused() -> None:
    text = INFO.load_edition(None).text.replace('transport = "junk"', 'transport = "camel"', 1)
    with pytest.raises(EditionError) as err:
        INFO.load_edition(text)
    assert "camel" in str(err.value)


def test_a_province_space_count_that_breaks_the_rounds_is_refused() -> None:
    with pytest.raises(EditionError):
        INFO.load_edition(edition_with("per_round = 5", "per_round = 9"))


def test_an_edition_with_another_map_changes_play() -> None:
    other = edition_with('between = ["1a", "4a"]\ntransport = "horse"',
                         'between = ["1a", "4a"]\ntransport = "junk"')
    s = started(3)
    t = started(3, edition=other)
    for state in (s, t):
        clear_hands(state)
        give(state, 0, "junk")
        enter(state, "act", 0)
    assert "step 4a" not in legal(s)
    assert "step 4a" in legal(t)
    assert t.view(0)["map"]["borders"] != s.view(0)["map"]["borders"]
