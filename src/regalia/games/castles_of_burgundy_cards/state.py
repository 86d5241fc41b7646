"""CobState: the position of a game, and its turn and round flow.

Seats are the human players (solo: one seat; Aaron lives in the state, not in a seat). Every
card is a face number (faces.py); hands, rows, projects and the discard pile are lists of
faces; the deck and face-down piles follow the chance model of supply.py. A turn is a stack of
pending decisions (pending.py): choices.py lists the legal actions of each, effects.py carries
them out (the six actions, the purchase, every placement bonus); ``_settle`` takes the
decisions that leave no choice and stops at the next real one, whose legal actions it caches.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.engine.actions import Action
from regalia.engine.rng import Rng
from regalia.engine.state import State, places_from_keys
from regalia.games.castles_of_burgundy_cards import actions as A
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards import supply
from regalia.games.castles_of_burgundy_cards.amounts import (
    LOG_LENGTH,
    PROJECT_LIMIT,
    PURCHASE_CARDS,
    PURCHASE_COST,
)
from regalia.games.castles_of_burgundy_cards.choices import CHOICES
from regalia.games.castles_of_burgundy_cards.edition import CobData, data_of
from regalia.games.castles_of_burgundy_cards.effects import EFFECTS, PLACEMENT_BONUS
from regalia.games.castles_of_burgundy_cards.estate import (
    aaron_sort,
    add_to_pile,
    award_bonus_cards,
    pile_options,
)
from regalia.games.castles_of_burgundy_cards.faces import (
    ANIMAL_KINDS,
    CLOISTER,
    FACE_DIE,
    FACE_INDEX,
    FACE_KIND,
    FACE_NAMES,
    FACE_TYPE,
    die_distance,
)
from regalia.games.castles_of_burgundy_cards.scoring import (
    aaron_score,
    player_score,
    storage_cards,
)

if TYPE_CHECKING:
    from regalia.engine.record import Record

GAME_ID = "castles-of-burgundy-cards"
SEATS = ((0,), (1,), (2,), (3,))
NOBODY = -1



class CobState(State):
    """A game of The Castles of Burgundy: The Card Game, solo against Aaron included."""

    GAME_ID = GAME_ID

    __slots__ = (
        "_opts", "a_pool", "aaron_estate", "aaron_piles", "all7", "all7_stack", "animals",
        "ap_count", "ap_top", "bought", "cur", "d", "discard", "display", "estate", "first",
        "g_pool", "goods", "goods_index", "gp_count", "gp_top", "hand_gen", "hands", "log",
        "lost", "mover", "over", "piles", "played", "pools", "pos", "projects", "reserved",
        "reshuffled", "round", "round_start", "silver", "sold", "stack", "start_down",
        "start_holder", "turn", "vp", "workers",
    )

    d: CobData
    goods_index: dict[str, int]
    round: int               # 0..4 = A..E
    turn: int                # 0..5 within the round
    pos: int                 # position of the current seat in this round's order
    round_start: int         # the round's start player
    cur: int                 # the seat to move
    mover: tuple[int, ...]   # to_move()
    over: bool
    lost: bool               # solo: Aaron was ahead after a round
    stack: list[tuple[int, ...]]
    bought: bool             # the current player used the purchase this turn
    pools: list[list[str]]   # unrevealed action cards per generation (supply.py)
    reserved: list[int]
    reshuffled: list[tuple[int, ...]]  # the face-up discard pile at each reshuffle (memory)
    discard: list[int]
    display: list[list[int]]     # rows 1..6
    hands: list[list[int]]
    hand_gen: list[list[int]]
    played: list[tuple[int, ...]]  # per seat, every card played from hand, in order (memory)
    piles: list[list[int]]       # face-down supply: generations, top last
    projects: list[list[int]]
    estate: list[list[tuple[int, tuple[int, ...]]]]
    workers: list[int]
    silver: list[int]
    goods: list[list[int]]       # per seat, count per goods face
    animals: list[list[int]]     # per seat, count per animal kind
    sold: list[list[int]]        # per seat, count per goods face
    vp: list[int]                # VP cards
    first: list[int]             # per type: owner of its "1." card (players = Aaron)
    all7: list[int]              # per seat, then Aaron: value of the "all 7 types" card
    all7_stack: list[int]
    start_holder: int
    start_down: bool             # the start player card shows its question marks
    g_pool: list[str]
    gp_count: list[int]
    gp_top: list[int]
    a_pool: list[str]
    ap_count: list[int]
    ap_top: list[int]
    aaron_piles: list[list[int]]
    aaron_estate: list[tuple[int, tuple[int, ...]]]
    log: list[tuple[int, int, int]]  # (round, seat, action code), newest last
    _opts: tuple[Action, ...] | None

    # ================================================================== setup
    def _setup(self) -> None:
        d = self.d = data_of(self.edition)
        self.goods_index = d.goods_face_index
        n = self.players
        solo = n == 1
        self.round = self.turn = self.pos = self.round_start = self.cur = 0
        self.over = self.lost = self.bought = False
        self.stack = []
        self.pools = [list(d.deck)]
        self.reserved = [0]
        self.reshuffled = []
        self.discard = []
        self.display = [[] for _ in range(6)]
        self.hands = [[] for _ in range(n)]
        self.hand_gen = [[] for _ in range(n)]
        self.played = [()] * n
        self.piles = [[] for _ in range(n)]
        self.projects = [[] for _ in range(n)]
        self.estate = [[] for _ in range(n)]
        self.workers = self._start_workers()
        self.silver = [d.start_silver] * n
        self.goods = [[0] * len(d.goods_faces) for _ in range(n)]
        self.animals = [[0] * len(ANIMAL_KINDS) for _ in range(n)]
        self.sold = [[0] * len(d.goods_faces) for _ in range(n)]
        self.vp = [0] * n
        self.first = [NOBODY] * 7
        self.all7 = [0] * (n + 1)
        by_count = self.options["all_types_by_player_count"]
        self.all7_stack = list(d.all_types[n] if by_count else d.all_types_vp)
        self.start_holder = NOBODY if solo else 0  # the start player card is not used solo
        self.start_down = False
        self.g_pool = list(d.goods_deck)
        self.a_pool = list(d.animal_deck)
        self.aaron_estate = []
        self.log = []
        self._opts = None
        # Storage: one random good and animal each (silver and workers above) [RB].
        for p in range(n):
            for _ in range(d.start_goods):
                self.goods[p][supply.draw_good(self)] += 1
            for _ in range(d.start_animals):
                self.animals[p][supply.draw_animal(self)] += 1
        supply.setup_open_piles(self)
        # Aaron's five face-down piles, one per round, reserved before the first deal.
        self.aaron_piles = [[supply.reserve(self) for _ in range(k)] for k in d.aaron_piles
                            ] if solo else []
        self._start_round()
        self._settle()

    def _start_workers(self) -> list[int]:
        """Start player 0, the next two players 1 each, the last player 2 [RB, SEED]; solo 1."""
        n = self.players
        if n == 1:
            return [self.d.solo_workers]
        if self.options["start_workers"] == "left-first":
            # The two players left of the start player take 1 first; a player still left
            # over after them (only with 4) takes 2.
            return [0] + [1 if k <= 2 else 2 for k in range(1, n)]
        return [0] + [2 if k == n - 1 else 1 for k in range(1, n)]

    # ================================================================== round flow
    def _start_round(self) -> None:
        """Deal the display, each player's six face-down cards and two of them into hand."""
        d = self.d
        n = self.players
        self._deal_display()
        order = [(self.round_start + k) % n for k in range(n)]
        for p in order:
            self.piles[p] = [g for g in (supply.reserve(self) for _ in range(d.pile)) if g >= 0]
        for p in order:
            for _ in range(d.hand):
                self._draw_to_hand(p)
        if self.players == 1:
            self._reveal_aaron()
        self.turn = 0
        self.pos = -1
        self._next_seat()

    def _deal_display(self) -> None:
        """Cards 1-6 one per row whatever their die, again for each further full six; the
        rest by their own die [RB]."""
        count = self.d.display[self.players]
        rows = self.display
        for k in range(count):
            face = supply.draw_deck(self, "display")
            if face < 0:
                return
            rows[k % 6 if k < count - count % 6 else FACE_DIE[face] - 1].append(face)

    def _draw_to_hand(self, p: int) -> None:
        pile = self.piles[p]
        if pile:
            gen = pile.pop()
            self.hands[p].append(supply.draw_reserved(self, "hand", gen))
            self.hand_gen[p].append(gen)

    def _reveal_aaron(self) -> None:
        """Start of a solo round: Aaron's pile is revealed and sorted; you take 1 VP for each
        cloister in it [RB solo]."""
        faces = [supply.draw_reserved(self, "aaron", g) for g in self.aaron_piles[self.round]]
        self.aaron_piles[self.round] = []
        aaron_sort(self, faces)
        cloisters = sum(1 for f in faces if FACE_TYPE[f] == CLOISTER)
        self.vp[0] += cloisters * self.d.cloister_vp

    def _next_seat(self) -> None:
        """The next seat of this turn with a card to play; ends turns and rounds."""
        n = self.players
        while True:
            self.pos += 1
            if self.pos >= n:
                # Everybody played: each player draws the next card of their pile [RB].
                for k in range(n):
                    self._draw_to_hand((self.round_start + k) % n)
                self.turn += 1
                self.pos = 0
                if self.turn >= self.d.turns:
                    self._end_round()
                    return
            seat = (self.round_start + self.pos) % n
            if self.hands[seat]:
                self.cur = seat
                self.mover = SEATS[seat]
                self.stack = [(P.PLAY,)]
                return

    def _end_round(self) -> None:
        if self.players == 1 and aaron_score(self) > player_score(self, 0):
            self.over = self.lost = True  # Aaron is ahead after a round: you lose [RB solo]
        if self.round == len(self.d.rounds) - 1:
            self.over = True
        if self.over:
            self.mover = ()
            self.stack = []
            return
        self.round += 1
        self.discard.extend(f for row in self.display for f in row)
        for row in self.display:
            row.clear()
        n = self.players
        if n > 1:
            # The holder of a card showing question marks turns it and starts; a card still
            # face up passes to the left [RB].
            if self.start_down:
                self.start_down = False
            else:
                self.start_holder = (self.start_holder + 1) % n
            self.round_start = self.start_holder
        self._start_round()

    def _end_turn(self) -> None:
        self.bought = False
        self._next_seat()

    # ================================================================== the contract
    def to_move(self) -> tuple[int, ...]:
        return self.mover

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        return tuple(player_score(self, p) for p in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        """Most VP; ties: most cards left in storage; then shared [RB].

        Solo: Aaron takes part in the ranking though he is no seat (:meth:`automata`): you are
        placed 2 if you lost to him, 1 if you won (level or ahead after every round); the
        details are in :meth:`solo_result`, the view's ``result`` and the record's
        ``result["solo"]``."""
        if self.players == 1:
            return (2,) if self.lost else (1,)
        return places_from_keys([(player_score(self, p), storage_cards(self, p))
                                 for p in range(self.players)])

    def automata(self) -> int:
        return 1 if self.players == 1 else 0

    def solo_result(self) -> str | None:
        """Solo: "lost" (Aaron was ahead after a round), "won" (you were level or ahead after
        every round to E), None while the game runs or with more players."""
        if self.players != 1 or not self.over:
            return None
        return "lost" if self.lost else "won"

    def record(self, **meta: Any) -> Record:
        """The game record; a finished solo game's result also says won or lost vs Aaron."""
        record = super().record(**meta)
        if record.result is not None and self.players == 1:
            record.result["solo"] = {"result": self.solo_result(), "you": player_score(self, 0),
                                     "aaron": aaron_score(self)}
        return record

    def seat_name(self, seat: int) -> str:
        return "You" if self.players == 1 else f"Player {seat + 1}"

    def _legal_actions(self, seat: int) -> list[Action]:
        opts = self._opts
        if opts is None:
            opts = self._opts = tuple(CHOICES[self.stack[-1][0]](self, self.stack[-1]))
        return opts  # type: ignore[return-value]

    def _apply(self, action: Action, seat: int) -> None:
        log = self.log
        log.append((self.round, seat, action.code))
        if len(log) > LOG_LENGTH:
            del log[0]
        EFFECTS[action.kind](self, action.args)
        self._settle()

    def _settle(self) -> None:
        """Take the decisions that leave no choice; stop at the next real one."""
        while not self.over:
            stack = self.stack
            if not stack:
                if self._can_buy():
                    stack.append((P.END,))
                else:
                    self._end_turn()
                continue
            top = stack[-1]
            kind = top[0]
            opts = CHOICES[kind](self, top)
            if kind in P.AUTO:
                if not opts:
                    stack.pop()  # nothing to take: the bonus yields nothing [RB]
                    continue
                if len(opts) == 1 and opts[0] is not A.BUY:
                    action = opts[0]
                    EFFECTS[action.kind](self, action.args)
                    continue
            self._opts = tuple(opts)
            return
        self._opts = ()

    # ================================================================== helpers
    def _can_buy(self) -> bool:
        return (not self.bought and self.silver[self.cur] >= PURCHASE_COST
                and supply.available(self) >= PURCHASE_CARDS)

    def _add_project(self, face: int) -> None:
        """A card joins the projects; with three already, one must be dropped first [RB]."""
        projects = self.projects[self.cur]
        if len(projects) >= PROJECT_LIMIT:
            self.stack.append((P.DROP, face))
        else:
            projects.append(face)

    def _place(self, face: int) -> None:
        """Put a card into the estate: choose its pile if there is a choice."""
        options = pile_options(self.estate[self.cur], face)
        if len(options) == 1:
            self._place_on(face, options[0])
        else:
            self.stack.append((P.ESTATE, face))

    def _place_on(self, face: int, index: int) -> None:
        """The card lands: bonus cards of a completed triple at once, then the card's own
        bonus, and the round card's bonus on top so it is chosen first (docs A16)."""
        p = self.cur
        estate = self.estate[p]
        pile_type, done = add_to_pile(estate, face, index)
        award_bonus_cards(self, p, estate, pile_type if done else -1)
        PLACEMENT_BONUS[FACE_KIND[face]](self, p)
        if done:
            self.stack.append((P.BONUS,))

    def _sell(self, g: int) -> None:
        """Sell every good of kind ``g``: 1 silver each, the cards keep their VP, and the
        seller takes the start player card question marks up [RB]."""
        p = self.cur
        goods = self.goods[p]
        faces = self.d.goods_faces
        count = 0
        for gf in range(len(goods)):
            if faces[gf][0] == g and goods[gf]:
                count += goods[gf]
                self.sold[p][gf] += goods[gf]
                goods[gf] = 0
        self.silver[p] += count
        if self.players > 1:
            self.start_holder = p
            self.start_down = True

    def _owned_goods_kinds(self, p: int) -> list[int]:
        faces = self.d.goods_faces
        kinds: list[int] = []
        for gf, count in enumerate(self.goods[p]):
            if count and faces[gf][0] not in kinds:
                kinds.append(faces[gf][0])
        kinds.sort()
        return kinds

    def _act_cost(self, action: Action, die: int) -> int:
        """Workers an ACT choice costs with the card's die (0 = any die: free)."""
        if die == 0:
            return 0
        kind = action.kind
        if kind == "take":
            return die_distance(die, action.args[0])
        if kind == "place":
            return die_distance(die, FACE_DIE[action.args[0]])
        if kind == "sell":
            return min(die_distance(die, x) for x in self.d.goods_dice[action.args[0]])
        return 0

    # ================================================================== copying and JSON
    def _copy(self) -> CobState:
        new = CobState.__new__(CobState)
        new.d = self.d
        new.goods_index = self.goods_index
        new.round = self.round
        new.turn = self.turn
        new.pos = self.pos
        new.round_start = self.round_start
        new.cur = self.cur
        new.mover = self.mover
        new.over = self.over
        new.lost = self.lost
        new.stack = list(self.stack)
        new.bought = self.bought
        new.pools = [list(x) for x in self.pools]
        new.reserved = list(self.reserved)
        new.reshuffled = list(self.reshuffled)
        new.discard = list(self.discard)
        new.display = [list(x) for x in self.display]
        new.hands = [list(x) for x in self.hands]
        new.hand_gen = [list(x) for x in self.hand_gen]
        new.played = list(self.played)
        new.piles = [list(x) for x in self.piles]
        new.projects = [list(x) for x in self.projects]
        new.estate = [list(x) for x in self.estate]
        new.workers = list(self.workers)
        new.silver = list(self.silver)
        new.goods = [list(x) for x in self.goods]
        new.animals = [list(x) for x in self.animals]
        new.sold = [list(x) for x in self.sold]
        new.vp = list(self.vp)
        new.first = list(self.first)
        new.all7 = list(self.all7)
        new.all7_stack = list(self.all7_stack)
        new.start_holder = self.start_holder
        new.start_down = self.start_down
        new.g_pool = list(self.g_pool)
        new.gp_count = list(self.gp_count)
        new.gp_top = list(self.gp_top)
        new.a_pool = list(self.a_pool)
        new.ap_count = list(self.ap_count)
        new.ap_top = list(self.ap_top)
        new.aaron_piles = [list(x) for x in self.aaron_piles]
        new.aaron_estate = list(self.aaron_estate)
        new.log = list(self.log)
        new._opts = self._opts
        return new

    _PLAIN = ("round", "turn", "pos", "round_start", "cur", "over", "lost", "bought", "pools",
              "reserved", "discard", "display", "hands", "hand_gen", "piles", "projects",
              "workers", "silver", "goods", "animals", "sold", "vp", "first", "all7",
              "all7_stack", "start_holder", "start_down", "g_pool", "gp_count", "gp_top",
              "a_pool", "ap_count", "ap_top", "aaron_piles")

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: _jsonable(getattr(self, name)) for name in self._PLAIN}
        out["stack"] = [list(e) for e in self.stack]
        out["estate"] = [[[t, list(c)] for t, c in e] for e in self.estate]
        out["aaron_estate"] = [[t, list(c)] for t, c in self.aaron_estate]
        out["log"] = [list(e) for e in self.log]
        out["reshuffled"] = [list(e) for e in self.reshuffled]
        out["played"] = [list(e) for e in self.played]
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        self.d = data_of(self.edition)
        self.goods_index = self.d.goods_face_index
        for name in self._PLAIN:
            setattr(self, name, _jsonable(data[name]))
        self.stack = [tuple(e) for e in data["stack"]]
        self.estate = [[(t, tuple(c)) for t, c in e] for e in data["estate"]]
        self.aaron_estate = [(t, tuple(c)) for t, c in data["aaron_estate"]]
        self.log = [tuple(e) for e in data["log"]]
        self.reshuffled = [tuple(e) for e in data.get("reshuffled", ())]
        self.played = [tuple(e) for e in data.get("played", [()] * self.players)]
        self.mover = () if self.over else SEATS[self.cur]
        self._opts = None

    # ================================================================== hidden information
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample the other players' hands: each card goes back to the unrevealed cards of
        its generation and is drawn afresh. Face-down piles, the deck and Aaron's piles hold
        no identities (they are drawn when revealed), so nothing else is hidden by identity."""
        # The unrevealed cards are multisets; their list order only steers which card a
        # future draw picks, so shuffling it is a fresh sample of the hidden order too (and
        # in solo, where no hidden card is held by identity, the only thing to resample).
        for pool in self.pools:
            rng.shuffle(pool)
        rng.shuffle(self.g_pool)
        rng.shuffle(self.a_pool)
        others = [q for q in range(self.players) if q != seat]
        for q in others:
            for face, gen in zip(self.hands[q], self.hand_gen[q], strict=True):
                self.pools[gen].append(FACE_NAMES[face])
        for q in others:
            hand = self.hands[q]
            for j, gen in enumerate(self.hand_gen[q]):
                pool = self.pools[gen]
                hand[j] = FACE_INDEX[pool.pop(rng.below(len(pool)))]
        self._opts = None

    # ================================================================== text and views
    def view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.castles_of_burgundy_cards.view import build_view

        return build_view(self, seat)

    def describe(self, action: Action) -> str:
        from regalia.games.castles_of_burgundy_cards.text import describe

        return describe(self, action)

    def explain_illegal(self, action: Action, seat: int) -> str:
        from regalia.games.castles_of_burgundy_cards.text import explain_illegal

        return explain_illegal(self, action, seat)

    def check_invariants(self) -> None:
        from regalia.games.castles_of_burgundy_cards.invariants import check_invariants

        check_invariants(self)


def _jsonable(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
