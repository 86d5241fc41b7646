"""Game records: a portable JSON format, and replay from a record without the RNG.

A record names the game, rules version, players, options, seed and edition, then every action
and chance outcome in order::

    {"format": "regalia-record/1", "game": "el-grande", "rules_version": "1",
     "players": 4, "seed": 7, "options": {"rounds": 9}, "edition": null,
     "moves": [{"chance": "king", "outcome": "new-castile"},
               {"seat": 0, "action": "power 13"}, ...],
     "result": {"scores": [...], "ranking": [...]}, "meta": {...}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from regalia.engine.errors import IllegalAction, InvalidRecord, RegaliaError, UnknownGame

if TYPE_CHECKING:
    from regalia.engine.state import State

RECORD_FORMAT = "regalia-record/1"


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
        return sum(1 for m in self.moves if "action" in m)

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

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json(indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as err:
            raise InvalidRecord(f"cannot read record {path}: {err.strerror}") from None
        return cls.from_json(text)

    @classmethod
    def from_json(cls, data: str | Mapping[str, Any]) -> Record:
        """Parse and check a record's shape (not yet whether it replays)."""
        try:
            doc = json.loads(data) if isinstance(data, str) else data
        except json.JSONDecodeError as err:
            raise InvalidRecord(f"record is not JSON: {err}") from None
        if not isinstance(doc, Mapping):
            raise InvalidRecord("a record is a JSON object")
        if doc.get("format") != RECORD_FORMAT:
            raise InvalidRecord(f"not a Regalia record (format must be {RECORD_FORMAT!r})")
        expect = {"game": str, "rules_version": str, "players": int, "seed": int,
                  "options": dict, "moves": list}
        for key, kind in expect.items():
            if key not in doc:
                raise InvalidRecord(f"record has no {key!r}")
            if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
                raise InvalidRecord(f"record field {key!r} has the wrong type")
        for i, move in enumerate(doc["moves"]):
            ok = isinstance(move, Mapping) and (
                (isinstance(move.get("action"), str) and isinstance(move.get("seat"), int)
                 and not isinstance(move.get("seat"), bool))
                or ("chance" in move and "outcome" in move and isinstance(move["chance"], str))
            )
            if not ok:
                raise InvalidRecord(
                    f"move {i} must be {{'seat': int, 'action': str}} or "
                    f"{{'chance': str, 'outcome': ...}}, not {move!r}"
                )
        edition = doc.get("edition")
        if edition is not None and not (isinstance(edition, Mapping)
                                        and isinstance(edition.get("toml"), str)):
            raise InvalidRecord("record field 'edition' must be null or hold the edition's toml")
        return cls(
            game=doc["game"], rules_version=doc["rules_version"], players=doc["players"],
            seed=doc["seed"], options=dict(doc["options"]), moves=list(doc["moves"]),
            edition=dict(edition) if edition else None,
            result=doc.get("result"), meta=dict(doc.get("meta") or {}),
        )


def replay(record: Record | str | Mapping[str, Any] | Path, *, steps: int | None = None) -> State:
    """Rebuild a game from its record, checking every move; ``steps`` stops after that many
    decisions. Raises :class:`InvalidRecord` with the first move that does not fit."""
    from regalia.engine.registry import get_game

    if isinstance(record, Path):
        record = Record.load(record)
    elif not isinstance(record, Record):
        record = Record.from_json(record)
    try:
        info = get_game(record.game)
    except UnknownGame as err:
        raise InvalidRecord(f"record is of an unknown game: {err}") from None
    if record.rules_version != info.rules_version:
        raise InvalidRecord(
            f"record was made with rules version {record.rules_version} of {info.id}; "
            f"this Regalia plays version {info.rules_version}"
        )
    chance = [(m["chance"], m["outcome"]) for m in record.moves if "chance" in m]
    try:
        edition = None if record.edition is None else info.load_edition(record.edition["toml"])
        state = info.state_class.new(
            record.players, seed=record.seed, edition=edition, options=record.options,
            chance=chance,
        )
    except InvalidRecord:
        raise
    except RegaliaError as err:
        raise InvalidRecord(f"record's setup is invalid: {err}") from None

    def drawn() -> int:
        return len(chance) - len(state._script or ())

    seen = decisions = 0
    for index, move in enumerate(record.moves):
        if "chance" in move:
            seen += 1
            continue
        if steps is not None and decisions >= steps:
            break
        if drawn() != seen:
            raise InvalidRecord(
                f"move {index}: the record has {seen} chance outcomes before it, "
                f"but the game drew {drawn()} by then"
            )
        seat, text = move["seat"], move["action"]
        try:
            state.apply(text, seat)
        except IllegalAction as err:
            raise InvalidRecord(f"move {index} ({text!r} by seat {seat}) does not replay: {err}"
                                ) from None
        decisions += 1
    if steps is None or decisions < steps:
        if drawn() != seen:
            raise InvalidRecord(
                f"the record ends with {seen} chance outcomes, the game drew {drawn()}"
            )
        claimed = (record.result or {}).get("scores")
        if claimed is not None and state.is_over() and list(state.scores()) != list(claimed):
            raise InvalidRecord(
                f"the record's final scores {claimed} differ from the replayed "
                f"{list(state.scores())}"
            )
    state._script = None
    return state
