"""Ming Dynasty, judged as a player counts: points, the majorities as the next scoring would
take them, cloisters, family members still able to be deployed, the hand, and the deployment
the seat to move is making.

A seat's *outlook* (in points) is the sum of

* its **score**;
* the **next scoring as it stands** (after round 2, 4 or 6; during a scoring, the provinces not
  yet scored), weighted by ``NEAR`` (1 in a scoring round, ``NEAR_EARLY`` a round before, when
  the board will still change a lot): every district's majority moves members into the city
  houses (the rules' own table, ``scoring.majority_moves``); each member there brings a
  province tile of the province and, kept, the round's city points (4 / 3 / 0), and the city's
  majority of members takes the bonus (4, shared when tied, the rules' tie-break); during the
  return choice a sealed total returns that many of the seat's members, the rest kept;
* its **province tiles** held and projected, by ``tile_worth``: each complete layer of six
  colours the set value of the scoring that completes it (28 / 24 / 20), each incomplete
  layer of ``m`` colours, while a later scoring may complete it, ``LATER_SET`` times the later
  set's value times ``(m/6)**2`` (a fifth colour is half a set, a second hardly anything),
  and never less than what the final scoring pays for it (a set of five 10, else 1 a tile).
  This is what makes the sixth colour worth 10-16 points and a duplicate one point;
* ``OPEN`` (``OPEN_LAST`` when the next scoring is the last) per member in a district's open
  area that the next scoring leaves there: it counts again for the later majorities;
* ``CLOISTER`` per own cloister member and scoring still to come (4 points each time), the
  next one in full and later ones at ``LATER_CLOISTER`` (it may be ousted back to the open area);
* ``SPACE`` per member on a province space while the seat can still deploy (it is worth a
  deployment to come), times the province's ``PROXIMITY`` to the seat's prince (the steps its
  prince needs, each paid with a card). Members beyond ``CAPACITY`` for each phase 3 still to
  come cannot all be deployed, so each counts that much less. A member on a space that the
  placement phase still to come lets the seat take the display card beside it adds ``ACCESS``
  once per space. While later scorings remain ``OPEN`` is above ``SPACE``: a member counts for
  more on the board than waiting beside it, so the seat deploys rather than hoards; before the
  last scoring a member that changes no majority waits (round 6 may still need it);
* the **hand**: ``CARD`` per movement card (any card pays for a stay), ``ADJACENT`` more if it
  crosses a border of the prince's district, the second and further cards of one transport
  ``DUPLICATE`` of that (five cards of one kind fill the hand and cross one kind of border),
  ``DRAGON_CARD`` per dragon (it crosses any border); in the last round ``LAST_ROUND_HAND`` of
  that. A dragon costs a member sent to the box: ``DRAGON_CARD`` less a nearby member's
  ``SPACE`` is less than a card, so the seat boxes a member for a dragon only when no display
  card is in reach, or the member is far from the prince or one too many to deploy;
* from the last round's phase 3 on, space members count nothing and cards ``SPENT_CARD``
  (whatever is left scores nothing; valuing members until the seat passes made the search
  burn cards on empty stays to put off passing, and the crumb left on a card makes passing
  better than a stay that deploys nothing);
* for the seat deploying or moving now, the **deployment in hand**: the best value that 0-3
  more members from the province space (one of them possibly into the cloister) would add in
  the prince's district (0 if none helps), or, while moving, in a district one more card's
  step away less that card. Without it a one-step look-ahead would never pay a card to stay
  or move: the members arrive one decision later;
* for every other seat that has not passed in phase 3, the seat choosing its action
  included, its **coming deployment**: the best that its next turn's stay (any card) or one
  step (the border's card, else a dragon) would deploy, less the card, 0 if nothing is worth
  a card (``next_turn``; its second and later turns are not counted). It is counted in the
  seat's own value and in the others' against it (``OTHER_PENDING``, 1: the other seat's turn
  will come).

Why the coming deployment (2026-11-26): the search (ISMCTS) judges each leaf by the seat's
gain in margin since its root, and its leaves lie at every point of the turn cycle. Counting
the deployment only for the seat moving or deploying made every seat's value jump as turns
passed: the seat choosing its action lacked its own deployment (at the root of every action
choice each child looked 5-20 points better than the root, on the flat tail of the reward
curve, where the children's differences vanish), and an opponent's deployment counted against
the seat only once made, so a leaf before an opponent's turn looked better than one after it,
whatever the seat had chosen. Greedy self-play (seed 5, round 2) showed jumps of 7-19 points
at nearly every change of turn; with the coming deployment the values move with the play.
What is left: a seat's *second* turn is counted nowhere, so a seat gains its next turn's
worth when its deployment ends (about 7 points a cloister); counting two turns for everyone
(the best and the best in another province) was tried and made the values inconsistent
between the prince's position before and during a move (the next turns are read from where
the prince stands), so greedy wasted cards on stays that deployed nothing.

Why these numbers (points; the search's play in docs/games/ming-dynasty.md, "Calibration",
checked them): ``CARD`` = 1 is the unit, a card pays for one deployment of up to three
members; ``ADJACENT`` 0.3 and ``DUPLICATE`` 0.8 only order cards among themselves;
``DRAGON_CARD`` 1.5 crosses any border, but 1.5 less ``SPACE`` 0.8 is below a card, which is
what keeps the search from boxing members for dragons freely (the random-rollout search did).
``NEAR_EARLY`` 0.7: a round before a scoring another placement and phase 3 of every seat are
still to come. ``LATER_SET`` 0.7 and the square: a set needs all six colours, and the last ones
are the hard ones. ``OPEN`` 0.9: a member left in a district is a share of later majorities
(a lead of two moves two members for two tiles and 6-8 city points, shared out over the members
it took); ``OPEN_LAST`` 0.15: beyond the last majority a member only guards it. ``CLOISTER`` is
the printed 4, ``LATER_CLOISTER`` 0.6 because one member ousts it. ``PROXIMITY`` loses 0.1 a
step (a card each); ``CAPACITY`` 8: five cards pay for three or four deployments a round, of two
or three members. ``ACCESS`` 0.3: the right to a display card rather than a dragon.
``LAST_ROUND_HAND`` 0.5: the hand then pays for one phase 3 only.

The value is the seat's outlook and coming deployment less the best other seat's (whose
deployment in hand, once it is moving or deploying, counts as its coming deployment). A game
over is judged by the final scores alone. ``evaluate_all`` shares the board's projection
between the seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.games.ming_dynasty.board import DRAGON, N_DISTRICTS, N_PROVINCES
from regalia.games.ming_dynasty.scoring import bonus_winners, majority_moves
from regalia.games.ming_dynasty.state import (
    ACT,
    BACK,
    DEPLOY,
    MOVING,
    NEUTRAL_BACK,
    OVER,
    PLACE,
    RETURN,
    START,
    TAKE,
)

if TYPE_CHECKING:
    from regalia.engine.state import State
    from regalia.games.ming_dynasty.edition import MingData
    from regalia.games.ming_dynasty.state import MingState

NEAR_EARLY = 0.7
LATER_SET = 0.7
OPEN = 0.9
OPEN_LAST = 0.15
CLOISTER = 4.0
LATER_CLOISTER = 0.6
SPACE = 0.8
CAPACITY = 8
PROXIMITY = (1.0, 0.9, 0.8, 0.7, 0.6)
ACCESS = 0.3
CARD = 1.0
ADJACENT = 0.3
DUPLICATE = 0.8
DRAGON_CARD = 1.5
LAST_ROUND_HAND = 0.5
SPENT_CARD = 0.02
OTHER_PENDING = 1.0

SCORING_PHASES = (RETURN, BACK, NEUTRAL_BACK)


# ------------------------------------------------------------------ the board's fixed shape
_DISTANCES: dict[int, tuple[object, list[list[int]]]] = {}


def province_distances(d: MingData) -> list[list[int]]:
    """``[district][province]``: the fewest border steps from the district to the province."""
    entry = _DISTANCES.get(id(d))
    if entry is None or entry[0] is not d:
        table = []
        for start in range(N_DISTRICTS):
            far = [-1] * N_DISTRICTS
            far[start] = 0
            frontier = [start]
            while frontier:
                nxt = []
                for q in frontier:
                    for r, _t in d.neighbours[q]:
                        if far[r] < 0:
                            far[r] = far[q] + 1
                            nxt.append(r)
                frontier = nxt
            table.append([min(far[3 * i:3 * i + 3]) for i in range(N_PROVINCES)])
        entry = _DISTANCES[id(d)] = (d, table)  # d kept alive so that its id is not reused
    return entry[1]


def proximity(d: MingData, district: int, province: int) -> float:
    if district < 0:
        return PROXIMITY[-1]
    steps = province_distances(d)[district][province]
    return PROXIMITY[min(steps, len(PROXIMITY) - 1)]


# ------------------------------------------------------------------ tiles
def tile_worth(tiles: list[int], k: int, d: MingData) -> float:
    """Points the tiles are worth when the scoring ``k`` (0-based) has given them."""
    last = k >= len(d.set_of_six) - 1
    later = 0.0 if last else LATER_SET * d.set_of_six[k + 1]
    value = 0.0
    counts = [n for n in tiles if n]
    while counts:
        m = len(counts)
        if m >= N_PROVINCES:
            value += d.set_of_six[k]
        else:
            final = d.set_of_five if m == N_PROVINCES - 1 else m * d.single_tile
            hope = later * (m / N_PROVINCES) ** 2
            value += hope if hope > final else final
        counts = [n - 1 for n in counts if n > 1]
    return value


# ------------------------------------------------------------------ the next scoring
class Projection:
    """The next scoring as the board stands, shared by every seat's outlook."""

    __slots__ = ("k", "later_scorings", "moves", "near", "returned", "scored_before",
                 "sections", "tiles_gained")

    def __init__(self, s: MingState) -> None:
        d = s.d
        rounds = d.scoring_rounds
        rnd = max(s.round, 1)
        upcoming = [i for i, r in enumerate(rounds) if r >= rnd]
        self.k = upcoming[0] if upcoming else len(rounds) - 1
        self.near = 1.0 if rounds[self.k] == rnd else NEAR_EARLY
        self.later_scorings = len(upcoming) - 1
        colours = s.colours
        n = s.players
        scoring = s.phase in SCORING_PHASES
        # provinces before this one were scored in the scoring under way: not counted again
        self.scored_before = s.province if scoring else 0
        self.moves: list[list[int]] = []
        self.tiles_gained = [[0] * N_PROVINCES for _ in range(n)]
        self.returned = [0] * colours
        for q in range(N_DISTRICTS):
            prov = q // 3
            if prov < self.scored_before or (scoring and prov == s.province):
                self.moves.append([0] * colours)
                continue
            counts = s.open[q]
            moves = majority_moves(counts) if any(counts) else [0] * colours
            self.moves.append(moves)
            for p in range(n):
                if moves[p]:
                    self.tiles_gained[p][prov] += moves[p]
        self.sections: list[list[list[int]]] = []
        for prov in range(N_PROVINCES):
            secs = []
            for q in range(3 * prov, 3 * prov + 3):
                city, moves = s.city[q], self.moves[q]
                secs.append([city[c] + moves[c] for c in range(colours)])
            if scoring and prov == s.province:
                self._returns(s, secs)
            self.sections.append(secs)

    def _returns(self, s: MingState, secs: list[list[int]]) -> None:
        """The city being scored: the sealed totals (or the members still owed) go back."""
        for p in range(s.players):
            back = max(0, s.sealed[p]) if s.phase == RETURN else s.owed[p]
            self._take_back(secs, p, back)
        if s.phase == NEUTRAL_BACK:
            self._take_back(secs, s.neutral, s.neutral_owed)

    def _take_back(self, secs: list[list[int]], colour: int, back: int) -> None:
        for sec in secs:
            while back and sec[colour]:
                sec[colour] -= 1
                back -= 1
                self.returned[colour] += 1


def city_value(secs: list[list[int]], p: int, per_member: int, bonus: int,
               reading: str) -> float:
    members = secs[0][p] + secs[1][p] + secs[2][p]
    value = float(members * per_member)
    if members:
        winners = bonus_winners(secs, reading)
        if p in winners:
            value += bonus // len(winners)
    return value


def outlook(s: MingState, p: int, pr: Projection) -> float:
    d = s.d
    k = pr.k
    near = pr.near
    value = float(s.score[p])
    # the next scoring: city points and bonus, then the tiles
    per_member = d.city_piece[k]
    reading = s.options["city_tie"]
    city = 0.0
    for prov in range(pr.scored_before, N_PROVINCES):
        secs = pr.sections[prov]
        if secs[0][p] or secs[1][p] or secs[2][p]:
            city += city_value(secs, p, per_member, d.city_bonus, reading)
    held = s.tiles[p]
    now = tile_worth(held, k, d)
    gained = pr.tiles_gained[p]
    after = tile_worth([a + b for a, b in zip(held, gained, strict=True)], k, d) \
        if any(gained) else now
    value += now + near * (city + after - now)
    # members that stay on the board for later majorities
    per_open = OPEN if pr.later_scorings else OPEN_LAST
    staying = pr.returned[p]
    for q in range(N_DISTRICTS):
        staying += s.open[q][p] - pr.moves[q][p]
    value += per_open * staying
    scorings = pr.later_scorings + 1
    monks = s.cloister.count(p)
    if monks:
        value += CLOISTER * monks * (1.0 + LATER_CLOISTER * (scorings - 1))
    # what the seat can still do: members on the spaces, the hand
    space, card = reserve(s, p)
    prince = s.prince[p]
    if space:
        before_take = s.phase <= PLACE  # the display beside a space is still to be taken
        for prov in range(N_PROVINCES):
            members = s.spaces[prov][p]
            if members:
                value += space * members * proximity(d, prince, prov)
                if before_take:
                    value += ACCESS
    if card:
        hand = s.hand[p]
        if any(hand):
            worth = DRAGON_CARD * hand[DRAGON]
            near_kinds = {t for _q, t in d.neighbours[prince]} if prince >= 0 else set()
            for kind in range(DRAGON):
                count = hand[kind]
                if count:
                    worth += (1.0 + DUPLICATE * (count - 1)) * \
                        (CARD + (ADJACENT if kind in near_kinds else 0.0))
            value += worth * card
    return value


def reserve(s: MingState, p: int) -> tuple[float, float]:
    """What a member on a province space and a card are worth to ``p`` now (``SPACE`` and 1
    while deployments are ahead). Members beyond ``CAPACITY`` for each phase 3 still to come
    cannot all be deployed, so each counts that much less; in the last round cards count
    ``LAST_ROUND_HAND``, and from its phase 3 on members count nothing and cards ``SPENT_CARD``
    (whatever is left scores nothing; see the module's text)."""
    d = s.d
    phase = s.phase
    if s.round >= d.rounds and phase not in (PLACE, TAKE, START):
        return 0.0, SPENT_CARD
    acting = phase in (ACT, MOVING, DEPLOY)
    ahead = d.rounds - s.round + (0 if (acting and s.passed[p]) or phase in SCORING_PHASES
                                  else 1)
    members = 0
    for prov in range(N_PROVINCES):
        members += s.spaces[prov][p]
    room = CAPACITY * ahead
    space = SPACE if members <= room else SPACE * room / members
    return space, (LAST_ROUND_HAND if s.round >= d.rounds else 1.0)


# ------------------------------------------------------------------ the deployment in hand
def deploy_gain(s: MingState, p: int, q: int, left: int, cloister_free: bool,
                pr: Projection) -> float:
    """The most that up to ``left`` members from the province space would add to ``p``'s
    outlook in district ``q`` (one of them into the cloister if ``cloister_free``)."""
    prov = q // 3
    avail = min(left, s.spaces[prov][p])
    if not avail or s.cloister[q] == p:
        return 0.0
    d = s.d
    k, near = pr.k, pr.near
    per_open = OPEN if pr.later_scorings else OPEN_LAST
    space = reserve(s, p)[0] * proximity(d, s.prince[p], prov)
    counts = s.open[q]
    secs = pr.sections[prov]
    base_moves = pr.moves[q]
    held = s.tiles[p]
    gained = pr.tiles_gained[p]
    reading = s.options["city_tie"]
    base_city = city_value(secs, p, d.city_piece[k], d.city_bonus, reading)
    base_tiles = tile_worth([a + b for a, b in zip(held, gained, strict=True)], k, d)
    scored = prov < pr.scored_before or (s.phase in SCORING_PHASES and prov == s.province)
    monk = 0.0
    if cloister_free:
        monk = CLOISTER * (1.0 + LATER_CLOISTER * pr.later_scorings)
    best = 0.0
    gain = 0.0
    section = q - 3 * prov
    for extra in range(avail + 1):
        cost = space * extra
        if extra:
            if scored:
                gain = per_open * extra
            else:
                trial = list(counts)
                trial[p] += extra
                moves = majority_moves(trial)
                new_secs = [list(sec) for sec in secs]
                city_q = [secs[section][c] - base_moves[c] for c in range(len(counts))]
                new_secs[section] = [city_q[c] + moves[c] for c in range(len(counts))]
                city = city_value(new_secs, p, d.city_piece[k], d.city_bonus, reading)
                tiles = list(gained)
                tiles[prov] += moves[p] - base_moves[p]
                after = tile_worth([a + b for a, b in zip(held, tiles, strict=True)], k, d)
                gain = near * (city - base_city + after - base_tiles) + \
                    per_open * (extra - (moves[p] - base_moves[p]))
            best = max(best, gain - cost)
        if monk and extra < avail:
            best = max(best, gain + monk - cost - space)
    return best


def in_hand(s: MingState, p: int, pr: Projection) -> float:
    """The deployment the seat to move is making or paying for (0 for every other seat)."""
    if s.cur != p:
        return 0.0
    here = s.prince[p]
    if s.phase == DEPLOY:
        if s.deploy_locked:
            return 0.0
        return deploy_gain(s, p, here, s.deploy_left, not s.cloister_used, pr)
    if s.phase != MOVING:
        return 0.0
    prince = s.prince
    best = 0.0
    if prince.count(here) == 1:
        best = deploy_gain(s, p, here, 3, True, pr)
    return best_step(s, p, here, reserve(s, p)[1], pr, best)


def best_step(s: MingState, p: int, here: int, card: float, pr: Projection,
              best: float) -> float:
    """The better of ``best`` and the best deployment after one step from ``here`` into a
    neighbouring district no prince stands in (the border's card, else a dragon), less the
    card it costs (``card``: what a card is worth to ``p``)."""
    hand = s.hand[p]
    prince = s.prince
    for q, t in s.d.neighbours[here]:
        if q in prince:
            continue
        if hand[t]:
            price = CARD
        elif hand[DRAGON]:
            price = DRAGON_CARD
        else:
            continue
        gain = deploy_gain(s, p, q, 3, True, pr) - price * card
        if gain > best:
            best = gain
    return best


def next_turn(s: MingState, p: int, pr: Projection) -> float:
    """The deployment ``p``'s next turn of phase 3 can make: a stay (any card) in the prince's
    district or one step (the border's card, else a dragon) into a neighbouring one, the best
    of them less its card, 0 if none is worth its card or the hand is empty."""
    hand = s.hand[p]
    if not any(hand):
        return 0.0
    card = reserve(s, p)[1]
    here = s.prince[p]
    stay = CARD if any(hand[:DRAGON]) else DRAGON_CARD
    best = best_step(s, p, here, card, pr, deploy_gain(s, p, here, 3, True, pr) - stay * card)
    return best if best > 0.0 else 0.0


def pending(s: MingState, p: int, pr: Projection) -> float:
    """The deployment ``p`` has still to come in this phase 3: the one in hand for the seat
    moving or deploying, the next turn's for every other seat that has not passed (the seat
    choosing its action included)."""
    phase = s.phase
    if phase != ACT and phase != MOVING and phase != DEPLOY:
        return 0.0
    if s.passed[p]:
        return 0.0
    if s.cur == p and phase != ACT:
        return in_hand(s, p, pr)
    return next_turn(s, p, pr)


# ------------------------------------------------------------------ the contract
def evaluate(state: State, seat: int) -> float:
    s: MingState = state  # type: ignore[assignment]
    if s.phase == OVER:
        return _margin([float(x) for x in s.score], seat)
    pr = Projection(s)
    mine = outlook(s, seat, pr) + pending(s, seat, pr)
    others = [outlook(s, p, pr) + OTHER_PENDING * pending(s, p, pr)
              for p in range(s.players) if p != seat]
    return mine - max(others) if others else mine


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once (the search's leaves)."""
    s: MingState = state  # type: ignore[assignment]
    if s.phase == OVER:
        scores = [float(x) for x in s.score]
        return [_margin(scores, p) for p in range(s.players)]
    pr = Projection(s)
    base = [outlook(s, p, pr) for p in range(s.players)]
    ahead = [pending(s, p, pr) for p in range(s.players)]
    seen = [v + OTHER_PENDING * a for v, a in zip(base, ahead, strict=True)]
    out = []
    for p, value in enumerate(base):
        others = [v for q, v in enumerate(seen) if q != p]
        mine = value + ahead[p]
        out.append(mine - max(others) if others else mine)
    return out


def _margin(values: list[float], seat: int) -> float:
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - max(others) if others else values[seat]
