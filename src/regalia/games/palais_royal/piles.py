"""The draw piles a game has made, what each seat drew from each, and sampling the cards hidden.

When the draw pile runs out during a Back-door draw it is made again from the whole open discard
pile and the draw goes on. Each pile so made is a *generation*: ``gens[0]`` is the deck, ``gens[i]``
the discard pile as it lay when the draw pile was made for the i-th time. Every seat sees each
generation's cards, how many cards each seat draws from which generation (a draw that empties
the pile takes the last cards of one generation, then the first of the next) and every card
shown (played from a hand, or discarded face up after a draw); a seat also knows which of its
own cards came from which generation. Hidden are the kinds the others drew: their hands, the
cards another seat is deciding on, and the draw pile, which holds only cards of the latest
generation.

The state keeps them in a ``CardHistory`` (``state.cards``; never changed, replaced when one
of them changes, so copies of a position share it), but for ``shown``:

- ``gens``: per generation, cards per kind (public);
- ``took``: ``[seat][generation][kind]`` the cards each seat drew from each generation (a seat's
  own row is its own knowledge; ``resample_cards`` draws the others' rows afresh); empty
  before the first rebuild, when a seat's cards are its hand, those it showed and its draw;
  saved flat;
- ``shown`` (kept on the state itself, a list changed in place and copied with it: most
  games never rebuild, and it changes at every card shown until then): ``seat * N_KINDS +
  kind``, the cards each seat showed before the draw that first made the pile again began
  (public; all of generation 0, and together the first rebuilt pile);
- ``held0``: how many cards each seat held when that draw began (public; empty before);
- ``log``: the public card events since then, ``(code, seat, x, a, b)``: ``(DRAW, seat,
  gen, a, b)`` (``a`` cards from generation ``gen``, then ``b`` from ``gen + 1``), ``(PLAY,
  seat, kind, 0, 0)``, ``(DISCARD, seat, kind, 0, 0)`` (the discards end the seat's last
  draw); saved flat (``flat_log``).

Before the first rebuild no log is kept and nothing is ambiguous. After it, a card shown by a
seat that holds cards of several generations (or discarded from a draw that straddled a
rebuild) could come from any of them: ``resample_cards`` draws those generations afresh, in the
log's order, then deals each generation's cards that nobody can place among the places that
hold cards of it. See its docstring for the weighting.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from regalia.engine.rng import Rng
    from regalia.games.palais_royal.state import PalaisState

DRAW: Final = 0
PLAY: Final = 1
DISCARD: Final = 2
N_KINDS: Final = 9
KEEP_STEP: Final = 7  # state.KEEP_STEP (state.py checks that they agree)

Event = tuple[int, int, int, int, int]  # code, seat, generation or kind, a, b
Candidate = list[int]  # [generation, numerator, denominator] of a shown card's generation

# A way of placing the others' shown cards: per generation the cards ``seat`` cannot place
# (per kind) and how many, per seat its cards of each generation, and per seat, generation and
# kind the shown cards it gives the seat (flat: (seat * generations + gen) * N_KINDS + kind).
Way = tuple[list[list[int]], list[int], list[list[int]], list[int]]
# What a deal needs of a way: per generation its unplaced cards (in kind order), per seat its
# cards of each generation, and per seat what it drew from each generation less its cards.
Dealing = tuple[list[list[int]], list[list[int]], list[tuple[tuple[int, ...], ...]]]
# The ways with their cumulative weights; None: too many ways, sample one at each call.
Posterior = tuple[list[float], list[Dealing]] | None


class CardHistory:
    """A position's card history (the module's docstring says what each field holds). Never
    changed once made: a change makes a new one, so copies of a position share it, and with it
    ``cache``: per seat, the ways ``resample_cards`` counted from it."""

    __slots__ = ("cache", "gens", "held0", "log", "took")

    def __init__(self, gens: tuple[tuple[int, ...], ...],
                 took: tuple[tuple[tuple[int, ...], ...], ...], held0: tuple[int, ...],
                 log: tuple[Event, ...]) -> None:
        self.gens = gens
        self.took = took
        self.held0 = held0
        self.log = log
        self.cache: dict[int, Posterior] = {}


def parse_log(flat: list[int] | tuple[int, ...]) -> tuple[Event, ...]:
    """The card log saved flat (``flat_log``) as events ``(code, seat, x, a, b)``: ``x`` the
    generation of a draw (``a`` and ``b`` its two parts), the kind of a card shown."""
    out: list[Event] = []
    i = 0
    size = len(flat)
    while i < size:
        code = flat[i]
        if code == DRAW:
            if i + 5 > size:
                raise ValueError("a draw in the card log is cut short")
            out.append((DRAW, flat[i + 1], flat[i + 2], flat[i + 3], flat[i + 4]))
            i += 5
        elif code in (PLAY, DISCARD):
            if i + 3 > size:
                raise ValueError("a card shown in the card log is cut short")
            out.append((code, flat[i + 1], flat[i + 2], 0, 0))
            i += 3
        else:
            raise ValueError(f"unknown card log event {code}")
    return tuple(out)


def flat_log(log: tuple[Event, ...]) -> list[int]:
    """The card log as saved: ``DRAW seat gen a b``, ``PLAY seat kind``, ``DISCARD seat
    kind`` one after the other."""
    out: list[int] = []
    for e in log:
        out.extend(e if e[0] == DRAW else e[:3])
    return out


def unflatten_took(flat: list[int], players: int,
                   width: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``took`` as saved (flat: seat by seat, generation by generation, kind by kind; empty
    before the first rebuild) back in its shape."""
    if not flat:
        return ()
    if len(flat) != players * width * N_KINDS:
        raise ValueError("cards drawn per seat and pile: not one count per seat, pile and kind")
    return tuple(tuple(tuple(flat[(p * width + g) * N_KINDS:(p * width + g + 1) * N_KINDS])
                       for g in range(width)) for p in range(players))


def reset_card_history(s: PalaisState) -> None:
    """Card history for a position that has none (a save from before it was kept, a position
    built by hand): as if the draw pile had never been made again, the discard pile shown by
    seat 0 (who showed what matters to nobody: before a rebuild, each seat's own cards and the
    open discard pile are all the sampling reads)."""
    s.shown = list(s.discard) + [0] * (N_KINDS * (s.players - 1))
    s.cards = CardHistory((tuple(kind.count for kind in s.d.cards),), (), (), ())


def shown_by(s: PalaisState, p: int) -> list[int]:
    """The cards seat ``p`` showed before the first rebuild (so far, before it), per kind."""
    return s.shown[p * N_KINDS:(p + 1) * N_KINDS]


def note_shown(s: PalaisState, p: int, k: int, code: int) -> None:
    """Seat ``p`` showed a card of kind ``k`` (``PLAY`` or ``DISCARD``)."""
    h = s.cards
    if len(h.gens) > 1:
        s.cards = CardHistory(h.gens, h.took, h.held0, (*h.log, (code, p, k, 0, 0)))
    else:
        s.shown[p * N_KINDS + k] += 1


def remake_pile(s: PalaisState) -> None:
    """The draw pile made again from the whole discard pile: a new generation."""
    h = s.cards
    took = h.took
    held0 = h.held0
    if len(h.gens) == 1:  # the first time: the log begins with the draw under way
        held0 = tuple(sum(hand) for hand in s.hand)
        # (the cards drawn so far are the drawer's, added by note_draw)
        took = tuple((tuple([a + b for a, b in zip(s.hand[p], shown_by(s, p), strict=True)]),)
                     for p in range(s.players))
    discard = s.discard
    s.cards = CardHistory((*h.gens, tuple(discard)),
                          tuple((*rows, (0,) * N_KINDS) for rows in took), held0, h.log)
    s.pile = [k for k in range(N_KINDS) for _ in range(discard[k])]
    s.discard = [0] * N_KINDS


def note_draw(s: PalaisState, p: int, gen: int, got: list[int], old: int) -> None:
    """Seat ``p`` drew ``got`` (kinds, in order) starting in generation ``gen``; the first
    ``old`` of them came before the pile was made again (``old`` -1: it was not)."""
    h = s.cards
    if not got or len(h.gens) == 1:  # (before any rebuild, nothing to note)
        return
    rows = list(h.took[p])
    parts = ((gen, got),) if old < 0 else ((gen, got[:old]), (gen + 1, got[old:]))
    for g, cards in parts:
        if cards:
            row = list(rows[g])
            for k in cards:
                row[k] += 1
            rows[g] = tuple(row)
    if old <= 0:  # all from one generation (the pile was made again before the first card)
        event = (DRAW, p, gen if old < 0 else gen + 1, len(got), 0)
    else:
        event = (DRAW, p, gen, old, len(got) - old)
    s.cards = CardHistory(h.gens, (*h.took[:p], tuple(rows), *h.took[p + 1:]), h.held0,
                          (*h.log, event))


# ---------------------------------------------------------------------------- sampling
MAX_WAYS = 512  # more ways of placing the shown cards than this: sample them one by one
MAX_BACKTRACKS: Final = 100_000  # a bound on the search for one, against tampered positions


def resample_cards(s: PalaisState, seat: int, rng: Rng) -> None:
    """Deal afresh every card ``seat`` cannot place: the other seats' hands, another seat's
    draw being decided, and the draw pile, each from the generations it can hold.

    What ``seat`` can place: its own cards (``took[seat]``) and every card shown. A card shown
    by another seat is of a known kind but, after a rebuild, maybe of an unknown generation.
    A *way* gives each such card, in the log's order, a generation it could come from: a play
    one the seat still holds a card of, a discard one of the two parts of its draw, and in
    both cases one whose unplaced cards still include its kind. A way is drawn, then each
    generation's unplaced cards (its cards less ``seat``'s and those the way says were shown
    from it) are shuffled and dealt, by count, among the places holding cards of it: the
    others' hands, the draw being decided, and, for the latest generation, the draw pile.
    Every sample is thus a position some history agreeing with everything ``seat`` saw leads
    to, and it is drawn from ``seat``'s knowledge alone (pools in kind order, seats in turn
    order, the log's order), so two positions with the same view give the same samples.

    Weighting: the exact posterior as if nobody chose a card by its kind (a seat keeps any of
    its drawn cards and plays any card it holds, the kind falling by chance): a way weighs the
    product, over its cards, of ``c_g * u_gk / u_g``, ``c_g`` the seat's cards of generation
    ``g`` at that moment (for a discard, the undiscarded cards of that part of the draw) and
    ``u_gk / u_g`` the share of kind ``k`` among the unplaced cards of ``g`` as the earlier
    cards left them; given the way, every arrangement of a generation's unplaced cards is
    equally likely, and which kept cards of a draw still being decided that straddles a
    rebuild came from which part is hypergeometric. The ways are counted once per position
    and seat (merged where they leave the same thing; cached). Past ``MAX_WAYS`` of them the
    cards are given generations one at a time instead, each drawn by its weight above given
    the earlier ones (the exact chance of the next step, but not weighed by what it leaves
    possible later; a card that fits no generation takes back the latest choice that had
    another option): still a possible position, drawn from ``seat``'s knowledge alone.
    Before any rebuild this is the single shuffle of all unplaced cards it always was.
    """
    drawn = s.drawn
    drawer = s.cur if s.phase == KEEP_STEP and drawn else -1
    if len(s.cards.gens) == 1:
        _resample_one_pile(s, seat, drawer, rng)
        return
    n = s.players
    last = len(s.cards.gens) - 1
    width = last + 1
    others = [o for o in range(n) if o != seat]
    post = _cached_posterior(s, seat)
    if post is None:  # too many ways to count: one drawn step by step
        cap, tot, slots = _start(s, seat)
        picks = _attribute(s.cards.log, seat, cap, tot, slots, rng)
        tok = [0] * (n * width * N_KINDS)
        j = 0
        for code, p, x, _a, _b in s.cards.log:
            if code != DRAW and p != seat:
                tok[(p * width + picks[j]) * N_KINDS + x] += 1
                j += 1
        pools, slots, base = _dealing(s, seat, (cap, tot, slots, tok))
    else:
        cum, ways = post
        pick = 0
        if len(ways) > 1:
            r = rng.random() * cum[-1]
            while pick < len(ways) - 1 and cum[pick] <= r:
                pick += 1
        pools, slots, base = ways[pick]  # (read only: shared by every call)
    hidden_draw = drawer >= 0 and drawer != seat
    # The draw being decided: how many of its cards of each generation are still undecided.
    in_draw = [0] * width
    if hidden_draw:
        _split_draw(s.cards.log, drawer, len(drawn), in_draw, rng)
    # The deal, generation by generation: hands in turn order, the draw, then the pile; what
    # each other seat drew from each generation: what it showed (the way says which) and that.
    took = [list(rows) for rows in base]
    hands = [[0] * N_KINDS for _ in range(n)]
    new_drawn: list[int] = []
    rest: list[int] = []
    for g in range(width):
        pool = pools[g][:]
        if not pool:
            continue
        rng.shuffle(pool)
        at = 0
        for o in others:
            size = slots[o][g] - (in_draw[g] if o == drawer else 0)
            if size:
                hand = hands[o]
                rows = took[o]
                row = list(rows[g])
                for k in pool[at:at + size]:
                    hand[k] += 1
                    row[k] += 1
                rows[g] = tuple(row)
                at += size
        if hidden_draw and in_draw[g]:
            rows = took[drawer]
            row = list(rows[g])
            for k in pool[at:at + in_draw[g]]:
                new_drawn.append(k)
                row[k] += 1
            rows[g] = tuple(row)
            at += in_draw[g]
        if g == last:
            rest = pool[at:]
    h = s.cards
    mine = h.took[seat]
    s.cards = CardHistory(h.gens, tuple(mine if p == seat else tuple(took[p]) for p in range(n)),
                          h.held0, h.log)
    for o in others:
        s.hand[o] = hands[o]
    if hidden_draw:
        s.drawn = sorted(new_drawn)
    s.pile = sorted(rest)


def _resample_one_pile(s: PalaisState, seat: int, drawer: int, rng: Rng) -> None:
    """``resample_cards`` before any rebuild: one shuffle of every card ``seat`` cannot
    place (the draw pile, the others' hands, another seat's draw being decided), dealt back."""
    n = s.players
    others = [o for o in range(n) if o != seat]
    pool = list(s.pile)
    for o in others:
        for k, c in enumerate(s.hand[o]):
            if c:
                pool.extend([k] * c)
    hidden_draw = drawer >= 0 and drawer != seat
    if hidden_draw:
        pool.extend(s.drawn)
    # Sorted first: the pool's order would otherwise follow which cards are truly where, and
    # a shuffle of it would carry that into the sample.
    pool.sort()
    rng.shuffle(pool)
    at = 0
    for o in others:
        size = sum(s.hand[o])
        hand = [0] * N_KINDS
        for k in pool[at:at + size]:
            hand[k] += 1
        s.hand[o] = hand
        at += size
    if hidden_draw:
        size = len(s.drawn)
        s.drawn = sorted(pool[at:at + size])
        at += size
    s.pile = sorted(pool[at:])


def _start(s: PalaisState, seat: int) -> tuple[list[list[int]], list[int], list[list[int]]]:
    """Where the log begins, as ``seat`` knows it: per generation the cards it cannot place
    (per kind; the others' cards shown before the log are of generation 0) and how many, and
    each seat's cards per generation (all of generation 0)."""
    n = s.players
    mine = s.cards.took[seat]
    cap = [[a - b for a, b in zip(gen, row, strict=True)]
           for gen, row in zip(s.cards.gens, mine, strict=True)]
    first = cap[0]
    for o in range(n):
        if o != seat:
            for k, c in enumerate(shown_by(s, o)):
                first[k] -= c
    tot = [sum(c) for c in cap]
    slots = [[h] + [0] * (len(cap) - 1) for h in s.cards.held0]
    return cap, tot, slots


def _cached_posterior(s: PalaisState, seat: int) -> Posterior:
    """``_posterior`` for this position and seat, counted once: kept with the card history it
    was counted from (shared by copies of the position; a changed history is a new one)."""
    cache = s.cards.cache
    if seat in cache:
        return cache[seat]
    post = _posterior(s, seat)
    cache[seat] = post
    return post


def _posterior(s: PalaisState, seat: int) -> Posterior:
    """Every way of giving the others' shown cards generations, with its weight (see
    ``resample_cards``), those that leave the same thing merged; None past ``MAX_WAYS``."""
    n = s.players
    cap, tot, slots = _start(s, seat)
    width = len(cap)
    tok = [0] * (n * width * N_KINDS)
    # Each way: its weight, what it leaves, and the undiscarded cards of each seat's last
    # draw per part (which matter to the discards that end it).
    ways: list[tuple[list[float], list[list[int]], list[int], list[list[int]], list[int],
                     list[int]]] = [([1.0], cap, tot, slots, tok, [0] * (2 * n))]
    ev_gen = [0] * n
    for code, p, x, a, b in s.cards.log:
        if p == seat:
            continue
        if code == DRAW:
            ev_gen[p] = x
            for way in ways:
                held = way[3][p]
                held[x] += a
                if b:
                    held[x + 1] += b
                left = way[5]
                left[2 * p] = a
                left[2 * p + 1] = b
            continue
        grown = []
        e = ev_gen[p]
        for way in ways:
            weight, cap, tot, slots, tok, left = way
            held = slots[p]
            options: list[tuple[int, float]] = []
            if code == PLAY:
                left[2 * p] = left[2 * p + 1] = 0  # (its last draw is over: as if it had none)
                for g in range(width):
                    if held[g] > 0 and cap[g][x] > 0:
                        options.append((g, held[g] * cap[g][x] / tot[g]))
            else:
                for part in (0, 1):
                    g = e + part
                    if left[2 * p + part] > 0 and g < width and held[g] > 0 and cap[g][x] > 0:
                        options.append((g, left[2 * p + part] * cap[g][x] / tot[g]))
            for idx, (g, w) in enumerate(options):
                if idx < len(options) - 1:  # a copy for every option but the last
                    new = ([weight[0]], [c[:] for c in cap], tot[:], [r[:] for r in slots],
                           tok[:], left[:])
                else:
                    new = way
                new[0][0] *= w
                new[3][p][g] -= 1
                new[1][g][x] -= 1
                new[2][g] -= 1
                new[4][(p * width + g) * N_KINDS + x] += 1
                if code == DISCARD:
                    new[5][2 * p + g - e] -= 1
                grown.append(new)
        if len(grown) > 1:  # ways that leave the same thing are one
            merged: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
            ways = []
            for way in grown:
                at = merged.setdefault((tuple(way[4]), tuple(way[5])), len(ways))
                if at == len(ways):
                    ways.append(way)
                else:
                    ways[at][0][0] += way[0][0]
            if len(ways) > MAX_WAYS:
                return None
            total = sum(way[0][0] for way in ways)  # (kept near 1: no underflow in long logs)
            for way in ways:
                way[0][0] /= total
        elif grown:
            ways = grown
            ways[0][0][0] = 1.0
        else:
            raise ValueError("no generation fits the cards the card log shows")
    # Every draw is over at the end: ways that differ only in what their draws left are one.
    last: dict[tuple[int, ...], int] = {}
    final: list[tuple[float, Way]] = []
    for weight, cap, tot, slots, tok, _left in ways:
        at = last.setdefault(tuple(tok), len(final))
        if at == len(final):
            final.append((weight[0], (cap, tot, slots, tok)))
        else:
            final[at] = (final[at][0] + weight[0], final[at][1])
    out: list[Dealing] = []
    cum: list[float] = []
    total = 0.0
    for w, way_ in final:
        total += w
        cum.append(total)
        out.append(_dealing(s, seat, way_))
    return cum, out


def _dealing(s: PalaisState, seat: int, way: Way) -> Dealing:
    """What a deal needs of a way, once its counts are checked against the position's (a
    tampered one may not agree)."""
    cap, tot, slots, tok = way
    last = len(cap) - 1
    drawer = s.cur if s.drawn else -1
    others = [o for o in range(s.players) if o != seat]
    for o in others:
        if min(slots[o]) < 0 or sum(slots[o]) != sum(s.hand[o]) + (
                len(s.drawn) if o == drawer else 0):
            raise ValueError(f"seat {o}'s cards do not add up to what the card log tells")
    for g in range(last + 1):
        here = sum(slots[o][g] for o in others) + (len(s.pile) if g == last else 0)
        if here != tot[g] or min(cap[g]) < 0:
            raise ValueError(f"generation {g}'s cards do not add up to what the log tells")
    width = last + 1
    base = []
    for o in range(s.players):
        rows = [tuple(tok[(o * width + g) * N_KINDS:(o * width + g + 1) * N_KINDS])
                for g in range(width)]
        rows[0] = tuple([a + b for a, b in zip(rows[0], shown_by(s, o), strict=True)])
        base.append(tuple(rows))
    pools = [[k for k, c in enumerate(row) for _ in range(c)] for row in cap]  # in kind order
    return pools, slots, base


def _attribute(evs: tuple[Event, ...], seat: int, cap: list[list[int]], tot: list[int],
               slots: list[list[int]], rng: Rng) -> list[int]:
    """One way, drawn step by step (past ``MAX_WAYS``; see ``resample_cards``): the
    generation of every card the other seats showed since the log began, in its order;
    ``cap``, ``tot`` and ``slots`` are left as it leaves them. Depth first: a card that fits
    no generation takes the latest choice that had another option back. The true history is
    one way through, so one always exists."""
    n = len(slots)
    width = len(cap)
    ev_gen = [0] * n  # each seat's last draw: its first generation and the two parts' cards
    ev_left = [[0, 0] for _ in range(n)]
    picks: list[int] = []
    # Choices with options left: event index, the state before it, options left, picks made.
    frames: list[tuple[int, tuple[list[list[int]], list[int], list[list[int]], list[int],
                                  list[list[int]]], list[Candidate], int]] = []
    i = 0
    count = len(evs)
    backs = 0
    while i < count:
        code, p, x, a, b = evs[i]
        i += 1
        if p == seat:
            continue
        held = slots[p]
        if code == DRAW:
            held[x] += a
            if b:
                held[x + 1] += b
            ev_gen[p] = x
            left = ev_left[p]
            left[0] = a
            left[1] = b
            continue
        # The generations the card can come from (most often one: no choice to make).
        g = -1
        cands: list[Candidate] = []
        if code == PLAY:
            for h in range(width):
                if held[h] > 0 and cap[h][x] > 0:
                    if g < 0:
                        g = h
                    else:
                        if not cands:
                            cands.append([g, held[g] * cap[g][x], tot[g]])
                        cands.append([h, held[h] * cap[h][x], tot[h]])
        else:
            left = ev_left[p]
            e = ev_gen[p]
            for part in (0, 1):
                h = e + part
                if left[part] > 0 and h < width and held[h] > 0 and cap[h][x] > 0:
                    if g < 0:
                        g = h
                    else:
                        cands.append([g, left[g - e] * cap[g][x], tot[g]])
                        cands.append([h, left[part] * cap[h][x], tot[h]])
        if g < 0:  # a dead end: back to the latest choice with another option left
            while frames and not frames[-1][2]:
                frames.pop()
            if not frames:
                raise ValueError("no generation fits the cards the card log shows")
            backs += 1
            if backs > MAX_BACKTRACKS:  # only a tampered log comes near
                raise ValueError("the card log's cards fit their generations nowhere near")
            i, snap, cands, made = frames[-1]
            for dst, src in zip((*cap, tot, *slots, ev_gen, *ev_left),
                                (*snap[0], snap[1], *snap[2], snap[3], *snap[4]), strict=True):
                dst[:] = src
            del picks[made:]
            code, p, x, a, b = evs[i]
            i += 1
            held = slots[p]
            g = _pick(cands, rng)
        elif cands:
            frames.append((i - 1, ([c[:] for c in cap], tot[:], [r[:] for r in slots],
                                   ev_gen[:], [r[:] for r in ev_left]), cands, len(picks)))
            g = _pick(cands, rng)
        held[g] -= 1
        cap[g][x] -= 1
        tot[g] -= 1
        if code == DISCARD:
            ev_left[p][g - ev_gen[p]] -= 1
        picks.append(g)
    return picks


def _pick(cands: list[Candidate], rng: Rng) -> int:
    """One of ``cands`` by its weight (integers: the fractions over a common denominator),
    taken out of the list; a single one without drawing."""
    if len(cands) == 1:
        return cands.pop()[0]
    weights = []
    for c in cands:
        w = c[1]
        for other in cands:
            if other is not c:
                w *= other[2]
        weights.append(w)
    r = rng.below(sum(weights))
    for idx, w in enumerate(weights):
        if r < w:
            return cands.pop(idx)[0]
        r -= w
    raise AssertionError("unreachable")  # pragma: no cover


def _split_draw(evs: tuple[Event, ...], drawer: int, undecided: int, in_draw: list[int],
                rng: Rng) -> None:
    """The cards of ``drawer``'s draw still undecided, per generation: when the draw straddles
    a rebuild, which of its kept cards came from which part is drawn (hypergeometric)."""
    last = [e for e in evs if e[0] == DRAW and e[1] == drawer][-1:]
    if not last:
        raise ValueError("a draw being decided that the card log does not hold")
    _code, _p, gen, a, b = last[0]
    kept = a + b - undecided
    if kept < 0:
        raise ValueError("more cards being decided than the draw brought")
    if not b:
        in_draw[gen] = undecided
        return
    early = 0  # kept cards from the first part
    for t in range(kept):
        if rng.below(a + b - t) < a - early:
            early += 1
    in_draw[gen] = a - early
    in_draw[gen + 1] = b - (kept - early)


# ---------------------------------------------------------------------------- invariants
def check_card_history(s: PalaisState) -> None:
    """The card history agrees with itself and with the position (AssertionError if not)."""
    n = s.players
    h = s.cards
    gens = h.gens
    width = len(gens)
    assert width >= 1 and gens[0] == tuple(kind.count for kind in s.d.cards), \
        "the first draw pile is the whole deck"
    assert all(len(g) == N_KINDS and min(g) >= 0 for g in gens), "a draw pile of bad cards"
    assert len(s.shown) == n * N_KINDS and min(s.shown) >= 0, "cards shown per seat malformed"
    started = width > 1
    evs = h.log
    assert bool(evs) == started and len(h.held0) == (n if started else 0) \
        and min(h.held0, default=0) >= 0, "the card log begins with the first rebuilt pile"
    first_shown = [sum(s.shown[p * N_KINDS + k] for p in range(n)) for k in range(N_KINDS)]
    assert first_shown == list(gens[1] if started else s.discard), \
        "the cards shown before the first rebuilt pile are its cards"
    if not started:  # (each seat's cards are its hand, those it showed and its draw)
        assert h.took == (), "cards drawn per pile kept before any rebuild"
        return
    assert len(h.took) == n and all(
        len(rows) == width and all(len(r) == N_KINDS and min(r) >= 0 for r in rows)
        for rows in h.took), "cards drawn per seat and draw pile malformed"
    pile = Counter(s.pile)
    for g in range(width):
        for k in range(N_KINDS):
            total = sum(h.took[p][g][k] for p in range(n)) + (pile[k] if g == width - 1 else 0)
            assert total == gens[g][k], f"draw pile {g}: its cards are not all accounted for"
    # Replay the log: cards each seat holds and drew per pile, the discard pile at each rebuild.
    drawer = s.cur if s.drawn else -1
    held = list(h.held0)
    drew = [[0] * width for _ in range(n)]
    shown = [shown_by(s, p) for p in range(n)]
    discard = first_shown  # the discard pile when the log begins
    now = 0
    last_draw = [-1] * n  # cards of each seat's last draw not yet discarded
    for code, p, x, a, b in evs:
        assert 0 <= p < n, "a card log event of no seat"
        if code == DRAW:
            assert a >= 0 and b >= 0 and a + b > 0 and x in (now, now + 1) \
                and x + (1 if b else 0) < width and not (x == now + 1 and b), \
                "a draw from a pile that was not the draw pile"
            if x == now + 1 or b:  # the pile was made again in this draw
                assert list(gens[now + 1]) == discard, \
                    "a rebuilt pile is not the discard pile it was made of"
                discard = [0] * N_KINDS
                now += 1
            drew[p][x] += a
            if b:
                drew[p][x + 1] += b
            held[p] += a + b
            last_draw[p] = a + b
        else:
            assert 0 <= x < N_KINDS, "a card log event of no card"
            if code == DISCARD:
                assert last_draw[p] > 0, "a discard from no draw"
                last_draw[p] -= 1
            else:
                last_draw[p] = -1
            held[p] -= 1
            assert held[p] >= 0, "a seat showed a card it did not hold"
            shown[p][x] += 1
            discard[x] += 1
    assert now == width - 1 and discard == list(s.discard), \
        "the discard pile is not what the card log leaves"
    for p in range(n):
        here = sum(s.hand[p]) + (len(s.drawn) if p == drawer else 0)
        assert held[p] == here, f"seat {p} holds cards the card log does not tell"
        for g in range(1, width):
            assert sum(h.took[p][g]) == drew[p][g], f"seat {p}'s draws from pile {g}"
        before = h.held0[p] + sum(shown_by(s, p))
        assert sum(h.took[p][0]) == before + drew[p][0], f"seat {p}'s draws from the deck"
        mine = [s.hand[p][k] + shown[p][k] for k in range(N_KINDS)]
        if p == drawer:
            for k in s.drawn:
                mine[k] += 1
        assert mine == [sum(rows[k] for rows in h.took[p]) for k in range(N_KINDS)], \
            f"seat {p}'s cards are not the ones it drew"
