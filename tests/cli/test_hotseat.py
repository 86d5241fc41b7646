"""Hot-seat play: hand-over screens, and no seat ever sees another's secrets."""

from __future__ import annotations

import re

from tests.cli.conftest import CLEAR, output, session


def answer(prompt: str) -> str:
    return "" if prompt == "" else "1"


def test_hand_over_screen_before_each_change_of_human(tagged_game: str) -> None:
    play, script = session(tagged_game, 3, ["human", "human", "random"], 11, answer)
    play.run()
    text = output(play)
    human_turns = sum(1 for p in script.prompts if p.endswith("> "))
    assert human_turns == 6
    # North and East alternate, so every human turn starts behind a hand-over screen.
    assert text.count("Pass to North — press Enter") == 3
    assert text.count("Pass to East — press Enter") == 3
    # The hand-over screen stands alone: cleared before, cleared after.
    screens = [re.sub(r"[╭╮╰╯─│\s]+", " ", s).strip() for s in text.split(CLEAR)]
    hand_overs = [s for s in screens if "Pass to" in s]
    assert len(hand_overs) == 6
    assert all(s in ("Pass to North — press Enter", "Pass to East — press Enter")
               for s in hand_overs)


def test_no_seat_sees_another_seats_hand_between_hand_overs(tagged_game: str) -> None:
    play, _ = session(tagged_game, 3, ["human", "human", "random"], 11, answer)
    play.run()
    text = output(play)
    screens = text.split(CLEAR)
    seen = [set(re.findall(r"secret-of-(North|East|South)", screen)) for screen in screens]
    assert all(len(s) <= 1 for s in seen), seen
    assert {"North"} in seen and {"East"} in seen
    assert "secret-of-South" not in text  # the bot's hand is never on screen


def test_sealed_choices_of_others_are_never_described(tagged_game: str) -> None:
    play, _ = session(tagged_game, 3, ["human", "human", "random"], 11, answer)
    play.run()
    for screen in output(play).split(CLEAR):
        assert screen.count("You chose:") <= 1
        assert not re.search(r"(North|East|South)[^:\n]*: Bid \d", screen)


def test_a_single_human_never_gets_a_hand_over_screen(tagged_game: str) -> None:
    play, _ = session(tagged_game, 3, ["human", "random", "random"], 11, answer)
    play.run()
    assert "Pass to" not in output(play)
    assert CLEAR not in output(play)
