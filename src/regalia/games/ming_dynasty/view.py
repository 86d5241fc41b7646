"""What one seat may know: ``build_view(state, seat)``, a JSON-ready dict.

Names (a seat's ``name``, a province's ``name``, the neutral family's ``name``) are made in
the language in force when ``view()`` is called; keys, ids (``colour``, ``phase``, card kinds,
district ids) and numbers never change with language, and no key is added for a language (the
hashed RL encoding reads every leaf). The renderers name card kinds themselves
(``text.card_word``).

Keys: ``game``, ``seat`` (the viewer, None for a spectator), ``round``/``rounds``,
``phase``, ``start``, ``to_move``, ``over``; ``map`` (provinces with name, colour, x, y; districts
with id, province, x, y; borders [a, b, transport]; ``track``); ``provinces`` (per province:
``space`` members per seat, ``display`` card or None, ``tiles`` left in the supply);
``districts`` (per district: ``open`` per colour, ``cloister`` colour or None, ``city`` per
colour, ``prince`` seat or None, ``leader`` the majority colours now); ``players`` (per seat:
``score``, ``supply``, ``boxed``, ``tiles``, ``hand_size``, ``hand`` kinds to counts where
the viewer knows them, ``passed``, ``sealed`` (chosen or not), ``revealed``); ``neutral``
(two players: name, supply and box); ``dragons``, ``deck``, ``discard``; ``scoring`` (the province
being scored); ``reachable`` (the viewer's prince's reachable districts); ``deploy``; ``events``
(what the scorings did, oldest first, public: ``{"event"`` (scoring, majority, score),
``"text"``, ``"after"`` (decisions before it), and for points ``"seat"``, ``"points"}``).

Every card enters a hand face up (the display, the open dragon stack) and leaves it face up
(the open discard pile), and views model a seat with perfect memory (DESIGN.md), so by default
(``hand_memory = "perfect"``) every hand is in every view; ``hand_memory = "counts"`` shows
other hands' sizes only. Sealed return cards stay hidden until every seat involved has chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from regalia.games.ming_dynasty.board import (
    CARD_KINDS,
    DISTRICT_IDS,
    DRAGON,
    N_PROVINCES,
    TRANSPORTS,
)
from regalia.games.ming_dynasty.scoring import majority_moves
from regalia.games.ming_dynasty.text import neutral_label

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState

COLOUR_NAMES = ("yellow", "green", "blue", "red")  # ids (styles), not words: never translated


def _cards(counts: list[int]) -> dict[str, int]:
    return {CARD_KINDS[k]: n for k, n in enumerate(counts) if n}


def _map(s: MingState) -> dict[str, Any]:
    d = s.d
    return {
        "provinces": [{"id": i + 1, "name": s.edition.localize(d.province_names[i]),
                       "colour": d.province_colours[i],
                       "x": d.province_xy[i][0], "y": d.province_xy[i][1]}
                      for i in range(N_PROVINCES)],
        "districts": [{"id": DISTRICT_IDS[q], "province": q // 3 + 1, "x": xy[0], "y": xy[1]}
                      for q, xy in enumerate(d.district_xy)],
        "borders": [[DISTRICT_IDS[a], DISTRICT_IDS[b], TRANSPORTS[t]] for a, b, t in d.borders],
        "track": d.track_length,
    }


def build_view(s: MingState, seat: int | None) -> dict[str, Any]:
    from regalia.games.ming_dynasty.events import event_views
    from regalia.games.ming_dynasty.state import NOT_CHOSEN, PHASE_NAMES, RETURN

    n = s.players
    memory = s.options["hand_memory"]
    players = []
    for p in range(n):
        hand = s.hand[p]
        known = p == seat or memory == "perfect"
        entry: dict[str, Any] = {
            "name": s.seat_name(p), "colour": COLOUR_NAMES[p], "score": s.score[p],
            "supply": s.supply[p], "boxed": s.boxed[p], "tiles": list(s.tiles[p]),
            "hand_size": sum(hand), "dragons": hand[DRAGON] if known else None,
            "hand": _cards(hand) if known else None,
            "passed": s.passed[p], "cloisters": sum(1 for x in s.cloister if x == p),
            "revealed": s.revealed[p] if s.revealed[p] >= 0 else None,
        }
        if s.phase == RETURN and s.sealed[p] != -2:
            entry["sealed"] = s.sealed[p] != NOT_CHOSEN
            if p == seat and s.sealed[p] >= 0:
                entry["return"] = s.sealed[p]
        players.append(entry)
    districts = []
    for q in range(len(DISTRICT_IDS)):
        counts = s.open[q]
        moves = majority_moves(counts)
        districts.append({
            "id": DISTRICT_IDS[q], "open": list(counts),
            "cloister": s.cloister[q] if s.cloister[q] >= 0 else None,
            "city": list(s.city[q]),
            "prince": next((p for p in range(n) if s.prince[p] == q), None),
            "leader": [c for c, m in enumerate(moves) if m and m == max(moves)],
        })
    view: dict[str, Any] = {
        "game": "ming-dynasty", "seat": seat, "players_count": n, "round": s.round,
        "rounds": s.d.rounds, "scoring_rounds": list(s.d.scoring_rounds),
        "phase": PHASE_NAMES[s.phase], "start": s.start, "to_move": list(s.to_move()),
        "over": s.is_over(), "map": _map(s),
        "provinces": [{"space": list(s.spaces[i]),
                       "display": TRANSPORTS[s.display[i]] if s.display[i] >= 0 else None,
                       "tiles": s.tile_supply[i]} for i in range(N_PROVINCES)],
        "districts": districts, "players": players,
        "dragons": s.dragons, "deck": sum(s.deck),
        "discard": {TRANSPORTS[k]: x for k, x in enumerate(s.discard) if x},
        "scoring": s.province + 1 if PHASE_NAMES[s.phase] in ("return", "back",
                                                               "neutral-back") else None,
        "return_values": list(s.d.return_values),
        "neutral": ({"name": neutral_label(), "supply": s.supply[s.neutral],
                     "boxed": s.boxed[s.neutral]} if s.neutral >= 0 else None),
        "events": event_views(s),
    }
    if s.phase == 6:  # deploying
        view["deploy"] = {"left": s.deploy_left, "locked": s.deploy_locked,
                          "cloister_used": s.cloister_used}
    if seat is not None and 0 <= seat < n:
        view["reachable"] = [DISTRICT_IDS[q] for q in s.reachable(seat)]
    if s.is_over():
        view["ranking"] = list(s.ranking())
    return view
