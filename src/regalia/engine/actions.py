"""Actions: small immutable values with a stable text notation and a fixed integer code.

Each game builds one :class:`ActionTable` at import time holding every action it can ever
offer. ``legal_actions`` hands out those shared objects, so no action is built on the hot path,
parsing is a dictionary look-up, and ``encode``/``decode`` are an attribute and an index.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, NamedTuple

from regalia.engine.errors import MalformedAction, quoted
from regalia.engine.i18n import _


class Action(NamedTuple):
    """One atomic decision. ``str(action)`` is its notation; ``code`` its integer encoding."""

    code: int
    text: str
    kind: str
    args: tuple[Any, ...] = ()  # the game's own values (ints, ids): games index with them

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"


class ActionTable:
    """Every action of one game, numbered densely from 0 in the order they were added."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._by_code: list[Action] = []
        self._by_text: dict[str, Action] = {}
        self._by_key: dict[tuple[Hashable, ...], Action] = {}
        self._longest = 0  # no notation is longer: longer text is refused before any work

    def add(self, kind: str, args: tuple[Hashable, ...], text: str) -> Action:
        if text in self._by_text:
            raise ValueError(f"duplicate action notation {text!r} in {self.game_id}")
        if text != text.strip() or not text:
            raise ValueError(f"action notation {text!r} must be non-empty and trimmed")
        action = Action(len(self._by_code), text, kind, args)
        self._by_code.append(action)
        self._by_text[text] = action
        self._by_key[(kind, *args)] = action
        self._longest = max(self._longest, len(text))
        return action

    def get(self, kind: str, *args: Hashable) -> Action:
        """The action of that kind with those arguments (KeyError if the game has none)."""
        return self._by_key[(kind, *args)]

    def __len__(self) -> int:
        return len(self._by_code)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._by_code)

    @property
    def action_count(self) -> int:
        return len(self._by_code)

    def owns(self, action: object) -> bool:
        """Whether ``action`` is one of this table's actions (or equal to one)."""
        if not isinstance(action, Action):
            return False
        code = action.code
        if code.__class__ is not int or not 0 <= code < len(self._by_code):
            return False
        mine = self._by_code[code]
        if mine is action:
            return True
        try:
            return bool(mine == action)
        except Exception:  # a forged action's args may not even compare
            return False

    def encode(self, action: Action) -> int:
        if not self.owns(action):
            raise MalformedAction(_("{action} is not an action of {game}").format(
                action=quoted(action), game=self.game_id))
        return action.code

    def decode(self, code: object) -> Action:
        # ``object``: compiled, an ``int`` parameter would take True as 1 and refuse "0" with
        # a bare TypeError instead of this error.
        if not isinstance(code, int) or isinstance(code, bool) or \
                not 0 <= code < len(self._by_code):
            raise MalformedAction(
                _("{code} is not an action code of {game} (codes run from 0 to {last})").format(
                    code=quoted(code), game=self.game_id, last=len(self._by_code) - 1))
        return self._by_code[code]

    def parse(self, text: str) -> Action:
        """The action written ``text`` (surrounding blanks and repeated spaces are ignored;
        text far longer than any notation is refused before any work is done on it)."""
        if not isinstance(text, str):
            raise MalformedAction(_("{text} is not action text").format(text=quoted(text)))
        action = self._by_text.get(text)
        if action is not None:
            return action
        if len(text) > 4 * self._longest + 64:
            raise MalformedAction(_("{action} is not an action of {game}").format(
                action=quoted(text), game=self.game_id))
        action = self._by_text.get(" ".join(text.split()))
        if action is None:
            action = self._by_text.get(" ".join(text.lower().split()))
        if action is None:
            raise MalformedAction(_("{action} is not an action of {game}").format(
                action=quoted(text), game=self.game_id))
        return action
