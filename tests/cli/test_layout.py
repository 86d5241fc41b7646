"""Turn screens fit the terminal: whole El Grande turns at 80×24 and 120×40, every line within
the width and the board with the choices (and the prompt) within the height."""

from __future__ import annotations

import contextlib
import io
import re
from dataclasses import dataclass, field

import pytest
from rich.console import Console

from regalia.cli.play import GameStopped, PlaySession, Terminal
from regalia.engine.registry import get_game, new_game
from regalia.engine.state import State

SIZES = [(80, 24), (120, 40)]


@dataclass
class Screens:
    """A scripted lone human against random bots: every screen up to each prompt, kept."""

    console: Console
    limit: int
    turns: list[str] = field(default_factory=list)  # a turn's screen, up to its prompt
    pages: list[str] = field(default_factory=list)  # news pages (scorings)
    asked: int = 0
    state: State | None = None  # the game, to know which numbers the choices are shown with

    def ask(self, prompt: str) -> str:
        shown = self.console.export_text(clear=True)
        self.asked += 1
        if self.asked > self.limit:
            raise EOFError
        if prompt.startswith("Enter"):
            self.pages.append(shown + prompt)
            return ""
        if "Really?" in prompt:
            return "y"
        if prompt.endswith("> "):
            self.turns.append(shown + prompt)
        # The first choice by the number shown for it (games may number choices their own
        # way: power cards by value, action cards by stack).
        if self.state is not None and len(self.state.to_move()) == 1:
            numbers = self.state.action_numbers(self.state.to_move()[0])
            if numbers:
                return str(numbers[0])
        return "1"

    def refresh(self) -> None:
        self.console.export_text(clear=True)  # a fresh screen: what came before is gone


def play_screens(players: int, width: int, height: int, seed: int, limit: int,
                 **options: object) -> tuple[PlaySession, Screens]:
    console = Console(width=width, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    screens = Screens(console, limit)
    term = Terminal(console, screens.ask, lambda: None, screens.refresh)
    state = new_game("el-grande", players, seed=seed, **options)
    screens.state = state
    play = PlaySession(state, ["human"] + ["random"] * (players - 1), term, seed,
                       render_text=get_game("el-grande").render_text,
                       default_save="never-written.json")
    play.save = lambda *args, **kwargs: True  # type: ignore[method-assign]  # no files
    with contextlib.suppress(GameStopped):
        play.run()
    return play, screens


def phase_of(screen: str) -> str:
    found = re.search(r"EL GRANDE .*?·\s+([A-Z][^·\n]*?)\s+·\s+King", screen)
    return found.group(1) if found else ""


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_turn_screen_fits_the_terminal(players: int, width: int, height: int) -> None:
    _, screens = play_screens(players, width, height, seed=20 + players, limit=160)
    phases = {phase_of(s) for s in screens.turns}
    # A power-card choice, a placement and an action-card choice were all on screen.
    assert {"Power cards", "Placement", "Choosing action cards"} <= phases, phases
    for screen in screens.turns + screens.pages:
        lines = screen.split("\n")
        assert max(len(line) for line in lines) <= width
        assert len(lines) <= height, screen
    # The choices are on the same screen as the map: every turn shows the regions and the
    # numbered choices together (numbered by the game where it has numbers of its own: power
    # cards by value, action cards by stack).
    for screen in screens.turns:
        assert "Castillo" in screen and re.search(r"^\s+\d+ \S", screen, re.M), screen


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_general_scoring_is_shown_whole(players: int, width: int, height: int) -> None:
    play, screens = play_screens(players, width, height, seed=40 + players, limit=400)
    # The announcement, every area's points of the first general scoring and the Castillo
    # disks were all on the news pages.
    log = play.state.view(0)["log"]
    start = next(i for i, e in enumerate(log) if e["event"] == "general")
    scored = [e["text"] for e in log[start:] if e["event"] == "score"][:10]
    assert len(scored) == 10  # the Castillo and the nine regions
    # (a line too long for the screen wraps: compared with its white space folded)
    shown = " ".join("\n".join(screens.pages).split())

    def whole(text: str) -> bool:
        return " ".join(text.split()) in shown

    assert whole(log[start]["text"])
    for text in scored:
        assert whole(text), text
    assert any(e["event"] == "disks" and whole(e["text"]) for e in log[start:])
    for page in screens.pages:
        assert len(page.split("\n")) <= height
        assert max(len(line) for line in page.split("\n")) <= width


def test_the_six_round_game_says_which_of_its_rounds_it_is() -> None:
    _, screens = play_screens(3, 80, 24, seed=3, limit=30, rounds=6)
    first = next(s for s in screens.turns if phase_of(s) == "Power cards")
    assert "Round 2, 1st of 6" in first and "of 9" not in first


def test_a_placement_shows_the_card_and_the_caballeros_left() -> None:
    _, screens = play_screens(4, 80, 24, seed=8, limit=80)
    placing = [s for s in screens.turns if phase_of(s) == "Placement"]
    assert placing
    found = [re.search(r"You · (.+?) \((\d)\): placed (\d) of (\d), (\d) left", s)
             for s in placing]
    hits = [m for m in found if m]
    assert hits, placing[0]
    for m in hits:
        stack, placed, most, left = (int(m.group(i)) for i in range(2, 6))
        assert most == stack and left == most - placed


def test_log_at_the_prompt_shows_scorings_as_well_as_moves() -> None:
    play, _ = play_screens(3, 120, 40, seed=43, limit=400)
    play.console.export_text(clear=True)
    play.handle("log", 0)
    shown = " ".join(play.console.export_text().split())
    log = play.state.view(0)["log"]
    kinds = {"general", "score", "disks", "place", "power", "card"}
    assert kinds <= {e["event"] for e in log}
    for entry in log:
        assert " ".join(entry["text"].split()) in shown
