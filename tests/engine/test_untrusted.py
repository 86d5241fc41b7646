"""Untrusted input: bad seats and actions, records, saved states and editions are refused with
one RegaliaError, quoting at most a short prefix of what was given, and change nothing."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import regalia
from regalia.engine import (
    EditionError,
    IllegalAction,
    InvalidRecord,
    MalformedAction,
    Record,
    Rng,
    State,
)
from regalia.engine.bench import random_playout
from regalia.engine.errors import QUOTE_LIMIT
from regalia.engine.files import FileExists
from regalia.engine.limits import MAX_DOCUMENT_BYTES, MAX_NESTING

TOY = "toy-sealed-bids"
GOOD = (Path(__file__).parents[1] / "support" / "toy_edition.toml").read_text()
HUGE = "x" * 100_000


def _short(message: str) -> bool:
    return len(message) < 400 and "x" * (QUOTE_LIMIT + 1) not in message


def finished(seed: int = 8) -> State:
    state = regalia.new_game(TOY, 3, seed=seed)
    random_playout(state, Rng(seed))
    return state


# ------------------------------------------------------------------------ apply()
@pytest.mark.parametrize("seat", [True, False, 1.0, "0", None.__class__, [0], 2**200, -1, 3])
def test_apply_refuses_a_seat_that_is_no_seat_and_changes_nothing(seat: Any) -> None:
    state = regalia.new_game(TOY, 3, seed=1)
    before = state.to_json()
    action = state.legal_actions(1)[0]
    with pytest.raises(IllegalAction) as err:
        state.apply(action, seat)
    assert _short(str(err.value))
    assert state.to_json() == before


def test_legal_actions_refuses_a_bool_seat() -> None:
    state = regalia.new_game(TOY, 3, seed=1)
    with pytest.raises(IllegalAction):
        state.legal_actions(True)  # type: ignore[arg-type]


def _foreign_action() -> Any:
    other = next(i for i in regalia.list_games() if i.id != TOY)
    return next(iter(other.actions))


@pytest.mark.parametrize("action", [
    pytest.param("FOREIGN", id="another game's action"),
    pytest.param(regalia.Action(0, "bid 1", "bid", (99,)), id="forged action"),
    pytest.param(regalia.Action(10**6, "bid 1", "bid", (1,)), id="forged code"),
    pytest.param(object(), id="an object"),
    pytest.param(True, id="bool code"),
    pytest.param(1.0, id="float code"),
    pytest.param(HUGE, id="huge text"),
    pytest.param(" " * 10**6 + "bid 1", id="huge padding"),
    pytest.param(10**5000 if False else 2**4000, id="huge code"),
    pytest.param(["bid 1"], id="a list"),
])
def test_apply_refuses_what_is_not_an_action_of_this_game(action: Any) -> None:
    if action == "FOREIGN":
        action = _foreign_action()
    state = regalia.new_game(TOY, 3, seed=1)
    before = state.to_json()
    with pytest.raises(MalformedAction) as err:
        state.apply(action, 0)
    assert _short(str(err.value)), str(err.value)
    assert state.to_json() == before


def test_errors_quote_a_short_prefix_of_oversized_input() -> None:
    info = regalia.get_game(TOY)
    for call in (lambda: info.actions.parse(HUGE), lambda: info.actions.decode(HUGE),  # type: ignore[arg-type]
                 lambda: regalia.new_game(TOY, HUGE),  # type: ignore[arg-type]
                 lambda: regalia.new_game(TOY, 3, hand=HUGE),
                 lambda: regalia.new_game(TOY, 3, **{HUGE: 1}),
                 lambda: regalia.new_game(TOY, 3, seed=HUGE),  # type: ignore[arg-type]
                 lambda: regalia.get_game(HUGE)):
        with pytest.raises(regalia.RegaliaError) as err:
            call()
        assert _short(str(err.value)), str(err.value)[:500]


# ------------------------------------------------------------------------ records
def _doc(seed: int = 8) -> dict[str, Any]:
    return finished(seed).record().to_dict()


def _first(doc: dict[str, Any], key: str) -> dict[str, Any]:
    return next(m for m in doc["moves"] if key in m)


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d.update(result="won"), "result"),
    (lambda d: d.update(result={"scores": "high", "ranking": [1]}), "result"),
    (lambda d: d["result"].update(scores=[True, 0, 0]), "result"),
    (lambda d: d.update(meta=[1, 2]), "meta"),
    (lambda d: d.update(meta="note"), "meta"),
    (lambda d: d.update(options=None), "options"),
    (lambda d: d.update(options={"hand": "3"}), "option 'hand'"),
    (lambda d: d.update(options={"hand": 3.0}), "option 'hand'"),
    (lambda d: d.update(options={"allow_pass": 1}), "option 'allow_pass'"),
    (lambda d: d.update(seed=True), "seed"),
    (lambda d: d.update(players=3.0), "players"),
    (lambda d: d["moves"].append(7), "move"),
    (lambda d: d["moves"].append({"seat": 0}), "move"),
    (lambda d: _first(d, "chance").update(action="bid 1"), "move"),
    (lambda d: _first(d, "action").update(chance="deal0"), "move"),
    (lambda d: _first(d, "action").update(note="hi"), "move"),
    (lambda d: _first(d, "action").update(seat=True), "move"),
    (lambda d: _first(d, "action").update(seat=7), "no seat 7"),
    (lambda d: _first(d, "action").update(seat=-1), "no seat -1"),
    (lambda d: _first(d, "action").update(action=HUGE), "not an action"),
    (lambda d: _first(d, "chance").update(outcome=[1]), "does not fit"),
    (lambda d: _first(d, "chance").update(outcome=True), "does not fit"),
    (lambda d: _first(d, "chance").update(outcome=1.0), "does not fit"),
    (lambda d: d["moves"].append(_first(d, "chance")), "chance"),
    (lambda d: d["result"].update(ranking=[1, 1, 1]), "final ranking"),
    (lambda d: d.update(moves=d["moves"][:-1]), "not over"),
    (lambda d: d.update(edition={"toml": "x.toml"}), "edition"),
    (lambda d: d.update(edition={"toml": GOOD, "sha256": "0" * 16}), "sha256"),
    (lambda d: d.update(edition={"toml": GOOD, "path": "/etc/passwd"}), "unknown keys"),
    (lambda d: d.update(edition="builtin"), "edition"),
])
def test_a_malformed_record_is_refused_with_one_invalid_record(
        change: Callable[[dict[str, Any]], Any], reason: str) -> None:
    doc = _doc()
    change(doc)
    with pytest.raises(InvalidRecord, match=re.escape(reason)) as err:
        regalia.replay(json.dumps(doc))
    assert _short(str(err.value)), str(err.value)[:500]


def test_a_chance_move_with_a_stray_action_key_is_not_counted_as_a_decision() -> None:
    doc = _doc()
    _first(doc, "chance")["action"] = "bid 1"
    assert Record(**{k: v for k, v in doc.items() if k != "format"}).action_count == \
        finished().record().action_count
    with pytest.raises(InvalidRecord):
        Record.from_json(doc)


def test_a_record_short_of_chance_outcomes_is_refused_not_filled_from_the_rng() -> None:
    doc = _doc()
    last_chance = max(i for i, m in enumerate(doc["moves"]) if "chance" in m)
    del doc["moves"][last_chance]
    with pytest.raises(InvalidRecord, match="chance"):
        regalia.replay(doc)


def test_a_record_of_an_unfinished_game_without_result_replays() -> None:
    state = regalia.new_game(TOY, 3, seed=2)
    state.apply(state.legal_actions(0)[0], 0)
    record = state.record()
    assert record.result is None
    assert regalia.replay(record.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize(("data", "reason"), [
    (b"\xff\xfe{}", "UTF-8"),
    ("[" * 100_000 + "]" * 100_000, "nest"),
    ("[" * (MAX_NESTING + 5) + "]" * (MAX_NESTING + 5), "nest"),
    ('{"format": "regalia-record/1", "seed": ' + "9" * 5000 + "}", "JSON"),
    ('{"format": "regalia-record/1", "seed": NaN}', "JSON"),
    ("", "JSON"),
])
def test_hostile_json_is_refused(data: str | bytes, reason: str) -> None:
    with pytest.raises(InvalidRecord, match=reason):
        Record.from_json(data)
    with pytest.raises(InvalidRecord, match=reason):
        State.from_json(data)


def test_a_huge_integer_below_the_parser_limit_is_refused() -> None:
    doc = _doc()
    doc["seed"] = 2**1000
    with pytest.raises(InvalidRecord, match="bits"):
        Record.from_json(json.dumps(doc))


def test_record_files_are_read_with_a_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as handle:
        handle.truncate(MAX_DOCUMENT_BYTES + 1)
    with pytest.raises(InvalidRecord, match="larger than"):
        Record.load(path)
    with pytest.raises(InvalidRecord, match="cannot read"):
        Record.load(tmp_path / "missing.json")


def test_record_save_is_atomic_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = finished().record()
    path = tmp_path / "game.json"
    path.write_text("old")
    with pytest.raises(FileExists):  # never over a file unasked
        record.save(path)
    assert path.read_text() == "old"
    record.save(path, overwrite=True)
    assert Record.load(path) == record
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_record_edition_is_text_and_never_a_local_file(tmp_path: Path) -> None:
    secret = tmp_path / "mine.toml"
    secret.write_text(GOOD.replace('title = "Sealed Bids (test game)"', 'title = "SECRET"'))
    doc = _doc()
    for text in (str(secret), f"  {secret}  "):
        doc["edition"] = {"id": "x", "toml": text}
        with pytest.raises(InvalidRecord) as err:
            regalia.replay(doc)
        assert "SECRET" not in str(err.value)
    with pytest.raises(EditionError, match="TOML"):
        regalia.get_game(TOY).load_edition(str(secret))


def test_a_path_object_still_loads_an_edition_file(tmp_path: Path) -> None:
    path = tmp_path / "ed.toml"
    path.write_text(GOOD)
    assert regalia.get_game(TOY).load_edition(path).text == GOOD


# ------------------------------------------------------------------------ saved states
def _saved(step: int = 4) -> dict[str, Any]:
    state = regalia.new_game(TOY, 3, seed=4)
    rng = Rng(4)
    for _ in range(step):
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[rng.below(len(state.legal_actions(seat)))], seat)
    return json.loads(state.to_json())


@pytest.mark.parametrize(("change", "reason"), [
    (lambda d: d["state"]["hands"][0].append(9), "game fields"),
    (lambda d: d["state"].update(round="two"), "game fields"),
    (lambda d: d["state"].update(score=[1000, 0, 0]), "game fields"),
    (lambda d: d["state"].pop("deck"), "game fields"),
    (lambda d: d.update(rng=d["rng"] + 1), "RNG"),
    (lambda d: d.update(rng=-1), "RNG"),
    (lambda d: d.update(seed=d["seed"] + 1), "RNG"),
    (lambda d: d.update(options=None), "options"),
    (lambda d: d.update(options={"hand": 2}), "does not fit"),
    (lambda d: d.update(history=d["history"][:-1]), "game fields"),
    (lambda d: d["history"].append([True, "bid 1"]), "history entry"),
    (lambda d: d["history"].append([0, "bid 1", 3]), "history entry"),
    (lambda d: d.update(script=[["deal0"]]), "script"),
    (lambda d: d.update(script="deal0"), "script"),
    (lambda d: d.update(players=True), "players"),
    (lambda d: d.update(edition={"toml": "/etc/hostname.toml"}), "edition"),
])
def test_a_tampered_saved_state_is_refused(change: Callable[[dict[str, Any]], Any],
                                            reason: str) -> None:
    doc = _saved()
    change(doc)
    with pytest.raises(InvalidRecord, match=re.escape(reason)):
        State.from_json(json.dumps(doc))


def _sample_doc() -> dict[str, Any]:
    state = regalia.new_game(TOY, 3, seed=4)
    return json.loads(state.determinize(0, Rng(9)).to_json())


@pytest.mark.parametrize("change", [
    lambda d: d["state"]["hands"][1].append(9),  # a card made from nothing
    lambda d: d["state"]["hands"].pop(),  # a seat without a hand
    lambda d: d["state"].update(hands="abc"),
    lambda d: d["state"].update(bids=[None]),
    lambda d: d["state"].update(round=None),
    lambda d: d["state"].update(extra=1),
    lambda d: d["history"][0].__setitem__(2, 5),  # the sample of a seat that is not there
    lambda d: d["history"][0].__setitem__(2, True),
])
def test_a_tampered_determinized_sample_is_refused(change: Callable[[dict[str, Any]], Any],
                                                   ) -> None:
    doc = _sample_doc()
    assert State.from_json(json.dumps(doc)).to_json() == json.dumps(doc, sort_keys=True,
                                                                    separators=(",", ":"))
    change(doc)
    with pytest.raises(InvalidRecord):
        State.from_json(json.dumps(doc))


def test_a_saved_state_with_pending_outside_chance_outcomes_round_trips() -> None:
    state = regalia.new_game(TOY, 3, seed=4)
    state.supply_chance([("deal0", 1)])
    text = state.to_json()
    assert State.from_json(text).to_json() == text


# ------------------------------------------------------------------------ editions
@pytest.mark.parametrize(("text", "reason"), [
    (b"\xff" + GOOD.encode(), "UTF-8"),
    ("a = " + "[" * 5000 + "]" * 5000, "nest"),
    ("a = " + "[" * (MAX_NESTING + 2) + "]" * (MAX_NESTING + 2), "nest"),
    ("a = " + "9" * 5000, "TOML"),
    (GOOD.replace("value = 1\n", f"value = {2**300}\n"), "bits"),
    (GOOD.replace("count = 3", "count = 1000000000", 1), "count"),
    (GOOD.replace("count = 3", "count = 0", 1), "count"),
    (GOOD.replace("count = 3", 'count = "3"', 1), "whole number"),
    (GOOD.replace('provenance = "printed"', "provenance = [1]", 1), "provenance"),
    (GOOD.replace('provenance = "printed"', "provenance = { value = 3 }", 1), "provenance"),
    (GOOD.replace('[sources]\nTEST = "', '[sources]\nTEST = ["', 1).replace(
        "own tests\"", "own tests\"]", 1), "citation"),
    (GOOD.replace('game = "toy-sealed-bids"', "game = 7"), "edition.game"),
    ("[edition]\n" * 2, "TOML"),
    ("x" * 10, "TOML"),
])
def test_a_hostile_edition_is_one_edition_error(text: str | bytes, reason: str) -> None:
    with pytest.raises(EditionError, match=re.escape(reason)) as err:
        regalia.get_game(TOY).load_edition(text)
    assert _short(str(err.value)) or "line" in str(err.value)


def test_edition_files_are_read_with_a_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    with open(path, "wb") as handle:
        handle.truncate(MAX_DOCUMENT_BYTES + 1)
    with pytest.raises(EditionError, match="larger than"):
        regalia.get_game(TOY).load_edition(path)


def test_a_loaded_edition_is_frozen() -> None:
    edition = regalia.get_game(TOY).load_edition(GOOD)
    with pytest.raises(TypeError):
        edition.data["cards"][0]["value"] = 9  # type: ignore[index]
    with pytest.raises(AttributeError):
        edition.text = ""  # type: ignore[misc]
    assert isinstance(edition.components["deck"], tuple)


def test_a_sample_field_of_the_wrong_shape_is_refused_even_if_play_never_trips_on_it() -> None:
    state = regalia.new_game(TOY, 3, seed=4)
    for seat in range(3):
        state.apply(state.legal_actions(seat)[0], seat)
    doc = json.loads(state.determinize(0, Rng(9)).to_json())
    assert doc["state"]["won"]
    doc["state"]["won"][0][0] = [[1]]  # the log of past bids is only ever shown, never used
    with pytest.raises(InvalidRecord, match=r"won\[\]\[\]"):
        State.from_json(json.dumps(doc))
