"""What one seat sees of an El Grande position (its view), and words for actions and errors.

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
- ``cards``: the five face-up action cards: ``stack``, ``id``, ``name``, ``text``,
  ``caballeros`` (placement maximum), ``taken_by`` (seat or None); ``id`` None if the stack
  is empty. ``stacks_left``: unrevealed cards per stack; ``unrevealed``: per stack 1-5,
  ``{card id: copies not yet turned up}`` (every face-up card was seen: perfect memory)
- ``turn``: None, or ``seat``, ``card`` (id), ``placed``, ``place_max``,
  ``placement_over``, ``action`` (``"not started" | "in progress" | "done" | "none"``)
- ``special``: None, or the special action under way: ``card``, ``moved_own``,
  ``moved_others``, ``placed``, ``source`` (region fixed for the move), ``picked``
  (``{"colour", "region"}`` being moved), ``named`` (region named for Movement),
  ``returning`` (seats still to return Caballeros, first is on), ``left`` (how many more)
- ``sealed``: None, or ``purpose`` (``setup | castillo | card``)
- ``veto_queue``: seats still asked whether to use their Veto
- ``log``: every public event since the setup (perfect memory), each ``{"event", "seat",
  "text", ...}``; scorings carry ``area`` and ``points`` per seat
- ``scores``, ``over``, ``ranking`` (None until the end)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.hidden import hand_cards
from regalia.games.el_grande.phases import (
    ACTION,
    CARD,
    MAIN,
    NAMES,
    OVER,
    POWER,
    RECALL,
    RECRUIT,
    S_CARD,
    S_CASTILLO,
    S_SETUP,
    SEALED,
    VETO,
    WITHDRAW,
)

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


def _area(st: St, a: int) -> str:
    if a == CASTILLO:
        return "the Castillo"
    if a < 0:
        return "nowhere"
    return st.components.region_names[a]


def _who(st: St, s: int) -> str:
    return st.seat_name(s)


def view(st: St, seat: int | None) -> dict[str, Any]:
    parts, players = st.components, st.players
    over = st.phase == OVER
    ids = parts.region_ids
    king = st.king_region
    adjacent = set(parts.neighbors[king])
    regions = []
    for r in range(A.REGIONS):
        regions.append({
            "id": ids[r], "name": parts.region_names[r], "scores": list(st.values(r)),
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
        cards.append({"stack": k + 1, "id": card.id, "name": card.name, "text": card.text,
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
                "place_max": st.place_max, "placement_over": st.placement_over, "action": action}
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
    return {
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
        "castillo": {"name": parts.castillo_name, "scores": list(st.values(CASTILLO)),
                     "printed_scores": list(parts.castillo_scores),
                     "scoreboard": _board_on(st, CASTILLO),
                     "caballeros": st.board[CASTILLO * players:(CASTILLO + 1) * players]},
        "scoreboards": [{"id": parts.scoreboard_ids[b], "name": parts.scoreboard_names[b],
                         "scores": list(parts.scoreboard_scores[b]),
                         "region": A.AREA_IDS[st.scoreboards[b]]
                         if st.scoreboards[b] >= 0 else None}
                        for b in (0, 1)],
        "seats": seats, "cards": cards, "stacks_left": stacks_left,
        "unrevealed": unrevealed,
        "turn": turn, "special": special,
        "sealed": {"purpose": SEALED_PURPOSE[st.disk_purpose]} if sealing else None,
        "veto_queue": list(st.veto_queue) if st.phase == VETO else [],
        "log": [_log_dict(st, e) for e in log_entries(st, LOG_SHOWN)],
        "scores": list(st.score), "over": over,
        "ranking": list(st.ranking()) if over else None,
    }


def pending(st: St, s: int) -> str:
    """The decision ``s`` faces, in words."""
    phase = st.phase
    if phase == POWER:
        return "play a power card"
    if phase == RECRUIT:
        return f"take up to {st.recruit_max} Caballeros into the court"
    if phase == RECALL:
        return f"take {st.recall_left} more Caballero(s) from the board into the court"
    if phase == CARD:
        return "take one of the face-up action cards"
    if phase == MAIN:
        return "place Caballeros, carry out the special action, or end the turn"
    if phase == ACTION:
        return f"carry out {st.components.cards[st.turn_card].name}"
    if phase == WITHDRAW:
        return f"return {st.special_left} of your Caballeros to the provinces (The King returns!)"
    if phase == SEALED:
        return {S_SETUP: "set the disk: where your first Caballero goes",
                S_CASTILLO: "set the disk: where your Castillo Caballeros go",
                S_CARD: f"set the disk for {_card_name(st)}"}[st.disk_purpose]
    if phase == VETO:
        return f"use a Veto against {_who(st, st.active_seat)}'s special action, or pass"
    return "nothing"


def _log_dict(st: St, e: tuple[Any, ...]) -> dict[str, Any]:
    kind = e[0]
    parts = st.components
    out: dict[str, Any] = {"event": kind}
    if kind == "round":
        out.update(round=e[1], cards=list(e[2]), text=f"Round {e[1]} begins")
    elif kind == "general":
        out.update(round=e[1], text=f"General scoring after round {e[1]}")
    elif kind == "score":
        pts = list(e[3])
        shown = ", ".join(f"{_who(st, s)} {p}" for s, p in enumerate(pts) if p) or "nobody"
        area = "castillo" if e[2] == CASTILLO else parts.region_ids[e[2]]
        out.update(area=area, points=pts, scoring=e[1],
                   text=f"{_area(st, e[2])} scored: {shown}")
    elif kind == "disks":
        chosen = {A.SEAT_NAMES[s]: parts.region_ids[r] for s, r in enumerate(e[2]) if r >= 0}
        out.update(purpose=SEALED_PURPOSE[e[1]], disks=chosen,
                   text="Disks revealed: " + ", ".join(f"{k} {v}" for k, v in chosen.items()))
    elif kind == "over":
        out.update(scores=list(e[1]), text="The game is over")
    else:
        s = e[1]
        out["seat"] = s
        who = _who(st, s)
        if kind == "power":
            text = f"{who} plays power card {e[2]}"
        elif kind == "court":
            text = f"{who} takes {e[2]} Caballero(s) into the court"
        elif kind == "recall":
            text = f"{who} takes a Caballero from {_area(st, e[2])} into the court"
        elif kind == "card":
            text = f"{who} takes {parts.cards[parts.card_index[e[2]]].name}"
        elif kind == "place":
            text = f"{who} places a Caballero in {_area(st, e[2])}"
        elif kind == "act":
            text = f"{who} carries out {parts.cards[parts.card_index[e[2]]].name}"
        elif kind == "move":
            text = (f"{who} moves a {A.SEAT_NAMES[e[2]]} Caballero from {_area(st, e[3])} "
                    f"to {_area(st, e[4])}")
        elif kind == "return":
            src = "the court" if e[3] == A.REGIONS else _area(st, e[3])
            text = f"{who} sends a {A.SEAT_NAMES[e[2]]} Caballero from {src} to the provinces"
        elif kind == "decay":
            text = f"{who}: opponents return court Caballeros {list(e[2])}"
        elif kind == "king":
            text = f"{who} moves the King to {_area(st, e[2])}"
        elif kind == "grande":
            text = f"{who} moves the Grande to {_area(st, e[2])}"
        elif kind == "scoreboard":
            text = f"{who} puts the {parts.scoreboard_names[e[2]]} on {_area(st, e[3])}"
        elif kind == "evict":
            text = f"{who} names {_area(st, e[2])} for Movement"
        elif kind == "takeback":
            text = f"{who} takes a played power card back into the hand"
        elif kind == "veto":
            text = f"{who} vetoes {_who(st, e[2])}'s special action"
        else:
            text = kind
        out["text"] = text
    return out


# ---------------------------------------------------------------------- describe
def describe(st: St, action: Action) -> str:
    k, args = action.kind, action.args
    parts = st.components
    if k == "power":
        v = args[0]
        return f"Play power card {v} (up to {parts.power_caballeros[v]} Caballeros to court)"
    if k == "court":
        return f"Take {args[0]} Caballero(s) into your court"
    if k == "recall":
        return f"Take a Caballero from {_area(st, args[0])} back into your court"
    if k == "card":
        t = st.face_up[args[0]]
        name = parts.cards[t].name if t >= 0 else "none"
        return f"Take the action card of stack {args[0] + 1} ({name})"
    if k == "place":
        return f"Place a Caballero in {_area(st, args[0])}"
    if k == "act":
        if st.turn_card < 0:
            return "Carry out the special action"
        return f"Carry out the special action of {_card_name(st)}"
    if k == "done":
        return "End your turn"
    if k == "stop":
        return "Stop the special action here"
    if k == "pick":
        return f"Move a {A.SEAT_NAMES[args[0]]} Caballero out of {_area(st, args[1])}"
    if k == "to":
        return f"...into {_area(st, args[0])}"
    if k == "return":
        return (f"Send a {A.SEAT_NAMES[args[0]]} Caballero from {_area(st, args[1])} back "
                f"to the provinces")
    if k == "withdraw":
        src = "your court" if args[0] == A.REGIONS else _area(st, args[0])
        return f"Return one of your Caballeros from {src} to your provinces"
    if k == "score":
        return f"Score {_area(st, args[0])} now"
    if k == "king":
        return f"Move the King to {_area(st, args[0])}"
    if k == "grande":
        return f"Move your Grande to {_area(st, args[0])}"
    if k == "scoreboard":
        return f"Put the {parts.scoreboard_names[args[0]]} on {_area(st, args[1])}"
    if k == "evict":
        return f"Name {_area(st, args[0])}: your opponents must move their Caballeros out"
    if k == "takeback":
        return f"Take power card {args[0]} back into your hand"
    if k == "disk":
        return f"Set your disk to {_area(st, args[0])}"
    if k == "veto":
        return f"Use your Veto to stop {_who(st, st.active_seat)}'s special action"
    if k == "pass":
        return "Let the special action go on"
    return action.text


# ---------------------------------------------------------------------- explain_illegal
_KINDS = {
    POWER: ("power",), RECRUIT: ("court",), RECALL: ("recall",), CARD: ("card",),
    MAIN: ("place", "act", "done"), SEALED: ("disk",), VETO: ("veto", "pass"),
    WITHDRAW: ("withdraw",),
}


def explain_illegal(st: St, action: Action, seat: int) -> str:
    reason = _reason(st, action, seat)
    who = st.seat_name(seat)
    if reason is None:
        legal = st.legal_actions(seat)
        shown = ", ".join(a.text for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        return f"'{action}' is not legal for {who} now; legal: {shown}"
    return f"'{action}' is not legal for {who}: {reason}"


def _reason(st: St, action: Action, seat: int) -> str | None:
    k, args, players, king = action.kind, action.args, st.players, st.king_region
    phase = st.phase
    if phase in _KINDS and k not in _KINDS[phase]:
        return f"now {who_must(st, seat)}"
    if phase == ACTION and k not in {a.kind for a in st.legal_actions(seat)}:
        return f"now {who_must(st, seat)}"  # a special action: only its own decisions
    taboo = "nothing may enter or leave the King's region (RB p4)"
    if k == "power":
        v = args[0]
        for s in range(players):
            if s != seat and st.power_played[s] == v:
                return f"{v} was already played this round by {_who(st, s)}"
        return f"power card {v} is not in your hand (played cards stay out, RB p3)"
    if k == "court":
        return f"you may take at most {st.recruit_max} Caballeros into the court now"
    if k == "recall":
        if args[0] == king:
            return taboo
        return f"you have no Caballero in {_area(st, args[0])}"
    if k == "card":
        t = st.face_up[args[0]]
        if t < 0:
            return f"stack {args[0] + 1} has no card"
        return f"the card of stack {args[0] + 1} was already taken this round by " \
               f"{_who(st, st.taken_by[args[0]])}"
    if k == "place" and phase == MAIN:
        a = args[0]
        if st.placement_over:
            return ("the placement may not be split around the special action "
                    "(1995 rule D, option split_placement=false)")
        if st.placed >= st.place_max:
            return f"this card lets you place at most {st.place_max} Caballero(s)"
        if not st.court[seat]:
            return "your court is empty"
        if a == king:
            return "nothing may enter the King's region"
        nbrs = ", ".join(st.components.region_names[n] for n in st.components.neighbors[king])
        return f"Caballeros are placed only next to the King ({nbrs}) or in the Castillo"
    if k == "act":
        if st.components.cards[st.turn_card].kind == "veto":
            return "the Veto card has no action now: it is kept for use against another player"
        return "you have already carried out this card's special action"
    if k in ("pick", "to", "king", "grande", "scoreboard", "evict", "return", "withdraw",
             "disk", "score", "place"):
        area = args[-1]
        if k in ("pick", "to", "grande", "scoreboard", "evict", "return", "place",
                 "withdraw") and area == king:
            return taboo
        if k == "scoreboard" and st.scoreboards[args[0]] == king:
            return "a mobile scoreboard in the King's region cannot leave it (RB p4)"
        if k == "grande" and st.grande_region[seat] == king:
            return "a Grande in the King's region cannot leave it (RB p12)"
        card = st.components.cards[st.turn_card] if st.turn_card >= 0 else None
        if k == "king" and phase == ACTION and card is not None and card.kind == "king" \
                and card["adjacent"]:
            return f"the Royal Adviser moves the King only next to {_area(st, king)}"
        if k == "disk" and area == king:
            return "the disk may not name the King's region here"
    return None


def who_must(st: St, seat: int) -> str:
    if seat not in st.seats_to_move:
        return "it is not your decision"
    return f"you must {pending(st, seat)}"


def _card_name(st: St) -> str:
    return st.components.cards[st.turn_card].name


def _board_on(st: St, area: int) -> str | None:
    """The id of the mobile scoreboard lying on ``area``, or None."""
    boards = st.scoreboards
    if area in boards:
        return st.components.scoreboard_ids[boards.index(area)]
    return None
