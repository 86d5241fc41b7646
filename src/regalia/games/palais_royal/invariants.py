"""Conservation laws: every seat's servants, the 42 nobles and the 36 cards are neither made
nor lost; counts never go negative; the card history (the draw piles made, what each seat drew
from each, the card log) agrees with itself and with the position."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from regalia.engine.i18n import _
from regalia.games.palais_royal.piles import check_card_history

if TYPE_CHECKING:
    from regalia.games.palais_royal.state import PalaisState


def check_invariants(s: PalaisState) -> None:
    d = s.d
    n = s.players
    assert sorted(s.layout) == list(range(9)), _("the nine rooms are laid out once each")
    for p in range(n):
        assert min(s.servants[p]) >= 0 and s.area[p] >= 0 and s.reserve[p] >= 0, \
            _("seat {seat} has a negative servant count").format(seat=p)
        on_park = sum(1 for m in s.marker if m == p)
        total = sum(s.servants[p]) + s.area[p] + s.reserve[p] + on_park
        assert total == d.servants + d.general_supply, \
            _("seat {seat} has {n} servants, not {want}").format(
                seat=p, n=total, want=d.servants + d.general_supply)
        assert s.gold[p] >= 0, _("seat {seat} has negative gold").format(seat=p)
        assert min(s.hand[p]) >= 0, _("seat {seat} holds a negative number of cards").format(
            seat=p)
    tiles: Counter[int] = Counter(t for t in s.park if t >= 0)
    tiles.update(s.box)
    for p in range(n):
        tiles.update(s.nobles[p])
    assert sorted(tiles.elements()) == list(range(len(d.nobles))), \
        _("every noble tile is in the park, the box or a player's hands exactly once")
    assert len(s.box) == len(d.nobles) - d.park_nobles, _("the box holds the unused nobles")
    for sp, m in enumerate(s.marker):
        assert m < 0 or (d.is_edge[sp] and s.park[sp] < 0), \
            _("servants stand only on emptied edge spaces")
    cards = Counter(s.pile)
    cards.update(s.drawn)
    for k in range(len(d.cards)):
        cards[k] += s.discard[k] + sum(s.hand[p][k] for p in range(n))
    for k, kind in enumerate(d.cards):
        assert cards[k] == kind.count, _("{want} {card} cards expected, {n} found").format(
            want=kind.count, card=repr(kind.id), n=cards[k])
    assert s.left >= 0, _("placements or moves left cannot be negative")
    check_card_history(s)
