"""Helpers for the CLI tests: a CLI runner, scripted terminals, a toy game that tags secrets."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from regalia.cli.play import PlaySession, Terminal
from regalia.engine.registry import new_game, register, unregister
from tests.support.toy_game import INFO, ToyState

TOY = "toy-sealed-bids"
TAGGED = "toy-tagged-secrets"
CLEAR = "<<SCREEN CLEARED>>"
Answer = str | type[BaseException]


class Script:
    """A scripted player at the keyboard: answers prompts from a list or a function.

    An exception class in the list is raised instead (KeyboardInterrupt: Ctrl-C); an exhausted
    list raises EOFError, as ``input()`` does at the end of input.
    """

    def __init__(self, console: Console,
                 answers: Sequence[Answer] | Callable[[str], Answer]) -> None:
        self.console = console
        self.answers = answers if callable(answers) else list(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        self.console.print(prompt, end="", markup=False)
        if callable(self.answers):
            answer = self.answers(prompt)
        elif self.answers:
            answer = self.answers.pop(0)
        else:
            raise EOFError
        if isinstance(answer, type):
            raise answer
        self.console.print(answer, markup=False)
        return answer


def recording_console() -> Console:
    return Console(record=True, width=120, file=io.StringIO(), color_system=None)


def session(game: str, players: int, seats: Sequence[str], seed: int,
            answers: Sequence[Answer] | Callable[[str], Answer], **kwargs: Any
            ) -> tuple[PlaySession, Script]:
    from regalia.engine.registry import get_game

    console = recording_console()
    script = Script(console, answers)
    term = Terminal(console, script, lambda: console.print(CLEAR))
    state = new_game(game, players, seed=seed)
    play = PlaySession(state, list(seats), term, seed, render_text=get_game(game).render_text,
                       **kwargs)
    return play, script


def output(play: PlaySession) -> str:
    return play.console.export_text()


class TaggedState(ToyState):
    """The toy game with the viewing seat named in its view, so leaks can be seen."""

    GAME_ID = TAGGED
    _info = None
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "who": None if seat is None else self.seat_name(seat)}

    def _copy(self) -> TaggedState:
        new = TaggedState.__new__(TaggedState)
        base = super()._copy()
        for name in ToyState.__slots__:
            setattr(new, name, getattr(base, name))
        return new


def tagged_render(view: Any) -> str:
    return f"secret-of-{view['who']}: hand {view['hand']}"


@pytest.fixture
def tagged_game() -> Iterator[str]:
    register(dataclasses.replace(INFO, id=TAGGED, state_class=TaggedState,
                                 render_text=tagged_render))
    yield TAGGED
    unregister(TAGGED)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
