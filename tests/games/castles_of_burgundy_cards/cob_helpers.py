"""Small helpers that build Castles of Burgundy (cards) positions by setting fields directly.

Cards given to a position come out of the deck (``take_from_deck``), so the conservation
checks still hold and ``check_invariants()`` can run on every hand-built position.
"""

from __future__ import annotations

from typing import Any

import regalia
from regalia.engine.actions import Action
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.faces import FACE_INDEX, FACE_NAMES
from regalia.games.castles_of_burgundy_cards.state import SEATS, CobState

GAME = "castles-of-burgundy-cards"


def new(players: int = 2, seed: int = 0, **options: Any) -> CobState:
    state = regalia.new_game(GAME, players, seed=seed, **options)
    assert isinstance(state, CobState)
    return state


def face(name: str) -> int:
    return FACE_INDEX[name]


def take_from_deck(s: CobState, name: str) -> int:
    """Remove one card of that face from the unrevealed cards (the deck) and return it."""
    pool = s.unrevealed[-1]
    assert pool.count(name) > 0, f"no {name} left in the deck"
    pool.remove(name)
    assert len(pool) >= s.face_down_counts[-1]
    return FACE_INDEX[name]


def clear_table(s: CobState) -> None:
    """Return display, hands and projects to the deck: a blank table to build on."""
    for row in s.display:
        s.unrevealed[-1].extend(FACE_NAMES[f] for f in row)
        row.clear()
    for p in range(s.players):
        for f in s.hands[p] + s.projects[p]:
            s.unrevealed[-1].append(FACE_NAMES[f])
        # Hand cards of old generations: put them back where they came from.
        s.hands[p].clear()
        s.hand_generations[p].clear()
        s.projects[p].clear()


def set_row(s: CobState, row: int, *names: str) -> None:
    s.display[row - 1].extend(take_from_deck(s, n) for n in names)


def set_hand(s: CobState, seat: int, *names: str) -> None:
    for n in names:
        s.hands[seat].append(take_from_deck(s, n))
        s.hand_generations[seat].append(len(s.unrevealed) - 1)


def set_projects(s: CobState, seat: int, *names: str) -> None:
    s.projects[seat].extend(take_from_deck(s, n) for n in names)


def set_estate(s: CobState, seat: int, *piles: tuple[int, tuple[str, ...]]) -> None:
    for t, names in piles:
        s.estates[seat].append((t, tuple(take_from_deck(s, n) for n in names)))


def decide(s: CobState, seat: int, *entries: tuple[int, ...]) -> None:
    """Make ``seat`` the player to move with ``entries`` as the pending stack."""
    s.current_seat = seat
    s.moving_seats = SEATS[seat]
    s.pending = list(entries) if entries else [(P.PLAY,)]
    refresh(s)


def at_action(s: CobState, seat: int, die: int, source: int = P.NORMAL) -> None:
    """``seat`` has played a card showing ``die`` and now chooses the action."""
    decide(s, seat, (P.ACT, die, source))


def refresh(s: CobState) -> None:
    s._choices = None
    s._legal = {}


def texts(s: CobState, seat: int | None = None) -> list[str]:
    return [a.text for a in s.legal_actions(seat)]


def act(s: CobState, *moves: str) -> None:
    for m in moves:
        s.apply(m)
        s.check_invariants()


def action(s: CobState, text: str) -> Action:
    return s.parse_action(text)


def set_goods(s: CobState, seat: int, *names: str) -> None:
    """The seat's storage goods become ``names``, swapped with hidden cards of the goods
    piles (the pile counts follow, so nothing is made or lost)."""
    for gf, count in enumerate(s.goods[seat]):
        s.hidden_goods.extend([s.components.goods_face_names[gf]] * count)
        s.goods_pile_sizes[0] += count
        s.goods[seat][gf] = 0
    for name in names:
        s.hidden_goods.remove(name)
        s.goods_pile_sizes[0 if s.goods_pile_sizes[0] >= s.goods_pile_sizes[1] else 1] -= 1
        s.goods[seat][s.goods_face_index[name]] += 1


def set_animals(s: CobState, seat: int, **counts: int) -> None:
    """The seat's animals become ``counts``, swapped with hidden cards of the animal piles."""
    from regalia.games.castles_of_burgundy_cards.faces import ANIMAL_KINDS

    for k, count in enumerate(s.animals[seat]):
        s.hidden_animals.extend([ANIMAL_KINDS[k]] * count)
        s.animal_pile_sizes[0] += count
        s.animals[seat][k] = 0
    for name, count in counts.items():
        for _ in range(count):
            s.hidden_animals.remove(name)
            s.animal_pile_sizes[0 if s.animal_pile_sizes[0] >= s.animal_pile_sizes[1] else 1] -= 1
        s.animals[seat][ANIMAL_KINDS.index(name)] += count
