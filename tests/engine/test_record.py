"""Records: portable JSON, exact replay, and a clear error at the first move that is wrong."""

import json
from pathlib import Path

import pytest

import regalia
from regalia.engine import InvalidRecord, Record, Rng
from regalia.engine.bench import random_playout

TOY = "toy-sealed-bids"


def finished_record(seed: int = 8) -> Record:
    state = regalia.new_game(TOY, 3, seed=seed)
    random_playout(state, Rng(seed))
    return state.record(event="test")


def test_a_record_replays_to_the_same_final_state() -> None:
    state = regalia.new_game(TOY, 3, seed=8)
    random_playout(state, Rng(8))
    again = regalia.replay(state.record())
    assert again.to_json() == state.to_json()
    assert again.scores() == state.scores()


def test_records_save_and_load(tmp_path: Path) -> None:
    record = finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = regalia.load_record(path)
    assert loaded == record
    assert json.loads(path.read_text())["moves"] == record.moves


def test_replay_stops_after_the_given_number_of_decisions() -> None:
    record = finished_record()
    state = regalia.replay(record, steps=3)
    assert sum(state.view(None)["bid_made"]) == 0 and state.view(None)["round"] == 2


def tampered(change) -> dict:  # type: ignore[no-untyped-def]
    doc = finished_record().to_dict()
    change(doc)
    return doc


def _first_chance(doc: dict) -> dict:
    return next(m for m in doc["moves"] if "chance" in m)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="pgn"), "not a Regalia record"),
        (lambda d: d.pop("seed"), "no 'seed'"),
        (lambda d: d["moves"].append({"seat": "x"}), "move"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(rules_version="0"), "rules version"),
        (lambda d: d.update(players=9), "player count"),
        (lambda d: _first_chance(d).update(outcome=7), "does not fit"),
        (lambda d: d["moves"].remove(_first_chance(d)), "chance"),
        (lambda d: d["result"].update(scores=[99, 0, 0]), "final scores"),
        (lambda d: d["moves"].append({"seat": 0, "action": "bid 1"}), "does not replay"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(change, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidRecord, match=message):
        regalia.replay(tampered(change))


def test_an_illegal_move_is_reported_with_its_index() -> None:
    doc = finished_record().to_dict()
    index = next(i for i, m in enumerate(doc["moves"]) if "action" in m)
    doc["moves"][index]["action"] = "bid 9"
    with pytest.raises(InvalidRecord, match=f"move {index} \\('bid 9'"):
        regalia.replay(doc)


def test_not_json_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="not JSON"):
        regalia.replay("{oops")
