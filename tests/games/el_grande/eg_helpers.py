"""Small builders of El Grande positions for rule tests: set counts directly, keep the
conservation laws (Caballeros come from the provinces, cards from their stacks)."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.phases import MAIN
from regalia.games.el_grande.state import ElGrandeState

RED, BLUE, YELLOW, GREEN, BLACK = range(5)
R = {rid: i for i, rid in enumerate(A.AREA_IDS)}  # area index by id


def fresh(players: int = 4, seed: int = 1, **options: Any) -> ElGrandeState:
    """A game at its first power-card decision with an empty board (Grandes stay home),
    every Caballero in the provinces but the court's 7."""
    options.setdefault("setup_disk", False)
    st = regalia.new_game("el-grande", players, seed=seed, **options)
    assert isinstance(st, ElGrandeState)
    for s in range(players):
        for a in range(A.AREAS):
            n = st.board[a * players + s]
            st.board[a * players + s] = 0
            st.provinces[s] += n
    st._legal = {}
    return st


def put(st: ElGrandeState, seat: int, area: str, n: int) -> None:
    """Move ``n`` Caballeros of ``seat`` from its provinces into ``area``."""
    assert st.provinces[seat] >= n
    st.provinces[seat] -= n
    st.board[R[area] * st.players + seat] += n
    st._legal = {}


def count(st: ElGrandeState, seat: int, area: str) -> int:
    return st.board[R[area] * st.players + seat]


def set_king(st: ElGrandeState, region: str) -> None:
    st.king_region = R[region]
    st._legal = {}


def turn(st: ElGrandeState, card_id: str, seat: int = RED) -> ElGrandeState:
    """Make it ``seat``'s turn, having just taken ``card_id`` (the first in turn order)."""
    C = st.components
    t = C.card_index[card_id]
    k = C.cards[t].stack - 1
    if k < 4:
        old = st.face_up[k]
        if old >= 0:
            st.unrevealed[old] += 1
        st.unrevealed[t] -= 1
        st.face_up[k] = t
    st.taken_by[k] = seat
    st.turn_order = tuple([seat] + [s for s in range(st.players) if s != seat])
    st.turn_index = 0
    st.active_seat = seat
    st.turn_card = t
    st.place_max = C.cards[t].stack
    st.placed = 0
    st.placement_over = False
    st.special_state = 0
    if C.cards[t].kind == "veto":
        st.vetos_held = (*st.vetos_held, (seat, st.round_index + 1, t))
        st.special_state = 2
    st.phase = MAIN
    st.seats_to_move = (seat,)
    st._legal = {}
    return st


def play(st: ElGrandeState, *texts: str, seat: int | None = None) -> None:
    for text in texts:
        st.apply(text, seat)


def texts(st: ElGrandeState, seat: int | None = None) -> list[str]:
    return [a.text for a in st.legal_actions(seat)]


def last_scores(st: ElGrandeState) -> list[tuple[str, list[int]]]:
    """The scorings of the log since the last special action began: (area, points)."""
    out = []
    for e in st.view(None)["log"]:
        if e["event"] == "act":
            out = []
        if e["event"] == "score":
            out.append((e["area"], e["points"]))
    return out


def board_turn(card_id: str, king: str = "galicia", **options: Any) -> ElGrandeState:
    """Red's turn in a fresh 4-player game, having just taken ``card_id``; the King in
    ``king`` and every Grande in Seville, out of the way."""
    st = turn(fresh(4, **options), card_id)
    set_king(st, king)
    st.grande_region = [R["seville"]] * 4
    return st
