"""The shared picture helpers: SVG elements and Rich markup as text."""

import xml.etree.ElementTree as ET

import pytest

from regalia.engine.markup import element, esc, number, strip_markup


def test_numbers_are_short_and_stable() -> None:
    assert number(0.1 + 0.2) == "0.3" and number(12.0) == "12" and number(7) == "7"


def test_elements_escape_text_and_name_attributes_the_svg_way() -> None:
    svg = element("text", "<Aragon & co>", data_action="place aragon", class_="region",
                  x=1.25, hidden=None)
    node = ET.fromstring(svg)
    assert node.text == "<Aragon & co>"
    assert node.attrib == {"data-action": "place aragon", "class": "region", "x": "1.2"}


def test_markup_escapes_round_trip_through_strip() -> None:
    name = "[bold]Eve[/]"
    assert strip_markup(f"[red]{esc(name)}[/] 3") == "[bold]Eve[/] 3"


def test_a_group_tag_escapes_its_attributes_and_marks_what_is_clickable() -> None:
    from regalia.engine.markup import group

    tag = group("space", 'enlist "a1"', data_space="<3>")
    assert tag.startswith('<g class="space"') and 'data-action=\'enlist "a1"\'' in tag
    assert 'data-space="&lt;3&gt;"' in tag and 'cursor="pointer"' in tag
    assert "cursor" not in group("label")


def test_text_width_takes_a_chinese_character_as_an_em_and_a_letter_as_less() -> None:
    from regalia.engine.markup import LATIN_EM, text_width

    assert text_width("枢机主教", 11) == 44.0  # four full-width characters, 11 px each
    assert text_width("Purse ×2", 10) == pytest.approx(8 * LATIN_EM * 10)
    assert text_width("e\u0301", 10) == text_width("e", 10)  # a combining accent adds nothing
    assert text_width("", 13) == 0.0
