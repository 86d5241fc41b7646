"""Every point a seat scores, with its reason (``view["events"]``): a privilege card played for
its VP as it is played, and the final scoring at the end (nobles, cards kept in hand, the
park's edges). Moves are told by ``announce``; these are the points, public to the table.

Points noted during play are tuples of ints, ``(PLAYED, seat, vp, card kind, decisions)``
(the decisions made before it last, where it goes among the moves), kept newest last as a
chain ``(older, entry)`` shared between clones; only a card worth VP notes one, and the end
of the game notes ``(OVER, 0, 0, 0, decisions)``. The final scoring itself is worked out from
the position when a view of the finished game is asked for (every noble is face up by then),
so it costs the rules nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.engine.decisions import decisions_made
from regalia.engine.events import Chain, chain_of_fixed, entries, event_line, flat_fixed, noted
from regalia.engine.i18n import _, ngettext

if TYPE_CHECKING:
    from regalia.games.palais_royal.state import PalaisState

PLAYED: Final = 0
OVER: Final = 1


def decided(s: PalaisState) -> int:
    """Decisions made so far (the one being carried out included), counted from the history
    when an event is noted: no count kept on every move."""
    return decisions_made(s)


def note_played(s: PalaisState, seat: int, vp: int, kind: int) -> None:
    s.events = noted(s.events, (PLAYED, seat, vp, kind, decided(s)))


def note_over(s: PalaisState) -> None:
    s.events = noted(s.events, (OVER, 0, 0, 0, decided(s)))


def flat(chain: Chain) -> list[int]:
    """The entries saved flat, oldest first, five numbers each (a flat list of numbers has the
    same shape whether or not a game noted any: saves are checked by shape)."""
    return flat_fixed(chain)


def chain_of(saved: Any) -> Chain:
    """The chain of a save's flat entries; ValueError if they are not entries."""
    return chain_of_fixed(saved, 5, 2)


def _points(s: PalaisState, seat: int, vp: int, reason: str) -> str:
    return ngettext("{seat} scores {vp} VP for {reason}", "{seat} scores {vp} VP for {reason}",
                    vp).format(seat=s.seat_name(seat), vp=vp, reason=reason)


_line = event_line


def final_lines(s: PalaisState, after: int) -> list[dict[str, Any]]:
    """The final scoring in words: what the played cards' points (told as they were played)
    leave to add, seat by seat."""
    from regalia.games.palais_royal.edition import EDGE_NAMES
    from regalia.games.palais_royal.scoring import HAND_CAP, edge_places, hand_vp, noble_vp

    out = [_line("final", _("Final scoring: nobles, privilege cards kept in hand (1 VP each, "
                            "at most {cap}), the park's four edges").format(cap=HAND_CAP),
                 after)]
    edges = edge_places(s)
    for p in range(s.players):
        nobles = len(s.nobles[p])
        vp = noble_vp(s, p)
        if vp:
            out.append(_line("score", _points(s, p, vp, ngettext(
                "{n} noble enlisted", "{n} nobles enlisted", nobles).format(n=nobles)),
                after, p, vp))
        vp = hand_vp(s, p)
        if vp:
            held = sum(s.hand[p])
            out.append(_line("score", _points(s, p, vp, ngettext(
                "{n} privilege card kept in hand", "{n} privilege cards kept in hand",
                held).format(n=held)), after, p, vp))
        for name, row in zip(EDGE_NAMES, edges, strict=True):
            place, vp = row[p]
            if vp:
                where = s.edition.localize(name)
                reason = (_("first place on the park's {edge} edge") if place == 1
                          else _("second place on the park's {edge} edge")).format(edge=where)
                out.append(_line("score", _points(s, p, vp, reason), after, p, vp))
    return out


def event_views(s: PalaisState) -> list[dict[str, Any]]:
    """``view["events"]``: every point worded, oldest first (the shape Shadow's have)."""
    out = []
    ended = False
    for kind, seat, vp, card, after in entries(s.events):
        if kind == OVER:
            out.extend(final_lines(s, after))
            ended = True
            continue
        name = s.edition.localize(s.d.cards[card].name)
        out.append(_line("score", _points(s, seat, vp, _("playing the privilege card {card}")
                                          .format(card=name)), after, seat, vp))
    if s.is_over() and not ended:  # (a game saved over before the end was noted)
        out.extend(final_lines(s, decided(s)))
    return out
