"""What a bot is handed: one seat's information set, never the true state."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from regalia.engine.compiling import mypyc_attr
from regalia.engine.rng import Rng

if TYPE_CHECKING:
    from regalia.engine.actions import Action
    from regalia.engine.state import State


@mypyc_attr(allow_interpreted_subclasses=True)  # tests count its samples in a subclass
class InformationSet:
    """A seat's view, its legal actions, and a sampler of states consistent with the view.

    The true state stays private: a bot reaches the hidden parts only through :meth:`sample`,
    which resamples everything the seat may not know (a sample has no history and a seed of
    its own; its options and edition are read-only and shared).

    This is a boundary against cheating *by accident*, not a sandbox: Python code in the same
    process can always reach the caller's objects (through the garbage collector or frames, or
    the name-mangled attribute). A bot that is not trusted must run in another process and be
    handed views and legal actions only.
    """

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat

    @property
    def view(self) -> dict[str, Any]:
        return self.__state.view(self.seat)

    @property
    def legal_actions(self) -> tuple[Action, ...]:
        return self.__state.legal_actions(self.seat)

    @property
    def game_id(self) -> str:
        return self.__state.info().id

    @property
    def players(self) -> int:
        return self.__state.players

    def describe(self, action: Action) -> str:
        return self.__state.describe(action)

    def sample(self, rng: Rng) -> State:
        """A full state agreeing with this seat's view; hidden parts drawn from ``rng``."""
        return self.__state.determinize(self.seat, rng)


class Bot(Protocol):
    """A player: picks one of the legal actions of an information set."""

    name: str

    def act(self, info: InformationSet) -> Action: ...


BotFactory = Callable[[int | None], Bot]


def close_bots(bots: Iterable[object]) -> None:
    """Let every bot that holds something (an external program) go; call after a game."""
    for bot in bots:
        close = getattr(bot, "close", None)
        if close is not None:
            close()
