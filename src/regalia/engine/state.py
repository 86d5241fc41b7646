"""The State contract every game keeps (see DESIGN.md), and the machinery games share.

A game subclasses :class:`State` and fills in the hooks marked *game hook*: ``_setup``,
``to_move``, ``_legal_actions``, ``_apply``, ``is_over``, ``scores``, ``view``, ``_copy``,
``_dump``/``_load`` and ``_determinize``. The base class does the rest: seat and action checks
(so an illegal action leaves the state untouched), the legal-action cache, chance draws that
go into the record (or come from a script when replaying), history, JSON, cloning.

What the base class guarantees callers, bots and front ends alike:

* ``apply`` refuses a seat that is not a whole number of this game (``True``, ``1.0``, ``"0"``)
  and an action that is not one of this game's (another game's, any other object) with
  :class:`IllegalAction` / :class:`MalformedAction`, quoting at most a short prefix of it, and
  the state does not change;
* ``options`` and ``edition`` are read-only and shared by clones and samples, so no sample,
  clone or bot can change another game (or the cached built-in edition);
* a determinized sample carries no history and a seed of its own, drawn from the sampler's
  random stream: nothing in it leads back to the real game's deal;
* ``from_json`` treats its input as untrusted (see :mod:`regalia.engine.saved`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeGuard, TypeVar

from regalia.engine.actions import Action
from regalia.engine.compiling import mypyc_attr
from regalia.engine.errors import (
    IllegalAction,
    InvalidOption,
    InvalidRecord,
    MalformedAction,
    RegaliaError,
    quoted,
)
from regalia.engine.i18n import _
from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.engine.edition import Edition
    from regalia.engine.record import Record
    from regalia.engine.registry import GameInfo

T = TypeVar("T")
S = TypeVar("S", bound="State")

STATE_FORMAT = "regalia-state/1"
CHANCE: Final = -1  # the "seat" of chance entries in the history

# History is a persistent linked list so clone() shares it in O(1): each node is the previous
# node followed by the entry's own fields, (previous, seat, action) or (previous, CHANCE, label,
# outcome), one tuple per entry; ``node[1:]`` is the entry.
History = tuple[Any, ...] | None

# Put among supplied chance outcomes, this entry makes the draw that meets it raise
# ChanceWanted instead of drawing: how a front end learns what to ask a physical table.
ASK_LABEL = "\x00ask"
ASK: tuple[str, Any] = (ASK_LABEL, None)


class ChanceWanted(Exception):
    """A draw met :data:`ASK` among the supplied outcomes: its label and population.

    Not a :class:`RegaliaError`: it never reaches a user as an error, only a front end that
    asked for it (see :meth:`State.pending_draw`)."""

    def __init__(self, label: str, population: Sequence[Any]) -> None:
        super().__init__(label)
        self.label = label
        self.population = tuple(population)


@mypyc_attr(allow_interpreted_subclasses=True)  # games may live outside the package
class State:
    """A position of a game, with everything the rules need to go on from it."""

    GAME_ID: ClassVar[str]
    _info: ClassVar[GameInfo | None] = None

    __slots__ = ("_hist", "_legal", "_rng", "_script", "edition", "options", "players", "seed")

    players: int
    seed: int
    options: Mapping[str, Any]  # read-only (a proxy over a private dict), shared by clones
    edition: Edition
    _rng: Rng
    _script: list[tuple[str, Any]] | None
    _hist: History
    _legal: dict[int, tuple[Action, ...]]

    # ------------------------------------------------------------------ construction
    @classmethod
    def info(cls) -> GameInfo:
        """The registry entry of this state's game."""
        if cls._info is None:
            from regalia.engine.registry import get_game

            cls._info = get_game(cls.GAME_ID)
        return cls._info

    @classmethod
    def new(
        cls: type[S],
        players: object,
        *,
        seed: object = None,
        edition: str | Path | Edition | None = None,
        options: Mapping[str, Any] | None = None,
        chance: Sequence[tuple[str, Any]] | None = None,
    ) -> S:
        """A new game. ``chance`` supplies the first chance outcomes (label, outcome)."""
        from regalia.engine.edition import Edition

        # ``players`` and ``seed`` are typed ``object``: they come from users, and compiled with
        # mypyc an ``int`` parameter would turn True into 1 and refuse "3" with a bare
        # TypeError before the checks below could give their clear errors.
        info = cls.info()
        count = info.check_players(players)
        resolved = info.resolve_options(options or {})
        if seed is None:
            seed = fresh_seed()
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidOption(_("the seed must be a whole number, not {value}").format(
                value=quoted(seed)))
        ed = edition if isinstance(edition, Edition) else info.load_edition(edition)
        state = cls.__new__(cls)
        state.players = count
        state.seed = seed
        state.options = MappingProxyType(resolved)
        state.edition = ed
        state._rng = Rng(seed)
        state._script = list(reversed(chance)) if chance else None
        state._hist = None
        state._legal = {}
        state._setup()
        return state

    # ------------------------------------------------------------------ game hooks
    def _setup(self) -> None:
        """*Game hook*: lay out the components (chance through :meth:`_draw`)."""
        raise NotImplementedError

    def to_move(self) -> tuple[int, ...]:
        """*Game hook*: the seats that may act now (several during a sealed choice)."""
        raise NotImplementedError

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        """*Game hook*: the legal actions of a seat that is to move, in a stable order.

        A ``Sequence``, not a ``list``: games hand out a cached tuple, and compiled code
        (mypyc) checks a declared ``list`` at run time and raises on the tuple."""
        raise NotImplementedError

    def _apply(self, action: Action, seat: int) -> None:
        """*Game hook*: carry out an action already known to be legal."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """*Game hook*."""
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        """*Game hook*: each seat's score (the running score before the end)."""
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        """*Game hook*: all that ``seat`` may know (``None``: a spectator), JSON-ready."""
        raise NotImplementedError

    def observe(self, seat: int | None) -> dict[str, Any]:
        """``view(seat)`` without its ``"log"`` entry: what a learner's encoder reads.

        A view models perfect memory, so its log grows through the game and rendering its
        sentences again at every call is most of a view's cost; observation encoders read the
        board, never the log. The result must equal ``view(seat)`` with ``"log"`` removed
        (tests check it on every game); games whose view has a log override this to skip
        building it."""
        out = self.view(seat)
        out.pop("log", None)
        return out

    def _copy(self: S) -> S:
        """*Game hook*: a new instance with the game's own fields copied (base fields are
        copied by :meth:`clone`)."""
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        """*Game hook*: the game's own fields as JSON-ready data, hidden parts included."""
        raise NotImplementedError

    def _load(self, data: Mapping[str, Any]) -> None:
        """*Game hook*: fill the game's own fields from :meth:`_dump` output."""
        raise NotImplementedError

    def _catch_up(self, version: str) -> None:
        """*Game hook*, for games whose ``GameInfo.older_rules`` is not empty: a game being
        replayed from a record of the older rules ``version`` is about to take its next
        recorded decision (or has taken its last): make, with :meth:`apply`, the decisions
        this version asks for that ``version`` did not (forced there: one choice then, or what
        the old rules did unasked, as Palais Royal's version 2 took the Mint's gold)."""

    def _determinize(self, seat: int, rng: Rng) -> None:
        """*Game hook*: resample, in place, everything hidden from ``seat``."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """*Game hook*: raise AssertionError if a conservation law is broken (pieces, cards,
        coins neither made nor lost). The conformance suite calls it after every step."""

    def ranking(self) -> tuple[int, ...]:
        """Each seat's place (1 = first; equal places share). Games add tie-breakers.

        Where an opponent that is no seat takes part (a solo game's automaton), places count
        it too: a solo player who lost to it is placed 2 (see :meth:`automata`)."""
        return places_from_keys(self.scores())

    def automata(self) -> int:
        """How many opponents that are no seat (played by the rules) take part in the
        ranking; 0 in most games."""
        return 0

    def describe(self, action: Action) -> str:
        """A sentence a person reads for an action (games say it better)."""
        return action.text

    def announce(self, action: Action, seat: int) -> str:
        """What the other seats learn when ``seat`` takes ``action`` (ask before applying it).

        The full :meth:`describe` unless the rules keep part of the move secret (a card taken
        back unseen): games hide that here. Choices sealed until every seat has chosen are the
        front end's to hide, as it sees several seats in ``to_move()``."""
        return self.describe(action)

    def choice_group(self, action: Action) -> tuple[str, str] | None:
        """*Game hook*: where a list of choices is short of room, a heading that says once
        what this choice shares with others of its kind ("Take a card from the display
        (workers turn your 3 into its row):") and the choice's own words under it ("ship
        (6), row 2, 1 worker"); None: the choice is listed as :meth:`describe` says it."""
        return None

    def caution(self, action: Action, seat: int) -> str | None:
        """A sentence to confirm before ``seat`` takes a legal but likely mistaken
        ``action`` (ending a turn with pieces still to place), or None; front ends ask."""
        return None

    def action_numbers(self, seat: int) -> tuple[int, ...] | None:
        """The numbers a front end shows for ``legal_actions(seat)``, one each in that order,
        where the game has natural ones (El Grande's action-card stacks); None: 1, 2, 3…"""
        return None

    def seat_name(self, seat: int) -> str:
        """The seat as a person reads it, in the language in force ("Player 1", "玩家1")."""
        return _("Player {n}").format(n=seat + 1)

    def name_words(self) -> Mapping[str, str]:
        """The names a person may type for the words of the notation, in every language the
        game speaks ({"Köln": "koeln", "科隆": "koeln"}): front ends read typed actions with
        them (``regalia.engine.reading``). None by default: the notation's own words."""
        return {}

    def explain_illegal(self, action: Action, seat: int) -> str:
        """Why ``action`` is not legal for ``seat`` now (games give the rule)."""
        legal = self.legal_actions(seat)
        shown = ", ".join(a.text for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        return _("{action} is not legal for {seat} now; legal: {legal}").format(
            action=quoted(action.text), seat=self.seat_name(seat), legal=shown)

    # ------------------------------------------------------------------ the contract
    # ``seat`` (and ``apply``'s arguments) typed ``object``, for the reason given in ``new``.
    def legal_actions(self, seat: object = None) -> tuple[Action, ...]:
        """Every legal action of ``seat`` (default: the one seat to move), stable order."""
        # type(), not __class__: compiled, the attribute is a generic look-up by name, type()
        # one pointer read
        if type(seat) is int:  # the common case first: one class test, one look-up
            cached = self._legal.get(seat)
            if cached is not None:
                return cached
        elif seat is None:
            movers = self.to_move()
            if len(movers) != 1:
                return ()
            return self._mover_actions(movers[0])  # a mover: no second to_move()
        elif not _is_seat_number(seat):
            raise IllegalAction(_("a seat is a whole number, not {value}").format(
                value=quoted(seat)))
        cached = tuple(self._legal_actions(seat)) if seat in self.to_move() else ()
        self._legal[seat] = cached
        return cached

    def _mover_actions(self, seat: int) -> tuple[Action, ...]:
        """The legal actions of ``seat``, which the caller has just read in ``to_move()``.

        For the engine's own loops (the random playout), which would otherwise ask
        ``to_move()`` twice per decision; the seat is not checked, so callers outside the
        engine use :meth:`legal_actions`."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = tuple(self._legal_actions(seat))
        return cached

    def apply(self, action: object, seat: object = None) -> None:
        """Carry out ``action`` for ``seat``; an illegal one raises and changes nothing.

        ``action`` is one of this game's actions, its notation, or its code; anything else
        (another game's action, any other object) raises :class:`MalformedAction`."""
        # Fast path: the seat's legal actions are cached and not empty, so it is a mover (the
        # cache only holds movers' actions, and every change of state empties it), and the
        # action is one of them. Only an exact int seat and an exact Action may take it, so
        # True, 1.0, forged objects and text all go the checked way below.
        if type(seat) is int and type(action) is Action:
            legal = self._legal.get(seat)
            if legal and action in legal:
                self._legal = {}
                if self._script:
                    self._apply_scripted(action, seat)
                    return
                self._hist = (self._hist, seat, action)
                self._apply(action, seat)
                return
        movers = self.to_move()
        if not movers:
            raise IllegalAction(_("the game is over"))
        if seat is None:
            if len(movers) != 1:
                names = ", ".join(self.seat_name(s) for s in movers)
                raise IllegalAction(_("several seats choose now ({names}); say which seat acts")
                                    .format(names=names))
            seat = movers[0]
        elif type(seat) is not int and not _is_seat_number(seat):
            raise IllegalAction(_("a seat is a whole number, not {value}").format(
                value=quoted(seat)))
        elif seat not in movers:
            if not 0 <= seat < self.players:
                raise IllegalAction(_("there is no seat {seat} in a {n}-player game").format(
                    seat=quoted(seat), n=self.players))
            names = ", ".join(self.seat_name(s) for s in movers)
            raise IllegalAction(_("it is not {seat}'s turn (to move: {names})").format(
                seat=self.seat_name(seat), names=names))
        if type(action) is not Action:
            action = self.parse_action(action) if isinstance(action, str) else \
                self.decode(action)
        legal = self._legal.get(seat)
        if legal is None:  # seat is known to be a mover: no need to ask to_move() again
            legal = self._legal[seat] = tuple(self._legal_actions(seat))
        if action not in legal:  # (an action equal to a legal one is that action)
            table = self.info().actions
            if not table.owns(action):  # another game's, or forged: games cannot explain it
                raise MalformedAction(_("{action} is not an action of {game}").format(
                    action=quoted(action), game=table.game_id))
            raise IllegalAction(self.explain_illegal(action, seat))
        self._legal = {}
        if self._script:
            self._apply_scripted(action, seat)
            return
        self._hist = (self._hist, seat, action)
        self._apply(action, seat)

    def _play(self, action: Action, seat: int) -> None:
        """Carry out ``action``, one of :meth:`_mover_actions` of ``seat`` just read.

        For the engine's own loops (the random playout, a search's rollouts): what
        :meth:`apply` does once it has found the action legal, without looking for it among
        the legal actions again (a scan of the tuple per decision). Callers outside the engine
        use :meth:`apply`."""
        self._legal = {}
        if self._script:
            self._apply_scripted(action, seat)
            return
        self._hist = (self._hist, seat, action)
        self._apply(action, seat)

    def _apply_scripted(self, action: Action, seat: int) -> None:
        # Outcomes supplied from outside may not fit the draw; keep apply atomic.
        backup = self.clone()
        self._hist = (self._hist, seat, action)
        try:
            self._apply(action, seat)
        except BaseException:
            self._restore(backup)
            raise

    def clone(self: S) -> S:
        """An independent copy (history is shared: it is immutable)."""
        new = self._copy()
        new.players = self.players
        new.seed = self.seed
        new.options = self.options
        new.edition = self.edition
        new._rng = self._rng.copy()
        script = self._script
        new._script = list(script) if script else None
        new._hist = self._hist
        legal = self._legal  # the cached tuples are immutable: the copy shares them
        new._legal = legal.copy() if legal else {}
        return new

    def determinize(self: S, seat: int, rng: random.Random | Rng | int) -> S:
        """A full state that agrees with ``view(seat)``, its hidden parts sampled afresh.

        The sample carries no history (that would tell what ``seat`` may not know), so it has
        no record; it plays on with its own seed and random stream drawn from ``rng`` (the real
        seed would let a bot rebuild the deal).
        """
        r = _as_rng(rng)
        new = self.clone()
        stream = r.next64()
        new.seed = stream  # the sample's own seed: a fresh value, nothing of the real one
        new._rng = Rng(stream)
        new._script = None
        new._hist = (None, CHANCE, "determinized", seat)
        new._determinize(seat, r)
        new._legal = {}  # legal actions may depend on what was resampled (others' hands)
        return new

    @property
    def is_determinized(self) -> bool:
        first = self._first_history_entry()
        return first is not None and first[0] == CHANCE and first[1] == "determinized"

    # ------------------------------------------------------------------ encoding
    def parse_action(self, text: str) -> Action:
        return self.info().actions.parse(text)

    def action_count(self) -> int:
        return self.info().actions.action_count

    def encode(self, action: Action) -> int:
        return self.info().actions.encode(action)

    def decode(self, code: object) -> Action:
        return self.info().actions.decode(code)

    # ------------------------------------------------------------------ chance
    def _draw(self, label: str, population: Sequence[T]) -> T:
        """Draw one item of ``population`` (a multiset) by chance, and record it."""
        if not population:
            raise ValueError(f"nothing left to draw for '{label}'")
        i = self._rng.below(len(population))  # advanced even when scripted: replays match
        script = self._script
        if script:
            want, given = script.pop()
            if want is ASK_LABEL:
                raise ChanceWanted(label, population)
            outcome = _fitting(population, given) if want == label else _NO_FIT
            if outcome is _NO_FIT:
                possible = ", ".join(sorted({str(p) for p in population}))
                possible = possible if len(possible) < 200 else possible[:200] + "…"
                raise InvalidRecord(
                    _("chance outcome {label}={outcome} does not fit the draw '{draw}' "
                      "(possible: {possible})").format(label=quoted(want), outcome=quoted(given),
                                                       draw=label, possible=possible))
        else:
            outcome = population[i]
        self._hist = (self._hist, CHANCE, label, outcome)
        return outcome  # type: ignore[return-value]

    def supply_chance(self, outcomes: Sequence[tuple[str, Any]]) -> None:
        """Decide the next chance outcomes from outside (a physical table, a search tree).

        Each is ``(label, outcome)``; one that does not fit its draw makes the action that
        drew it raise :class:`InvalidRecord` and leaves the state as it was.
        """
        pending = list(reversed(outcomes))
        self._script = pending + (self._script or [])

    def pending_draw(
        self, action: Action | str, seat: int, outcomes: Sequence[tuple[str, Any]] = ()
    ) -> tuple[str, tuple[Any, ...]] | None:
        """The chance draw that applying ``action`` for ``seat`` makes after ``outcomes`` are
        used up: ``(label, population)`` (a multiset), or None when they complete the action.

        Changes nothing; illegal actions raise as :meth:`apply` does, outcomes that do not fit
        raise :class:`InvalidRecord`, and so do outcomes the action does not draw."""
        probe = self.clone()
        probe._script = [ASK, *reversed(outcomes)]
        try:
            probe.apply(action, seat)
        except ChanceWanted as wanted:
            return wanted.label, wanted.population
        _check_used_up(probe._script)
        return None

    @classmethod
    def pending_setup_draw(
        cls, players: int, *, seed: int, edition: str | Path | Edition | None = None,
        options: Mapping[str, Any] | None = None,
        outcomes: Sequence[tuple[str, Any]] = (),
    ) -> tuple[str, tuple[Any, ...]] | None:
        """As :meth:`pending_draw`, for the draws of setting up a game (:meth:`new`)."""
        try:
            state = cls.new(players, seed=seed, edition=edition, options=options,
                            chance=[*outcomes, ASK])
        except ChanceWanted as wanted:
            return wanted.label, wanted.population
        _check_used_up(state._script)
        return None

    # ------------------------------------------------------------------ history and records
    def _history(self) -> list[tuple[Any, ...]]:
        out = []
        node = self._hist
        while node is not None:
            out.append(node[1:])
            node = node[0]
        out.reverse()
        return out

    def _first_history_entry(self) -> tuple[Any, ...] | None:
        node, entry = self._hist, None
        while node is not None:
            entry = node[1:]
            node = node[0]
        return entry

    def moves(self) -> list[dict[str, Any]]:
        """Every action and chance outcome so far, in order, as record entries."""
        if self.is_determinized:
            raise RegaliaError(_("a determinized sample has no history"))
        return [
            {"chance": e[1], "outcome": e[2]} if e[0] == CHANCE
            else {"seat": e[0], "action": e[1].text}
            for e in self._history()
        ]

    def record(self, **meta: Any) -> Record:
        """The game record: replays this game exactly with :func:`regalia.replay`."""
        from regalia.engine.record import Record

        info = self.info()
        result = None
        if self.is_over():
            result = {"scores": list(self.scores()), "ranking": list(self.ranking())}
        return Record(
            game=info.id,
            rules_version=info.rules_version,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            edition=self.edition.record_entry(),
            moves=self.moves(),
            result=result,
            meta=dict(meta),
        )

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        info = self.info()
        return {
            "format": STATE_FORMAT,
            "game": info.id,
            "rules_version": info.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "edition": self.edition.record_entry(),
            "rng": self._rng.state,
            # a slice, not reversed(): mypyc 2.4 fails on reversed() of a list of tuples of Any
            "script": [list(e) for e in self._script[::-1]] if self._script else None,
            "history": [
                [e[0], e[1], e[2]] if e[0] == CHANCE else [e[0], e[1].text]
                for e in self._history()
            ],
            "state": self._dump(),
        }

    def to_json(self) -> str:
        """The full state, hidden parts included, as JSON text (stable key order)."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(data: str | bytes | Mapping[str, Any]) -> State:
        """The state saved by :meth:`to_json` (or :meth:`to_dict`), checked as untrusted
        input: anything malformed or inconsistent raises one :class:`InvalidRecord`."""
        from regalia.engine.saved import load_state

        return load_state(data)

    # ------------------------------------------------------------------ helpers
    def _restore(self, other: State) -> None:
        for cls in type(self).__mro__:
            # a class compiled by mypyc lists its attributes in __mypyc_attrs__ (its
            # __slots__, if any, is not what holds them)
            names: Any = cls.__dict__.get("__mypyc_attrs__") or getattr(cls, "__slots__", ())
            for name in (names,) if isinstance(names, str) else names:
                if name != "__dict__" and hasattr(other, name):
                    setattr(self, name, getattr(other, name))
        if hasattr(other, "__dict__"):
            self.__dict__.clear()
            self.__dict__.update(other.__dict__)

    def __repr__(self) -> str:
        over = "over" if self.is_over() else f"to move {self.to_move()}"
        return f"<{type(self).__name__} {self.info().id} {self.players}p {over}>"


def places_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places (1 = best) from comparable keys, higher better; equal keys share a place."""
    return tuple(1 + sum(1 for other in keys if other > k) for k in keys)


def _is_seat_number(seat: object) -> TypeGuard[int]:
    """An int that is no bool (an ``IntEnum`` seat is fine; ``True`` and ``1.0`` are not)."""
    return isinstance(seat, int) and not isinstance(seat, bool)


_NO_FIT = object()


def _check_used_up(script: list[tuple[str, Any]] | None) -> None:
    """A probe's script holds only the ASK entry once its outcomes are all drawn."""
    left = [entry for entry in script or () if entry[0] is not ASK_LABEL]
    if left:
        raise InvalidRecord(_("{n} chance outcomes are more than the draws they were given for "
                              "(the first left over: {first})").format(
                                  n=len(left), first=quoted(left[-1][0])))


def _fitting(population: Sequence[T], outcome: Any) -> Any:
    """The member of ``population`` an outside outcome names (of the same type, so ``true``
    does not pass for ``1``), or ``_NO_FIT``; the state keeps the population's own object."""
    try:
        for item in population:
            if item.__class__ is outcome.__class__ and item == outcome:
                return item
    except Exception:  # an outcome from a file may not even compare
        return _NO_FIT
    return _NO_FIT


def _as_rng(rng: random.Random | Rng | int) -> Rng:
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    if isinstance(rng, int):
        return Rng(rng)
    raise TypeError(f"expected a random.Random, an Rng or a seed, not {type(rng).__name__}")
