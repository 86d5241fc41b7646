"""El Grande's pictures: the SVG map of Spain and the terminal text, drawn from views."""

from __future__ import annotations

import pytest

from regalia.games.el_grande import map_layout
from regalia.games.el_grande.map_layout import REGIONS, adjacency_from_borders, canonical_region

# Rules §1.1: the adjacency list, 15 symmetric edges.
RULES_ADJACENCY = {
    "Aragon": {"New Castile", "Old Castile", "Catalonia", "Basque Country", "Valencia"},
    "New Castile": {"Aragon", "Old Castile", "Granada", "Seville", "Valencia"},
    "Old Castile": {"Aragon", "New Castile", "Galicia", "Basque Country"},
    "Catalonia": {"Aragon", "Valencia"},
    "Galicia": {"Old Castile", "Basque Country"},
    "Granada": {"New Castile", "Seville", "Valencia"},
    "Basque Country": {"Aragon", "Old Castile", "Galicia"},
    "Seville": {"New Castile", "Granada"},
    "Valencia": {"Aragon", "New Castile", "Catalonia", "Granada"},
}


# ------------------------------------------------------------------------ the map geometry
def test_drawn_borders_give_exactly_the_rules_adjacency() -> None:
    assert {k: set(v) for k, v in adjacency_from_borders().items()} == RULES_ADJACENCY


def test_regions_sit_at_their_geographic_places() -> None:
    """North is up and east is right: Galicia north-west, Catalonia north-east, Seville
    south-west, Granada south; New Castile in the middle."""
    def centre(name: str) -> tuple[float, float]:
        pts = map_layout.REGION_POLYGONS[name]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    gal, cat, sev, gra, new = (centre(r) for r in
                               ("Galicia", "Catalonia", "Seville", "Granada", "New Castile"))
    assert gal[0] < new[0] < cat[0]
    assert gal[1] < new[1] < sev[1]
    assert cat[1] < new[1] < gra[1]
    assert sev[0] < gra[0]


def test_every_anchor_and_the_castillo_lie_on_the_map() -> None:
    for name in REGIONS:
        x, y = map_layout.LABEL_ANCHORS[name]
        assert 0 < x < map_layout.MAP_WIDTH and 0 < y < map_layout.MAP_HEIGHT
    x, y, w, h = map_layout.CASTILLO_BOX
    assert x + w <= map_layout.MAP_WIDTH and y + h <= map_layout.MAP_HEIGHT


def _inside(pt: tuple[float, float], poly: tuple[tuple[float, float], ...]) -> bool:
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


@pytest.mark.parametrize("name", REGIONS)
def test_each_label_stands_inside_its_own_region(name: str) -> None:
    anchor = map_layout.LABEL_ANCHORS[name]
    assert _inside(anchor, map_layout.REGION_POLYGONS[name])
    assert not any(_inside(anchor, map_layout.REGION_POLYGONS[o]) for o in REGIONS if o != name)


@pytest.mark.parametrize(("spelling", "name"), [
    ("new-castile", "New Castile"), ("basque_country", "Basque Country"), ("Sevilla", "Seville"),
    ("Castilla la Vieja", "Old Castile"), ("ARAGON", "Aragon"), ("castillo", None),
])
def test_region_names_are_read_however_a_view_spells_them(spelling: str,
                                                          name: str | None) -> None:
    assert canonical_region(spelling) == name
