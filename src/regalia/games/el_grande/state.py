"""El Grande's rules: setup, rounds, power cards, turns, placement, Veto, general scoring.

The special actions of the 45 cards live in :mod:`cards`; what a seat sees in :mod:`view`;
the words for actions, log and errors in :mod:`words`. Everything is kept in flat lists of
ints indexed by seat, area (nine regions, then the Castillo) or card type, so a copy is a
handful of list slices.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.errors import IllegalAction
from regalia.engine.i18n import _
from regalia.engine.rng import Rng
from regalia.engine.state import History, State
from regalia.games.el_grande import actions as A
from regalia.games.el_grande import cards, hidden, view, words
from regalia.games.el_grande.actions import AREAS, CASTILLO, REGIONS
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
    WITHDRAW,
)
from regalia.games.el_grande.scoring import GRANDE_BONUS, KING_BONUS, award

ALL_POWER = 0b11111111111110  # bits 1..13

SCORING_ROUNDS = (3, 6, 9)
ROUNDS = {9: (1, 2, 3, 4, 5, 6, 7, 8, 9), 6: (2, 3, 5, 6, 8, 9)}  # short game skips 1, 4, 7

# The position, saved by _dump/_load and copied by _copy. Lists are copied, the rest shared.
_FIELDS = (
    "round_index", "phase", "seats_to_move", "log",
    # pieces and points
    "board", "court", "provinces", "score", "grande_region", "king_region", "scoreboards",
    # power cards
    "hand", "power_played", "power_log", "power_cards_played", "start_player",
    # action cards
    "unrevealed", "discarded", "face_up", "taken_by", "vetos_held",
    # the turn under way
    "turn_order", "turn_index", "active_seat", "turn_card", "place_max", "placed",
    "placement_over", "special_state", "recruit_max", "after_recruit", "recall_left",
    # the special action under way
    "special_source", "special_picked_colour", "special_picked_region", "special_moved_own",
    "special_moved_others", "special_placed", "special_half", "special_hit", "special_queue",
    "special_left", "special_named", "awaiting_veto_check", "veto_queue",
    # a sealed secret-disk choice under way
    "disks", "disk_purpose",
)
_LISTS = ("board", "court", "provinces", "score", "grande_region", "scoreboards", "hand",
          "power_played", "power_log", "unrevealed", "discarded", "face_up", "taken_by",
          "disks")
# Set once from the edition and the options; shared by every copy.
_STATIC = ("components", "rounds", "turn_menus", "split_placement",
           "disk_return_hits_self", "group_by_current_values", "castillo_king_to_court",
           "movement_to_court", "scoreboard_on_castillo", "banish_own", "secret_scoring_king")


class ElGrandeState(State):
    """A position of El Grande.

    Seats are 0..players-1 (red, blue, yellow, green, black); areas are the nine regions
    (0..8, board order) and then the Castillo (9); card types index ``components.cards``.
    Loop variables keep one letter each throughout the package: ``s`` a seat, ``c`` a
    seat as a colour of Caballeros, ``r`` a region, ``a`` an area, ``k`` a stack (0..4),
    ``t`` a card type, ``v`` a power card's value, ``b`` a mobile scoreboard (0 = 8/4/0).
    """

    GAME_ID = "el-grande"
    __slots__ = (*_STATIC, *_FIELDS)

    # ---- static: the edition's components and the options in force
    components: Components
    rounds: tuple[int, ...]  # the round numbers on the track played: 1-9, or 2 3 5 6 8 9
    # King's region -> a turn's legal actions, by 2 * may place + may act (edition.py)
    turn_menus: tuple[tuple[tuple[Action, ...], ...], ...]
    split_placement: bool  # option split_placement
    disk_return_hits_self: bool  # option disk_return_self
    group_by_current_values: bool  # option group_values == "current"
    castillo_king_to_court: bool  # option castillo_king == "court"
    movement_to_court: bool  # option movement_to_court
    scoreboard_on_castillo: bool  # option scoreboard_castillo
    banish_own: bool  # option banish_own
    secret_scoring_king: bool  # option secret_scoring_king

    # ---- the position (_FIELDS)
    round_index: int  # index into rounds; -1 before the first round
    phase: int  # see phases.py
    seats_to_move: tuple[int, ...]
    log: History  # the public log, a persistent linked list like the engine's history
    # pieces and points
    board: list[int]  # area * players + seat -> Caballeros
    court: list[int]
    provinces: list[int]
    score: list[int]  # points on the success track
    grande_region: list[int]  # each seat's home: where its Grande stands
    king_region: int
    scoreboards: list[int]  # area of the 8/4/0 and the 4/0/0 board, -1 beside the board
    # power cards
    hand: list[int]  # bit v set: power card v in hand
    power_played: list[int]  # this round's card per seat, 0 before he plays
    power_log: list[tuple[int, ...]]  # each seat's power cards played, 0 for a takeback
    power_cards_played: int  # how many seats have played a power card this round
    start_player: int  # who plays the first power card this round
    # action cards
    unrevealed: list[int]  # per card type: copies still face down in its stack
    discarded: list[int]  # per card type: copies out of the game
    face_up: list[int]  # per stack (0..4): the card type showing, -1 none
    taken_by: list[int]  # per stack: the seat that took its card this round, -1 none
    vetos_held: tuple[tuple[int, int, int], ...]  # (seat, last round index, card type)
    # the turn under way
    turn_order: tuple[int, ...]  # seats by power card, highest first
    turn_index: int  # position in turn_order
    active_seat: int  # whose turn it is, -1 between turns
    turn_card: int  # card type taken this turn, -1 before he takes one
    place_max: int  # Caballeros the card lets him place
    placed: int  # ...and how many he has placed
    placement_over: bool  # rule D (split_placement false): no more placing this turn
    special_state: int  # the card's special action: 0 not started, 1 under way, 2 over
    recruit_max: int  # most Caballeros he may take to court now
    after_recruit: int  # phase to go on with after recruiting: CARD (turn) or ACTION (The Court)
    recall_left: int  # Caballeros still to take from the board (provinces ran out)
    # The special action under way (cleared by _clear_action when it ends). Movement of
    # Caballeros: from one region (special_source) or anywhere, counting own and others'
    # moved; a Caballero picked (colour, region) waits for its destination. -1 / 0 when unused.
    special_source: int  # the region every move must start from (one-region cards), or -1
    special_picked_colour: int  # the seat whose Caballero is picked, waiting for "to ...", or -1
    special_picked_region: int  # ...and the region it leaves
    special_moved_own: int  # his own Caballeros moved so far
    special_moved_others: int  # other colours' Caballeros moved so far
    special_placed: int  # Caballeros placed by "place 2 more"
    special_half: int  # the "either... or" card: 0 undecided, 1 moving, 2 placing
    special_hit: int  # bit c set: seat c already lost a Caballero to the return-each card
    special_queue: tuple[int, ...]  # The King returns!: seats still to return, first is on
    special_left: int  # ...how many the first of them still returns
    special_named: int  # the region named for Movement, or -1
    awaiting_veto_check: bool  # a Veto window is due before the next unit of the action
    veto_queue: tuple[int, ...]  # Veto holders still to be asked, first is on
    # a sealed secret-disk choice under way
    disks: list[int]  # per seat: -2 not choosing, -1 choosing, else the region set
    disk_purpose: int  # S_SETUP, S_CASTILLO or S_CARD (phases.py)

    # ------------------------------------------------------------------ setup
    def _init_static(self) -> None:
        self.components = components(self.edition)
        options = self.options
        self.rounds = ROUNDS[options["rounds"]]
        self.split_placement = options["split_placement"]
        self.disk_return_hits_self = options["disk_return_self"]
        self.group_by_current_values = options["group_values"] == "current"
        self.castillo_king_to_court = options["castillo_king"] == "court"
        self.movement_to_court = options["movement_to_court"]
        self.scoreboard_on_castillo = options["scoreboard_castillo"]
        self.banish_own = options["banish_own"]
        self.secret_scoring_king = options["secret_scoring_king"]
        # a turn's choices by the King's region (computed once, with the immutable edition)
        self.turn_menus = self.edition.components["turn_menus"]

    def _setup(self) -> None:
        self._init_static()
        parts, players = self.components, self.players
        self.board = [0] * (AREAS * players)
        self.court = [parts.setup_court] * players
        self.provinces = [parts.caballeros - parts.setup_court - parts.setup_home] * players
        self.score = [0] * players
        self.hand = [ALL_POWER] * players
        self.power_played = [0] * players
        self.power_log = [()] * players
        self.scoreboards = [-1, -1]
        self.unrevealed = [c.count if c.stack < 5 else 0 for c in parts.cards]
        self.discarded = [0] * len(parts.cards)
        self.face_up = [-1, -1, -1, -1, parts.stack_cards[4][0]]
        self.taken_by = [-1] * 5
        self.vetos_held = ()
        self.disks = [-2] * players
        self.disk_purpose = 0
        self.veto_queue = ()
        self.log = None
        self.round_index = -1
        self.power_cards_played = self.turn_index = self.placed = self.place_max = 0
        self.special_state = 0
        self.turn_order = ()
        self.active_seat = self.turn_card = -1
        self.placement_over = False
        self.recruit_max = self.after_recruit = self.recall_left = 0
        self._clear_action()
        ids = parts.region_ids
        # RB p1-2 / SEED: the King's region card first, then each player's home from the rest.
        self.king_region = ids.index(self._draw("king", list(ids)))
        left = [r for r in ids if r != ids[self.king_region]]
        self.grande_region = [0] * players
        for s in range(players):
            home = self._draw(f"home {A.SEAT_NAMES[s]}", left)
            left.remove(home)
            r = ids.index(home)
            self.grande_region[s] = r
            self.board[r * players + s] = parts.setup_home
        colours = list(A.SEAT_NAMES[:players])
        self.start_player = A.SEAT_NAMES.index(self._draw("start player", colours))
        if self.options["setup_disk"] and parts.setup_disk:
            self.provinces = [p - parts.setup_disk for p in self.provinces]
            self._open_sealed(S_SETUP, tuple(range(players)))
        else:
            self._start_round()

    def _clear_action(self) -> None:
        self.special_source = self.special_picked_colour = self.special_picked_region = -1
        self.special_named = -1
        self.special_moved_own = self.special_moved_others = self.special_placed = 0
        self.special_half = self.special_hit = self.special_left = 0
        self.special_queue = ()
        self.awaiting_veto_check = False

    def _emit(self, *entry: Any) -> None:
        self.log = (self.log, entry)

    # ------------------------------------------------------------------ rounds
    def _start_round(self) -> None:
        self.round_index += 1
        parts = self.components
        ids, unrevealed = parts.card_ids, self.unrevealed
        revealed = []
        for k in range(4):
            face_down = [ids[t] for t in parts.stack_cards[k] for _ in range(unrevealed[t])]
            if face_down:
                t = parts.card_index[self._draw(f"stack {k + 1}", face_down)]
                unrevealed[t] -= 1
                self.face_up[k] = t
                revealed.append(ids[t])
            else:
                self.face_up[k] = -1
        self.taken_by = [-1] * 5
        self.power_played = [0] * self.players
        self.power_cards_played = 0
        self.phase = POWER
        self.seats_to_move = (self.start_player,)
        self._emit("round", self.rounds[self.round_index], tuple(revealed))

    def _end_round(self) -> None:
        parts = self.components
        for k in range(4):
            t = self.face_up[k]
            if t >= 0 and not (self.taken_by[k] >= 0 and parts.cards[t].kind == "veto"):
                self.discarded[t] += 1
            self.face_up[k] = -1
        # RB p9: an unused Veto is discarded at the end of the round after it was taken.
        keep = tuple(v for v in self.vetos_held if v[1] > self.round_index)
        for v in self.vetos_held:
            if v[1] <= self.round_index:
                self.discarded[v[2]] += 1
        self.vetos_held = keep
        # RB p3, SEED: who played the lowest card starts the next round's bidding.
        played = self.power_played
        self.start_player = min(range(self.players), key=played.__getitem__)
        if self.rounds[self.round_index] in SCORING_ROUNDS:
            self._begin_general_scoring()
        else:
            self._start_round()

    def _after_general_scoring(self) -> None:
        if self.round_index == len(self.rounds) - 1:
            self.phase = OVER
            self.seats_to_move = ()
            self.active_seat = -1
            self._emit("over", tuple(self.score))
        else:
            self._start_round()

    # ------------------------------------------------------------------ turns
    def _begin_turn(self) -> None:
        self.active_seat = s = self.turn_order[self.turn_index]
        self.turn_card = -1
        self.placed = self.place_max = self.special_state = 0
        self.placement_over = False
        self._offer_recruit(self.components.power_caballeros[self.power_played[s]], CARD)

    def _offer_recruit(self, n: int, then: int) -> None:
        """Up to ``n`` Caballeros to court; from the board if the provinces run short."""
        s, players = self.active_seat, self.players
        avail = self.provinces[s]
        if avail < n:
            board, king = self.board, self.king_region
            avail += sum(board[r * players + s] for r in range(REGIONS) if r != king)
        self.recruit_max = min(n, avail)
        self.after_recruit = then
        if self.recruit_max:
            self.phase = RECRUIT
            self.seats_to_move = (s,)
        else:
            self._after_recruit()

    def _after_recruit(self) -> None:
        if self.after_recruit == CARD:
            self.phase = CARD
            self.seats_to_move = (self.active_seat,)
        else:
            self._end_action()

    def _can_place(self) -> bool:
        return (not self.placement_over and self.placed < self.place_max
                and self.court[self.active_seat] > 0)

    def _main_proceed(self) -> None:
        # With the action over (or none) and nothing left to place, the turn ends by itself.
        if self.special_state != 0 and not self._can_place():
            self._end_turn()
            return
        self.phase = MAIN
        self.seats_to_move = (self.active_seat,)

    def _end_turn(self) -> None:
        self.turn_index += 1
        if self.turn_index < self.players:
            self._begin_turn()
        else:
            self.active_seat = -1
            self.turn_card = -1
            self._end_round()

    def _end_action(self) -> None:
        """The card's special action is over (done, stopped, impossible or vetoed)."""
        self.special_state = 2
        self._clear_action()
        if not self.split_placement and self.placed:
            self.placement_over = True
        self._main_proceed()

    # ------------------------------------------------------------------ veto
    def _veto_window(self) -> bool:
        """RB p9: before the special action (and each further step), Veto holders may stop it."""
        if not self.vetos_held:
            return False
        held = {v[0] for v in self.vetos_held}
        players, active = self.players, self.active_seat
        ask = tuple(s for s in ((active + k) % players for k in range(1, players))
                    if s in held)
        if not ask:
            return False
        self.veto_queue = ask
        self.phase = VETO
        self.seats_to_move = (ask[0],)
        return True

    # ------------------------------------------------------------------ sealed disk choices
    def _open_sealed(self, kind: int, seats: tuple[int, ...]) -> None:
        self.disk_purpose = kind
        sealed = self.disks = [-2] * self.players
        for s in seats:
            sealed[s] = -1
        self.phase = SEALED
        self.seats_to_move = seats

    def disk_choices(self, seat: int) -> list[int]:
        """The regions ``seat`` may set his disk to now."""
        kind, king = self.disk_purpose, self.king_region
        if kind == S_SETUP:
            return [r for r in range(REGIONS) if r != king]
        if kind == S_CASTILLO:
            return [r for r in range(REGIONS) if r != king or self.castillo_king_to_court]
        return cards.disk_choices(self, seat)

    def _resolve_sealed(self) -> None:
        choices = tuple(self.disks)
        self.disks = [-2] * self.players
        kind = self.disk_purpose
        self._emit("disks", kind, choices)
        if kind == S_SETUP:
            players, n = self.players, self.components.setup_disk
            for s, r in enumerate(choices):
                self.board[r * players + s] += n
            self._start_round()
        elif kind == S_CASTILLO:
            self._finish_general_scoring(choices)
        else:
            cards.resolve_sealed(self, choices)

    # ------------------------------------------------------------------ scoring
    def values(self, area: int) -> tuple[int, int, int]:
        """An area's current place values (a mobile scoreboard replaces the printed ones)."""
        parts, boards = self.components, self.scoreboards
        if boards[0] == area:
            return parts.scoreboard_scores[0]
        if boards[1] == area:
            return parts.scoreboard_scores[1]
        if area == CASTILLO:
            return parts.castillo_scores
        return parts.region_scores[area]

    def score_area(self, area: int, label: str, first_only: bool = False) -> list[int]:
        players = self.players
        counts = self.board[area * players:(area + 1) * players]
        points, first = award(counts, self.values(area), players, first_only)
        king = grande = -1  # who took the King's and the home region's bonus (the log says)
        if first >= 0 and area != CASTILLO:
            if area == self.king_region:
                points[first] += KING_BONUS
                king = first
            if self.grande_region[first] == area:
                points[first] += GRANDE_BONUS
                grande = first
        for s in range(players):
            self.score[s] += points[s]
        self._emit("score", label, area, tuple(points), king, grande)
        return points

    def _begin_general_scoring(self) -> None:
        players, base = self.players, CASTILLO * self.players
        inside = tuple(s for s in range(players) if self.board[base + s])
        self._emit("general", self.rounds[self.round_index])
        if inside:
            self._open_sealed(S_CASTILLO, inside)
        else:
            self._finish_general_scoring((-2,) * players)

    def _finish_general_scoring(self, choices: tuple[int, ...]) -> None:
        # SEED 计分说明 1-4: the Castillo is scored first, then its Caballeros leave for the
        # chosen regions (the King's region: back to court), then every region is scored.
        players, board = self.players, self.board
        self.score_area(CASTILLO, "general")
        base = CASTILLO * players
        for s, r in enumerate(choices):
            n = board[base + s]
            if n and r >= 0:
                board[base + s] = 0
                if r == self.king_region:
                    self.court[s] += n
                else:
                    board[r * players + s] += n
        for r in range(REGIONS):
            self.score_area(r, "general")
        self._after_general_scoring()

    # ------------------------------------------------------------------ the contract
    def to_move(self) -> tuple[int, ...]:
        return self.seats_to_move

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

    # The phase's handler by a chain of tests, most frequent phase first (a random game's
    # decisions: turn 39%, power and card 15% each, recruit 13%, action 12%): compiled, each
    # branch is a direct native call, where a table of methods went through Python calls.
    def _legal_actions(self, seat: int) -> Sequence[Action]:
        phase = self.phase
        if phase == MAIN:
            return self._legal_main(seat)
        if phase == POWER:
            return self._legal_power(seat)
        if phase == CARD:
            return self._legal_card(seat)
        if phase == RECRUIT:
            return self._legal_recruit(seat)
        if phase in (ACTION, WITHDRAW):
            return self._legal_action(seat)
        if phase == SEALED:
            return self._legal_sealed(seat)
        if phase == VETO:
            return self._legal_veto(seat)
        if phase == RECALL:
            return self._legal_recall(seat)
        return self._legal_over(seat)

    def _apply(self, action: Action, seat: int) -> None:
        phase = self.phase
        if phase == MAIN:
            self._apply_main(action, seat)
        elif phase == POWER:
            self._apply_power(action, seat)
        elif phase == CARD:
            self._apply_card(action, seat)
        elif phase == RECRUIT:
            self._apply_recruit(action, seat)
        elif phase in (ACTION, WITHDRAW):
            self._apply_action(action, seat)
        elif phase == SEALED:
            self._apply_sealed(action, seat)
        elif phase == VETO:
            self._apply_veto(action, seat)
        elif phase == RECALL:
            self._apply_recall(action, seat)
        else:
            self._apply_over(action, seat)

    # --- legal actions per phase
    def _legal_sealed(self, seat: int) -> list[Action]:
        if self.disks[seat] != -1:
            return []
        disk = A.DISK
        return [disk[r] for r in self.disk_choices(seat)]

    def _legal_power(self, seat: int) -> list[Action]:
        taken = 0
        for v in self.power_played:
            taken |= 1 << v
        free = self.hand[seat] & ~taken
        power = A.POWER
        return [power[v] for v in range(1, 14) if free >> v & 1]

    def _legal_recruit(self, seat: int) -> tuple[Action, ...]:
        return A.COURT[:self.recruit_max + 1]

    def _legal_recall(self, seat: int) -> list[Action]:
        players, board, king = self.players, self.board, self.king_region
        return [A.RECALL[r] for r in range(REGIONS) if r != king and board[r * players + seat]]

    def _legal_card(self, seat: int) -> list[Action]:
        taker, face = self.taken_by, self.face_up
        return [A.CARD[k] for k in range(5) if face[k] >= 0 and taker[k] < 0]

    def _legal_main(self, seat: int) -> tuple[Action, ...]:
        # placing while he may, the card's special action until he takes it (a Veto has
        # none), "done" always: one of the turn's menus, built once per King's region
        may_place = 2 if self._can_place() else 0
        may_act = self.special_state == 0 and self.components.cards[self.turn_card].kind != "veto"
        return self.turn_menus[self.king_region][may_place + (1 if may_act else 0)]

    def _legal_action(self, seat: int) -> list[Action]:
        return cards.legal(self, seat)

    def _legal_veto(self, seat: int) -> list[Action]:
        return [A.VETO, A.PASS]

    def _legal_over(self, seat: int) -> list[Action]:
        return []

    # --- apply per phase
    def _apply_sealed(self, action: Action, seat: int) -> None:
        self.disks[seat] = action.args[0]
        self.seats_to_move = tuple(s for s in self.seats_to_move if s != seat)
        if not self.seats_to_move:
            self._resolve_sealed()

    def _apply_power(self, action: Action, seat: int) -> None:
        v: int = action.args[0]
        self.power_played[seat] = v
        self.hand[seat] &= ~(1 << v)
        self.power_log[seat] = (*self.power_log[seat], v)
        self._emit("power", seat, v)
        self.power_cards_played += 1
        players = self.players
        if self.power_cards_played < players:
            self.seats_to_move = ((seat + 1) % players,)
            return
        # Seats by power card, highest first: each seat goes in after those who played at
        # least as high a card (the cards differ; were two equal, the lower seat would go first)
        played = self.power_played
        order: list[int] = []
        for s in range(players):
            i = 0
            while i < len(order) and played[order[i]] >= played[s]:
                i += 1
            order.insert(i, s)
        self.turn_order = tuple(order)
        self.turn_index = 0
        self._begin_turn()

    def _apply_recruit(self, action: Action, seat: int) -> None:
        n: int = action.args[0]
        if n:
            self._emit("court", seat, n)
        take = min(n, self.provinces[seat])
        self.provinces[seat] -= take
        self.court[seat] += take
        if n > take:
            # SEED 拿臣子 / BGA: the missing ones come off the board, the player choosing.
            self.recall_left = n - take
            self.phase = RECALL
        else:
            self._after_recruit()

    def _apply_recall(self, action: Action, seat: int) -> None:
        r: int = action.args[0]
        self.board[r * self.players + seat] -= 1
        self.court[seat] += 1
        self._emit("recall", seat, r)
        self.recall_left -= 1
        if not self.recall_left:
            self._after_recruit()

    def _apply_card(self, action: Action, seat: int) -> None:
        k: int = action.args[0]
        t = self.face_up[k]
        self.taken_by[k] = seat
        self.turn_card = t
        card = self.components.cards[t]
        self.place_max = card.stack
        self._emit("card", seat, card.id)
        if card.kind == "veto":
            # RB p9: kept face up; usable in this and the next round.
            self.vetos_held = (*self.vetos_held, (seat, self.round_index + 1, t))
            self.special_state = 2
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
            if not self.split_placement and self.placed:
                self.placement_over = True
            self.special_state = 1
            self.phase = ACTION
            self._emit("act", seat, self.components.cards[self.turn_card].id)
            cards.start(self)
        else:
            self._end_turn()

    def _apply_action(self, action: Action, seat: int) -> None:
        cards.apply(self, action, seat)

    def _apply_over(self, action: Action, seat: int) -> None:
        # Unreachable: State.apply refuses every action once to_move() is empty.
        raise IllegalAction(_("the game is over"))

    def _apply_veto(self, action: Action, seat: int) -> None:
        if action.kind == "veto":
            # By position, not identity: equal entries may be held twice, and a compiled
            # build gives no identity to tuples it unboxes.
            vetos = self.vetos_held
            at = min((i for i in range(len(vetos)) if vetos[i][0] == seat),
                     key=lambda i: vetos[i][1])
            used = vetos[at]
            self.vetos_held = vetos[:at] + vetos[at + 1:]
            self.discarded[used[2]] += 1
            self.veto_queue = ()
            self._emit("veto", seat, self.active_seat)
            self._end_action()
            return
        self.veto_queue = self.veto_queue[1:]
        if self.veto_queue:
            self.seats_to_move = (self.veto_queue[0],)
        else:
            cards.proceed(self)

    # ------------------------------------------------------------------ copying, JSON
    def _copy(self) -> ElGrandeState:
        new = ElGrandeState.__new__(ElGrandeState)
        new.components = self.components
        new.rounds = self.rounds
        new.turn_menus = self.turn_menus
        new.split_placement = self.split_placement
        new.disk_return_hits_self = self.disk_return_hits_self
        new.group_by_current_values = self.group_by_current_values
        new.castillo_king_to_court = self.castillo_king_to_court
        new.movement_to_court = self.movement_to_court
        new.scoreboard_on_castillo = self.scoreboard_on_castillo
        new.banish_own = self.banish_own
        new.secret_scoring_king = self.secret_scoring_king
        # the scalar fields (_SCALARS) one by one: compiled, setattr/getattr by name are
        # generic look-ups, and a search clones a state every iteration
        new.round_index = self.round_index
        new.phase = self.phase
        new.seats_to_move = self.seats_to_move
        new.log = self.log
        new.king_region = self.king_region
        new.power_cards_played = self.power_cards_played
        new.start_player = self.start_player
        new.vetos_held = self.vetos_held
        new.turn_order = self.turn_order
        new.turn_index = self.turn_index
        new.active_seat = self.active_seat
        new.turn_card = self.turn_card
        new.place_max = self.place_max
        new.placed = self.placed
        new.placement_over = self.placement_over
        new.special_state = self.special_state
        new.recruit_max = self.recruit_max
        new.after_recruit = self.after_recruit
        new.recall_left = self.recall_left
        new.special_source = self.special_source
        new.special_picked_colour = self.special_picked_colour
        new.special_picked_region = self.special_picked_region
        new.special_moved_own = self.special_moved_own
        new.special_moved_others = self.special_moved_others
        new.special_placed = self.special_placed
        new.special_half = self.special_half
        new.special_hit = self.special_hit
        new.special_queue = self.special_queue
        new.special_left = self.special_left
        new.special_named = self.special_named
        new.awaiting_veto_check = self.awaiting_veto_check
        new.veto_queue = self.veto_queue
        new.disk_purpose = self.disk_purpose
        new.board = self.board[:]
        new.court = self.court[:]
        new.provinces = self.provinces[:]
        new.score = self.score[:]
        new.grande_region = self.grande_region[:]
        new.hand = self.hand[:]
        new.power_played = self.power_played[:]
        new.power_log = self.power_log[:]
        new.scoreboards = self.scoreboards[:]
        new.unrevealed = self.unrevealed[:]
        new.discarded = self.discarded[:]
        new.face_up = self.face_up[:]
        new.taken_by = self.taken_by[:]
        new.disks = self.disks[:]
        return new

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _FIELDS:
            value = getattr(self, name)
            if name == "log":
                value = [list(e) for e in view.log_entries(self, None)]
            elif isinstance(value, tuple):
                value = _jsonable(value)
            elif name == "power_log":
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

    def observe(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat, log=False)

    def describe(self, action: Action) -> str:
        return words.describe(self, action)

    def announce(self, action: Action, seat: int) -> str:
        return words.announce(self, action, seat)

    def seat_name(self, seat: int) -> str:
        return _(A.SEAT_TITLES[seat]) if 0 <= seat < A.MAX_SEATS else str(seat)

    def explain_illegal(self, action: Action, seat: int) -> str:
        return words.explain_illegal(self, action, seat)

    def name_words(self) -> Mapping[str, str]:
        return words.name_words(self)

    def caution(self, action: Action, seat: int) -> str | None:
        """A sentence a front end shows, asking to confirm, before a legal but likely slip:
        ``done`` with Caballeros still placeable or the card's special action unused."""
        return words.caution(self, action, seat)

    def action_numbers(self, seat: int) -> tuple[int, ...] | None:
        """Numbers a front end shows for ``legal_actions(seat)`` where the game has its own:
        the stack of each action card still to take (typing 3 takes stack 3 even when
        stack 2 is gone), the value of each power card. None: number them 1..N."""
        if seat not in self.seats_to_move:
            return None
        if self.phase == CARD:
            return tuple(a.args[0] + 1 for a in self.legal_actions(seat))
        if self.phase == POWER:
            return tuple(a.args[0] for a in self.legal_actions(seat))
        return None

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
