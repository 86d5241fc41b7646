"""In the Shadow of the Emperor on a phone: ``render_phone_svg(view) -> str``, one column.

What the desktop picture says, in tiles a 360 px screen holds legibly (see
:mod:`regalia.engine.phone_board`): the throne and the round's rights, each electorate (its
votes and privilege, elector, aristocrats by age, knights, castles, cities, influence), the
action-card stacks and the seats, with every decision with no place of its own as a button.
Targets carry the same ``data-action`` as on the desktop picture, claimed in the same order.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import _, ngettext, pgettext
from regalia.engine.phone_board import Chip, Section, Tile, draw
from regalia.games.shadow_of_the_emperor.render_svg import (
    CARD_FILLS,
    PRIVILEGES,
    SEAT_FILLS,
    TILE_VERBS,
    _button_label,
    _claim,
    decision_words,
    election_notes,
    phase_word,
    purse_words,
    supply_words,
)
from regalia.games.shadow_of_the_emperor.render_text import child_word
from regalia.games.shadow_of_the_emperor.view import shown_vp


def _ink(p: int) -> str:
    return "#222" if p % 4 == 2 else "#fff"


def _tile_chip(view: Mapping[str, Any], tile: Mapping[str, Any], legal: set[str],
               used: set[str], eminence: bool = False) -> Chip:
    name = tile["tile"]
    action = _claim([f"{verb} {name}" for verb in TILE_VERBS], legal, used)
    seat = tile["seat"]
    who = view["seats"][seat]["name"] if seat < len(view["seats"]) else "?"
    # the noble in words: its owner's colour, its age (♥ a married couple), never its
    # notation (``R1``)
    age = _("age {age}").format(age=tile["age"])
    said = (_("{who}'s married couple, age {age}") if tile["couple"] else
            _("{who}'s noble, age {age}")).format(who=who, age=tile["age"])
    return Chip(age + (" ♥" if tile["couple"] else ""), SEAT_FILLS[seat % 4], _ink(seat),
                "#333" if not eminence else "#111", title=said, action=action,
                data={"tile": name})


def _electorate(view: Mapping[str, Any], elx: Mapping[str, Any], legal: set[str],
                used: set[str]) -> Tile:
    eid = elx["id"]
    names = [s["name"] for s in view["seats"]]
    action = _claim([a for a in sorted(legal) if a.split()[-1] == eid or
                     (a.startswith(f"to {eid} ") and len(a.split()) == 4)
                     or a == f"knight {eid}"], legal, used)
    votes = ngettext("{n} vote", "{n} votes", elx["votes"]).format(n=elx["votes"])
    privilege = _(PRIVILEGES[eid]) if eid in PRIVILEGES else ""
    line = _("{votes} · privilege: {privilege}").format(votes=votes, privilege=privilege)
    if elx["privilege_used"]:
        line = _("{text} (used)").format(text=line)
    lines = [line]
    chips: list[Chip] = []
    if not elx["in_play"]:
        lines.append(_("out of play"))
        return Tile(elx["title"], lines, action=action, fill="#cccccc", kind="electorate",
                    data={"electorate": eid})
    if elx["elector"]:
        lines.append(pgettext("shadow-of-the-emperor", "Elector") + ": " + _(
            "{who}, age {age}").format(who=names[elx["elector"]["seat"]],
                                       age=elx["elector"]["age"]))
        chips.append(_tile_chip(view, elx["elector"], legal, used))
    else:
        lines.append(pgettext("shadow-of-the-emperor", "Elector") + ": —")
    for t in elx["aristocrats"]:
        chips.append(_tile_chip(view, t, legal, used))
    for s in elx["knights"]:
        chips.append(Chip(f"⚔ {names[s]}", "#fff", SEAT_FILLS[s % 4], SEAT_FILLS[s % 4]))
    if elx["free"]["aristocrat"]:
        lines.append(_("free aristocrat spaces: {n}").format(n=elx["free"]["aristocrat"]))
    castles = [names[s] for s in elx["castle_knights"]]
    free = elx["free"]["castle"]
    lines.append(_("Castles") + ": " + (", ".join(castles) if castles else "—") +
                 (" · " + _("{n} free").format(n=free) if free else ""))
    for _slot in range(free):
        act = _claim([f"knight {eid} castle"] + [a for a in sorted(legal)
                     if a.endswith(f" to {eid} castle")], legal, used)
        if act:
            chips.append(Chip("♜ " + _("Castles"), "#fff", "#222", "#999", action=act,
                              data={"castle": eid}))
    cities = [names[s] for s in elx["cities"]] + [_("empire city")] * elx["empire_cities"]
    lines.append(_("Cities") + ": " + (", ".join(cities) if cities else "—") +
                 (" · " + _("{n} free").format(n=elx["free"]["city"])
                  if elx["free"]["city"] else ""))
    if elx["eminences"]:
        eminence = view["stacks"].get("eminence", {}).get("title") or _("Gray eminence")
        lines.append(eminence + ": " + ", ".join(names[t["seat"]] for t in elx["eminences"]))
        chips += [_tile_chip(view, t, legal, used, eminence=True) for t in elx["eminences"]]
    lines.append(_("Influence") + ": " + ", ".join(
        f"{names[p]} {n}" for p, n in enumerate(elx["influence"])))
    return Tile(elx["title"], lines, chips, action=action,
                fill="#efe3f3" if elx["spiritual"] else "#f6e7d2", kind="electorate",
                data={"electorate": eid})


def _stacks(view: Mapping[str, Any], legal: set[str], used: set[str]) -> list[Tile]:
    tiles = []
    for kind, st in view["stacks"].items():
        names = [f"buy {kind}", f"trier {kind}"]
        if kind == "permit":
            names = ["buy permit baron", "buy permit couple", "trier permit baron",
                     "trier permit couple"]
        action = _claim(names, legal, used)
        cost = _("cost {baron} for a baron, {couple} for a couple").format(
            baron=st["cost"], couple=st["cost_couple"]) if st["cost_couple"] != st["cost"] \
            else _("cost {cost}").format(cost=st["cost"])
        tiles.append(Tile(st["title"], [_("{left} of {count} left").format(
            left=st["left"], count=st["count"]), cost], action=action,
                          fill=CARD_FILLS.get(st["colour"], "#eee") if st["left"] else "#ddd",
                          kind="stack", data={"card": kind}))
    return tiles


def _seats(view: Mapping[str, Any]) -> list[Tile]:
    sep = pgettext("shadow-of-the-emperor", ", ")
    tiles = []
    for p, seat in enumerate(view["seats"]):
        marks = []
        if p == view["emperor"]:
            marks.append(pgettext("shadow-of-the-emperor", "Emperor"))
        if view.get("rival") == p:
            marks.append(pgettext("shadow-of-the-emperor", "Rival"))
        shown = shown_vp(view, p)
        vp = pgettext("shadow-of-the-emperor", "hidden") if shown is None else str(shown)
        lines = [purse_words(seat, vp), supply_words(seat)]
        kept = sep.join(view["stacks"][k]["title"] + (f" ×{c}" if c > 1 else "")
                        for k, c in seat["kept"].items())
        lines.append(_("kept: {cards}").format(cards=kept or "—"))
        if seat["children"]:
            lines.append(_("next round: a {child}").format(child=child_word(seat["children"])))
        moving = p in view["to_move"]
        tiles.append(Tile(("▶ " if moving else "") + seat["name"] +
                          (" — " + sep.join(marks) if marks else ""), lines, fill="#fff",
                          edge=SEAT_FILLS[p % 4],
                          title_ink="#8a6d00" if p % 4 == 2 else SEAT_FILLS[p % 4],
                          marked=moving, kind="seat", data={"seat": p}))
    return tiles


def render_phone_svg(view: Mapping[str, Any]) -> str:
    """The board of In the Shadow of the Emperor for a phone's screen, as an SVG string."""
    legal = set(view.get("legal", []))
    used: set[str] = set()
    phase = phase_word(view["phase"])
    movers = pgettext("shadow-of-the-emperor", ", ").join(
        view["seats"][p]["name"] for p in view["to_move"])
    header = [_("Round {n} of {last}").format(n=view["round"], last=5) + " · " + (
        _("Phase: {phase} — to move: {movers}").format(phase=phase, movers=movers)
        if movers else _("Phase: {phase}").format(phase=phase))]
    if movers and decision_words(view):  # what is decided now ("the first empire city")
        header = [_("Round {n} of {last}").format(n=view["round"], last=5) + " · " +
                  _("Phase: {phase}").format(phase=phase),
                  _("to move: {movers}, choosing {asking}").format(
                      movers=movers, asking=decision_words(view))]
    emperor = view["emperor"]
    throne_lines = [_("Emperor: {name}").format(name=view["seats"][emperor]["name"]),
                    _("empire cities in supply: {n}").format(n=view["empire_supply"])]
    throne_chips = [_tile_chip(view, view["throne"], legal, used)] if view["throne"] else []
    rights = []
    for i, right in enumerate(view["rights"]):
        words = [_("{vp} VP").format(vp=right["vp"])]
        if right["thalers"]:
            words.append(ngettext("+{n} thaler", "+{n} thalers", right["thalers"]).format(
                n=right["thalers"]))
        city = {"place-or-move": _("place/move city"), "move": _("move city")}.get(
            right["empire_city"])
        if city:
            words.append(city)
        rights.append(Tile(_("Round {n}").format(n=i + 1), [" · ".join(words)],
                           fill="#f3e3a6" if i + 1 == view["round"] else "#f4efe2",
                           marked=i + 1 == view["round"], kind="right"))
    electorates = [_electorate(view, elx, legal, used) for elx in view["electorates"]]
    stacks = _stacks(view, legal, used)
    described = view.get("described") or {}
    buttons = [Tile(described.get(a) or _button_label(a), action=a, fill="#ece4d0", kind="button")
               for a in view.get("legal", []) if a not in used]
    header += election_notes(view)
    if view.get("over") and view.get("scores"):
        sep = pgettext("shadow-of-the-emperor", ", ")
        header.append(_("Final: {results}").format(results=sep.join(
            _("{seat} {score} (place {place})").format(
                seat=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p]) for p in range(view["players"]))))
    thalers = ", ".join(f"{s['name']} {s['thalers']}" for s in view["seats"])
    sections = [
        Section(_("Your decision"), buttons, columns=2, panel="decide"),
        Section(_("Throne"), [Tile(lines=throne_lines, chips=throne_chips, kind="throne")],
                panel="throne", note=_("Thalers") + ": " + thalers),
        Section(_("Electorates"), electorates, panel="map",
                note=_("Nobles in their owner's colour, with their age; ♥ a married "
                       "couple; ⚔ a knight.")),
        Section(_("Action cards"), stacks, columns=2, panel="cards"),
        Section(pgettext("shadow-of-the-emperor", "Seats"), _seats(view), panel="players"),
        Section(_("Round track and the Emperor's rights"), rights, columns=3, panel="rounds"),
    ]
    return draw(_("In the Shadow of the Emperor"), header, sections)
