"""Geometry of El Grande's map of Spain for the SVG picture: region outlines, label and piece
anchors, the Castillo's corner, and the greyed neighbours (Portugal, France, the Balearics).

Pure data. Points are written as (longitude, latitude) of real places so that the outline is
recognisably Iberian, and projected once at import time into picture coordinates. Regions are
built from shared named vertices, so two regions that border each other share an edge exactly;
the tests check that the drawn borders give precisely the rules' adjacency (rules §1.1).
"""

from __future__ import annotations

import re
from typing import Final

# Picture coordinates of the map area. An equirectangular projection whose x scale is shrunk by
# about cos(40°) against y keeps Spain's proportions at its mean latitude.
MAP_WIDTH: Final = 660
MAP_HEIGHT: Final = 500
_LON0, _LAT0 = -10.0, 44.35
_XS, _YS = 46.0, 59.0

Point = tuple[float, float]


def project(lon: float, lat: float) -> Point:
    """Picture coordinates of a (longitude, latitude), rounded so output is byte-stable."""
    return (round((lon - _LON0) * _XS, 1), round((_LAT0 - lat) * _YS, 1))


# Named vertices (lon, lat). Coast and frontier points are real places; the inner junctions
# follow the historic kingdoms closely enough for a board gamer to recognise the board.
_V: Final[dict[str, Point]] = {
    # Atlantic and Cantabrian coast, west to east
    "finisterre": (-9.3, 42.9), "coruna": (-8.4, 43.37), "bares": (-7.7, 43.79),
    "navia": (-6.2, 43.57), "gijon": (-5.7, 43.56), "santander": (-3.8, 43.46),
    "bilbao": (-2.9, 43.35), "hendaye": (-1.78, 43.37),
    # Pyrenees (French frontier)
    "roncesvalles": (-1.3, 43.02), "ansó": (-0.75, 42.85), "aneto": (0.5, 42.8),
    "andorra": (1.45, 42.45), "puigcerda": (2.1, 42.42), "cerbere": (3.17, 42.43),
    # Mediterranean coast, north to south and west
    "creus": (3.32, 42.32), "blanes": (2.8, 41.68), "barcelona": (2.17, 41.38),
    "tarragona": (1.25, 41.1), "ebro": (0.87, 40.72), "vinaros": (0.5, 40.52),
    "castellon": (0.0, 39.98), "valencia": (-0.33, 39.45), "nau": (0.23, 38.73),
    "alicante": (-0.48, 38.34), "segura": (-0.75, 38.0), "cartagena": (-0.98, 37.6),
    "gata": (-2.19, 36.73), "malaga": (-4.42, 36.72), "marbella": (-5.0, 36.45),
    "gibraltar": (-5.35, 36.14), "tarifa": (-5.6, 36.01), "cadiz": (-6.3, 36.53),
    "donana": (-6.4, 36.8), "ayamonte": (-7.4, 37.2),
    # Portuguese frontier, south to north
    "guadiana": (-7.5, 37.6), "badajoz_s": (-7.1, 38.1), "olivenza": (-7.3, 38.8),
    "alcantara": (-7.0, 39.65), "gata_sierra": (-6.9, 40.25), "ciudad_rodrigo": (-6.8, 41.0),
    "duero": (-6.2, 41.6), "braganza": (-6.9, 41.95), "chaves": (-7.9, 41.85),
    "minho_e": (-8.2, 42.1), "minho": (-8.87, 41.87), "vigo": (-8.8, 42.35),
    # Inner junctions and borders
    "j_gal_cas_bas": (-6.0, 42.65), "leon": (-4.5, 42.55), "burgos": (-3.2, 42.35),
    "j_bas_cas_ara": (-1.9, 42.1), "ejea": (-1.1, 42.45), "moncayo": (-2.0, 41.5),
    "j_cas_ara_new": (-2.1, 41.0), "guadarrama": (-3.5, 40.9), "avila": (-4.6, 40.35),
    "bejar": (-5.6, 40.25), "lleida": (0.3, 41.9), "ebro_in": (0.1, 41.2),
    "j_ara_cat_val": (0.3, 40.7), "teruel": (-0.5, 40.2), "j_ara_val_new": (-1.5, 40.1),
    "cuenca": (-1.6, 40.5), "requena": (-1.9, 39.3), "j_val_new_gra": (-2.0, 38.55),
    "murcia": (-1.4, 38.05), "segura_in": (-2.6, 38.4), "jaen": (-3.6, 38.3),
    "j_new_gra_sev": (-4.3, 38.2), "morena": (-5.5, 38.35), "antequera": (-4.5, 37.4),
}

# Each region as a ring of vertex names (clockwise on the picture).
_RINGS: Final[dict[str, tuple[str, ...]]] = {
    "Galicia": ("finisterre", "coruna", "bares", "navia", "j_gal_cas_bas", "braganza",
                "chaves", "minho_e", "minho", "vigo"),
    "Basque Country": ("navia", "gijon", "santander", "bilbao", "hendaye", "roncesvalles",
                       "ansó", "ejea", "j_bas_cas_ara", "burgos", "leon", "j_gal_cas_bas"),
    "Old Castile": ("j_gal_cas_bas", "leon", "burgos", "j_bas_cas_ara", "moncayo",
                    "j_cas_ara_new", "guadarrama", "avila", "bejar", "gata_sierra",
                    "ciudad_rodrigo", "duero", "braganza"),
    "Aragon": ("ansó", "aneto", "lleida", "ebro_in", "j_ara_cat_val", "teruel",
               "j_ara_val_new", "cuenca", "j_cas_ara_new", "moncayo", "j_bas_cas_ara", "ejea"),
    "Catalonia": ("aneto", "andorra", "puigcerda", "cerbere", "creus", "blanes", "barcelona",
                  "tarragona", "ebro", "vinaros", "j_ara_cat_val", "ebro_in", "lleida"),
    "Valencia": ("j_ara_cat_val", "vinaros", "castellon", "valencia", "nau", "alicante",
                 "segura", "murcia", "j_val_new_gra", "requena", "j_ara_val_new", "teruel"),
    "New Castile": ("gata_sierra", "bejar", "avila", "guadarrama", "j_cas_ara_new", "cuenca",
                    "j_ara_val_new", "requena", "j_val_new_gra", "segura_in", "jaen",
                    "j_new_gra_sev", "morena", "badajoz_s", "olivenza", "alcantara"),
    "Granada": ("j_val_new_gra", "murcia", "segura", "cartagena", "gata", "malaga", "marbella",
                "antequera", "j_new_gra_sev", "jaen", "segura_in"),
    "Seville": ("badajoz_s", "morena", "j_new_gra_sev", "antequera", "marbella", "gibraltar",
                "tarifa", "cadiz", "donana", "ayamonte", "guadiana"),
}

REGIONS: Final[tuple[str, ...]] = (
    "Aragon", "New Castile", "Old Castile", "Catalonia", "Galicia", "Granada",
    "Basque Country", "Seville", "Valencia",
)
"""The nine regions in the order of the rules' table (§1.1)."""

REGION_POLYGONS: Final[dict[str, tuple[Point, ...]]] = {
    name: tuple(project(*_V[v]) for v in ring) for name, ring in _RINGS.items()
}
REGION_EDGES: Final[dict[str, frozenset[frozenset[str]]]] = {
    name: frozenset(frozenset((ring[i], ring[(i + 1) % len(ring)])) for i in range(len(ring)))
    for name, ring in _RINGS.items()
}
"""Each region's border as a set of vertex-name pairs (for the adjacency check)."""

# Where things go inside each region, hand-placed in (lon, lat) at the region's open middle:
# the name plate, the row of Caballero stacks below it, and the Grande / King / scoreboard spot.
_LABEL: Final[dict[str, Point]] = {
    "Galicia": (-7.85, 43.3), "Basque Country": (-3.7, 43.22), "Old Castile": (-4.3, 41.95),
    "Aragon": (-0.9, 41.95), "Catalonia": (1.7, 42.2), "Valencia": (-0.9, 39.7),
    "New Castile": (-3.6, 39.75), "Granada": (-2.6, 37.75), "Seville": (-5.5, 37.85),
}
# The foot of the King and the Grandes: below the cubes where the land is tall enough,
# beside them where it is not (Basque Country, Catalonia, Valencia are thin strips).
_PIECES: Final[dict[str, Point]] = {
    "Galicia": (-7.4, 42.1), "Basque Country": (-1.7, 42.5), "Old Castile": (-4.3, 40.75),
    "Aragon": (-0.9, 40.75), "Catalonia": (0.8, 41.0), "Valencia": (-1.05, 38.2),
    "New Castile": (-5.7, 39.1), "Granada": (-4.0, 37.05), "Seville": (-5.6, 36.6),
}
LABEL_ANCHORS: Final[dict[str, Point]] = {k: project(*v) for k, v in _LABEL.items()}
PIECE_ANCHORS: Final[dict[str, Point]] = {k: project(*v) for k, v in _PIECES.items()}

# The sea south-east of Valencia is empty on the board; the Castillo stands there.
CASTILLO_BOX: Final = (505.0, 336.0, 148.0, 154.0)  # x, y, width, height
"""The Castillo's frame (x, y, width, height) in the map's bottom-right corner."""

PORTUGAL: Final[tuple[Point, ...]] = tuple(
    project(*p) for p in (
        (-8.87, 41.87), (-8.67, 41.15), (-8.9, 40.2), (-9.5, 38.78), (-9.15, 38.7),
        (-8.87, 37.95), (-8.99, 37.02), (-7.93, 37.0), (-7.4, 37.2), (-7.5, 37.6), (-7.1, 38.1),
        (-7.3, 38.8), (-7.0, 39.65), (-6.9, 40.25), (-6.8, 41.0), (-6.2, 41.6), (-6.9, 41.95),
        (-7.9, 41.85), (-8.2, 42.1),
    )
)
FRANCE: Final[tuple[Point, ...]] = tuple(
    project(*p) for p in (
        (-1.78, 43.37), (-1.5, 43.6), (-1.25, 44.35), (4.35, 44.35), (4.35, 43.45),
        (3.7, 43.4), (3.3, 43.2), (3.05, 42.95), (3.17, 42.43), (2.1, 42.42), (1.45, 42.45),
        (0.5, 42.8), (-0.75, 42.85), (-1.3, 43.02),
    )
)
BALEARICS: Final[tuple[tuple[Point, ...], ...]] = tuple(
    tuple(project(*p) for p in island) for island in (
        ((2.35, 39.6), (3.0, 39.93), (3.45, 39.75), (3.2, 39.35), (2.75, 39.45)),  # Mallorca
        ((3.8, 40.0), (4.3, 39.95), (4.25, 39.82), (3.85, 39.9)),  # Menorca
        ((1.2, 38.98), (1.45, 39.1), (1.6, 39.0), (1.4, 38.85)),  # Ibiza
    )
)

_ALIASES: Final[dict[str, str]] = {
    "castillalanueva": "New Castile", "castillalavieja": "Old Castile",
    "cataluna": "Catalonia", "cataluña": "Catalonia", "paisvasco": "Basque Country",
    "paísvasco": "Basque Country", "sevilla": "Seville", "basque": "Basque Country",
}


def _squash(text: str) -> str:
    return re.sub(r"[\s_\-.']+", "", text.lower())


_CANON: Final[dict[str, str]] = {_squash(r): r for r in REGIONS} | _ALIASES


def canonical_region(name: str) -> str | None:
    """The map's name for a region however the view spells it ("new_castile", "Sevilla"…);
    None for anything that is not one of the nine (the Castillo, a typo)."""
    return _CANON.get(_squash(str(name)))


def adjacency_from_borders() -> dict[str, frozenset[str]]:
    """Which regions share a border edge on the drawn map (used by the tests)."""
    out: dict[str, set[str]] = {r: set() for r in REGIONS}
    for a in REGIONS:
        for b in REGIONS:
            if a < b and REGION_EDGES[a] & REGION_EDGES[b]:
                out[a].add(b)
                out[b].add(a)
    return {k: frozenset(v) for k, v in out.items()}
