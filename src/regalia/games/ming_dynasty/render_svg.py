"""Ming Dynasty as a picture: ``render_svg(view) -> str``.

A pure function of the view (keys: see ``view.py``), like ``chess.svg.board()``. The map
follows the edition's data (``view["map"]``): each district is a disc in its province's colour
at the edition's place, holding its open-area members per colour, its cloister and its three
city houses; each border is a line with its transport's initial; the province's name marks its
city. On the right: the six province spaces with their members and the display card beside
each, then each seat's score (and the place on the score track), tiles, hand (its cards where
the view holds them: to every seat by default, to the owner only with
hand_memory=counts) and the dragon supply; the round track on top.

Every word is made in the language in force when it is called; names come with the view.
``FONT`` names a CJK-capable font stack after the Latin fonts, so Chinese labels render.

Elements an action can target carry its notation in ``data-action`` when the view's
``legal`` list holds it: a district (prince, neutral, step, back), a province space (place,
take, dragon); the rest become buttons.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, pgettext
from regalia.engine.markup import button_words, text_width
from regalia.engine.markup import element as el
from regalia.engine.markup import group as _group
from regalia.games.ming_dynasty.edition import load_edition
from regalia.games.ming_dynasty.text import card_word, phase_title, short_card

WIDTH, HEIGHT = 1180, 760
# Latin fonts first, then a CJK-capable stack for Chinese names and labels.
FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', "
        "'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif")
COLOUR_FILLS = ("#f2c500", "#2e9e44", "#2f62c9", "#d12c2c", "#f4f4f4")
TRANSPORT_FILLS = {"horse": "#8b5a2b", "rickshaw": "#b0306a", "junk": "#1f6f8b",
                   "barge": "#3f7f5f", "cart": "#6b6b6b", "palanquin": "#9a7a1a",
                   "dragon": "#c0392b"}
RADIUS = 40
PANEL_X = 740


def _text(x: float, y: float, s: str, size: float = 12, weight: str = "normal",
          fill: str = "#222", anchor: str = "start") -> str:
    return el("text", s, x=x, y=y, font_size=size, font_weight=weight, fill=fill,
              text_anchor=anchor, font_family=FONT)


def _card(view: Mapping[str, Any], kind: str) -> str:
    """A card kind's name in the language in force (the built-in edition's, else the
    catalog's: a view carries kinds, not their names)."""
    return card_word(load_edition(None), kind)


def _border_label(view: Mapping[str, Any], kind: str) -> str:
    """A border's transport in three letters, or one character where the name is Chinese."""
    name = _card(view, kind)
    return name[:3] if name.isascii() else short_card(kind)


ROAD_KINDS = ("horse", "rickshaw", "junk")


def _style(view: Mapping[str, Any], colour: int) -> str:
    return COLOUR_FILLS[4 if colour >= view["players_count"] else colour]


def _claim(candidates: list[str], legal: set[str], used: set[str]) -> str | None:
    for c in candidates:
        if c in legal and c not in used:
            used.add(c)
            return c
    return None


def _pieces(view: Mapping[str, Any], counts: list[int], x: float, y: float,
            r: float = 6.5) -> list[str]:
    out = []
    for c, k in enumerate(counts):
        if not k:
            continue
        out.append(el("circle", cx=x, cy=y, r=r, fill=_style(view, c), stroke="#111"))
        out.append(_text(x, y + 3.5, str(k), 9, "bold", anchor="middle",
                         fill="#111" if c in (0, 4) or c >= view["players_count"] else "#fff"))
        x += 2 * r + 2
    return out


def _map(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[str]:
    body: list[str] = []
    m = view["map"]
    where = {dist["id"]: (dist["x"], dist["y"] + 40) for dist in m["districts"]}
    colour = {p["id"]: p["colour"] for p in m["provinces"]}
    for a, b, t in m["borders"]:
        (x1, y1), (x2, y2) = where[a], where[b]
        fill = TRANSPORT_FILLS.get(t, "#444")
        body.append(el("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=fill, stroke_width=4,
                       stroke_dasharray="10 4" if t == "junk" else None))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        body.append(el("rect", x=mx - 13, y=my - 8, width=26, height=15, rx=4, fill="#fff",
                       stroke=fill))
        body.append(_text(mx, my + 4, _border_label(view, t), 9, "bold", fill=fill,
                          anchor="middle"))
    for p in m["provinces"]:
        x, y = p["x"], p["y"] + 40
        body.append(el("circle", cx=x, cy=y, r=24, fill=p["colour"], stroke="#5a4020",
                       stroke_width=2, opacity=0.55))
        body.append(_text(x, y + 4, f"{p['id']} {p['name']}", 11, "bold", anchor="middle"))
    for q, dist in enumerate(m["districts"]):
        x, y = where[dist["id"]]
        state = view["districts"][q]
        did = dist["id"]
        action = _claim([f"prince {did}", f"step {did}", f"step {did} dragon",
                         f"neutral {did}", f"back {did}", f"neutral back {did}"], legal, used)
        body.append(_group("district", action, data_district=did))
        reach = did in view.get("reachable", ())
        body.append(el("circle", cx=x, cy=y, r=RADIUS, fill=colour[dist["province"]],
                       stroke="#111" if action else ("#555" if reach else "#8a7a60"),
                       stroke_width=3 if action or reach else 1.5,
                       stroke_dasharray="5 3" if reach and not action else None))
        body.append(_text(x - 30, y - 16, did, 12, "bold"))
        # cloister: a small square at the top right
        cl = state["cloister"]
        body.append(el("rect", x=x + 6, y=y - 33, width=16, height=16, rx=2,
                       fill=_style(view, cl) if cl is not None else "#fffbe8", stroke="#333"))
        # three city houses below
        houses = [c for c, k in enumerate(state["city"]) for _ in range(k)]
        for h in range(3):
            fill = _style(view, houses[h]) if h < len(houses) else "#fff"
            body.append(el("rect", x=x - 22 + 16 * h, y=y + 14, width=13, height=13,
                           fill=fill, stroke="#5a4020"))
        body.extend(_pieces(view, state["open"], x - 26, y + 2, 6))
        if state["leader"]:
            body.append(_text(x + 33, y + 6, "*", 14, "bold", anchor="middle"))
        if state["prince"] is not None:
            px, py = x + 27, y + 18
            body.append(el("polygon", points=f"{px},{py - 14} {px - 9},{py + 6} {px + 9},{py + 6}",
                           fill=_style(view, state["prince"]), stroke="#111", stroke_width=1.5))
        body.append("</g>")
    return body


def _panel(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[str]:
    body: list[str] = []
    m = view["map"]
    x0 = PANEL_X
    body.append(_text(x0, 70, _("Province spaces and display"), 14, "bold"))
    for i, p in enumerate(m["provinces"]):
        y = 82 + 40 * i
        info = view["provinces"][i]
        action = _claim([f"place {i + 1}", f"take {i + 1}", f"dragon {i + 1}"], legal, used)
        body.append(_group("space", action, data_space=str(i + 1)))
        body.append(el("rect", x=x0, y=y, width=200, height=34, rx=4, fill=p["colour"],
                       stroke="#111" if action else "#666", stroke_width=2 if action else 1))
        body.append(_text(x0 + 6, y + 14, f"{i + 1} {p['name']}", 11, "bold"))
        body.append(_text(x0 + 6, y + 28, _("tiles left {n}").format(n=info["tiles"]), 9))
        body.extend(_pieces(view, info["space"], x0 + 96, y + 17))
        card = info["display"]
        fill = TRANSPORT_FILLS.get(card or "", "#ccc")
        body.append(el("rect", x=x0 + 208, y=y, width=74, height=34, rx=4, fill="#fff",
                       stroke=fill, stroke_width=3))
        body.append(_text(x0 + 245, y + 21, _card(view, card) if card else
                          pgettext("ming-dynasty", "empty"), 11, "bold", fill=fill,
                          anchor="middle"))
        body.append("</g>")
    y = 82 + 40 * 6 + 10
    sep = pgettext("ming-dynasty", ", ")
    discards = sep.join(f"{_card(view, k)} {n}" for k, n in view["discard"].items()) \
        or pgettext("ming-dynasty", "none")
    body.append(_text(x0, y, _("Dragons {dragons} · supply {deck} cards · discards "
                               "{discards}").format(dragons=view["dragons"], deck=view["deck"],
                                                    discards=discards), 11))
    track = m["track"]
    y += 24
    for p, pl in enumerate(view["players"]):
        top = y + 66 * p
        body.append(el("rect", x=x0, y=top, width=420, height=60, rx=5, fill="#fbf6ea",
                       stroke="#333" if p in view["to_move"] else "#bbb",
                       stroke_width=2.5 if p in view["to_move"] else 1))
        body.append(el("circle", cx=x0 + 14, cy=top + 16, r=8, fill=_style(view, p),
                       stroke="#111"))
        laps, spot = divmod(pl["score"], track)
        who = pgettext("ming-dynasty", "{who} (start)").format(who=pl["name"]) \
            if view["start"] == p else pl["name"]
        points = _("{who}: {score} points (track {spot}, +{lap})").format(
            who=who, score=pl["score"], spot=spot, lap=laps * track) if laps else \
            _("{who}: {score} points (track {spot})").format(who=who, score=pl["score"],
                                                             spot=spot)
        body.append(_text(x0 + 28, top + 20, points, 12, "bold"))
        hand = pl["hand"]
        cards = (sep.join(f"{_card(view, k)} {n}" for k, n in hand.items())
                 or pgettext("ming-dynasty", "no cards")) if hand is not None else \
            pgettext("ming-dynasty", "{n} cards").format(n=pl["hand_size"])
        passed = pl["passed"] and view["phase"] in ("act", "moving", "deploy")
        line = _("hand: {cards} · supply {supply} · cloisters {cloisters}").format(
            cards=cards, supply=pl["supply"], cloisters=pl["cloisters"])
        if passed:
            line += pgettext("ming-dynasty", " · passed")
        body.append(_text(x0 + 10, top + 37, line,
                          10))
        for i, p2 in enumerate(m["provinces"]):
            body.append(el("rect", x=x0 + 10 + 34 * i, y=top + 43, width=30, height=13, rx=2,
                           fill=p2["colour"], stroke="#666"))
            body.append(_text(x0 + 25 + 34 * i, top + 53, str(pl["tiles"][i]), 9, "bold",
                              anchor="middle"))
        extra = None
        if "sealed" in pl:
            extra = pgettext("ming-dynasty", "returns {n}").format(n=pl["return"]) \
                if "return" in pl else \
                (_("return cards laid") if pl["sealed"] else _("choosing return cards"))
        elif pl["revealed"] is not None and view["scoring"]:
            extra = pgettext("ming-dynasty", "returned {n}").format(n=pl["revealed"])
        if extra:
            body.append(_text(x0 + 230, top + 53, extra, 10, "bold"))
    if view["neutral"] is not None:
        ny = y + 66 * len(view["players"]) + 4
        body.append(_text(x0, ny + 10, _("Neutral family ({name}): {n} in supply").format(
            name=view["neutral"]["name"], n=view["neutral"]["supply"]), 11))
    return body


def render_svg(view: Mapping[str, Any]) -> str:
    """The position as an SVG document (a string)."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    body: list[str] = []
    movers = pgettext("ming-dynasty", ", ").join(view["players"][s]["name"]
                                                 for s in view["to_move"])
    title = _("{game} — round {round} of {rounds} — {phase}").format(
        game=pgettext("ming-dynasty", "Ming Dynasty"), round=view["round"],
        rounds=view["rounds"], phase=phase_title(view["phase"])) if view["round"] else \
        _("{game} — {phase}").format(game=pgettext("ming-dynasty", "Ming Dynasty"),
                                     phase=phase_title(view["phase"]))  # (setup: no round 0)
    if movers:
        title += _(" — to move: {movers}").format(movers=movers)
    body.append(_text(20, 30, title, 18, "bold"))
    for r in range(1, view["rounds"] + 1):
        rx = 20 + 34 * (r - 1)
        scoring = r in view["scoring_rounds"]
        body.append(el("rect", x=rx, y=42, width=30, height=20, rx=3,
                       fill="#e0c060" if r == view["round"] else "#fff",
                       stroke="#a03030" if scoring else "#666",
                       stroke_width=2 if scoring else 1))
        body.append(_text(rx + 15, 57, str(r), 11, "bold", anchor="middle"))
    # what the picture's marks are: the round track's, the province spaces', the players'
    # rows, the districts' and the roads' ("hor", "ric", "jun": the phone writes them out)
    sep = pgettext("ming-dynasty", ", ")
    roads = sep.join(_("{short} {card}").format(short=_border_label(view, kind),
                                                card=_card(view, kind))
                     for kind in ROAD_KINDS)
    legend = [_("Round track: a red rim marks a scoring round · on a province space: each "
                "family's members on it (how many) · under a player: the province tiles "
                "taken, by province"),
              _("1a, 1b, 1c … 6c: the three districts of each province (the number is the "
                "province) · on a road, the movement card that crosses it: {roads}").format(
                  roads=roads)]
    body.append('<g class="legend">')
    for i, line in enumerate(legend):
        body.append(_text(20, HEIGHT - 128 + 16 * i, line, 10))
    body.append(_text(20, HEIGHT - 96, _(
        "Each district: open-area members (count per colour), cloister (square, top), three "
        "city houses (bottom), prince (triangle); * marks the majority; a dashed rim: "
        "reachable with the viewer's cards."), 10))
    body.append("</g>")
    body.extend(_map(view, legal, used))
    body.extend(_panel(view, legal, used))
    rest = [a for a in view.get("legal", []) if a not in used]
    x, y = 20.0, float(HEIGHT - 60)
    for notation in rest:
        label = button_words(view, notation, notation, 12, WIDTH - 56)
        w = 16 + text_width(label, 12)
        if x + w > WIDTH - 20:
            x, y = 20.0, y + 30
        body.append(_group("button", notation))
        body.append(el("rect", x=x, y=y, width=w, height=24, rx=5, fill="#ece4d0",
                       stroke="#333"))
        body.append(_text(x + 8, y + 16, label, 12))
        body.append("</g>")
        x += w + 6
    if view["over"]:
        ranks = view["ranking"]
        results = "  ".join(
            pgettext("ming-dynasty", "{who} {score} (#{place})").format(
                who=pl["name"], score=pl["score"], place=ranks[p])
            for p, pl in enumerate(view["players"]))
        body.append(_text(20, HEIGHT - 80, pgettext("ming-dynasty", "Final: {results}").format(
            results=results), 15, "bold"))
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}">')
    return "\n".join([head, el("rect", x=0, y=0, width=WIDTH, height=HEIGHT, fill="#f6efdc"),
                      *body, "</svg>"])
