"""What a seat may know: ``build_view(state, seat)``, JSON-ready (``seat=None``: spectator).

Keys:

- ``game``, ``players``, ``seat`` (the viewer or null), ``round``, ``phase`` (setup, income,
  aging, descendants, actions, new electors, emperor election, emperor's rights, round end,
  over), ``over``, ``to_move``, ``asking`` (what the seats to move decide: ``turn``,
  ``place``, ``daughter``, ``vote`` ...; null when over), ``points`` ("open" or "hidden")
- ``emperor`` (seat), ``throne`` (tile or null), ``rival`` (seat or null), ``turn`` (seat on
  turn in phase IV), ``passed`` (seats that passed in phase IV)
- a tile is ``{"tile": "B3", "seat", "age": 15-45, "couple": bool}``
- ``electorates``: in board order, ``{"id", "name", "title" (the short and the full name in
  the language in force, from the edition), "spiritual", "votes", "in_play",
  "elector" (tile or null), "privilege_used", "aristocrats" (tiles on aristocrat spaces),
  "knights" (seats of knights on aristocrat spaces), "castle_knights", "eminences" (tiles),
  "cities" (seats, one per city), "empire_cities", "spaces": {"aristocrat", "castle",
  "city"}, "free": {"aristocrat", "castle", "city"}, "influence" (per seat)}``
- ``stacks``: card id -> ``{"title", "short" (its name and short name, worded), "left",
  "count", "cost", "cost_couple", "colour"}``
- ``rights``: per round ``{"vp", "thalers", "empire_city"}``; ``empire_supply``
- ``seats``: per seat ``{"name" (worded: Red, 红), "colour", "thalers", "vp" (always the exact
  value: every point is won in the open, so a seat with perfect memory knows them all),
  "tiles_in_supply", "knights_in_supply", "cities_in_supply", "cities_built",
  "kept": card id -> count, "children" ("son", "daughter" or null: what the kept cards bring
  next round), "income" (next phase I), "votes" (in an election now)}``
- ``election``: ``{"church", "excommunication"`` (electorates named or null), ``"voted"``
  (seats that have cast a sealed vote), ``"my_vote"`` (the viewer's own, or null),
  ``"last_votes"`` (the last election's revealed votes per seat: "emperor", "rival" or
  null)}``
- ``placing``: while a tile is being placed, ``{"tile"`` (its name, or null when it comes
  from supply), ``"age", "couple", "reason"`` (setup, son, permit, palatinate, move, old
  emperor, deposed elector)``}``
- ``electorate``: the electorate being settled when the Emperor breaks a tie or a winner
  picks the new elector; ``proposal``: ``{"tile", "from"}`` while a marriage is answered
- ``events``: what happened without a choice, oldest first, public: ``{"event"`` (income,
  aging, score, election), ``"text"`` (worded)``}``, a score also ``"seat", "points"``
- ``legal``: the viewer's legal actions now (notation), ``[]`` when not to move
- ``scores``, ``ranking``: when over
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.games.shadow_of_the_emperor.board import (
    AGES,
    ARCHDIOCESES,
    BLUE,
    COLOURS,
    ELECTORATES,
    KINDS,
    KNIGHTS,
    N_ELECTORATES,
    PHASE_NAMES,
    RED,
    SEAT_COLOURS,
    TILES,
    tile_name,
)
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, EMINENCE

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState


def shown_vp(view: Mapping[str, Any], p: int) -> int | None:
    """Seat ``p``'s points as a screen shows them to the viewer: with ``points=hidden`` only
    the viewer's own until the end, as at a table where nobody counts aloud (the view still
    holds them all: nothing about them is secret, see rules question N19)."""
    if view["points"] == "hidden" and not view["over"] and view["seat"] != p:
        return None
    vp: int = view["seats"][p]["vp"]
    return vp


def tile_dict(s: ShadowState, t: int) -> dict[str, Any]:
    return {"tile": tile_name(t), "seat": t // TILES, "age": AGES[s.age[t]],
            "couple": bool(s.couple[t])}


def build_view(s: ShadowState, seat: int | None) -> dict[str, Any]:
    from regalia.games.shadow_of_the_emperor.events import event_views
    from regalia.games.shadow_of_the_emperor.phases import (
        PLACE_REASONS,
        income_of,
        influence_all,
        votes_of,
    )
    from regalia.games.shadow_of_the_emperor.text import (
        card_name,
        electorate_name,
        electorate_title,
    )

    d = s.d
    n = s.players
    over = not s.tasks
    where = s.where
    influence = influence_all(s)
    electorates = []
    for e in range(N_ELECTORATES):
        el = d.electorates[e]
        arist = [tile_dict(s, t) for t in range(len(where)) if where[t] == ARISTOCRAT + e]
        eminences = [tile_dict(s, t) for t in range(len(where)) if where[t] == EMINENCE + e]
        knights = [k // KNIGHTS for k, sp in enumerate(s.knight) if sp == 2 * e]
        castle = [k // KNIGHTS for k, sp in enumerate(s.knight) if sp == 2 * e + 1]
        cities = [p for p in range(n) for _ in range(s.city[e][p])]
        electorates.append({
            "id": ELECTORATES[e], "name": electorate_name(s, e),
            "title": electorate_title(s, e),
            "spiritual": e in ARCHDIOCESES, "votes": el.votes, "in_play": bool(s.in_play[e]),
            "elector": tile_dict(s, s.elector[e]) if s.elector[e] >= 0 else None,
            "privilege_used": bool(s.used >> e & 1),
            "aristocrats": arist, "knights": knights, "castle_knights": castle,
            "eminences": eminences, "cities": cities, "empire_cities": s.city[e][4],
            "spaces": {"aristocrat": el.aristocrat, "castle": el.castle, "city": el.city},
            "free": {"aristocrat": s.free_arist(e), "castle": s.free_castle(e),
                     "city": s.free_city(e)},
            "influence": influence[e],
        })
    votes_now = votes_of(s)
    seats = []
    for p in range(n):
        kept = {KINDS[k]: c for k, c in enumerate(s.kept[p]) if c}
        blue = sum(c for k, c in enumerate(s.kept[p]) if d.cards[k].colour == BLUE)
        red = sum(c for k, c in enumerate(s.kept[p]) if d.cards[k].colour == RED)
        seats.append({
            "name": s.seat_name(p), "colour": SEAT_COLOURS[p], "thalers": s.thalers[p],
            "vp": s.vp[p],
            "tiles_in_supply": sum(1 for t in s.tiles_of(p) if where[t] == -1),
            "knights_in_supply": s.knight[p * KNIGHTS:(p + 1) * KNIGHTS].count(-1),
            "cities_in_supply": s.city_supply(p),
            "cities_built": sum(c[p] for c in s.city),
            "kept": kept,
            "children": "son" if blue > red else "daughter" if red else None,
            "income": income_of(s, p),
            "votes": votes_now[p],
        })
    task = s.tasks[-1] if s.tasks else None
    view: dict[str, Any] = {
        "game": s.info().id, "players": n, "seat": seat, "round": s.round,
        "phase": PHASE_NAMES[s.phase], "over": over, "to_move": list(s.to_move()),
        "asking": task[0] if task else None, "points": s.options["points"],
        "emperor": s.emperor, "throne": tile_dict(s, s.throne) if s.throne >= 0 else None,
        "rival": s.rival if s.rival >= 0 else None, "turn": s.turn,
        "passed": [p for p in range(n) if s.passed >> p & 1],
        "electorates": electorates,
        "stacks": {KINDS[k]: {"title": card_name(s, k), "short": card_name(s, k, short=True),
                              "left": s.stacks[k],
                              "count": card.count(n), "cost": card.cost,
                              "cost_couple": card.cost_couple, "colour": COLOURS[card.colour]}
                   for k, card in enumerate(d.cards)},
        "rights": [{"vp": r.vp, "thalers": r.thalers, "empire_city": r.empire_city}
                   for r in d.rights],
        "empire_supply": s.empire_supply(),
        "seats": seats,
        "election": {
            "church": ELECTORATES[s.church_target] if s.church_target >= 0 else None,
            "excommunication": ELECTORATES[s.excomm_target] if s.excomm_target >= 0 else None,
            "voted": [p for p in range(n) if s.votes[p] >= 0],
            "my_vote": (("emperor", "rival")[s.votes[seat]]
                        if seat is not None and s.votes[seat] >= 0 else None),
            "last_votes": [("emperor", "rival")[v] if v >= 0 else None for v in s.last_votes],
        },
        # Public happenings with their reasons (income, aging, elections, points), worded.
        "events": event_views(s),
        "legal": [a.text for a in s.legal_actions(seat)] if seat is not None else [],
    }
    if task is not None and task[0] in ("award", "seat"):
        view["electorate"] = ELECTORATES[task[2]]
    if task is not None and task[0] == "place":
        _, _who, tile, age, couple, _exclude, _only, reason, _opt = task
        if tile >= 0:
            age, couple = s.age[tile], s.couple[tile]
        view["placing"] = {"tile": tile_name(tile) if tile >= 0 else None, "age": AGES[age],
                           "couple": bool(couple), "reason": PLACE_REASONS[reason]}
    if task is not None and task[0] == "answer":
        view["proposal"] = {"tile": tile_name(task[2]), "from": task[3]}
    if over:
        view["scores"] = list(s.scores())
        view["ranking"] = list(s.ranking())
    return view
