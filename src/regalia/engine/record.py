"""Game records: a portable JSON format, and replay from a record without the RNG.

A record names the game, rules version, players, options, seed and edition, then every action
and chance outcome in order::

    {"format": "regalia-record/1", "game": "el-grande", "rules_version": "1",
     "players": 4, "seed": 7, "options": {"rounds": 9}, "edition": null,
     "moves": [{"chance": "king", "outcome": "new-castile"},
               {"seat": 0, "action": "power 13"}, ...],
     "result": {"scores": [...], "ranking": [...]}, "meta": {...}}

Records come from other people, so reading one treats it as untrusted: :meth:`Record.load`
reads at most :data:`~regalia.engine.limits.MAX_DOCUMENT_BYTES` of UTF-8, and every field is
checked (types, nesting, number sizes, each move exactly a decision ``{"seat", "action"}`` or a
chance outcome ``{"chance", "outcome"}``); :func:`replay` then refuses a record whose moves do
not replay or whose ``result`` is not the replayed game's (scores and ranking, and only on a
finished game). Each problem is one :class:`InvalidRecord`. An edition travels in a record as
TOML text only: a record never makes Regalia read a file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regalia.engine import untrusted
from regalia.engine.errors import InvalidRecord, RegaliaError, quoted
from regalia.engine.files import write_atomic
from regalia.engine.i18n import N_, _
from regalia.engine.limits import check_shape, parse_json, read_bytes, word

if TYPE_CHECKING:
    from regalia.engine.registry import GameInfo
    from regalia.engine.state import State

RECORD_FORMAT = "regalia-record/1"
WHAT = N_("record")  # the document's name in messages (translated where shown)


@dataclass
class Record:
    """One game, from setup to the last move, replayable without the RNG."""

    game: str
    rules_version: str
    players: int
    seed: int
    options: dict[str, Any]
    moves: list[dict[str, Any]]
    edition: dict[str, Any] | None = None
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def action_count(self) -> int:
        """How many decisions (not chance outcomes) the record holds."""
        return sum(1 for m in self.moves if "action" in m and "chance" not in m)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "edition": self.edition,
            "moves": self.moves,
        }
        if self.result is not None:
            out["result"] = self.result
        if self.meta:
            out["meta"] = self.meta
        return out

    def to_json(self, indent: int | None = None) -> str:
        if indent is None:
            return json.dumps(self.to_dict(), separators=(",", ":"))
        # One move per line: readable, and diffs well.
        head = {k: v for k, v in self.to_dict().items() if k != "moves"}
        lines = ",\n".join("  " + json.dumps(m) for m in self.moves)
        text = json.dumps(head, indent=indent)
        return text[:-2] + ',\n "moves": [\n' + lines + "\n ]\n}"

    def save(self, path: str | Path, *, overwrite: bool = False) -> Path:
        """Write the record to ``path`` atomically (a temporary file in the same folder,
        flushed and synced, then renamed), so a failed save never leaves half a record; an
        existing file is replaced only with ``overwrite`` (else :class:`FileExists`)."""
        return write_atomic(path, self.to_json(indent=1) + "\n", overwrite=overwrite)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file (at most ``MAX_DOCUMENT_BYTES``, UTF-8) and check its shape."""
        return cls.from_json(read_bytes(path, InvalidRecord, WHAT))

    @classmethod
    def from_json(cls, data: str | bytes | Mapping[str, Any]) -> Record:
        """Parse and check a record's shape (not yet whether it replays)."""
        what = WHAT
        if isinstance(data, (str, bytes)):
            doc = parse_json(data, InvalidRecord, what)
        else:
            check_shape(data, InvalidRecord, what)
            doc = data
        if not isinstance(doc, Mapping):
            raise InvalidRecord(_("a record is a JSON object"))
        if doc.get("format") != RECORD_FORMAT:
            raise InvalidRecord(_("not a Regalia record (format must be {format})").format(
                format=repr(RECORD_FORMAT)))
        fields = {key: untrusted.field(doc, key, kind, what) for key, kind in
                  (("game", str), ("rules_version", str), ("players", int), ("seed", int),
                   ("options", dict), ("moves", list))}
        _check_players(fields["game"], fields["players"])
        for name in fields["options"]:
            if not isinstance(name, str):
                raise InvalidRecord(_("record option names are text, not {value}").format(
                    value=quoted(name)))
        for i, move in enumerate(fields["moves"]):
            _check_move(i, move)
        edition = untrusted.check_edition_entry(doc.get("edition"), what)
        result = doc.get("result")
        if result is not None:
            _check_result(result)
        meta = doc.get("meta")
        if meta is not None and not isinstance(meta, Mapping):
            raise InvalidRecord(_("record field 'meta' must be an object, not {value}").format(
                value=quoted(meta)))
        return cls(
            game=fields["game"], rules_version=fields["rules_version"],
            players=fields["players"], seed=fields["seed"], options=dict(fields["options"]),
            moves=[dict(m) for m in fields["moves"]], edition=edition,
            result=None if result is None else dict(result),
            meta=dict(meta or {}),
        )


MAX_PLAYERS = 16  # far above any game's table: a record claiming more is refused at once


def _check_players(game: str, players: int) -> None:
    """Refuse a player count the game does not take before anything is built from it (seat
    names, views, tables: a count of 10**30 would take all the memory there is)."""
    from regalia.engine.errors import UnknownGame
    from regalia.engine.registry import get_game

    try:
        counts = get_game(game).player_counts
    except UnknownGame:
        counts = range(MAX_PLAYERS + 1)  # the game is refused when the record is replayed
    if players not in counts:
        raise InvalidRecord(_("record field 'players' must be a player count of {game} "
                              "({low} to {high}), not {value}").format(
                                  game=game, low=counts[0], high=counts[-1],
                                  value=quoted(players)))


_DECISION_KEYS = frozenset({"seat", "action"})
_CHANCE_KEYS = frozenset({"chance", "outcome"})


def _check_move(index: int, move: Any) -> None:
    ok = isinstance(move, Mapping) and (
        (move.keys() == _DECISION_KEYS and isinstance(move["action"], str)
         and untrusted.is_whole(move["seat"]))
        or (move.keys() == _CHANCE_KEYS and isinstance(move["chance"], str))
    )
    if not ok:
        raise InvalidRecord(
            _("move {index} must be {decision} or {chance}, not {value}").format(
                index=index, decision="{'seat': int, 'action': str}",
                chance="{'chance': str, 'outcome': ...}", value=quoted(move)))


def _check_result(result: Any) -> None:
    ok = isinstance(result, Mapping) and {"scores", "ranking"} <= set(result) and all(
        isinstance(result[k], list) and all(untrusted.is_whole(v) for v in result[k])
        for k in ("scores", "ranking"))
    if not ok:
        raise InvalidRecord(_("record field 'result' must be {shape}, not {value}").format(
            shape="{'scores': [int, ...], 'ranking': [int, ...], ...}", value=quoted(result)))


def replay(record: Record | str | bytes | Mapping[str, Any] | Path, *,
           steps: int | None = None, caught_up: list[int] | None = None) -> State:
    """Rebuild a game from its record, checking every move; ``steps`` stops after that many
    decisions. Raises :class:`InvalidRecord` with the first move that does not fit, or when
    the record's ``result`` is not the replayed game's. ``caught_up``: see :func:`rebuild`."""
    if isinstance(record, Path):
        record = Record.load(record)
    elif isinstance(record, Record):
        record = Record.from_json(record.to_dict())  # a Record built by hand is checked too
    else:
        record = Record.from_json(record)
    info = untrusted.game_of(record.to_dict(), WHAT)
    state = rebuild(info, record.to_dict(), record.moves, steps=steps, what=WHAT,
                    caught_up=caught_up)
    finished = steps is None or record.action_count <= steps
    if record.result is not None and finished:
        if not state.is_over():
            raise InvalidRecord(_("the record gives a result, but its game is not over"))
        actual = {"scores": list(state.scores()), "ranking": list(state.ranking())}
        for key in ("scores", "ranking"):
            if record.result[key] != actual[key]:
                message = (_("the record's final scores {given} differ from the replayed "
                             "{actual}") if key == "scores" else
                           _("the record's final ranking {given} differ from the replayed "
                             "{actual}"))
                raise InvalidRecord(message.format(given=quoted(record.result[key]),
                                                   actual=actual[key]))
        if _canonical(record.result) != _canonical(state.record().result):
            raise InvalidRecord(_("the record's result differs from the replayed game's"))
    return state


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def rebuild(info: GameInfo, doc: Mapping[str, Any], moves: Sequence[Mapping[str, Any]], *,
            steps: int | None = None, what: str, caught_up: list[int] | None = None) -> State:
    """Set up the game ``doc`` describes (players, seed, options, edition) and play ``moves``
    (record entries, already shape-checked) on it, every action checked by the rules and every
    chance outcome by its draw.

    A record of older rules gets the decisions they did not record from the game's
    ``_catch_up``; ``caught_up``, when given, receives where each of those falls in the
    rebuilt game's history (indices of its ``moves()``, in order), so that a keeper of the
    record (the web server's move log) can tell them from the recorded ones, which a "done"
    said twice in a row makes ambiguous otherwise."""
    players = untrusted.players_of(info, doc, what)
    options = untrusted.options_of(info, doc, what)
    edition = untrusted.edition_of(info, untrusted.check_edition_entry(doc.get("edition"), what),
                                   what)
    from regalia.engine.state import CHANCE

    chance = [(m["chance"], m["outcome"]) for m in moves if "chance" in m]
    try:
        state = info.state_class.new(players, seed=untrusted.field(doc, "seed", int, what),
                                     edition=edition, options=options, chance=chance)
    except InvalidRecord:
        raise
    except RegaliaError as err:
        raise InvalidRecord(_("{what}'s setup is invalid: {reason}").format(
            what=word(what), reason=err)) from None

    # Outcomes the game really drew (its history's chance entries), counted as the history
    # grows: a record short of outcomes would otherwise be filled in from the RNG unnoticed.
    counted: list[Any] = [None, 0]

    def drawn() -> int:
        node, mark = state._hist, counted[0]
        while node is not mark and node is not None:
            counted[1] += node[1] == CHANCE
            node = node[0]
        counted[0] = state._hist
        return int(counted[1])

    version = untrusted.field(doc, "rules_version", str, what)
    older = version != info.rules_version

    def catch_up(recorded: int) -> None:
        """The decisions ``version`` did not record, before the record's entry ``recorded``
        (or after its last); their places in the history go into ``caught_up``."""
        mark = state._hist
        state._catch_up(version)
        if caught_up is None:
            return
        made: list[bool] = []  # whether each new history entry is a decision, newest first
        node = state._hist
        while node is not mark and node is not None:
            made.append(node[1] != CHANCE)
            node = node[0]
        # The chance count is checked right after this (or the replay fails): the history
        # then holds every recorded entry before ``recorded`` and every decision caught up.
        end = recorded + len(caught_up) + sum(made)
        caught_up.extend(end - 1 - back for back in reversed(range(len(made))) if made[back])

    seen = decisions = 0
    for index, move in enumerate(moves):
        if "chance" in move:
            seen += 1
            continue
        if steps is not None and decisions >= steps:
            break
        if older:
            catch_up(index)
        if drawn() != seen:
            raise InvalidRecord(
                _("move {index}: the {what} has {seen} chance outcomes before it, but the game "
                  "drew {drawn} by then").format(index=index, what=word(what), seen=seen,
                                                 drawn=drawn()))
        seat, text = move["seat"], move["action"]
        try:
            state.apply(text, seat)
        except InvalidRecord as err:
            raise InvalidRecord(_("move {index} ({action} by seat {seat}): {reason}").format(
                index=index, action=quoted(text), seat=quoted(seat), reason=err)) from None
        except RegaliaError as err:
            raise InvalidRecord(
                _("move {index} ({action} by seat {seat}) does not replay: {reason}").format(
                    index=index, action=quoted(text), seat=quoted(seat), reason=err)) from None
        decisions += 1
    if older and (steps is None or decisions < steps):
        catch_up(len(moves))
    if (steps is None or decisions < steps) and drawn() != seen:
        raise InvalidRecord(
            _("the {what} ends with {seen} chance outcomes, the game drew {drawn}").format(
                what=word(what), seen=seen, drawn=drawn()))
    state._script = None
    return state
