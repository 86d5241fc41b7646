"""Ming Dynasty on a phone: ``render_phone_svg(view) -> str``, the board as one narrow column.

What the desktop map says, in tiles a 360 px screen holds legibly (see
:mod:`regalia.engine.phone_board`): the province spaces with their members and display cards,
the districts (members by colour, cloister, city houses, prince, borders and their transport),
the players, and the decisions with no place on the board as buttons. Targets carry the same
``data-action`` as on the desktop picture, claimed in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, pgettext
from regalia.engine.phone_board import Chip, Section, Tile, draw
from regalia.games.ming_dynasty.render_svg import _card, _claim, _style
from regalia.games.ming_dynasty.text import phase_title


def _ink(view: Mapping[str, Any], colour: int) -> str:
    return "#111" if colour in (0, 4) or colour >= view["players_count"] else "#fff"


def _members(view: Mapping[str, Any], counts: list[int]) -> list[Chip]:
    names = [p["name"] for p in view["players"]]
    return [Chip(str(k), _style(view, c), _ink(view, c), "#111",
                 title=f"{names[c] if c < len(names) else '?'}: {k}")
            for c, k in enumerate(counts) if k]


def _name(view: Mapping[str, Any], colour: int | None) -> str:
    if colour is None:
        return "—"
    players = view["players"]
    if colour < len(players):
        return str(players[colour]["name"])
    neutral = view.get("neutral")
    return str(neutral["name"]) if neutral else "?"


def _district_tiles(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    m = view["map"]
    colour = {p["id"]: p["colour"] for p in m["provinces"]}
    province = {p["id"]: p["name"] for p in m["provinces"]}
    borders: dict[str, list[str]] = {}
    for a, b, t in m["borders"]:
        borders.setdefault(a, []).append(_("{district} by {card}").format(
            district=b, card=_card(view, t)))
        borders.setdefault(b, []).append(_("{district} by {card}").format(
            district=a, card=_card(view, t)))
    reachable = set(view.get("reachable", ()))
    tiles = []
    for q, dist in enumerate(m["districts"]):
        did = dist["id"]
        state = view["districts"][q]
        action = _claim([f"prince {did}", f"step {did}", f"step {did} dragon",
                         f"neutral {did}", f"back {did}", f"neutral back {did}"], legal, used)
        houses = [_("{who} {n}").format(who=_name(view, c), n=k)
                  for c, k in enumerate(state["city"]) if k]  # (names, not initials)
        lines = [_("cloister {who} · city {houses}").format(
            who=_name(view, state["cloister"]),
            houses=pgettext("ming-dynasty", ", ").join(houses) or "—")]
        if state["prince"] is not None:
            lines.append("▲ " + _("prince of {who}").format(who=_name(view, state["prince"])))
        if state["leader"]:
            lines.append("* " + _("majority: {who}").format(
                who=", ".join(_name(view, c) for c in state["leader"])))
        lines.append("↔ " + pgettext("ming-dynasty", ", ").join(borders.get(did, [])))
        # (its province's name beside it: ``1a`` is district a of province 1, yellow)
        title = _("{district} ({province})").format(
            district=did, province=province.get(dist["province"], "")) + (
            " · " + _("reachable") if did in reachable else "")
        tiles.append(Tile(title, lines, _members(view, state["open"]), action=action,
                          fill="#fbf6ea", edge=colour[dist["province"]], marked=did in reachable,
                          kind="district", data={"district": did}))
    return tiles


def _space_tiles(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    tiles = []
    for i, p in enumerate(view["map"]["provinces"]):
        info = view["provinces"][i]
        action = _claim([f"place {i + 1}", f"take {i + 1}", f"dragon {i + 1}"], legal, used)
        card = info["display"]
        lines = [_("tiles left {n}").format(n=info["tiles"]),
                 _("display card: {card}").format(
                     card=_card(view, card) if card else pgettext("ming-dynasty", "empty"))]
        tiles.append(Tile(f"{i + 1} {p['name']}", lines, _members(view, info["space"]),
                          action=action, fill="#fbf6ea", edge=p["colour"], kind="space",
                          data={"space": str(i + 1)}))
    return tiles


def _player_tiles(view: Mapping[str, Any]) -> list[Tile]:
    m = view["map"]
    sep = pgettext("ming-dynasty", ", ")
    tiles = []
    for p, pl in enumerate(view["players"]):
        who = pgettext("ming-dynasty", "{who} (start)").format(who=pl["name"]) \
            if view["start"] == p else pl["name"]
        hand = pl["hand"]
        cards = (sep.join(f"{_card(view, k)} {n}" for k, n in hand.items())
                 or pgettext("ming-dynasty", "no cards")) if hand is not None else \
            pgettext("ming-dynasty", "{n} cards").format(n=pl["hand_size"])
        lines = [_("{score} points · supply {supply} · cloisters {cloisters}").format(
            score=pl["score"], supply=pl["supply"], cloisters=pl["cloisters"]),
            _("hand: {cards}").format(cards=cards)]
        if pl["passed"] and view["phase"] in ("act", "moving", "deploy"):
            lines.append(pgettext("ming-dynasty", "passed"))
        if "sealed" in pl:
            lines.append(pgettext("ming-dynasty", "returns {n}").format(n=pl["return"])
                         if "return" in pl else
                         (_("return cards laid") if pl["sealed"] else _("choosing return cards")))
        elif pl["revealed"] is not None and view["scoring"]:
            lines.append(pgettext("ming-dynasty", "returned {n}").format(n=pl["revealed"]))
        lines.append(_("province tiles:"))
        chips = [Chip(str(pl["tiles"][i]), p2["colour"], "#111", "#666", title=p2["name"])
                 for i, p2 in enumerate(m["provinces"])]
        moving = p in view["to_move"]
        tiles.append(Tile(("▶ " if moving else "") + who, lines, chips, fill="#fbf6ea",
                          edge=_style(view, p), marked=moving, kind="player",
                          data={"seat": p}))
    return tiles


def render_phone_svg(view: Mapping[str, Any]) -> str:
    """Ming Dynasty's board for a phone's screen, as a self-contained SVG string."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    districts = _district_tiles(view, legal, used)
    spaces = _space_tiles(view, legal, used)
    words = view.get("described") or {}
    rest = [Tile(words.get(a) or a, action=a, fill="#ece4d0", kind="button")
            for a in view.get("legal", []) if a not in used]
    movers = pgettext("ming-dynasty", ", ").join(view["players"][s]["name"]
                                                 for s in view["to_move"])
    header = [_("round {round} of {rounds} (scoring after {scoring}) — {phase}").format(
        round=view["round"], rounds=view["rounds"],
        scoring=", ".join(map(str, view["scoring_rounds"])), phase=phase_title(view["phase"]))
        if view["round"] else phase_title(view["phase"])]  # (setup: no round 0)
    if movers:
        header.append(_("to move: {movers}").format(movers=movers))
    if view["phase"] == "prince" and view.get("seat") in view["to_move"]:
        # the setup's title alone ("setup: princes") did not say what to do
        header.append(_("tap a district to place your prince there"))
    if view["over"]:
        ranks = view["ranking"]
        header.append(pgettext("ming-dynasty", "Final: {results}").format(results="; ".join(
            pgettext("ming-dynasty", "{who} {score} points, place {place}").format(
                who=pl["name"], score=pl["score"], place=ranks[p])
            for p, pl in enumerate(view["players"]))))
    sep = pgettext("ming-dynasty", ", ")
    discards = sep.join(f"{_card(view, k)} {n}" for k, n in view["discard"].items()) \
        or pgettext("ming-dynasty", "none")
    supply = _("Dragons {dragons} · supply {deck} cards · discards {discards}").format(
        dragons=view["dragons"], deck=view["deck"], discards=discards)
    if view["neutral"] is not None:
        supply += " · " + _("Neutral family ({name}): {n} in supply").format(
            name=view["neutral"]["name"], n=view["neutral"]["supply"])
    sections = [
        Section(_("Your decision"), rest, columns=2, panel="decide"),
        Section(_("Province spaces and display"), spaces, columns=2, panel="spaces",
                note=supply + " · " + _("the numbers: members on the space, by colour")),
        Section(_("Districts"), districts, columns=2, panel="map",
                note=_("1a, 1b …: the districts of province 1; the numbers: members in "
                       "the open area by colour; a gold edge: "
                       "reachable with your cards; ↔: the neighbouring districts and the "
                       "card that crosses to each")),
        Section(_("Players"), _player_tiles(view), panel="players"),
    ]
    if any(t.action for t in districts) and not any(t.action for t in spaces):
        # the decision is on the map (a prince's step, a member back): the map comes first
        sections[1], sections[2] = sections[2], sections[1]
    return draw(pgettext("ming-dynasty", "Ming Dynasty"), header, sections)
