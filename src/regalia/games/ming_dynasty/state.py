"""MingState: the position of a game and its turn flow (setup, the five phases, scoring, end).

Family members are counts: per province space and seat, per district and colour in the open
area and in the city section, one colour (or none) per cloister. Colours are the seats, then
the neutral family at two players. Cards are kinds (the transports of board.TRANSPORTS, then
the dragon): hands are counts per kind, the supply an unordered multiset drawn from when a
card is turned face up, the discard pile counts. Every player decision is the player's, even
with one legal option; only what the rules do by themselves runs inside (scoring, members going
back when there is no district to choose, a deployment ending at its third member).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from regalia.engine.actions import Action
from regalia.engine.rng import Rng
from regalia.engine.state import State, places_from_keys
from regalia.games.ming_dynasty import actions as A
from regalia.games.ming_dynasty import events
from regalia.games.ming_dynasty.board import (
    CARD_KINDS,
    DRAGON,
    N_DISTRICTS,
    N_KINDS,
    N_PROVINCES,
    TRANSPORT_INDEX,
    TRANSPORTS,
)
from regalia.games.ming_dynasty.edition import MingData, data_of
from regalia.games.ming_dynasty.scoring import bonus_winners, majority_moves, sets_of

GAME_ID = "ming-dynasty"
DEPLOY_MAX: Final = 3

PRINCE: Final = 0
NEUTRAL: Final = 1
PLACE: Final = 2
TAKE: Final = 3
ACT: Final = 4
MOVING: Final = 5
DEPLOY: Final = 6
RETURN: Final = 7
BACK: Final = 8
NEUTRAL_BACK: Final = 9
START: Final = 10
OVER: Final = 11
PHASE_NAMES = ("prince", "neutral", "place", "take", "act", "moving", "deploy", "return",
               "back", "neutral-back", "start", "over")
PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
NOT_CHOSEN: Final = -1
NOT_INVOLVED: Final = -2
# Tuples handed out as they are are typed ``tuple[X, ...]``: compiled, a tuple of a fixed shape
# is kept unboxed (a C struct), and every use as an object would build a new tuple.
SEATS: Final[tuple[tuple[int, ...], ...]] = ((0,), (1,), (2,), (3,))
# The action lists read on every decision, as module globals (a global is read faster than a
# module's attribute), Final (compiled, a Final global is a native static, not a dict entry).
TAKE_: Final = A.TAKE
DRAGON_: Final = A.DRAGON
STEP_: Final = A.STEP
STEP_DRAGON_: Final = A.STEP_DRAGON
STAY_: Final = A.STAY
PLACE_ALL_: Final = A.PLACE_ALL
KINDS: Final = range(N_KINDS)
DONE_ONLY: Final[tuple[Action, ...]] = (A.DONE,)
PASS_ONLY: Final[tuple[Action, ...]] = (A.PASS,)
STOP_ONLY: Final[tuple[Action, ...]] = (A.STOP,)
PASS_: Final = A.PASS
STOP_: Final = A.STOP
DISPLAY_LABELS: Final[tuple[str, ...]] = tuple(f"display {i + 1}" for i in range(N_PROVINCES))
DEPLOY_OPEN: Final[tuple[Action, ...]] = (A.DEPLOY, A.DONE)
DEPLOY_ANY: Final[tuple[Action, ...]] = (A.DEPLOY, A.DEPLOY_CLOISTER, A.DONE)


class MingState(State):
    """A game of Ming Dynasty for 2 to 4 players. Seat 0 is the first start player."""

    GAME_ID = GAME_ID

    __slots__ = (
        "_opts", "boxed", "city", "cloister", "cloister_used", "colours", "cur", "d",
        "deck", "deploy_left", "deploy_locked", "discard", "display", "dragons", "events", "hand",
        "neutral", "neutral_left", "neutral_owed", "open", "owed", "passed", "phase",
        "prince", "province", "revealed", "round", "score", "sealed", "spaces", "start",
        "supply", "tile_supply", "tiles", "to_place",
    )

    d: MingData
    colours: int                 # players, plus the neutral family at two players
    neutral: int                 # the neutral colour's index, or -1
    supply: list[int]            # [colour] family members in the player's play area
    boxed: list[int]             # [colour] family members out of the game
    spaces: list[list[int]]      # [province][seat] family members on the province space
    open: list[list[int]]        # [district][colour] in the district's open area
    cloister: list[int]          # [district] colour in its cloister, or -1
    city: list[list[int]]        # [district][colour] in the district's three city houses
    prince: list[int]            # [seat] district, or -1 before setup
    hand: list[list[int]]        # [seat][kind] movement cards and dragons held
    display: list[int]           # [province] the face-up card beside its space, or -1
    deck: list[int]              # [transport] face-down supply (a multiset)
    discard: list[int]           # [transport] discard pile
    dragons: int                 # the face-up dragon stack
    tiles: list[list[int]]       # [seat][province] province tiles held
    tile_supply: list[int]       # [province]
    score: list[int]
    events: events.Chain         # the scorings' events (events.py), newest last
    round: int                   # 0 during setup, then 1..rounds
    start: int                   # the start player
    phase: int
    cur: int
    to_place: list[int]          # phase 1: members still to place this round
    neutral_left: list[int]      # two players: neutral members each still places now
    passed: list[bool]           # phase 3
    deploy_left: int
    deploy_locked: bool          # the seat's own cloister member blocks this district
    cloister_used: bool          # this deployment put a member into the cloister
    province: int                # the province being scored
    sealed: list[int]            # [seat] return total chosen, NOT_CHOSEN or NOT_INVOLVED
    revealed: list[int]          # [seat] the last revealed return totals (-1: none)
    owed: list[int]              # [seat] city members still to send back
    neutral_owed: int
    _opts: tuple[Action, ...]

    # ================================================================== setup
    def _setup(self) -> None:
        d = self.d = data_of(self.edition)
        n = self.players
        self.neutral = n if n == 2 else -1
        c = self.colours = n + (1 if n == 2 else 0)
        self.supply = [d.family_members - 1] * n + ([d.neutral_members] if n == 2 else [])
        self.boxed = [0] * c
        self.spaces = [[0] * n for _ in range(N_PROVINCES)]
        self.open = [[0] * c for _ in range(N_DISTRICTS)]
        self.cloister = [-1] * N_DISTRICTS
        self.city = [[0] * c for _ in range(N_DISTRICTS)]
        self.prince = [-1] * n
        self.hand = [[0] * N_KINDS for _ in range(n)]
        for p in range(n):
            self.hand[p][DRAGON] = 1
        self.dragons = d.dragons - n
        self.deck = list(d.cards)
        self.discard = [0] * len(TRANSPORTS)
        self.display = [-1] * N_PROVINCES
        for i in range(N_PROVINCES):
            self._refill(i)
        self.tiles = [[0] * N_PROVINCES for _ in range(n)]
        self.tile_supply = [d.tiles_per_colour] * N_PROVINCES
        self.score = [0] * n
        self.events = None
        self.round = 0
        self.start = 0
        self.phase = PRINCE
        self.cur = 0
        self.to_place = [0] * n
        self.neutral_left = [0] * n
        self.passed = [False] * n
        self.deploy_left = 0
        self.deploy_locked = False
        self.cloister_used = False
        self.province = 0
        self.sealed = [NOT_INVOLVED] * n
        self.revealed = [-1] * n
        self.owed = [0] * n
        self.neutral_owed = 0
        self._settle()

    # ================================================================== helpers
    def _after(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _refill(self, slot: int) -> None:
        """Turn a new card face up beside province space ``slot``; an empty supply is first
        made again from the shuffled discards (EN p3); with neither, the place stays empty."""
        deck = self.deck
        if not any(deck):
            for k, n in enumerate(self.discard):
                deck[k] += n
            self.discard = [0] * len(TRANSPORTS)
            if not any(deck):
                self.display[slot] = -1
                return
        pool: list[str] = []
        for k, n in enumerate(deck):
            if n:
                pool += [TRANSPORTS[k]] * n
        kind = TRANSPORT_INDEX[self._draw(DISPLAY_LABELS[slot], pool)]
        deck[kind] -= 1
        self.display[slot] = kind

    def _gain_tile(self, p: int, province: int, set_value: int) -> None:
        """One province tile; a set of six colours goes back at once for its points."""
        if self.tile_supply[province] == 0:  # not in the rules: an empty colour gives none
            return
        self.tile_supply[province] -= 1
        held = self.tiles[p]
        held[province] += 1
        if all(held):
            for i in range(N_PROVINCES):
                held[i] -= 1
                self.tile_supply[i] += 1
            events.score(self, p, set_value, events.SET_OF_SIX, 1, province)

    def occupied(self, district: int, seat: int) -> bool:
        """Whether another seat's prince stands in ``district``."""
        prince = self.prince
        return prince.count(district) > (prince[seat] == district)

    def _can_end(self, seat: int, district: int, hand: list[int]) -> bool:
        """Whether a prince arriving in ``district`` with ``hand`` left can end its move there
        or further on (it may not end where another prince stands)."""
        if not self.occupied(district, seat):
            return True
        for q, t in self.d.neighbours[district]:
            for kind in (t, DRAGON):
                if hand[kind]:
                    hand[kind] -= 1
                    ok = self._can_end(seat, q, hand)
                    hand[kind] += 1
                    if ok:
                        return True
        return False

    def reachable(self, seat: int) -> list[int]:
        """The districts where ``seat``'s prince could end a move with its cards now."""
        start = self.prince[seat]
        if start < 0:
            return []
        found: set[int] = set()
        taken = {p for s, p in enumerate(self.prince) if s != seat}  # (occupied())
        neighbours = self.d.neighbours
        # What lies beyond a district depends only on the district and the cards left, so
        # each (district, cards) is walked once: trying every order of the same cards made
        # this most of a Ming view's cost.
        seen: set[tuple[int, tuple[int, ...]]] = set()

        def walk(district: int, hand: list[int]) -> None:
            for q, t in neighbours[district]:
                for kind in (t, DRAGON):
                    if hand[kind]:
                        hand[kind] -= 1
                        key = (q, tuple(hand))
                        if key not in seen:
                            seen.add(key)
                            if q not in taken:
                                found.add(q)
                            walk(q, hand)
                        hand[kind] += 1

        walk(start, list(self.hand[seat]))
        return sorted(found)

    def city_members(self, province: int, colour: int) -> int:
        base = 3 * province
        city = self.city
        return city[base][colour] + city[base + 1][colour] + city[base + 2][colour]

    def return_choices(self, seat: int) -> list[int]:
        """The totals ``seat`` can return from the city being scored: every sum its cards
        make, a sum above its members meaning all of them."""
        have = self.city_members(self.province, seat)
        return sorted({min(s, have) for s in self.d.return_sums})

    def scoring_index(self) -> int:
        rounds = self.d.scoring_rounds
        return rounds.index(self.round) if self.round in rounds else 0

    # ================================================================== turn flow
    def _settle(self) -> None:
        """Find the options of the seat to move. Every player decision waits for its player,
        even when it has one legal option (the rules perform nothing by themselves there);
        the steps the rules do perform (scoring, a deployment ending at three) never reach
        here."""
        phase = self.phase
        if phase == PLACE:  # the most frequent decision: every space is open
            self._opts = PLACE_ALL_
        elif phase in (RETURN, OVER):
            self._opts = ()
        elif phase != TAKE:  # phase 2 found the seat to take by its options: they are set
            self._opts = self._compute_legal(self.cur)

    def _begin_round(self) -> None:
        n = self.players
        if self.neutral >= 0 and self.round in self.d.neutral_before:
            self.phase = NEUTRAL
            self.neutral_left = [self.d.neutral_reinforce] * n
            self.cur = self.start
            if any(self.neutral_left):
                return
        self._begin_placing()

    def _begin_placing(self) -> None:
        per = self.d.per_round
        self.to_place = [min(per, self.supply[p]) for p in range(self.players)]
        self.phase = PLACE
        self.cur = self.start
        if not self.to_place[self.cur]:
            self._next_placer()

    def _next_placer(self) -> None:
        seat = self.cur
        n = self.players
        to_place = self.to_place
        for _ in range(n):
            seat = (seat + 1) % n
            if to_place[seat]:
                self.cur = seat
                return
        self._begin_taking()

    def _take_options(self, seat: int) -> tuple[Action, ...]:
        """Phase 2: what ``seat`` may take now (nothing with a full hand)."""
        if sum(self.hand[seat]) >= self.d.hand_limit:
            return ()
        spaces, display = self.spaces, self.display
        takes = []
        dragons = []
        for i in range(N_PROVINCES):
            if spaces[i][seat]:
                if display[i] >= 0:
                    takes.append(TAKE_[i])
                dragons.append(DRAGON_[i])
        return tuple(takes + dragons) if self.dragons else tuple(takes)

    def _begin_taking(self) -> None:
        for i in range(N_PROVINCES):
            if self.display[i] < 0:
                self._refill(i)
        self.phase = TAKE
        self.cur = self.start
        opts = self._take_options(self.cur)
        if opts:
            self._opts = opts  # _settle takes them as they are
        else:
            self._next_taker()

    def _next_taker(self) -> None:
        seat = self.cur
        n = self.players
        for _ in range(n):
            seat = (seat + 1) % n
            opts = self._take_options(seat)
            if opts:
                self.cur = seat
                self._opts = opts
                return
        self._begin_acting()

    def _begin_acting(self) -> None:
        self.phase = ACT
        self.passed = [False] * self.players
        self.cur = self.start

    def _next_actor(self) -> None:
        self.phase = ACT
        seat = self.cur
        n = self.players
        passed = self.passed
        for _ in range(n):
            seat = (seat + 1) % n
            if not passed[seat]:
                self.cur = seat
                return
        if self.round in self.d.scoring_rounds:
            self.province = 0
            self._score_province()
        else:
            self._end_round()

    def _enter_deploy(self, seat: int) -> None:
        self.phase = DEPLOY
        self.deploy_left = DEPLOY_MAX
        self.deploy_locked = self.cloister[self.prince[seat]] == seat
        self.cloister_used = False

    # ---------------------------------------------------------------- scoring
    def _score_province(self) -> None:
        """Step 4.1 for the province being scored, then the sealed return choice."""
        k = self.scoring_index()
        prov = self.province
        n = self.players
        if prov == 0:
            events.note(self, events.SCORING, self.round, prov)
        for dist in range(3 * prov, 3 * prov + 3):
            counts = self.open[dist]
            if not any(counts):
                continue
            moves = majority_moves(counts)
            if any(moves):
                events.note(self, events.MAJORITY, dist, *moves)
            for c, m in enumerate(moves):
                if m:
                    counts[c] -= m
                    self.city[dist][c] += m
                    if c < n:
                        for _ in range(m):
                            self._gain_tile(c, prov, self.d.set_of_six[k])
        involved = False
        for p in range(n):
            if self.city_members(prov, p):
                self.sealed[p] = NOT_CHOSEN
                involved = True
            else:
                self.sealed[p] = NOT_INVOLVED
        if involved:
            self.phase = RETURN
        else:
            self._start_returns()

    def _start_returns(self) -> None:
        n = self.players
        prov = self.province
        if any(x >= 0 for x in self.sealed):  # the last reveal stays in view until the next
            self.revealed = [x if x >= 0 else -1 for x in self.sealed]
        for p in range(n):
            chosen = self.sealed[p]
            self.owed[p] = min(chosen, self.city_members(prov, p)) if chosen > 0 else 0
            self.sealed[p] = NOT_INVOLVED
        self.cur = self.start
        self._continue_returns()

    def _sections_with(self, colour: int) -> list[int]:
        base = 3 * self.province
        return [dist for dist in range(base, base + 3) if self.city[dist][colour]]

    def _send_back(self, dist: int, colour: int) -> None:
        self.city[dist][colour] -= 1
        self.open[dist][colour] += 1

    def _continue_returns(self) -> None:
        """Members go back in order from the start player (SEED 4.2); a seat chooses the
        sections only when it keeps some members in more than one of them."""
        n = self.players
        for i in range(n):
            p = (self.start + i) % n
            owed = self.owed[p]
            if not owed:
                continue
            sections = self._sections_with(p)
            if owed < self.city_members(self.province, p) and len(sections) > 1:
                self.phase = BACK
                self.cur = p
                return
            while self.owed[p]:
                self._send_back(self._sections_with(p)[0], p)
                self.owed[p] -= 1
        self._neutral_returns()

    def _neutral_returns(self) -> None:
        """Two players: a sole neutral majority is cut to the least that keeps it (the start
        player chooses which members go back); otherwise every neutral member goes back."""
        nc = self.neutral
        if nc >= 0:
            prov = self.province
            have = self.city_members(prov, nc)
            if have:
                best = max(self.city_members(prov, p) for p in range(self.players))
                self.neutral_owed = have - (best + 1) if have > best else have
        self._continue_neutral()

    def _continue_neutral(self) -> None:
        nc = self.neutral
        if nc >= 0 and self.neutral_owed:
            sections = self._sections_with(nc)
            if self.neutral_owed < self.city_members(self.province, nc) and len(sections) > 1:
                self.phase = NEUTRAL_BACK
                self.cur = self.start
                return
            while self.neutral_owed:
                self._send_back(self._sections_with(nc)[0], nc)
                self.neutral_owed -= 1
        self._city_points()

    def _city_points(self) -> None:
        d = self.d
        k = self.scoring_index()
        prov = self.province
        base = 3 * prov
        city = self.city
        sections = [city[base], city[base + 1], city[base + 2]]
        if any(sections[0]) or any(sections[1]) or any(sections[2]):
            per_member = d.city_piece[k]
            for p in range(self.players):
                members = sections[0][p] + sections[1][p] + sections[2][p]
                events.score(self, p, members * per_member, events.CITY, members, prov)
            winners = bonus_winners(sections, self.options["city_tie"])
            if winners:
                share = d.city_bonus // len(winners)
                for c in winners:
                    if c < self.players:
                        events.score(self, c, share, events.BONUS, len(winners), prov)
            for dist in range(base, base + 3):  # members left in the city go to the box
                section = city[dist]
                for c in range(self.colours):
                    self.boxed[c] += section[c]
                city[dist] = [0] * self.colours
        self.province += 1
        if self.province < N_PROVINCES:
            self._score_province()
            return
        for p in range(self.players):
            monks = self.cloister.count(p)
            events.score(self, p, monks * d.cloister, events.CLOISTER, monks)
        if self.round >= d.rounds:
            self._final_scoring()
        else:
            self._end_round()

    def _final_scoring(self) -> None:
        d = self.d
        for p in range(self.players):
            held = self.tiles[p]
            before = list(held)
            fives = sets_of(held, 5)
            events.score(self, p, fives * d.set_of_five, events.SET_OF_FIVE, fives)
            for i in range(N_PROVINCES):
                self.tile_supply[i] += before[i] - held[i]
            singles = sum(held)
            events.score(self, p, singles * d.single_tile, events.SINGLE_TILE, singles)
        self.phase = OVER
        self.cur = -1

    # ---------------------------------------------------------------- round end
    def start_chooser(self, ended: int) -> int:
        """Four players, after the last rounds but one and two: the seat with the second
        fewest (then the fewest) points chooses; ties go to most cloister members, then to
        the tied seat first in turn order from the start player (not in the rules)."""
        which = 1 if ended == self.d.rounds - 2 else 0
        order = sorted(self.score)
        target = order[which]
        tied = [p for p in range(self.players) if self.score[p] == target]
        monks = [sum(1 for c in self.cloister if c == p) for p in range(self.players)]
        most = max(monks[p] for p in tied)
        tied = [p for p in tied if monks[p] == most]
        n = self.players
        return min(tied, key=lambda p: (p - self.start) % n)

    def _end_round(self) -> None:
        ended = self.round
        self.round += 1
        if self.players == 4 and ended in (self.d.rounds - 2, self.d.rounds - 1):
            self.phase = START
            self.cur = self.start_chooser(ended)
            return
        self.start = self._after(self.start)
        self._begin_round()

    # ================================================================== the contract
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase < RETURN:  # one seat decides in every phase before the scoring
            return SEATS[self.cur]
        if phase == RETURN:
            return tuple(p for p in range(self.players) if self.sealed[p] == NOT_CHOSEN)
        if phase == OVER:
            return ()
        return SEATS[self.cur]

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        if self.phase == RETURN:
            return tuple(A.RETURN[n] for n in self.return_choices(seat))
        return self._opts

    def _compute_legal(self, p: int) -> tuple[Action, ...]:
        phase = self.phase
        if phase in (ACT, MOVING):
            hand = self.hand[p]
            if not any(hand):  # no card: pass, or end the move (it never enters a prince)
                return PASS_ONLY if phase == ACT else STOP_ONLY
            out = []
            prince = self.prince  # our own prince stands in ``here``, never in ``q``
            here = prince[p]
            dragon = hand[DRAGON]
            for q, t in self.d.neighbours[here]:
                if q not in prince:  # the move can end there
                    if hand[t]:
                        out.append(STEP_[q])
                    if dragon:
                        out.append(STEP_DRAGON_[q])
                    continue
                # (the two ways written out: no tuple of pairs built per neighbour)
                if hand[t]:
                    hand[t] -= 1
                    if self._can_end(p, q, hand):
                        out.append(STEP_[q])
                    hand[t] += 1
                if dragon:
                    hand[DRAGON] -= 1
                    if self._can_end(p, q, hand):
                        out.append(STEP_DRAGON_[q])
                    hand[DRAGON] += 1
            if phase == ACT:
                for k in KINDS:
                    if hand[k]:
                        out.append(STAY_[k])
                out.append(PASS_)
            elif prince.count(here) == 1:  # no other prince here: the move may end
                out.append(STOP_)
            return tuple(out)
        if phase == DEPLOY:
            if self.deploy_locked or not self.deploy_left or \
                    not self.spaces[self.prince[p] // 3][p]:
                return DONE_ONLY
            return DEPLOY_OPEN if self.cloister_used else DEPLOY_ANY
        if phase == TAKE:
            return self._take_options(p)
        if phase == PLACE:
            return PLACE_ALL_
        if phase == PRINCE:
            taken = set(self.prince)
            return tuple(A.PRINCE[q] for q in range(N_DISTRICTS) if q not in taken)
        if phase == NEUTRAL:
            nc, cap = self.neutral, self.d.neutral_cap
            return tuple(A.NEUTRAL[q] for q in range(N_DISTRICTS) if self.open[q][nc] < cap)
        if phase == BACK:
            return tuple(A.BACK[q] for q in self._sections_with(p))
        if phase == NEUTRAL_BACK:
            return tuple(A.NEUTRAL_BACK[q] for q in self._sections_with(self.neutral))
        if phase == START:
            return tuple(A.START[s] for s in range(self.players))
        return ()

    def _apply(self, action: Action, p: int) -> None:
        # the kinds in the order random games meet them most (a 4-player game: 120 places,
        # some 75 steps, 45 takes, 45 dragons, 45 dones, ...)
        # (args are typed Any: the locals are annotated so that, compiled, they are native ints)
        kind = action.kind
        if kind == "place":
            i: int = action.args[0]
            self.supply[p] -= 1
            self.spaces[i][p] += 1
            to_place = self.to_place
            to_place[p] -= 1
            after = p + 1 if p + 1 < self.players else 0
            if to_place[after]:  # the usual case, without the search of _next_placer
                self.cur = after
                self._opts = PLACE_ALL_
                return
            self._next_placer()
        elif kind == "step":
            q: int = action.args[0]
            by_dragon: bool = action.args[1]
            self._pay(p, DRAGON if by_dragon else self.d.transport[self.prince[p]][q])
            self.prince[p] = q
            self.phase = MOVING
        elif kind == "take":
            i = action.args[0]  # (an int: declared in the first branch)
            self.hand[p][self.display[i]] += 1
            self._refill(i)
            self._next_taker()
        elif kind == "dragon":
            i = action.args[0]
            self.spaces[i][p] -= 1
            self.boxed[p] += 1
            self.dragons -= 1
            self.hand[p][DRAGON] += 1
            self._next_taker()
        elif kind == "done":
            self._next_actor()
        elif kind == "stop":
            self._enter_deploy(p)
        elif kind == "pass":
            self.passed[p] = True
            self._next_actor()
        elif kind == "stay":
            self._pay(p, action.args[0])
            self._enter_deploy(p)
        elif kind == "deploy":
            dist = self.prince[p]
            self.spaces[dist // 3][p] -= 1
            self.deploy_left -= 1
            if action.args[0]:
                ousted = self.cloister[dist]
                if ousted >= 0:
                    self.open[dist][ousted] += 1
                self.cloister[dist] = p
                self.cloister_used = True
            else:
                self.open[dist][p] += 1
            if not self.deploy_left:  # SEED 3.1: at most three; the deployment ends there
                self._next_actor()
        elif kind == "return":
            self.sealed[p] = action.args[0]
            if NOT_CHOSEN not in self.sealed:
                self._start_returns()
        elif kind == "back":
            self._send_back(action.args[0], p)
            self.owed[p] -= 1
            self._continue_returns()
        elif kind == "neutral_back":
            self._send_back(action.args[0], self.neutral)
            self.neutral_owed -= 1
            self._continue_neutral()
        elif kind == "prince":
            q = action.args[0]
            self.prince[p] = q
            self._gain_tile(p, q // 3, 0)
            if p == self.players - 1:
                if self.neutral >= 0 and self.d.neutral_setup:
                    self.phase = NEUTRAL
                    self.neutral_left = [self.d.neutral_setup] * self.players
                    self.cur = self.start
                else:
                    self.round = 1
                    self._begin_placing()
            else:
                self.cur = p + 1
        elif kind == "neutral":
            q = action.args[0]
            self.supply[self.neutral] -= 1
            self.open[q][self.neutral] += 1
            self.neutral_left[p] -= 1
            other = self._after(p)
            if self.neutral_left[other]:
                self.cur = other
            elif not self.neutral_left[p]:
                if self.round == 0:
                    self.round = 1
                self._begin_placing()
        elif kind == "start":
            self.start = action.args[0]
            self._begin_round()
        phase = self.phase  # _settle, inlined: it runs after every decision
        if phase == PLACE:
            self._opts = PLACE_ALL_
        elif phase in (RETURN, OVER):
            self._opts = ()
        elif phase != TAKE:
            self._opts = self._compute_legal(self.cur)

    def _pay(self, p: int, kind: int) -> None:
        self.hand[p][kind] -= 1
        if kind == DRAGON:
            self.dragons += 1
        else:
            self.discard[kind] += 1

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    # ================================================================== results
    def is_over(self) -> bool:
        return self.phase == OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def ranking(self) -> tuple[int, ...]:
        return places_from_keys(self.score)  # no tie-break in any source: shared places

    def view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.ming_dynasty.view import build_view

        return build_view(self, seat)

    def describe(self, action: Action) -> str:
        from regalia.games.ming_dynasty.text import describe

        return describe(self, action)

    def announce(self, action: Action, seat: int) -> str:
        from regalia.games.ming_dynasty.text import announce

        return announce(self, action)

    def caution(self, action: Action, seat: int) -> str | None:
        from regalia.games.ming_dynasty.text import caution

        return caution(self, action, seat, DEPLOY_MAX)

    def seat_name(self, seat: int) -> str:
        # Seats are named by their family's colour, the letter the board marks them with.
        from regalia.games.ming_dynasty.text import seat_label

        return seat_label(seat)

    def explain_illegal(self, action: Action, seat: int) -> str:
        from regalia.games.ming_dynasty.text import explain_illegal

        return explain_illegal(self, action, seat, self.legal_actions(seat))

    def name_words(self) -> Mapping[str, str]:
        from regalia.games.ming_dynasty.text import name_words

        return name_words(self)

    def check_invariants(self) -> None:
        from regalia.games.ming_dynasty.invariants import check_invariants

        check_invariants(self)

    # ================================================================== copies and JSON
    _LISTS = ("supply", "boxed", "cloister", "prince", "display", "deck", "discard",
              "tile_supply", "score", "to_place", "neutral_left", "sealed", "revealed",
              "owed")
    _TABLES = ("spaces", "open", "city", "hand", "tiles")
    _INTS = ("dragons", "round", "start", "phase", "cur", "deploy_left", "province",
             "neutral_owed")
    _BOOLS = ("deploy_locked", "cloister_used")

    def _copy(self) -> MingState:
        new = MingState.__new__(MingState)
        new.d = self.d
        new.colours = self.colours
        new.neutral = self.neutral
        new.supply = self.supply[:]
        new.boxed = self.boxed[:]
        new.spaces = [r[:] for r in self.spaces]
        new.open = [r[:] for r in self.open]
        new.cloister = self.cloister[:]
        new.city = [r[:] for r in self.city]
        new.prince = self.prince[:]
        new.hand = [r[:] for r in self.hand]
        new.display = self.display[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.dragons = self.dragons
        new.tiles = [r[:] for r in self.tiles]
        new.tile_supply = self.tile_supply[:]
        new.score = self.score[:]
        new.events = self.events  # an immutable chain: shared
        new.round = self.round
        new.start = self.start
        new.phase = self.phase
        new.cur = self.cur
        new.to_place = self.to_place[:]
        new.neutral_left = self.neutral_left[:]
        new.passed = self.passed[:]
        new.deploy_left = self.deploy_left
        new.deploy_locked = self.deploy_locked
        new.cloister_used = self.cloister_used
        new.province = self.province
        new.sealed = self.sealed[:]
        new.revealed = self.revealed[:]
        new.owed = self.owed[:]
        new.neutral_owed = self.neutral_owed
        new._opts = self._opts
        return new

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LISTS}
        for name in self._TABLES:
            out[name] = [list(r) for r in getattr(self, name)]
        for name in self._INTS:
            out[name] = getattr(self, name)
        for name in self._BOOLS:
            out[name] = getattr(self, name)
        out["passed"] = list(self.passed)
        out["events"] = events.flat(self.events)
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        from regalia.engine.i18n import _

        self.d = data_of(self.edition)
        n = self.players
        self.neutral = n if n == 2 else -1
        self.colours = n + (1 if n == 2 else 0)
        for name in self._LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        for name in self._TABLES:
            setattr(self, name, [[int(x) for x in r] for r in data[name]])
        for name in self._INTS:
            setattr(self, name, int(data[name]))
        for name in self._BOOLS:
            setattr(self, name, bool(data[name]))
        self.passed = [bool(x) for x in data["passed"]]
        self.events = events.chain_of(data.get("events", []))  # (saves made before it: none)
        if not 0 <= self.phase < len(PHASE_NAMES):
            raise ValueError(_("unknown phase {phase}").format(phase=self.phase))
        from regalia.games.ming_dynasty.invariants import check_invariants

        try:
            check_invariants(self)
        except (AssertionError, IndexError) as err:
            raise ValueError(_("inconsistent position: {problem}").format(problem=err)) from None
        if self.phase not in (RETURN, OVER) and not 0 <= self.cur < n:
            raise ValueError(_("no seat is to move"))
        if self.phase == RETURN and NOT_CHOSEN not in self.sealed:
            raise ValueError(_("a return choice with nobody left to choose"))
        self._opts = ()
        self._opts = self._compute_legal(self.cur) if self.phase not in (RETURN, OVER) else ()
        if self.phase not in (RETURN, OVER) and not self._opts:
            raise ValueError(_("the seat to move has no legal action"))

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample what ``seat`` cannot see: the return totals other seats have sealed and
        not yet revealed; with ``hand_memory = "counts"`` (not the default) also the others'
        hands, together with the face-down supply."""
        n = self.players
        if self.phase == RETURN:
            for o in range(n):
                if o != seat and self.sealed[o] >= 0:
                    choices = self.return_choices(o)
                    self.sealed[o] = choices[rng.below(len(choices))]
        if self.options["hand_memory"] == "counts":
            self._resample_hands([o for o in range(n) if o != seat], rng)
        if self.phase not in (RETURN, OVER):
            self._opts = self._compute_legal(self.cur)

    def _resample_hands(self, others: list[int], rng: Rng) -> None:
        """Deal the others' hands afresh, sizes kept: their dragons (their total is known
        from the open dragon stack) to random places in them, the rest from the movement
        cards they held and the face-down supply together."""
        sizes = [sum(self.hand[o]) for o in others]
        dragons = sum(self.hand[o][DRAGON] for o in others)
        slots = [i for i, size in enumerate(sizes) for _ in range(size)]
        rng.shuffle(slots)
        # The pool is built from the counts the seat knows (supply and others' cards together),
        # never in the true split's order: two positions the seat cannot tell apart give the
        # same samples for the same stream, so a bot's choice cannot depend on the truth.
        pool = [k for k in range(len(TRANSPORTS))
                for _ in range(self.deck[k] + sum(self.hand[o][k] for o in others))]
        rng.shuffle(pool)
        hands = [[0] * N_KINDS for _ in others]
        for j, i in enumerate(slots):
            if j < dragons:
                hands[i][DRAGON] += 1
            else:
                hands[i][pool.pop()] += 1
        for o, h in zip(others, hands, strict=True):
            self.hand[o] = h
        deck = [0] * len(TRANSPORTS)
        for k in pool:
            deck[k] += 1
        self.deck = deck


__all__ = ["CARD_KINDS", "GAME_ID", "PHASE_NAMES", "MingState"]
