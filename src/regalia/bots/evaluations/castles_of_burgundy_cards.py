"""The Castles of Burgundy: The Card Game, judged as a player counts: points now, triples on
the way, goods and animals that will pay, and the means to act (cards, workers, silver).

A seat's *outlook* is

* its score if the game ended now (completed triples, bonus cards, VP cards, sold goods,
  animals, the start player card: the rules' own final scoring);
* plus ``PILE`` of a triple's VP per card in an unfinished estate pile (a pile of two is
  most of the way to its triple);
* plus ``GOODS`` of the VP each stored good sells for, and ``PROJECT`` per project waiting to
  be placed;
* plus ``WORKER`` per worker, ``SILVER`` per silver (six of them turn into 2 VP, and they buy
  cards and bend dice), and ``CARD`` per card in hand (each is one more action this round).

Hands are read for the judged seat only: others' hands in a sample are random draws.

Solo, the seat plays against Aaron, an automaton: his triples and bonus cards are his outlook.
The value is the seat's outlook less the best other outlook (Aaron's, solo).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.castles_of_burgundy_cards.scoring import aaron_score, player_score

if TYPE_CHECKING:
    from regalia.engine.state import State
    from regalia.games.castles_of_burgundy_cards.state import CobState

# "play 4" only picks the die; what it is played for is the next decision: weigh both.
LOOKAHEAD = 2

PILE = 0.3
GOODS = 0.7
PROJECT = 0.6
WORKER = 0.3
SILVER = 0.35
CARD = 0.8


def outlook(s: CobState, p: int, own: bool) -> float:
    d = s.components
    value = float(player_score(s, p))
    triple = d.triple_vp
    for t, cards in s.estates[p]:
        if len(cards) < 3:
            value += PILE * triple[t] * len(cards)
    faces = d.goods_faces
    for g, n in enumerate(s.goods[p]):
        if n:
            value += GOODS * n * faces[g][1]
    value += PROJECT * len(s.projects[p]) + WORKER * s.workers[p] + SILVER * s.silver[p]
    if own:
        value += CARD * len(s.hands[p])
    return value


def evaluate(state: State, seat: int) -> float:
    s: CobState = state  # type: ignore[assignment]
    mine = outlook(s, seat, own=True)
    if s.players == 1:
        return mine - aaron_score(s)
    return mine - max(outlook(s, p, own=False) for p in range(s.players) if p != seat)


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once (the search's leaves)."""
    s: CobState = state  # type: ignore[assignment]
    base = [outlook(s, p, own=False) for p in range(s.players)]
    hands = [CARD * len(s.hands[p]) for p in range(s.players)]
    if s.players == 1:
        return [base[0] + hands[0] - aaron_score(s)]
    return [base[p] + hands[p] - max(v for q, v in enumerate(base) if q != p)
            for p in range(s.players)]
