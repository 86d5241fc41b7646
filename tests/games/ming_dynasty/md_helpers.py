"""Helpers for the Ming Dynasty tests: a game past setup, and positions arranged by hand
(every piece and card taken from where it lies, so the conservation laws still hold)."""

from __future__ import annotations

from typing import Any

import regalia
from regalia.games.ming_dynasty.board import DISTRICT_INDEX, DRAGON, TRANSPORT_INDEX
from regalia.games.ming_dynasty.state import MingState

PRINCES = ("1a", "3a", "5a", "6b")


def edition_with(old: str, new: str) -> str:
    """The built-in edition's text with one passage replaced."""
    text = regalia.get_game("ming-dynasty").load_edition(None).text
    assert old in text
    return text.replace(old, new)


def started(players: int = 3, seed: int = 1, princes: tuple[str, ...] = PRINCES,
            edition: str | None = None, **options: Any) -> MingState:
    """A game whose princes stand in ``princes`` (two players: neutral members placed
    into 2a, 2b, 2c, 4a, 4b, 4c), at round 1's first placement."""
    state = regalia.new_game("ming-dynasty", players, seed=seed, edition=edition, **options)
    assert isinstance(state, MingState)
    for p in range(players):
        state.apply(f"prince {princes[p]}", p)
    if players == 2:
        for q in ("2a", "2b", "2c", "4a", "4b", "4c"):
            state.apply(f"neutral {q}", state.to_move()[0])
    assert state.phase_name == "place"
    return state


def d(name: str) -> int:
    return DISTRICT_INDEX[name]


def on_space(s: MingState, seat: int, province: int, k: int = 1) -> None:
    s.supply[seat] -= k
    s.spaces[province - 1][seat] += k


def in_open(s: MingState, colour: int, district: str, k: int = 1) -> None:
    s.supply[colour] -= k
    s.open[d(district)][colour] += k


def in_cloister(s: MingState, seat: int, district: str) -> None:
    s.supply[seat] -= 1
    s.cloister[d(district)] = seat


def give(s: MingState, seat: int, kind: str, k: int = 1) -> None:
    for _ in range(k):
        if kind == "dragon":
            s.dragons -= 1
            s.hand[seat][DRAGON] += 1
        else:
            s.deck[TRANSPORT_INDEX[kind]] -= 1
            s.hand[seat][TRANSPORT_INDEX[kind]] += 1


def clear_hands(s: MingState) -> None:
    for p in range(s.players):
        s.dragons += s.hand[p][DRAGON]
        for k, n in enumerate(s.hand[p][:DRAGON]):
            s.deck[k] += n
        s.hand[p] = [0] * len(s.hand[p])


def enter(s: MingState, phase: str, cur: int = 0) -> None:
    """Go to ``phase`` as the flow would, ``cur`` to move first (as the start player)."""
    from regalia.games.ming_dynasty.state import PHASE_INDEX

    s.check_invariants()
    s.start = cur
    if phase == "take":
        s._begin_taking()  # as the flow enters it: seats that cannot take are skipped
    elif phase == "act":
        s._begin_acting()
    else:
        s.phase = PHASE_INDEX[phase]
        s.cur = cur
    s._legal = {}
    s._settle()


def legal(s: MingState, seat: int | None = None) -> list[str]:
    return [a.text for a in s.legal_actions(seat)]


def set_tiles(s: MingState, seat: int, tiles: list[int]) -> None:
    """Give ``seat`` exactly ``tiles`` (per province), through the supply."""
    for i, n in enumerate(tiles):
        s.tile_supply[i] += s.tiles[seat][i] - n
        s.tiles[seat][i] = n
