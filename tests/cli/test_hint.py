"""`hint` at the play prompt: the search's top three actions, from the seat's view only."""

from __future__ import annotations

import re

from tests.cli.conftest import TOY, output, session


def test_hint_shows_three_actions_with_shares_and_win_chances() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["hint", "1", "1", "1"],
                      hint_bot="ismcts:iterations=60")
    play.run()
    text = output(play)
    lines = [line for line in text.splitlines() if "of the search" in line]
    assert len(lines) == 3  # North holds three cards: three bids
    shares = [int(m) for line in lines for m in re.findall(r"(\d+)% of the search", line)]
    assert sum(shares) in (99, 100, 101) and shares == sorted(shares, reverse=True)
    assert all(re.search(r"win chance \d+%", line) for line in lines)
    places = [float(m) for line in lines for m in re.findall(r"expected place (\d\.\d)", line)]
    assert len(places) == 3 and all(1.0 <= p <= 3.0 for p in places)
    assert "from what you can see" in text


def test_hint_is_listed_in_help() -> None:
    play, _ = session(TOY, 3, ["human", "random", "random"], 5, ["help", "1", "1", "1"])
    play.run()
    assert "hint" in output(play)
