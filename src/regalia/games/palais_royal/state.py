"""PalaisState: the position of a game, and its turn flow (setup, the five steps, the end).

Servants are counts: per seat a play area, a general-supply stock and nine room counts, plus
the park spaces holding a seat's servant. Nobles are tile indices into the edition's list;
privilege cards are kinds (the nine effects of actions.EFFECTS), hands and the discard pile are
counts per kind, the draw pile an unordered multiset drawn from at the moment a card is seen.
A turn is a phase with a counter (placements or moves left) and this turn's card and noble
bonuses; ``_settle`` takes steps that leave no choice ("done" and "end" alone) and stops at a
real one. Since rules version 3 the Mint's gold is a choice (``mint``) like every other action
(SEED: a player need not perform every action), and ``end`` ends the turn in steps 1-4,
skipping the steps left; records of versions 1 and 2 replay through ``_catch_up``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain, compress
from typing import Any, Final, cast

from regalia.engine.actions import Action
from regalia.engine.errors import InvalidOption
from regalia.engine.i18n import _
from regalia.engine.rng import Rng
from regalia.engine.state import State, places_from_keys
from regalia.games.palais_royal import actions as A
from regalia.games.palais_royal import events, piles
from regalia.games.palais_royal.actions import (
    FIRST_ARG,
    K_DONE,
    K_DRAW,
    K_END,
    K_ENLIST,
    K_EXTRA,
    K_KEEP,
    K_LEAVE,
    K_MINT,
    K_MOVE,
    K_PLACE,
    K_PLAY,
    K_RECRUIT,
    KIND_OF,
    SECOND_ARG,
)
from regalia.games.palais_royal.edition import PRIVILEGES, CardKind, PalaisData, data_of
from regalia.games.palais_royal.piles import (
    DISCARD,
    PLAY,
    CardHistory,
    flat_log,
    note_draw,
    note_shown,
    parse_log,
    remake_pile,
    resample_cards,
    reset_card_history,
    shown_by,
    unflatten_took,
)
from regalia.games.palais_royal.rooms import (
    BACKDOOR,
    CARDINAL,
    GATE,
    KING,
    MINT,
    OFFICE,
    PARADE,
    POMPADOUR,
    ROOM_INDEX,
    ROOMS,
    STAIRS,
    adjacency,
)
from regalia.games.palais_royal.scoring import edge_points, seat_score

GAME_ID = "palais-royal"
SEATS: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,), (2,), (3,))

# Phases: the setup placement, the five steps of a turn (Enlist split by the edge servant,
# Back door by the cards kept), and the end.
SETUP: Final = 0
PARADE_STEP: Final = 1
STAIRS_STEP: Final = 2
ROOMS_STEP: Final = 3
ENLIST_STEP: Final = 4
EDGE_STEP: Final = 5
BACKDOOR_STEP: Final = 6
KEEP_STEP: Final = 7
OVER: Final = 8
PHASE_NAMES: Final[tuple[str, ...]] = (
    "setup", "parade", "stairs", "rooms", "enlist", "edge", "backdoor", "keep", "over")
# The phase word a privilege card names for each phase (edition "phases").
CARD_PHASE: Final[dict[int, str]] = {
    PARADE_STEP: "parade", STAIRS_STEP: "stairs", ROOMS_STEP: "rooms", ENLIST_STEP: "enlist",
    BACKDOOR_STEP: "backdoor"}
P_SERVANTS: Final = 0
P_MOVES: Final = 1
P_DIAGONAL: Final = 2
P_GATE: Final = 3
P_BACKDOOR: Final = 4
P_TURQUOISE: Final = 5
P_PURPLE: Final = 6
P_GOLD: Final = 7
P_CARDINAL: Final = 8
PRIVILEGE_INDEX: Final[dict[str, int]] = {p: i for i, p in enumerate(PRIVILEGES)}
N_KINDS: Final = len(A.EFFECTS)
C_GOLD: Final = 0
C_TURQUOISE: Final = 1
C_PURPLE: Final = 2
C_MOVES: Final = 3
C_GATE: Final = 4
C_OFFICE: Final = 5
C_BACKDOOR: Final = 6
C_CARDINAL: Final = 7
C_PRESTIGE: Final = 8
# These numbers (and the phases') are literals, ``Final``: compiled, mypyc writes them into
# the code instead of looking a module global up at every use. They must match the tables.
# (Every constant the turns read is ``Final``, and typed ``tuple[X, ...]``: compiled, a
# constant that is not is looked up in the module's dictionary at each use, and a tuple of a
# fixed length is kept unboxed and boxed again into a new tuple wherever it is used whole.)
assert [PRIVILEGE_INDEX[p] for p in ("servants", "cardinal")] == [P_SERVANTS, P_CARDINAL]
assert len(PRIVILEGES) == P_CARDINAL + 1 and N_KINDS == C_PRESTIGE + 1
assert piles.KEEP_STEP == KEEP_STEP and piles.N_KINDS == N_KINDS


# Choices that recur unchanged, built once. Steps 1-4 offer "end" (the whole turn) after
# "done" (the step); the Back door's "done" ends the turn already.
DONE_ONLY: Final[tuple[Action, ...]] = (A.DONE,)
DONE_END: Final[tuple[Action, ...]] = (A.DONE, A.END)
RECRUIT_OR_DONE: Final[tuple[Action, ...]] = (A.RECRUIT, A.DONE, A.END)
DRAW_OR_DONE: Final[tuple[Action, ...]] = (A.DRAW, A.DONE)
ENDS_TURN_EARLY: Final[tuple[bool, ...]] = (
    False, True, True, True, True, False, False, False, False)  # [phase]
MINT_TAKEN: Final = 4  # extra_done's bit for the Mint's gold taken this turn
PLACE_ALL: Final[tuple[Action, ...]] = tuple(A.PLACE)
# A servant on the Gate is not recruited.
RECRUIT_FROM_ROOMS: Final[tuple[Action, ...]] = tuple(A.RECRUIT_FROM[:GATE])
# The rooms with a bonus servant, and their extra_done bits.
EXTRA_ROOMS: Final[tuple[tuple[int, int], ...]] = ((KING, 1), (POMPADOUR, 2))

# Tables fixed by a game's edition and options, shared by every game that has them.
_PLAYABLE: Final[dict[tuple[CardKind, ...], tuple[tuple[int, ...], ...]]] = {}
_PRICE_CUTTERS: Final[dict[tuple[int, int, str], tuple[tuple[int, ...], ...]]] = {}


def price_cutters(rows: int, columns: int, how: str) -> tuple[tuple[int, ...], ...]:
    """Per park space, the neighbouring spaces that lower its noble's gold when empty (none
    without a discount; ``how`` is the option "discount")."""
    out = []
    for space in range(rows * columns):
        r, c = divmod(space, columns)
        near = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if how == "none" or (dr, dc) == (0, 0) or (dr and dc and how == "orthogonal"):
                    continue
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < columns:
                    near.append(rr * columns + cc)
        out.append(tuple(near))
    return tuple(out)


class PalaisState(State):
    """A game of Palais Royal for 2 to 4 players. Seat 0 is the start player."""

    GAME_ID = GAME_ID

    __slots__ = (
        "_opts",
        "adj",
        "area",
        "box",
        "cards",
        "cur",
        "d",
        "discard",
        "drawn",
        "edge_space",
        "events",
        "extra_done",
        "final",
        "gold",
        "hand",
        "idle",
        "last_enlist",
        "layout",
        "left",
        "marker",
        "move_actions",
        "nobles",
        "park",
        "perks",
        "phase",
        "pile",
        "playable",
        "played",
        "played_vp",
        "price_cutters",
        "reserve",
        "round",
        "servants",
        "shown",
        "t_backdoor",
        "t_cardinal",
        "t_office",
        "t_purple",
        "t_turquoise",
    )

    d: PalaisData
    layout: list[int]            # cell (row by row) -> room
    adj: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]  # orthogonal, +diag
    move_actions: tuple[tuple[tuple[Action, ...], ...], ...]  # [diagonal][room]: its moves
    playable: tuple[tuple[int, ...], ...]  # [phase]: card kinds that may be played in it
    price_cutters: tuple[tuple[int, ...], ...]  # [space]: the spaces whose emptiness cuts its cost
    servants: list[list[int]]    # [seat][room]
    area: list[int]              # servants in each seat's play area
    reserve: list[int]           # servants of each colour in the general supply
    gold: list[int]
    park: list[int]              # space -> noble index, -1 when empty
    marker: list[int]            # space -> seat whose servant stands there, -1 if none
    box: list[int]               # the nobles returned to the box unseen
    nobles: list[list[int]]      # per seat, nobles enlisted, in order
    perks: list[list[int]]       # per seat, per privilege: the amount its nobles give
    hand: list[list[int]]        # per seat, cards held per kind
    pile: list[int]              # draw pile: card kinds (a multiset; order is never used)
    discard: list[int]           # per kind (the discard pile is open)
    played: list[list[int]]      # per seat, cards played per kind
    played_vp: list[int]
    events: events.Chain         # points scored by playing cards (events.py), newest last
    drawn: list[int]             # the Back-door draw being decided (kinds)
    # The card history (piles.py): the draw piles made so far (generations, public), the cards
    # each seat drew from each (a seat's own row is its own knowledge), the cards each seat
    # showed before the first rebuilt pile, the cards held when that began, and the public
    # card events since. Never changed: replaced when it changes, shared by copies.
    cards: CardHistory
    shown: list[int]             # [seat * 9 + kind] cards shown before the first rebuild
    cur: int
    phase: int
    left: int                    # placements (setup, Parade ground) or moves (Stairway) left
    round: int
    final: bool                  # the end was triggered: this round is the last
    idle: int                    # turns in a row that offered their player no choice
    last_enlist: int             # the round in which a noble was last enlisted (0: none yet)
    extra_done: int              # bit 1: King's bonus servant taken, 2: Pompadour's, 4: Mint
    edge_space: int              # space whose noble was just enlisted from an edge
    t_turquoise: int             # seals from nobles and cards left this turn
    t_purple: int
    t_office: int                # enlist permissions from cards this turn
    t_cardinal: int              # Cardinal strength from cards this turn
    t_backdoor: int              # extra Back-door draws from cards this turn
    _opts: tuple[Action, ...]

    # ================================================================== setup
    def _setup(self) -> None:
        d = self.d = data_of(self.edition)
        n = self.players
        self._lay_out_rooms()
        ids = [nb.id for nb in d.nobles]
        index = {nid: i for i, nid in enumerate(ids)}
        left = list(ids)
        self.park = []
        for _space in range(d.park_nobles):
            nid = self._draw("noble", left)
            left.remove(nid)
            self.park.append(index[nid])
        self.box = sorted(index[nid] for nid in left)
        self.marker = [-1] * d.spaces
        self.servants = [[0] * 9 for _ in range(n)]
        for p in range(n):
            self.servants[p][STAIRS] = d.on_stairway
            self.servants[p][PARADE] = d.on_parade_ground
        self.area = [d.servants - d.on_stairway - d.on_parade_ground] * n
        self.reserve = [d.general_supply] * n
        self.gold = [d.start_gold[p] for p in range(n)]
        self.nobles = [[] for _ in range(n)]
        self.perks = [[0] * len(PRIVILEGES) for _ in range(n)]
        self.hand = [[0] * N_KINDS for _ in range(n)]
        self.pile = [k for k, kind in enumerate(d.cards) for _ in range(kind.count)]
        self.discard = [0] * N_KINDS
        self.played = [[0] * N_KINDS for _ in range(n)]
        self.played_vp = [0] * n
        self.events = None
        self.drawn = []
        reset_card_history(self)
        self.round = 0
        self.final = False
        self.idle = 0
        self.last_enlist = 0
        stall = self.options["stall_rounds"]
        if stall < 5:
            raise InvalidOption(_("option 'stall_rounds' takes 5 or more rounds, not "
                                  "{n}").format(n=stall))
        self.edge_space = -1
        self._reset_turn()
        self.cur = 0
        if d.free_placement:
            self.phase = SETUP
            self.left = d.free_placement
            self._settle()
        else:
            self._start_turn(0)
            self._settle()

    def _lay_out_rooms(self) -> None:
        """The 3 x 3 rooms: shuffled (RB), Gate fixed in the centre, or the first-game grid."""
        how = self.options["layout"]
        if how == "first-game":
            self.layout = list(self.d.first_game)
        else:
            names = list(ROOMS)
            fixed = {4: "gate"} if how == "gate-centre" else {}
            for name in fixed.values():
                names.remove(name)
            cells: list[str] = []
            for cell in range(9):
                if cell in fixed:
                    cells.append(fixed[cell])
                    continue
                name = self._draw("room", names)
                names.remove(name)
                cells.append(name)
            self.layout = [ROOM_INDEX[name] for name in cells]
        self._link_rooms()

    def _link_rooms(self) -> None:
        """The tables the turns read. Those fixed by the edition and the options are shared
        by every game that has them (a new game would otherwise spend longer on them than on
        many of its turns)."""
        self.adj = (adjacency(self.layout, False), adjacency(self.layout, True))
        # (A.MOVE[a][b] is None only for b == a, which is no neighbour.)
        moves = cast("list[list[Action]]", A.MOVE)
        self.move_actions = tuple(tuple(tuple(map(moves[a].__getitem__, targets))
                                        for a, targets in enumerate(near)) for near in self.adj)
        cards = self.d.cards
        playable = _PLAYABLE.get(cards)
        if playable is None:
            # The edition fixes in which steps each card may be played.
            playable = _PLAYABLE[cards] = tuple(
                tuple(k for k in range(N_KINDS) if CARD_PHASE.get(phase) in cards[k].phases)
                for phase in range(len(PHASE_NAMES)))
        self.playable = playable
        key = (self.d.rows, self.d.columns, self.options["discount"])
        cutters = _PRICE_CUTTERS.get(key)
        if cutters is None:
            cutters = _PRICE_CUTTERS[key] = price_cutters(*key)
        self.price_cutters = cutters

    def _reset_turn(self) -> None:
        self.t_turquoise = self.t_purple = self.t_office = self.t_cardinal = 0
        self.t_backdoor = self.extra_done = self.left = 0

    # ================================================================== turn flow
    def _start_turn(self, seat: int) -> None:
        d = self.d
        self.cur = seat
        # What _reset_turn clears, set here at once: most turns of random players pass
        # without a choice, so a turn's start is on the hot path.
        self.t_office = self.t_cardinal = self.t_backdoor = self.extra_done = 0
        if seat == 0:
            self.round += 1
            remaining = len(self.park) - self.park.count(-1)
            limit = d.end_nobles - 1 if self.options["end"] == "fewer-than-twelve" \
                else d.end_nobles
            if remaining <= limit:
                self.final = True  # SEED: this turn and one for every other player
        perks = self.perks[seat]
        self.t_turquoise = perks[P_TURQUOISE]
        self.t_purple = perks[P_PURPLE]
        self.phase = PARADE_STEP
        parade = self.servants[seat][PARADE]
        self.left = parade + perks[P_GATE]
        if parade:
            self.left += self.majority(PARADE, seat)

    def _settle(self) -> None:
        """Take every step that offers nothing but "done"; keep the next real choice.

        A seat holding cards is the exception: it is asked in every step a card could be
        played in, "done" alone or not, as at a table. Passing it over only when it holds no
        card for the step would tell every other seat so (rules version 1 did; its records
        replay through ``_catch_up``).

        Most steps of random players' turns offer nothing (their servants are stranded), and
        most hands are empty: with an empty hand the steps are looked at in their order in one
        pass, each empty one left for the next at once, and a step's choices are built as a
        tuple directly. Anything else takes the general way (``_compute_legal``)."""
        while True:
            phase = self.phase
            p = self.cur
            if phase > BACKDOOR_STEP or phase in (SETUP, EDGE_STEP) or any(self.hand[p]):
                opts = self._compute_legal()
                if opts in (DONE_END, DONE_ONLY) and not (
                        self.playable[phase] and any(self.hand[p])):
                    self._done()
                    continue
                self._opts = opts
                return
            rooms = self.servants[p]
            if phase == PARADE_STEP:
                if self.left:
                    if self.area[p]:
                        self._opts = RECRUIT_OR_DONE
                        return
                    # RECRUIT_FROM without the Gate (the last room): compress stops there.
                    opts = (*compress(RECRUIT_FROM_ROOMS, rooms), A.DONE, A.END)
                    if len(opts) > 2:
                        self._opts = opts
                        return
                elif self._pass_whole_turn():
                    continue
                phase = self._begin_stairway(p)
            if phase == STAIRS_STEP:
                if self.left:
                    opts = (*chain.from_iterable(compress(
                        self.move_actions[1 if self.perks[p][P_DIAGONAL] else 0], rooms)),
                        A.DONE, A.END)
                    if len(opts) > 2:  # (moves from a noble, but no servant in the castle)
                        self._opts = opts
                        return
                phase = self._begin_rooms(p)
            if phase == ROOMS_STEP:
                out = self._rooms_options(p)
                if out:
                    self._opts = (*out, A.DONE, A.END)
                    return
                phase = self.phase = ENLIST_STEP
            if phase == ENLIST_STEP:
                if rooms[OFFICE] + self.t_office:
                    out = []
                    self._enlist_options(p, out)
                    if out:
                        self._opts = (*out, A.DONE, A.END)
                        return
                self.phase = BACKDOOR_STEP
            # The Back door: the last step.
            if rooms[BACKDOOR] and (self.pile or any(self.discard)):
                self._opts = DRAW_OR_DONE
                return
            self._end_turn()

    def _pass_whole_turn(self) -> bool:
        """A turn that will offer no choice at all, played at once (most of the turns of
        random players, who strand their servants). The same as saying "done" in each step;
        anything less certain takes the long way. (A turn with gold to take at the Mint offers
        that choice: rules version 3.)"""
        p = self.cur
        rooms = self.servants[p]
        perks = self.perks[p]
        # _settle has seen the hand empty. A majority needs a servant in the room: the room's
        # count is asked first because it is cheaper than the majority.
        if rooms[STAIRS] or perks[P_MOVES]:
            return False  # moves to make (a seat in the castle has a neighbour to go to)
        if (rooms[KING] and self.majority(KING, p)) or \
                (rooms[POMPADOUR] and self.majority(POMPADOUR, p)):
            return False  # a bonus servant to place
        if rooms[BACKDOOR] and (self.pile or any(self.discard)):
            return False
        if rooms[MINT] or perks[P_GOLD]:
            return False  # gold to take (or not) in step 3
        if rooms[OFFICE]:
            nobles: list[Action] = []
            self._enlist_options(p, nobles)
            if nobles:
                return False
        self._end_turn()
        return True

    def _dead(self) -> bool:
        """Whether no seat can ever enlist again: nobody has an Office servant with the seals a
        noble needs and the gold for it (or an income). Checked only after a whole round of
        turns that offered no choice, when nothing but gold can change any more."""
        for p in range(self.players):
            rooms = self.servants[p]
            income = rooms[MINT] + self.majority(MINT, p) + self.perks[p][P_GOLD]
            for sp in range(self.d.spaces):
                tile = self.park[sp]
                if tile < 0:
                    continue
                nb = self.d.nobles[tile]
                if (rooms[OFFICE] and rooms[KING] + self.perks[p][P_TURQUOISE] >= nb.turquoise
                        and rooms[POMPADOUR] + self.perks[p][P_PURPLE] >= nb.purple
                        and (income or self.gold[p] >= self.gold_cost(sp))):
                    return False
        return True

    def _done(self) -> None:
        phase = self.phase
        p = self.cur
        if phase == PARADE_STEP:
            self._begin_stairway(p)
        elif phase == STAIRS_STEP:
            self._begin_rooms(p)
        elif phase == ROOMS_STEP:
            self.phase = ENLIST_STEP
        elif phase == ENLIST_STEP:
            self.phase = BACKDOOR_STEP
        elif phase == BACKDOOR_STEP:
            self._end_turn()
        elif phase == KEEP_STEP:
            discard = self.discard
            if len(self.cards.gens) == 1:  # (before any rebuild: counted per seat, piles.py)
                shown = self.shown
                base = p * N_KINDS
                for k in self.drawn:
                    discard[k] += 1
                    shown[base + k] += 1
            else:
                for k in self.drawn:
                    discard[k] += 1
                    note_shown(self, p, k, DISCARD)
            self.drawn = []
            self._end_turn()
        else:  # pragma: no cover - "done" is offered in no other phase
            raise AssertionError(f"done in phase {PHASE_NAMES[phase]}")

    def _begin_stairway(self, p: int) -> int:
        """Step 2 begins: SEED, the Stairway's moves are fixed at the start of the step."""
        self.phase = STAIRS_STEP
        stairs = self.servants[p][STAIRS]
        self.left = stairs + self.perks[p][P_MOVES]
        if stairs:
            self.left += self.majority(STAIRS, p)
        return STAIRS_STEP

    def _begin_rooms(self, p: int) -> int:
        """Step 3 begins. (Until rules version 3 the Mint's gold was taken here, unasked.)"""
        self.phase = ROOMS_STEP
        self.left = 0
        return ROOMS_STEP

    def mint_income(self, p: int) -> int:
        """The gold ``mint`` gives ``p`` in step 3: one per Mint servant, one for the majority
        (SEED), and the gold privileges' (reconstructed: +1 gold every turn in step 3)."""
        mint = self.servants[p][MINT]
        income = mint + self.perks[p][P_GOLD]
        if mint:
            income += self.majority(MINT, p)
        return income

    def _end_turn(self) -> None:
        # idle is -1 after a turn with a choice; a round of turns without one in a position
        # that can never change again ends the game (the rules do not foresee it).
        self.idle += 1
        nxt = (self.cur + 1) % self.players
        # Rounds without any noble enlisted end the game too (not in the rules: players who
        # never enlist would otherwise play for ever).
        stalled = nxt == 0 and self.round - self.last_enlist >= self.options["stall_rounds"]
        if (nxt == 0 and self.final) or stalled or (
                self.idle >= self.players and self.options["dead_position"] and self._dead()):
            self.phase = OVER
            events.note_over(self)
            self._reset_turn()
            return
        self._start_turn(nxt)

    # ================================================================== rules helpers
    def lasting_cardinal(self, seat: int) -> int:
        """Strength in the Cardinal's room that outlasts the turn: servants and privileges."""
        return self.servants[seat][CARDINAL] + self.perks[seat][P_CARDINAL]

    def cardinal_strength(self, seat: int) -> int:
        s = self.lasting_cardinal(seat)
        if seat == self.cur:
            s += self.t_cardinal
        return s

    def majority(self, room: int, seat: int) -> int:
        """1 if ``seat`` holds the majority in ``room`` (ties broken by the Cardinal), else 0.

        SEED: most servants; among players tied for the most, the one with most servants in the
        Cardinal's room wins; tied there too, nobody has it."""
        mine = self.servants[seat][room]
        if mine == 0:
            return 0
        ties = -1  # the seat itself is counted
        for rooms in self.servants:
            n = rooms[room]
            if n >= mine:
                if n > mine:
                    return 0
                ties += 1
        if not ties:
            return 1
        c = self.cardinal_strength(seat)
        for q in range(self.players):
            if q != seat and self.servants[q][room] == mine and self.cardinal_strength(q) >= c:
                return 0
        return 1

    def majority_holder(self, room: int) -> int:
        for p in range(self.players):
            if self.majority(room, p):
                return p
        return -1

    def gold_cost(self, space: int) -> int:
        """The noble's gold less one per empty neighbouring park space (reconstructed rule;
        SEED: a space holding an edge servant counts as empty)."""
        park = self.park
        cost = self.d.nobles[park[space]].gold
        if cost == 0:
            return 0
        empty = 0
        for near in self.price_cutters[space]:
            if park[near] < 0:
                empty += 1
        return max(0, cost - empty)

    def can_enlist(self, space: int, seat: int) -> bool:
        tile = self.park[space]
        if tile < 0:
            return False
        rooms = self.servants[seat]
        if rooms[OFFICE] + self.t_office < 1:
            return False
        nb = self.d.nobles[tile]
        if rooms[KING] + self.t_turquoise < nb.turquoise:
            return False
        if rooms[POMPADOUR] + self.t_purple < nb.purple:
            return False
        if self.gold[seat] < self.gold_cost(space):
            return False
        # An edge noble leaves a servant behind: one must exist after paying.
        return not self.d.is_edge[space] or self.area[seat] + sum(rooms) > 0

    def nobles_left(self) -> int:
        return len(self.park) - self.park.count(-1)

    # ================================================================== legal actions
    def to_move(self) -> tuple[int, ...]:
        return () if self.phase == OVER else SEATS[self.cur]

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        # The engine keeps what it is given as a tuple: the settled tuple is handed out as is.
        return self._opts

    def _compute_legal(self) -> tuple[Action, ...]:
        """The choices of the step as it stands, "done" alone included (``_settle`` has the
        quick paths of the common cases, and takes steps with nothing else)."""
        phase = self.phase
        p = self.cur
        rooms = self.servants[p]
        out: list[Action] = []
        if phase == STAIRS_STEP:
            if self.left > 0:
                moves = self.move_actions[1 if self.perks[p][P_DIAGONAL] else 0]
                out.extend(chain.from_iterable(compress(moves, rooms)))
        elif phase == PARADE_STEP:
            if self.left > 0:
                if self.area[p] > 0:
                    out.append(A.RECRUIT)
                else:
                    out.extend(compress(RECRUIT_FROM_ROOMS, rooms))
        elif phase == ROOMS_STEP:
            out = self._rooms_options(p)
        elif phase == SETUP:
            return PLACE_ALL
        elif phase == OVER:
            return ()
        elif phase == ENLIST_STEP:
            if rooms[OFFICE] + self.t_office > 0:
                self._enlist_options(p, out)
        elif phase == EDGE_STEP:
            if self.area[p] > 0:
                out.append(A.LEAVE_AREA)
            out.extend(A.LEAVE[r] for r in range(9) if rooms[r] > 0)
            return tuple(out)
        elif phase == BACKDOOR_STEP:
            if rooms[BACKDOOR] > 0 and (self.pile or any(self.discard)):
                out.append(A.DRAW)
        elif phase == KEEP_STEP:
            if rooms[BACKDOOR] > 0:
                seen = set(self.drawn)
                out.extend(A.KEEP[k] for k in range(N_KINDS) if k in seen)
            out.append(A.DONE)
            return tuple(out)
        hand = self.hand[p]
        if any(hand):
            for k in self.playable[phase]:
                if hand[k]:
                    out.append(A.PLAY[k])
        out.append(A.DONE)
        if ENDS_TURN_EARLY[phase]:
            out.append(A.END)
        return tuple(out)

    def _rooms_options(self, p: int) -> list[Action]:
        """Step 3's choices but "done" and "end": the Mint's gold while it is not taken, then
        the majority bonus servants."""
        out = [A.MINT] if not self.extra_done & MINT_TAKEN and self.mint_income(p) else []
        rooms = self.servants[p]
        if rooms[KING] or rooms[POMPADOUR]:
            out.extend(self._extra_options(p))
        return out

    def _extra_options(self, p: int) -> list[Action]:
        """The majority bonus servants ``p`` may still place (King's chamber, Pompadour)."""
        rooms = self.servants[p]
        out: list[Action] = []
        done = self.extra_done
        for room, bit in EXTRA_ROOMS:
            if not rooms[room] or done & bit or not self.majority(room, p):
                continue
            if self.area[p] > 0:
                out.append(A.EXTRA[room])
            else:
                extra_from = A.EXTRA_FROM[room]
                for r, here in enumerate(rooms):
                    if here and r != room:
                        out.append(extra_from[r])
        return out

    def _enlist_options(self, p: int, out: list[Action]) -> None:
        """The nobles ``p`` can enlist now, space by space."""
        d = self.d
        rooms = self.servants[p]
        turquoise = rooms[KING] + self.t_turquoise
        purple = rooms[POMPADOUR] + self.t_purple
        gold = self.gold[p]
        needs = d.needs
        enlist_at = d.enlist_actions
        anyone = self.area[p] + sum(rooms) > 0
        is_edge = d.is_edge
        for sp, tile in enumerate(self.park):
            if tile < 0:
                continue
            t, pu, g = needs[tile]
            if t > turquoise or pu > purple or (g > gold and self.gold_cost(sp) > gold):
                continue
            if is_edge[sp] and not anyone:
                continue
            out.append(enlist_at[sp])

    # ================================================================== apply
    def _apply(self, action: Action, seat: int) -> None:
        # The kinds are tried in the order random games choose them most. (The kind and the
        # arguments are read by the action's code: actions.KIND_OF.)
        code = action.code
        kind = KIND_OF[code]
        if kind != K_MINT:
            # This turn offered a choice. (Taking the Mint's gold changes nothing but gold,
            # which the dead-position check allows for, and versions 1 and 2 took it unasked.)
            self.idle = -1
        p = seat
        rooms = self.servants[p]
        if kind == K_MOVE:
            a = FIRST_ARG[code]
            b = SECOND_ARG[code]
            rooms[a] -= 1
            rooms[b] += 1
            self.left -= 1
            if self.left and rooms[a] and rooms[b] > 1:
                return  # the same rooms still hold servants: the same choices (and cards)
        elif kind == K_DONE:
            self._done()
        elif kind == K_END:
            self._end_turn()
        elif kind == K_MINT:
            self.gold[p] += self.mint_income(p)
            self.extra_done |= MINT_TAKEN
        elif kind == K_RECRUIT:
            source = FIRST_ARG[code]
            self._take_servant(p, source)
            rooms[GATE] += 1
            self.left -= 1
            if source < 0 and self.left and self.area[p]:
                return  # another recruit from the play area, the same cards, or done
        elif kind == K_PLACE:
            rooms[FIRST_ARG[code]] += 1
            self.area[p] -= 1
            self.left -= 1
            if self.left:
                return  # another free placement: every room again
            if p + 1 < self.players:
                self.cur = p + 1
                self.left = self.d.free_placement
            else:
                self._start_turn(0)
        elif kind == K_EXTRA:
            room = FIRST_ARG[code]
            self._take_servant(p, SECOND_ARG[code])
            rooms[room] += 1
            self.extra_done |= 1 if room == KING else 2
        elif kind == K_ENLIST:
            self._enlist(p, A.enlist_space(action, self.d.columns))
        elif kind == K_LEAVE:
            self._take_servant(p, FIRST_ARG[code])
            self.marker[self.edge_space] = p
            tile = self.nobles[p][-1]
            self.edge_space = -1
            self.phase = ENLIST_STEP
            self._gain(p, tile)
        elif kind == K_DRAW:
            self._back_door_draw(p)
        elif kind == K_KEEP:
            k = FIRST_ARG[code]
            self.drawn.remove(k)
            self.hand[p][k] += 1
            rooms[BACKDOOR] -= 1
            self.area[p] += 1
        elif kind == K_PLAY:
            self._play_card(p, FIRST_ARG[code])
        self._settle()

    def _take_servant(self, p: int, source: int) -> None:
        """A newly placed servant: from the play area (source -1), else from a room (SEED:
        only when the play area is empty; edge servants from anywhere)."""
        if source < 0:
            self.area[p] -= 1
        else:
            self.servants[p][source] -= 1

    def _enlist(self, p: int, space: int) -> None:
        """SEED step 4: one Office servant home, the seals' servants home, the gold paid."""
        d = self.d
        tile = self.park[space]
        nb = d.nobles[tile]
        rooms = self.servants[p]
        cost = self.gold_cost(space)
        if self.t_office:
            self.t_office -= 1
        else:
            rooms[OFFICE] -= 1
            self.area[p] += 1
        # Seals from nobles and cards last only this turn, so they are spent first.
        use = min(self.t_turquoise, nb.turquoise)
        self.t_turquoise -= use
        rooms[KING] -= nb.turquoise - use
        self.area[p] += nb.turquoise - use
        use = min(self.t_purple, nb.purple)
        self.t_purple -= use
        rooms[POMPADOUR] -= nb.purple - use
        self.area[p] += nb.purple - use
        self.gold[p] -= cost
        self.last_enlist = self.round
        self.park[space] = -1
        self.nobles[p].append(tile)
        if d.is_edge[space]:
            self.edge_space = space
            self.phase = EDGE_STEP
        else:
            self._gain(p, tile)

    def _gain(self, p: int, tile: int) -> None:
        """A noble's privilege takes effect: servants from the general supply at once, the
        others from the next turn on (perks)."""
        nb = self.d.nobles[tile]
        if nb.privilege is None:
            return
        i = PRIVILEGE_INDEX[nb.privilege]
        self.perks[p][i] += max(1, nb.amount) if i != P_SERVANTS else nb.amount
        if i == P_SERVANTS:
            k = min(nb.amount, self.reserve[p])
            self.reserve[p] -= k
            self.area[p] += k

    def _back_door_draw(self, p: int) -> None:
        """Draw one card per Back-door servant (plus bonuses); an empty draw pile is made
        again from the discard pile (SEED)."""
        want = self.servants[p][BACKDOOR] + self.perks[p][P_BACKDOOR] + self.t_backdoor
        ids = self.d.card_ids
        gen = len(self.cards.gens) - 1
        got: list[int] = []
        old = -1  # cards drawn before the pile was made again (-1: it was not)
        for _draw in range(want):
            if not self.pile:
                if not any(self.discard):
                    break
                old = len(got)
                remake_pile(self)  # a new generation (piles.py)
            # The record names the card by its id; the pile holds kinds.
            k = ids.index(self._draw("card", list(map(ids.__getitem__, self.pile))))
            self.pile.remove(k)
            got.append(k)
        if gen or old >= 0:  # (before any rebuild there is nothing to note)
            note_draw(self, p, gen, got, old)
        self.drawn.extend(got)
        self.drawn.sort()
        self.phase = KEEP_STEP

    def _play_card(self, p: int, k: int) -> None:
        kind = self.d.cards[k]
        self.hand[p][k] -= 1
        self.played[p][k] += 1
        self.discard[k] += 1  # keirat: played cards go to the discard pile
        if len(self.cards.gens) == 1:  # (before any rebuild: counted per seat, piles.py)
            self.shown[p * N_KINDS + k] += 1
        else:
            note_shown(self, p, k, PLAY)
        if kind.vp:
            self.played_vp[p] += kind.vp
            events.note_played(self, p, kind.vp, k)
        amount = kind.amount
        if k == C_GOLD:
            self.gold[p] += amount
        elif k == C_TURQUOISE:
            self.t_turquoise += amount
        elif k == C_PURPLE:
            self.t_purple += amount
        elif k in (C_MOVES, C_GATE):
            self.left += amount
        elif k == C_OFFICE:
            self.t_office += amount
        elif k == C_BACKDOOR:
            self.t_backdoor += amount
        elif k == C_CARDINAL:
            # "This turn's ties" include the Parade ground's, judged when the turn began but
            # not yet acted on in step 1 (its room does not change in the step): judge it
            # again. The Stairway's is judged when step 2 begins (SEED), so a card played in
            # step 1 counts there; one played in step 2 comes after that judgement.
            parade = self.phase == PARADE_STEP
            before = self.majority(PARADE, p) if parade else 0
            self.t_cardinal += amount
            if parade:
                self.left += self.majority(PARADE, p) - before

    # ================================================================== end and scores
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[int, ...]:
        edges = edge_points(self)
        return tuple(seat_score(self, p, edges) for p in range(self.players))

    def ranking(self) -> tuple[int, ...]:
        scores = self.scores()
        if self.options["winner_tiebreak"] == "gold":
            return places_from_keys([(scores[p], self.gold[p]) for p in range(self.players)])
        return places_from_keys(scores)

    # ================================================================== views and text
    def view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.palais_royal.view import build_view

        return build_view(self, seat)

    def describe(self, action: Action) -> str:
        from regalia.games.palais_royal.text import describe

        return describe(self, action)

    def announce(self, action: Action, seat: int) -> str:
        from regalia.games.palais_royal.text import announce

        return announce(self, action, seat)

    def caution(self, action: Action, seat: int) -> str | None:
        from regalia.games.palais_royal.text import caution

        return caution(self, action, seat)

    def action_numbers(self, seat: int) -> tuple[int, ...] | None:
        """Numbers a player types for ``legal_actions(seat)``, the same in every game: rooms
        1-9 in turn order, "ab" for a servant from room a to room b, a park space's column
        and row digits (c4: 34), 0 for done (``actions.NUMBERS`` has the whole scheme)."""
        if seat not in self.to_move():
            return None
        numbers = A.NUMBERS
        return tuple(numbers[a.code] for a in self.legal_actions(seat))

    def seat_name(self, seat: int) -> str:
        from regalia.games.palais_royal.text import seat_name

        return seat_name(seat)

    def explain_illegal(self, action: Action, seat: int) -> str:
        from regalia.games.palais_royal.text import explain_illegal

        return explain_illegal(self, action, seat)

    def name_words(self) -> Mapping[str, str]:
        from regalia.games.palais_royal.text import name_words

        return name_words(self)

    def check_invariants(self) -> None:
        from regalia.games.palais_royal.invariants import check_invariants

        check_invariants(self)

    # ================================================================== copy, JSON, hidden
    _LISTS = ("layout", "area", "reserve", "gold", "park", "marker", "box", "pile", "discard",
              "played_vp", "drawn")
    _TABLES = ("servants", "nobles", "perks", "hand", "played")
    _INTS = ("cur", "phase", "left", "round", "idle", "last_enlist", "extra_done", "edge_space",
             "t_turquoise", "t_purple", "t_office", "t_cardinal", "t_backdoor")

    def _copy(self) -> PalaisState:
        new = PalaisState.__new__(PalaisState)
        new.d = self.d
        new.adj = self.adj
        new.move_actions = self.move_actions
        new.playable = self.playable
        new.price_cutters = self.price_cutters
        new.layout = self.layout  # never changed after setup
        new.area = self.area[:]
        new.reserve = self.reserve[:]
        new.gold = self.gold[:]
        new.park = self.park[:]
        new.marker = self.marker[:]
        new.box = self.box[:]
        new.pile = self.pile[:]
        new.discard = self.discard[:]
        new.played_vp = self.played_vp[:]
        new.events = self.events  # an immutable chain: shared
        new.drawn = self.drawn[:]
        new.cards = self.cards
        new.shown = self.shown[:]
        new.servants = [r[:] for r in self.servants]
        new.nobles = [r[:] for r in self.nobles]
        new.perks = [r[:] for r in self.perks]
        new.hand = [r[:] for r in self.hand]
        new.played = [r[:] for r in self.played]
        new.cur = self.cur
        new.phase = self.phase
        new.left = self.left
        new.round = self.round
        new.final = self.final
        new.idle = self.idle
        new.last_enlist = self.last_enlist
        new.extra_done = self.extra_done
        new.edge_space = self.edge_space
        new.t_turquoise = self.t_turquoise
        new.t_purple = self.t_purple
        new.t_office = self.t_office
        new.t_cardinal = self.t_cardinal
        new.t_backdoor = self.t_backdoor
        new._opts = self._opts
        return new

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LISTS}
        for name in self._TABLES:
            out[name] = [list(r) for r in getattr(self, name)]
        for name in self._INTS:
            out[name] = getattr(self, name)
        out["final"] = self.final
        cards = self.cards
        out["gens"] = [list(g) for g in cards.gens]
        out["took"] = [x for rows in cards.took for r in rows for x in r]  # (flat)
        out["shown"] = [shown_by(self, p) for p in range(self.players)]
        out["held0"] = list(cards.held0)
        out["card_log"] = flat_log(cards.log)
        out["events"] = events.flat(self.events)
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        self.d = data_of(self.edition)
        for name in self._LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        for name in self._TABLES:
            setattr(self, name, [[int(x) for x in r] for r in data[name]])
        for name in self._INTS:
            setattr(self, name, int(data[name]))
        self.final = bool(data["final"])
        self.events = events.chain_of(data.get("events", []))  # (saves made before it: none)
        if "gens" in data:
            gens = tuple(tuple(int(x) for x in g) for g in data["gens"])
            self.cards = CardHistory(
                gens, unflatten_took([int(x) for x in data["took"]], self.players, len(gens)),
                tuple(int(x) for x in data["held0"]), parse_log([int(x) for x in data["card_log"]]))
            self.shown = [int(x) for r in data["shown"] if len(r) == N_KINDS for x in r]
        elif not hasattr(self, "cards"):
            # Saved before the card history was kept: one pile, as far as anyone can tell.
            # (Loaded over a state that has one, the saved fields meet a game rebuilt from its
            # record, whose history is the right one: it stays.)
            reset_card_history(self)
        self._link_rooms()
        from regalia.games.palais_royal.invariants import check_invariants

        try:
            check_invariants(self)
        except AssertionError as err:
            raise ValueError(_("inconsistent position: {reason}").format(reason=err)) from None
        self._opts = self._compute_legal()

    def _catch_up(self, version: str) -> None:
        """Make the decisions an older version's record lacks. Versions 1 and 2 paid the Mint's
        gold unasked as step 3 began: take it for the seat wherever this version offers it
        (always before anything else of the step, where the old versions paid it). Version 1
        also passed over a step in which a seat holding cards could play none of them: say
        "done" for it where this version asks. Neither version had "end", so the steps and
        the dead-position count (which "mint" leaves alone) come out as they did."""
        while self.phase != OVER:
            opts = self._opts
            if A.MINT in opts:
                self.apply(A.MINT, self.cur)
            elif version == "1" and opts in (DONE_END, DONE_ONLY):
                self.apply(A.DONE, self.cur)
            else:
                return

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample what ``seat`` cannot see: the cards it cannot place (others' hands, a
        Back-door draw being decided by another seat, the draw pile), each generation of the
        draw pile apart (``piles.resample_cards``); with ``open_nobles`` false, which other
        seat holds which of the face-down nobles (the tiles themselves are known: each lay face
        up in the park, and the box's never did)."""
        resample_cards(self, seat, rng)
        others = [o for o in range(self.players) if o != seat]
        if not self.options["open_nobles"] and self.phase != OVER:  # shown at the end
            self._resample_face_down(others, rng)
        self._opts = self._compute_legal()

    def _resample_face_down(self, others: list[int], rng: Rng) -> None:
        nobles = self.d.nobles
        slots: list[tuple[int, int]] = []
        for o in others:
            for i, t in enumerate(self.nobles[o]):
                if nobles[t].privilege is None:
                    slots.append((o, i))
        plain = sorted(self.nobles[o][i] for o, i in slots)  # (sorted: as above)
        rng.shuffle(plain)
        for (o, i), t in zip(slots, plain, strict=True):
            self.nobles[o][i] = t

    @property
    def opts(self) -> tuple[Action, ...]:
        return self._opts
