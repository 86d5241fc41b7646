"""Whole games replayed from stored records; a record that does not replay is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import regalia
from regalia.engine.errors import InvalidRecord, RegaliaError

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_full_games_replay_from_stored_records(path: Path) -> None:
    # Whole games (2-4 players, both options): they replay to the same end, scores and
    # places; a rules change that alters any of them shows here.
    record = regalia.Record.from_json(path.read_text(encoding="utf-8"))
    st = regalia.replay(record)
    assert st.is_over()
    st.check_invariants()
    assert list(st.scores()) == record.result["scores"]
    assert list(st.ranking()) == record.result["ranking"]
    assert st.moves() == record.moves


def test_a_record_with_a_wrong_move_does_not_replay() -> None:
    data = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    moves = data["moves"]
    at = next(i for i, m in enumerate(moves) if m.get("action", "").startswith("place"))
    moves[at]["action"] = "step 6c dragon"
    with pytest.raises(RegaliaError) as err:
        regalia.replay(json.dumps(data))
    assert "step 6c dragon" in str(err.value)


def test_a_record_with_a_wrong_card_does_not_replay() -> None:
    data = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    first = next(m for m in data["moves"] if "chance" in m)
    first["outcome"] = "elephant"
    with pytest.raises(InvalidRecord):
        regalia.replay(json.dumps(data))
