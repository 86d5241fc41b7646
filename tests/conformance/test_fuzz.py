"""Fuzzing untrusted documents: records, saved states and editions of every registered game.

Each case starts from a valid document (a random playout's record, a saved state mid-game or
a determinized sample's, the built-in edition's text) and mutates it: keys and moves deleted,
duplicated or swapped, values of another type, huge numbers, deep nesting, invalid UTF-8,
truncation, altered results, seats out of range, random action text, TOML lines edited.
The property: loading raises a RegaliaError, or succeeds and gives a consistent game (it
replays, its invariants hold, every seat's view works, it plays on) -- never another exception
and never a hang (each case is bounded by an alarm).

``REGALIA_FUZZ_CASES`` sets the cases per kind of document per game (CI: the default below);
``REGALIA_FUZZ_RANDOM=1`` draws new cases on every run instead of the fixed ones. Nothing here
names a game: a game is fuzzed from the day it registers.
"""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import regalia
from regalia.engine import RegaliaError, Rng, State
from regalia.engine.limits import MAX_NESTING
from tests.conformance.playouts import playout

FUZZ_CASES = int(os.environ.get("REGALIA_FUZZ_CASES", "100"))
CASE_SECONDS = 30  # far above any case's time: an alarm here means a hang
PLAY_ON = 400  # decisions played on from a loaded state

GAMES = [info.id for info in regalia.list_games()]
pytestmark = pytest.mark.parametrize("game", GAMES)

FUZZ = settings(
    max_examples=FUZZ_CASES, deadline=None, derandomize=not os.environ.get("REGALIA_FUZZ_RANDOM"),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much],
)


class Hang(Exception):
    """A case ran past CASE_SECONDS."""


@contextmanager
def bounded(seconds: int = CASE_SECONDS) -> Iterator[None]:
    def ring(_signum: int, _frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


# ------------------------------------------------------------------------ valid documents
@functools.cache
def _played(game: str, players: int) -> State:
    state = regalia.new_game(game, players, seed=1000 + players)
    for _seat in playout(state, Rng(players)):
        pass
    return state


@functools.cache
def record_text(game: str, players: int) -> str:
    return _played(game, players).record(note="fuzz").to_json()


@functools.cache
def saved_texts(game: str, players: int) -> tuple[str, str]:
    """A state mid-game and a determinized sample of it."""
    state = regalia.new_game(game, players, seed=2000 + players)
    rng = Rng(players)
    for step, _seat in enumerate(playout(state, rng)):
        if step >= 30:
            break
    seat = state.to_move()[0] if state.to_move() else 0
    return state.to_json(), state.determinize(seat, Rng(3)).to_json()


@functools.cache
def action_texts(game: str) -> tuple[str, ...]:
    return tuple(a.text for a in regalia.get_game(game).actions)


# ------------------------------------------------------------------------ mutations
HUGE_INTS = (2**63, 2**64, -(2**63) - 1, 2**255, 2**300, 10**80)
STRANGE_TEXT = ("", " ", "[bold]x[/]", "\x1b[31m", "../../etc/passwd",
                "/etc/passwd.toml", "é\u202e", "\x00", "NaN")

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 12), st.integers(), st.sampled_from(HUGE_INTS),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
    st.sampled_from(STRANGE_TEXT), st.sampled_from([100, 5000, 100_000]).map(lambda n: "x" * n),
)
values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(
        st.text(max_size=6), children, max_size=3),
    max_leaves=6,
)


def _deep(depth: int) -> str:
    """A marker that :func:`mutate_json` writes out as ``depth`` nested lists (built as text:
    the test's own json.dumps would hit the recursion limit first)."""
    return f"@@deep{depth}@@"


def _expand_deep(text: str) -> str:
    return re.sub(r'"@@deep(\d+)@@"',
                  lambda m: "[" * int(m.group(1)) + "0" + "]" * int(m.group(1)), text)


def _pick_path(data: st.DataObject, doc: Any) -> list[Any]:
    """A path into ``doc``: descend a random number of levels through random children."""
    path: list[Any] = []
    node = doc
    while isinstance(node, (dict, list)) and node and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(sorted(node, key=str)) if isinstance(node, dict)
                        else st.integers(0, len(node) - 1))
        path.append(key)
        node = node[key]
    return path


def _get(doc: Any, path: list[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _set(doc: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def mutate_tree(data: st.DataObject, doc: Any, actions: tuple[str, ...],
                players: int) -> Any:
    """One structural mutation of a JSON document."""
    path = _pick_path(data, doc)
    node = _get(doc, path)
    op = data.draw(st.sampled_from(
        ["replace", "deep", "delete", "duplicate", "swap", "insert", "seat", "action",
         "int", "truncate-list"]))
    if op == "replace":
        return _set(doc, path, data.draw(values))
    if op == "deep":
        return _set(doc, path, _deep(data.draw(st.sampled_from(
            [MAX_NESTING - 2, MAX_NESTING + 1, 900, 5000]))))
    if op == "int":
        return _set(doc, path, data.draw(st.sampled_from(HUGE_INTS) | st.integers(-3, 40)))
    if op == "seat":
        return _set(doc, path, data.draw(st.sampled_from(
            [players, -1, players + 1, True, 1.0, "0", 2**70])))
    if op == "action":
        return _set(doc, path, data.draw(st.sampled_from(actions) | st.text(max_size=20)))
    if isinstance(node, dict) and node:
        key = data.draw(st.sampled_from(sorted(node, key=str)))
        if op == "delete":
            del node[key]
        elif op == "duplicate":
            node[key + "_"] = copy.deepcopy(node[key])
        elif op == "swap":
            other = data.draw(st.sampled_from(sorted(node, key=str)))
            node[key], node[other] = node[other], node[key]
        else:
            node[data.draw(st.text(max_size=8))] = data.draw(values)
        return doc
    if isinstance(node, list) and node:
        i = data.draw(st.integers(0, len(node) - 1))
        j = data.draw(st.integers(0, len(node) - 1))
        if op == "delete":
            del node[i]
        elif op == "duplicate":
            node.insert(j, copy.deepcopy(node[i]))
        elif op == "swap":
            node[i], node[j] = node[j], node[i]
        elif op == "truncate-list":
            del node[i:]
        else:
            node.insert(i, data.draw(values))
        return doc
    return _set(doc, path, data.draw(values))


def mutate_bytes(data: st.DataObject, raw: bytes) -> bytes:
    """One byte-level mutation: truncation, invalid UTF-8, a changed or inserted byte."""
    op = data.draw(st.sampled_from(["truncate", "invalid", "flip", "insert"]))
    at = data.draw(st.integers(0, max(0, len(raw) - 1)))
    if op == "truncate":
        return raw[:at]
    if op == "invalid":
        return raw[:at] + data.draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80",
                                                     b"\x80\x80"])) + raw[at:]
    if op == "flip":
        return raw[:at] + bytes([data.draw(st.integers(0, 255))]) + raw[at + 1:]
    return raw[:at] + data.draw(st.binary(max_size=8)) + raw[at:]


def mutate_json(data: st.DataObject, text: str, game: str, players: int) -> str | bytes:
    if data.draw(st.integers(0, 5)) == 0:
        return mutate_bytes(data, text.encode())
    doc = json.loads(text)
    for _ in range(data.draw(st.integers(1, 3))):
        doc = mutate_tree(data, doc, action_texts(game), players)
    return _expand_deep(json.dumps(doc))


# ------------------------------------------------------------------------ consistency
def check_consistent(state: State) -> None:
    """What a loaded game must give: invariants, views, a replayable record, play on."""
    state.check_invariants()
    for seat in (*range(state.players), None):
        json.dumps(state.view(seat))
    text = state.to_json()
    assert State.from_json(text).to_json() == text
    twin = state.clone()
    twin._script = None  # outcomes supplied from outside are checked when drawn, not here
    if not state.is_determinized:
        assert regalia.replay(state.record()).to_json() == twin.to_json()
    rng = Rng(5)
    for step, seat in enumerate(playout(twin, rng)):
        assert twin.legal_actions(seat)
        if step >= PLAY_ON:
            break
    twin.check_invariants()


def _expect_clean(load: Callable[[], State | None]) -> None:
    with bounded():
        try:
            state = load()
        except RegaliaError as err:
            assert str(err)
            event(f"refused: {type(err).__name__}")
            return
        event("loaded")
        if state is not None:
            check_consistent(state)


# ------------------------------------------------------------------------ the fuzz
@FUZZ
@given(data=st.data())
def test_fuzzed_records_are_refused_or_replay_consistently(game: str, data: st.DataObject,
                                                             ) -> None:
    players = data.draw(st.sampled_from(list(regalia.get_game(game).player_counts)))
    mutated = mutate_json(data, record_text(game, players), game, players)
    _expect_clean(lambda: regalia.replay(mutated))


@FUZZ
@given(data=st.data())
def test_fuzzed_saved_states_are_refused_or_load_consistently(game: str,
                                                              data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(list(regalia.get_game(game).player_counts)))
    original = data.draw(st.sampled_from(saved_texts(game, players)))
    mutated = mutate_json(data, original, game, players)
    _expect_clean(lambda: State.from_json(mutated))


TOML_VALUES = ("0", "-1", "1", "2", "7", "99", "100", "1000000", str(2**62), str(2**70),
               "9" * 5000, "true", "1.5", "nan", '""', '"x"', "[]", "[1, 2]", "[[1], [2]]",
               "{}", "{ a = 1 }", '"' + "x" * 3000 + '"', "[" * 2000 + "]" * 2000)


def mutate_toml(data: st.DataObject, text: str) -> str | bytes:
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        op = data.draw(st.sampled_from(["value", "value", "value", "delete", "duplicate",
                                        "swap", "bytes"]))
        i = data.draw(st.integers(0, len(lines) - 1))
        if op == "value":
            m = re.match(r"^(\s*[\w-]+\s*=\s*)(.*)$", lines[i])
            if m:
                lines[i] = m.group(1) + data.draw(st.sampled_from(TOML_VALUES))
        elif op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(data.draw(st.integers(0, len(lines))), lines[i])
        elif op == "swap":
            j = data.draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            return mutate_bytes(data, "\n".join(lines).encode())
    return "\n".join(lines) + "\n"


@FUZZ
@given(data=st.data())
def test_fuzzed_editions_are_refused_or_play_consistently(game: str,
                                                          data: st.DataObject) -> None:
    info = regalia.get_game(game)
    text = mutate_toml(data, info.load_edition(None).text)
    players = data.draw(st.sampled_from(list(info.player_counts)))

    def load() -> State:
        edition = info.load_edition(text)
        state = regalia.new_game(game, players, seed=data.draw(st.integers(0, 2**32)),
                                 edition=edition)
        for _seat in playout(state, Rng(1)):
            pass
        record = state.record()
        assert record.edition is not None
        again = regalia.replay(record.to_json())
        assert again.to_json() == state.to_json()
        return state

    _expect_clean(load)


def test_edition_errors_quote_a_short_prefix_of_a_huge_value(game: str) -> None:
    info = regalia.get_game(game)
    text = info.load_edition(None).text
    huge = "q" * 200_000
    for pattern in (r'(?m)^(id|name|kind|letter|title) = "[^"]*"', r"(?m)^(\w+) = \d+"):
        bad = re.sub(pattern, lambda m: f'{m.group(1)} = "{huge}"', text, count=3)
        with bounded(), pytest.raises(RegaliaError) as err:
            info.load_edition(bad)
        assert len(str(err.value)) < 500 and "q" * 300 not in str(err.value)
