"""A game refereed at a real table: every entry (a chance outcome the table reports, a move a
player makes) checked, kept in order, undoable, and saved as an ordinary Regalia record.

The entries are exactly a record's moves: setup outcomes first, then each action followed by
the outcomes it drew. The part that stands whole goes into the record's ``moves``; an action
still waiting for its outcomes (and any setup still under way) travels in the record's
``meta["table"]``, with the redo stack and which entries were filled in without asking, so
``--resume`` goes on at the very last entry and ``replay``/``render`` read the file as is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from regalia.engine.actions import Action
from regalia.engine.edition import Edition
from regalia.engine.errors import (
    IllegalAction,
    InvalidRecord,
    MalformedAction,
    RegaliaError,
    quoted,
)
from regalia.engine.files import write_atomic
from regalia.engine.i18n import _
from regalia.engine.record import Record
from regalia.engine.registry import GameInfo, get_game
from regalia.engine.rng import Rng
from regalia.engine.state import State
from regalia.table.draws import Draw, examine, outcome_key

META_KEY = "table"
TABLE_FORMAT = 1


class TableError(RegaliaError):
    """An entry the table cannot take (a typo, an outcome already gone, an illegal move)."""


@dataclass(frozen=True)
class Turn:
    """The seats that choose now (several: a sealed choice, entered seat by seat)."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class Entry:
    """One entry: a record move, and whether the table filled it in without asking."""

    move: dict[str, Any]
    auto: bool = False

    @property
    def is_chance(self) -> bool:
        return "chance" in self.move


Wanted = Draw | Turn | None  # None: the game is over


class TableSession:
    """The game as entered so far, and what it wants next (:attr:`wanted`)."""

    def __init__(self, game: str, players: int, *, options: Mapping[str, Any] | None = None,
                 edition: str | Path | Edition | None = None, seed: int = 0,
                 path: str | Path | None = None) -> None:
        self.info: GameInfo = get_game(game)
        self.players = self.info.check_players(players)
        self.options = dict(options or {})
        self.info.resolve_options(self.options)  # refuse bad options now
        self.edition = edition if isinstance(edition, Edition) else \
            self.info.load_edition(edition)
        self.seed = seed
        self.path = Path(path) if path is not None else None
        self.entries: list[Entry] = []
        self.redo_stack: list[list[Entry]] = []
        self._reset()
        self._advance()

    # ------------------------------------------------------------------ where the game is
    def _reset(self) -> None:
        self.state: State | None = None  # None while setup outcomes are still being entered
        self.setup_outcomes: list[tuple[str, Any]] = []
        self.pending: tuple[int, Action] | None = None  # an action waiting for outcomes
        self.pending_outcomes: list[tuple[str, Any]] = []
        self.wanted: Wanted = None
        self.stood = 0  # how many entries stand whole (the record's moves)

    @property
    def is_over(self) -> bool:
        return self.state is not None and self.pending is None and self.state.is_over()

    def _probe(self, outcomes: Sequence[tuple[str, Any]]) -> tuple[str, tuple[Any, ...]] | None:
        if self.state is None:
            return self.info.state_class.pending_setup_draw(
                self.players, seed=self.seed, edition=self.edition, options=self.options,
                outcomes=outcomes)
        assert self.pending is not None
        seat, action = self.pending
        return self.state.pending_draw(action, seat, outcomes)

    def _finish(self, outcomes: Sequence[tuple[str, Any]]) -> State:
        if self.state is None:
            return self.info.state_class.new(self.players, seed=self.seed,
                                             edition=self.edition, options=self.options,
                                             chance=outcomes)
        assert self.pending is not None
        seat, action = self.pending
        done = self.state.clone()
        done.supply_chance(outcomes)
        done.apply(action, seat)
        return done

    def _outcomes(self) -> list[tuple[str, Any]]:
        return self.setup_outcomes if self.state is None else self.pending_outcomes

    def _look(self, examine_it: bool) -> Wanted:
        """What the game wants now; ``examine_it``: find who sees a secret draw (costly)."""
        if self.state is not None and self.pending is None:
            movers = self.state.to_move()
            return Turn(movers) if movers else None
        outcomes = self._outcomes()
        wanted = self._probe(outcomes)
        if wanted is None:
            self.state = self._finish(outcomes)
            self.pending, self.pending_outcomes, self.setup_outcomes = None, [], []
            self.stood = len(self.entries)
            return self._look(examine_it)
        label, population = wanted
        if not examine_it:
            return Draw(label, population, True, ())
        return examine(label, population, public_label=self.info.chance_is_public(label),
                       players=self.players, probe=self._probe, finish=self._finish,
                       given=outcomes)

    def _advance(self) -> None:
        """Settle what is wanted next, filling in draws nobody need be asked."""
        while True:
            self.wanted = self._look(examine_it=True)
            draw = self.wanted
            if not isinstance(draw, Draw) or not (draw.forced or draw.unknown):
                return
            self._push(Entry({"chance": draw.label, "outcome": self._fill(draw)}, auto=True))

    def _fill(self, draw: Draw) -> Any:
        """The outcome of a draw the table is not asked: the only one possible, or (nobody
        sees it) one drawn from what remains, never shown."""
        if draw.forced:
            return draw.choices[0][0]
        rng = Rng(self.seed ^ (len(self.entries) * 0x9E3779B97F4A7C15 & (2**64 - 1)))
        return draw.population[rng.below(len(draw.population))]

    def _push(self, entry: Entry) -> None:
        """Take one entry (already checked against what is wanted) into the game."""
        move = entry.move
        if entry.is_chance:
            self._outcomes().append((move["chance"], move["outcome"]))
        else:
            assert self.state is not None
            self.pending = (move["seat"], self.state.parse_action(move["action"]))
        self.entries.append(entry)

    # ------------------------------------------------------------------ entering
    def enter_outcome(self, value: Any) -> None:
        """The table reports the outcome of the wanted draw; one not possible is refused."""
        draw = self.wanted
        if not isinstance(draw, Draw):
            raise TableError(_("no chance outcome is wanted now"))
        key = outcome_key(value)
        match = next((v for v, _n in draw.choices if outcome_key(v) == key), None)
        if match is None and draw.public:
            raise TableError(_("{value} cannot come up now: it is not among the {count} "
                               "outcomes still possible (a card already gone, or a "
                               "typo)").format(value=quoted(value), count=len(draw.choices)))
        if match is None:  # a secret draw: say nothing of what the others hold
            raise TableError(_("{value} cannot come up now by the entries so far (a typo, or "
                               "an earlier entry was wrong: undo to it)").format(
                value=quoted(value)))
        self._push(Entry({"chance": draw.label, "outcome": match}))
        self._entered()

    def enter_action(self, action: Action | str, seat: int) -> None:
        """A player's move; an illegal one is refused with the rule's reason."""
        turn = self.wanted
        if not isinstance(turn, Turn):
            raise TableError(_("no move is wanted now: the game is over") if turn is None
                             else _("no move is wanted now: a chance outcome is"))
        if seat not in turn.seats:
            raise TableError(_("it is not seat {seat}'s move now").format(seat=quoted(seat)))
        assert self.state is not None
        try:
            parsed = self.state.parse_action(action) if isinstance(action, str) else action
            self.state.pending_draw(parsed, seat)  # checks legality, changes nothing
        except (IllegalAction, MalformedAction) as err:
            raise TableError(str(err)) from None
        self._push(Entry({"seat": seat, "action": parsed.text}))
        self._entered()

    def _entered(self) -> None:
        self.redo_stack.clear()
        self._advance()
        self.save()

    def listed(self, draw: Draw) -> list[tuple[Any, int]]:
        """The outcomes to list for ``draw``: for a public draw those possible, each with how
        many are left; for a secret one also every outcome of that label entered before,
        counts withheld (0), so the list tells the seer nothing of other seats' cards."""
        if draw.public:
            return draw.choices
        values = {outcome_key(v): v for v, _n in draw.choices}
        for entry in self.entries:
            if entry.move.get("chance") == draw.label:
                values.setdefault(outcome_key(entry.move["outcome"]), entry.move["outcome"])
        return [(values[k], 0) for k in sorted(values)]

    # ------------------------------------------------------------------ undo and redo
    def undo(self, count: int = 1) -> int:
        """Take back the last ``count`` entries typed (with what was filled in after them);
        returns how many were taken back."""
        done = 0
        while done < count and any(not e.auto for e in self.entries):
            group: list[Entry] = []
            while self.entries:
                entry = self.entries.pop()
                group.append(entry)
                if not entry.auto:
                    break
            group.reverse()
            self.redo_stack.append(group)
            done += 1
        if done:
            self._replay(self.entries)
            self.save()
        return done

    def redo(self, count: int = 1) -> int:
        """Enter again the last ``count`` entries undone; returns how many."""
        done = 0
        while done < count and self.redo_stack:
            group = self.redo_stack.pop()
            for entry in group:
                self._check_fits(entry)
                self._push(entry)
                self.wanted = self._look(examine_it=False)
            done += 1
        if done:
            self._advance()
            self.save()
        return done

    def _replay(self, entries: Sequence[Entry]) -> None:
        """Rebuild the game from ``entries``, each checked as it was when first entered."""
        kept = list(entries)
        self.entries = []
        self._reset()
        self.wanted = self._look(examine_it=False)
        for entry in kept:
            self._check_fits(entry)
            self._push(entry)
            self.wanted = self._look(examine_it=False)
        self._advance()

    def _check_fits(self, entry: Entry) -> None:
        move, wanted = entry.move, self.wanted
        if entry.is_chance:
            if not isinstance(wanted, Draw) or wanted.label != move["chance"] or not any(
                    outcome_key(v) == outcome_key(move["outcome"]) for v in wanted.population):
                raise InvalidRecord(_("entry {n}: the outcome {label}={value} does not fit "
                                      "the game here").format(
                    n=len(self.entries), label=quoted(move["chance"]),
                    value=quoted(move["outcome"])))
            return
        if not isinstance(wanted, Turn) or move["seat"] not in wanted.seats:
            raise InvalidRecord(_("entry {n}: seat {seat} is not to move here").format(
                n=len(self.entries), seat=quoted(move["seat"])))
        assert self.state is not None
        try:
            self.state.pending_draw(move["action"], move["seat"])
        except RegaliaError as err:
            raise InvalidRecord(_("entry {n}: {reason}").format(n=len(self.entries),
                                                                reason=err)) from None

    # ------------------------------------------------------------------ the record
    def record(self) -> Record:
        """The part that stands whole as an ordinary record; the rest in its meta."""
        meta = {META_KEY: {
            "format": TABLE_FORMAT,
            "tail": [e.move for e in self.entries[self.stood:]],
            "auto": [i for i, e in enumerate(self.entries) if e.auto],
            "redo": [[{"move": e.move, "auto": e.auto} for e in g] for g in self.redo_stack],
        }}
        if self.state is None:
            return Record(game=self.info.id, rules_version=self.info.rules_version,
                          players=self.players, seed=self.seed,
                          options=dict(self.options), edition=self.edition.record_entry(),
                          moves=[], meta=meta)
        record = self.state.record(**meta)
        record.options = dict(self.options)  # only those chosen: records stay short
        return record

    def save(self) -> Path | None:
        """Write the record (atomically) if the session has a file."""
        if self.path is None:
            return None
        return write_atomic(self.path, self.record().to_json(indent=1) + "\n", overwrite=True)

    @classmethod
    def resume(cls, path: str | Path) -> TableSession:
        """Go on with a table game saved at ``path``, at its last entry."""
        record = Record.load(path)
        table = record.meta.get(META_KEY)
        if not isinstance(table, Mapping) or table.get("format") != TABLE_FORMAT:
            raise InvalidRecord(_("{path} is no game of `regalia table` (no table entries in "
                                  "its meta); replay it with `regalia replay`").format(
                path=path))
        tail, auto, redo = (table.get(k) for k in ("tail", "auto", "redo"))
        if not (isinstance(tail, list) and isinstance(auto, list) and isinstance(redo, list)):
            raise InvalidRecord(_("{path}: the table entries are malformed").format(
                path=path))
        moves = [*record.moves, *tail]
        check = Record.from_json({**record.to_dict(), "moves": moves, "result": None})
        edition = None
        if record.edition is not None:
            from regalia.engine import untrusted

            edition = untrusted.edition_of(get_game(record.game), record.edition, "record")
        session = cls.__new__(cls)
        session.info = get_game(record.game)
        session.players = session.info.check_players(record.players)
        session.options = dict(record.options)
        session.info.resolve_options(session.options)
        session.edition = edition or session.info.load_edition(None)
        session.seed = record.seed
        session.path = Path(path)
        flagged = set(auto)
        session._replay([Entry(dict(m), i in flagged) for i, m in enumerate(check.moves)])
        session.redo_stack = [_redo_group(g) for g in redo]
        return session


def _redo_group(group: Any) -> list[Entry]:
    if not isinstance(group, list) or not all(
            isinstance(e, Mapping) and isinstance(e.get("move"), Mapping) for e in group):
        raise InvalidRecord(_("the table's redo entries are malformed"))
    moves = Record.from_json({"format": "regalia-record/1", "game": "", "rules_version": "",
                              "players": 0, "seed": 0, "options": {},
                              "moves": [dict(e["move"]) for e in group]}).moves
    return [Entry(m, bool(e.get("auto"))) for m, e in zip(moves, group, strict=True)]
