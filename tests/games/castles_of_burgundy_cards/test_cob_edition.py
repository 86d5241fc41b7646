"""The edition file: printed counts, provenance of every value, refusal of bad files."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from regalia.engine.errors import EditionError
from regalia.games.castles_of_burgundy_cards.edition import BUILTIN_PATH, data_of, load_edition
from regalia.games.castles_of_burgundy_cards.faces import (
    BUILDING,
    FACE_INDEX,
    FACE_KIND,
    FACE_TYPE,
    KIND_NAMES,
    PASTURE,
)
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    at_action,
    clear_table,
    new,
    set_estate,
    set_projects,
    texts,
)

TEXT = BUILTIN_PATH.read_text(encoding="utf-8")


def test_builtin_edition_has_the_printed_counts() -> None:
    d = data_of(load_edition(None))
    assert len(d.deck) == 114
    by_type = Counter(FACE_TYPE[FACE_INDEX[name]] for name in d.deck)
    assert [by_type[t] for t in range(7)] == [12, 12, 12, 18, 18, 18, 24]
    by_kind = Counter(FACE_KIND[FACE_INDEX[name]] for name in d.deck)
    assert all(by_kind[k] == 3 for k in range(6, 14)), "8 buildings x 3"
    assert len(d.goods_deck) == 18 and len(d.animal_deck) == 20
    assert Counter(d.animal_deck) == {"chicken": 5, "cattle": 5, "sheep": 5, "pig": 5}


def test_builtin_edition_keeps_the_printed_values() -> None:
    d = data_of(load_edition(None))
    assert d.triple_vp[BUILDING] == 3 and d.triple_vp[PASTURE] == 4 and d.triple_vp[2] == 6
    assert d.rounds[0] == ((3, 0, 0, 0, 0), (0, 2, 0, 0, 0), (0, 0, 2, 0, 0), (0, 0, 0, 3, 0),
                           (0, 0, 0, 0, 3))
    assert d.rounds[3] == ((0, 0, 0, 2, 0), (0, 0, 0, 0, 2), (0, 0, 0, 1, 1))
    assert d.display == {1: 7, 2: 7, 3: 10, 4: 13}
    assert d.all_types == {1: (3, 1), 2: (3, 1), 3: (4, 2, 1), 4: (4, 3, 2, 1)}
    assert d.goods_kind_of_die[1:] == (0, 0, 1, 1, 2, 2)
    assert d.animal_variety_vp == (0, 0, 1, 2, 4)
    assert d.aaron_piles == (3, 4, 5, 6, 7)


def test_every_reconstructed_value_carries_its_reasoning() -> None:
    data = tomllib.loads(TEXT)
    reconstructed = []
    for table in ("types", "cards", "goods", "round_cards"):
        for entry in data[table]:
            prov = entry["provenance"]
            kinds = [prov] if isinstance(prov, str) else list(prov.values())
            if "reconstructed" in kinds:
                assert len(entry["reasoning"]) > 40
                reconstructed.append(entry)
    # castle, mine, knowledge, ship triples; 14 card kinds' dice; 3 goods; rounds B, C, E.
    assert len(reconstructed) == 4 + 14 + 3 + 3


def test_the_builtin_edition_is_read_once() -> None:
    assert load_edition(None) is load_edition(None)


def test_an_edition_loads_from_a_path_and_from_text(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(TEXT, encoding="utf-8")
    from_path = load_edition(path)
    from_text = load_edition(TEXT)
    assert not from_path.builtin and not from_text.builtin
    assert data_of(from_path) == data_of(from_text) == data_of(load_edition(None))


def _error(text: str) -> EditionError:
    with pytest.raises(EditionError) as info:
        load_edition(text)
    return info.value


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_wrong_card_count_is_refused_with_its_line() -> None:
    bad = TEXT.replace("dice = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]\n",
                       "dice = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]\n", 1)
    err = _error(bad)
    assert "12 castle cards" in err.reason
    assert err.line == _line_of(bad, "dice = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]")


def test_a_die_outside_one_to_six_is_refused() -> None:
    bad = TEXT.replace("dice = [1, 3, 5]", "dice = [1, 3, 7]", 1)
    err = _error(bad)
    assert "outside 1..6" in err.reason and err.line == _line_of(bad, "dice = [1, 3, 7]")


def test_goods_dice_must_cover_each_die_once() -> None:
    err = _error(TEXT.replace("dice = [3, 4]", "dice = [2, 4]", 1))
    assert "die 2 already sells light goods" in err.reason


def test_a_reconstructed_value_without_reasoning_is_refused() -> None:
    bad = TEXT.replace("reasoning = \"Not public. In D's", "note = \"Not public. In D's")
    err = _error(bad)
    assert "reasoning" in err.reason and err.line is not None


def test_a_missing_type_and_bad_toml_are_refused() -> None:
    start = TEXT.index("[[types]]\nname = \"ship\"")
    end = TEXT.index("[[types]]\nname = \"pasture\"")
    assert "ship" in _error(TEXT[:start] + TEXT[end:]).reason
    err = _error(TEXT.replace('letter = "B"', 'letter = "B'))
    assert "TOML" in err.reason and err.line == _line_of(TEXT, 'letter = "B"')
    assert "A to E" in _error(TEXT.replace('letter = "E"', 'letter = "F"')).reason


def test_a_different_triple_value_changes_the_score() -> None:
    richer = load_edition(TEXT.replace('name = "building"\ncolour = "beige"\ntriple_vp = 3',
                                       'name = "building"\ncolour = "beige"\ntriple_vp = 7'))
    scores = []
    for edition in (None, richer):
        s = new(2, seed=1) if edition is None else _new_with(edition)
        set_estate(s, 0, (BUILDING, ("bank-1", "church-2", "market-3")))
        scores.append(s.scores()[0] - _animals_and_start(s))
    assert scores == [3, 7]


def _new_with(edition: object) -> object:
    import regalia

    return regalia.new_game("castles-of-burgundy-cards", 2, seed=1, edition=edition)


def _animals_and_start(s: object) -> int:
    from regalia.games.castles_of_burgundy_cards.scoring import animal_vp

    return animal_vp(s.animals[0], s.components.animal_variety_vp) + (  # type: ignore[attr-defined]
        s.start_card_holder == 0)  # type: ignore[attr-defined]


def test_a_different_die_changes_what_is_legal() -> None:
    # Move the castles' dice: castle-3 cards become castle-4 (two 4s become 3s to keep 12).
    moved = TEXT.replace("dice = [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]\nprovenance = { kind = "
                         "\"printed\", dice = \"reconstructed\" }\nsource = \"RB\"\nreasoning = "
                         "\"Die values not public. 12 cards spread evenly over the six faces "
                         "(2 each), so no die",
                         "dice = [1, 1, 2, 2, 4, 4, 4, 4, 5, 5, 6, 6]\nprovenance = { kind = "
                         "\"printed\", dice = \"reconstructed\" }\nsource = \"RB\"\nreasoning = "
                         "\"Die values not public. 12 cards spread evenly over the six faces "
                         "(2 each), so no die", 1)
    assert moved != TEXT
    base = new(2, seed=2)
    other = _new_with(load_edition(moved))
    for s, name in ((base, "castle-3"), (other, "castle-4")):
        clear_table(s)
        s.workers[0] = 0
        set_projects(s, 0, name)
        at_action(s, 0, 3)
        assert (f"place {name}" in texts(s)) == (name == "castle-3")
    act(base, "place castle-3")
    assert base.estates[0][-1][1] == (FACE_INDEX["castle-3"],)
    assert "castle-3" not in data_of(other.edition).deck  # type: ignore[attr-defined]
    assert KIND_NAMES[0] == "castle"


def test_the_view_shows_the_values_printed_in_the_loaded_edition() -> None:
    from regalia.games.castles_of_burgundy_cards.render_text import render_text

    richer = load_edition(TEXT.replace('name = "building"\ncolour = "beige"\ntriple_vp = 3',
                                       'name = "building"\ncolour = "beige"\ntriple_vp = 7'))
    builtin, custom = new(2, seed=1).view(0), _new_with(richer).view(0)  # type: ignore[attr-defined]
    assert builtin["printed"]["triple_vp"]["building"] == 3
    assert custom["printed"]["triple_vp"]["building"] == 7
    assert builtin["printed"]["triple_vp"]["pasture"] == 4
    dice = builtin["printed"]["goods_dice"]
    assert sorted(d for kind in dice.values() for d in kind) == [1, 2, 3, 4, 5, 6]
    assert "building[/] 7" in render_text(custom)
