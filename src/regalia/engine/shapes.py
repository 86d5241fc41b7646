"""The types a game's saved fields take, learnt from the game itself, to check untrusted ones.

A determinized sample has no history to replay, so loading one cannot prove its fields right.
What can be checked without game code is their *shape*: the game is played at random a few
times with the same players, options and edition, every ``_dump()`` on the way is walked, and
the kinds of value seen at each place (``board[]`` an int, ``log[][]`` a str or an int, ...)
are kept. A loaded sample may then only hold those kinds in those places; where the random
games never put anything (a list that stayed empty), it may hold plain values, not containers.
That refuses a number where a list belongs, a list nested where a number belongs, and so on,
before the game code trips over them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from regalia.engine.errors import InvalidRecord, quoted
from regalia.engine.i18n import _
from regalia.engine.limits import word
from regalia.engine.rng import Rng

if TYPE_CHECKING:
    from regalia.engine.state import State

Shapes = dict[str, frozenset[str]]

LEARNING_GAMES = 4
_SCALARS = frozenset({"none", "bool", "int", "float", "str"})
_CACHE: dict[tuple[Any, ...], Shapes] = {}
_CACHE_SIZE = 64


def kind_of(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "str"
    if isinstance(value, (list, tuple)):
        return "list"
    if isinstance(value, Mapping):
        return "dict"
    return type(value).__name__


def _places(data: Mapping[str, Any]) -> list[tuple[str, str, Any]]:
    """(place, kind, value) of everything in a dump; list items share the place ``x[]``, and
    keys below the top level (which may be ids) share ``x{}``."""
    out: list[tuple[str, str, Any]] = []
    stack: list[tuple[str, Any]] = [(str(k), v) for k, v in data.items()]
    while stack:
        place, value = stack.pop()
        kind = kind_of(value)
        out.append((place, kind, value))
        if kind == "list":
            stack.extend((place + "[]", v) for v in value)
        elif kind == "dict":
            stack.extend((place + "{}", v) for v in value.values())
    return out


def learnt(state: State) -> Shapes:
    """The shapes of ``state``'s game with its players, options and edition (cached)."""
    info = state.info()
    key = (info.id, state.players, tuple(sorted(state.options.items())), state.edition.digest)
    shapes = _CACHE.get(key)
    if shapes is not None:
        return shapes
    seen: dict[str, set[str]] = {}

    def note(dump: Mapping[str, Any]) -> None:
        for place, kind, _value in _places(dump):
            seen.setdefault(place, set()).add(kind)

    for game in range(LEARNING_GAMES):
        rng = Rng(game)
        real = info.state_class.new(state.players, seed=rng.next64(), edition=state.edition,
                                    options=dict(state.options))
        note(real._dump())
        step = 0
        while movers := real.to_move():
            seat = movers[rng.below(len(movers))]
            legal = real.legal_actions(seat)
            real.apply(legal[rng.below(len(legal))], seat)
            note(real._dump())
            step += 1
            if step % 16 == 0:
                note(real.determinize(seat, rng)._dump())
    shapes = {place: frozenset(kinds) for place, kinds in seen.items()}
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = shapes
    return shapes


def check(dump: Mapping[str, Any], shapes: Shapes, what: str) -> None:
    """Refuse a dump holding a kind of value where the game never puts one."""
    for place, kind, value in _places(dump):
        known = shapes.get(place)
        if known is None:
            parent = place.removesuffix("[]").removesuffix("{}")
            if parent == place or parent not in shapes or kind not in _SCALARS:
                raise InvalidRecord(
                    _("{what}: the game has no field {place} holding {kind} {value}").format(
                        what=word(what), place=quoted(place), kind=kind, value=quoted(value)))
        elif kind not in known:
            raise InvalidRecord(
                _("{what}: field {place} holds {kind} {value}; the game puts only {known} there")
                .format(what=word(what), place=quoted(place), kind=kind, value=quoted(value),
                        known=", ".join(sorted(known))))
