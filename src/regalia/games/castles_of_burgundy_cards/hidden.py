"""A hand that straddles two deck generations: which card went, and how a sample redraws it.

When the deck runs out while a round's face-down piles are reserved, the pile being reserved
takes its first cards from the old deck and the rest from the new one (supply.py). Its owner
draws the new deck's cards first (the top of the pile) and the old deck's after, so for a few
turns the hand can hold a card of each generation. Which generation each drawn card belongs
to is public (everybody saw the deal and the deck run out), and so is every card played. What
the other seats cannot see is which of the hand's cards a play took: the played card may have
come from either generation, and so the card left in hand, and which generation's unseen
cards lost the played one, are hidden.

The true state keeps the truth (``hand_generations`` and ``generations_played_this_round``);
``resample(state, seat, rng)`` redraws it for a sample. It puts back the seat's cards of this
round (the state's ``_determinize`` returned them to their generations' unrevealed cards) and
draws afresh which hand card each play took, then the cards still in hand.

Weights. A seat's choice of card carries no information a sample could use (the other seats
cannot model it), so each play is taken to name the die of a card of the hand chosen at
random; the engine then plays the first card in hand with that die (effects.py). Under that
model the chance of a history (which hand slot each play took) given the cards seen is, up to
a factor that is the same for every history: the number of unseen copies of each played card
in its generation, counted down as they are used; for each card still in hand that sat beside
a play, the number of unseen cards of its generation with the die chosen for it; for the others
the number of unseen cards of their generation; and for each play the engine's rule: 0 if a
card before the played one shows its die (that one would have been played), else 1 plus the
cards after it showing that die. For a hand of one generation this is the uniform draw the
state already makes (each card left in hand is any unseen card of its generation); for a
straddling hand it also knows that a card kept beside a played card of the same die must be
the later one. (tests/games/castles_of_burgundy_cards/test_cob_hidden.py checks them against
every deal and choice of that model on small decks: the chances agree exactly.) The weights
are exact integers and the draw is ``rng.below`` of their sum, taken over histories in a fixed
order from the unseen cards as a multiset, so two true states with one view give the same
sample for the same ``Rng``.

There are at most ``hand`` slots to choose at each play, so a round has at most ``hand **
turns`` histories, 32 with the printed hand of two, and fewer as a play from two alike cards
is not split (``History``). At most one pile a round straddles: once the discard pile is
shuffled into the new deck nothing is discarded until the deal ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.rng import Rng
from regalia.games.castles_of_burgundy_cards.faces import FACE_DIE, FACE_INDEX, FACE_NAMES

if TYPE_CHECKING:
    from regalia.games.castles_of_burgundy_cards.state import CobState

DICE = (1, 2, 3, 4, 5, 6)


class History:
    """One way a round's plays can have gone: the drawn card (its index in drawing order)
    each play took and the hand now; for the plays the engine's rule weighs on, the hand
    then (drawn cards, oldest first) and the slot taken. Only the generations drawn, the
    number of plays and the hand size shape it, so they are worked out once (``histories``).

    A play from a hand of at most two cards of one generation that have sat beside no
    weighed play is not split by slot: the cards are alike (uniform draws from one
    generation), so either is played with the same chance whatever they are, and the one
    kept is still a uniform draw. It counts once, as slot 0, weighing the hand's size (the
    sum of its slots' weights). (With three or more cards the ones kept would not be in a
    uniform order: a card showing the played die more likely comes after it.)"""

    __slots__ = ("free", "held", "kept_beside", "played", "played_at", "rules", "spread")

    def __init__(self, drawn: int, played: tuple[int, ...],
                 rules: tuple[tuple[int, tuple[int, ...], int], ...], spread: int,
                 held: tuple[int, ...]) -> None:
        self.played = played
        self.rules = rules
        self.spread = spread
        self.held = held
        # Cards in hand now that sat in hand at a weighed play: their die weighs on it.
        beside = {j for _i, hand, _t in rules for j in hand}
        self.kept_beside = tuple(j for j in held if j in beside)
        self.free = tuple(j for j in held if j not in beside)
        at = [-1] * drawn  # per drawn card: the play that took it, -1 if still in hand
        for i, j in enumerate(played):
            at[j] = i
        self.played_at = tuple(at)


_HISTORIES: dict[tuple[tuple[int, ...], int, int], tuple[History, ...]] = {}


def histories(drawn: tuple[int, ...], hand: int, plays: int) -> tuple[History, ...]:
    """Every history of a round in which a seat drew cards of the generations ``drawn`` (in
    drawing order) and played ``plays`` of them: ``hand`` cards at the start of the round,
    then one after each play while any are left (state.py: a seat draws when everybody has
    played)."""
    key = (drawn, hand, plays)
    found = _HISTORIES.get(key)
    if found is None:
        out: list[History] = []
        first = min(len(drawn), hand)
        _walk(out, drawn, plays, tuple(range(first)), first, (), (), 1, frozenset())
        found = _HISTORIES[key] = tuple(out)
    return found


def _walk(out: list[History], drawn: tuple[int, ...], plays: int, held: tuple[int, ...],
          drawn_so_far: int, played: tuple[int, ...],
          rules: tuple[tuple[int, tuple[int, ...], int], ...], spread: int,
          beside: frozenset[int]) -> None:
    i = len(played)
    if i == plays:
        out.append(History(len(drawn), played, rules, spread, held))
        return
    if not held:
        return  # a play from an empty hand: no such history
    after = drawn_so_far + 1 if drawn_so_far < len(drawn) else drawn_so_far
    new = tuple(range(drawn_so_far, after))
    if len(held) <= 2 and all(drawn[j] == drawn[held[0]] and j not in beside for j in held):
        _walk(out, drawn, plays, held[1:] + new, after, (*played, held[0]), rules,
              spread * len(held), beside)
        return
    for t in range(len(held)):
        _walk(out, drawn, plays, held[:t] + held[t + 1:] + new, after, (*played, held[t]),
              (*rules, (i, held, t)), spread, beside | set(held))


def straddles(s: CobState, seat: int) -> bool:
    """The seat's cards of this round (public: which generation each was dealt from) come
    from more than one generation."""
    return len({*s.hand_generations[seat], *s.generations_played_this_round[seat]}) > 1


def drawn_generations(s: CobState, seat: int) -> list[int]:
    """The generations of the cards the seat drew into hand this round, in drawing order: a
    pile is reserved from older generations up, and drawn from the top (supply.py)."""
    drawn = [*s.generations_played_this_round[seat], *s.hand_generations[seat]]
    drawn.sort(reverse=True)
    return drawn


def put_back_plays(s: CobState, seat: int) -> None:
    """Return the cards the seat played this round to their generations' unrevealed cards
    (the hand's are returned by the caller)."""
    played = s.played_cards[seat]
    gens = s.generations_played_this_round[seat]
    start = len(played) - len(gens)
    for i, gen in enumerate(gens):
        s.unrevealed[gen].append_face(played[start + i])


def resample(s: CobState, seat: int, rng: Rng) -> None:
    """Draw afresh which generation each of the seat's plays this round took, and its hand.

    The seat's cards of this round (hand and plays) are back among their generations'
    unrevealed cards (``put_back_plays``), whose order is already a fresh shuffle."""
    plays = len(s.generations_played_this_round[seat])
    played = s.played_cards[seat]
    faces = played[len(played) - plays:]
    drawn = drawn_generations(s, seat)
    # The weights depend on the view only: a search samples one view many times over, so
    # they are kept for the last views met.
    key = (tuple(drawn), faces, s.components.hand,
           tuple(tuple(sorted(s.unrevealed[g])) for g in sorted(set(drawn))))
    found = _OPTIONS.get(key)
    if found is None:
        found = _options(s, drawn, faces)
        if len(_OPTIONS) >= OPTIONS_KEPT:
            _OPTIONS.clear()
        _OPTIONS[key] = found
    options, total = found
    pick = rng.below(total)
    k = 0
    while pick >= options[k][0]:
        pick -= options[k][0]
        k += 1
    _, chosen, dice = options[k]

    # The plays: each generation loses the cards the chosen history took from it.
    gens = []
    for i, j in enumerate(chosen.played):
        s.unrevealed[drawn[j]].remove(FACE_NAMES[faces[i]])
        gens.append(drawn[j])
    s.generations_played_this_round[seat] = tuple(gens)
    # The hand: the cards kept beside a play, of their chosen dice, then the others.
    card: dict[int, int] = {}
    for j, die in zip(chosen.kept_beside, dice, strict=True):
        pool = s.unrevealed[drawn[j]]
        fitting = [x for x, name in enumerate(pool) if FACE_DIE[FACE_INDEX[name]] == die]
        card[j] = FACE_INDEX[pool.pop(fitting[rng.below(len(fitting))])]
    for j in chosen.free:
        pool = s.unrevealed[drawn[j]]
        card[j] = FACE_INDEX[pool.pop(rng.below(len(pool)))]
    s.hands[seat] = [card[j] for j in chosen.held]
    s.hand_generations[seat] = [drawn[j] for j in chosen.held]


Options = tuple[list[tuple[int, History, tuple[int, ...]]], int]
OPTIONS_KEPT = 256
_OPTIONS: dict[tuple[tuple[int, ...], tuple[int, ...], int, tuple[tuple[str, ...], ...]],
               Options] = {}


def _options(s: CobState, drawn: list[int], faces: tuple[int, ...]) -> Options:
    """Every history, with the dice of its kept cards, of a weight above 0; and their sum."""
    unseen = _Unseen(s, set(drawn))
    options: list[tuple[int, History, tuple[int, ...]]] = []
    total = 0
    for h in histories(tuple(drawn), s.components.hand, len(faces)):
        for x, dice in _weights(h, faces, drawn, unseen):
            options.append((x, h, dice))
            total += x
    assert total > 0, "no history fits the seat's plays"
    return options, total


class _Unseen:
    """Per generation drawn from: its unseen cards, their copies of each face, and of each
    die."""

    __slots__ = ("copies", "dice", "size")

    def __init__(self, s: CobState, gens: set[int]) -> None:
        self.copies: dict[int, dict[int, int]] = {}
        self.dice: dict[int, list[int]] = {}
        self.size: dict[int, int] = {}
        for gen in gens:
            copies: dict[int, int] = {}
            dice = [0] * 7
            for name in s.unrevealed[gen]:
                f = FACE_INDEX[name]
                copies[f] = copies.get(f, 0) + 1
                dice[FACE_DIE[f]] += 1
            self.copies[gen] = copies
            self.dice[gen] = dice
            self.size[gen] = len(s.unrevealed[gen])


_DICE_CHOICES: dict[int, list[tuple[int, ...]]] = {}


def _dice_choices(n: int) -> list[tuple[int, ...]]:
    """Every choice of a die for each of ``n`` cards."""
    found = _DICE_CHOICES.get(n)
    if found is None:
        found = [()]
        for _k in range(n):
            found = [(*c, die) for c in found for die in DICE]
        _DICE_CHOICES[n] = found
    return found


def _weights(h: History, faces: tuple[int, ...], drawn: list[int],
             unseen: _Unseen) -> list[tuple[int, tuple[int, ...]]]:
    """The history's weight for each choice of dice for the cards kept beside a play (those
    of weight 0 left out): the parts that do not depend on those dice are worked out once."""
    # Unseen copies of each played card in the generation the history takes it from,
    # counted down as they are used; and what the plays leave of each generation.
    w = h.spread
    used: dict[tuple[int, int], int] = {}
    left = dict(unseen.size)
    taken: dict[tuple[int, int], int] = {}  # (generation, die): cards used up
    for i, j in enumerate(h.played):
        g = drawn[j]
        key = (g, faces[i])
        k = used.get(key, 0)
        x = unseen.copies[g].get(faces[i], 0) - k
        if x <= 0:
            return []
        w *= x
        used[key] = k + 1
        left[g] -= 1
        key = (g, FACE_DIE[faces[i]])
        taken[key] = taken.get(key, 0) + 1
    # The engine's rule at each play: 0 if a card before the played one shows its die (that
    # one would have gone), else 1 plus the cards after it showing the die. Between played
    # cards it is known now; a play beside a kept card waits for that card's die.
    kept = h.kept_beside
    waiting: list[tuple[int, int, tuple[tuple[int, bool], ...]]] = []
    for i, hand, t in h.rules:
        d = FACE_DIE[faces[i]]
        showing = 1
        beside: list[tuple[int, bool]] = []
        for u, j in enumerate(hand):
            if u != t:
                at = h.played_at[j]
                if at < 0:
                    beside.append((kept.index(j), u < t))
                elif FACE_DIE[faces[at]] == d:
                    if u < t:
                        return []
                    showing += 1
        if beside:
            waiting.append((d, showing, tuple(beside)))
        else:
            w *= showing
    # The hand's other cards: any unseen card of their generation (not the kept ones').
    for j in kept:
        left[drawn[j]] -= 1
    for j in h.free:
        if left[drawn[j]] <= 0:
            return []
        w *= left[drawn[j]]
        left[drawn[j]] -= 1
    out: list[tuple[int, tuple[int, ...]]] = []
    for dice in _dice_choices(len(kept)):
        x = w
        for d, known, cards in waiting:
            showing = known
            for k, before in cards:
                if dice[k] == d:
                    if before:
                        x = 0
                        break
                    showing += 1
            x *= showing
            if not x:
                break
        # The kept cards: unseen cards of their generation showing the chosen die.
        more: dict[tuple[int, int], int] = {}
        for k, j in enumerate(kept):
            if not x:
                break
            key = (drawn[j], dice[k])
            n = more.get(key, 0)
            c = unseen.dice[drawn[j]][dice[k]] - taken.get(key, 0) - n
            x = x * c if c > 0 else 0
            more[key] = n + 1
        if x:
            out.append((x, dice))
    return out
