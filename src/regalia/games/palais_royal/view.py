"""What a seat may know: ``build_view(state, seat)``, JSON-ready (``seat=None``: spectator).

Keys:

- ``game``, ``players``, ``seat`` (the viewer or null), ``round``, ``last_round`` (the end was
  triggered), ``over``, ``current`` (seat on turn, null when over), ``to_move``, ``step``
  (setup, parade, stairs, rooms, enlist, edge, backdoor, keep, over), ``left`` (placements or
  moves left in the step)
- ``layout``: three rows of three room names; ``room_titles``: name -> title (the edition's
  name, in the language in force when ``view()`` is called)
- ``rooms``: room name -> servants per seat; ``majority``: bonus room -> seat holding it or null
- ``park``: ``{"rows", "columns", "spaces": [{"space", "noble", "cost", "edge", "servant"}]}``
  row by row; ``noble`` is the tile (``id``, ``gold``, ``turquoise``, ``purple``, ``vp``,
  ``privilege``, ``amount``) or null; ``cost`` the gold it costs now; ``servant`` the seat
  whose servant stands on the emptied edge space, or null
- ``edges``: ``[{"name", "title", "first", "second", "counts"}]`` (``name`` the edge's id,
  ``title`` its worded name; servants per seat on each edge)
- ``nobles_left``, ``end_at`` (the count that ends the game), ``box`` (nobles in the box)
- ``deck`` (cards in the draw pile), ``discard``: card id -> count (the pile is open)
- ``rebuilt``: each draw pile made again from the discard pile, in order, as card id -> count
  (the discard pile as it lay then; the draw pile is the last of them less the cards drawn
  since); ``[]`` before the first
- ``pile_history`` (what the samples of hidden cards go by, every seat's memory of the
  rebuilds): null before the first rebuild, then ``{"held"`` (cards each seat held when the
  draw that first ran the pile out began), ``"shown"`` (per seat, card id -> count: the cards
  it played or discarded before that), ``"events"`` (every card event since, in order:
  ``{"seat", "drew": [[pile, count], ...]}`` with pile 0 the deck and i the i-th rebuilt pile,
  two parts when the pile ran out during the draw; ``{"seat", "played": card id}``; ``{"seat",
  "discarded": card id}``), ``"yours"`` (the viewer's cards drawn from each pile, card id ->
  count; null for a spectator)``}``
- ``cards``: the nine kinds ``{"id", "name", "effect", "amount", "vp", "phases", "text"}``
  (``name`` and ``text`` worded in the language in force, the others keys and numbers)
- ``turn``: this turn's ``turquoise``, ``purple`` seals and ``office`` permissions available
  (servants and bonuses), ``cardinal`` bonus, ``extra_king`` / ``extra_pompadour`` (bonus
  servant taken), ``backdoor_draws`` (cards a draw would bring); null when over
- ``drawn``: the viewer's own Back-door draw being decided (card ids), else null;
  ``drawn_count`` for everyone
- ``seats``: per seat ``{"name", "gold", "area", "supply", "nobles" (face-up tiles),
  "face_down" (count), "face_down_nobles" (tiles: own seat, or everyone's with the
  open_nobles option; else null), "hand" (own: card id -> count, else null), "hand_count",
  "played" (card id -> count), "played_vp", "perks" (privilege -> amount), "score" (exact:
  own seat, or when the game is over; else null), "score_known" (the part any seat can
  count: all but face-down nobles), "breakdown" (own or over)}``
- ``legal``: the viewer's legal actions now (notation), ``[]`` when not on turn
- ``scores``, ``ranking``: when over
- ``events``: every point scored, oldest first, public: ``{"event"`` (score, final),
  ``"text"``, ``"after"`` (decisions before it), and for points ``"seat"``, ``"points"}``: a
  privilege card played for its VP, then at the end the final scoring part by part
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from regalia.games.palais_royal.edition import EDGE_NAMES
from regalia.games.palais_royal.events import event_views
from regalia.games.palais_royal.piles import DRAW, PLAY, shown_by
from regalia.games.palais_royal.rooms import (
    BONUS_ROOMS,
    KING,
    OFFICE,
    POMPADOUR,
    ROOMS,
    space_name,
)
from regalia.games.palais_royal.scoring import breakdown, edge_counts, edge_points, hand_vp
from regalia.games.palais_royal.text import card_text, room_title

if TYPE_CHECKING:
    from regalia.games.palais_royal.edition import Noble
    from regalia.games.palais_royal.state import PalaisState


@functools.cache
def _space_names(spaces: int, columns: int) -> tuple[str, ...]:
    return tuple(space_name(sp, columns) for sp in range(spaces))


def noble_dict(nb: Noble) -> dict[str, Any]:
    return {"id": nb.id, "gold": nb.gold, "turquoise": nb.turquoise, "purple": nb.purple,
            "vp": nb.vp, "privilege": nb.privilege, "amount": nb.amount}


def _counts(ids: list[str], row: Sequence[int]) -> dict[str, int]:
    return {ids[k]: n for k, n in enumerate(row) if n}


def _events(s: PalaisState, ids: list[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for code, p, x, a, b in s.cards.log:
        if code == DRAW:
            out.append({"seat": p, "drew": [[x, a], [x + 1, b]] if b else [[x, a]]})
        else:
            out.append({"seat": p, ("played" if code == PLAY else "discarded"): ids[x]})
    return out


def build_view(s: PalaisState, seat: int | None) -> dict[str, Any]:
    from regalia.games.palais_royal.edition import PRIVILEGES
    from regalia.games.palais_royal.state import OVER, PHASE_NAMES

    d = s.d
    n = s.players
    over = s.phase == OVER
    cards = d.cards
    ids = [c.id for c in cards]
    cols = d.columns
    spaces = []
    names = _space_names(d.spaces, cols)
    for sp in range(d.spaces):
        tile = s.park[sp]
        spaces.append({
            "space": names[sp],
            "noble": noble_dict(d.nobles[tile]) if tile >= 0 else None,
            "cost": s.gold_cost(sp) if tile >= 0 else None,
            "edge": d.is_edge[sp],
            "servant": s.marker[sp] if s.marker[sp] >= 0 else None,
        })
    counts = edge_counts(s)
    edition = s.edition
    edges = [{"name": name, "title": edition.localize(name), "first": pts[0], "second": pts[1],
              "counts": counts[i]}
             for i, (name, pts) in enumerate(zip(EDGE_NAMES, d.edge_points, strict=True))]
    open_nobles = s.options["open_nobles"]
    edge_pts = edge_points(s)
    seats = []
    for p in range(n):
        own = seat == p
        up = [t for t in s.nobles[p] if d.nobles[t].privilege is not None]
        down = [t for t in s.nobles[p] if d.nobles[t].privilege is None]
        known = sum(d.nobles[t].vp for t in up) + s.played_vp[p] + hand_vp(s, p) + edge_pts[p]
        full = own or over or open_nobles  # with the face-down nobles known, all of it is
        parts = breakdown(s, p, edge_pts) if full else None
        seats.append({
            "name": s.seat_name(p),
            "gold": s.gold[p],
            "area": s.area[p],
            "supply": s.reserve[p],
            "nobles": [noble_dict(d.nobles[t]) for t in up],
            "face_down": len(down),
            "face_down_nobles": [noble_dict(d.nobles[t]) for t in down]
            if (own or open_nobles or over) else None,
            "hand": {ids[k]: s.hand[p][k] for k in range(len(ids)) if s.hand[p][k]}
            if own else None,
            "hand_count": sum(s.hand[p]),
            "played": {ids[k]: s.played[p][k] for k in range(len(ids)) if s.played[p][k]},
            "played_vp": s.played_vp[p],
            "perks": {name: s.perks[p][i] for i, name in enumerate(PRIVILEGES)
                      if s.perks[p][i]},
            "score": parts["total"] if parts is not None else None,
            "score_known": known + (sum(d.nobles[t].vp for t in down) if open_nobles else 0),
            "breakdown": parts,
        })
    cur = s.cur
    turn = None
    if not over and s.phase != 0:
        rooms = s.servants[cur]
        turn = {
            "turquoise": rooms[KING] + s.t_turquoise,
            "purple": rooms[POMPADOUR] + s.t_purple,
            "office": rooms[OFFICE] + s.t_office,
            "cardinal": s.t_cardinal,
            "extra_king": bool(s.extra_done & 1),
            "extra_pompadour": bool(s.extra_done & 2),
            "mint_taken": bool(s.extra_done & 4),
            "backdoor_draws": rooms[6] + s.perks[cur][4] + s.t_backdoor,
        }
    history = None
    piles = s.cards  # the card history
    if len(piles.gens) > 1:
        history = {
            "held": list(piles.held0),
            "shown": [_counts(ids, shown_by(s, p)) for p in range(n)],
            "events": _events(s, ids),
            "yours": [_counts(ids, row) for row in piles.took[seat]] if seat is not None else None,
        }
    view: dict[str, Any] = {
        "game": s.info().id,
        "players": n,
        "seat": seat,
        "round": s.round,
        "last_round": s.final,
        "over": over,
        "current": None if over else cur,
        "to_move": list(s.to_move()),
        "step": PHASE_NAMES[s.phase],
        "left": s.left,
        "layout": [[ROOMS[s.layout[r * 3 + c]] for c in range(3)] for r in range(3)],
        "room_titles": {room: room_title(s.edition, d, r) for r, room in enumerate(ROOMS)},
        "rooms": {ROOMS[r]: [s.servants[p][r] for p in range(n)] for r in range(9)},
        "majority": {ROOMS[r]: (lambda h: None if h < 0 else h)(s.majority_holder(r))
                     for r in BONUS_ROOMS},
        "park": {"rows": d.rows, "columns": cols, "spaces": spaces},
        "edges": edges,
        "nobles_left": s.nobles_left(),
        "end_at": d.end_nobles,
        "box": len(s.box),
        "deck": len(s.pile),
        "discard": {ids[k]: s.discard[k] for k in range(len(ids)) if s.discard[k]},
        "rebuilt": [_counts(ids, g) for g in piles.gens[1:]],
        "pile_history": history,
        "cards": [{"id": c.id, "name": edition.localize(c.name), "effect": c.effect,
                   "amount": c.amount, "vp": c.vp, "phases": sorted(c.phases),
                   "text": card_text(c, s.edition)}
                  for c in cards],
        "turn": turn,
        "drawn": [ids[k] for k in s.drawn] if seat == cur and not over else None,
        "drawn_count": len(s.drawn),
        "seats": seats,
        "legal": [a.text for a in s.legal_actions(seat)] if seat is not None else [],
        "events": event_views(s),
    }
    if over:
        view["scores"] = list(s.scores())
        view["ranking"] = list(s.ranking())
    return view
