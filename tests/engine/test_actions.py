"""Action tables: dense codes, text notation, clear errors for what is not an action."""

import pytest

from regalia.engine import ActionTable, MalformedAction


def make_table() -> ActionTable:
    table = ActionTable("demo")
    table.add("place", ("aragon",), "place aragon")
    table.add("power", (13,), "power 13")
    return table


def test_codes_are_dense_in_order_of_adding() -> None:
    table = make_table()
    assert [a.code for a in table] == [0, 1] and table.action_count == 2


def test_text_and_codes_round_trip() -> None:
    table = make_table()
    for action in table:
        assert table.parse(str(action)) is action
        assert table.decode(table.encode(action)) is action
        assert table.get(action.kind, *action.args) is action


def test_parse_forgives_spacing_and_case() -> None:
    assert make_table().parse("  Power   13 ").text == "power 13"


@pytest.mark.parametrize("bad", ["power 14", "", "place"])
def test_unknown_text_is_malformed(bad: str) -> None:
    with pytest.raises(MalformedAction, match="not an action of demo"):
        make_table().parse(bad)


@pytest.mark.parametrize("bad", [-1, 2, True, "0"])
def test_unknown_codes_are_malformed(bad: object) -> None:
    with pytest.raises(MalformedAction):
        make_table().decode(bad)  # type: ignore[arg-type]


def test_duplicate_notation_is_refused() -> None:
    table = make_table()
    with pytest.raises(ValueError, match="duplicate"):
        table.add("place", ("x",), "place aragon")
