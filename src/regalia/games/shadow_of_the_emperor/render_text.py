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

from regalia.engine.markup import esc, strip_markup
from regalia.games.shadow_of_the_emperor.view import shown_vp

SEAT_STYLES = ("bold red", "bold blue", "bold yellow", "bold green")
LETTERS = ("R", "B", "Y", "G")
SHORT = {"mainz": "Mainz", "trier": "Trier", "koeln": "Köln", "bohemia": "Bohemia",
         "palatinate": "Palatinate", "saxony": "Saxony", "brandenburg": "Brandenburg"}
CARD_SHORT = {"rival": "Riv", "doctor": "Doc", "move": "Mov", "pope": "Pop", "church": "Chu",
              "excommunication": "Exc", "indulgence": "Ind", "permit": "Per",
              "ordinance": "Ord", "promotion": "Pro", "daughter": "FKD", "knight": "Kni",
              "eminence": "GrE"}
PHASE_TITLES = {"setup": "setup", "income": "I income", "aging": "II aging",
                "descendants": "III descendants", "actions": "IV actions",
                "new electors": "V new electors", "emperor election": "VI election",
                "emperor's rights": "VII Emperor's rights", "round end": "VIII round end",
                "over": "game over"}
ASKING = {"turn": "an action", "place": "where the aristocrat goes", "daughter":
          "a marriage proposal or the convent", "answer": "to accept or refuse a marriage",
          "doctor": "the Doctor's aristocrat", "move_from": "the aristocrat to move",
          "city": "the city space", "promote": "the knight to promote", "flip":
          "the Baron to marry", "eminence": "the Gray eminence's electorate", "award":
          "who wins the tied electorate", "seat": "the new elector", "throne":
          "the aristocrat for the throne", "church": "the archdiocese for Church influence",
          "excomm": "the elector to excommunicate", "vote": "a sealed vote (Emperor or Rival)",
          "empire_city": "the empire city", "empire_setup": "the first empire city",
          "setup_elector": "an elector space", "setup_knight": "the knight's space",
          "knight_to": "where the knight goes"}

BOARD_LEGEND = "v votes, elector, aristocrats | castles | cities | influence · c Couple k knight"
SEAT_LEGEND = "t thalers · supply: a aristocrats k knights c cities · kept cards -> next child"


def _mark(seat: int, text: str) -> str:
    return f"[{SEAT_STYLES[seat % 4]}]{esc(text)}[/]"


def _fit(line: str, width: int) -> str:
    return line if len(strip_markup(line)) <= width else esc(strip_markup(line)[:width])


def tile_label(tile: Mapping[str, Any]) -> str:
    """``B25`` for a single Baron of Blue aged 25, ``B25c`` for a Couple."""
    text = f"{LETTERS[tile['seat'] % 4]}{tile['age']}{'c' if tile['couple'] else ''}"
    return _mark(tile["seat"], text)


def _electorate_line(el: Mapping[str, Any], players: int, compact: bool) -> str:
    name = SHORT.get(el["id"], el["id"])
    head = f"{esc(name):<12}{el['votes']}v "
    if not el["in_play"]:
        return head + "[dim]out of play (2 players)[/]"
    elector = tile_label(el["elector"]) if el["elector"] else "[dim]--[/]"
    used = "*" if el["privilege_used"] else " "
    pad = 5 - len(strip_markup(elector))
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
    line = head + elector + " " * max(0, pad) + used + " ".join(parts + eminences)
    line += " | " + (" ".join(castle) if castle else "-") + " | " + " ".join(cities)
    line += " | " + (inf or "[dim]no influence[/]")
    return line


def _stacks_lines(view: Mapping[str, Any], compact: bool) -> list[str]:
    bits = []
    for kind, st in view["stacks"].items():
        if kind == "knight":
            continue
        short = CARD_SHORT.get(kind, kind[:3])
        left = st["left"]
        if compact:
            bits.append(f"{short}{left}")
        else:
            cost = f"{st['cost']}-{st['cost_couple']}" if st["cost_couple"] != st["cost"] \
                else str(st["cost"])
            colour = {"blue": "[blue]b[/]", "red": "[magenta]r[/]"}.get(st["colour"], "")
            bits.append(f"{short} {left}/{st['count']} {cost}t{colour}")
    if compact:
        return ["cards: " + " ".join(bits)]
    half = (len(bits) + 1) // 2
    return ["cards left/all, cost (b son, r daughter): " + "  ".join(bits[:half]),
            "  " + "  ".join(bits[half:])]


def _seat_line(view: Mapping[str, Any], p: int, compact: bool) -> str:
    seat = view["seats"][p]
    marks = []
    if p == view["emperor"]:
        marks.append("Emperor")
    if view.get("rival") == p:
        marks.append("Rival")
    if p in view.get("passed", []) and view["phase"] == "actions":
        marks.append("passed")
    shown = shown_vp(view, p)
    vp = "?" if shown is None else str(shown)
    kept = " ".join(CARD_SHORT.get(k, k) + (f"x{c}" if c > 1 else "")
                    for k, c in seat["kept"].items())
    child = f" -> {seat['children']}" if seat["children"] else ""
    head = _mark(p, f"{LETTERS[p]} {seat['name']:<6}")
    if compact:
        return (f"{head} {seat['thalers']:>2}t {vp:>2}vp supply {seat['tiles_in_supply']}a"
                f"{seat['knights_in_supply']}k{seat['cities_in_supply']}c votes "
                f"{seat['votes']} {esc(kept)}{esc(child)} {esc(' '.join(marks))}")
    return (f"{head} {seat['thalers']:>2} thalers {vp:>2} VP  supply "
            f"{seat['tiles_in_supply']} arist. {seat['knights_in_supply']} knights "
            f"{seat['cities_in_supply']} cities  income {seat['income']}  votes "
            f"{seat['votes']}  kept: {esc(kept) or '-'}{esc(child)}  {esc(', '.join(marks))}")


def render_text(view: Mapping[str, Any], *, width: int = 120, height: int = 40) -> str:
    """The position as Rich markup, every line at most ``width`` columns wide."""
    compact = width < 100 or height <= 30
    players = view["players"]
    lines: list[str] = []
    phase = PHASE_TITLES.get(view["phase"], view["phase"])
    emperor = view["emperor"]
    throne = tile_label(view["throne"]) if view["throne"] else "-"
    movers = ", ".join(view["seats"][p]["name"] for p in view["to_move"])
    asking = ASKING.get(view["asking"] or "", "")
    placing = view.get("placing")
    if placing:
        piece = f"{placing['age']}-year-old {'Couple' if placing['couple'] else 'Baron'}"
        if placing["tile"]:
            piece = f"{placing['tile']} ({piece})"
        asking = f"where the {piece} goes: {placing['reason']}"
    if view.get("electorate"):
        asking += f" in {SHORT.get(view['electorate'], view['electorate'])}"
    title = "" if compact else "[bold]In the Shadow of the Emperor[/] "  # 80 columns: room
    head = (f"{title}round {view['round']}/5 {esc(phase)}; "
            f"Emperor {_mark(emperor, view['seats'][emperor]['name'])} {throne}")
    if view.get("rival") is not None:
        head += f"; Rival {_mark(view['rival'], view['seats'][view['rival']]['name'])}"
    lines.append(_fit(head, width))
    if movers:
        lines.append(_fit(f"to move: {esc(movers)}, choosing {esc(asking)}", width))
    if not compact:
        rights = "  ".join(
            f"r{i + 1} {r['vp']} VP" + (f" +{r['thalers']}t" if r["thalers"] else "")
            + {"place-or-move": " +city", "move": " move city"}.get(r["empire_city"], "")
            for i, r in enumerate(view["rights"]))
        lines.append(_fit(f"Emperor's rights: {rights}; empire cities in supply "
                          f"{view['empire_supply']}", width))
        lines.append(_fit("[dim]votes, elector (* privilege used), aristocrats | castles | "
                          "cities | influence; c Couple, k knight, ! Gray eminence, E empire "
                          "city, . free[/]", width))
    board_at = len(lines)
    for el in view["electorates"]:
        lines.append(_fit(_electorate_line(el, players, compact), width))
    lines.extend(_fit(line, width) for line in _stacks_lines(view, compact))
    seats_at = len(lines)
    for p in range(players):
        lines.append(_fit(_seat_line(view, p, compact), width))
    election = view["election"]
    if election.get("church") or election.get("excommunication") or election.get("voted"):
        bits = []
        if election.get("church"):
            bits.append(f"Church influence: {SHORT.get(election['church'])}")
        if election.get("excommunication"):
            bits.append(f"excommunicated: {SHORT.get(election['excommunication'])}")
        if election.get("voted"):
            bits.append("voted: " + " ".join(LETTERS[p] for p in election["voted"]))
        if election.get("my_vote"):
            bits.append(f"your vote: {election['my_vote']}")
        lines.append(_fit(esc("; ".join(bits)), width))
    if not compact and any(v is not None for v in election.get("last_votes", [])):
        lines.append(_fit("last election: " + " ".join(
            f"{LETTERS[p]}:{v}" for p, v in enumerate(election["last_votes"]) if v), width))
    if view.get("proposal"):
        prop = view["proposal"]
        lines.append(_fit(f"marriage proposal from {view['seats'][prop['from']]['name']} to "
                          f"{prop['tile']}", width))
    if view.get("over") and view.get("ranking"):
        lines.append(_fit("final: " + ", ".join(
            f"{esc(view['seats'][p]['name'])} {view['scores'][p]} (place {view['ranking'][p]})"
            for p in range(players)), width))
    if compact:
        # The compact board's abbreviations, explained where the screen has lines to spare
        # (a first game at 80 x 24 is read by someone who does not know them yet).
        for at, legend in ((seats_at, SEAT_LEGEND), (board_at, BOARD_LEGEND)):
            if len(lines) < height:
                lines.insert(at, _fit(f"[dim]{legend}[/]", width))
    return "\n".join(lines)
