"""Editions: provenance on every value, errors with the line, user editions in records."""

import re
from pathlib import Path

import pytest

import regalia
from regalia.engine import EditionError, Rng
from regalia.engine.bench import random_playout

TOY = "toy-sealed-bids"
GOOD = (Path(__file__).parents[1] / "support" / "toy_edition.toml").read_text()


def test_the_builtin_edition_is_loaded_by_default() -> None:
    state = regalia.new_game(TOY, 2, seed=1)
    assert state.edition.builtin and state.edition.id == "toy-1"
    assert state.record().edition is None


def test_a_user_edition_changes_play_and_travels_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "all-nines.toml"
    path.write_text(re.sub(r"(?m)^value = \d+", "value = 9", GOOD))
    state = regalia.new_game(TOY, 2, seed=1, edition=path)
    assert state.view(0)["hand"] == [9, 9, 9]
    random_playout(state, Rng(1))
    record = state.record()
    assert record.edition is not None and "value = 9" in record.edition["toml"]
    assert regalia.replay(record.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(
    ("change", "line", "reason"),
    [
        (lambda t: t.replace('title = "Sealed', 'title = Sealed'), 4, "not valid TOML"),
        (lambda t: t.replace('provenance = "printed"\nsource = "TEST"\n\n[[cards]]\nvalue = 2',
                             '\n\n\n[[cards]]\nvalue = 2', 1), 9, "no provenance"),
        (lambda t: t.replace('source = "TEST"\nreasoning', 'source = "TEST"\nrz'), 27,
         "reasoning"),
        (lambda t: t.replace('source = "TEST"', 'source = "BGG"', 1), 13, "'BGG' is not in"),
        (lambda t: t.replace('value = 2', 'value = 12'), 16, "outside 1..9"),
        (lambda t: t.replace('value = 2', 'value = "two"'), 16, "whole number"),
        (lambda t: t.replace('game = "toy-sealed-bids"', 'game = "el-grande"'), 2, "not"),
        (lambda t: t.replace('provenance = "printed"', 'provenance = "guessed"', 1), 12,
         "not one of"),
    ],
)
def test_a_bad_edition_is_refused_with_line_and_reason(change, line: int, reason: str,  # type: ignore[no-untyped-def]
                                                       tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(change(GOOD))
    with pytest.raises(EditionError, match=reason) as err:
        regalia.new_game(TOY, 2, edition=path)
    assert err.value.line == line
    assert f"line {line}" in str(err.value)


def test_a_missing_edition_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EditionError, match="cannot read"):
        regalia.new_game(TOY, 2, edition=tmp_path / "nope.toml")
