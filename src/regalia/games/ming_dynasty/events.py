"""What the scoring does without a choice, kept so every seat reads it: the district majorities
moving members into the cities, and every point scored with its reason (``view["events"]``).
Moves are told by ``announce``; these are the rest, public to the whole table.

Entries are tuples of ints, the kind first and the number of decisions made before it last
(where it goes among the moves), kept newest last as a chain ``(older, entry)`` shared
between clones (a clone costs nothing more). They are noted only while a province is scored
(a few times a game), never on an ordinary move. Below, without that last number:

- ``(SCORING, round, province)``: step 4 begins (province 0: noted once a scoring)
- ``(MAJORITY, district, *moved)``: members each colour moved from the open area into the
  city (step 4.1; the neutral family last at two players)
- ``(POINTS, seat, vp, reason, count, province)``: a seat scored (reasons below; ``count``
  the members, cloisters, sets or tiles counted, ``province`` -1 where none)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.engine.decisions import decisions_made
from regalia.engine.events import Chain, chain_of_sized, entries, event_line, flat_sized, noted
from regalia.engine.i18n import _, ngettext, pgettext

if TYPE_CHECKING:
    from regalia.games.ming_dynasty.state import MingState

SCORING: Final = 0
MAJORITY: Final = 1
POINTS: Final = 2
KIND_NAMES = ("scoring", "majority", "score")

# Why points were scored.
SET_OF_SIX, CITY, BONUS, CLOISTER, SET_OF_FIVE, SINGLE_TILE = range(6)

# The shortest entry of each kind, with its decision count.
_SIZES = (4, 3, 7)


def decided(s: MingState) -> int:
    """Decisions made so far (the one being carried out included), counted from the history
    when an event is noted: no count kept on every move."""
    return decisions_made(s)


def note(s: MingState, *entry: int) -> None:
    s.events = noted(s.events, (*entry, decided(s)))


def score(s: MingState, seat: int, vp: int, reason: int, count: int,
          province: int = -1) -> None:
    """``seat`` scores ``vp`` for ``reason``: added and noted."""
    s.score[seat] += vp
    if vp:
        note(s, POINTS, seat, vp, reason, count, province)


def flat(chain: Chain) -> list[int]:
    """The entries saved flat, oldest first, each after its length."""
    return flat_sized(chain)


def chain_of(saved: Any) -> Chain:
    """The chain of a save's flat entries; ValueError if they are not entries."""
    return chain_of_sized(saved, _SIZES)


def _colour(s: MingState, c: int) -> str:
    from regalia.games.ming_dynasty.text import neutral_label

    return s.seat_name(c) if c < s.players else neutral_label()


def _reason(s: MingState, reason: int, count: int, province: int) -> str:
    from regalia.games.ming_dynasty.text import province_name

    where = province_name(s, province) if province >= 0 else ""
    if reason == SET_OF_SIX:
        return _("a set of six province tiles of different colours, given back")
    if reason == CITY:
        return ngettext("{n} family member in the {province} province's city",
                        "{n} family members in the {province} province's city", count).format(
            n=count, province=where)
    if reason == BONUS:
        if count > 1:
            return ngettext("the {province} province's city bonus, shared by {n}",
                            "the {province} province's city bonus, shared by {n}", count).format(
                province=where, n=count)
        return _("the {province} province's city bonus (most members left in its city)").format(
            province=where)
    if reason == CLOISTER:
        return ngettext("{n} cloister", "{n} cloisters", count).format(n=count)
    if reason == SET_OF_FIVE:
        return ngettext("{n} set of five province tiles of different colours",
                        "{n} sets of five province tiles of different colours",
                        count).format(n=count)
    return ngettext("{n} single province tile", "{n} single province tiles", count).format(
        n=count)


def event_text(s: MingState, entry: tuple[int, ...]) -> str:
    """An entry in words, in the language in force."""
    from regalia.games.ming_dynasty.text import district_name

    entry = entry[:-1]  # (the decision count)
    kind = entry[0]
    if kind == SCORING:
        return _("Round {round} scoring: the provinces are scored one by one").format(
            round=entry[1])
    if kind == MAJORITY:
        sep = pgettext("ming-dynasty", ", ")
        moved = sep.join(ngettext("{colour} {n} member", "{colour} {n} members", n).format(
            colour=_colour(s, c), n=n) for c, n in enumerate(entry[2:]) if n)
        return _("{district}: the majority moves into the city: {moved}").format(
            district=district_name(s, entry[1]), moved=moved or _("nobody"))
    seat, vp, reason, count, province = entry[1:6]
    return ngettext("{seat} scores {vp} VP for {reason}",
                    "{seat} scores {vp} VP for {reason}", vp).format(
        seat=s.seat_name(seat), vp=vp, reason=_reason(s, reason, count, province))


def event_views(s: MingState) -> list[dict[str, Any]]:
    """``view["events"]``: every entry worded, oldest first (the shape Shadow's have)."""
    return [event_line(KIND_NAMES[entry[0]], event_text(s, entry), entry[-1],
                       *((entry[1], entry[2]) if entry[0] == POINTS else ()))
            for entry in entries(s.events)]
