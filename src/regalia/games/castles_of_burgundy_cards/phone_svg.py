"""The Castles of Burgundy card game on a phone: ``render_phone_svg(view) -> str``.

What the desktop table says, in tiles a 360 px screen holds legibly (see
:mod:`regalia.engine.phone_board`): the decision due with its buttons and bought cards, the
display's six rows, the round card's bonuses, the supply's piles, each seat's board (estate
piles, projects, hand, storage) and the recent log. Cards are chips in their type's colour
(die value and kind); targets carry the same ``data-action`` as on the desktop picture,
claimed in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.i18n import _, ngettext, pgettext
from regalia.engine.phone_board import Chip, Section, Tile, draw
from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_KINDS, GOODS_KINDS
from regalia.games.castles_of_burgundy_cards.names import (
    animal_word,
    card_words,
    goods_word,
    type_word,
)
from regalia.games.castles_of_burgundy_cards.reading import (
    card_parts,
    clickable,
    decision_words,
    good_parts,
    seat_name,
)
from regalia.games.castles_of_burgundy_cards.render_svg import (
    ANIMAL_COLOURS,
    GOODS_COLOURS,
    SEAT_ACCENT,
    _claim,
    _extra_words,
    _grouped,
    _order,
    _short_kind,
    _vp,
    round_named_lines,
    type_colours,
)

RECENT = 6


def card_chip(face: str, action: str | None = None, **data: object) -> Chip:
    """An action card as a chip: its die value and kind, in its type's colour."""
    kind, value, ctype = card_parts(face)
    fill, edge, ink = type_colours(ctype)
    return Chip(f"{value} {_short_kind(kind)}", fill, ink, edge, title=card_words(kind, value),
                action=action, data={"card": face, **data})


def _display(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    rows = list(view.get("display") or ())
    tiles = []
    for r in range(6):
        row = rows[r] if r < len(rows) else []
        chips = [card_chip(str(face), _claim(f"take {r + 1} {face}", legal, used), row=r + 1)
                 for face in row]
        tiles.append(Tile(_("display row {n}").format(n=r + 1) + " " + "⚀⚁⚂⚃⚄⚅"[r],
                          [] if row else [pgettext("castles-of-burgundy-cards", "empty")],
                          chips, fill="#e2d5b8", kind="display-row",
                          data={"row": r + 1, "count": len(row)}))
    return tiles


def _round_card(view: Mapping[str, Any], legal: set[str], used: set[str]) -> Tile:
    rc = view.get("round_card") or {}
    chips = [Chip(f"{i + 1}. {opt}", "#ffffff", "#222", "#c9b48a",
                  action=_claim(f"bonus {i + 1}", legal, used), data={"option": i + 1})
             for i, opt in enumerate(rc.get("options") or ())]
    left = view.get("round_cards_left") or ()
    title = _("Round {round}").format(round=rc.get("letter", "?"))
    lines = [_("bonus for a triple, choose 1:")] if chips else []
    lines.append(_("rounds to come: {rounds}").format(rounds=" ".join(left) if left else "—"))
    return Tile(title, lines, chips, fill="#f6ecd4", kind="round-card",
                data={"round": rc.get("letter")})


def _supply(view: Mapping[str, Any], legal: set[str], used: set[str]) -> Tile:
    lines = [pgettext("castles-of-burgundy-cards", "deck") + f" {view.get('deck', '?')} · " +
             _("discard {n}").format(n=view.get("discard", 0))]
    chips = []
    for i, p in enumerate(view.get("goods_piles") or ()):
        top = p.get("top")
        colour = GOODS_COLOURS.get(good_parts(str(top))[0], "#f3e6cb") if top else "#f3e6cb"
        said = _("goods pile {n}: {count} left, {colour} on top").format(
            n=i + 1, count=p.get("count", 0), colour=goods_word(good_parts(str(top))[0])) \
            if top else _("goods pile {n}: empty").format(n=i + 1)
        chips.append(Chip(said, colour, "#fff" if top else "#222", "#8c6d3f",
                          action=_claim(f"goods {i + 1}", legal, used),
                          data={"pile": i + 1}))
    for i, p in enumerate(view.get("animal_piles") or ()):
        top = p.get("top")
        fill, ink = ANIMAL_COLOURS.get(str(top).split(":")[0].split()[0], ("#e8f0d8", "#222")) \
            if top else ("#e8f0d8", "#222")
        said = _("animal pile {n}: {count} left, {animal} on top").format(
            n=i + 1, count=p.get("count", 0), animal=animal_word(str(top))) \
            if top else _("animal pile {n}: empty").format(n=i + 1)
        chips.append(Chip(said, fill, ink, "#6b8f3a",
                          action=_claim(f"animal {i + 1}", legal, used),
                          data={"pile": i + 1}))
    first = view.get("first_bonus") or {}
    free = [type_word(t) for t, holder in first.items() if holder is None]
    if free:
        lines.append(_("bonus for the first triple of a type (the \"1.\" cards), still "
                       "free: {types}").format(
            types=pgettext("castles-of-burgundy-cards", ", ").join(free)))
    stack = list(view.get("all_types_stack") or ())
    if stack:
        lines.append(_("bonus for all 7 types in an estate: {vp}").format(vp=_vp(stack[0])))
    return Tile("", lines, chips, fill="#f3e6cb",
                kind="supply")


def _board(view: Mapping[str, Any], seat: int, s: Mapping[str, Any], legal: set[str],
           used: set[str]) -> Tile:
    mine = seat == view.get("seat")
    mine_legal = legal if mine else set()
    chips: list[Chip] = []
    for i, pile in enumerate(s.get("estate") or ()):
        cards = list(pile.get("cards") or ())
        done = bool(pile.get("complete"))
        fill, edge, ink = type_colours(str(pile.get("type")))
        chips.append(Chip(("★ " if done else "") + _("{type} {n} of 3").format(
                          type=type_word(str(pile.get("type"))), n=len(cards)), fill, ink, edge,
                          action=_claim(f"onto {i + 1}", mine_legal, used),
                          data={"pile": i + 1, "seat": seat}))
    if "onto new" in mine_legal:
        used.add("onto new")
        chips.append(Chip(pgettext("castles-of-burgundy-cards", "new pile"), "#dcebff",
                          "#0050a0", action="onto new", data={"seat": seat}))
    for face in s.get("projects") or ():
        act = next((c for c in (f"place {face}", f"drop {face}") if c in mine_legal), None)
        if act:
            used.add(act)
        chips.append(card_chip(str(face), act, seat=seat))
    hand = s.get("hand")
    if isinstance(hand, Sequence) and not isinstance(hand, str):
        for face in hand:
            act = _claim(f"play {card_parts(str(face))[1]}", mine_legal, used)
            chips.append(card_chip(str(face), act, seat=seat))
    goods = s.get("goods") or {}
    for kind in (*GOODS_KINDS, *(k for k in goods if k not in GOODS_KINDS)):
        act = f"sell {kind}" if f"sell {kind}" in mine_legal and goods.get(kind) else None
        if act:
            used.add(act)
        for g, n in _grouped(goods.get(kind) or ()):
            chips.append(Chip(_("goods: {colour} ×{n}").format(
                colour=goods_word(good_parts(g)[0]), n=n),
                              GOODS_COLOURS.get(good_parts(g)[0], "#ccc"), "#fff", "#3b2a1a",
                              title=g, action=act))
    lines = [pgettext("castles-of-burgundy-cards", "Estate") + ": " + (
        pgettext("castles-of-burgundy-cards", "no cards yet") if not s.get("estate") else
        ngettext("{n} pile", "{n} piles", len(s["estate"])).format(n=len(s["estate"])))]
    n_hand = len(hand) if isinstance(hand, Sequence) and not isinstance(hand, str) \
        else int(s.get("hand_count") or 0)
    lines.append(pgettext("castles-of-burgundy-cards", "Hand") + f" {n_hand} · " +
                 pgettext("castles-of-burgundy-cards", "Pile") + f" {s.get('pile_count', 0)} · " +
                 pgettext("castles-of-burgundy-cards", "Projects") +
                 f" {len(s.get('projects') or ())}")
    animals = s.get("animals") or {}
    zoo = ", ".join(f"{animal_word(k)} {animals[k]}" for k in
                    (*ANIMAL_KINDS, *(k for k in animals if k not in ANIMAL_KINDS))
                    if animals.get(k))
    # what each counts, in words ("2 workers", not "workers ×2"), as the desktop's picture
    workers, coins = int(s.get("workers", 0)), int(s.get("silver", 0))
    lines.append(ngettext("{n} worker", "{n} workers", workers).format(n=workers) + " · " +
                 ngettext("{n} silver", "{n} silver", coins).format(n=coins) +
                 (" · " + zoo if zoo else ""))
    stored = int(s.get("storage", 0))
    lines.append(pgettext("castles-of-burgundy-cards", "Sold") +
                 f" = {_vp(int(s.get('sold_vp', 0)))} · " +
                 _("VP cards {n}").format(n=s.get("vp_cards", 0)) + " · " + ngettext(
                     "{n} card in storage (tie-breaker)", "{n} cards in storage (tie-breaker)",
                     stored).format(n=stored))
    sp = view.get("start_player") or {}
    if sp.get("holder") == seat and not view.get("solo"):
        lines.append(_("start player"))
    name = str(s.get("name") or seat_name(view, seat))
    moving = seat in (view.get("to_move") or ())
    title = ("▶ " if moving else "") + name + (
        " " + pgettext("castles-of-burgundy-cards", "(you)") if mine else "") + \
        f" · {_vp(int(s.get('score', 0)))}"
    accent = SEAT_ACCENT[seat % len(SEAT_ACCENT)]
    return Tile(title, lines, chips, fill="#fffaf0", edge=accent, title_ink=accent,
                marked=moving, kind="player", data={"seat": seat})


def _decision(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    pend = view.get("pending") or {}
    tiles = []
    waiting = pend.get("card")
    if waiting and pend.get("kind") in ("drop", "estate"):
        tiles.append(Tile(pgettext("castles-of-burgundy-cards", "this card:"),
                          chips=[card_chip(str(waiting))], span=2, kind="waiting"))
    if pend.get("kind") == "keep" and pend.get("cards"):
        for face in pend["cards"]:
            chips = [card_chip(str(face))]
            for cand, label in ((f"keep {face} project",
                                 pgettext("castles-of-burgundy-cards", "project")),
                                (f"keep {face} action",
                                 pgettext("castles-of-burgundy-cards", "use die"))):
                if cand in legal:
                    used.add(cand)
                    chips.append(Chip(label, "#0a84ff", "#fff", "#0050a0", action=cand))
            tiles.append(Tile(pgettext("castles-of-burgundy-cards", "bought: keep one"),
                              chips=chips, span=2, kind="bought"))
    for act in sorted(legal - used, key=_order):
        used.add(act)
        tiles.append(Tile(_extra_words(act), action=act, fill="#0a84ff", ink="#fff",
                          kind="button"))
    return tiles


def _log(view: Mapping[str, Any]) -> list[str]:
    """The recent lines, with the round named once where it begins (not a bare letter
    before each line)."""
    return round_named_lines(list(view.get("log") or ())[-RECENT:])


def render_phone_svg(view: Mapping[str, Any]) -> str:
    """The card game's table for a phone's screen, as a self-contained SVG string."""
    legal = clickable(view)
    used: set[str] = set()
    display = _display(view, legal, used)
    round_card = _round_card(view, legal, used)
    supply = _supply(view, legal, used)
    boards = [_board(view, i, s, legal, used) for i, s in enumerate(view.get("seats") or ())]
    decision = _decision(view, legal, used)
    a = view.get("aaron")
    if isinstance(a, Mapping):
        piles = ", ".join(f"{type_word(str(p.get('type')))} {len(p.get('cards') or ())}"
                          for p in a.get("estate") or ())
        boards.append(Tile(pgettext("castles-of-burgundy-cards", "Aaron (solo opponent)") +
                           f" · {_vp(int(a.get('score', 0)))}", [piles or "—"], kind="aaron"))
    header = [decision_words(view)]
    # The viewer's own board (hand, projects, estate) under the decision: most decisions are
    # taken there, and a phone should not have to scroll past the display to reach it.
    viewer = view.get("seat")
    mine = [b for b in boards if b.data.get("seat") == viewer and viewer is not None]
    boards = [b for b in boards if b not in mine]
    sections = [
        Section(_("Your decision"), decision, columns=2, panel="decide"),
        Section("", mine, panel="players"),
        Section(pgettext("castles-of-burgundy-cards", "Display"), display, columns=2,
                panel="display"),
        Section(pgettext("castles-of-burgundy-cards", "Round card"), [round_card],
                panel="display"),
        Section(pgettext("castles-of-burgundy-cards", "Supply"), [supply], panel="supply"),
        Section(_("Players"), boards, panel="players"),
        Section(pgettext("castles-of-burgundy-cards", "Recent"),
                [Tile(lines=_log(view), kind="log")] if view.get("log") else [],
                panel="log"),
    ]
    return draw(_("The Castles of Burgundy"), header, sections)
