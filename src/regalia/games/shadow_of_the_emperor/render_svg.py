"""In the Shadow of the Emperor as a picture: ``render_svg(view) -> str``.

A pure function of the view (keys: see ``view.py``), like ``chess.svg.board()``: no state, no
I/O, the same bytes for the same view. At the top the round track with the Emperor's rights,
the throne with the Emperor, and the thaler track; below, the three archdioceses and the four
secular electorates, each with its elector and privilege, aristocrat spaces (every Baron and
Couple shows its age at the top edge, a Couple two hearts), castle and city spaces and the
influence of each seat; then the action-card stacks (background colour, cost, cards left),
the seats (thalers, points open or hidden, supply, cards kept for descendants), and every
other legal action as a button.

Elements an action can target carry its notation in ``data-action`` when the view's ``legal``
list holds it: a tile (Doctor, Move, marriage, elector, throne), an electorate (placing an
aristocrat, a city, a Gray eminence, a target of the election cards), a castle space (a
knight), a card stack (buy, Trier).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.errors import RegaliaError
from regalia.engine.i18n import (
    DEFAULT_LANGUAGE,
    N_,
    _,
    display_width,
    language,
    ngettext,
    pgettext,
)
from regalia.engine.markup import button_words, text_width
from regalia.engine.markup import element as el
from regalia.engine.markup import group as _group
from regalia.games.shadow_of_the_emperor.render_text import child_word
from regalia.games.shadow_of_the_emperor.text import asking_words
from regalia.games.shadow_of_the_emperor.view import shown_vp

WIDTH = 1280
# Latin first, then fonts that carry Chinese (names of pieces and places in a zh view)
FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', "
        "'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif")
SEAT_FILLS = ("#c83232", "#3464c8", "#e0b820", "#3a9a4a")
LETTERS = ("R", "B", "Y", "G")
CARD_FILLS = {"blue": "#a9c4ef", "red": "#f2b6cf", "white": "#ffffff", "none": "#dddddd"}
PRIVILEGES = {"mainz": N_("+1 VP after phase V"), "trier": N_("a sold-out action"),
              "koeln": N_("a free Doctor"), "bohemia": N_("2 votes"),
              "palatinate": N_("a free 15-year-old Baron"),
              "saxony": N_("+2 thalers income"), "brandenburg": N_("may buy Gray eminence")}
BOX_W, BOX_H = 300, 236
TILE = 34
TOP_Y = 60
ROW1_Y = 190
ROW2_Y = ROW1_Y + BOX_H + 16


def _text(x: float, y: float, s: str, size: float = 13, weight: str = "normal",
          fill: str = "#222", anchor: str = "start") -> str:
    return el("text", s, x=x, y=y, font_size=size, font_weight=weight, fill=fill,
              text_anchor=anchor, font_family=FONT)


def phase_word(phase: str) -> str:
    """A phase as the view names it (``actions``), in words."""
    words = {
        "setup": pgettext("shadow-of-the-emperor", "setup"),
        "income": pgettext("shadow-of-the-emperor", "income"),
        "aging": pgettext("shadow-of-the-emperor", "aging"),
        "descendants": pgettext("shadow-of-the-emperor", "descendants"),
        "actions": pgettext("shadow-of-the-emperor", "actions"),
        "new electors": pgettext("shadow-of-the-emperor", "new electors"),
        "emperor election": pgettext("shadow-of-the-emperor", "emperor election"),
        "emperor's rights": pgettext("shadow-of-the-emperor", "emperor's rights"),
        "round end": pgettext("shadow-of-the-emperor", "round end"),
        "over": pgettext("shadow-of-the-emperor", "over"),
    }
    return words.get(phase, phase)


def _electorate_name(view: Mapping[str, Any], eid: str) -> str:
    for elx in view["electorates"]:
        if elx["id"] == eid:
            return str(elx.get("name") or eid)
    return eid


def _button_label(notation: str) -> str:
    """A button's words: the notation in English (what a player types), the action's
    description in another language (the notation stays the button's ``data-action``)."""
    if language() == DEFAULT_LANGUAGE:
        return notation
    from regalia.games.shadow_of_the_emperor.actions import TABLE
    from regalia.games.shadow_of_the_emperor.text import describe

    try:
        return describe(None, TABLE.parse(notation))
    except RegaliaError:
        return notation


def _claim(candidates: list[str], legal: set[str], used: set[str]) -> str | None:
    for notation in candidates:
        if notation in legal and notation not in used:
            used.add(notation)
            return notation
    return None


TILE_VERBS = ("older", "younger", "move", "flip", "propose", "seat", "throne")


def _tile(x: float, y: float, tile: Mapping[str, Any], legal: set[str], used: set[str],
          eminence: bool = False) -> list[str]:
    name = tile["tile"]
    action = _claim([f"{verb} {name}" for verb in TILE_VERBS], legal, used)
    out = [_group("tile", action, data_tile=name)]
    out.append(el("rect", x=x, y=y, width=TILE, height=TILE, rx=3,
                  fill=SEAT_FILLS[tile["seat"] % 4], stroke="#111" if action else "#333",
                  stroke_width=3 if action else 1, stroke_dasharray="4 2" if eminence else None))
    out.append(_text(x + TILE / 2, y + 12, str(tile["age"]), 11, "bold", "#fff", "middle"))
    mark = ("♥" if tile["couple"] else "") + name  # a Couple: a heart before its name
    out.append(_text(x + TILE / 2, y + 28, mark, 10, "normal", "#fff", "middle"))
    out.append("</g>")
    return out


def _electorate(view: Mapping[str, Any], elx: Mapping[str, Any], x: float, y: float,
                legal: set[str], used: set[str]) -> list[str]:
    eid = elx["id"]
    action = _claim([a for a in sorted(legal) if a.split()[-1] == eid or
                     (a.startswith(f"to {eid} ") and len(a.split()) == 4)
                     or a == f"knight {eid}"], legal, used)
    out = [_group("electorate", action, data_electorate=eid)]
    fill = "#efe3f3" if elx["spiritual"] else "#f6e7d2"
    out.append(el("rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=10, fill=fill,
                  stroke="#111" if action else "#7a6a55", stroke_width=3 if action else 1.5))
    out.append(_text(x + 10, y + 22, elx["title"], 14, "bold"))
    votes = ngettext("{n} vote", "{n} votes", elx["votes"]).format(n=elx["votes"])
    privilege = _(PRIVILEGES[eid]) if eid in PRIVILEGES else ""
    line = _("{votes} · privilege: {privilege}").format(votes=votes, privilege=privilege)
    if elx["privilege_used"]:
        line = _("{text} (used)").format(text=line)
    out.append(_text(x + 10, y + 40, line, 11))
    out.append("</g>")
    if not elx["in_play"]:
        out.append(el("rect", x=x, y=y, width=BOX_W, height=BOX_H, rx=10, fill="#888",
                      opacity=0.55))
        out.append(_text(x + BOX_W / 2, y + BOX_H / 2, _("out of play"), 18, "bold", "#fff",
                         "middle"))
        return out
    # elector space
    out.append(_text(x + 10, y + 62, pgettext("shadow-of-the-emperor", "Elector"), 11,
                     "bold"))
    out.append(el("rect", x=x + 10, y=y + 68, width=TILE + 6, height=TILE + 6, rx=4,
                  fill="#fff", stroke="#8a6d1f", stroke_width=2))
    if elx["elector"]:
        out.extend(_tile(x + 13, y + 71, elx["elector"], legal, used))
    # aristocrat spaces
    out.append(_text(x + 70, y + 62, _("Aristocrat spaces"), 11, "bold"))
    ax = x + 70
    for t in elx["aristocrats"]:
        out.extend(_tile(ax, y + 70, t, legal, used))
        ax += TILE + 4
    for s in elx["knights"]:
        out.append(el("rect", x=ax, y=y + 70, width=TILE, height=TILE, rx=3, fill="#fff",
                      stroke=SEAT_FILLS[s % 4], stroke_width=3))
        out.append(_text(ax + TILE / 2, y + 92, f"⚔{LETTERS[s]}", 12, "bold",
                         SEAT_FILLS[s % 4], "middle"))
        ax += TILE + 4
    for _slot in range(elx["free"]["aristocrat"]):
        out.append(el("rect", x=ax, y=y + 70, width=TILE, height=TILE, rx=3, fill="none",
                      stroke="#999", stroke_dasharray="3 3"))
        ax += TILE + 4
    # castles
    cy = y + 124
    out.append(_text(x + 10, cy + 4, _("Castles"), 11, "bold"))
    cx = x + 70
    castle_free = elx["free"]["castle"]
    for s in elx["castle_knights"]:
        out.append(el("path", d=_tower(cx, cy - 10), fill=SEAT_FILLS[s % 4], stroke="#333"))
        cx += 30
    for _slot in range(castle_free):
        action = _claim([f"knight {eid} castle"] + [a for a in sorted(legal)
                        if a.endswith(f" to {eid} castle")], legal, used)
        out.append(_group("castle", action, data_electorate=eid))
        out.append(el("path", d=_tower(cx, cy - 10), fill="#fff",
                      stroke="#111" if action else "#999"))
        out.append("</g>")
        cx += 30
    if not elx["castle_knights"] and not castle_free:
        out.append(_text(cx, cy + 4, pgettext("shadow-of-the-emperor", "none"), 11, "normal",
                         "#777"))
    # cities
    cy2 = y + 158
    out.append(_text(x + 10, cy2 + 4, _("Cities"), 11, "bold"))
    cx = x + 82
    for s in elx["cities"]:
        out.append(el("circle", cx=cx, cy=cy2, r=11, fill=SEAT_FILLS[s % 4], stroke="#222"))
        cx += 28
    for _slot in range(elx["empire_cities"]):
        out.append(el("circle", cx=cx, cy=cy2, r=11, fill="#222", stroke="#d4af37",
                      stroke_width=2))
        out.append(_text(cx, cy2 + 4, "E", 10, "bold", "#d4af37", "middle"))
        cx += 28
    for _slot in range(elx["free"]["city"]):
        out.append(el("circle", cx=cx, cy=cy2, r=11, fill="none", stroke="#999",
                      stroke_dasharray="3 3"))
        cx += 28
    # Gray eminences (no space of their own)
    if elx["eminences"]:
        ex = x + BOX_W - 10 - (TILE + 4) * len(elx["eminences"])
        eminence = view["stacks"].get("eminence", {}).get("title") or _("Gray eminence")
        out.append(_text(ex, y + 186, eminence, 10, "bold"))
        for t in elx["eminences"]:
            out.extend(_tile(ex, y + 190, t, legal, used, eminence=True))
            ex += TILE + 4
    # influence
    iy = y + BOX_H - 14
    out.append(_text(x + 10, iy, _("Influence"), 11, "bold"))
    for p, amount in enumerate(elx["influence"]):
        px = x + 82 + p * 36
        out.append(el("rect", x=px - 14, y=iy - 14, width=30, height=20, rx=4,
                      fill=SEAT_FILLS[p % 4], opacity=1 if amount else 0.3))
        out.append(_text(px + 1, iy + 1, str(amount), 13, "bold", "#fff", "middle"))
    return out


def _tower(x: float, y: float) -> str:
    return (f"M{x} {y + 22} L{x} {y + 4} L{x + 5} {y + 4} L{x + 5} {y} L{x + 10} {y} "
            f"L{x + 10} {y + 4} L{x + 15} {y + 4} L{x + 15} {y} L{x + 20} {y} L{x + 20} "
            f"{y + 22} Z")


def _top(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[str]:
    out = [_text(20, TOP_Y - 8, _("Round track and the Emperor's rights"), 13, "bold")]
    for i, right in enumerate(view["rights"]):
        x = 20 + i * 112
        current = i + 1 == view["round"]
        out.append(el("rect", x=x, y=TOP_Y, width=104, height=96, rx=6,
                      fill="#f3e3a6" if current else "#f4efe2",
                      stroke="#111" if current else "#999", stroke_width=2 if current else 1))
        out.append(_text(x + 52, TOP_Y + 20, _("Round {n}").format(n=i + 1), 13, "bold",
                         "#222", "middle"))
        out.append(_text(x + 52, TOP_Y + 42, _("{vp} VP").format(vp=right["vp"]), 12,
                         "normal", "#222", "middle"))
        if right["thalers"]:
            out.append(_text(x + 52, TOP_Y + 60, ngettext(
                "+{n} thaler", "+{n} thalers", right["thalers"]).format(n=right["thalers"]),
                12, "normal", "#222", "middle"))
        city = {"place-or-move": _("place/move city"), "move": _("move city")}.get(
            right["empire_city"])
        if city:
            out.append(_text(x + 52, TOP_Y + 78, city, 11, "normal", "#222", "middle"))
    # throne
    tx = 600
    out.append(_text(tx, TOP_Y - 8, _("Throne"), 13, "bold"))
    out.append(el("rect", x=tx, y=TOP_Y, width=146, height=96, rx=8, fill="#f7e9b0",
                  stroke="#8a6d1f", stroke_width=2))
    emperor = view["emperor"]
    out.append(_text(tx + 10, TOP_Y + 20, _("Emperor: {name}").format(
        name=view["seats"][emperor]["name"]), 12, "bold", SEAT_FILLS[emperor % 4]))
    if view["throne"]:
        out.extend(_tile(tx + 48, TOP_Y + 34, view["throne"], legal, used))
    out.append(_text(tx + 10, TOP_Y + 88, _("empire cities in supply: {n}").format(
        n=view["empire_supply"]), 10))
    # thaler track
    x0 = 768
    out.append(_text(x0, TOP_Y - 8, _("Thalers"), 13, "bold"))
    for v in range(13):
        x = x0 + v * 38
        out.append(el("rect", x=x, y=TOP_Y, width=36, height=26, fill="#f4efe2", stroke="#999"))
        out.append(_text(x + 18, TOP_Y + 18, str(v), 12, "normal", "#444", "middle"))
        on = [p for p, s in enumerate(view["seats"]) if s["thalers"] == v]
        for j, p in enumerate(on):
            out.append(el("circle", cx=x + 8 + j * 7, cy=TOP_Y + 38 + j * 10, r=7,
                          fill=SEAT_FILLS[p % 4], stroke="#222"))
    phase = phase_word(view["phase"])
    movers = pgettext("shadow-of-the-emperor", ", ").join(
        view["seats"][p]["name"] for p in view["to_move"])
    line = (_("Phase: {phase} — to move: {movers}").format(phase=phase, movers=movers)
            if movers else _("Phase: {phase}").format(phase=phase))
    out.append(_text(x0, TOP_Y + 92, line, 13, "bold"))
    if movers and decision_words(view):
        out.append(_text(x0, TOP_Y + 110, _("to move: {movers}, choosing {asking}").format(
            movers=movers, asking=decision_words(view)), 12))
    return out


def decision_words(view: Mapping[str, Any]) -> str:
    """What the seat to move decides now, in words ("the first empire city", "who wins the
    tied electorate in Trier"), as the terminal's header says it; "" when nothing is asked."""
    asking = asking_words(view.get("asking"))
    if asking and view.get("electorate"):
        asking = _("{asking} in {electorate}").format(
            asking=asking, electorate=_electorate_name(view, view["electorate"]))
    return asking


def _stacks(view: Mapping[str, Any], y: float, legal: set[str], used: set[str]) -> list[str]:
    out = [_text(20, y - 6, _("Action cards (left / all, cost)"), 13, "bold")]
    x = 20.0
    for kind, st in view["stacks"].items():
        names = [f"buy {kind}", f"trier {kind}"]
        if kind == "permit":
            names = ["buy permit baron", "buy permit couple", "trier permit baron",
                     "trier permit couple"]
        action = _claim(names, legal, used)
        out.append(_group("stack", action, data_card=kind))
        out.append(el("rect", x=x, y=y, width=90, height=58, rx=5,
                      fill=CARD_FILLS.get(st["colour"], "#eee"),
                      stroke="#111" if action else "#777", stroke_width=3 if action else 1,
                      opacity=1 if st["left"] else 0.4))
        title = st["title"]
        if display_width(title) > 13:  # a card 90 wide: 13 Latin letters, 6 Chinese
            title = st.get("short") or title
            while display_width(title) > 13:
                title = title[:-2] + "."
        out.append(_text(x + 45, y + 16, title, 10, "bold", "#222", "middle"))
        cost = f"{st['cost']}/{st['cost_couple']}" if st["cost_couple"] != st["cost"] \
            else str(st["cost"])
        out.append(_text(x + 45, y + 34, f"{st['left']} / {st['count']}", 13, "bold", "#222",
                         "middle"))
        out.append(_text(x + 45, y + 50, _("cost {cost}").format(cost=cost), 10, "normal",
                         "#222", "middle"))
        out.append("</g>")
        x += 95
    return out


def _seats(view: Mapping[str, Any], y: float) -> list[str]:
    out = []
    for p, seat in enumerate(view["seats"]):
        x = 20 + p * 312
        out.append(el("rect", x=x, y=y, width=300, height=112, rx=8, fill="#fff",
                      stroke=SEAT_FILLS[p % 4], stroke_width=3))
        marks = []
        if p == view["emperor"]:
            marks.append(pgettext("shadow-of-the-emperor", "Emperor"))
        if view.get("rival") == p:
            marks.append(pgettext("shadow-of-the-emperor", "Rival"))
        sep = pgettext("shadow-of-the-emperor", ", ")
        out.append(_text(x + 10, y + 20, seat["name"] + (" — " + sep.join(marks)
                                                         if marks else ""), 14, "bold",
                         SEAT_FILLS[p % 4]))
        shown = shown_vp(view, p)
        vp = pgettext("shadow-of-the-emperor", "hidden") if shown is None else str(shown)
        out.append(_text(x + 10, y + 40, purse_words(seat, vp), 12))
        out.append(_text(x + 10, y + 58, supply_words(seat), 12))
        kept = sep.join(view["stacks"][k]["title"] + (f" ×{c}" if c > 1 else "")
                        for k, c in seat["kept"].items())
        out.append(_text(x + 10, y + 76, _("kept: {cards}").format(cards=kept or "—"), 11))
        if seat["children"]:
            out.append(_text(x + 10, y + 94, _("next round: a {child}").format(
                child=child_word(seat["children"])), 11, "normal", "#555"))
    return out


LEGEND_H = 44


def _legend(y: float) -> list[str]:
    """What the picture's short marks are, in words, under the seats (the phone picture says
    them in full: "Red's noble, age 45")."""
    lines = [_("A noble's tile: its age above, its family and number below (R1, B2, Y1, G3 …; "
               "R1 is Red's first; R, B, Y, G: the families Red, Blue, Yellow, Green); ♥: a "
               "married couple; ⚔B: a knight of Blue's"),
             _("A castle in its family's colour; E: an empire city; Influence: each family's "
               "influence in the electorate; a dashed rim: a Gray eminence; cost 3/5: 3 for a "
               "baron, 5 for a couple; VP: victory points; V: phase V")]
    out = ['<g class="legend">']
    for i, line in enumerate(lines):
        out.append(_text(20, y + 4 + i * 18, line, 12, "normal", "#444"))
    out.append("</g>")
    return out


def purse_words(seat: Mapping[str, Any], vp: str) -> str:
    """A seat's thalers, VP, votes and income ("1 thaler", not "1 thalers")."""
    return _("{thalers} · VP {vp} · votes {votes} · income {income}").format(
        thalers=ngettext("{n} thaler", "{n} thalers", seat["thalers"]).format(
            n=seat["thalers"]), vp=vp, votes=seat["votes"], income=seat["income"])


def supply_words(seat: Mapping[str, Any]) -> str:
    """What a seat has left in its supply, each count with its noun in the right number."""
    tiles, knights = seat["tiles_in_supply"], seat["knights_in_supply"]
    cities = seat["cities_in_supply"]
    return _("supply: {tiles}, {knights}, {cities}").format(
        tiles=ngettext("{n} aristocrat", "{n} aristocrats", tiles).format(n=tiles),
        knights=ngettext("{n} knight", "{n} knights", knights).format(n=knights),
        cities=ngettext("{n} city", "{n} cities", cities).format(n=cities))


def render_svg(view: Mapping[str, Any]) -> str:
    """The position as an SVG document (a string)."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    body: list[str] = [_text(20, 30, _("In the Shadow of the Emperor — round {round} of 5")
                             .format(round=view["round"]), 20, "bold")]
    body.extend(_top(view, legal, used))
    els = view["electorates"]
    row1_x = (WIDTH - 3 * BOX_W - 2 * 16) / 2
    for i, elx in enumerate(els[:3]):
        body.extend(_electorate(view, elx, row1_x + i * (BOX_W + 16), ROW1_Y, legal, used))
    row2_x = (WIDTH - 4 * BOX_W - 3 * 16) / 2
    for i, elx in enumerate(els[3:]):
        body.extend(_electorate(view, elx, row2_x + i * (BOX_W + 16), ROW2_Y, legal, used))
    y = ROW2_Y + BOX_H + 34
    body.extend(_stacks(view, y, legal, used))
    y += 76
    body.extend(_seats(view, y))
    y += 126
    body.extend(_legend(y))
    y += LEGEND_H
    bits = election_notes(view)
    if bits:
        body.append(_text(20, y + 4, " · ".join(bits), 13, "bold"))
        y += 20
    rest = [a for a in view.get("legal", []) if a not in used]
    x = 20.0
    for notation in rest:
        label = button_words(view, notation, _button_label(notation), 13, WIDTH - 56)
        w = 16 + text_width(label, 13)
        if x + w > WIDTH - 20:
            x = 20.0
            y += 34
        body.append(_group("button", notation))
        body.append(el("rect", x=x, y=y, width=w, height=26, rx=5, fill="#ece4d0",
                       stroke="#333"))
        body.append(_text(x + w / 2, y + 18, label, 13, "normal", "#111", "middle"))
        body.append("</g>")
        x += w + 8
    height = y + 40
    if view.get("over") and view.get("scores"):
        sep = pgettext("shadow-of-the-emperor", ", ")
        body.append(_text(20, height, _("Final: {results}").format(results=sep.join(
            _("{seat} {score} (place {place})").format(
                seat=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p])
            for p in range(view["players"]))), 16, "bold"))
        height += 20
    return (f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" "
            f"height=\"{int(height)}\" viewBox=\"0 0 {WIDTH} {int(height)}\">"
            + el("rect", x=0, y=0, width=WIDTH, height=int(height), fill="#fdfaf3")
            + "".join(body) + "</svg>")


def election_notes(view: Mapping[str, Any]) -> list[str]:
    """What stands on the coming election (Church influence, an excommunication, who has
    voted) and an open marriage proposal, a phrase each."""
    election = view["election"]
    bits = []
    sep = pgettext("shadow-of-the-emperor", ", ")
    if election.get("church"):
        bits.append(_("Church influence in {electorate}").format(
            electorate=_electorate_name(view, election["church"])))
    if election.get("excommunication"):
        bits.append(_("excommunicated: {electorate}").format(
            electorate=_electorate_name(view, election["excommunication"])))
    if election.get("voted"):
        bits.append(_("sealed votes cast by {seats}").format(seats=sep.join(
            view["seats"][p]["name"] for p in election["voted"])))
    if view.get("proposal"):
        prop = view["proposal"]
        bits.append(_("marriage proposal from {who} to {tile}").format(
            who=view["seats"][prop["from"]]["name"], tile=prop["tile"]))
    return bits
