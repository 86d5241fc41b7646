"""El Grande's rules: setup, rounds, power cards, turns, placement, Veto, general scoring.

The special actions of the 45 cards live in :mod:`cards`; what a seat sees in :mod:`view`.
Everything is kept in flat lists of ints indexed by seat, area (nine regions, then the
Castillo) or card type, so a copy is a handful of list slices.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.errors import IllegalAction
from regalia.engine.rng import Rng
from regalia.engine.state import History, State
from regalia.games.el_grande import actions as A
from regalia.games.el_grande import cards, hidden, view
from regalia.games.el_grande.edition import Components, components
from regalia.games.el_grande.phases import (
    ACTION,
    CARD,
    MAIN,
    OVER,
    POWER,
    RECALL,
    RECRUIT,
    S_CASTILLO,
    S_SETUP,
    SEALED,
    VETO,
)
from regalia.games.el_grande.scoring import GRANDE_BONUS, KING_BONUS, award

REGIONS, CASTILLO, AREAS = A.REGIONS, A.CASTILLO, A.AREAS
ALL_POWER = 0b11111111111110  # bits 1..13

SCORING_ROUNDS = (3, 6, 9)
ROUNDS = {9: (1, 2, 3, 4, 5, 6, 7, 8, 9), 6: (2, 3, 5, 6, 8, 9)}  # short game skips 1, 4, 7

_FIELDS = ("ri", "phase", "tm", "board", "court", "prov", "score", "grande", "hand",
           "played", "plog", "king", "sb", "remain", "gone", "face", "taker", "vetos",
           "start", "nbid", "order", "ti", "active", "tcard", "pmax", "placed", "pdone",
           "astate", "rmax", "rthen", "rleft", "a_src", "a_pc", "a_pr", "a_own", "a_oth",
           "a_tot", "a_mode", "a_hit", "a_queue", "a_left", "a_region", "a_ck", "sealed",
           "skind", "vq", "log")
_LISTS = ("board", "court", "prov", "score", "grande", "hand", "played", "plog", "sb",
          "remain", "gone", "face", "taker", "sealed")


class ElGrandeState(State):
    """A position of El Grande."""

    GAME_ID = "el-grande"
    __slots__ = ("C", "o_group", "o_king_court", "o_self", "o_split", "places", "rounds",
                 *_FIELDS)

    # static: options and shared tables
    C: Components
    rounds: tuple[int, ...]
    o_group: bool
    o_king_court: bool
    o_self: bool
    o_split: bool
    places: tuple[tuple[Action, ...], ...]  # King's region -> placement actions
    # the position (_FIELDS)
    ri: int
    phase: int
    tm: tuple[int, ...]
    board: list[int]  # area * players + seat -> Caballeros
    court: list[int]
    prov: list[int]
    score: list[int]
    grande: list[int]
    hand: list[int]  # bit v set: power card v in hand
    played: list[int]
    plog: list[tuple[int, ...]]  # each seat's power cards played, 0 for a takeback
    king: int
    sb: list[int]
    remain: list[int]
    gone: list[int]
    face: list[int]
    taker: list[int]
    vetos: tuple[tuple[int, int, int], ...]  # (seat, last round index, card type)
    start: int
    nbid: int
    order: tuple[int, ...]
    ti: int
    active: int
    tcard: int
    pmax: int
    placed: int
    pdone: bool
    astate: int
    rmax: int
    rthen: int
    rleft: int
    a_src: int
    a_pc: int
    a_pr: int
    a_own: int
    a_oth: int
    a_tot: int
    a_mode: int
    a_hit: int
    a_queue: tuple[int, ...]
    a_left: int
    a_region: int
    a_ck: bool
    sealed: list[int]
    skind: int
    vq: tuple[int, ...]
    log: History  # the public log, a persistent linked list like the engine's history

    # ------------------------------------------------------------------ setup
    def _init_static(self) -> None:
        self.C = components(self.edition)
        o = self.options
        self.rounds = ROUNDS[o["rounds"]]
        self.o_split = o["split_placement"]
        self.o_self = o["disk_return_self"]
        self.o_group = o["group_values"] == "current"
        self.o_king_court = o["castillo_king"] == "court"
        # placement targets by the King's region (computed once, with the immutable edition)
        self.places = self.edition.components["places"]

    def _setup(self) -> None:
        self._init_static()
        C, P = self.C, self.players
        self.board = [0] * (AREAS * P)
        self.court = [C.setup_court] * P
        self.prov = [C.caballeros - C.setup_court - C.setup_home] * P
        self.score = [0] * P
        self.hand = [ALL_POWER] * P
        self.played = [0] * P
        self.plog = [()] * P
        self.sb = [-1, -1]
        self.remain = [c.count if c.stack < 5 else 0 for c in C.cards]
        self.gone = [0] * len(C.cards)
        self.face = [-1, -1, -1, -1, C.stack_cards[4][0]]
        self.taker = [-1] * 5
        self.vetos = ()
        self.sealed = [-2] * P
        self.skind = 0
        self.vq = ()
        self.log = None
        self.ri = -1
        self.nbid = self.ti = self.placed = self.pmax = self.astate = 0
        self.order = ()
        self.active = self.tcard = -1
        self.pdone = False
        self.rmax = self.rthen = self.rleft = 0
        self._clear_action()
        ids = C.region_ids
        # RB p1-2 / SEED: the King's region card first, then each player's home from the rest.
        self.king = ids.index(self._draw("king", list(ids)))
        left = [r for r in ids if r != ids[self.king]]
        self.grande = [0] * P
        for s in range(P):
            home = self._draw(f"home {A.SEAT_NAMES[s]}", left)
            left.remove(home)
            r = ids.index(home)
            self.grande[s] = r
            self.board[r * P + s] = C.setup_home
        self.start = A.SEAT_NAMES.index(self._draw("start player", list(A.SEAT_NAMES[:P])))
        if self.options["setup_disk"] and C.setup_disk:
            self.prov = [p - C.setup_disk for p in self.prov]
            self._open_sealed(S_SETUP, tuple(range(P)))
        else:
            self._start_round()

    def _clear_action(self) -> None:
        self.a_src = self.a_pc = self.a_pr = self.a_region = -1
        self.a_own = self.a_oth = self.a_tot = self.a_mode = self.a_hit = self.a_left = 0
        self.a_queue = ()
        self.a_ck = False

    def _emit(self, *entry: Any) -> None:
        self.log = (self.log, entry)

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        self.ri += 1
        C = self.C
        revealed = []
        for k in range(4):
            pop = [C.cards[t].id for t in C.stack_cards[k] for _ in range(self.remain[t])]
            if pop:
                t = C.card_index[self._draw(f"stack {k + 1}", pop)]
                self.remain[t] -= 1
                self.face[k] = t
                revealed.append(C.cards[t].id)
            else:
                self.face[k] = -1
        self.taker = [-1] * 5
        self.played = [0] * self.players
        self.nbid = 0
        self.phase = POWER
        self.tm = (self.start,)
        self._emit("round", self.rounds[self.ri], tuple(revealed))

    def _end_round(self) -> None:
        C = self.C
        for k in range(4):
            t = self.face[k]
            if t >= 0 and not (self.taker[k] >= 0 and C.cards[t].kind == "veto"):
                self.gone[t] += 1
            self.face[k] = -1
        # RB p9: an unused Veto is discarded at the end of the round after it was taken.
        keep = tuple(v for v in self.vetos if v[1] > self.ri)
        for v in self.vetos:
            if v[1] <= self.ri:
                self.gone[v[2]] += 1
        self.vetos = keep
        # RB p3, SEED: who played the lowest card starts the next round's bidding.
        played = self.played
        self.start = min(range(self.players), key=played.__getitem__)
        if self.rounds[self.ri] in SCORING_ROUNDS:
            self._begin_general_scoring()
        else:
            self._start_round()

    def _after_general_scoring(self) -> None:
        if self.ri == len(self.rounds) - 1:
            self.phase = OVER
            self.tm = ()
            self.active = -1
            self._emit("over", tuple(self.score))
        else:
            self._start_round()

    # ------------------------------------------------------------------ turns
    def _begin_turn(self) -> None:
        self.active = s = self.order[self.ti]
        self.tcard = -1
        self.placed = self.pmax = self.astate = 0
        self.pdone = False
        self._offer_recruit(self.C.power_caballeros[self.played[s]], CARD)

    def _offer_recruit(self, n: int, then: int) -> None:
        """Up to ``n`` Caballeros to court; from the board if the provinces run short."""
        s, P = self.active, self.players
        avail = self.prov[s]
        if avail < n:
            board, king = self.board, self.king
            avail += sum(board[r * P + s] for r in range(REGIONS) if r != king)
        self.rmax = min(n, avail)
        self.rthen = then
        if self.rmax:
            self.phase = RECRUIT
            self.tm = (s,)
        else:
            self._after_recruit()

    def _after_recruit(self) -> None:
        if self.rthen == CARD:
            self.phase = CARD
            self.tm = (self.active,)
        else:
            self._end_action()

    def _can_place(self) -> bool:
        return not self.pdone and self.placed < self.pmax and self.court[self.active] > 0

    def _main_proceed(self) -> None:
        # With the action over (or none) and nothing left to place, the turn ends by itself.
        if self.astate != 0 and not self._can_place():
            self._end_turn()
            return
        self.phase = MAIN
        self.tm = (self.active,)

    def _end_turn(self) -> None:
        self.ti += 1
        if self.ti < self.players:
            self._begin_turn()
        else:
            self.active = -1
            self.tcard = -1
            self._end_round()

    def _end_action(self) -> None:
        """The card's special action is over (done, stopped, impossible or vetoed)."""
        self.astate = 2
        self._clear_action()
        if not self.o_split and self.placed:
            self.pdone = True
        self._main_proceed()

    # ------------------------------------------------------------------ veto
    def _veto_window(self) -> bool:
        """RB p9: before the special action (and each further step), Veto holders may stop it."""
        if not self.vetos:
            return False
        held = {v[0] for v in self.vetos}
        P, a = self.players, self.active
        ask = tuple(s for s in ((a + k) % P for k in range(1, P)) if s in held)
        if not ask:
            return False
        self.vq = ask
        self.phase = VETO
        self.tm = (ask[0],)
        return True

    # ------------------------------------------------------------------ sealed disk choices
    def _open_sealed(self, kind: int, seats: tuple[int, ...]) -> None:
        self.skind = kind
        sealed = self.sealed = [-2] * self.players
        for s in seats:
            sealed[s] = -1
        self.phase = SEALED
        self.tm = seats

    def disk_choices(self, seat: int) -> list[int]:
        """The regions ``seat`` may set his disk to now."""
        kind, king = self.skind, self.king
        if kind == S_SETUP:
            return [r for r in range(REGIONS) if r != king]
        if kind == S_CASTILLO:
            return [r for r in range(REGIONS) if r != king or self.o_king_court]
        return cards.disk_choices(self, seat)

    def _resolve_sealed(self) -> None:
        choices = tuple(self.sealed)
        self.sealed = [-2] * self.players
        kind = self.skind
        self._emit("disks", kind, choices)
        if kind == S_SETUP:
            P, n = self.players, self.C.setup_disk
            for s, r in enumerate(choices):
                self.board[r * P + s] += n
            self._start_round()
        elif kind == S_CASTILLO:
            self._finish_general_scoring(choices)
        else:
            cards.resolve_sealed(self, choices)

    # ------------------------------------------------------------------ scoring
    def values(self, area: int) -> tuple[int, int, int]:
        """An area's current place values (a mobile scoreboard replaces the printed ones)."""
        if area == CASTILLO:
            return self.C.castillo_scores
        sb = self.sb
        if sb[0] == area:
            return self.C.scoreboard_scores[0]
        if sb[1] == area:
            return self.C.scoreboard_scores[1]
        return self.C.region_scores[area]

    def score_area(self, area: int, label: str, first_only: bool = False) -> list[int]:
        P = self.players
        counts = self.board[area * P:(area + 1) * P]
        points, first = award(counts, self.values(area), P, first_only)
        if first >= 0 and area != CASTILLO:
            if area == self.king:
                points[first] += KING_BONUS
            if self.grande[first] == area:
                points[first] += GRANDE_BONUS
        for s in range(P):
            self.score[s] += points[s]
        self._emit("score", label, area, tuple(points))
        return points

    def _begin_general_scoring(self) -> None:
        P, base = self.players, CASTILLO * self.players
        inside = tuple(s for s in range(P) if self.board[base + s])
        self._emit("general", self.rounds[self.ri])
        if inside:
            self._open_sealed(S_CASTILLO, inside)
        else:
            self._finish_general_scoring((-2,) * P)

    def _finish_general_scoring(self, choices: tuple[int, ...]) -> None:
        # SEED 计分说明 1-4: the Castillo is scored first, then its Caballeros leave for the
        # chosen regions (the King's region: back to court), then every region is scored.
        P, board = self.players, self.board
        self.score_area(CASTILLO, "general")
        base = CASTILLO * P
        for s, r in enumerate(choices):
            n = board[base + s]
            if n and r >= 0:
                board[base + s] = 0
                if r == self.king:
                    self.court[s] += n
                else:
                    board[r * P + s] += n
        for r in range(REGIONS):
            self.score_area(r, "general")
        self._after_general_scoring()

    # ------------------------------------------------------------------ the contract
    def to_move(self) -> tuple[int, ...]:
        return self.tm

    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def ranking(self) -> tuple[int, ...]:
        if self.options["tie_break"] == "unused-power" and self.phase == OVER:
            # WBC house rule: among equal scores, the higher unused power cards win.
            keys = [(self.score[s], sorted(hidden.hand_cards(self.hand[s]), reverse=True))
                    for s in range(self.players)]
            return tuple(1 + sum(1 for o in keys if o > k) for k in keys)
        return super().ranking()

    def _legal_actions(self, seat: int) -> list[Action]:
        return _LEGAL[self.phase](self, seat)

    def _apply(self, action: Action, seat: int) -> None:
        _APPLY[self.phase](self, action, seat)

    # --- legal actions per phase
    def _legal_sealed(self, seat: int) -> list[Action]:
        if self.sealed[seat] != -1:
            return []
        disk = A.DISK
        return [disk[r] for r in self.disk_choices(seat)]

    def _legal_power(self, seat: int) -> list[Action]:
        taken = 0
        for v in self.played:
            taken |= 1 << v
        free = self.hand[seat] & ~taken
        power = A.POWER
        return [power[v] for v in range(1, 14) if free >> v & 1]

    def _legal_recruit(self, seat: int) -> list[Action]:
        return list(A.COURT[:self.rmax + 1])

    def _legal_recall(self, seat: int) -> list[Action]:
        P, board, king = self.players, self.board, self.king
        return [A.RECALL[r] for r in range(REGIONS) if r != king and board[r * P + seat]]

    def _legal_card(self, seat: int) -> list[Action]:
        taker, face = self.taker, self.face
        return [A.CARD[k] for k in range(5) if face[k] >= 0 and taker[k] < 0]

    def _legal_main(self, seat: int) -> list[Action]:
        out = list(self.places[self.king]) if self._can_place() else []
        if self.astate == 0 and self.C.cards[self.tcard].kind != "veto":
            out.append(A.ACT)
        out.append(A.DONE)
        return out

    def _legal_action(self, seat: int) -> list[Action]:
        return cards.legal(self, seat)

    def _legal_veto(self, seat: int) -> list[Action]:
        return [A.VETO, A.PASS]

    def _legal_over(self, seat: int) -> list[Action]:
        return []

    # --- apply per phase
    def _apply_sealed(self, action: Action, seat: int) -> None:
        self.sealed[seat] = action.args[0]
        self.tm = tuple(s for s in self.tm if s != seat)
        if not self.tm:
            self._resolve_sealed()

    def _apply_power(self, action: Action, seat: int) -> None:
        v: int = action.args[0]
        self.played[seat] = v
        self.hand[seat] &= ~(1 << v)
        self.plog[seat] = (*self.plog[seat], v)
        self._emit("power", seat, v)
        self.nbid += 1
        P = self.players
        if self.nbid < P:
            self.tm = ((seat + 1) % P,)
            return
        played = self.played
        self.order = tuple(sorted(range(P), key=lambda s: -played[s]))
        self.ti = 0
        self._begin_turn()

    def _apply_recruit(self, action: Action, seat: int) -> None:
        n: int = action.args[0]
        if n:
            self._emit("court", seat, n)
        take = min(n, self.prov[seat])
        self.prov[seat] -= take
        self.court[seat] += take
        if n > take:
            # SEED 拿臣子 / BGA: the missing ones come off the board, the player choosing.
            self.rleft = n - take
            self.phase = RECALL
        else:
            self._after_recruit()

    def _apply_recall(self, action: Action, seat: int) -> None:
        r: int = action.args[0]
        self.board[r * self.players + seat] -= 1
        self.court[seat] += 1
        self._emit("recall", seat, r)
        self.rleft -= 1
        if not self.rleft:
            self._after_recruit()

    def _apply_card(self, action: Action, seat: int) -> None:
        k: int = action.args[0]
        t = self.face[k]
        self.taker[k] = seat
        self.tcard = t
        card = self.C.cards[t]
        self.pmax = card.stack
        self._emit("card", seat, card.id)
        if card.kind == "veto":
            # RB p9: kept face up; usable in this and the next round.
            self.vetos = (*self.vetos, (seat, self.ri + 1, t))
            self.astate = 2
        self._main_proceed()

    def _apply_main(self, action: Action, seat: int) -> None:
        kind = action.kind
        if kind == "place":
            a: int = action.args[0]
            self.board[a * self.players + seat] += 1
            self.court[seat] -= 1
            self.placed += 1
            self._emit("place", seat, a)
            self._main_proceed()
        elif kind == "act":
            # RB p7 rule D (option split_placement=false): the placement, once begun, ends
            # when the special action begins.
            if not self.o_split and self.placed:
                self.pdone = True
            self.astate = 1
            self.phase = ACTION
            self._emit("act", seat, self.C.cards[self.tcard].id)
            cards.start(self)
        else:
            self._end_turn()

    def _apply_action(self, action: Action, seat: int) -> None:
        cards.apply(self, action, seat)

    def _apply_over(self, action: Action, seat: int) -> None:
        # Unreachable: State.apply refuses every action once to_move() is empty.
        raise IllegalAction("the game is over")

    def _apply_veto(self, action: Action, seat: int) -> None:
        if action.kind == "veto":
            held = [v for v in self.vetos if v[0] == seat]
            used = min(held, key=lambda v: v[1])
            self.vetos = tuple(v for v in self.vetos if v is not used)
            self.gone[used[2]] += 1
            self.vq = ()
            self._emit("veto", seat, self.active)
            self._end_action()
            return
        self.vq = self.vq[1:]
        if self.vq:
            self.tm = (self.vq[0],)
        else:
            cards.proceed(self)

    # ------------------------------------------------------------------ copying, JSON
    def _copy(self) -> ElGrandeState:
        new = ElGrandeState.__new__(ElGrandeState)
        new.C = self.C
        new.rounds = self.rounds
        new.o_split = self.o_split
        new.o_self = self.o_self
        new.o_group = self.o_group
        new.o_king_court = self.o_king_court
        new.places = self.places
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.board = self.board[:]
        new.court = self.court[:]
        new.prov = self.prov[:]
        new.score = self.score[:]
        new.grande = self.grande[:]
        new.hand = self.hand[:]
        new.played = self.played[:]
        new.plog = self.plog[:]
        new.sb = self.sb[:]
        new.remain = self.remain[:]
        new.gone = self.gone[:]
        new.face = self.face[:]
        new.taker = self.taker[:]
        new.sealed = self.sealed[:]
        return new

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if name == "log":
                value = [list(e) for e in view.log_entries(self, None)]
            elif isinstance(value, tuple):
                value = _jsonable(value)
            elif name == "plog":
                value = [list(p) for p in value]
            out[name] = value
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        self._init_static()
        for name in _FIELDS:
            value = data[name]
            if name == "log":
                node: History = None
                for e in value:
                    node = (node, _tupled(e))
                value = node
            elif name in _LISTS:
                value = [tuple(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, list):
                value = _tupled(value)
            setattr(self, name, value)

    def _determinize(self, seat: int, rng: Rng) -> None:
        self._legal = {}
        hidden.determinize(self, seat, rng)

    # ------------------------------------------------------------------ people
    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def describe(self, action: Action) -> str:
        return view.describe(self, action)

    def announce(self, action: Action, seat: int) -> str:
        if action.kind == "takeback":  # "need not reveal which" (RB p12)
            return "Take one of your played power cards back into your hand (unseen)"
        return view.describe(self, action)

    def seat_name(self, seat: int) -> str:
        return A.SEAT_NAMES[seat].capitalize() if 0 <= seat < A.MAX_SEATS else str(seat)

    def explain_illegal(self, action: Action, seat: int) -> str:
        return view.explain_illegal(self, action, seat)

    def check_invariants(self) -> None:
        hidden.check_invariants(self)


_SCALARS = tuple(f for f in _FIELDS if f not in _LISTS)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


_S = ElGrandeState
# indexed by phase (see phases.py)
_LEGAL: tuple[Callable[[ElGrandeState, int], list[Action]], ...] = (
    _S._legal_power, _S._legal_recruit, _S._legal_recall,
    _S._legal_card, _S._legal_main, _S._legal_action, _S._legal_action,
    _S._legal_sealed, _S._legal_veto, _S._legal_over)
_APPLY: tuple[Callable[[ElGrandeState, Action, int], None], ...] = (
    _S._apply_power, _S._apply_recruit, _S._apply_recall,
    _S._apply_card, _S._apply_main, _S._apply_action, _S._apply_action,
    _S._apply_sealed, _S._apply_veto, _S._apply_over)
