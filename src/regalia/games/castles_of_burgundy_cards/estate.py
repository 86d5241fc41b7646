"""The estate: piles of one type, triples, cloisters as wildcards, and the bonus cards.

A pile is ``(type, faces)``. It is complete at three cards; a fourth card of a type starts a
new pile [RB]. Any three buildings make a triple. A cloister may join any incomplete pile and
then counts as that pile's type for the rest of the game; a card of another type may join a
pile of one or two cloisters, which turns them into its type [RB]. A pile of cloisters alone
counts as type cloister (6 VP when complete).

Engine reading of the open questions (docs A2-A5): a card joins an incomplete pile of its
type or an incomplete cloister pile; it starts a new pile only when no incomplete pile of its
type exists. A cloister that joined another type counts only as that type for the "all 7
types" check and for the "1." bonus of that colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards.faces import CLOISTER, FACE_TYPE, N_TYPES

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.scoring import Pile
    from regalia.games.castles_of_burgundy_cards.state import CobState

NEW_PILE = -1


def pile_options(estate: Sequence[Pile], face: int) -> list[int]:
    """The piles a card may go on (indices; ``NEW_PILE`` for a new one), in order."""
    t = FACE_TYPE[face]
    options: list[int] = []
    own_open = False
    for i, (pt, cards) in enumerate(estate):
        if len(cards) < 3:
            if pt == t:
                options.append(i)
                own_open = True
            elif t == CLOISTER or pt == CLOISTER:
                options.append(i)
    if not own_open:
        options.append(NEW_PILE)
    return options


def add_to_pile(estate: list[Pile], face: int, index: int) -> tuple[int, bool]:
    """Put ``face`` on pile ``index`` (or a new pile): the pile's type, and whether the card
    completed a triple."""
    t = FACE_TYPE[face]
    if index == NEW_PILE:
        estate.append((t, (face,)))
        return t, False
    pt, cards = estate[index]
    if t != CLOISTER:
        pt = t  # joins its own type, or turns a cloister pile into its type
    cards = (*cards, face)
    estate[index] = (pt, cards)
    return pt, len(cards) == 3


def has_all_types(estate: Sequence[Pile]) -> bool:
    seen = 0
    for pt, _ in estate:
        seen |= 1 << pt
    return seen == (1 << N_TYPES) - 1


def award_bonus_cards(s: CobState, owner: int, estate: Sequence[Pile], completed: int) -> None:
    """The "1." card of a completed type to its first completer, and the top "all 7 types"
    card to the first owner of all seven colours [RB]. ``completed`` is -1 if none."""
    if completed >= 0 and s.first_bonus_owner[completed] < 0:
        s.first_bonus_owner[completed] = owner
    if not s.all_types_bonus[owner] and s.all_types_stack and has_all_types(estate):
        s.all_types_bonus[owner] = s.all_types_stack.pop(0)


def aaron_sort(s: CobState, faces: Sequence[int]) -> None:
    """Sort Aaron's revealed cards into his estate by type: his cloisters are a type of their
    own, never wild; a fourth card starts a new triple [RB solo]."""
    estate = s.aaron_estate
    aaron = s.players
    for face in sorted(faces, key=lambda f: FACE_TYPE[f]):
        t = FACE_TYPE[face]
        index = next((i for i, (pt, cards) in enumerate(estate) if pt == t and len(cards) < 3),
                     NEW_PILE)
        _, done = add_to_pile(estate, face, index)
        award_bonus_cards(s, aaron, estate, t if done else -1)
