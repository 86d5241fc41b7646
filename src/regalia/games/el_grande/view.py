"""What one seat sees of an El Grande position: its view (words live in :mod:`words`).

``view(state, seat)`` returns a JSON-ready dict (``seat=None``: a spectator). Keys:

- ``game``, ``players``, ``seat`` (the viewer or None), ``seat_names`` (colours), ``options``
- ``round`` (the round number on the track, None before round 1), ``rounds`` (the rounds
  played: 1-9, or 2 3 5 6 8 9 in the 6-round game), ``round_index``, ``scoring_rounds``
- ``phase``: ``setup-disk | power | recruit | recall | card | turn | action | withdraw | disk
  | veto | over``; ``to_move`` (seats); ``pending``: one ``{"seat", "decision"}`` per seat to
  move, the decision in words
- ``start_player`` (who bids first this round), ``turn_order`` (after the bidding), ``active``
  (whose turn it is, or None)
- ``king``: region id. ``regions``: one per region in board order: ``id``, ``name``,
  ``scores`` (current 1st/2nd/3rd, a mobile scoreboard applied), ``printed_scores``,
  ``scoreboard`` (its id or None), ``neighbors`` (ids), ``king`` (bool),
  ``next_to_king`` (bool: placement allowed), ``caballeros`` (count per seat), ``grandes``
  (seats whose Grande stands there)
- ``castillo``: ``name``, ``scores`` (current), ``printed_scores``, ``scoreboard`` (id or
  None), ``caballeros`` (per seat; announced, so public)
- ``scoreboards``: ``id``, ``name``, ``scores``, ``region`` (area id: a region's or
  ``castillo``; None beside the board)
- ``seats``: per seat ``seat``, ``name``, ``score``, ``court``, ``provinces``, ``home``
  (region of the Grande), ``power_card`` (played this round or None), ``power_played`` (every
  card played, in order), ``takebacks`` (cards secretly taken back), ``hand_count``,
  ``hand`` (the viewer's own cards; everyone's once the game is over; else None),
  ``vetos`` (rounds in which each held Veto expires), ``disk`` (during a sealed choice: the
  viewer's own region id, else ``"chosen"``/``"choosing"``; None when not choosing)
- ``cards``: the five face-up action cards: ``stack``, ``id``, ``name``, ``text`` (of the
  reading the options choose),
  ``caballeros`` (placement maximum), ``taken_by`` (seat or None); ``id`` None if the stack
  is empty. ``stacks_left``: unrevealed cards per stack; ``unrevealed``: per stack 1-5,
  ``{card id: copies not yet turned up}`` (every face-up card was seen: perfect memory)
- ``turn``: None, or ``seat``, ``card`` (id), ``placed``, ``place_max``, ``placeable``
  (how many he may still place now: the card's number less those placed, at most his
  court; 0 once the placement is over), ``placement_over``, ``action`` (``"not started" |
  "in progress" | "done" | "none"``)
- ``special``: None, or the special action under way: ``card``, ``moved_own``,
  ``moved_others``, ``placed``, ``source`` (region fixed for the move), ``picked``
  (``{"colour", "region"}`` being moved), ``named`` (region named for Movement),
  ``returning`` (seats still to return Caballeros, first is on), ``left`` (how many more)
- ``sealed``: None, or ``purpose`` (``setup | castillo | card``)
- ``veto_queue``: seats still asked whether to use their Veto
- Worded values (``name``, ``text``, ``decision``, a log entry's ``text``) are in the
  language in force when ``view`` is called; ids, keys and numbers never change with it
  (a seat's ``name`` and ``seat_names`` are colour ids)
- ``log``: every public event since the setup (perfect memory), each ``{"event", "seat",
  "text", ...}``; scorings carry ``area`` and ``points`` per seat
- ``scores``, ``over``, ``ranking`` (None until the end)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.el_grande import actions as A
from regalia.games.el_grande.hidden import hand_cards
from regalia.games.el_grande.phases import (
    NAMES,
    OVER,
    POWER,
    S_CARD,
    S_CASTILLO,
    S_SETUP,
    SEALED,
    VETO,
)
from regalia.games.el_grande.words import card_text, log_text, pending, placeable

if TYPE_CHECKING:
    from regalia.games.el_grande.state import ElGrandeState as St

LOG_SHOWN = None  # views model perfect memory: the whole public log
CASTILLO = A.CASTILLO
SEALED_PURPOSE = {S_SETUP: "setup", S_CASTILLO: "castillo", S_CARD: "card"}


def log_entries(st: St, limit: int | None) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    node = st.log
    while node is not None and (limit is None or len(out) < limit):
        node, entry = node
        out.append(entry)
    out.reverse()
    return out


def view(st: St, seat: int | None, log: bool = True) -> dict[str, Any]:
    """The view of ``seat``; ``log=False`` leaves out its "log" (State.observe)."""
    parts, players = st.components, st.players
    over = st.phase == OVER
    ids = parts.region_ids
    loc = st.edition.localize  # names and texts in the language in force
    king = st.king_region
    adjacent = set(parts.neighbors[king])
    regions = []
    for r in range(A.REGIONS):
        regions.append({
            "id": ids[r], "name": loc(parts.region_names[r]), "scores": list(st.values(r)),
            "printed_scores": list(parts.region_scores[r]),
            "scoreboard": _board_on(st, r),
            "neighbors": [ids[n] for n in parts.neighbors[r]], "king": r == king,
            "next_to_king": r in adjacent,
            "caballeros": st.board[r * players:(r + 1) * players],
            "grandes": [s for s in range(players) if st.grande_region[s] == r],
        })
    sealing = st.phase == SEALED
    seats = []
    for s in range(players):
        disk: Any = None
        if sealing and st.disks[s] != -2:
            if st.disks[s] == -1:
                disk = "choosing"
            elif s == seat:
                disk = ids[st.disks[s]]
            else:
                disk = "chosen"
        plays = [v for v in st.power_log[s] if v]
        seats.append({
            "seat": s, "name": A.SEAT_NAMES[s], "score": st.score[s], "court": st.court[s],
            "provinces": st.provinces[s], "home": ids[st.grande_region[s]],
            "power_card": st.power_played[s] or None, "power_played": plays,
            "takebacks": len(st.power_log[s]) - len(plays),
            "hand_count": 13 - len(plays) + (len(st.power_log[s]) - len(plays)),
            "hand": hand_cards(st.hand[s]) if (s == seat or over) else None,
            "vetos": [st.rounds[v[1]] if v[1] < len(st.rounds) else None
                      for v in st.vetos_held if v[0] == s],
            "disk": disk,
        })
    cards: list[dict[str, Any]] = []
    for k in range(5):
        t = st.face_up[k]
        if t < 0:
            cards.append({"stack": k + 1, "id": None, "name": None, "text": None,
                          "caballeros": k + 1, "taken_by": None})
            continue
        card = parts.cards[t]
        cards.append({"stack": k + 1, "id": card.id, "name": loc(card.name),
                      "text": card_text(st, t),
                      "caballeros": card.stack,
                      "taken_by": st.taken_by[k] if st.taken_by[k] >= 0 else None})
    stacks_left = [sum(st.unrevealed[t] for t in parts.stack_cards[k]) for k in range(4)] + [0]
    unrevealed = [{parts.cards[t].id: st.unrevealed[t] for t in parts.stack_cards[k]
                   if st.unrevealed[t]} for k in range(5)]
    turn = None
    if st.active_seat >= 0 and st.phase != POWER:
        card_id = parts.cards[st.turn_card].id if st.turn_card >= 0 else None
        if st.turn_card < 0 or parts.cards[st.turn_card].kind == "veto":
            action = "none"
        else:
            action = ("not started", "in progress", "done")[st.special_state]
        turn = {"seat": st.active_seat, "card": card_id, "placed": st.placed,
                "place_max": st.place_max, "placeable": placeable(st),
                "placement_over": st.placement_over, "action": action}
    special = None
    if st.special_state == 1 and st.phase != OVER:
        special = {
            "card": parts.cards[st.turn_card].id, "moved_own": st.special_moved_own,
            "moved_others": st.special_moved_others, "placed": st.special_placed,
            "source": ids[st.special_source] if st.special_source >= 0 else None,
            "picked": {"colour": A.SEAT_NAMES[st.special_picked_colour],
                       "region": ids[st.special_picked_region]}
            if st.special_picked_colour >= 0 else None,
            "named": ids[st.special_named] if st.special_named >= 0 else None,
            "returning": list(st.special_queue), "left": st.special_left,
        }
    phase = NAMES[st.phase]
    if sealing and st.disk_purpose == S_SETUP:
        phase = "setup-disk"
    out: dict[str, Any] = {
        "game": "el-grande", "players": players, "seat": seat,
        "seat_names": list(A.SEAT_NAMES[:players]), "options": dict(st.options),
        "round": st.rounds[st.round_index] if st.round_index >= 0 else None,
        "rounds": list(st.rounds),
        "round_index": st.round_index, "scoring_rounds": [3, 6, 9],
        "phase": phase, "to_move": list(st.seats_to_move),
        "pending": [{"seat": s, "decision": pending(st, s)} for s in st.seats_to_move],
        "start_player": st.start_player,
        "turn_order": list(st.turn_order) if st.phase != POWER else [],
        "active": st.active_seat if st.active_seat >= 0 else None,
        "king": ids[king], "regions": regions,
        "castillo": {"name": loc(parts.castillo_name), "scores": list(st.values(CASTILLO)),
                     "printed_scores": list(parts.castillo_scores),
                     "scoreboard": _board_on(st, CASTILLO),
                     "caballeros": st.board[CASTILLO * players:(CASTILLO + 1) * players]},
        "scoreboards": [{"id": parts.scoreboard_ids[b], "name": loc(parts.scoreboard_names[b]),
                         "scores": list(parts.scoreboard_scores[b]),
                         "region": A.AREA_IDS[st.scoreboards[b]]
                         if st.scoreboards[b] >= 0 else None}
                        for b in (0, 1)],
        "seats": seats, "cards": cards, "stacks_left": stacks_left,
        "unrevealed": unrevealed,
        "turn": turn, "special": special,
        "sealed": {"purpose": SEALED_PURPOSE[st.disk_purpose]} if sealing else None,
        "veto_queue": list(st.veto_queue) if st.phase == VETO else [],
        "log": [_log_dict(st, e) for e in log_entries(st, LOG_SHOWN)] if log else None,
        "scores": list(st.score), "over": over,
        "ranking": list(st.ranking()) if over else None,
    }
    if not log:
        del out["log"]  # deleted, not left out of the literal: the full view's key order stays
    return out


def _log_dict(st: St, e: tuple[Any, ...]) -> dict[str, Any]:
    kind = e[0]
    parts = st.components
    out: dict[str, Any] = {"event": kind, "text": log_text(st, e)}
    if kind == "round":
        out.update(round=e[1], cards=list(e[2]))
    elif kind == "general":
        out.update(round=e[1])
    elif kind == "score":
        out.update(area=A.AREA_IDS[e[2]], points=list(e[3]), scoring=e[1])
    elif kind == "disks":
        chosen = {A.SEAT_NAMES[s]: parts.region_ids[r] for s, r in enumerate(e[2]) if r >= 0}
        out.update(purpose=SEALED_PURPOSE[e[1]], disks=chosen)
    elif kind == "over":
        out.update(scores=list(e[1]))
    else:
        out["seat"] = e[1]
    return out


def _board_on(st: St, area: int) -> str | None:
    """The id of the mobile scoreboard lying on ``area``, or None."""
    boards = st.scoreboards
    if area in boards:
        return st.components.scoreboard_ids[boards.index(area)]
    return None
