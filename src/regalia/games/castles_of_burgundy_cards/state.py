"""CobState: the position of a game, and its turn and round flow.

Seats are the human players (solo: one seat; Aaron lives in the state, not in a seat). Every
card is a face number (faces.py); hands, rows, projects and the discard pile are lists of
faces; the deck and face-down piles follow the chance model of supply.py. A turn is a stack of
pending decisions (pending.py): choices.py lists the legal actions of each, effects.py carries
them out (the six actions, the purchase, every placement bonus); ``_settle`` takes the
decisions that leave no choice and stops at the next real one, whose legal actions it caches.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final

from regalia.engine.actions import Action
from regalia.engine.i18n import _, pgettext
from regalia.engine.rng import Rng
from regalia.engine.state import State, places_from_keys
from regalia.games.castles_of_burgundy_cards import actions as A
from regalia.games.castles_of_burgundy_cards import hidden, supply
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.amounts import (
    LOG_LENGTH,
    PROJECT_LIMIT,
    PURCHASE_CARDS,
    PURCHASE_COST,
    RESTOCK,
)
from regalia.games.castles_of_burgundy_cards.choices import legal_choices
from regalia.games.castles_of_burgundy_cards.edition import CobData, data_of
from regalia.games.castles_of_burgundy_cards.effects import PLACEMENT_BONUS, carry_out
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
    FACE_KIND,
    FACE_TYPE,
    die_distance,
)
from regalia.games.castles_of_burgundy_cards.game_log import (
    AARON_REVEAL,
    MOVE,
    NO_CARD,
    PASSED,
    SOLD,
    SOLO_CHECK,
    START_CARD,
    log_entry,
)
from regalia.games.castles_of_burgundy_cards.pool import Pool
from regalia.games.castles_of_burgundy_cards.scoring import (
    aaron_score,
    player_score,
    storage_cards,
)

if TYPE_CHECKING:
    from regalia.engine.record import Record

GAME_ID = "castles-of-burgundy-cards"
SEATS: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,), (2,), (3,))  # to_move() per seat
NOBODY: Final = -1  # no holder (a bonus card not yet taken; the start player card in solo)


class CobState(State):
    """A game of The Castles of Burgundy: The Card Game, solo against Aaron included."""

    GAME_ID = GAME_ID

    # Sorted; the annotations below group them by what they describe.
    __slots__ = (
        "_choices", "aaron_estate", "aaron_face_down_piles", "all_types_bonus", "all_types_stack",
        "animal_pile_sizes", "animal_pile_tops", "animals", "bought_this_turn", "components",
        "current_seat", "discard_pile", "display", "estates", "face_down_counts", "face_down_piles",
        "first_bonus_owner", "game_over", "generations_played_this_round", "goods",
        "goods_face_index", "goods_pile_sizes", "goods_pile_tops", "hand_generations", "hands",
        "hidden_animals", "hidden_goods", "log", "lost_to_aaron", "move_vp", "moving_seats",
        "order_position",
        "pending", "played_cards", "projects", "reshuffled_discards", "round_index",
        "round_start_seat", "silver", "sold_goods", "start_card_holder",
        "start_card_question_marks", "turn_in_round", "unrevealed", "vp_cards", "workers",
    )

    # ---- the edition
    components: CobData                 # the edition's cards and values as fast tables
    goods_face_index: dict[str, int]    # goods face name -> its number (per edition)

    # ---- where the game stands
    round_index: int                    # 0..4 = rounds A..E
    turn_in_round: int                  # 0..5: each player plays one card a turn
    order_position: int                 # how far the turn has gone round this round's order
    round_start_seat: int               # the round's start player
    game_over: bool
    lost_to_aaron: bool                 # solo: Aaron was ahead after a round [RB solo]

    # ---- the turn in progress: whose turn, what is still due, what it has used
    current_seat: int                   # the player whose turn it is
    moving_seats: tuple[int, ...]       # what to_move() returns: (current_seat,) or ()
    pending: list[tuple[int, ...]]      # decisions still due this turn, top last (pending.py)
    bought_this_turn: bool              # the once-a-turn purchase is used
    _choices: tuple[Action, ...] | None  # legal actions of the top decision (a cache)

    # ---- the action cards (chance model: supply.py)
    unrevealed: list[Pool]              # per deck generation: cards no seat has seen
    face_down_counts: list[int]         # per generation: how many of them lie face down
    reshuffled_discards: list[tuple[int, ...]]  # the face-up discard pile at each reshuffle
    discard_pile: list[int]             # face up, newest last
    display: list[list[int]]            # rows 1..6
    hands: list[list[int]]
    hand_generations: list[list[int]]   # per hand card: the generation it was drawn from
    played_cards: list[tuple[int, ...]]  # per seat, every card played from hand, in order
    # per seat, the generation of each card it played from hand this round (the last ones of
    # played_cards): hidden like the hand when a pile straddles two generations (hidden.py)
    generations_played_this_round: list[tuple[int, ...]]
    face_down_piles: list[list[int]]    # per seat, this round's pile: generations, top last

    # ---- each player's table (lists per seat)
    projects: list[list[int]]           # at most 3
    estates: list[list[tuple[int, tuple[int, ...]]]]  # piles: (type, cards)
    workers: list[int]
    silver: list[int]
    goods: list[list[int]]              # in storage: count per goods face
    animals: list[list[int]]            # count per animal kind
    sold_goods: list[list[int]]         # count per goods face; they keep their VP
    vp_cards: list[int]                 # VP of the victory point cards taken

    # ---- bonus cards and the start player card
    first_bonus_owner: list[int]        # per type: its "1." card's holder; `players`: Aaron
    all_types_bonus: list[int]          # per seat, then Aaron: value of his "all 7 types" card
    all_types_stack: list[int]          # "all 7 types" cards still to take, top first
    start_card_holder: int              # NOBODY in solo
    start_card_question_marks: bool     # the card shows its question marks: holder starts

    # ---- the open goods and animal piles: a size and a visible top each (supply.py)
    hidden_goods: list[str]             # goods cards under the tops, unseen
    goods_pile_sizes: list[int]
    goods_pile_tops: list[int]          # goods face on top (-1: empty)
    hidden_animals: list[str]
    animal_pile_sizes: list[int]
    animal_pile_tops: list[int]         # animal kind on top (-1: empty)

    # ---- Aaron (solo)
    aaron_face_down_piles: list[list[int]]  # one per round: generations of its cards
    aaron_estate: list[tuple[int, tuple[int, ...]]]

    log: deque[tuple[int, ...]]         # recent moves and events, newest last (game_log.py)
    move_vp: int                        # points the decision being carried out scored so far

    # ================================================================== setup
    def _setup(self) -> None:
        d = self.components = data_of(self.edition)
        self.goods_face_index = d.goods_face_index
        n = self.players
        solo = n == 1
        self.round_index = self.turn_in_round = self.order_position = 0
        self.round_start_seat = self.current_seat = 0
        self.game_over = self.lost_to_aaron = self.bought_this_turn = False
        self.pending = []
        self.unrevealed = [Pool.of_ranks(d.deck_ranks)]
        self.face_down_counts = [0]
        self.reshuffled_discards = []
        self.discard_pile = []
        self.display = [[] for _ in range(6)]
        self.hands = [[] for _ in range(n)]
        self.hand_generations = [[] for _ in range(n)]
        self.played_cards = [()] * n
        self.generations_played_this_round = [()] * n
        self.face_down_piles = [[] for _ in range(n)]
        self.projects = [[] for _ in range(n)]
        self.estates = [[] for _ in range(n)]
        self.workers = self._start_workers()
        self.silver = [d.start_silver] * n
        self.goods = [[0] * len(d.goods_faces) for _ in range(n)]
        self.animals = [[0] * len(ANIMAL_KINDS) for _ in range(n)]
        self.sold_goods = [[0] * len(d.goods_faces) for _ in range(n)]
        self.vp_cards = [0] * n
        self.first_bonus_owner = [NOBODY] * 7
        self.all_types_bonus = [0] * (n + 1)
        by_count = self.options["all_types_by_player_count"]
        self.all_types_stack = list(d.all_types[n] if by_count else d.all_types_vp)
        self.start_card_holder = NOBODY if solo else 0  # the start player card is not used solo
        self.start_card_question_marks = False
        self.hidden_goods = list(d.goods_deck)
        self.hidden_animals = list(d.animal_deck)
        self.aaron_estate = []
        self.log = deque(maxlen=LOG_LENGTH)
        self.move_vp = 0
        self._choices = None
        # Storage: one random good and animal each (silver and workers above) [RB].
        for p in range(n):
            for _k in range(d.start_goods):
                self.goods[p][supply.draw_good(self)] += 1
            for _k in range(d.start_animals):
                self.animals[p][supply.draw_animal(self)] += 1
        supply.setup_open_piles(self)
        # Aaron's five face-down piles, one per round, reserved before the first deal.
        self.aaron_face_down_piles = [[supply.reserve(self) for _ in range(k)]
                                      for k in d.aaron_piles] if solo else []
        self._start_round()
        self._settle()

    def _start_workers(self) -> list[int]:
        """Start player 0, the next two players 1 each, the last player 2 [RB, SEED]; solo 1."""
        n = self.players
        if n == 1:
            return [self.components.solo_workers]
        if self.options["start_workers"] == "left-first":
            # The two players left of the start player take 1 first; a player still left
            # over after them (only with 4) takes 2.
            return [0] + [1 if k <= 2 else 2 for k in range(1, n)]
        return [0] + [2 if k == n - 1 else 1 for k in range(1, n)]

    # ================================================================== round flow
    def _start_round(self) -> None:
        """Deal the display, each player's six face-down cards and two of them into hand."""
        d = self.components
        n = self.players
        self._deal_display()
        order = [(self.round_start_seat + k) % n for k in range(n)]
        self.generations_played_this_round = [()] * n
        for p in order:
            pile: list[int] = []
            for _k in range(d.pile):
                gen = supply.reserve(self)
                if gen >= 0:
                    pile.append(gen)
            self.face_down_piles[p] = pile
        for p in order:
            for _k in range(d.hand):
                self._draw_to_hand(p)
        if self.players == 1:
            self._reveal_aaron()
        self.turn_in_round = 0
        self.order_position = -1
        self._next_seat()

    def _deal_display(self) -> None:
        """Cards 1-6 one per row whatever their die, again for each further full six; the
        rest by their own die [RB]."""
        count = self.components.display[self.players]
        rows = self.display
        for k in range(count):
            face = supply.draw_deck(self, "display")
            if face < 0:
                return
            rows[k % 6 if k < count - count % 6 else FACE_DIE[face] - 1].append(face)

    def _draw_to_hand(self, p: int) -> None:
        pile = self.face_down_piles[p]
        if pile:
            gen = pile.pop()
            self.hands[p].append(supply.draw_reserved(self, "hand", gen))
            self.hand_generations[p].append(gen)

    def _reveal_aaron(self) -> None:
        """Start of a solo round: Aaron's pile is revealed and sorted; you take 1 VP for each
        cloister in it [RB solo]."""
        faces = [supply.draw_reserved(self, "aaron", gen)
                 for gen in self.aaron_face_down_piles[self.round_index]]
        self.aaron_face_down_piles[self.round_index] = []
        aaron_sort(self, faces)
        cloisters = sum(1 for f in faces if FACE_TYPE[f] == CLOISTER)
        self.vp_cards[0] += cloisters * self.components.cloister_vp
        self._log((AARON_REVEAL, self.round_index, cloisters * self.components.cloister_vp,
                   *faces))

    def _next_seat(self) -> None:
        """The next seat of this turn with a card to play; ends turns and rounds."""
        n = self.players
        while True:
            self.order_position += 1
            if self.order_position >= n:
                # Everybody played: each player draws the next card of their pile [RB].
                for k in range(n):
                    self._draw_to_hand((self.round_start_seat + k) % n)
                self.turn_in_round += 1
                self.order_position = 0
                if self.turn_in_round >= self.components.turns:
                    self._end_round()
                    return
            seat = (self.round_start_seat + self.order_position) % n
            if self.hands[seat]:
                self.current_seat = seat
                self.moving_seats = SEATS[seat]
                self.pending = [(P.PLAY,)]
                return

    def _end_round(self) -> None:
        if self.players == 1:
            yours, aarons = player_score(self, 0), aaron_score(self)
            self._log((SOLO_CHECK, self.round_index, yours, aarons))
            if aarons > yours:
                self.game_over = self.lost_to_aaron = True  # Aaron ahead: you lose [RB solo]
        if self.round_index == len(self.components.rounds) - 1:
            self.game_over = True
        if self.game_over:
            self.moving_seats = ()
            self.pending = []
            return
        self.round_index += 1
        for row in self.display:
            self.discard_pile.extend(row)
            row.clear()
        n = self.players
        if n > 1:
            # The holder of a card showing question marks turns it and starts; a card still
            # face up passes to the left [RB].
            if self.start_card_question_marks:
                self.start_card_question_marks = False
            else:
                giver = self.start_card_holder
                self.start_card_holder = (giver + 1) % n
                self.log.append((START_CARD, self.round_index, self.start_card_holder, giver,
                                 PASSED))
            self.round_start_seat = self.start_card_holder
        self._start_round()

    def _end_turn(self) -> None:
        self.bought_this_turn = False
        self._next_seat()

    # ================================================================== the contract
    def to_move(self) -> tuple[int, ...]:
        return self.moving_seats

    def is_over(self) -> bool:
        return self.game_over

    def scores(self) -> tuple[int, ...]:
        return tuple(player_score(self, p) for p in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        """Most VP; ties: most cards left in storage; then shared [RB].

        Solo: Aaron takes part in the ranking though he is no seat (:meth:`automata`): you are
        placed 2 if you lost to him, 1 if you won (level or ahead after every round); the
        details are in :meth:`solo_result`, the view's ``result`` and the record's
        ``result["solo"]``."""
        if self.players == 1:
            return (2,) if self.lost_to_aaron else (1,)
        return places_from_keys([(player_score(self, p), storage_cards(self, p))
                                 for p in range(self.players)])

    def automata(self) -> int:
        return 1 if self.players == 1 else 0

    def solo_result(self) -> str | None:
        """Solo: "lost" (Aaron was ahead after a round), "won" (you were level or ahead after
        every round to E), None while the game runs or with more players."""
        if self.players != 1 or not self.game_over:
            return None
        return "lost" if self.lost_to_aaron else "won"

    def record(self, **meta: Any) -> Record:
        """The game record; a finished solo game's result also says won or lost vs Aaron."""
        record = super().record(**meta)
        if record.result is not None and self.players == 1:
            record.result["solo"] = {"result": self.solo_result(), "you": player_score(self, 0),
                                     "aaron": aaron_score(self)}
        return record

    def seat_name(self, seat: int) -> str:
        if self.players == 1:
            return pgettext("castles-of-burgundy-cards", "You")
        return _("Player {n}").format(n=seat + 1)

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        opts = self._choices
        if opts is None:
            opts = self._choices = tuple(legal_choices(self, self.pending[-1]))
        return opts

    def _apply(self, action: Action, seat: int) -> None:
        kind = action.kind
        round_index = self.round_index
        # The move is logged before what it sets off (the start player card taken, a new
        # round), and completed after it: the card a "play" played (the newest of the seat's
        # played cards) and the points the move scored. (The log is a deque with room for
        # LOG_LENGTH entries: appending drops the oldest.)
        log = self.log
        told = (MOVE, round_index, seat, action.code, NO_CARD, 0)
        log.append(told)
        self.move_vp = 0
        carry_out(self, action)
        if kind == "play" or self.move_vp:
            card = self.played_cards[seat][-1] if kind == "play" else NO_CARD
            for i in range(len(log) - 1, -1, -1):
                if log[i] == told:  # (equal, not identical: compiled, a tuple is rebuilt)
                    log[i] = (MOVE, round_index, seat, action.code, card, self.move_vp)
                    break
        self._settle()

    def _settle(self) -> None:
        """Take the decisions that leave no choice; stop at the next real one."""
        while not self.game_over:
            stack = self.pending
            if not stack:
                if self._can_buy():
                    stack.append((P.END,))
                else:
                    self._end_turn()
                continue
            top = stack[-1]
            kind = top[0]
            opts = legal_choices(self, top)
            if kind in P.AUTO:
                if not opts:
                    stack.pop()  # nothing to take: the bonus yields nothing [RB]
                    continue
                if len(opts) == 1 and opts[0] is not A.BUY:
                    action = opts[0]
                    self.move_vp = 0
                    carry_out(self, action)
                    if self.move_vp:  # a point scored for the seat is said, though unchosen
                        self.log.append((MOVE, self.round_index, self.current_seat,
                                         action.code, NO_CARD, self.move_vp))
                    continue
            self._choices = tuple(opts)
            return
        self._choices = ()

    # ================================================================== helpers
    def _log(self, entry: tuple[int, ...]) -> None:
        self.log.append(entry)  # the oldest drops out (a deque of LOG_LENGTH)

    def _can_buy(self) -> bool:
        return (not self.bought_this_turn and self.silver[self.current_seat] >= PURCHASE_COST
                and supply.available(self) >= PURCHASE_CARDS)

    def _add_project(self, face: int) -> None:
        """A card joins the projects; with three already, one must be dropped first [RB]."""
        projects = self.projects[self.current_seat]
        if len(projects) >= PROJECT_LIMIT:
            self.pending.append((P.DROP, face))
        else:
            projects.append(face)

    def _place(self, face: int) -> None:
        """Put a card into the estate: choose its pile if there is a choice."""
        options = pile_options(self.estates[self.current_seat], face)
        if len(options) == 1:
            self._place_on(face, options[0])
        else:
            self.pending.append((P.ESTATE, face))

    def _place_on(self, face: int, index: int) -> None:
        """The card lands: bonus cards of a completed triple at once, then the card's own
        bonus, and the round card's bonus on top so it is chosen first (docs A16)."""
        p = self.current_seat
        estate = self.estates[p]
        pile_type, done = add_to_pile(estate, face, index)
        if done:
            d = self.components
            first, all_types = self.first_bonus_owner[pile_type], self.all_types_bonus[p]
            award_bonus_cards(self, p, estate, pile_type)
            self.move_vp += d.triple_vp[pile_type] + self.all_types_bonus[p] - all_types + (
                d.first_triple_vp if first != self.first_bonus_owner[pile_type] else 0)
        else:
            all_types = self.all_types_bonus[p]
            award_bonus_cards(self, p, estate, -1)
            self.move_vp += self.all_types_bonus[p] - all_types
        PLACEMENT_BONUS[FACE_KIND[face]](self, p)
        if done:
            self.pending.append((P.BONUS,))

    def _sell(self, g: int) -> None:
        """Sell every good of kind ``g``: 1 silver each, the cards keep their VP, and the
        seller takes the start player card question marks up [RB]."""
        p = self.current_seat
        goods = self.goods[p]
        faces = self.components.goods_faces
        count = 0
        for gf in range(len(goods)):
            if faces[gf][0] == g and goods[gf]:
                count += goods[gf]
                self.sold_goods[p][gf] += goods[gf]
                self.move_vp += goods[gf] * faces[gf][1]
                goods[gf] = 0
        self.silver[p] += count
        if self.players > 1:
            giver = self.start_card_holder
            self.start_card_holder = p
            self.start_card_question_marks = True
            if giver != p:
                # The point the card is worth changes hands with it: said, not silently moved.
                self.log.append((START_CARD, self.round_index, p, giver, SOLD))

    def _owned_goods_kinds(self, p: int) -> list[int]:
        faces = self.components.goods_faces
        kinds: list[int] = []
        for gf, count in enumerate(self.goods[p]):
            if count and faces[gf][0] not in kinds:
                kinds.append(faces[gf][0])
        kinds.sort()
        return kinds

    def _workers_to_change_die(self, action: Action, die: int) -> int:
        """Workers an ACT choice costs with the card's die (0 = any die: free)."""
        if die == 0:
            return 0
        kind = action.kind
        if kind == "take":
            return die_distance(die, action.args[0])
        if kind == "place":
            return die_distance(die, FACE_DIE[action.args[0]])
        if kind == "sell":
            return min(die_distance(die, x) for x in self.components.goods_dice[action.args[0]])
        return 0

    # ================================================================== copying and JSON
    def _copy(self) -> CobState:
        new = CobState.__new__(CobState)
        new.components = self.components
        new.goods_face_index = self.goods_face_index
        new.round_index = self.round_index
        new.turn_in_round = self.turn_in_round
        new.order_position = self.order_position
        new.round_start_seat = self.round_start_seat
        new.current_seat = self.current_seat
        new.moving_seats = self.moving_seats
        new.game_over = self.game_over
        new.lost_to_aaron = self.lost_to_aaron
        new.pending = list(self.pending)
        new.bought_this_turn = self.bought_this_turn
        new.unrevealed = [x.copy() for x in self.unrevealed]
        new.face_down_counts = list(self.face_down_counts)
        new.reshuffled_discards = list(self.reshuffled_discards)
        new.discard_pile = list(self.discard_pile)
        new.display = [list(x) for x in self.display]
        new.hands = [list(x) for x in self.hands]
        new.hand_generations = [list(x) for x in self.hand_generations]
        new.played_cards = list(self.played_cards)
        new.generations_played_this_round = list(self.generations_played_this_round)
        new.face_down_piles = [list(x) for x in self.face_down_piles]
        new.projects = [list(x) for x in self.projects]
        new.estates = [list(x) for x in self.estates]
        new.workers = list(self.workers)
        new.silver = list(self.silver)
        new.goods = [list(x) for x in self.goods]
        new.animals = [list(x) for x in self.animals]
        new.sold_goods = [list(x) for x in self.sold_goods]
        new.vp_cards = list(self.vp_cards)
        new.first_bonus_owner = list(self.first_bonus_owner)
        new.all_types_bonus = list(self.all_types_bonus)
        new.all_types_stack = list(self.all_types_stack)
        new.start_card_holder = self.start_card_holder
        new.start_card_question_marks = self.start_card_question_marks
        new.hidden_goods = list(self.hidden_goods)
        new.goods_pile_sizes = list(self.goods_pile_sizes)
        new.goods_pile_tops = list(self.goods_pile_tops)
        new.hidden_animals = list(self.hidden_animals)
        new.animal_pile_sizes = list(self.animal_pile_sizes)
        new.animal_pile_tops = list(self.animal_pile_tops)
        new.aaron_face_down_piles = [list(x) for x in self.aaron_face_down_piles]
        new.aaron_estate = list(self.aaron_estate)
        new.log = deque(self.log, LOG_LENGTH)
        new.move_vp = 0
        new._choices = self._choices
        return new

    # Saved as they are; the tuple-holding fields follow in _dump.
    _JSON_FIELDS = (
        "round_index", "turn_in_round", "order_position", "round_start_seat", "current_seat",
        "game_over", "lost_to_aaron", "bought_this_turn", "unrevealed", "face_down_counts",
        "discard_pile", "display", "hands", "hand_generations", "face_down_piles", "projects",
        "workers", "silver", "goods", "animals", "sold_goods", "vp_cards",
        "first_bonus_owner", "all_types_bonus", "all_types_stack", "start_card_holder",
        "start_card_question_marks", "hidden_goods", "goods_pile_sizes", "goods_pile_tops",
        "hidden_animals", "animal_pile_sizes", "animal_pile_tops", "aaron_face_down_piles",
    )

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: _jsonable(getattr(self, name))
                               for name in self._JSON_FIELDS}
        out["pending"] = [list(e) for e in self.pending]
        out["estates"] = [[[t, list(c)] for t, c in e] for e in self.estates]
        out["aaron_estate"] = [[t, list(c)] for t, c in self.aaron_estate]
        out["log"] = [list(e) for e in self.log]
        out["reshuffled_discards"] = [list(e) for e in self.reshuffled_discards]
        out["played_cards"] = [list(e) for e in self.played_cards]
        # Written once a card was played this round: a save without it reads as none played
        # (so a save from before 2026-11-26, which never had it, reads back as saved).
        if any(self.generations_played_this_round):
            out["generations_played_this_round"] = [
                list(e) for e in self.generations_played_this_round]
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        data = {_OLD_JSON_KEYS.get(key, key): value for key, value in data.items()}
        self.components = data_of(self.edition)
        self.goods_face_index = self.components.goods_face_index
        for name in self._JSON_FIELDS:
            setattr(self, name, _jsonable(data[name]))
        self.unrevealed = [Pool(names) for names in data["unrevealed"]]
        self.pending = [tuple(e) for e in data["pending"]]
        self.estates = [[(t, tuple(c)) for t, c in e] for e in data["estates"]]
        self.aaron_estate = [(t, tuple(c)) for t, c in data["aaron_estate"]]
        self.log = deque((log_entry(e) for e in data["log"]), LOG_LENGTH)
        self.move_vp = 0
        self.reshuffled_discards = [tuple(e) for e in data.get("reshuffled_discards", ())]
        self.played_cards = [tuple(e) for e in data.get("played_cards", [()] * self.players)]
        played_gens = data.get("generations_played_this_round")
        if played_gens is not None:
            self.generations_played_this_round = [tuple(e) for e in played_gens]
        elif getattr(self, "generations_played_this_round", None) is None:
            # None played this round, or a save from before 2026-11-26 that did not keep it.
            # A game rebuilt from its history already holds it (saved.py compares the save's
            # fields read onto the rebuilt game); a determinized sample of such a save copies
            # the hands' generations (as every sample did then) until the round ends.
            self.generations_played_this_round = [()] * self.players
        self.moving_seats = () if self.game_over else SEATS[self.current_seat]
        self._choices = None

    # ================================================================== hidden information
    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample the other players' hands: each card goes back to the unrevealed cards of
        its generation and is drawn afresh. Face-down piles, the deck and Aaron's piles hold
        no identities (they are drawn when revealed), so nothing else is hidden by identity,
        but for a hand that straddles two generations: which one each play took (hidden.py)."""
        # The unrevealed cards are multisets; their list order only steers which card a
        # future draw picks, so shuffling it is a fresh sample of the hidden order too (and
        # in solo, where no hidden card is held by identity, the only thing to resample).
        # Each pool is sorted before it is shuffled: its order (and the others' true cards
        # put back into it) would otherwise follow the truth, and the shuffle carry it into
        # the sample, so that two worlds with one view would give different samples.
        others = [q for q in range(self.players) if q != seat]
        # Only after a reshuffle can a seat's cards of a round come from two generations.
        straddling = [q for q in others if hidden.straddles(self, q)] \
            if len(self.unrevealed) > 1 else []
        for q in others:
            for face, gen in zip(self.hands[q], self.hand_generations[q], strict=True):
                self.unrevealed[gen].append_face(face)
        for q in straddling:
            hidden.put_back_plays(self, q)
        for pool in self.unrevealed:
            pool.sort()
            pool.shuffle(rng)
        for hidden_cards in (self.hidden_goods, self.hidden_animals):
            hidden_cards.sort()
            rng.shuffle(hidden_cards)
        # A straddling hand first: its weights count every unseen card, the other hands'
        # too (they are drawn uniformly, so which goes first changes nothing else).
        for q in straddling:
            hidden.resample(self, q, rng)
        for q in others:
            if q in straddling:
                continue
            hand = self.hands[q]
            for j, gen in enumerate(self.hand_generations[q]):
                pool = self.unrevealed[gen]
                hand[j] = pool.pop_face(rng.below(len(pool.ranks)))
        self._choices = None

    # ================================================================== text and views
    def view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.castles_of_burgundy_cards.view import build_view

        return build_view(self, seat)

    def observe(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.castles_of_burgundy_cards.view import build_view

        return build_view(self, seat, log=False)

    def describe(self, action: Action) -> str:
        from regalia.games.castles_of_burgundy_cards.text import describe

        return describe(self, action)

    def choice_group(self, action: Action) -> tuple[str, str] | None:
        from regalia.games.castles_of_burgundy_cards.text import choice_group

        return choice_group(self, action)

    def announce(self, action: Action, seat: int) -> str:
        from regalia.games.castles_of_burgundy_cards.text import announce

        return announce(self, action, seat)

    def caution(self, action: Action, seat: int) -> str | None:
        """A sentence to confirm first when a legal action is likely a slip, else None.

        Restocking (action 4) with 2 or more workers already is legal but gains nothing: the
        card's action is spent for no effect."""
        if action.kind == "workers" and seat in self.moving_seats \
                and self.workers[seat] >= RESTOCK:
            return _("You already have {n} workers: restocking to {restock} gains nothing and "
                     "uses up the card's action.").format(n=self.workers[seat], restock=RESTOCK)
        return None

    def name_words(self) -> Mapping[str, str]:
        """Cards, kinds and goods as a person types them, in any language and case."""
        from regalia.games.castles_of_burgundy_cards.names import name_words

        return name_words(self.edition)

    def explain_illegal(self, action: Action, seat: int) -> str:
        from regalia.games.castles_of_burgundy_cards.text import explain_illegal

        return explain_illegal(self, action, seat)

    def check_invariants(self) -> None:
        from regalia.games.castles_of_burgundy_cards.invariants import check_invariants

        check_invariants(self)


# Saves written before the fields were named as players say them still load.
_OLD_JSON_KEYS = {
    "round": "round_index", "turn": "turn_in_round", "pos": "order_position",
    "round_start": "round_start_seat", "cur": "current_seat", "over": "game_over",
    "lost": "lost_to_aaron", "bought": "bought_this_turn", "pools": "unrevealed",
    "reserved": "face_down_counts", "discard": "discard_pile", "hand_gen": "hand_generations",
    "piles": "face_down_piles", "sold": "sold_goods", "vp": "vp_cards",
    "first": "first_bonus_owner", "all7": "all_types_bonus", "all7_stack": "all_types_stack",
    "start_holder": "start_card_holder", "start_down": "start_card_question_marks",
    "g_pool": "hidden_goods", "gp_count": "goods_pile_sizes", "gp_top": "goods_pile_tops",
    "a_pool": "hidden_animals", "ap_count": "animal_pile_sizes", "ap_top": "animal_pile_tops",
    "aaron_piles": "aaron_face_down_piles", "stack": "pending", "estate": "estates",
    "reshuffled": "reshuffled_discards", "played": "played_cards",
}


def _jsonable(value: Any) -> Any:
    if isinstance(value, (list, tuple, Pool)):
        return [_jsonable(v) for v in value]
    return value
