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
  "score_parts", "storage"}`` (score = VP if the game ended now; score_parts = where they
  come from, ``[{"source", "count", "vp"}]``, e.g. ``{"source": "castle triples", "count": 2,
  "vp": 10}``, sources worth nothing left out, the VP summing to the score; storage = the
  tie-breaker: workers, silver, goods and animals left in storage)
- ``aaron`` (solo only): ``{"estate", "piles": [sizes of unrevealed piles], "score", "score_parts",
  "first_bonus", "all_types"}``; ``result`` (when over): ``"won"``/``"lost"`` solo, else
  the ranking
- ``scores``, ``ranking``: per seat
- ``printed``: values printed on the cards of this edition, for pictures and players:
  ``{"triple_vp": {type: VP of a triple}, "goods_dice": {kind: [dice that sell it]},
  "first_triple_vp": VP of a "1." card, "start_player_vp", "animal_variety_vp": [VP by the
  number of kinds in a group]}``
- ``log``: the last moves and events, oldest first, ``[{"round", "kind", "seat", "action",
  "text"}]``; ``kind`` is ``move`` (``seat``, ``action`` notation), ``aaron-reveal`` (solo:
  Aaron's pile turned up; ``seat`` "aaron") or ``solo-check`` (solo: the end-of-round
  comparison; ``seat`` null) or ``start-card`` (the start player card changed hands);
  ``text`` says it in the third person, "You" for the viewer. Every point a seat's score
  gains or loses is in ``points``: a move's (an int, the mover's), the start player card's
  (a list per seat: the taker's gain, the giver's loss), Aaron's cloisters (``[vp]``, yours)
- worded values (seat ``name``, ``round_card.options``, ``score_parts[].source``, ``log[].text``)
  are in the language in force when ``view()`` is called; keys, ids and notation never are
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.engine.i18n import ngettext, pgettext
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
from regalia.games.castles_of_burgundy_cards.game_log import (
    AARON_REVEAL,
    KIND_NAMES,
    MOVE,
    NO_CARD,
    START_CARD,
)
from regalia.games.castles_of_burgundy_cards.scoring import (
    aaron_score,
    aaron_score_parts,
    score_parts,
    storage_cards,
)
from regalia.games.castles_of_burgundy_cards.text import bundle_text, event_text, logged

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState


def _cards(faces: list[int] | tuple[int, ...]) -> list[str]:
    return [FACE_NAMES[f] for f in faces]


def _estate(piles: list[tuple[int, tuple[int, ...]]]) -> list[dict[str, Any]]:
    return [{"type": TYPE_NAMES[t], "cards": _cards(c), "complete": len(c) == 3}
            for t, c in piles]


def _parts(parts: list[tuple[str, int, int]]) -> list[dict[str, Any]]:
    return [{"source": source, "count": count, "vp": vp} for source, count, vp in parts]


def _pending(s: CobState) -> dict[str, Any] | None:
    if s.game_over or not s.pending:
        return None
    top = s.pending[-1]
    kind = top[0]
    out: dict[str, Any] = {"kind": P.NAMES[kind], "seat": s.current_seat}
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
    out["stack"] = [P.NAMES[e[0]] for e in s.pending]
    out["bought"] = s.bought_this_turn
    return out


def _log_line(s: CobState, entry: tuple[int, ...], viewer: int | None) -> dict[str, Any]:
    """A log entry for the viewer: moves in the third person ("You" for the viewer's own)."""
    kind, round_index = entry[0], entry[1]
    line: dict[str, Any] = {"round": ROUND_LETTERS[round_index], "kind": KIND_NAMES[kind]}
    if kind == MOVE:
        seat, action = entry[2], TABLE.decode(entry[3])
        name = pgettext("castles-of-burgundy-cards", "You") if seat == viewer \
            else s.seat_name(seat)
        card, vp = entry[4], entry[5]
        text = logged(s, action, round_index, name, card if card != NO_CARD else None)
        if vp:
            # TRANSLATORS: a move in the log and the points it scored
            text = ngettext("{move} (+{vp} VP)", "{move} (+{vp} VP)", vp).format(
                move=text, vp=vp)
        line.update(seat=seat, action=action.text, text=text, points=vp)
    else:
        line.update(seat="aaron" if kind == AARON_REVEAL else None, action=None,
                    text=event_text(s, entry))
        if kind == START_CARD:
            vp = s.components.start_player_vp
            points = [0] * s.players
            points[entry[2]] += vp
            points[entry[3]] -= vp
            line["points"] = points
        elif kind == AARON_REVEAL:
            line["points"] = [entry[2]]  # (solo: the points are yours)
    return line


def build_view(s: CobState, seat: int | None, log: bool = True) -> dict[str, Any]:
    """The view of ``seat``; ``log=False`` leaves out its "log" (State.observe)."""
    d = s.components
    n = s.players
    gnames = d.goods_face_names
    solo = n == 1
    scores = list(s.scores())  # each seat's player_score: worked out once for the view
    seats = []
    for p in range(n):
        goods: dict[str, list[str]] = {k: [] for k in GOODS_KINDS}
        for gf, count in enumerate(s.goods[p]):
            goods[GOODS_KINDS[d.goods_faces[gf][0]]].extend([gnames[gf]] * count)
        sold = [gnames[gf] for gf, count in enumerate(s.sold_goods[p]) for _ in range(count)]
        seats.append({
            "name": s.seat_name(p),
            "hand": _cards(s.hands[p]) if seat == p else None,
            "hand_count": len(s.hands[p]),
            "pile_count": len(s.face_down_piles[p]),
            "played": _cards(s.played_cards[p]),
            "projects": _cards(s.projects[p]),
            "estate": _estate(s.estates[p]),
            "workers": s.workers[p],
            "silver": s.silver[p],
            "goods": goods,
            "animals": {k: s.animals[p][i] for i, k in enumerate(ANIMAL_KINDS)},
            "sold": sold,
            "sold_vp": sum(d.goods_faces[gf][1] * c for gf, c in enumerate(s.sold_goods[p])),
            "vp_cards": s.vp_cards[p],
            "first_bonus": [TYPE_NAMES[t] for t in range(7) if s.first_bonus_owner[t] == p],
            "all_types": s.all_types_bonus[p],
            "score": scores[p],
            "score_parts": _parts(score_parts(s, p)),
            "storage": storage_cards(s, p),
        })

    def owner(o: int) -> int | str | None:
        if o < 0:
            return None
        return "aaron" if o == n else o

    ranking = list(s.ranking())
    view: dict[str, Any] = {
        "game": s.GAME_ID,
        "players": n,
        "seat": seat,
        "solo": solo,
        "round": ROUND_LETTERS[s.round_index],
        "round_index": s.round_index,
        "turn": min(s.turn_in_round, d.turns - 1) + 1,
        "over": s.game_over,
        "to_move": list(s.moving_seats),
        "current": None if s.game_over else s.current_seat,
        "round_start": s.round_start_seat,
        "turn_order": [(s.round_start_seat + k) % n for k in range(n)],
        "pending": _pending(s),
        "legal": [a.text for a in s.legal_actions(seat)] if seat is not None else [],
        "display": [_cards(row) for row in s.display],
        "round_card": {"letter": ROUND_LETTERS[s.round_index],
                       "options": [bundle_text(b) for b in d.rounds[s.round_index]]},
        "round_cards_left": list(ROUND_LETTERS[s.round_index + 1:len(d.rounds)]),
        "deck": supply.deck_count(s),
        "discard": len(s.discard_pile),
        "discard_top": FACE_NAMES[s.discard_pile[-1]] if s.discard_pile else None,
        "discard_pile": _cards(s.discard_pile),
        "reshuffled": [_cards(cards) for cards in s.reshuffled_discards],
        "goods_piles": [{"count": s.goods_pile_sizes[i],
                         "top": gnames[s.goods_pile_tops[i]] if s.goods_pile_sizes[i] else None}
                        for i in (0, 1)],
        "animal_piles": [{"count": s.animal_pile_sizes[i],
                          "top": ANIMAL_KINDS[s.animal_pile_tops[i]]
                          if s.animal_pile_sizes[i] else None}
                         for i in (0, 1)],
        "first_bonus": {TYPE_NAMES[t]: owner(s.first_bonus_owner[t]) for t in range(7)},
        "all_types_stack": list(s.all_types_stack),
        "start_player": {"holder": None if s.start_card_holder < 0 else s.start_card_holder,
                         "side": "question marks" if s.start_card_question_marks else "front"},
        "seats": seats,
        "scores": scores,
        "ranking": ranking,
        "printed": {
            "triple_vp": {TYPE_NAMES[t]: vp for t, vp in enumerate(d.triple_vp)},
            "goods_dice": {GOODS_KINDS[g]: list(dice) for g, dice in enumerate(d.goods_dice)},
            "first_triple_vp": d.first_triple_vp,
            "start_player_vp": d.start_player_vp,
            "animal_variety_vp": list(d.animal_variety_vp),
        },
        "log": [_log_line(s, entry, seat) for entry in s.log] if log else None,
    }
    if not log:
        del view["log"]  # deleted, not left out of the literal: the full view's key order stays
    if solo:
        view["aaron"] = {
            "estate": _estate(s.aaron_estate),
            "piles": [len(pile) for pile in s.aaron_face_down_piles],
            "score": aaron_score(s),
            "score_parts": _parts(aaron_score_parts(s)),
            "first_bonus": [TYPE_NAMES[t] for t in range(7) if s.first_bonus_owner[t] == n],
            "all_types": s.all_types_bonus[n],
        }
    if s.game_over:
        view["result"] = s.solo_result() if solo else ranking
    return view
