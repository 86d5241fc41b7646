"""ShadowState: the position of a game, and its flow through the setup and the eight phases.

Pieces are plain lists: per Baron/Couple tile its location (see ``places``), age step (0-3 for
15/25/35/45) and side; per knight its spot; per electorate the cities of each seat and the
empire cities. The flow is a stack of small tasks (``tasks``, the next one last): automatic
ones (income, aging, counting an electorate) run at once in ``_run``, which stops at the first
task that asks a seat for a decision; rules that interrupt (an Emperor dying to a Doctor)
push a task on top. Phase-by-phase rules live in ``phases.py``, what may be chosen in
``choices.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.i18n import _
from regalia.engine.rng import Rng
from regalia.engine.state import State, places_from_keys
from regalia.games.shadow_of_the_emperor import choices, events, phases
from regalia.games.shadow_of_the_emperor.board import (  # noqa: F401  (phases re-exported)
    ACTIONS,
    AGING,
    CITIES,
    DESCENDANTS,
    ELECTION,
    EMPEROR,
    EMPIRE_CITIES,
    INCOME,
    K_KNIGHT,
    KNIGHTS,
    N_ELECTORATES,
    N_KINDS,
    NEW_ELECTORS,
    OVER,
    PHASE_NAMES,
    ROUND_END,
    SETUP,
    TILES,
)
from regalia.games.shadow_of_the_emperor.edition import ShadowData, data_of
from regalia.games.shadow_of_the_emperor.places import ARISTOCRAT, ELECTOR, SUPPLY, THRONE

GAME_ID = "shadow-of-the-emperor"


class ShadowState(State):
    """A game of In the Shadow of the Emperor for 2 to 4 players. Seat 0 starts as Emperor."""

    GAME_ID = GAME_ID

    __slots__ = (
        "_movers",
        "_opts",
        "_space",
        "age",
        "arist_used",
        "cap_a",
        "cap_c",
        "cap_city",
        "castle_used",
        "church_target",
        "city",
        "city_cap",
        "couple",
        "d",
        "decided",
        "elector",
        "emperor",
        "events",
        "excomm_target",
        "in_play",
        "kept",
        "knight",
        "knight_arist",
        "last_votes",
        "passed",
        "phase",
        "play_list",
        "rival",
        "round",
        "shop",
        "stacks",
        "tasks",
        "thalers",
        "throne",
        "tiles_on_board",
        "turn",
        "used",
        "votes",
        "vp",
        "where",
    )

    d: ShadowData
    cap_a: tuple[int, ...]      # per electorate: aristocrat spaces (from the edition)
    cap_c: tuple[int, ...]      # per electorate: castle spaces
    cap_city: tuple[int, ...]   # per electorate: city spaces
    city_cap: int               # city spaces on the electorates in play
    play_list: tuple[int, ...]  # the electorates in play
    knight_arist: list[int]     # per electorate: knights on aristocrat spaces (derived)
    shop: choices.Shop          # phase IV's offers as the edition prices them
    # Free aristocrat/castle spots and the mask of electorates an aristocrat could go to,
    # asked on every phase-IV turn but changed only when a tile or knight moves: built on
    # demand by ``choices.space`` and dropped (None) by ``set_where``/``set_knight``.
    _space: tuple[tuple[int, ...], int] | None
    tiles_on_board: int         # tiles on the throne, elector and aristocrat spaces (derived)
    in_play: list[int]          # per electorate: 1, or 0 when out of play (2 players)
    where: list[int]            # per tile (seat * 7 + i): its location (places.py)
    age: list[int]              # per tile: 0-3 for 15/25/35/45 (0 in supply)
    couple: list[int]           # per tile: 1 on its Couple side
    knight: list[int]           # per knight (seat * 3 + i): SUPPLY or a spot
    city: list[list[int]]       # [electorate][owner]: cities; owner 4 = empire cities
    elector: list[int]          # per electorate: the elector tile, or -1
    throne: int                 # the tile on the throne (-1 only while it is replaced)
    emperor: int                # the seat holding the Emperor marker
    arist_used: list[int]       # per electorate: occupied aristocrat spaces
    castle_used: list[int]
    thalers: list[int]
    vp: list[int]
    stacks: list[int]           # per card kind: cards left in its stack
    kept: list[list[int]]       # [seat][kind]: cards in front of a seat (bought this round)
    used: int                   # bit e: the privilege of electorate e was used this round
    passed: int                 # bit s: seat s has passed in phase IV
    turn: int                   # the seat on turn in phase IV
    rival: int                  # the seat that took the Rival this round, or -1
    church_target: int          # the archdiocese named for Church influence, or -1
    excomm_target: int          # the secular electorate named for Excommunication, or -1
    votes: list[int]            # sealed votes: -1 none, 0 Emperor, 1 Rival
    last_votes: list[int]       # the last election's revealed votes (-1: did not vote)
    round: int
    phase: int
    tasks: list[tuple[Any, ...]]
    events: events.Chain        # what happened without a choice (events.py), newest last
    decided: int                # decisions made so far (where an event goes among them)
    _opts: tuple[Action, ...]
    _movers: tuple[int, ...]     # to_move(), kept with _opts

    # ================================================================== setup
    def _setup(self) -> None:
        d = self.d = data_of(self.edition)
        n = self.players
        self.in_play = [1] * N_ELECTORATES
        if n == 2:
            # The electorates on the backs of one drawn Doctor and one drawn Permit are out.
            phases.remove_two_player_electorates(self)
        self._link_board()
        self.knight_arist = [0] * N_ELECTORATES
        self.tiles_on_board = 0
        self.where = [SUPPLY] * (n * TILES)
        self.age = [0] * (n * TILES)
        self.couple = [0] * (n * TILES)
        self.knight = [SUPPLY] * (n * KNIGHTS)
        self.city = [[0] * 5 for _ in range(N_ELECTORATES)]
        self.elector = [-1] * N_ELECTORATES
        self.arist_used = [0] * N_ELECTORATES
        self.castle_used = [0] * N_ELECTORATES
        self.thalers = [d.start_thalers] * n
        self.vp = [0] * n
        self.stacks = [kind.count(n) for kind in d.cards]
        self.kept = [[0] * N_KINDS for _ in range(n)]
        self.used = 0
        self.passed = 0
        self.turn = 0
        self.rival = -1
        self.church_target = -1
        self.excomm_target = -1
        self.votes = [-1] * n
        self.last_votes = []
        self.events = None
        self.decided = 0
        self.round = 1
        self.phase = SETUP
        self.emperor = 0
        # The Emperor's 45-year-old Baron goes onto the throne first (start position card).
        self.throne = -1
        self.set_where(0, THRONE)
        self.age[0] = 3
        self.tasks = phases.setup_tasks(self)
        self._run()

    def _link_board(self) -> None:
        """The edition's space counts and the electorates in play, as plain tuples."""
        d = self.d
        self.cap_a = tuple(e.aristocrat for e in d.electorates)
        self.cap_c = tuple(e.castle for e in d.electorates)
        self.cap_city = tuple(e.city for e in d.electorates)
        self.play_list = tuple(e for e in range(N_ELECTORATES) if self.in_play[e])
        self.city_cap = sum(d.electorates[e].city for e in self.play_list)
        self.shop = choices.shop_of(d.cards, d.thaler_cap)
        self._space = None

    def _count_board(self) -> None:
        self.knight_arist = [0] * N_ELECTORATES
        for spot in self.knight:
            if spot >= 0 and not spot & 1:
                self.knight_arist[spot >> 1] += 1
        self.tiles_on_board = sum(1 for loc in self.where if loc >= 0)

    # ================================================================== flow
    def _run(self) -> None:
        """Carry out automatic tasks until one asks for a decision (or the game ends)."""
        tasks = self.tasks
        while tasks:
            task = tasks[-1]
            name: str = task[0]
            if name == "turn":  # the most common decision by far
                self._opts = choices.turn_options(self, task)
                self._movers = (task[1],)
                return
            auto = phases.AUTOMATIC.get(name)
            if auto is not None:
                tasks.pop()
                auto(self, task)
                continue
            # (choices.options and _movers_of, written out: a decision is asked here often)
            opts = tuple(choices.OPTIONS[name](self, task))
            if opts:
                self._opts = opts
                self._movers = (task[1],) if name != "vote" else self._movers_of(task)
                return
            tasks.pop()
            phases.no_choice(self, task)
        self.phase = OVER
        self._opts = ()
        self._movers = ()

    def _movers_of(self, task: tuple[Any, ...]) -> tuple[int, ...]:
        if task[0] == "vote":
            return tuple(s for s in range(self.players) if task[1] >> s & 1
                         and self.votes[s] < 0)
        return (task[1],)

    def to_move(self) -> tuple[int, ...]:
        return self._movers

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        return self._opts  # a tuple: the base copies none

    def _apply(self, action: Action, seat: int) -> None:
        self.decided += 1
        task = self.tasks[-1]
        name: str = task[0]
        if name == "vote":
            self.votes[seat] = action.args[0]
            self._movers = self._movers_of(task)
            if self._movers:
                return
            self.tasks.pop()
            phases.count_votes(self)
        else:
            self.tasks.pop()
            phases.decide(self, task, action, seat)
        self._run()

    # ================================================================== pieces
    def tiles_of(self, seat: int) -> range:
        return range(seat * TILES, seat * TILES + TILES)

    def supply_tile(self, seat: int) -> int:
        """The first of ``seat``'s tiles in supply, or -1."""
        where = self.where
        for t in range(seat * TILES, seat * TILES + TILES):
            if where[t] == SUPPLY:
                return t
        return -1

    def set_where(self, tile: int, loc: int) -> None:
        """Move a tile, keeping the space counters and the elector and throne fields."""
        where = self.where
        old = where[tile]
        # Locations below 0 are off the board; then 0 throne, 10s elector, 20s aristocrat,
        # 30s eminence (places.py): tested from the top down.
        if old >= 0:
            self.tiles_on_board -= 1
            if old >= ARISTOCRAT:
                if old < ARISTOCRAT + 10:
                    self.arist_used[old - ARISTOCRAT] -= 1
                    self._space = None
            elif old >= ELECTOR:
                self.elector[old - ELECTOR] = -1
            elif old == THRONE and self.throne == tile:
                self.throne = -1
        where[tile] = loc
        if loc >= 0:
            self.tiles_on_board += 1
            if loc >= ARISTOCRAT:
                if loc < ARISTOCRAT + 10:
                    self.arist_used[loc - ARISTOCRAT] += 1
                    self._space = None
            elif loc >= ELECTOR:
                self.elector[loc - ELECTOR] = tile
            elif loc == THRONE:
                self.throne = tile
        if loc == SUPPLY:
            self.age[tile] = 0
            self.couple[tile] = 0

    def set_knight(self, k: int, spot: int) -> None:
        self._space = None
        old = self.knight[k]
        if old >= 0:
            if old & 1:
                self.castle_used[old >> 1] -= 1
            else:
                self.arist_used[old >> 1] -= 1
                self.knight_arist[old >> 1] -= 1
        self.knight[k] = spot
        if spot >= 0:
            if spot & 1:
                self.castle_used[spot >> 1] += 1
            else:
                self.arist_used[spot >> 1] += 1
                self.knight_arist[spot >> 1] += 1

    def free_arist(self, e: int) -> int:
        return self.d.electorates[e].aristocrat - self.arist_used[e]

    def any_free_city(self) -> bool:
        # Cities stand only on electorates in play, so one total says it.
        return sum(map(sum, self.city)) < self.city_cap

    def free_castle(self, e: int) -> int:
        return self.d.electorates[e].castle - self.castle_used[e]

    def free_city(self, e: int) -> int:
        return self.d.electorates[e].city - sum(self.city[e])

    def empire_supply(self) -> int:
        return EMPIRE_CITIES - sum(c[4] for c in self.city)

    def city_supply(self, seat: int) -> int:
        return CITIES - sum(map(itemgetter(seat), self.city))

    def gain_thalers(self, seat: int, amount: int) -> None:
        """Money above the track's end is lost, whatever brought it (rules question A15)."""
        self.thalers[seat] = min(self.d.thaler_cap, self.thalers[seat] + amount)

    def order_from_emperor(self) -> list[int]:
        n = self.players
        return [(self.emperor + i) % n for i in range(n)]

    def holder(self, e: int) -> int:
        """The seat whose aristocrat is elector of ``e``, or -1."""
        t = self.elector[e]
        return -1 if t < 0 else t // TILES

    # ================================================================== end and scores
    def is_over(self) -> bool:
        return not self.tasks

    def scores(self) -> tuple[int, ...]:
        return tuple(self.vp)

    def ranking(self) -> tuple[int, ...]:
        if self.options["winner_tiebreak"] == "thalers":
            return places_from_keys([(self.vp[p], self.thalers[p]) for p in range(self.players)])
        return places_from_keys(self.vp)

    # ================================================================== views and text
    def view(self, seat: int | None) -> dict[str, Any]:
        from regalia.games.shadow_of_the_emperor.view import build_view

        return build_view(self, seat)

    def describe(self, action: Action) -> str:
        from regalia.games.shadow_of_the_emperor.text import describe

        return describe(self, action)

    def choice_group(self, action: Action) -> tuple[str, str] | None:
        from regalia.games.shadow_of_the_emperor.text import choice_group

        return choice_group(self, action)

    def announce(self, action: Action, seat: int) -> str:
        from regalia.games.shadow_of_the_emperor.text import announce

        return announce(self, action, seat)

    def seat_name(self, seat: int) -> str:
        from regalia.games.shadow_of_the_emperor.text import seat_colour

        return seat_colour(seat)

    def explain_illegal(self, action: Action, seat: int) -> str:
        from regalia.games.shadow_of_the_emperor.refusals import explain_illegal

        return explain_illegal(self, action, seat)

    def name_words(self) -> Mapping[str, str]:
        from regalia.games.shadow_of_the_emperor.refusals import name_words

        return name_words(self)

    def check_invariants(self) -> None:
        from regalia.games.shadow_of_the_emperor.invariants import check_invariants

        check_invariants(self)

    # ================================================================== copy, JSON, hidden
    _LISTS = ("in_play", "where", "age", "couple", "knight", "elector", "arist_used",
              "castle_used", "thalers", "vp", "stacks", "votes", "last_votes")
    _TABLES = ("city", "kept")
    _INTS = ("throne", "emperor", "used", "passed", "turn", "rival", "church_target",
             "excomm_target", "round", "phase")

    def _copy(self) -> ShadowState:
        new = ShadowState.__new__(ShadowState)
        new.d = self.d
        new.cap_a = self.cap_a
        new.cap_c = self.cap_c
        new.cap_city = self.cap_city
        new.city_cap = self.city_cap
        new.play_list = self.play_list
        new.shop = self.shop
        new.knight_arist = self.knight_arist[:]
        new.tiles_on_board = self.tiles_on_board
        new.in_play = self.in_play  # never changed after setup
        new.where = self.where[:]
        new.age = self.age[:]
        new.couple = self.couple[:]
        new.knight = self.knight[:]
        new.city = [c[:] for c in self.city]
        new.elector = self.elector[:]
        new.arist_used = self.arist_used[:]
        new.castle_used = self.castle_used[:]
        new.thalers = self.thalers[:]
        new.vp = self.vp[:]
        new.stacks = self.stacks[:]
        new.kept = [k[:] for k in self.kept]
        new.votes = self.votes[:]
        new.last_votes = self.last_votes
        new.throne = self.throne
        new.emperor = self.emperor
        new.used = self.used
        new.passed = self.passed
        new.turn = self.turn
        new.rival = self.rival
        new.church_target = self.church_target
        new.excomm_target = self.excomm_target
        new.round = self.round
        new.phase = self.phase
        new.tasks = self.tasks[:]
        new.events = self.events  # an immutable chain: shared
        new.decided = self.decided
        new._opts = self._opts
        new._space = self._space  # a tuple: shared until either copy moves a piece
        new._movers = self._movers
        return new

    def _dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {name: list(getattr(self, name)) for name in self._LISTS}
        for name in self._TABLES:
            out[name] = [list(r) for r in getattr(self, name)]
        for name in self._INTS:
            out[name] = getattr(self, name)
        out["tasks"] = [list(t) for t in self.tasks]
        out["events"] = [list(e) for e in events.entries(self.events)]
        out["decided"] = self.decided
        return out

    def _load(self, data: Mapping[str, Any]) -> None:
        self.d = data_of(self.edition)
        for name in self._LISTS:
            setattr(self, name, [int(x) for x in data[name]])
        for name in self._TABLES:
            setattr(self, name, [[int(x) for x in r] for r in data[name]])
        for name in self._INTS:
            setattr(self, name, int(data[name]))
        self.tasks = [phases.checked_task(t) for t in data["tasks"]]
        self.events = events.chain_of(data.get("events", []))  # (saves made before it: none)
        self.decided = int(data.get("decided", 0))
        self._link_board()
        self._count_board()
        from regalia.games.shadow_of_the_emperor.invariants import check_invariants

        try:
            check_invariants(self)
        except AssertionError as err:
            raise ValueError(_("inconsistent position: {reason}").format(reason=err)) from None
        self._opts = ()
        self._movers = ()
        if self.tasks:
            self._opts = choices.options(self, self.tasks[-1])
            self._movers = self._movers_of(self.tasks[-1])
            if not self._opts or not self._movers:
                raise ValueError(_("inconsistent position: the seat to move has no choice"))

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Resample what ``seat`` cannot see: the sealed votes of others not yet revealed.
        Victory points stay exact even with ``points=hidden``: every point is won in the
        open (rules question N19), so a seat with perfect memory knows them all."""
        for s in range(self.players):
            if s != seat and self.votes[s] >= 0:
                self.votes[s] = rng.below(2)
        if self.tasks:
            self._opts = choices.options(self, self.tasks[-1])
            self._movers = self._movers_of(self.tasks[-1])

    @property
    def opts(self) -> tuple[Action, ...]:
        return self._opts
