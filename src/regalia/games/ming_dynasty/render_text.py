"""Ming Dynasty as rich text for the terminal: ``render_text(view, width=, height=)``.

A pure function of a ``view(seat)`` dict (keys: see ``view.py``), returning Rich console
markup in a plain string (nothing here imports Rich). Each province takes two lines: its
space (members per seat), the display card beside it and its tiles left; then its three
districts: open-area members per colour (the majority holder starred), the cloister, the city
houses, a prince. Below: the seats, and the viewer's reachable districts and the borders
around its prince, which players plan by. At 80 x 24 everything fits; wider screens get
longer words.

Every word is made in the language in force when it is called (names come with the view, in
the language the view was made in); Chinese characters take two terminal cells, so widths are
measured with ``display_width`` and padded with ``pad``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, display_width, pad, pgettext
from regalia.engine.markup import esc, strip_markup, wrap_cells
from regalia.games.ming_dynasty.edition import load_edition
from regalia.games.ming_dynasty.text import card_word, colour_marks, phase_title, short_card

COLOUR_STYLES = ("bold yellow", "bold green", "bold blue", "bold red", "bold white")


def cut(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` terminal cells (a wide character is never halved)."""
    if display_width(text) <= width:
        return text
    out = ""
    used = 0
    for ch in text:
        w = display_width(ch)
        if used + w > width:
            break
        out += ch
        used += w
    return out


def mark(colour: int, text: str | None = None) -> str:
    style = COLOUR_STYLES[colour % len(COLOUR_STYLES)]
    return f"[{style}]{esc(text if text is not None else colour_marks()[colour % 5])}[/]"


def _colour_of(view: Mapping[str, Any], colour: int) -> int:
    """The style index of a colour: seats 0-3, the neutral family 4."""
    return 4 if colour >= view["players_count"] else colour


def _pad(markup: str, width: int) -> str:
    plain = strip_markup(markup)
    if display_width(plain) > width:
        return esc(cut(plain, width))
    return markup + " " * (width - display_width(plain))


def _counts(view: Mapping[str, Any], counts: list[int], star: list[int]) -> str:
    marks = colour_marks()
    parts = []
    for c, n in enumerate(counts):
        if n:
            parts.append(mark(_colour_of(view, c), f"{marks[_colour_of(view, c)]}{n}"
                                                   + ("*" if c in star else "")))
    return "".join(parts) or "-"


def _district(view: Mapping[str, Any], q: int, cell: int) -> str:
    """A district in ``cell`` cells: its id, the open area's members by colour, then the
    cloister's holder, the city's houses and a prince, each in words where the cell has room
    for them ("cloister Y", "city Y1", "prince Yellow"), else in their marks ("cY", "hY1",
    "@Y"; the key and the legend line say what they mean)."""
    dist = view["districts"][q]
    marks = colour_marks()
    head = f"{dist['id']} " + _counts(view, dist["open"], dist["leader"])
    # each part's forms, longest first; the prince's last: it is shortened first
    parts: list[tuple[str, ...]] = []
    if dist["cloister"] is not None:
        holder = dist["cloister"]
        who = mark(holder)
        word = esc(pgettext("ming-dynasty", "cloister"))
        named = [word + " " + mark(holder, view["players"][holder]["name"])] \
            if holder < len(view["players"]) else []
        parts.append((*named, word + " " + who,
                      esc(pgettext("ming-dynasty mark", "c")) + who))
    if any(dist["city"]):
        houses = _counts(view, dist["city"], [])
        parts.append((esc(pgettext("ming-dynasty", "city")) + " " + houses,
                      esc(pgettext("ming-dynasty mark", "h")) + houses))
    if dist["prince"] is not None:
        prince = dist["prince"]
        name = view["players"][prince]["name"] if prince < len(view["players"]) else ""
        parts.append((esc(pgettext("ming-dynasty", "prince")) + " " + mark(prince, name),
                      mark(prince, "@" + marks[prince])))
    chosen = [0] * len(parts)
    for i in reversed(range(len(parts))):
        while chosen[i] < len(parts[i]) - 1 and display_width(strip_markup(" ".join(
                [head, *(part[k] for part, k in zip(parts, chosen, strict=True))]))) >= cell:
            chosen[i] += 1  # (>=: a gap after)
    return _pad(" ".join([head, *(part[k] for part, k in zip(parts, chosen, strict=True))]),
                cell)


def _legend(shown: str, view: Mapping[str, Any]) -> str | None:
    """One line that says what the marks on the board mean, those shown only; None when
    no mark is shown."""
    marks = colour_marks()
    bits = []
    if re.search(r"[YGBRN]\d|[黄绿蓝红中]\d", shown):
        bits.append(_("{mark}3: 3 {name} family members").format(
            mark=marks[0], name=view["players"][0]["name"]))
    if re.search(r"(?<= )-(?= |$)", shown, re.MULTILINE):
        bits.append(_("- empty"))
    if "*" in shown:
        bits.append(_("* majority"))
    short = [(pgettext("ming-dynasty mark", "c"), _("cloister")),
             (pgettext("ming-dynasty mark", "h"), _("city houses"))]
    for code, word in short:
        if re.search(rf"(?<!\S){re.escape(code)}[YGBRN黄绿蓝红中]", shown):
            bits.append(f"{code} {word}")
    if "@" in shown:
        bits.append(_("@ prince"))
    if not bits:
        return None
    return pgettext("ming-dynasty", " · ").join(bits)


def _card(view: Mapping[str, Any], kind: str) -> str:
    """A card kind's full name in the language in force (the built-in edition's, else the
    catalog's: a view carries kinds, not their names)."""
    return card_word(load_edition(None), kind)


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    sep = pgettext("ming-dynasty", ", ")
    marks = colour_marks()
    n = view["players_count"]
    colours = sep.join(f"{marks[p]} {view['players'][p]['name']}" for p in range(n))
    if view["neutral"] is not None:
        colours += sep + _("{mark} the neutral family").format(mark=marks[4])
    cards = sep.join(f"{short_card(k)} {_card(view, k)}" for k in
                     ("horse", "rickshaw", "junk", "barge", "cart", "palanquin", "dragon"))
    return "\n".join([
        "[bold]" + esc(_("Key to the board")) + "[/] " + esc(colours),
        esc(_("Each province: its number and name, its space (Y3G1: 3 Yellow and 1 Green "
              "family members waiting there; -: none), the movement card shown beside it and "
              "the tiles it has left.")),
        esc(_("Its districts 1a, 1b, 1c: the family members in the open area by colour (Y2* "
              "2 Yellow, * the majority); c then a colour: the cloister's holder; h then "
              "colours: the city's houses; @Y: Yellow's prince is there.")),
        esc(_("Movement cards: {cards}.").format(cards=cards)),
        esc(_("Players: pts points; supply: family members not on the board; tiles: tiles "
              "won per province, 1 to 6; hand: movement cards (x2: two of them).")),
        esc(_("your prince at 1a borders: 1b horse = your prince can cross to 1b with a "
              "horse card; reachable: the districts your cards can take it to now.")),
        esc(_("Where a district has room the board says it in words: cloister Green, city "
              "Y1G2, prince Yellow.")),
        esc(_("dragons: dragon cards left; deck: movement cards in the draw pile.")),
    ])


def render_text(view: Mapping[str, Any], *, width: int = 80, height: int = 24) -> str:
    n = view["players_count"]
    wide = width >= 100
    movers = pgettext("ming-dynasty", ", ").join(
        view["players"][s]["name"] for s in view["to_move"]) or pgettext("ming-dynasty", "nobody")
    title = f"[bold]{esc(pgettext('ming-dynasty', 'Ming Dynasty'))}[/] " if wide else ""
    # (80 columns: room for who moves)
    start = mark(view["start"], view["players"][view["start"]]["name"])
    if view["round"]:
        head = title + _("round {round}/{rounds}  {phase}  start {start}  to move: "
                         "{movers}").format(round=view["round"], rounds=view["rounds"],
                                            phase=esc(phase_title(view["phase"])),
                                            start=start, movers=esc(movers))
    else:  # (before round 1: no round to count)
        head = title + _("{phase}  start {start}  to move: {movers}").format(
            phase=esc(phase_title(view["phase"])), start=start, movers=esc(movers))
    lines: list[str] = []
    rest = 1 + n + 3 + (1 if view["over"] else 0)
    # Two lines a province when the screen has room, else one (districts cut to fit).
    two_lines = height >= rest + 12
    marks = colour_marks()
    for i, prov in enumerate(view["map"]["provinces"]):
        info = view["provinces"][i]
        space = "".join(mark(p, f"{marks[p]}{k}") for p, k in enumerate(info["space"])
                        if k) or "-"
        card = info["display"]
        if two_lines:
            name = prov["name"] if wide else cut(prov["name"], 6)
            cell = max(20, (width - 4) // 3)
            lines.append(f"[bold]{i + 1} {esc(pad(name, 10 if wide else 6))}[/] " + _(
                "space {space}  card {card}  tiles {tiles}").format(
                    space=space,
                    card="[bold]" + esc(_card(view, card) if card else
                                        pgettext("ming-dynasty", "none")) + "[/]",
                    tiles=info["tiles"]))
            lines.append("  " + "".join(_district(view, 3 * i + j, cell) for j in range(3)))
        else:
            # The card in full; the province's name in what is left of the lead.
            shown = _card(view, card) if card else pgettext("ming-dynasty", "none")
            rest = f" {space} [bold]{esc(shown)}[/]"
            lead_width = 22 if width < 100 else 30
            room = lead_width - len(str(i + 1)) - display_width(strip_markup(rest))
            name = prov["name"] if display_width(prov["name"]) < room else \
                cut(prov["name"], room - 2) + "…" if room > 4 else ""
            lead = _pad(f"[bold]{i + 1}[/]" + (f" {esc(name)}" if name else "") + rest,
                        lead_width)
            cell = max(12, (width - lead_width - 1) // 3)
            lines.append(lead + " " + "".join(_district(view, 3 * i + j, cell)
                                              for j in range(3)))
    for p, pl in enumerate(view["players"]):
        hand = pl["hand"]
        if hand is not None:
            # The cards' names where the line has room for them, else their short forms.
            words = [f"{_card(view, k)} x{c}" if c > 1 else _card(view, k)
                     for k, c in hand.items()]
            cards = pgettext("ming-dynasty", ", ").join(words) or \
                pgettext("ming-dynasty", "no cards")
            if 7 + 43 + display_width(cards) > width:
                cards = " ".join(words)  # (no commas)
            if 7 + 43 + display_width(cards) > width:
                cards = " ".join(f"{short_card(k)}x{c}" if c > 1 else short_card(k)
                                 for k, c in hand.items()) or cards
        else:
            cards = pgettext("ming-dynasty", "{n} cards").format(n=pl["hand_size"])
        acting = view["phase"] in ("act", "moving", "deploy")
        # one number per province, in the provinces' order 1-6 above
        tiles = " ".join(str(t) for t in pl["tiles"])
        extra = ""
        if "sealed" in pl:
            extra = " " + _("return: {what}").format(
                what=str(pl["return"]) if "return" in pl else
                (pgettext("ming-dynasty", "sealed") if pl["sealed"] else
                 pgettext("ming-dynasty", "choosing")))
        elif pl["revealed"] is not None and view["scoring"]:
            extra = " " + pgettext("ming-dynasty", "returned {n}").format(n=pl["revealed"])
        info = _("{score} pts  supply {supply}  tiles {tiles}  hand: {cards}").format(
            score=f"{pl['score']:>3}", supply=f"{pl['supply']:>2}", tiles=tiles, cards=cards)
        if 7 + display_width(info) > width:  # (one blank between the parts, not two)
            info = re.sub(r"(?<=\S)  (?=\S)", " ", info)
        lines.append(f"{mark(p, pad(pl['name'], 6))} " + esc(
            info + (" " + pgettext("ming-dynasty", "passed") if acting and pl["passed"] else "")
            + extra))
    tail = _("dragons {dragons}  deck {deck}").format(dragons=view["dragons"],
                                                      deck=view["deck"])
    if view["neutral"] is not None:
        tail += "  " + _("neutral supply {n}").format(n=view["neutral"]["supply"])
    if view.get("deploy"):
        dep = view["deploy"]
        tail += "  " + _("deploy left {n}").format(n=dep["left"]) + \
            (" " + _("(cloister locked)") if dep["locked"] else "")
    lines.append(esc(tail))
    seat = view.get("seat")
    if seat is not None and seat < n and "reachable" in view:
        here = next((q for q, dist in enumerate(view["districts"]) if dist["prince"] == seat),
                    None)
        if here is not None:
            me = view["districts"][here]["id"]
            near = [f"{b if a == me else a} {_card(view, t)}"
                    for a, b, t in view["map"]["borders"] if me in (a, b)]
            if display_width(" ".join(near)) + 24 > width:
                near = [f"{b if a == me else a} {short_card(t)}"
                        for a, b, t in view["map"]["borders"] if me in (a, b)]
            borders = _("your prince at {district} borders: {borders}").format(
                district=me, borders=pgettext("ming-dynasty", ", ").join(near))
        else:
            borders = ""
        reach = pgettext("ming-dynasty", "reachable: {districts}").format(
            districts=" ".join(view["reachable"]) or pgettext("ming-dynasty", "none"))
        joined = f"{borders} · {reach}" if borders else reach
        if here is None and view["phase"] == "prince":
            pass  # (no prince on the board yet: nothing to reach)
        elif display_width(joined) <= width:
            lines.append(esc(joined))
        else:
            lines.extend(esc(line) for line in (borders, reach) if line)
    if view["over"]:
        ranks = view["ranking"]
        final = pgettext("ming-dynasty", "final: {results}").format(results="  ".join(
            pgettext("ming-dynasty", "{who} {score} (#{place})").format(
                who=view["players"][p]["name"], score=view["players"][p]["score"],
                place=ranks[p])
            for p in range(n)))
        lines.extend(esc(line) for line in wrap_cells(final, width))  # read whole
    lines = [head, *lines]
    legend = _legend(strip_markup("\n".join(lines)), view)
    if legend is not None and height >= 2:
        # The marks' legend stays, however short the screen: the tail gives way to it.
        lines = [*lines[:height - 1], esc(legend if display_width(legend) <= width else
                                         cut(legend, width - 1) + "…")]
    if len(lines) > height:  # the seats and the viewer's lines matter more than the tail
        lines = lines[:height]
    out = []
    for line in lines:
        plain = strip_markup(line)
        out.append(line if display_width(plain) <= width else esc(cut(plain, width)))
    return "\n".join(out)
