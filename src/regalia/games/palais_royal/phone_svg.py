"""Palais Royal on a phone: ``render_phone_svg(view) -> str``, the board as one narrow column.

What the desktop picture says, in tiles a 360 px screen holds legibly (see
:mod:`regalia.engine.phone_board`): the cards drawn at the Back door and every decision with
no place of its own (a Stairway move, done...) as buttons, the castle's nine rooms with each
seat's servants, the castle park as its 6×6 grid of nobles (VP, gold now, seals, the
privilege's letter, as the terminal writes them), the edges, the piles and the seats with the
cards in hand. Targets carry the same ``data-action`` as on the desktop picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, ngettext, pgettext
from regalia.engine.phone_board import NO_BREAK, Chip, Section, Tile, draw
from regalia.games.palais_royal.render_svg import (
    SEAT_FILLS,
    _button_label,
    _claim,
    _room_action,
    nobles_line,
)
from regalia.games.palais_royal.render_text import breakdown_text
from regalia.games.palais_royal.text import step_title


def _ink(p: int) -> str:
    return "#222" if p % 4 == 2 else "#fff"


def _rooms(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    titles = view["room_titles"]
    names = [s["name"] for s in view["seats"]]
    tiles = []
    for row in view["layout"]:
        for room in row:
            action = _room_action(room, legal, used)
            held = view["majority"].get(room)
            lines = ["★ " + names[held]] if held is not None else []
            chips = [Chip(str(n), SEAT_FILLS[p % 4], _ink(p), "#333",
                          title=f"{names[p]}: {n}")
                     for p, n in enumerate(view["rooms"][room]) if n]
            tiles.append(Tile(titles[room], lines, chips, action=action,
                              fill="#e8dcc0" if room == "gate" else "#f4ecd8", kind="room",
                              data={"room": room}))
    return tiles


TURQUOISE, PURPLE = "#13808a", "#7b3fa0"  # the seals' colours (the terminal's cyan, magenta)


def _privilege(privilege: str) -> str:
    """A noble's privilege as one word on its park tile, in the language in force (its
    tile's text, on a hover or a long press, says it whole)."""
    words = {"servants": pgettext("palais-royal", "servants"),
             "moves": pgettext("palais-royal", "move"),
             "diagonal": pgettext("palais-royal", "diagonal"),
             "gate": pgettext("palais-royal", "Gate"),
             "backdoor": pgettext("palais-royal", "card"),
             "turquoise": pgettext("palais-royal", "seal"),
             "purple": pgettext("palais-royal", "seal"),
             "gold": pgettext("palais-royal", "gold"),
             "cardinal": pgettext("palais-royal", "Cardinal")}
    return words.get(privilege, privilege)


def _seal_chips(turquoise: int, purple: int) -> list[Chip]:
    """A noble's seals as small squares in their colours, each with its count."""
    chips = []
    if turquoise:
        chips.append(Chip(str(turquoise), TURQUOISE, "#fff", TURQUOISE, small=True,
                          title=_("{t} turquoise seals").format(t=turquoise)))
    if purple:
        chips.append(Chip(str(purple), PURPLE, "#fff", PURPLE, small=True,
                          title=_("{p} purple seals").format(p=purple)))
    return chips


def _park(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    """The park's 6×6 spaces in words that fit a sixth of a phone's width: a noble's VP,
    the gold it costs now (``pay 9``, ``free``), its seals as squares in their colours and
    its privilege's word; an empty space says so, or whose servant stands on it."""
    names = [s["name"] for s in view["seats"]]
    tiles = []
    narrow = {"pad": 3.0, "size": 12.0, "fit": True, "edge": "#6d8a55", "kind": "space"}
    for sp in view["park"]["spaces"]:
        action = _claim(f"enlist {sp['space']}", legal, used)
        nb = sp["noble"]
        data = {"space": sp["space"]}
        if nb is not None:
            cost = sp["cost"]
            lines = [_("{vp} VP").format(vp=nb["vp"]),
                     _("pay {gold}").format(gold=cost) if cost else _("free")]
            if nb.get("privilege"):
                lines.append(_privilege(nb["privilege"]))
            tiles.append(Tile(lines=lines, chips=_seal_chips(nb["turquoise"], nb["purple"]),
                              action=action, fill="#fffaf0" if nb["privilege"] else "#f1e7d0",
                              data=data, **narrow))  # type: ignore[arg-type]
        else:
            servant = sp["servant"]
            tiles.append(Tile(lines=[names[servant]] if servant is not None else
                              [pgettext("palais-royal park", "empty")], action=action,
                              fill=SEAT_FILLS[servant % 4] if servant is not None else "#e3eed6",
                              ink=_ink(servant) if servant is not None else "#5a6b4a",
                              data=data, **narrow))  # type: ignore[arg-type]
    return tiles


def _seats(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    cards = {c["id"]: c for c in view["cards"]}
    tiles = []
    for p, s in enumerate(view["seats"]):
        score = s["score"] if s["score"] is not None else f"{s['score_known']} + ?"
        me = _(" (you)") if view["seat"] == p else ""
        lines = [_("gold {gold} · play area {area} · supply {supply} · cards in hand {cards} · "
                   "played VP {played} · score {score}").format(
            gold=s["gold"], area=s["area"], supply=s["supply"], cards=s["hand_count"],
            played=s["played_vp"], score=score)]
        lines.append(nobles_line(s))
        chips = []
        for cid, count in (s["hand"] or {}).items():
            card = cards.get(cid)
            action = _claim(f"play {card['effect'] if card else cid}", legal, used)
            chips.append(Chip(f"{card['name'] if card else cid} ×{count}", "#fff", "#222",
                              "#999", title=card["text"] if card else None, action=action,
                              data={"card": cid}))
        on_turn = view["current"] == p
        tiles.append(Tile(("▶ " if on_turn else "") + f"{s['name']}{me}", lines, chips,
                          fill="#fbf7ee", edge=SEAT_FILLS[p % 4],
                          title_ink="#222" if p % 4 == 2 else SEAT_FILLS[p % 4],
                          marked=on_turn, kind="seat", data={"seat": p}))
    return tiles


def _piles(view: Mapping[str, Any]) -> list[str]:
    names = {c["id"]: c["name"] for c in view["cards"]}
    discard = view.get("discard") or {}
    size = sum(discard.values())
    lines = [ngettext("Discard pile — {n} card, face up", "Discard pile — {n} cards, face up",
                      size).format(n=size) if size else _("Discard pile — empty")]
    if discard:
        lines.append(", ".join(f"{names.get(c, c)} ×{n}" for c, n in discard.items()))
    deck = view["deck"]
    head = ngettext("Draw pile — {n} card", "Draw pile — {n} cards", deck).format(n=deck)
    rebuilt = view.get("rebuilt") or []
    if rebuilt:
        head += " · " + _("rebuilt {times}× from the discard pile").format(times=len(rebuilt))
    lines.append(head)
    return lines


def render_phone_svg(view: Mapping[str, Any]) -> str:
    """Palais Royal's board for a phone's screen, as a self-contained SVG string."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    game = pgettext("palais-royal", "Palais Royal")
    if view.get("over"):
        header = [_("round {n} — the game is over").format(n=view["round"])]
    elif view["current"] is None:
        header = [_("round {n}").format(n=view["round"])]
    elif not view["round"]:  # (the setup comes before round 1)
        header = [_("{who} to move ({step})").format(
            who=view["seats"][view["current"]]["name"], step=step_title(view["step"]))]
    else:
        header = [_("round {n} — {who} to move — step {step}").format(
            n=view["round"], who=view["seats"][view["current"]]["name"],
            step=step_title(view["step"]))]
    if view.get("last_round") and not view["over"]:
        header.append(_("last round"))
    turn = view.get("turn")
    if turn:
        header.append(_(
            "this turn: seals {turquoise} turquoise, {purple} purple · nobles you may enlist "
            "{office} · a Back-door draw brings {draws} cards").format(
                turquoise=turn["turquoise"], purple=turn["purple"], office=turn["office"],
                draws=turn["backdoor_draws"]))
        # the step's counter, said as what it counts (only the steps that have one)
        if view["step"] in ("setup", "parade"):
            header.append(_("servants still to place in this step: {left}").format(
                left=view["left"]))
        elif view["step"] == "stairs":
            header.append(_("Stairway moves left: {left}").format(left=view["left"]))
    rooms = _rooms(view, legal, used)
    park = _park(view, legal, used)
    cards = {c["id"]: c for c in view["cards"]}
    drawn = []
    for cid in view.get("drawn") or ():
        card = cards.get(cid)
        drawn.append(Tile(card["text"] if card else cid,
                          action=_claim(f"keep {card['effect']}", legal, used) if card else None,
                          kind="drawn", data={"card": cid}))
    seats = _seats(view, legal, used)
    words = view.get("described") or {}
    buttons = [Tile(words.get(a) or _button_label(view, a), action=a, fill="#ece4d0",
                    kind="button")
               for a in view.get("legal", []) if a not in used]
    sep = pgettext("palais-royal", ", ")
    seat_names = [s["name"] for s in view["seats"]]
    edges = [_("{edge} edge: most servants {first} VP, second most {second} VP; servants "
               "there now: {counts}").format(
        edge=e.get("title", e["name"]), first=e["first"], second=e["second"],
        # (a name and its count on one line: "Player 2 0", never "Player 2" and "0")
        counts=sep.join(_("{name} {n}").format(name=seat_names[p], n=n).replace(" ", NO_BREAK)
                        for p, n in enumerate(e["counts"]))) for e in view["edges"]]
    sections = [
        Section(_("Drawn at the Back door:"), drawn, panel="decide"),
        Section(_("Your decision"), buttons, columns=2, panel="decide"),
        Section(pgettext("palais-royal", "Castle"), rooms, columns=3, panel="castle"),
        Section(_("Castle park — {n} nobles, the game ends at {end}").format(
            n=view["nobles_left"], end=view["end_at"]), park,
            columns=view["park"]["columns"], panel="park",
            note=_("Each noble: its VP, the gold it costs now, its seals (turquoise from the "
                   "King's chamber, purple from Madame de Pompadour's room) and its privilege. "
                   "Touch and hold a space for its whole text.")),
        Section(_("Edges"), [Tile(lines=edges)], panel="park"),
        Section(_("Seats"), seats, panel="players"),
        Section(_("Cards"), [Tile(lines=_piles(view))], panel="piles"),
    ]
    if any(t.action for t in park) and not any(t.action for t in rooms):
        # enlisting: the park, where the decision is, before the castle
        sections[2], sections[3] = sections[3], sections[2]
    if view.get("over") and view.get("scores"):
        final = [_("{name}: {score} VP, place {place}").format(
            name=view["seats"][p]["name"], score=view["scores"][p], place=view["ranking"][p])
            for p in range(view["players"])]
        final += [line for p in range(view["players"]) if (line := breakdown_text(view, p))]
        sections.insert(0, Section(_("Final"), [Tile(lines=final)], panel="result"))
    return draw(game, header, sections)
