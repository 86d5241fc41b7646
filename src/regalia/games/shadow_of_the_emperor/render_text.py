"""In the Shadow of the Emperor as rich text for the terminal: ``render_text(view, width=,
height=)``.

The result is Rich console markup in a plain string; nothing here imports Rich. A rendering is
a pure function of a ``view(seat)`` dict (keys: see ``view.py``). One line per electorate shows
its votes, the elector (``*`` when its privilege was used this round), the aristocrat spaces
(tiles as seat letter and age, ``c`` for a Couple; ``k`` a knight; ``.`` free), the castles, the
cities (``E`` an empire city) and every seat's influence there, which players count all game
long. Below 100 columns or at 30 lines and fewer the board is compact, so that at 80 x 24 it
leaves room for the actions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from regalia.engine.i18n import N_, _, display_width, pad, pgettext
from regalia.engine.markup import esc, strip_markup, wrap_cells
from regalia.games.shadow_of_the_emperor.text import asking_words
from regalia.games.shadow_of_the_emperor.view import shown_vp

SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green")
LETTERS = ("R", "B", "Y", "G")
SHORT = {"mainz": "Mainz", "trier": "Trier", "koeln": "Köln", "bohemia": "Bohemia",
         "palatinate": "Palatinate", "saxony": "Saxony", "brandenburg": "Brandenburg"}
PHASE_TITLES = {"setup": N_("setup"), "income": N_("I income"), "aging": N_("II aging"),
                "descendants": N_("III descendants"), "actions": N_("IV actions"),
                "new electors": N_("V new electors"), "emperor election": N_("VI election"),
                "emperor's rights": N_("VII Emperor's rights"),
                "round end": N_("VIII round end"), "over": N_("game over")}
BOARD_LEGEND = N_("2v 2 votes · elector · aristocrats | castles | cities | R6 Red's influence")
TILE_LEGEND = N_("R35c Red's Couple aged 35 (R25 a Baron) · kR Red's knight · E empire city")
SEAT_LEGEND = N_("t thalers · supply: a aristocrats k knights c cities · kept cards -> next "
                 "child")


def card_short(kind: str) -> str:
    """A card kind's abbreviation on the terminal board (Doc, 医师)."""
    if kind == "rival":
        return pgettext("shadow-of-the-emperor", "Riv")
    if kind == "doctor":
        return pgettext("shadow-of-the-emperor", "Doc")
    if kind == "move":
        return pgettext("shadow-of-the-emperor", "Mov")
    if kind == "pope":
        return pgettext("shadow-of-the-emperor", "Pop")
    if kind == "church":
        return pgettext("shadow-of-the-emperor", "Chu")
    if kind == "excommunication":
        return pgettext("shadow-of-the-emperor", "Exc")
    if kind == "indulgence":
        return pgettext("shadow-of-the-emperor", "Ind")
    if kind == "permit":
        return pgettext("shadow-of-the-emperor", "Per")
    if kind == "ordinance":
        return pgettext("shadow-of-the-emperor", "Ord")
    if kind == "promotion":
        return pgettext("shadow-of-the-emperor", "Pro")
    if kind == "daughter":
        return pgettext("shadow-of-the-emperor", "FKD")
    if kind == "knight":
        return pgettext("shadow-of-the-emperor", "Kni")
    if kind == "eminence":
        return pgettext("shadow-of-the-emperor", "GrE")
    return kind[:3]


def child_word(child: str) -> str:
    if child == "son":
        return pgettext("shadow-of-the-emperor", "son")
    return pgettext("shadow-of-the-emperor", "daughter")


def vote_word(vote: str) -> str:
    if vote == "emperor":
        return pgettext("shadow-of-the-emperor", "emperor")
    return pgettext("shadow-of-the-emperor", "rival")


def reason_word(reason: str) -> str:
    """Why a tile is being placed (the view's ``placing.reason``), in words."""
    if reason == "setup":
        return pgettext("shadow-of-the-emperor", "setup")
    if reason == "son":
        return pgettext("shadow-of-the-emperor", "son")
    if reason == "permit":
        return pgettext("shadow-of-the-emperor", "permit")
    if reason == "palatinate":
        return pgettext("shadow-of-the-emperor", "palatinate")
    if reason == "move":
        return pgettext("shadow-of-the-emperor", "move")
    if reason == "old emperor":
        return pgettext("shadow-of-the-emperor", "old emperor")
    if reason == "deposed elector":
        return pgettext("shadow-of-the-emperor", "deposed elector")
    return reason


def _name(view: Mapping[str, Any], eid: str) -> str:
    """An electorate's name as the view words it (its id when the view has none)."""
    for el in view["electorates"]:
        if el["id"] == eid:
            return str(el.get("name") or SHORT.get(eid, eid))
    return str(eid)


def _mark(seat: int, text: str) -> str:
    return f"[{SEAT_STYLES[seat % 4]}]{esc(text)}[/]"


def _fit(line: str, width: int) -> str:
    """``line`` as it is if it fits ``width`` terminal cells (CJK takes two), else its plain
    text cut to fit."""
    plain = strip_markup(line)
    if display_width(plain) <= width:
        return line
    cut = ""
    for ch in plain:
        if display_width(cut + ch) > width:
            break
        cut += ch
    return esc(cut)


def tile_label(tile: Mapping[str, Any]) -> str:
    """``B25`` for a single Baron of Blue aged 25, ``B25c`` for a Couple."""
    text = f"{LETTERS[tile['seat'] % 4]}{tile['age']}{'c' if tile['couple'] else ''}"
    return _mark(tile["seat"], text)


def _electorate_line(el: Mapping[str, Any], players: int, compact: bool) -> str:
    name = el.get("name") or SHORT.get(el["id"], el["id"])
    head = pad(esc(name), 12) + _("{votes}v").format(votes=el["votes"]) + " "
    if not el["in_play"]:
        return head + "[dim]" + esc(_("out of play (2 players)")) + "[/]"
    elector = tile_label(el["elector"]) if el["elector"] else "[dim]--[/]"
    used = "*" if el["privilege_used"] else " "
    gap = 5 - len(strip_markup(elector))
    parts = [tile_label(t) for t in el["aristocrats"]]
    parts += [_mark(s, f"k{LETTERS[s]}") for s in el["knights"]]
    parts += ["[dim].[/]"] * el["free"]["aristocrat"]
    castle = [_mark(s, f"k{LETTERS[s]}") for s in el["castle_knights"]]
    castle += ["[dim].[/]"] * el["free"]["castle"]
    cities = [_mark(s, LETTERS[s]) for s in el["cities"]] + ["E"] * el["empire_cities"]
    cities += ["[dim].[/]"] * el["free"]["city"]
    eminences = [tile_label(t) + "!" for t in el["eminences"]]
    inf = " ".join(_mark(p, f"{LETTERS[p]}{el['influence'][p]}") for p in range(players)
                   if el["influence"][p])
    line = head + elector + " " * max(0, gap) + used + " ".join(parts + eminences)
    line += " | " + (" ".join(castle) if castle else "-") + " | " + " ".join(cities)
    line += " | " + (inf or "[dim]" + esc(_("no influence")) + "[/]")
    return line


def _stacks_lines(view: Mapping[str, Any], compact: bool, width: int) -> list[str]:
    bits = []
    for kind, st in view["stacks"].items():
        if kind == "knight":
            continue
        short = card_short(kind)
        left = st["left"]
        if compact:
            bits.append(f"{esc(short)}{left}")
        else:
            cost = f"{st['cost']}-{st['cost_couple']}" if st["cost_couple"] != st["cost"] \
                else str(st["cost"])
            colour = {"blue": "[blue]b[/]", "red": "[magenta]r[/]"}.get(st["colour"], "")
            bits.append(esc(_("{card} {left}/{count} {cost}t").format(
                card=short, left=left, count=st["count"], cost=cost)) + colour)
    if compact:
        return [esc(_("cards:")) + " " + " ".join(bits)]
    half = (len(bits) + 1) // 2
    first = esc(_("cards left/all, cost (b son, r daughter): "))
    lines = [first + "  ".join(bits[:half]), "  " + "  ".join(bits[half:])]
    if all(display_width(strip_markup(line)) <= width for line in lines):
        return lines
    lines = [first]  # wider names: as many cards a line as fit
    for bit in bits:
        if display_width(strip_markup(lines[-1] + "  " + bit)) > width:
            lines.append(" ")
        lines[-1] += "  " + bit
    return lines


def _seat_line(view: Mapping[str, Any], p: int, compact: bool) -> str:
    seat = view["seats"][p]
    marks = []
    if p == view["emperor"]:
        marks.append(pgettext("shadow-of-the-emperor", "Emperor"))
    if view.get("rival") == p:
        marks.append(pgettext("shadow-of-the-emperor", "Rival"))
    if p in view.get("passed", []) and view["phase"] == "actions":
        marks.append(pgettext("shadow-of-the-emperor", "passed"))
    shown = shown_vp(view, p)
    vp = "?" if shown is None else str(shown)
    kept = " ".join(card_short(k) + (f"x{c}" if c > 1 else "")
                    for k, c in seat["kept"].items())
    child = (" " + _("-> {child}").format(child=child_word(seat["children"]))
             if seat["children"] else "")
    head = _mark(p, f"{LETTERS[p]} " + pad(seat["name"], 6))
    if compact:
        figures = _("{thalers:>2}t {vp:>2}vp supply {tiles}a{knights}k{cities}c votes "
                    "{votes}").format(thalers=seat["thalers"], vp=vp,
                                      tiles=seat["tiles_in_supply"],
                                      knights=seat["knights_in_supply"],
                                      cities=seat["cities_in_supply"], votes=seat["votes"])
        return f"{head} {esc(figures)} {esc(kept)}{esc(child)} {esc(' '.join(marks))}"
    figures = _("{thalers:>2} thalers {vp:>2} VP  supply {tiles} arist. {knights} knights "
                "{cities} cities  income {income}  votes {votes}  kept: {kept}").format(
        thalers=seat["thalers"], vp=vp, tiles=seat["tiles_in_supply"],
        knights=seat["knights_in_supply"], cities=seat["cities_in_supply"],
        income=seat["income"], votes=seat["votes"], kept=kept or "-")
    marked = pgettext("shadow-of-the-emperor", ", ").join(marks)
    return f"{head} {esc(figures)}{esc(child)}  {esc(marked)}"


def _rights(view: Mapping[str, Any]) -> str:
    out = []
    for i, r in enumerate(view["rights"]):
        text = _("r{round} {vp} VP").format(round=i + 1, vp=r["vp"])
        if r["thalers"]:
            text += " " + _("+{thalers}t").format(thalers=r["thalers"])
        if r["empire_city"] == "place-or-move":
            text += " " + _("+city")
        elif r["empire_city"] == "move":
            text += " " + _("move city")
        out.append(text)
    return "  ".join(out)


def render_text(view: Mapping[str, Any], *, width: int = 120, height: int = 40) -> str:
    """The position as Rich markup, every line at most ``width`` terminal cells wide."""
    compact = width < 100 or height <= 30
    players = view["players"]
    lines: list[str] = []
    phase_key = PHASE_TITLES.get(view["phase"])
    phase = _(phase_key) if phase_key else view["phase"]
    emperor = view["emperor"]
    throne = tile_label(view["throne"]) if view["throne"] else "-"
    sep = pgettext("shadow-of-the-emperor", ", ")  # a list's separator
    movers = sep.join(view["seats"][p]["name"] for p in view["to_move"])
    asking = asking_words(view["asking"])
    placing = view.get("placing")
    if placing:
        piece = (_("{age}-year-old Couple") if placing["couple"]
                 else _("{age}-year-old Baron")).format(age=placing["age"])
        if placing["tile"]:
            piece = _("{tile} ({piece})").format(tile=placing["tile"], piece=piece)
        asking = _("where the {piece} goes: {reason}").format(
            piece=piece, reason=reason_word(placing["reason"]))
    if view.get("electorate"):
        asking = _("{asking} in {electorate}").format(
            asking=asking, electorate=_name(view, view["electorate"]))
    title = "" if compact else "[bold]" + esc(_("In the Shadow of the Emperor")) + "[/] "
    head = title + esc(_("round {round}/5 {phase}; Emperor").format(
        round=view["round"], phase=phase))
    head += f" {_mark(emperor, view['seats'][emperor]['name'])} {throne}"
    if view.get("rival") is not None:
        rival = pgettext("shadow-of-the-emperor", "Rival")
        head += esc(pgettext("shadow-of-the-emperor", "; ") + rival) + " " + _mark(
            view["rival"], view["seats"][view["rival"]]["name"])
    lines.append(_fit(head, width))
    if movers:  # read whole: wrapped, not cut
        lines.extend(esc(line) for line in wrap_cells(_("to move: {movers}, choosing {asking}")
                                                       .format(movers=movers, asking=asking),
                                                       width))
    if not compact:
        lines.append(_fit(esc(_("Emperor's rights: {rights}; empire cities in supply "
                                "{supply}").format(rights=_rights(view),
                                                   supply=view["empire_supply"])), width))
        lines.append(_fit("[dim]" + esc(_(
            "votes, elector (* privilege used), aristocrats | castles | cities | influence; "
            "c Couple, k knight, ! Gray eminence, E empire city, . free")) + "[/]", width))
    board_at = len(lines)
    for el in view["electorates"]:
        lines.append(_fit(_electorate_line(el, players, compact), width))
    lines.extend(_fit(line, width) for line in _stacks_lines(view, compact, width))
    seats_at = len(lines)
    for p in range(players):
        lines.append(_fit(_seat_line(view, p, compact), width))
    election = view["election"]
    if election.get("church") or election.get("excommunication") or election.get("voted"):
        bits = []
        if election.get("church"):
            bits.append(_("Church influence: {electorate}").format(
                electorate=_name(view, election["church"])))
        if election.get("excommunication"):
            bits.append(_("excommunicated: {electorate}").format(
                electorate=_name(view, election["excommunication"])))
        if election.get("voted"):
            bits.append(_("voted: {seats}").format(
                seats=" ".join(LETTERS[p] for p in election["voted"])))
        if election.get("my_vote"):
            bits.append(_("your vote: {vote}").format(vote=vote_word(election["my_vote"])))
        lines.append(_fit(esc(pgettext("shadow-of-the-emperor", "; ").join(bits)), width))
    if not compact and any(v is not None for v in election.get("last_votes", [])):
        lines.append(_fit(esc(_("last election: {votes}").format(votes=" ".join(
            f"{LETTERS[p]}:{vote_word(v)}" for p, v in enumerate(election["last_votes"])
            if v))), width))
    if view.get("proposal"):
        prop = view["proposal"]
        lines.append(_fit(esc(_("marriage proposal from {who} to {tile}").format(
            who=view["seats"][prop["from"]]["name"], tile=prop["tile"])), width))
    if view.get("over") and view.get("ranking"):
        lines.extend(esc(line) for line in wrap_cells(_("final: {results}").format(
            results=sep.join(_("{seat} {score} (place {place})").format(
                seat=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p]) for p in range(players))), width))
    if compact:
        # The compact board's abbreviations, explained where the screen has lines to spare
        # (a first game at 80 x 24 is read by someone who does not know them yet).
        for at, legend in ((seats_at, SEAT_LEGEND), (board_at, TILE_LEGEND),
                           (board_at, BOARD_LEGEND)):
            if len(lines) < height:
                lines.insert(at, _fit("[dim]" + esc(_(legend)) + "[/]", width))
    return "\n".join(lines)


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    sep = pgettext("shadow-of-the-emperor", ", ")
    letters = sep.join(f"{LETTERS[p]} {view['seats'][p]['name']}"
                       for p in range(view["players"]))
    cards = sep.join(f"{card_short(kind)} {st.get('title', kind)}"
                     for kind, st in view["stacks"].items() if kind != "knight")
    lines = [
        "[bold]" + esc(_("Key to the board")) + "[/] " + esc(letters),
        esc(_("One line per electorate: its name, its votes (2v: 2 votes), its elector "
              "(-- none yet; * its privilege was used this round), its aristocrat spaces | "
              "castle spaces | city spaces | each family's influence there.")),
        esc(_("R35c: a tile of Red's aged 35 on its Couple side; R25 without c: a single "
              "Baron. Ages are 15, 25, 35 and 45; the tile beside the Emperor's name is on "
              "the throne.")),
        esc(_("kR: a Red knight; E: an empire city; R (under cities): a Red city; !: a Gray "
              "eminence; .: a free space; -: no such space.")),
        esc(_("R6 (last column): Red's influence in the electorate, which decides its new "
              "elector.")),
        esc(_("cards: Doc2 = 2 Doctor cards left. {cards}.").format(cards=cards)),
        esc(_("Seats' lines: 7t = 7 thalers; 3vp = 3 victory points (?vp: another's points, "
              "hidden by the points option); supply 3a2k1c = 3 aristocrats, 2 knights and 1 "
              "city not yet on the board; votes: the family's votes in an election now.")),
        esc(_("Docx2 -> son: cards kept this round (2 Doctors) and the child they bring next "
              "round.")),
        esc(_("Emperor's rights: r1 2 VP +city = in round 1 the Emperor scores 2 VP and "
              "places an empire city; +1t: and takes 1 thaler.")),
        esc(_("Choices: R1, B4 a family's tiles by number (R1 Red's first); (1t) costs 1 "
              "thaler.")),
    ]
    return "\n".join(lines)
