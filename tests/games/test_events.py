"""What happened since a seat's last turn: every change of a seat's points between two of its
views is explained by the events that came between them (their amounts add up to the change),
each event is worded in English and Chinese, and a seat's events leak nothing (determinized
twins, whose hidden parts differ, show the same events to that seat).

Each game keeps its points and its events where its view has them: Shadow, Ming Dynasty and
Palais Royal in ``view["events"]`` (``{"event", "text", "after", "seat", "points"}``), El
Grande and the Castles in their own ``view["log"]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

import regalia
from regalia.engine import Rng, State
from regalia.engine.i18n import speaking

View = Mapping[str, Any]


def _events(view: View) -> list[Any]:
    return list(view.get("events") or [])


def _log(view: View) -> list[Any]:
    return list(view.get("log") or [])


def _seat_points_of(entry: Mapping[str, Any], players: int) -> list[int]:
    """The points an event gives each seat: ``seat`` + ``points``, or El Grande's per-seat
    list of an area's scoring."""
    out = [0] * players
    points = entry.get("points")
    if isinstance(points, list):
        for s, n in enumerate(points):
            out[s] += n
    elif isinstance(points, int):
        out[entry["seat"]] += points
    return out


def _palais_points(view: View, seat: int) -> int:
    # During play a seat's banked points are its played cards' VP (the rest is counted at
    # the end); at the end, the final score.
    if view["over"]:
        return int(view["scores"][seat])
    return int(view["seats"][seat]["played_vp"])


GAMES: dict[str, tuple[Callable[[View, int], int], Callable[[View], list[Any]]]] = {
    "shadow-of-the-emperor": (lambda v, s: int(v["seats"][s]["vp"]), _events),
    "ming-dynasty": (lambda v, s: int(v["players"][s]["score"]), _events),
    "palais-royal": (_palais_points, _events),
    "el-grande": (lambda v, s: int(v["seats"][s]["score"]), _log),
    "castles-of-burgundy-cards": (lambda v, s: int(v["seats"][s]["score"]), _log),
}
CASES = [(g, n) for g in GAMES for n in regalia.get_game(g).player_counts]
GAMES_PER_CASE = 3
# Events that show what was hidden (El Grande's disks, Aaron's pile): from there on twins may
# differ by right.
REVEALS = frozenset({"disks", "reveal", "aaron-reveal"})


def _new(entries: list[Any], before: list[Any]) -> list[Any]:
    """The entries added since ``before`` (a log that keeps only its last entries drops the
    oldest: the new ones are what follows the longest overlap). Entries are compared
    without their words, which may be put differently as the game goes on."""
    def bare(items: list[Any]) -> list[Any]:
        return [{k: v for k, v in e.items() if k != "text"} if isinstance(e, Mapping) else e
                for e in items]

    now, then = bare(entries), bare(before)
    if now[:len(then)] == then:
        return entries[len(then):]
    for k in range(min(len(then), len(now)), -1, -1):
        if then[len(then) - k:] == now[:k]:
            return entries[k:]
    return entries


def _step(state: State, rng: Rng) -> None:
    movers = state.to_move()
    seat = movers[rng.below(len(movers))]
    legal = state.legal_actions(seat)
    state.apply(legal[rng.below(len(legal))], seat)


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_every_point_change_is_explained_by_events(case: tuple[str, int]) -> None:
    game, players = case
    points_of, events_of = GAMES[game]
    rng = Rng(4100 + players)
    explained = 0
    for _ in range(GAMES_PER_CASE):
        state = regalia.new_game(game, players, seed=rng.next64())
        seat = rng.below(players)  # the seat whose views are compared
        view = state.view(seat)
        while not state.is_over():
            _step(state, rng)
            later = state.view(seat)
            new = _new(events_of(later), events_of(view))
            told = [0] * players
            for entry in new:
                for s, n in enumerate(_seat_points_of(entry, players)):
                    told[s] += n
            for s in range(players):
                change = points_of(later, s) - points_of(view, s)
                assert change == told[s], (
                    f"{game}: seat {s}'s points went from {points_of(view, s)} to "
                    f"{points_of(later, s)} but the events say {told[s]}: "
                    f"{[e.get('text') for e in new]}")
                explained += bool(change)
            view = later
    assert explained, f"{game}: no point changed in {GAMES_PER_CASE} games"


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_events_are_worded_in_both_languages(case: tuple[str, int]) -> None:
    game, players = case
    _points_of, events_of = GAMES[game]
    rng = Rng(77 + players)
    state = regalia.new_game(game, players, seed=rng.next64())
    while not state.is_over():
        _step(state, rng)
    with speaking("en"):
        english = [e["text"] for e in events_of(state.view(0)) if "points" in e]
    with speaking("zh"):
        chinese = [e["text"] for e in events_of(state.view(0)) if "points" in e]
    assert english and len(english) == len(chinese)
    for en, zh in zip(english, chinese, strict=True):
        assert en != zh, f"{game}: not translated: {en}"
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh
        assert "{" not in en and "{" not in zh


@pytest.mark.parametrize("case", CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_events_leak_nothing_to_a_seat(case: tuple[str, int]) -> None:
    """A twin of the position with the others' hidden parts sampled afresh, played on with the
    same actions: wherever the seat's view of the two agrees apart from the events, its events
    agree too (an event worded from something the seat may not know would tell them apart)."""
    game, players = case
    _points_of, events_of = GAMES[game]
    rng = Rng(900 + players)
    compared = 0
    for _ in range(GAMES_PER_CASE):
        state = regalia.new_game(game, players, seed=rng.next64())
        step = 0
        while not state.is_over():
            step += 1
            if step % 7 == 0:
                seat = rng.below(players)
                twin = state.determinize(seat, Rng(rng.next64()))
                compared += _played_on_alike(state.clone(), twin, seat, events_of,
                                             Rng(rng.next64()))
            _step(state, rng)
    assert compared


def _without_events(view: View) -> dict[str, Any]:
    out = dict(view)
    out.pop("events", None)
    out.pop("log", None)
    return out


def _played_on_alike(state: State, twin: State, seat: int,
                     events_of: Callable[[View], list[Any]], rng: Rng, steps: int = 10) -> int:
    """Play ``state`` and ``twin`` on with the same actions for a few steps; count the steps
    where the seat's views agree but for the events, and assert the events agree there."""
    def told(view: View) -> list[Any]:
        # "after" counts decisions from the start of the game; a twin's from its sampling
        return [{k: v for k, v in e.items() if k != "after"} if isinstance(e, Mapping) else e
                for e in events_of(view)]

    compared = 0
    before = events_of(state.view(seat))
    for _ in range(steps):
        movers = state.to_move()
        if not movers or twin.to_move() != movers:
            break
        mover = movers[rng.below(len(movers))]
        legal = state.legal_actions(mover)
        action = legal[rng.below(len(legal))]
        if action not in twin.legal_actions(mover):
            break
        state.apply(action, mover)
        twin.apply(action, mover)
        mine, theirs = state.view(seat), twin.view(seat)
        if _without_events(mine) != _without_events(theirs) or any(
                isinstance(e, Mapping) and e.get("event", e.get("kind")) in REVEALS
                for e in _new(events_of(mine), before)):
            break  # something hidden came out: the views may differ from here on
        before = events_of(mine)
        assert told(mine) == told(theirs), (
            f"seat {seat}'s events differ between twins: "
            f"{[e for e in told(mine) if e not in told(theirs)]}")
        compared += 1
    return compared


def test_decisions_made_counts_each_history_whatever_was_counted_before() -> None:
    """The count that places Ming's and Palais Royal's events among the moves: right for two
    games counted in turn (the count of the last history is remembered), and in a sample."""
    from regalia.engine.decisions import decisions_made

    rng = Rng(5)
    one = regalia.new_game("ming-dynasty", 3, seed=1)
    two = regalia.new_game("palais-royal", 2, seed=2)
    for step in range(300):
        for state in (one, two) if step % 2 else (two, one):
            if not state.is_over():
                _step(state, rng)
            assert decisions_made(state) == sum(1 for m in state.moves() if "action" in m)
    sample = one.determinize(0, Rng(3))
    assert decisions_made(sample) == 0
    _step(sample, rng)
    assert decisions_made(sample) == 1
    assert decisions_made(one) == sum(1 for m in one.moves() if "action" in m)


def test_the_events_fall_after_the_decision_that_set_them_off() -> None:
    """``after`` counts the decisions before an event, the one that set it off included: the
    web log puts each event after that many decision lines."""
    rng = Rng(8)
    for game in ("ming-dynasty", "palais-royal"):
        state = regalia.new_game(game, 3, seed=4)
        seen = 0
        while not state.is_over():
            _step(state, rng)
            made = sum(1 for m in state.moves() if "action" in m)
            events = state.view(None)["events"]
            assert all(e["after"] == made for e in events[seen:]), game
            seen = len(events)
        assert seen, game


@pytest.mark.parametrize("game", ["ming-dynasty", "palais-royal"])
def test_the_web_log_puts_each_event_after_its_decision(game: str) -> None:
    """The web table's log (server.payloads.with_events) reads the new games' events as it
    reads Shadow's: each after the decision line that set it off."""
    pytest.importorskip("sqlalchemy")  # (the web extra: the compiled stage's venv has none)
    from regalia.server.payloads import with_events

    rng = Rng(12)
    state = regalia.new_game(game, 2, seed=6)
    decisions: list[str] = []
    while not state.is_over():
        _step(state, rng)
        decisions.append(f"decision {len(decisions) + 1}")
    events = state.view(0)["events"]
    lines = with_events(decisions, events)
    assert len(lines) == len(decisions) + len(events)
    made, told = 0, iter(events)
    for line in lines:
        if line.startswith("decision "):
            made += 1
        else:
            event = next(told)
            assert line == event["text"] and made == event["after"]
    assert next(told, None) is None
