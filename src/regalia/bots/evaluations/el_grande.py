"""El Grande, judged as a player would: points, majorities and what they are worth, the
Castillo, and Caballeros in court ready to be placed.

Each seat's *outlook* is

* its points on the success track;
* plus what it would score if every area (the Castillo included) were scored now, with the
  King's and the Grande's bonuses: a majority is only worth something once scored, but a
  scoring comes every three rounds and the board changes slowly, so the current majorities
  are the best cheap guess at what the next scoring pays;
* plus ``COURT`` per Caballero in court (the reservoir every placement draws on), and
  ``TO_PLACE`` per placement the seat's turn still allows (so a card with many placements
  looks better than one with few before they are made);
* the power card the seat played this round (cards played are public): ``POWER_CABALLEROS`` per
  Caballero it brings to court, ``POWER_ORDER`` per other seat it beats to the action cards,
  less ``POWER_SPENT`` per point of the card's value (a high card spent now is gone later).

A disk the seat has set in a sealed choice (its home at setup, where its Castillo Caballeros
go) counts as if the Caballeros already stood in that region. Other seats' sealed disks in a
sample are random draws, so they are ignored.

The value is the seat's outlook less the mean of the best other outlook and the mean other
outlook: leading matters (only first place wins), but so does not falling behind the pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.el_grande.actions import CASTILLO, REGIONS
from regalia.games.el_grande.phases import MAIN, OVER, POWER, S_CASTILLO, S_SETUP, SEALED
from regalia.games.el_grande.scoring import GRANDE_BONUS, KING_BONUS, award

if TYPE_CHECKING:
    from regalia.engine.state import State
    from regalia.games.el_grande.state import ElGrandeState

COURT = 0.4
TO_PLACE = 0.9
POWER_CABALLEROS = 0.35
POWER_ORDER = 0.8
POWER_SPENT = 0.08


# One area's majority award by its counts and place values (the player count is the counts'
# length): a search meets the same few hundred small boards of an area again and again, and
# working the award out was a third of a level search's iteration in El Grande.
_AWARDS: dict[tuple[int, ...], tuple[list[int], int]] = {}
AWARDS_KEPT = 50_000  # then start afresh (a few MB at most)


def outlooks(st: ElGrandeState, board: list[int]) -> list[float]:
    """Every seat's outlook (the module's text) on ``board``, without the power card term."""
    players = st.players
    if st.phase == OVER:
        return [float(v) for v in st.score]
    outlook = [st.score[s] + COURT * st.court[s] for s in range(players)]
    king, grande = st.king_region, st.grande_region
    for area in range(REGIONS + 1):
        counts = board[area * players:(area + 1) * players]
        if not any(counts):
            continue
        key = (*counts, *st.values(area))
        known = _AWARDS.get(key)
        if known is None:
            if len(_AWARDS) >= AWARDS_KEPT:
                _AWARDS.clear()
            known = _AWARDS[key] = award(counts, st.values(area), players)
        points, first = known
        points = list(points)  # (the bonuses below add to it: the kept one stays as it was)
        if first >= 0 and area != CASTILLO:
            if area == king:
                points[first] += KING_BONUS
            if grande[first] == area:
                points[first] += GRANDE_BONUS
        for s in range(players):
            outlook[s] += points[s]
    active = st.active_seat
    if active >= 0 and st.phase == MAIN and not st.placement_over:
        left = min(st.place_max - st.placed, st.court[active])
        outlook[active] += TO_PLACE * max(0, left)
    return outlook


def _margin(outlook: list[float], seat: int) -> float:
    mine = outlook[seat]
    others = [v for s, v in enumerate(outlook) if s != seat]
    if not others:
        return mine
    return mine - 0.5 * (max(others) + sum(others) / len(others))


def evaluate(state: State, seat: int) -> float:
    st: ElGrandeState = state  # type: ignore[assignment]
    outlook = outlooks(st, _board_with_own_disk(st, seat))
    if st.phase != OVER:
        for s in range(st.players):
            outlook[s] += _power_term(st, s)
    return _margin(outlook, seat)


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once (the search's leaves ask for all of them);
    sealed disks are left out, as every seat's own would need a board of its own."""
    st: ElGrandeState = state  # type: ignore[assignment]
    outlook = outlooks(st, st.board)
    if st.phase != OVER:
        for s in range(st.players):
            outlook[s] += _power_term(st, s)
    return [_margin(outlook, s) for s in range(st.players)]


def _board_with_own_disk(st: ElGrandeState, seat: int) -> list[int]:
    """The board, with the Caballeros the seat's own sealed disk sends already in place."""
    board = st.board
    if st.phase != SEALED:
        return board
    region = st.disks[seat]
    if region < 0:
        return board
    players = st.players
    board = list(board)
    if st.disk_purpose == S_SETUP:
        board[region * players + seat] += st.components.setup_disk
    elif st.disk_purpose == S_CASTILLO and region != st.king_region:
        base = CASTILLO * players + seat
        board[region * players + seat] += board[base]
    return board


def _power_term(st: ElGrandeState, seat: int) -> float:
    """The worth of the power card the seat played this round (0 before it plays one).

    Counted only while the round's bidding is under way or its turns are: once every seat
    has played, the Caballeros it brought are in court and the order is fixed."""
    value = st.power_played[seat]
    if not value or (st.phase != POWER and st.turn_order and st.turn_index > 0):
        return 0.0
    played = st.power_played
    beaten = float(sum(1 for s, v in enumerate(played) if s != seat and 0 < v < value))
    if st.phase == POWER:
        # Seats still to bid may play higher or lower: count each as half beaten.
        beaten += 0.5 * (st.players - st.power_cards_played)
    return (POWER_CABALLEROS * st.components.power_caballeros[value] + POWER_ORDER * beaten
            - POWER_SPENT * value)
