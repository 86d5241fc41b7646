"""Small helpers that build Palais Royal positions by setting fields directly.

Servants put into rooms come out of the seat's play area and nobles placed on a park space are
swapped with wherever they were, so ``check_invariants()`` holds on every hand-built position.
"""

from __future__ import annotations

from typing import Any

import regalia
from regalia.games.palais_royal.actions import EFFECT_INDEX
from regalia.games.palais_royal.rooms import COLUMNS, ROOM_INDEX
from regalia.games.palais_royal.state import PalaisState

GAME = "palais-royal"


def new(players: int = 4, seed: int = 0, **options: Any) -> PalaisState:
    """A game after setup (every seat put its five free servants on the Gate), first-game
    layout unless told otherwise, the start player (seat 0) to move."""
    options.setdefault("layout", "first-game")
    state = regalia.new_game(GAME, players, seed=seed, **options)
    assert isinstance(state, PalaisState)
    for _ in range(5 * players):
        state.apply("place gate")
    return state


def space(name: str, s: PalaisState) -> int:
    return (int(name[1:]) - 1) * s.d.columns + COLUMNS.index(name[0])


def clear_rooms(s: PalaisState) -> None:
    """Every servant in the castle back into its seat's play area."""
    for p in range(s.players):
        s.area[p] += sum(s.servants[p])
        s.servants[p] = [0] * 9


def set_rooms(s: PalaisState, seat: int, **counts: int) -> None:
    """Set a seat's servants in rooms (by room name), taking or returning play-area ones."""
    for room, n in counts.items():
        r = ROOM_INDEX[room]
        s.area[seat] -= n - s.servants[seat][r]
        s.servants[seat][r] = n
    assert s.area[seat] >= 0, "not enough servants in the play area"


def give_cards(s: PalaisState, seat: int, effect: str, n: int = 1) -> None:
    k = EFFECT_INDEX[effect]
    for _ in range(n):
        s.pile.remove(k)
        s.hand[seat][k] += 1


def noble_index(s: PalaisState, nid: str) -> int:
    return next(i for i, nb in enumerate(s.d.nobles) if nb.id == nid)


def put_noble(s: PalaisState, where: str, nid: str) -> None:
    """Put noble ``nid`` on park space ``where``; the tile there goes where ``nid`` was."""
    sp = space(where, s)
    tile = noble_index(s, nid)
    old = s.park[sp]
    if tile in s.park:
        other = s.park.index(tile)
        s.park[other] = old
    else:
        s.box.remove(tile)
        if old >= 0:
            s.box.append(old)
            s.box.sort()
    s.park[sp] = tile


def take_noble(s: PalaisState, where: str, seat: int) -> None:
    """Empty a park space by giving its noble to ``seat`` (as if enlisted earlier)."""
    sp = space(where, s)
    s.nobles[seat].append(s.park[sp])
    s.park[sp] = -1


def start_turn(s: PalaisState, seat: int) -> None:
    """Begin ``seat``'s turn from step 1 on the position as it now stands. The next seat
    gets a Prestige card (playable in every step), so that it has a choice and a turn that
    passes stops there instead of running on through forced turns."""
    nxt = (seat + 1) % s.players
    if not s.hand[nxt][EFFECT_INDEX["prestige"]]:
        give_cards(s, nxt, "prestige")
    s._start_turn(seat)
    s._legal = {}
    s._settle()


def act(s: PalaisState, *texts: str) -> None:
    for t in texts:
        s.apply(t)


def legal(s: PalaisState) -> list[str]:
    return [a.text for a in s.legal_actions()]


def grant_noble(s: PalaisState, seat: int, nid: str) -> None:
    """Give ``seat`` the noble ``nid`` (from the park or the box) with its privilege."""
    tile = noble_index(s, nid)
    if tile in s.park:
        s.park[s.park.index(tile)] = -1
    else:
        s.box.remove(tile)
        # keep the box at six: a park tile goes into it in exchange
        sp = next(i for i, t in enumerate(s.park) if t >= 0 and not s.d.is_edge[i])
        s.box.append(s.park[sp])
        s.park[sp] = -1
    s.nobles[seat].append(tile)
    s._gain(seat, tile)


def to_step(s: PalaisState, phase: int) -> None:
    """Say "done" until the seat on turn reaches ``phase`` (it must hold a choice there)."""
    seat = s.cur
    while s.phase < phase:
        act(s, "done")
        assert s.cur == seat, "the turn ended before reaching the step"
