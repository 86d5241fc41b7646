"""The special actions of El Grande's action cards, one small handler per card kind.

Each handler has ``proceed`` (carry on: do the effect, or wait for the next decision, or end)
and, when the action asks for decisions, ``legal`` and ``apply``. A Veto window opens when
the action is announced and before each further unit (one Caballero moved, placed,
returned), but only if something is left to do (the 1995 rule book, p9: a Veto may stop all
or the rest of an action).
Standing rules (RB p4, p7): nothing enters or leaves the King's region; moved Caballeros may
go to any other region or into the Castillo; nothing comes out of the Castillo or a court.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from regalia.engine.actions import Action
from regalia.games.el_grande import actions as A
from regalia.games.el_grande.actions import AREAS, CASTILLO, REGIONS
from regalia.games.el_grande.phases import ACTION, S_CARD, WITHDRAW

if TYPE_CHECKING:
    from regalia.games.el_grande.edition import CardType
    from regalia.games.el_grande.state import ElGrandeState as St



def _card(st: St) -> CardType:
    return st.components.cards[st.turn_card]


def _wait(st: St, legal: list[Action] | None = None) -> None:
    """Hand the next decision to the active player, after a Veto window if one is due."""
    if st.awaiting_veto_check:
        st.awaiting_veto_check = False
        if st._veto_window():
            return
    st.phase = ACTION
    st.seats_to_move = (st.active_seat,)
    if legal is not None:
        st._legal = {st.active_seat: tuple(legal)}


def _unit_done(st: St) -> None:
    # The 1995 rule book (p9): a Veto may also stop "only part of a special action", "the
    # remainder": its holders are asked again before each further unit.
    st.awaiting_veto_check = True
    proceed(st)


def start(st: St) -> None:
    """The special action is announced (its Veto window comes before anything happens)."""
    st.awaiting_veto_check = True
    if _card(st).kind == "king-returns":
        players, active = st.players, st.active_seat
        # the left neighbour first (the 1995 rule book, card text)
        st.special_queue = tuple((active + k) % players for k in range(1, players))
        st.special_left = _card(st)["per_player"]
    proceed(st)


# The three dispatches below go by the card's kind in chains of tests, most frequent first:
# compiled, a call through a dict of functions keyed by the kind went through Python.
def proceed(st: St) -> None:
    kind = _card(st).kind
    if kind == "move":
        _move_proceed(st)
    elif kind == "place":
        _place_proceed(st)
    elif kind == "either":
        _either_proceed(st)
    elif kind == "return-each":
        _return_each_proceed(st)
    elif kind == "king-returns":
        _king_returns_proceed(st)
    elif kind == "court":
        _court_proceed(st)
    elif kind == "veto":
        st._end_action()
    elif kind in ("disk-return", "secret-scoring"):
        _sealed_proceed(st, kind)
    elif kind in _SINGLE:
        # an effect decided by one choice of the active player (nothing to choose: it ends)
        options = _choices(st, kind, st.active_seat)
        if not options:
            st._end_action()
        else:
            _wait(st, options)
    else:
        # an effect without decisions: after the announcement's Veto window, do it and end
        if st.awaiting_veto_check:
            st.awaiting_veto_check = False
            if st._veto_window():
                return
        _effect(st, kind)
        st._end_action()


# the kinds whose effect is one choice of the active player
_SINGLE: Final[frozenset[str]] = frozenset(
    {"score-chosen", "scoreboard", "king", "evict", "grande", "power-back"})


def legal(st: St, seat: int) -> list[Action]:
    if st.phase == WITHDRAW:
        return _withdraw_legal(st, seat)
    return _choices(st, _card(st).kind, seat)


def _choices(st: St, kind: str, seat: int) -> list[Action]:
    if kind == "move":
        return _move_legal(st, seat)
    if kind == "place":
        return _place_legal(st, seat)
    if kind == "either":
        return _either_legal(st, seat)
    if kind == "return-each":
        return _return_each_legal(st, seat)
    if kind == "score-chosen":
        return _score_choices(st, seat)
    if kind == "scoreboard":
        return _scoreboard_choices(st, seat)
    if kind == "king":
        return _king_choices(st, seat)
    if kind == "evict":
        return _evict_choices(st, seat)
    if kind == "grande":
        return _grande_choices(st, seat)
    if kind == "power-back":
        return _takeback_choices(st, seat)
    return []  # the other kinds ask for no decision of the active player


def apply(st: St, action: Action, seat: int) -> None:
    kind = action.kind
    if kind == "to":
        _apply_to(st, action, seat)
    elif kind == "pick":
        _apply_pick(st, action, seat)
    elif kind == "place":
        _apply_place(st, action, seat)
    elif kind == "stop":
        st._end_action()
    elif kind == "return":
        _apply_return(st, action, seat)
    elif kind == "withdraw":
        _apply_withdraw(st, action, seat)
    elif kind == "evict":
        _apply_evict(st, action, seat)
    elif kind == "score":
        _apply_score(st, action, seat)
    elif kind == "scoreboard":
        _apply_scoreboard(st, action, seat)
    elif kind == "king":
        _apply_king(st, action, seat)
    elif kind == "grande":
        _apply_grande(st, action, seat)
    elif kind == "takeback":
        _apply_takeback(st, action, seat)
    else:
        raise ValueError(f"no special action {kind!r}")


def _effect(st: St, kind: str) -> None:
    """The effect of a card that asks for no decision."""
    if kind == "decay":
        _decay(st)
    elif kind == "score-group":
        _score_group(st)
    elif kind == "score-castillo":
        _score_castillo(st)
    elif kind == "score-first-only":
        _score_first_only(st)
    elif kind == "score-most":
        _score_most(st)
    elif kind == "score-fewest":
        _score_fewest(st)
    else:
        raise ValueError(f"no card kind {kind!r}")


# ------------------------------------------------------------------ moving Caballeros
def _move_params(st: St) -> tuple[int, int, int, bool, bool]:
    card = _card(st)
    if card.kind == "either":  # its first half: all your Caballeros out of one region
        return 99, 99, 0, True, True
    return card["total"], card["own"], card["others"], card["one_region"], card["all_own"]


def _move_legal(st: St, seat: int, with_stop: bool = True) -> list[Action]:
    players, board, king = st.players, st.board, st.king_region
    if st.special_picked_colour >= 0:
        leaving, to = st.special_picked_region, A.TO
        return [to[a] for a in range(AREAS) if a != king and a != leaving]
    total, own, others, _one, all_own = _move_params(st)
    out: list[Action] = []
    source = st.special_source
    if st.special_moved_own + st.special_moved_others < total:
        may_move_own = st.special_moved_own < own
        may_move_others = st.special_moved_others < others
        pick = A.PICK
        for r in ((source,) if source >= 0 else range(REGIONS)):
            if r == king:
                continue
            base = r * players
            for c in range(players):
                if board[base + c] and (may_move_own if c == seat else may_move_others):
                    out.append(pick[c][r])
    if with_stop and not (all_own and source >= 0 and board[source * players + seat]):
        out.append(A.STOP)
    return out


def _move_proceed(st: St) -> None:
    options = _move_legal(st, st.active_seat)
    if len(options) == 1 and options[0] is A.STOP:
        st._end_action()
    else:
        _wait(st, options)


def _apply_pick(st: St, action: Action, seat: int) -> None:
    c, r = action.args
    st.special_picked_colour, st.special_picked_region = c, r
    if st.special_source < 0 and _move_params(st)[3]:
        st.special_source = r
    if _card(st).kind == "either":
        st.special_half = 1


def _apply_to(st: St, action: Action, seat: int) -> None:
    a: int = action.args[0]
    players, c, r = st.players, st.special_picked_colour, st.special_picked_region
    st.board[r * players + c] -= 1
    st.board[a * players + c] += 1
    if c == seat:
        st.special_moved_own += 1
    else:
        st.special_moved_others += 1
    st.special_picked_colour = st.special_picked_region = -1
    st._emit("move", seat, c, r, a)
    _unit_done(st)


# ------------------------------------------------------------------ placing anywhere
def _place_legal(st: St, seat: int) -> list[Action]:
    out: list[Action] = []
    if st.special_placed < _card(st)["total"] and st.court[seat]:
        king, place = st.king_region, A.PLACE
        out = [place[a] for a in range(AREAS) if a != king]
    out.append(A.STOP)
    return out


def _place_proceed(st: St) -> None:
    options = _place_legal(st, st.active_seat)
    if len(options) == 1:
        st._end_action()
    else:
        _wait(st, options)


def _apply_place(st: St, action: Action, seat: int) -> None:
    a: int = action.args[0]
    st.board[a * st.players + seat] += 1
    st.court[seat] -= 1
    st.special_placed += 1
    st.special_half = 2
    st._emit("place", seat, a)
    _unit_done(st)


def _either_legal(st: St, seat: int) -> list[Action]:
    if st.special_half == 1 or st.special_picked_colour >= 0:
        return _move_legal(st, seat)
    if st.special_half == 2:
        return _place_legal(st, seat)
    return _move_legal(st, seat, with_stop=False) + _place_legal(st, seat)


def _either_proceed(st: St) -> None:
    options = _either_legal(st, st.active_seat)
    if len(options) == 1 and options[0] is A.STOP:
        st._end_action()
    else:
        _wait(st, options)


# ------------------------------------------------------------------ back to the provinces
def _decay(st: St) -> None:
    card, players, active = _card(st), st.players, st.active_seat
    lost = [0] * players
    for s in range(players):
        if s != active:
            n = st.court[s] if card["all"] else min(card["per_player"], st.court[s])
            st.court[s] -= n
            st.provinces[s] += n
            lost[s] = n
    st._emit("decay", active, tuple(lost))


def _withdraw_sources(st: St, s: int) -> bool:
    players, board, king = st.players, st.board, st.king_region
    return bool(st.court[s]) or any(board[r * players + s] for r in range(REGIONS) if r != king)


def _king_returns_proceed(st: St) -> None:
    per = _card(st)["per_player"]
    while st.special_queue:
        s = st.special_queue[0]
        if st.special_left > 0 and _withdraw_sources(st, s):
            if st.awaiting_veto_check:
                st.awaiting_veto_check = False
                if st._veto_window():
                    return
            st.phase = WITHDRAW
            st.seats_to_move = (s,)
            return
        st.special_queue = st.special_queue[1:]
        st.special_left = per
    st._end_action()


def _withdraw_legal(st: St, seat: int) -> list[Action]:
    players, board, king, withdraw = st.players, st.board, st.king_region, A.WITHDRAW
    out = [withdraw[r] for r in range(REGIONS) if r != king and board[r * players + seat]]
    if st.court[seat]:
        out.append(withdraw[REGIONS])
    return out


def _apply_withdraw(st: St, action: Action, seat: int) -> None:
    r: int = action.args[0]
    if r == REGIONS:
        st.court[seat] -= 1
    else:
        st.board[r * st.players + seat] -= 1
    st.provinces[seat] += 1
    st.special_left -= 1
    st._emit("return", seat, seat, r)
    _unit_done(st)


def _return_each_legal(st: St, seat: int) -> list[Action]:
    # The 1995 rule book: one Caballero of each player, one of his own included (option
    # banish_own; false: his opponents' only).
    players, board, king, ret = st.players, st.board, st.king_region, A.RETURN
    hit = st.special_hit
    if not st.banish_own:
        hit |= 1 << seat
    out = [ret[c][r] for r in range(REGIONS) if r != king for c in range(players)
           if not hit >> c & 1 and board[r * players + c]]
    out.append(A.STOP)
    return out


def _return_each_proceed(st: St) -> None:
    options = _return_each_legal(st, st.active_seat)
    if len(options) == 1:
        st._end_action()
    else:
        _wait(st, options)


def _apply_return(st: St, action: Action, seat: int) -> None:
    c, r = action.args
    st.board[r * st.players + c] -= 1
    st.provinces[c] += 1
    st.special_hit |= 1 << c
    st._emit("return", seat, c, r)
    _unit_done(st)


# ------------------------------------------------------------------ secret disks
def _sealed_proceed(st: St, kind: str) -> None:
    if st.awaiting_veto_check:
        st.awaiting_veto_check = False
        if st._veto_window():
            return
    seats = _disk_return_seats(st) if kind == "disk-return" else tuple(range(st.players))
    if seats:
        st._open_sealed(S_CARD, seats)
    else:
        st._end_action()


def _disk_return_regions(st: St, s: int) -> list[int]:
    # AIS: a region where he has at least 2 (all: at least 1). Engine decision: with no such
    # region he still returns as many as he can (RB p9 "as many as possible").
    card, players, board, king = _card(st), st.players, st.board, st.king_region
    need = 1 if card["all"] else card["per_player"]
    rs = [r for r in range(REGIONS) if r != king and board[r * players + s] >= need]
    if not rs and need > 1:
        rs = [r for r in range(REGIONS) if r != king and board[r * players + s]]
    return rs


def _disk_return_seats(st: St) -> tuple[int, ...]:
    # Engine decision (WBC 2001 "fellow players"): opponents only; option disk_return_self.
    active = st.active_seat
    return tuple(s for s in range(st.players)
                 if (s != active or st.disk_return_hits_self) and _disk_return_regions(st, s))


def _disk_return_resolve(st: St, choices: tuple[int, ...]) -> None:
    card, players = _card(st), st.players
    for s, r in enumerate(choices):
        if r >= 0:
            have = st.board[r * players + s]
            n = have if card["all"] else min(card["per_player"], have)
            st.board[r * players + s] -= n
            st.provinces[s] += n


def _evict_choices(st: St, seat: int) -> list[Action]:
    players, board, king = st.players, st.board, st.king_region
    return [A.EVICT[r] for r in range(REGIONS) if r != king
            and any(board[r * players + s] for s in range(players) if s != seat)]


def _apply_evict(st: St, action: Action, seat: int) -> None:
    r: int = action.args[0]
    st.special_named = r
    st._emit("evict", seat, r)
    players = st.players
    st._open_sealed(S_CARD, tuple(s for s in range(players)
                                  if s != seat and st.board[r * players + s]))


def _evict_resolve(st: St, choices: tuple[int, ...]) -> None:
    players, named, king = st.players, st.special_named, st.king_region
    for s, r in enumerate(choices):
        if r >= 0:
            n = st.board[named * players + s]
            st.board[named * players + s] = 0
            if r in (named, king):  # the 1995 rule book: back to his court
                st.court[s] += n
            else:
                st.board[r * players + s] += n


def _secret_scoring_resolve(st: St, choices: tuple[int, ...]) -> None:
    label = _card(st).id
    for r in range(REGIONS):
        if sum(1 for c in choices if c == r) == 1:
            st.score_area(r, label)


def disk_choices(st: St, seat: int) -> list[int]:
    kind, king = _card(st).kind, st.king_region
    if kind == "disk-return":
        return _disk_return_regions(st, seat)
    if kind == "evict":
        # The disk shows every region but the Castillo. The 1995 rule book: the King's
        # region or the named region itself sends them to court (option movement_to_court;
        # false: another region only).
        if st.movement_to_court:
            return list(range(REGIONS))
        return [r for r in range(REGIONS) if r != king and r != st.special_named]
    # secret scoring: the 1995 rule book scores the King's region like any other
    # (option secret_scoring_king)
    if st.secret_scoring_king:
        return list(range(REGIONS))
    return [r for r in range(REGIONS) if r != king]


def resolve_sealed(st: St, choices: tuple[int, ...]) -> None:
    kind = _card(st).kind
    if kind == "disk-return":
        _disk_return_resolve(st, choices)
    elif kind == "evict":
        _evict_resolve(st, choices)
    else:
        _secret_scoring_resolve(st, choices)
    st._end_action()


# ------------------------------------------------------------------ special scorings
def _score_choices(st: St, seat: int) -> list[Action]:
    n = AREAS if _card(st)["castillo"] else REGIONS
    return list(A.SCORE[:n])


def _apply_score(st: St, action: Action, seat: int) -> None:
    st.score_area(action.args[0], _card(st).id)
    st._end_action()


def _score_group(st: St) -> None:
    card = _card(st)
    first = card["first"]
    for r in range(REGIONS):
        value = st.values(r)[0] if st.group_by_current_values else st.components.region_scores[r][0]
        if value in first:
            st.score_area(r, card.id)


def _score_castillo(st: St) -> None:
    st.score_area(CASTILLO, _card(st).id)  # RB p11: its Caballeros stay inside


def _score_first_only(st: St) -> None:
    for r in range(REGIONS):
        st.score_area(r, _card(st).id, first_only=True)


def _region_totals(st: St) -> list[int]:
    players, board = st.players, st.board
    return [sum(board[r * players:(r + 1) * players]) for r in range(REGIONS)]


def _score_most(st: St) -> None:
    totals = _region_totals(st)
    top = max(totals)
    if top:
        for r in range(REGIONS):
            if totals[r] == top:
                st.score_area(r, _card(st).id)


def _score_fewest(st: St) -> None:
    totals = _region_totals(st)
    occupied = [t for t in totals if t]
    if occupied:
        low = min(occupied)
        for r in range(REGIONS):
            if totals[r] == low:
                st.score_area(r, _card(st).id)


# ------------------------------------------------------------------ King, Grande, boards, cards
def _scoreboard_choices(st: St, seat: int) -> list[Action]:
    # The 1995 rule book: a mobile scoreboard may go to the Castillo (option
    # scoreboard_castillo); never into or out of the King's region; one per area.
    boards, king = st.scoreboards, st.king_region
    areas = AREAS if st.scoreboard_on_castillo else REGIONS
    out = []
    for b in (0, 1):
        if boards[b] == king:
            continue  # nothing leaves the King's region
        other = boards[1 - b]
        out += [A.SCOREBOARD[b][a] for a in range(areas)
                if a != king and a != boards[b] and a != other]
    return out


def _apply_scoreboard(st: St, action: Action, seat: int) -> None:
    b, r = action.args
    st.scoreboards[b] = r
    st._emit("scoreboard", seat, b, r)
    st._end_action()


def _king_choices(st: St, seat: int) -> list[Action]:
    king = st.king_region
    if _card(st)["adjacent"]:
        return [A.KING[r] for r in st.components.neighbors[king]]
    return [A.KING[r] for r in range(REGIONS) if r != king]


def _apply_king(st: St, action: Action, seat: int) -> None:
    st.king_region = action.args[0]
    st._emit("king", seat, st.king_region)
    st._end_action()


def _grande_choices(st: St, seat: int) -> list[Action]:
    king, home = st.king_region, st.grande_region[seat]
    if home == king:
        return []
    return [A.GRANDE[r] for r in range(REGIONS) if r != king and r != home]


def _apply_grande(st: St, action: Action, seat: int) -> None:
    st.grande_region[seat] = action.args[0]
    st._emit("grande", seat, st.grande_region[seat])
    st._end_action()


def _takeback_choices(st: St, seat: int) -> list[Action]:
    hand = st.hand[seat]
    return [A.TAKEBACK[v] for v in range(1, 14) if not hand >> v & 1]


def _apply_takeback(st: St, action: Action, seat: int) -> None:
    # RB p12: the player need not say which card; the public log says only that he did.
    v: int = action.args[0]
    st.hand[seat] |= 1 << v
    st.power_log[seat] = (*st.power_log[seat], 0)
    st._emit("takeback", seat)
    st._end_action()


def _court_proceed(st: St) -> None:
    if st.awaiting_veto_check:
        st.awaiting_veto_check = False
        if st._veto_window():
            return
    st._offer_recruit(_card(st)["per_player"], ACTION)
