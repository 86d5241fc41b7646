"""Palais Royal as a picture: ``render_svg(view) -> str``.

A pure function of the view (keys: see ``view.py``), like ``chess.svg.board()``: no state, no
I/O, the same bytes for the same view. The castle's nine rooms on the left with every seat's
servants and the majority holder; under it the card piles every seat sees (the open discard
pile's cards; the draw pile's size and, once it was made again from the discards, the cards
it was made of); the castle park on the right with its nobles (VP in the crown, gold to pay
now, turquoise and purple seals, privilege) and the servants left on edge spaces; the seats
below; every other legal action as a button.

Elements an action can target carry its notation in ``data-action`` when the view's ``legal``
list holds it: a room (place, recruit from, extra, leave), an arrow between two rooms (a
Stairway move), a park space (enlist), a card (keep, play).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, display_width, language, ngettext, pgettext
from regalia.engine.markup import button_words, text_width
from regalia.engine.markup import element as el
from regalia.engine.markup import group as _group
from regalia.engine.phone_board import NO_BREAK
from regalia.games.palais_royal.render_text import breakdown_text
from regalia.games.palais_royal.text import step_title

WIDTH = 1280
# Latin first, then fonts that carry Chinese (names, cards and labels may be in Chinese).
FONT = ("DejaVu Sans, Verdana, Arial, 'Noto Sans CJK SC', 'Source Han Sans SC', "
        "'WenQuanYi Micro Hei', 'Microsoft YaHei', sans-serif")
SEAT_FILLS = ("#d23c3c", "#3b6fd1", "#e6c229", "#3ea352")
TURQUOISE = "#1fb3b3"
PURPLE = "#8c4fc2"
ROOM_W, ROOM_H = 190, 120
CASTLE_X, CASTLE_Y = 20, 96
PARK_X, PARK_Y = 640, 96
CASTLE_RIGHT = CASTLE_X + 3 * ROOM_W + 2 * 10  # the piles under the castle keep to its width
CHIP_ROW = 24  # a row of card chips (a hand's, a pile's)
SPACE = 96
PRIVILEGE_WORDS = {"servants": "+servants", "moves": "+move", "diagonal": "diagonal",
                   "gate": "+Gate", "backdoor": "+draw", "turquoise": "+turq.",
                   "purple": "+purple", "gold": "+gold", "cardinal": "+Cardinal"}


def _privilege_word(privilege: str) -> str:
    """A privilege's short label on a tile, in the language in force."""
    if language() == "en":
        return PRIVILEGE_WORDS.get(privilege, privilege)
    words = {"servants": pgettext("palais-royal", "+servants"),
             "moves": pgettext("palais-royal", "+move"),
             "diagonal": pgettext("palais-royal", "diagonal"),
             "gate": pgettext("palais-royal", "+Gate"),
             "backdoor": pgettext("palais-royal", "+draw"),
             "turquoise": pgettext("palais-royal", "+turq."),
             "purple": pgettext("palais-royal", "+purple"),
             "gold": pgettext("palais-royal", "+gold"),
             "cardinal": pgettext("palais-royal", "+Cardinal")}
    return words.get(privilege, privilege)


# The words of the notation, for the labels of the buttons (the notation itself stays the
# action's: records and clicks never change with the language).
def _button_label(view: Mapping[str, Any], notation: str) -> str:
    if language() == "en":
        return notation
    titles = view.get("room_titles", {})
    cards = {c["effect"]: c["name"] for c in view.get("cards", [])}
    verbs = {"place": pgettext("palais-royal", "place"),
             "recruit": pgettext("palais-royal", "recruit"),
             "move": pgettext("palais-royal", "move"),
             "extra": pgettext("palais-royal", "extra"),
             "enlist": pgettext("palais-royal", "enlist"),
             "leave": pgettext("palais-royal", "leave"),
             "draw": pgettext("palais-royal", "draw"),
             "keep": pgettext("palais-royal", "keep"),
             "play": pgettext("palais-royal", "play"),
             "done": pgettext("palais-royal", "done"),
             "mint": pgettext("palais-royal", "take gold"),
             "end": pgettext("palais-royal", "end turn"),
             "from": pgettext("palais-royal", "from"),
             "area": pgettext("palais-royal", "play area")}
    words = []
    for i, word in enumerate(notation.split()):
        if i == 0 or word in ("from", "area"):
            words.append(verbs.get(word, word))
        elif word in titles:
            words.append(titles[word])
        elif word in cards:
            words.append(cards[word])
        else:
            words.append(word)
    return " ".join(words)


def _text(x: float, y: float, s: str, size: float = 13, weight: str = "normal",
          fill: str = "#222", anchor: str = "start") -> str:
    return el("text", s, x=x, y=y, font_size=size, font_weight=weight, fill=fill,
              text_anchor=anchor, font_family=FONT)


def _claim(notation: str, legal: set[str], used: set[str]) -> str | None:
    if notation in legal:
        used.add(notation)
        return notation
    return None


def _room_action(room: str, legal: set[str], used: set[str]) -> str | None:
    for notation in (f"place {room}", f"recruit from {room}", f"leave {room}",
                     f"extra {room}"):
        if notation in legal:
            return _claim(notation, legal, used)
    for notation in sorted(legal):
        if notation.startswith(f"extra {room} from "):
            return _claim(notation, legal, used)
    return None


def _castle(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[str]:
    out = [_text(CASTLE_X, CASTLE_Y - 12, pgettext("palais-royal", "Castle"), 18, "bold")]
    titles = view["room_titles"]
    players = view["players"]
    centre: dict[str, tuple[float, float]] = {}
    for r, row in enumerate(view["layout"]):
        for c, room in enumerate(row):
            x = CASTLE_X + c * (ROOM_W + 10)
            y = CASTLE_Y + r * (ROOM_H + 10)
            centre[room] = (x + ROOM_W / 2, y + ROOM_H / 2)
            action = _room_action(room, legal, used)
            held = view["majority"].get(room)
            out.append(_group("room", action, data_room=room))
            out.append(el("rect", x=x, y=y, width=ROOM_W, height=ROOM_H, rx=8,
                          fill="#f4ecd8" if room != "gate" else "#e8dcc0",
                          stroke="#1a1a1a" if action else "#8a7a55",
                          stroke_width=3 if action else 1.5))
            title = titles[room]
            if title == "Madame de Pompadour":
                title = "Mme de Pompadour"
            out.append(_text(x + 8, y + 20, title, 14, "bold"))
            if held is not None:
                out.append(el("circle", cx=x + ROOM_W - 16, cy=y + 15, r=9,
                              fill=SEAT_FILLS[held % 4], stroke="#222"))
                out.append(_text(x + ROOM_W - 16, y + 20, "★", 12, "bold", "#fff", "middle"))
            for p in range(players):
                count = view["rooms"][room][p]
                cx = x + 26 + p * 44
                cy = y + 62
                out.append(el("circle", cx=cx, cy=cy, r=16, fill=SEAT_FILLS[p % 4],
                              opacity=1 if count else 0.25, stroke="#333"))
                out.append(_text(cx, cy + 5, str(count), 14, "bold", "#fff", "middle"))
            out.append("</g>")
    for notation in sorted(legal):
        parts = notation.split()
        if parts[0] != "move" or len(parts) != 3:
            continue
        (x1, y1), (x2, y2) = centre[parts[1]], centre[parts[2]]
        # Arrows sit off-centre so that a → b and b → a do not overlap.
        dx, dy = x2 - x1, y2 - y1
        ox, oy = -dy * 0.1, dx * 0.1
        sx, sy = x1 + dx * 0.4 + ox, y1 + dy * 0.4 + oy
        ex, ey = x1 + dx * 0.6 + ox, y1 + dy * 0.6 + oy
        used.add(notation)
        out.append(_group("move", notation))
        out.append(el("line", x1=sx, y1=sy, x2=ex, y2=ey, stroke="#111", stroke_width=4,
                      marker_end="url(#arrow)"))
        out.append("</g>")
    return out


def _park(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[str]:
    park = view["park"]
    cols = park["columns"]
    out = [_text(PARK_X, PARK_Y - 12, _("Castle park — {n} nobles, the game ends at "
                                        "{end}").format(n=view["nobles_left"],
                                                        end=view["end_at"]), 18, "bold")]
    for i, sp in enumerate(park["spaces"]):
        r, c = divmod(i, cols)
        x = PARK_X + c * SPACE
        y = PARK_Y + r * SPACE
        action = _claim(f"enlist {sp['space']}", legal, used)
        out.append(_group("space", action, data_space=sp["space"]))
        out.append(el("rect", x=x, y=y, width=SPACE - 4, height=SPACE - 4, rx=6,
                      fill="#c9dcb4" if sp["edge"] else "#e3eed6",
                      stroke="#111" if action else "#6d8a55", stroke_width=3 if action else 1))
        nb = sp["noble"]
        if nb is not None:
            out.append(el("rect", x=x + 6, y=y + 6, width=SPACE - 16, height=SPACE - 16, rx=4,
                          fill="#fffaf0" if nb["privilege"] else "#f1e7d0", stroke="#7a6a4a"))
            out.append(el("path", d=f"M{x + 10} {y + 30} l4 -16 l7 9 l7 -12 l7 12 l7 -9 "
                          f"l4 16 z", fill="#e2b53b", stroke="#8a6a10"))
            out.append(_text(x + 28, y + 28, str(nb["vp"]), 12, "bold", "#3a2a00", "middle"))
            out.append(el("circle", cx=x + 70, cy=y + 20, r=11, fill="#f0c419",
                          stroke="#8a6a10"))
            out.append(_text(x + 70, y + 25, str(sp["cost"]), 12, "bold", "#3a2a00",
                             "middle"))
            for k in range(nb["turquoise"]):
                out.append(el("circle", cx=x + 16 + k * 13, cy=y + 50, r=5, fill=TURQUOISE))
            for k in range(nb["purple"]):
                out.append(el("circle", cx=x + 16 + k * 13, cy=y + 64, r=5, fill=PURPLE))
            if nb["privilege"]:
                out.append(_text(x + SPACE / 2 - 2, y + 84,
                                 _privilege_word(nb["privilege"]), 11,
                                 "bold", "#5a3000", "middle"))
        elif sp["servant"] is not None:
            out.append(el("circle", cx=x + SPACE / 2 - 2, cy=y + SPACE / 2 - 2, r=18,
                          fill=SEAT_FILLS[sp["servant"] % 4], stroke="#222"))
        out.append("</g>")
    # The spaces' names (column letter, row number), as actions and the terminal name them.
    bottom = PARK_Y + park["rows"] * SPACE
    for c in range(cols):
        out.append(_text(PARK_X + c * SPACE + SPACE / 2 - 2, bottom + 14, "abcdefgh"[c], 13,
                         "bold", "#555", "middle"))
    for r in range(park["rows"]):
        out.append(_text(PARK_X - 8, PARK_Y + r * SPACE + SPACE / 2 + 2, str(r + 1), 13,
                         "bold", "#555", "middle"))
    out.append('<g class="legend">')
    out.append(_text(PARK_X, bottom + 34, _("crown VP · coin gold to pay now · dots seals "
                                            "(turquoise, purple) · dark tile: points only"),
                     12, fill="#444"))
    out.append(_text(PARK_X, bottom + 50, _("a word under a noble: its privilege (+turq. a "
                                            "turquoise seal, +draw a Back-door draw …) · a b c "
                                            "d e f, 1 to 6: the park's columns and rows"),
                     12, fill="#444"))
    out.append("</g>")
    y = bottom + 72
    for line in edge_lines(view):
        out.append(_text(PARK_X, y, line, 12))
        y += EDGE_LINE
    return out


EDGE_LINE = 16
EDGE_CHARS = 88  # of a line of 12 px under the park


def edge_lines(view: Mapping[str, Any]) -> list[str]:
    """The park's edges as the phone says them (most servants 6 VP, second most 2 VP, each
    player's servants there by name), wrapped to the park's width."""
    sep = pgettext("palais-royal", ", ")
    names = [s["name"] for s in view["seats"]]
    lines: list[str] = []
    for e in view["edges"]:
        text = _("{edge} edge: most servants {first} VP, second most {second} VP; servants "
                 "there now: {counts}").format(
            edge=e.get("title", e["name"]), first=e["first"], second=e["second"],
            counts=sep.join(_("{name} {n}").format(name=names[p], n=n).replace(" ", NO_BREAK)
                            for p, n in enumerate(e["counts"])))  # (a name with its count)
        lines += wrapped(text, EDGE_CHARS)
    return lines


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns (a CJK character two), broken at
    spaces or between CJK characters; a line after the first indented."""
    lines: list[str] = []
    line = ""
    for token in _TOKEN.findall(text):
        if line.strip() and display_width(line + token.rstrip()) > width:
            lines.append(line.rstrip())
            line = "  "
        line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


_CJK = "\u3000-\u9fff\uff00-\uffef"
_TOKEN = re.compile(rf"[{_CJK}][，、；：）]?|[^ {_CJK}]+ *| +")  # (a no-break space holds)


def _chips(view: Mapping[str, Any], counts: Mapping[str, int], top: float) -> tuple[
        list[str], float]:
    """A pile's cards (card id -> count) as chips like a hand's (``Purse ×2``), in rows under
    the castle from ``top``; and the height they take."""
    names = {c["id"]: c["name"] for c in view["cards"]}
    out = []
    x, y = float(CASTLE_X), top
    for cid, count in counts.items():
        label = f"{names.get(cid, cid)} ×{count}"
        w = 10 + text_width(label, 11)
        if x + w > CASTLE_RIGHT and x > CASTLE_X:
            x, y = float(CASTLE_X), y + CHIP_ROW
        out.append(el("rect", x=x, y=y, width=w, height=18, rx=3, fill="#fff", stroke="#999"))
        out.append(_text(x + 5, y + 13, label, 11))
        x += w + 6
    return out, (y + CHIP_ROW - top) if counts else 0.0


def _piles(view: Mapping[str, Any], top: float) -> tuple[list[str], float]:
    """The card piles under the castle, from ``top``: the open discard pile's cards, the
    draw pile's size and, after a rebuild, how often and what the pile was made of (all of it
    public: the view's ``discard``, ``deck`` and ``rebuilt``); and the y they end at."""
    discard = view.get("discard") or {}
    size = sum(discard.values())
    y = top + 16
    head = ngettext("Discard pile — {n} card, face up", "Discard pile — {n} cards, face up",
                    size).format(n=size) if size else _("Discard pile — empty")
    out = [_text(CASTLE_X, y, head, 15, "bold")]
    chips, tall = _chips(view, discard, y + 10)
    out.extend(chips)
    y += 10 + tall + 24
    deck = view["deck"]
    head = ngettext("Draw pile — {n} card", "Draw pile — {n} cards", deck).format(n=deck)
    rebuilt = view.get("rebuilt") or []
    if rebuilt:
        head += " · " + _("rebuilt {times}× from the discard pile").format(times=len(rebuilt))
    out.append(_text(CASTLE_X, y, head, 15, "bold"))
    if rebuilt:
        made = sum(rebuilt[-1].values())
        # The draw pile is the latest rebuilt pile less the cards drawn since (view.py).
        y += 20
        out.append(_text(CASTLE_X, y, _("made of these {made} cards, {drawn} drawn "
                                        "since:").format(made=made, drawn=made - deck), 12))
        chips, tall = _chips(view, rebuilt[-1], y + 8)
        out.extend(chips)
        y += 8 + tall - CHIP_ROW + 18  # the last row's chips are 18 high
    return out, y


def _seats(view: Mapping[str, Any], legal: set[str], used: set[str], top: float) -> list[str]:
    out = []
    cards = {c["id"]: c for c in view["cards"]}
    by_effect = {c["id"]: c["effect"] for c in view["cards"]}
    y = top
    for p, s in enumerate(view["seats"]):
        on_turn = view["current"] == p
        out.append(el("rect", x=20, y=y, width=WIDTH - 40, height=74, rx=8,
                      fill="#fbf7ee", stroke=SEAT_FILLS[p % 4],
                      stroke_width=4 if on_turn else 2))
        score = s["score"] if s["score"] is not None else f"{s['score_known']} + ?"
        me = _(" (you)") if view["seat"] == p else ""
        out.append(_text(32, y + 22, f"{s['name']}{me}", 15, "bold", SEAT_FILLS[p % 4]))
        out.append(_text(200, y + 22, _(
            "gold {gold} · play area {area} · supply {supply} · cards in hand {cards} · "
            "played VP {played} · score {score}").format(
                gold=s["gold"], area=s["area"], supply=s["supply"], cards=s["hand_count"],
                played=s["played_vp"], score=score), 13))
        out.append(_text(32, y + 44, nobles_line(s), 12))
        hand = s["hand"]
        if hand:
            x = 32.0
            for cid, count in hand.items():
                action = _claim(f"play {by_effect.get(cid, cid)}", legal, used)
                out.append(_group("card", action, data_card=cid))
                label = f"{cards[cid]['name'] if cid in cards else cid} ×{count}"
                w = 10 + text_width(label, 11)
                out.append(el("rect", x=x, y=y + 52, width=w, height=18, rx=3,
                              fill="#fff", stroke="#111" if action else "#999"))
                out.append(_text(x + 5, y + 65, label, 11))
                out.append("</g>")
                x += w + 6
        y += 82
    return out


def render_svg(view: Mapping[str, Any]) -> str:
    """The position as an SVG document (a string)."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    body: list[str] = []
    step = view["step"]
    game = pgettext("palais-royal", "Palais Royal")
    # (the step's title, not its key: "3 Mint, seals, Office", not "rooms"; no round 0 at
    # the setup)
    if view["current"] is None:
        heading = _("{game}, round {n}").format(game=game, n=view["round"])
    elif not view["round"]:
        heading = _("{game} — {who} to move ({step})").format(
            game=game, who=view["seats"][view["current"]]["name"], step=step_title(step))
    else:
        heading = _("{game}, round {n} — {who} to move ({step})").format(
            game=game, n=view["round"], who=view["seats"][view["current"]]["name"],
            step=step_title(step))
    if view.get("last_round") and not view["over"]:
        heading = _("{heading} — last round").format(heading=heading)
    body.append(_text(20, 32, heading, 20, "bold"))
    turn = view.get("turn")
    if turn:  # (in the phone picture's words: what each counter counts)
        said = [_("this turn: seals {turquoise} turquoise, {purple} purple · nobles you may "
                  "enlist {office} · a Back-door draw brings {draws} cards").format(
                      turquoise=turn["turquoise"], purple=turn["purple"], office=turn["office"],
                      draws=turn["backdoor_draws"])]
        if step in ("setup", "parade"):
            said.append(_("servants still to place in this step: {left}").format(
                left=view["left"]))
        elif step == "stairs":
            said.append(_("Stairway moves left: {left}").format(left=view["left"]))
        body.append(_text(20, 56, " · ".join(said), 13))
    body.extend(_castle(view, legal, used))
    body.extend(_park(view, legal, used))
    # the column names, the key's two lines, the edges
    park_bottom = PARK_Y + view["park"]["rows"] * SPACE + 72 + EDGE_LINE * len(edge_lines(view))
    castle_bottom = CASTLE_Y + 3 * (ROOM_H + 10)
    body.append('<g class="legend">' + _text(CASTLE_X, castle_bottom + 10, _(
        "★: the player with the most servants in the room · the circles: each player's "
        "servants there"), 12, fill="#444") + "</g>")
    piles, piles_bottom = _piles(view, castle_bottom + 24)
    body.extend(piles)
    y = float(max(park_bottom, piles_bottom) + 10)
    drawn = view.get("drawn")
    if drawn:
        body.append(_text(20, y + 14, _("Drawn at the Back door:"), 14, "bold"))
        x = 200.0
        names = {c["id"]: c for c in view["cards"]}
        for cid in drawn:
            card = names.get(cid)
            action = _claim(f"keep {card['effect']}", legal, used) if card else None
            label = card["text"] if card else cid
            w = 10 + text_width(label, 11)
            body.append(_group("drawn", action, data_card=cid))
            body.append(el("rect", x=x, y=y, width=w, height=22, rx=3, fill="#fff",
                           stroke="#111" if action else "#999"))
            body.append(_text(x + 5, y + 15, label, 11))
            body.append("</g>")
            x += w + 6
        y += 32
    body.extend(_seats(view, legal, used, y))
    y += 82 * view["players"] + 6
    rest = [a for a in view.get("legal", []) if a not in used]
    x = 20.0
    for notation in rest:
        label = button_words(view, notation, _button_label(view, notation), 13, WIDTH - 56)
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
        sep = pgettext("palais-royal", ", ")
        body.append(_text(20, height, _("Final: {results}").format(results=sep.join(
            _("{name} {score} (place {place})").format(
                name=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p]) for p in range(view["players"]))), 16, "bold"))
        height += 20
        for p in range(view["players"]):
            line = breakdown_text(view, p)
            if line:
                body.append(_text(20, height, line, 13))
                height += 18
    defs = ("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" "
            "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0 L10 5 L0 10 "
            "z\" fill=\"#111\"/></marker></defs>")
    return (f"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{int(height)}\" "
            f"viewBox=\"0 0 {WIDTH} {int(height)}\">{defs}"
            + el("rect", x=0, y=0, width=WIDTH, height=int(height), fill="#fdfaf3")
            + "".join(body) + "</svg>")


def nobles_line(seat: Mapping[str, Any]) -> str:
    """A seat's nobles in words: the open ones with their privilege, then the face-down ones
    (their VP where the view shows them, else how many)."""
    sep = pgettext("palais-royal", ", ")
    up = sep.join(_("{privilege} {vp} VP").format(
        privilege=_privilege_word(n["privilege"]), vp=n["vp"])
        for n in seat["nobles"]) or pgettext("palais-royal", "none")
    down = seat["face_down_nobles"]
    down_text = _("{n} face down").format(n=seat["face_down"]) if down is None else \
        _("face down: {list}").format(list=sep.join(
            _("{vp} VP").format(vp=n["vp"]) for n in down)
            or pgettext("palais-royal", "none"))
    return _("nobles: {open}; {hidden}").format(open=up, hidden=down_text)
