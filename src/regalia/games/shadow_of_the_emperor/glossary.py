"""Shadow of the Emperor's component texts (from the edition) and the components each action
names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.edition import Edition, EditionReader
from regalia.engine.glossary import Entry, read_texts
from regalia.games.shadow_of_the_emperor.board import SEAT_LETTERS, TILES

TILE_NAMES = tuple(f"{letter}{n}" for letter in SEAT_LETTERS for n in range(1, TILES + 1))
# Further names ``help`` accepts: the notation names tiles by family and number (``help R3``),
# the screens say VP.
_WORDS = {"piece:aristocrat": (*TILE_NAMES, "tile"), "piece:victory-points": ("VP", "points")}


def read(reader: EditionReader) -> tuple[Entry, ...]:
    """Every text of the edition, checked (a component without its text is an edition error)."""
    from regalia.engine.i18n import speaking
    from regalia.games.shadow_of_the_emperor.render_text import card_short

    with speaking("en"):  # the board's abbreviations (Riv, FKD) find their cards too
        cards = tuple(Entry(e.key, e.name, e.text, (*e.words, card_short(e.words[0])), e.cost)
                      for e in read_texts(reader, "cards", prefix="card",
                                          cost=("cost", "cost_couple")))
    pieces = tuple(Entry(e.key, e.name, e.text, (*e.words, *_WORDS.get(e.key, ())), e.cost)
                   for e in read_texts(reader, "pieces", prefix="piece"))
    return (*cards, *read_texts(reader, "electorates", prefix="electorate"), *pieces)


def entries(edition: Edition) -> tuple[Entry, ...]:
    return edition.components["glossary"]


# the card (or piece) each verb of the notation is the action of
_VERB = {
    "knight": ("card:knight", "piece:knight-piece"), "city": ("card:ordinance", "piece:city"),
    "empire": ("piece:empire-city",), "excommunicate": ("card:excommunication",),
    "church": ("card:church",), "younger": ("card:doctor",), "older": ("card:doctor",),
    "flip": ("card:daughter",), "promote": ("card:promotion",), "move": ("card:move",),
    "throne": ("piece:emperor",), "convent": ("piece:convent",), "elector": ("piece:elector",),
    "seat": ("piece:elector",), "propose": ("piece:couple", "piece:convent"),
    "accept": ("piece:couple",), "refuse": ("piece:convent",), "award": ("piece:emperor",),
    "palatinate": ("electorate:palatinate",), "koeln": ("electorate:koeln",),
    "trier": ("electorate:trier",),
}
_VOTE = {"emperor": "piece:emperor", "rival": "card:rival"}


def named_by(edition: Edition, view: Mapping[str, Any], notation: str) -> tuple[str, ...]:
    words = notation.split()
    if not words:
        return ()
    verb, args = words[0], words[1:]
    stacks = view.get("stacks") or {}
    electorates = {e["id"] for e in view.get("electorates") or ()}
    keys = list(_VERB.get(verb, ()))
    if verb in ("buy", "trier"):
        keys += [f"card:{a}" for a in args if a in stacks]
    if verb == "vote":
        keys += [_VOTE[a] for a in args if a in _VOTE]
    keys += [f"electorate:{a}" for a in args if a in electorates]
    if verb in ("award", "seat") and view.get("electorate") in electorates:
        keys.append(f"electorate:{view['electorate']}")  # the electorate being settled
    tiles = [a for a in args if a in TILE_NAMES]
    if tiles:
        keys += ["piece:aristocrat", *_sides(view, tiles)]
    if verb == "throne":
        keys.append("piece:throne")
    return tuple(dict.fromkeys(keys))


def _sides(view: Mapping[str, Any], names: list[str]) -> list[str]:
    """The Baron or Couple entry of each named tile the board shows."""
    out = []
    for el in view.get("electorates") or ():
        for tile in [*el.get("aristocrats", ()), *([el["elector"]] if el.get("elector") else [])]:
            if tile["tile"] in names:
                out.append("piece:couple" if tile["couple"] else "piece:baron")
    return out
