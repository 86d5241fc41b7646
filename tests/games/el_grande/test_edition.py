"""The component data: map, power cards, 45 action cards, and refusing a bad edition."""

from __future__ import annotations

from pathlib import Path

import pytest

import regalia
from regalia.engine.errors import EditionError
from regalia.games.el_grande.edition import EDITION_FILE, components, load_edition

BUILTIN = EDITION_FILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def C():
    return components(load_edition(None))


def names(C, idxs):
    return sorted(C.region_names[i] for i in idxs)


def test_nine_regions_with_printed_values(C):
    assert C.regions == 9
    assert C.region_scores[C.region_ids.index("new-castile")] == (7, 4, 2)
    assert C.region_scores[C.region_ids.index("galicia")] == (4, 2, 0)
    assert C.castillo_scores == (5, 3, 1)


def test_adjacency_is_symmetric_with_15_borders(C):
    edges = {frozenset((i, j)) for i in range(9) for j in C.neighbors[i]}
    assert len(edges) == 15
    for i in range(9):
        for j in C.neighbors[i]:
            assert i in C.neighbors[j]


def test_rb_p4_king_in_galicia_touches_old_castile_and_basque_country(C):
    assert names(C, C.neighbors[C.region_ids.index("galicia")]) == \
        ["Basque Country", "Old Castile"]


def test_rb_p4_king_in_new_castile_touches_five_regions(C):
    assert names(C, C.neighbors[C.region_ids.index("new-castile")]) == \
        ["Aragon", "Granada", "Old Castile", "Seville", "Valencia"]


def test_power_cards_bring_6_5_5_4_4_3_3_2_2_1_1_0_0(C):
    assert C.power_caballeros[1:] == (6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0)


def test_45_action_cards_in_stacks_of_11_11_11_11_1(C):
    per_stack = [sum(C.cards[t].count for t in C.stack_cards[k]) for k in range(5)]
    assert per_stack == [11, 11, 11, 11, 1]
    assert sum(c.count for c in C.cards) == 45
    assert [c.id for c in C.cards if c.kind == "veto"] == ["veto"]
    assert C.cards[C.card_index["veto"]].count == 2


def test_mobile_scoreboards_are_8_4_0_and_4_0_0(C):
    assert C.scoreboard_scores == ((8, 4, 0), (4, 0, 0))


def test_edition_loads_from_a_path_and_from_text(tmp_path: Path):
    path = tmp_path / "mine.toml"
    path.write_text(BUILTIN.replace("scores = [4, 2, 0]", "scores = [4, 2, 1]"))
    ed = load_edition(path)
    assert not ed.builtin
    assert components(ed).region_scores[4] == (4, 2, 1)
    assert components(load_edition(BUILTIN)).region_scores[4] == (4, 2, 0)


def test_corrected_edition_plays_and_is_in_the_record():
    old = 'name = "Castillo"\nscores = [5, 3, 1]'
    text = BUILTIN.replace(old, old.replace("5, 3, 1", "6, 3, 1"))
    st = regalia.new_game("el-grande", 3, seed=2, edition=text)
    assert st.view(None)["castillo"]["scores"] == [6, 3, 1]
    assert st.record().edition is not None
    assert regalia.replay(st.record()).view(None)["castillo"]["scores"] == [6, 3, 1]


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


def test_bad_edition_missing_a_card_is_refused():
    start = BUILTIN.index('[[cards]]\nid = "the-court"')
    end = BUILTIN.index("[[cards]]", start + 5)
    with pytest.raises(EditionError, match="11/11/11/10/1"):
        load_edition(BUILTIN[:start] + BUILTIN[end:])


def test_bad_edition_one_sided_border_names_its_line():
    bad = BUILTIN.replace('neighbors = ["aragon", "valencia"]', 'neighbors = ["valencia"]')
    with pytest.raises(EditionError) as err:
        load_edition(bad)
    assert "not symmetric" in err.value.reason
    assert err.value.line == line_of(bad, 'neighbors = ["valencia"]')  # Catalonia's list


def test_bad_edition_neighbours_that_are_not_region_ids_are_refused():
    # numbers where region ids belong: an EditionError with the line, not a crash (the
    # compiled build once raised TypeError here; the edition fuzz test found it)
    bad = BUILTIN.replace('neighbors = ["aragon", "valencia"]', "neighbors = [1, 2]")
    with pytest.raises(EditionError, match="unknown neighbour 1") as err:
        load_edition(bad)
    assert err.value.line == line_of(bad, "neighbors = [1, 2]")


def test_bad_edition_rising_scores_names_its_line():
    bad = BUILTIN.replace("scores = [6, 3, 1]", "scores = [1, 3, 6]")
    with pytest.raises(EditionError) as err:
        load_edition(bad)
    assert err.value.line == line_of(bad, "scores = [1, 3, 6]")


def test_bad_edition_unknown_card_kind_and_missing_provenance():
    with pytest.raises(EditionError, match="unknown card kind"):
        load_edition(BUILTIN.replace('kind = "grande"', 'kind = "duel"'))
    bad = BUILTIN.replace('kind = "grande"\ncount = 2\nprovenance = "printed"\n',
                          'kind = "grande"\ncount = 2\n')
    with pytest.raises(EditionError, match="no provenance") as err:
        load_edition(bad)
    assert err.value.line is not None


def test_bad_edition_not_toml_and_renamed_region():
    with pytest.raises(EditionError, match="not valid TOML") as err:
        load_edition(BUILTIN.replace("[castillo]", "[castillo"))
    assert err.value.line is not None
    with pytest.raises(EditionError, match="notation uses these ids"):
        load_edition(BUILTIN.replace('id = "seville"', 'id = "sevilla"'))
