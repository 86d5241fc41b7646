"""What a seat may know: ``build_view(state, seat)``, JSON-ready (``seat=None``: spectator).

Cards are written as face names (``"castle-3"``: kind and die), goods as ``"light-1vp"``
(kind and the VP printed on the card), animals by kind. Keys:

- ``game``, ``players``, ``seat`` (the viewer, or null), ``solo``
- ``round`` (letter A-E), ``round_index`` (0-4), ``turn`` (1-6), ``over``, ``to_move`` (seats),
  ``current`` (seat on turn, null when over), ``round_start`` (seat), ``turn_order`` (seats)
- ``pending``: the decision due, ``{"kind", "seat", ...}``; kinds ``play``, ``action`` (with
  ``die``, 0 meaning any, and ``source``: card / castle / purchase), ``take`` (with ``types``),
  ``drop`` / ``estate`` (with the ``card`` waiting), ``place-any``, ``sell-any``, ``goods`` /
  ``animals`` (with ``count`` still to take), ``boarding-house``, ``round-bonus``, ``keep``
  (with the three ``cards``), ``pay`` (with ``vp``), ``end``; plus ``stack`` (all pending
  kinds, bottom first) and ``bought`` (the purchase was used this turn). Null when over.
- ``legal``: the viewer's legal actions now (notation), ``[]`` when not on turn
- ``display``: six lists (rows 1-6) of cards
- ``round_card``: ``{"letter", "options": [text...]}``; ``round_cards_left``: letters to come
- ``deck`` (cards in the draw deck), ``discard`` (count), ``discard_top`` (card or null),
  ``discard_pile`` (every card in it: it is face up), ``reshuffled`` (the discard pile as it
  was at each reshuffle into a new deck, oldest first: perfect memory of face-up cards)
- ``goods_piles`` / ``animal_piles``: two ``{"count", "top"}`` (top null when empty)
- ``first_bonus``: per type (castle, mine, cloister, knowledge, ship, pasture, building) the
  seat holding its "1." card, ``"aaron"``, or null; ``all_types_stack``: values left, top first
- ``start_player``: ``{"holder": seat or null, "side": "front" | "question marks"}``
- ``seats``: per seat ``{"name", "hand" (own hand only, else null), "hand_count",
  "pile_count", "played" (every card the seat played from hand this game, in order: six a
  round), "projects", "estate": [{"type", "cards", "complete"}], "workers",
  "silver", "goods": {kind: [good...]}, "animals": {kind: count}, "sold": [good...],
  "sold_vp", "vp_cards", "first_bonus": [types], "all_types": value, "score",
  "storage"}`` (score = VP if the game ended now; storage = the tie-breaker count)
- ``aaron`` (solo only): ``{"estate", "piles": [sizes of unrevealed piles], "score",
  "first_bonus", "all_types"}``; ``result`` (when over): ``"won"``/``"lost"`` solo, else
  the ranking
- ``scores``, ``ranking``: per seat
- ``printed``: values printed on the cards of this edition, for pictures and players:
  ``{"triple_vp": {type: VP of a triple}, "goods_dice": {kind: [dice that sell it]}}``
- ``log``: the last public actions, ``[{"round", "seat", "action", "text"}]``
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards import supply
from regalia.games.castles_of_burgundy_cards.actions import TABLE
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    FACE_NAMES,
    GOODS_KINDS,
    ROUND_LETTERS,
    TYPE_NAMES,
)
from regalia.games.castles_of_burgundy_cards.scoring import (
    aaron_score,
    player_score,
    storage_cards,
)
from regalia.games.castles_of_burgundy_cards.text import bundle_text, describe

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def _cards(faces: list[int] | tuple[int, ...]) -> list[str]:
    return [FACE_NAMES[f] for f in faces]


def _estate(piles: list[tuple[int, tuple[int, ...]]]) -> list[dict[str, Any]]:
    return [{"type": TYPE_NAMES[t], "cards": _cards(c), "complete": len(c) == 3}
            for t, c in piles]


def _pending(s: CobState) -> dict[str, Any] | None:
    if s.over or not s.stack:
        return None
    top = s.stack[-1]
    kind = top[0]
    out: dict[str, Any] = {"kind": P.NAMES[kind], "seat": s.cur}
    if kind == P.ACT:
        out["die"] = top[1]
        out["source"] = P.SOURCE_NAMES[top[2]]
    elif kind == P.TAKE:
        out["types"] = [TYPE_NAMES[t] for t in range(7) if top[1] >> t & 1]
    elif kind in (P.DROP, P.ESTATE):
        out["card"] = FACE_NAMES[top[1]]
    elif kind in (P.GOODS, P.ANIMALS):
        out["count"] = top[1]
    elif kind == P.KEEP:
        out["cards"] = _cards(top[1:])
    elif kind == P.PAY:
        out["vp"] = top[1]
    out["stack"] = [P.NAMES[e[0]] for e in s.stack]
    out["bought"] = s.bought
    return out


def build_view(s: CobState, seat: int | None) -> dict[str, Any]:
    d = s.d
    n = s.players
    gnames = d.goods_face_names
    solo = n == 1
    seats = []
    for p in range(n):
        goods: dict[str, list[str]] = {k: [] for k in GOODS_KINDS}
        for gf, count in enumerate(s.goods[p]):
            goods[GOODS_KINDS[d.goods_faces[gf][0]]].extend([gnames[gf]] * count)
        sold = [gnames[gf] for gf, count in enumerate(s.sold[p]) for _ in range(count)]
        seats.append({
            "name": s.seat_name(p),
            "hand": _cards(s.hands[p]) if seat == p else None,
            "hand_count": len(s.hands[p]),
            "pile_count": len(s.piles[p]),
            "played": _cards(s.played[p]),
            "projects": _cards(s.projects[p]),
            "estate": _estate(s.estate[p]),
            "workers": s.workers[p],
            "silver": s.silver[p],
            "goods": goods,
            "animals": {k: s.animals[p][i] for i, k in enumerate(ANIMAL_KINDS)},
            "sold": sold,
            "sold_vp": sum(d.goods_faces[gf][1] * c for gf, c in enumerate(s.sold[p])),
            "vp_cards": s.vp[p],
            "first_bonus": [TYPE_NAMES[t] for t in range(7) if s.first[t] == p],
            "all_types": s.all7[p],
            "score": player_score(s, p),
            "storage": storage_cards(s, p),
        })

    def owner(o: int) -> int | str | None:
        if o < 0:
            return None
        return "aaron" if o == n else o

    scores = list(s.scores())
    ranking = list(s.ranking())
    view: dict[str, Any] = {
        "game": s.GAME_ID,
        "players": n,
        "seat": seat,
        "solo": solo,
        "round": ROUND_LETTERS[s.round],
        "round_index": s.round,
        "turn": min(s.turn, d.turns - 1) + 1,
        "over": s.over,
        "to_move": list(s.mover),
        "current": None if s.over else s.cur,
        "round_start": s.round_start,
        "turn_order": [(s.round_start + k) % n for k in range(n)],
        "pending": _pending(s),
        "legal": [a.text for a in s.legal_actions(seat)] if seat is not None else [],
        "display": [_cards(row) for row in s.display],
        "round_card": {"letter": ROUND_LETTERS[s.round],
                       "options": [bundle_text(b) for b in d.rounds[s.round]]},
        "round_cards_left": list(ROUND_LETTERS[s.round + 1:len(d.rounds)]),
        "deck": supply.deck_count(s),
        "discard": len(s.discard),
        "discard_top": FACE_NAMES[s.discard[-1]] if s.discard else None,
        "discard_pile": _cards(s.discard),
        "reshuffled": [_cards(cards) for cards in s.reshuffled],
        "goods_piles": [{"count": s.gp_count[i],
                         "top": gnames[s.gp_top[i]] if s.gp_count[i] else None}
                        for i in (0, 1)],
        "animal_piles": [{"count": s.ap_count[i],
                          "top": ANIMAL_KINDS[s.ap_top[i]] if s.ap_count[i] else None}
                         for i in (0, 1)],
        "first_bonus": {TYPE_NAMES[t]: owner(s.first[t]) for t in range(7)},
        "all_types_stack": list(s.all7_stack),
        "start_player": {"holder": None if s.start_holder < 0 else s.start_holder,
                         "side": "question marks" if s.start_down else "front"},
        "seats": seats,
        "scores": scores,
        "ranking": ranking,
        "printed": {
            "triple_vp": {TYPE_NAMES[t]: vp for t, vp in enumerate(d.triple_vp)},
            "goods_dice": {GOODS_KINDS[g]: list(dice) for g, dice in enumerate(d.goods_dice)},
        },
        "log": [{"round": ROUND_LETTERS[r], "seat": p, "action": TABLE.decode(code).text,
                 "text": describe(s, TABLE.decode(code), r)} for r, p, code in s.log],
    }
    if solo:
        view["aaron"] = {
            "estate": _estate(s.aaron_estate),
            "piles": [len(pile) for pile in s.aaron_piles],
            "score": aaron_score(s),
            "first_bonus": [TYPE_NAMES[t] for t in range(7) if s.first[t] == n],
            "all_types": s.all7[n],
        }
    if s.over:
        view["result"] = s.solo_result() if solo else ranking
    return view
