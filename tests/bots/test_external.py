"""External bots over the line protocol: whole games, samples, and misbehaving programs."""

from __future__ import annotations

import logging
import shlex
import signal
import sys
import time
from pathlib import Path

import pytest

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.bots.external import ExternalBot
from regalia.bots.specs import check_spec
from regalia.engine import InvalidOption, State
from regalia.engine.compiling import signals_at_pauses

EXAMPLE = Path(__file__).parents[2] / "examples" / "random_bot.py"
PYTHON = shlex.quote(sys.executable)


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return f"{PYTHON} {shlex.quote(str(path))}"


def _play(state: State, bots: dict[int, ExternalBot]) -> State:
    others = make_bot("random", 1)
    try:
        while movers := state.to_move():
            seat = movers[0]
            bot = bots.get(seat, others)
            state.apply(bot.act(InformationSet(state, seat)), seat)
    finally:
        for bot in bots.values():
            bot.close()
    return state


@pytest.mark.parametrize(("game", "players"), [("toy-sealed-bids", 3), ("el-grande", 2)])
def test_the_example_bot_plays_whole_games(game: str, players: int) -> None:
    bot = ExternalBot(f"{PYTHON} {shlex.quote(str(EXAMPLE))} --seed 3 --samples 1", seed=1)
    state = _play(regalia.new_game(game, players, seed=4), {0: bot})
    assert state.is_over()
    assert bot.fallbacks == 0 and bot.broken is None
    assert bot.process is not None and bot.process.poll() is not None  # let go at the end


def test_a_sample_agrees_with_the_seats_view(tmp_path: Path) -> None:
    # The bot asks for a sample and answers with the first legal action whose view it
    # checked: it writes the sample's seat view keys to a file for the test to compare.
    out = tmp_path / "seen.json"
    command = _script(tmp_path, f"""
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "turn":
        print(json.dumps({{"type": "sample", "id": m["id"]}}), flush=True)
        s = json.loads(sys.stdin.readline())
        open({str(out)!r}, "w").write(json.dumps({{"state": s["state"], "view": m["view"]}}))
        print(json.dumps({{"type": "action", "id": m["id"], "action": m["legal"][0]}}),
              flush=True)
    if m["type"] == "over":
        break
""")
    state = regalia.new_game("toy-sealed-bids", 3, seed=2)
    bot = ExternalBot(command, seed=5)
    action = bot.act(InformationSet(state, 0))
    bot.close()
    assert action == state.legal_actions(0)[0] and bot.fallbacks == 0
    import json

    seen = json.loads(out.read_text())
    sample = State.from_json(seen["state"])
    assert sample.view(0) == seen["view"] == state.view(0)


@pytest.mark.parametrize(("body", "why"), [
    ('for line in sys.stdin:\n    print("hello there", flush=True)\n', "no JSON object"),
    ('for line in sys.stdin:\n    m = json.loads(line)\n    if m["type"] == "turn":\n'
     '        print(json.dumps({"type": "action", "id": m["id"], "action": "fly"}), '
     'flush=True)\n', "no legal action"),
    ("sys.exit(0)\n", "died"),
    ("time.sleep(30)\n", "did not start"),
    ('for line in sys.stdin:\n    print(json.dumps({"type": "ready"}), flush=True)\n'
     '    if json.loads(line)["type"] == "turn":\n        time.sleep(30)\n', "in time"),
])
def test_a_misbehaving_bot_loses_its_moves_to_the_fallback(
        tmp_path: Path, body: str, why: str, caplog: pytest.LogCaptureFixture) -> None:
    bot = ExternalBot(_script(tmp_path, body), seed=2, seconds=0.2, start=0.5)
    with caplog.at_level(logging.WARNING, logger="regalia.bots.external"):
        state = _play(regalia.new_game("toy-sealed-bids", 3, seed=6), {1: bot})
    assert state.is_over()  # nothing else broke
    assert bot.fallbacks >= 1
    assert why in caplog.text and "fallback" in caplog.text


def test_specs_name_the_command() -> None:
    assert check_spec("cmd:./MyBot --level 3") == "cmd:./MyBot --level 3"
    assert check_spec("cmd:./mybot", 0.5) == "cmd:think=0.5s:./mybot"
    assert check_spec("cmd:think=2s:./mybot", 0.5) == "cmd:think=2s:./mybot"
    bot = make_bot("cmd:think=2s:./mybot -v", 1)
    assert isinstance(bot, ExternalBot)
    assert bot.argv == ["./mybot", "-v"] and bot.seconds == 2.0
    with pytest.raises(InvalidOption, match="needs a program"):
        check_spec("cmd:")
    with pytest.raises(InvalidOption, match="cannot read"):
        check_spec('cmd:./mybot "unclosed')


def test_a_program_that_cannot_start_falls_back(caplog: pytest.LogCaptureFixture) -> None:
    bot = ExternalBot("/no/such/program", seed=1, seconds=0.5)
    state = regalia.new_game("toy-sealed-bids", 3, seed=1)
    with caplog.at_level(logging.WARNING, logger="regalia.bots.external"):
        action = bot.act(InformationSet(state, 0))
    assert action in state.legal_actions(0)
    assert "could not be started" in caplog.text


def test_ctrl_c_held_back_while_a_bot_thinks_stops_the_wait_at_once(tmp_path: Path) -> None:
    """While a bot thinks, the game holds a signal's exception back to a pause
    (engine.compiling.signals_at_pauses): the wait for a program's answer is such a pause, so
    Ctrl-C does not wait for the program's whole move time."""
    body = ('for line in sys.stdin:\n    print(json.dumps({"type": "ready"}), flush=True)\n'
            '    if json.loads(line)["type"] == "turn":\n        time.sleep(30)\n')
    bot = ExternalBot(_script(tmp_path, body), seed=2, seconds=20, start=10)
    state = regalia.new_game("toy-sealed-bids", 3, seed=6)
    seat = state.to_move()[0]

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt), signals_at_pauses((signal.SIGALRM,)):
            signal.setitimer(signal.ITIMER_REAL, 1.0)
            bot.act(InformationSet(state, seat))
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        bot.close()
    assert time.monotonic() - start < 8  # not the program's 20 s
