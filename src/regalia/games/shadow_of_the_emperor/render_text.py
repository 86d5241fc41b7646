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
from functools import lru_cache
from typing import Any

from regalia.engine.i18n import N_, _, display_width, ngettext, pad, pgettext
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
TILE_LEGEND = N_("R35c Red's Couple aged 35 (R25 a Baron) · kR Red's knight · E empire city")
MARK_LEGEND = N_(". a free space · - none · * privilege used this round · ! Gray eminence")
SEAT_LEGEND = N_("t thalers · vp victory points · a k c aristocrats, knights, cities in supply")


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


def _elector_cell(el: Mapping[str, Any]) -> str:
    """The elector's tile, ``*`` after it when its privilege was used this round; ``-``
    for none yet."""
    if not el["elector"]:
        return "[dim]-[/]"
    return tile_label(el["elector"]) + ("*" if el["privilege_used"] else "")


def _electorate_cells(el: Mapping[str, Any], players: int, wide: bool) -> list[str]:
    """One electorate's row as cells (Rich markup): name, votes, elector, aristocrat spaces,
    castle spaces, city spaces, influence."""
    name = esc(el.get("name") or SHORT.get(el["id"], el["id"]))
    votes = (ngettext("{n} vote", "{n} votes", el["votes"]) if wide
             else _("{votes}v")).format(n=el["votes"], votes=el["votes"])
    if not el["in_play"]:
        return [name, esc(votes), "[dim]" + esc(_("out of play (2 players)")) + "[/]"]
    free = "[dim].[/]"
    parts = [tile_label(t) for t in el["aristocrats"]]
    parts += [_mark(s, f"k{LETTERS[s]}") for s in el["knights"]]
    parts += [free] * el["free"]["aristocrat"]
    parts += [tile_label(t) + "!" for t in el["eminences"]]
    castle = [_mark(s, f"k{LETTERS[s]}") for s in el["castle_knights"]]
    castle += [free] * el["free"]["castle"]
    cities = [_mark(s, LETTERS[s]) for s in el["cities"]] + ["E"] * el["empire_cities"]
    cities += [free] * el["free"]["city"]
    inf = " ".join(_mark(p, f"{LETTERS[p]}{el['influence'][p]}") for p in range(players)
                   if el["influence"][p])
    return [name, esc(votes), _elector_cell(el), " ".join(parts),
            " ".join(castle) if castle else "[dim]-[/]", " ".join(cities),
            inf or "[dim]" + esc(pgettext("shadow-of-the-emperor", "none")) + "[/]"]


@lru_cache(maxsize=4096)
def _cells_width(cell: str) -> int:
    """The terminal cells a piece of markup takes (the same few cells recur on every
    screen, and a turn's screen is laid out several ways before one is kept)."""
    return display_width(strip_markup(cell))


def _board_table(view: Mapping[str, Any], width: int, wide: bool) -> tuple[str, list[str]]:
    """The electorates as a table under a heading that names its columns: the heading and
    one line per electorate, each at most ``width`` cells (the columns closer together, then
    not aligned, where a wide row would not fit)."""
    players = view["players"]
    rows = [_electorate_cells(el, players, wide) for el in view["electorates"]]
    heads = [esc(w) for w in (
        "", _("votes"), _("elector"), _("aristocrats"), _("castles"), _("cities"),
        _("influence"))]
    full = [r for r in rows if len(r) == len(heads)]
    widths = [max([_cells_width(heads[i])] + [_cells_width(r[i]) for r in full])
              for i in range(len(heads))]
    widths[0] = max(widths[0], *(_cells_width(r[0]) for r in rows))

    def line(cells: list[str], gap: int) -> str:
        out = ""
        for i, cell in enumerate(cells):
            out += cell if i == len(cells) - 1 else \
                cell + " " * (widths[i] - _cells_width(cell) + gap)
        return out

    for gap in (2, 1):
        # the widest line: every column but the last at its width, the gaps, the last cell
        widest = max(sum(widths[:len(r) - 1]) + gap * (len(r) - 1) + _cells_width(r[-1])
                     for r in [heads, *rows])
        if widest <= width:
            return "[dim]" + line(heads, gap).rstrip() + "[/]", [line(r, gap) for r in rows]
    return "[dim]" + line(heads, 1).rstrip() + "[/]", [" ".join(r) for r in rows]


def _card_bits(view: Mapping[str, Any]) -> list[str]:
    """The stacks, as a name and the number of cards left ("Doctor 3"), sold out dimmed."""
    bits = []
    for kind, st in view["stacks"].items():
        if kind == "knight":
            continue
        bit = esc(_("{card} {left}").format(card=st.get("short") or kind, left=st["left"]))
        bits.append(bit if st["left"] else f"[dim]{bit}[/]")
    return bits


def _stacks_lines(view: Mapping[str, Any], width: int, grid: bool) -> list[str]:
    """The action cards in words: a wrapped list of names with the cards left (two lines at
    80 columns: the counts part the names), or (``grid``, a tall screen) a table with each
    stack's count, price and the child it counts toward."""
    if not grid:
        label = esc(_("cards:"))
        bits = _card_bits(view)
        sizes = [_cells_width(bit) for bit in bits]
        for sep in (" · ", "  ", " "):
            lines, used = [label], _cells_width(label)
            for bit, size in zip(bits, sizes, strict=True):
                gap = sep if lines[-1] != label else "" if label.endswith("：") else " "
                if used + len(gap) + size > width:
                    lines.append(bit)
                    used = size
                    continue
                lines[-1] += gap + bit
                used += len(gap) + size
            if len(lines) <= 2:
                break
        return lines
    cells = []
    for kind, st in view["stacks"].items():
        if kind == "knight":
            continue
        cost = st["cost"] if st["cost_couple"] == st["cost"] else \
            f"{st['cost']}-{st['cost_couple']}"
        price = ngettext("{cost} thaler", "{cost} thalers",
                         max(st["cost"], st["cost_couple"])).format(cost=cost)
        child = {"blue": child_word("son"), "red": child_word("daughter")}.get(st["colour"], "")
        cells.append([esc(st.get("short") or kind), f"{st['left']}/{st['count']}", esc(price),
                      esc(child)])
    widths = [max(_cells_width(c[i]) for c in cells) for i in range(4)]
    texts = ["  ".join(pad(c[i], widths[i]) for i in range(4)).rstrip() for c in cells]
    cell = max(_cells_width(t) for t in texts)
    across = max(1, (width - 2 + 3) // (cell + 3))
    down = -(-len(texts) // across)
    lines = [esc(_("Action cards: left/all, price, and the child a kept card counts "
                   "toward"))]
    for r in range(down):
        row = [texts[c * down + r] for c in range(across) if c * down + r < len(texts)]
        lines.append("  " + "   ".join(pad(t, cell) for t in row).rstrip())
    return lines


def _kept_words(view: Mapping[str, Any], seat: Mapping[str, Any]) -> str:
    """The cards a seat keeps this round, by name, and the child they bring next round."""
    if not seat["kept"]:
        return ""
    sep = pgettext("shadow-of-the-emperor", ", ")
    names = []
    for kind, count in seat["kept"].items():
        name = (view["stacks"].get(kind) or {}).get("short") or kind
        names.append(name if count == 1 else _("{card} ×{n}").format(card=name, n=count))
    text = _("kept: {cards}").format(cards=sep.join(names))
    if seat["children"]:
        text += " " + _("→ {child}").format(child=child_word(seat["children"]))
    return text


def _seat_lines(view: Mapping[str, Any], p: int, width: int, wide: bool) -> list[str]:
    """A seat's line (two when its kept cards do not fit beside its figures)."""
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
    head = _mark(p, f"{LETTERS[p]} " + pad(seat["name"], 6))
    if wide:
        sep = pgettext("shadow-of-the-emperor", ", ")
        tiles, knights, cities = (seat["tiles_in_supply"], seat["knights_in_supply"],
                                  seat["cities_in_supply"])
        supply = sep.join((ngettext("{n} aristocrat", "{n} aristocrats", tiles).format(n=tiles),
                           ngettext("{n} knight", "{n} knights", knights).format(n=knights),
                           ngettext("{n} city", "{n} cities", cities).format(n=cities)))
        figures = _("{thalers:>2} thalers {vp:>2} VP  in supply: {supply}  income {income}  "
                    "votes {votes}").format(thalers=seat["thalers"], vp=vp, supply=supply,
                                            income=seat["income"], votes=seat["votes"])
    else:
        figures = _("{thalers:>2}t {vp:>2}vp {tiles}a {knights}k {cities}c votes "
                    "{votes}").format(thalers=seat["thalers"], vp=vp,
                                      tiles=seat["tiles_in_supply"],
                                      knights=seat["knights_in_supply"],
                                      cities=seat["cities_in_supply"], votes=seat["votes"])
    marked = pgettext("shadow-of-the-emperor", ", ").join(marks)
    line = f"{head} {esc(figures)}" + (f"  {esc(marked)}" if marked else "")
    kept = _kept_words(view, seat)
    if not kept:
        return [line]
    if _cells_width(line + "  " + kept) <= width:
        return [line + "  " + esc(kept)]
    return [line] + ["  " + esc(k) for k in wrap_cells(kept, width - 2)]


def emperor_words(view: Mapping[str, Any]) -> str:
    """Who sits on the throne, in words: "Red's man, aged 45"."""
    emperor = view["emperor"]
    name = view["seats"][emperor]["name"]
    throne = view["throne"]
    if not throne:
        return _("{seat} (the throne is empty)").format(seat=name)
    text = (_("{seat}'s Couple, aged {age}") if throne["couple"]
            else _("{seat}'s man, aged {age}"))
    return text.format(seat=name, age=throne["age"])


def _rights_words(view: Mapping[str, Any]) -> str:
    """The Emperor's rights round by round, in words."""
    sep = pgettext("shadow-of-the-emperor", ", ")
    out = []
    for i, r in enumerate(view["rights"]):
        bits = [_("{vp} VP").format(vp=r["vp"])]
        if r["thalers"]:
            bits.append(ngettext("{n} thaler", "{n} thalers", r["thalers"]).format(
                n=r["thalers"]))
        if r["empire_city"] == "place-or-move":
            bits.append(_("an empire city"))
        elif r["empire_city"] == "move":
            bits.append(_("moves an empire city"))
        out.append(_("round {round}: {rights}").format(round=i + 1, rights=sep.join(bits)))
    return ngettext("The Emperor's rights — {rights}; {n} empire city in supply",
                    "The Emperor's rights — {rights}; {n} empire cities in supply",
                    view["empire_supply"]).format(
        rights=pgettext("shadow-of-the-emperor", "; ").join(out), n=view["empire_supply"])


def render_text(view: Mapping[str, Any], *, width: int = 120, height: int = 40) -> str:
    """The position as Rich markup, every line at most ``width`` terminal cells wide."""
    compact = width < 100 or height <= 30
    wide = width >= 100
    players = view["players"]
    lines: list[str] = []
    phase_key = PHASE_TITLES.get(view["phase"])
    phase = _(phase_key) if phase_key else view["phase"]
    emperor = view["emperor"]
    sep = pgettext("shadow-of-the-emperor", ", ")  # a list's separator
    movers = sep.join(view["seats"][p]["name"] for p in view["to_move"])
    asking = asking_words(view["asking"])
    placing = view.get("placing")
    if placing:
        piece = (_("{age}-year-old Couple") if placing["couple"]
                 else _("{age}-year-old Baron")).format(age=placing["age"])
        if placing["tile"]:  # a tile lifted off the board: its label as it stood there
            label = f"{placing['tile'][0]}{placing['age']}{'c' if placing['couple'] else ''}"
            piece = _("{tile} ({piece})").format(tile=label, piece=piece)
        asking = _("where the {piece} goes: {reason}").format(
            piece=piece, reason=reason_word(placing["reason"]))
    if view.get("electorate"):
        asking = _("{asking} in {electorate}").format(
            asking=asking, electorate=_name(view, view["electorate"]))
    head = _("round {round}/5 {phase}").format(round=view["round"], phase=phase)
    if not compact:
        head = _("In the Shadow of the Emperor") + " · " + head
    head += " · " + _("Emperor: {who}").format(who=emperor_words(view))
    if view.get("rival") is not None:
        head += " · " + _("Rival: {seat}").format(seat=view["seats"][view["rival"]]["name"])
    # read whole: wrapped, not cut
    lines.extend(_mark(emperor, line) if i == 0 else esc(line)
                 for i, line in enumerate(wrap_cells(head, width)))
    if movers:
        lines.extend(esc(line) for line in wrap_cells(_("to move: {movers}, choosing {asking}")
                                                       .format(movers=movers, asking=asking),
                                                       width))
    if not compact:
        lines.extend(esc(line) for line in wrap_cells(_rights_words(view), width))
    heading, table = _board_table(view, width, wide)
    board_at = len(lines)
    if not compact:
        lines.append(heading)
    lines.extend(table)
    legends_at = len(lines)
    if not compact:
        lines.extend("[dim]" + esc(line) + "[/]" for legend in (TILE_LEGEND, MARK_LEGEND)
                     for line in wrap_cells(_(legend), width))
    lines.extend(_stacks_lines(view, width, grid=not compact))
    seats_at = len(lines)
    for p in range(players):
        lines.extend(_seat_lines(view, p, width, wide))
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
                seats=sep.join(view["seats"][p]["name"] for p in election["voted"])))
        if election.get("my_vote"):
            bits.append(_("your vote: {vote}").format(vote=vote_word(election["my_vote"])))
        lines.extend(esc(line) for line in wrap_cells(
            pgettext("shadow-of-the-emperor", "; ").join(bits), width))
    if not compact and any(v is not None for v in election.get("last_votes", [])):
        lines.extend(esc(line) for line in wrap_cells(_("last election: {votes}").format(
            votes=sep.join((_("{seat} for the Emperor") if v == "emperor"
                            else _("{seat} for the Rival")).format(seat=view["seats"][p]["name"])
                           for p, v in enumerate(election["last_votes"]) if v)), width))
    if view.get("proposal"):
        prop = view["proposal"]
        lines.extend(esc(line) for line in wrap_cells(
            _("marriage proposal from {who} to {tile}").format(
                who=view["seats"][prop["from"]]["name"],
                tile=_tile_words(view, prop["tile"])), width))
    if view.get("over") and view.get("ranking"):
        lines.extend(esc(line) for line in wrap_cells(_("final: {results}").format(
            results=sep.join(_("{seat} {score} (place {place})").format(
                seat=view["seats"][p]["name"], score=view["scores"][p],
                place=view["ranking"][p]) for p in range(players))), width))
    if compact:
        # The compact board's headings and abbreviations, shown where the screen has lines
        # to spare (a first game at 80 x 24 is read by someone who does not know them yet),
        # the most telling first.
        spare = [(board_at, 0, heading), (legends_at, 1, _legend(TILE_LEGEND, width))]
        if not wide:
            spare.append((seats_at, 3, _legend(SEAT_LEGEND, width)))
        spare.append((legends_at, 2, _legend(MARK_LEGEND, width)))
        room = height - len(lines)
        chosen = []
        for item in spare:
            if room >= 1:
                chosen.append(item)
                room -= 1
        for at, _order, line in sorted(chosen, key=lambda c: (c[0], c[1]), reverse=True):
            lines.insert(at, line)
    return "\n".join(lines)


def _legend(message: str, width: int) -> str:
    return _fit("[dim]" + esc(_(message)) + "[/]", width)


def _tile_words(view: Mapping[str, Any], name: str) -> str:
    """A tile on the board named as a player would, and where the board shows it: "Red's
    Baron aged 25 (Trier R25)" (the notation's "R3" is on no board)."""
    found: list[tuple[Mapping[str, Any], str]] = []
    for el in view["electorates"]:
        where = _name(view, el["id"])
        if el["elector"]:
            found.append((el["elector"], _("{electorate} elector {tile}").format(
                electorate=where, tile="{tile}")))
        found += [(t, _("{electorate} {tile}").format(electorate=where, tile="{tile}"))
                  for t in el["aristocrats"]]
    if view.get("throne"):
        found.append((view["throne"], _("Emperor {tile}")))
    for tile, place in found:
        if tile.get("tile") == name:
            shown = place.format(tile=strip_markup(tile_label(tile)))
            text = (_("{seat}'s Couple aged {age} ({tile})") if tile["couple"]
                    else _("{seat}'s Baron aged {age} ({tile})"))
            return text.format(seat=view["seats"][tile["seat"]]["name"], age=tile["age"],
                               tile=shown)
    return name


def render_key(view: Mapping[str, Any]) -> str:
    """What every abbreviation and mark of the text board means (the ``key`` command)."""
    sep = pgettext("shadow-of-the-emperor", ", ")
    letters = sep.join(f"{LETTERS[p]} {view['seats'][p]['name']}"
                       for p in range(view["players"]))
    lines = [
        "[bold]" + esc(_("Key to the board")) + "[/] " + esc(letters),
        esc(_("One line per electorate, under its columns: its votes in the emperor election "
              "(2v: 2 votes), its elector (-: none yet; * its privilege was used this round), "
              "its aristocrat, castle and city spaces, and each family's influence there (R6: "
              "Red has 6; the most takes the elector space).")),
        esc(_("R35c: a tile of Red's aged 35 on its Couple side; R25 without c: a single "
              "Baron. Ages are 15, 25, 35 and 45; the head line names the tile on the "
              "throne.")),
        esc(_("kR: a Red knight; E: an empire city; R (under cities): a Red city; R45!: Red's "
              "Gray eminence (this election only); .: a free space; -: none.")),
        esc(_("cards: the action cards left to buy this round (Doctor 2: two Doctors); type "
              "help and a card's name for what it does.")),
        esc(_("Seats' lines: 7t = 7 thalers; 3vp = 3 victory points (?vp: another's points, "
              "hidden by the points option); 3a 2k 1c = 3 aristocrats, 2 knights and 1 city "
              "in supply, not yet on the board; votes: the family's votes in an election "
              "now.")),
        esc(_("kept: the cards kept this round (Move ×2: two Move cards); → son: the child "
              "they bring next round (more blue cards than red bring a son, else a "
              "daughter).")),
        esc(_("Choices name a tile where the board shows it (Trier R35c; Emperor R45: the "
              "tile on the throne); after · comes the notation to type, where R1, B4 are a "
              "family's tiles by number (R1 Red's first); (1t) costs 1 thaler.")),
    ]
    return "\n".join(lines)
