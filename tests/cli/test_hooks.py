"""The game's hooks at the prompt: its own action numbers, its cautions before a likely
mistake, and a render_text told the terminal's size (or not, if it takes only the view)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from regalia.cli.board import board, takes_size
from regalia.engine.actions import Action
from tests.cli.conftest import TOY, output, session
from tests.support.toy_game import ToyState

# Seed 5, three players: North (seat 0) is dealt 1, 2 and 5.


def tens(self: ToyState, seat: int) -> tuple[int, ...]:
    return tuple(10 * a.args[0] for a in self.legal_actions(seat))


def wary(self: ToyState, action: Action, seat: int) -> str | None:
    return "Bidding 5 spends your best card." if action.text == "bid 5" else None


def north_bids(play: Any) -> list[str]:
    return [m["action"] for m in play.state.moves() if m.get("seat") == 0]


def test_a_typed_number_takes_the_action_shown_with_that_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "action_numbers", tens)
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["1", "20", "10", "50"])
    play.run()
    text = output(play)
    assert " 10 Bid 1" in text and " 20 Bid 2" in text and " 50 Bid 5" in text
    assert "There is no action 1: choose one of 10, 20, 50." in text
    assert north_bids(play) == ["bid 2", "bid 1", "bid 5"]


def test_numbers_that_do_not_match_the_actions_fall_back_to_one_two_three(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "action_numbers", lambda self, seat: (7, 7, 7))
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["3", "1", "1"])
    play.run()
    assert north_bids(play) == ["bid 5", "bid 1", "bid 2"]


def test_a_cautioned_action_asks_first_and_no_keeps_the_state(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "caution", wary)
    play, script = session(TOY, 3, ["human", "random", "random"], 5,
                           ["bid 5", "n", "3", "", "1", "bid 5", "y", "1"])
    play.run()
    text = output(play)
    asked = [p for p in script.prompts if p.endswith("Really? [y/N] ")]
    assert asked == ["Bidding 5 spends your best card. Really? [y/N] "] * 3
    assert text.count("Not played.") == 2  # "n" and an empty answer both keep the state
    assert north_bids(play) == ["bid 1", "bid 5", "bid 2"]


def test_an_action_without_caution_is_played_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "caution", wary)
    play, script = session(TOY, 3, ["human", "random", "random"], 5, ["1", "1", "1", "y"])
    play.run()
    assert [p.endswith("Really? [y/N] ") for p in script.prompts] == [False] * 3 + [True]
    assert north_bids(play) == ["bid 1", "bid 2", "bid 5"]


def test_the_default_state_has_no_caution_and_no_numbers() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, [])
    action = play.state.legal_actions(0)[0]
    assert play.state.caution(action, 0) is None
    assert play.state.action_numbers(0) is None


def test_render_text_gets_the_screen_size_only_when_it_takes_it() -> None:
    seen: list[tuple[int, int]] = []

    def sized(view: Mapping[str, Any], *, width: int = 100, height: int = 40) -> str:
        seen.append((width, height))
        return "sized"

    def plain(view: Mapping[str, Any]) -> str:
        return "plain"

    assert takes_size(sized) and not takes_size(plain)
    assert board(sized, {}, 80, 20) == "sized" and seen == [(80, 20)]
    assert board(plain, {}, 80, 20) == "plain"
    assert board(sized, {}) == "sized" and seen[-1] == (100, 40)


def test_what_ones_own_move_sets_off_is_still_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ending round 3 oneself must not hide the general scoring it starts."""
    play, _ = session("el-grande", 2, ["human", "random"], 1, [])
    entries = [
        {"event": "place", "seat": 1, "text": "Blue places a Caballero in Aragon"},
        {"event": "place", "seat": 0, "text": "Red places a Caballero in Aragon"},
        {"event": "general", "round": 3, "text": "General scoring after round 3"},
        {"event": "score", "area": "aragon", "points": [5, 4], "text": "Aragon scored"},
    ]
    monkeypatch.setattr(play, "table_log", lambda seat: entries)
    play.mark_seen(0, 1)
    assert play.seen[0] == 2
    lines, kinds = play.log_lines(0)
    assert lines[play.seen[0]:] == ["General scoring after round 3", "Aragon scored"]
    assert kinds == [0, 0, 2, 2]


def test_what_ones_own_move_sets_off_is_still_shown_without_a_game_log() -> None:
    """A game whose view keeps its events apart from the moves (Ming Dynasty, Palais Royal,
    Shadow): passing oneself into a scoring must not hide that scoring either."""
    from regalia.cli.play import SCORING, LogLine

    play, _ = session("ming-dynasty", 2, ["human", "random"], 1, [])
    play.log = [
        LogLine(1, "Green: pass", "Green: pass"),
        LogLine(0, "Yellow: pass", "Yellow: pass"),
        LogLine(-1, "Round 2 scoring", "Round 2 scoring", SCORING),
        LogLine(-1, "Yellow scores 4 VP", "Yellow scores 4 VP", SCORING),
    ]
    play.mark_seen(0, 1)
    assert play.seen[0] == 2
    lines, _kinds = play.log_lines(0)
    assert lines[play.seen[0]:] == ["Round 2 scoring", "Yellow scores 4 VP"]
