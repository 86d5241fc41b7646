"""What happens without a choice, kept so every seat reads it: income, aging, elections and
every point won, each with its reason (``view["events"]``). Moves are told by ``announce``;
these are the rest, public to the whole table.

Entries are tuples of ints, the kind first and the number of decisions made before it last
(where it goes among the moves), kept newest last as a chain ``(older, entry)`` shared
between clones (a clone costs nothing more); below, without that last number:

- ``(INCOME, round, *thalers)``: phase I, the thalers each seat took (after the track's cap)
- ``(AGING, round, *tiles)``: phase II, the tiles that turned 45 + 10 and left the board
- ``(POINTS, seat, vp, reason, electorate)``: a seat scored (reasons below)
- ``(ELECTION, round, rival_wins, emperor_votes, rival_votes, emperor, rival, *ballots)``:
  phase VI counted; ballots per seat: 0 Emperor, 1 Rival, -1 none
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from regalia.engine.events import Chain, chain_of_entries, entries, event_line, noted
from regalia.engine.i18n import _, ngettext, pgettext
from regalia.games.shadow_of_the_emperor.board import tile_name

if TYPE_CHECKING:
    from regalia.games.shadow_of_the_emperor.state import ShadowState

INCOME: Final = 0
AGING: Final = 1
POINTS: Final = 2
ELECTION: Final = 3
KIND_NAMES = ("income", "aging", "score", "election")

# Why points were scored.
ELECTOR: Final = 0
MAINZ: Final = 1
VOTE: Final = 2
RIGHTS: Final = 3
MARRIAGE: Final = 4
CITY: Final = 5
INDULGENCE: Final = 6


def note(s: ShadowState, *entry: int) -> None:
    s.events = noted(s.events, (*entry, s.decided))


# The shortest entry of each kind (INCOME and AGING may list nothing after the round), with
# its decision count.
_SIZES = (3, 3, 6, 8)


def chain_of(saved: Any) -> Chain:
    """The chain of a save's entries; ValueError if one is not an entry."""
    return chain_of_entries(saved, _SIZES)


def score(s: ShadowState, seat: int, vp: int, reason: int, electorate: int = -1) -> None:
    """``seat`` scores ``vp`` for ``reason``: added and noted."""
    s.vp[seat] += vp
    if vp:
        note(s, POINTS, seat, vp, reason, electorate)


def _reason(s: ShadowState, reason: int, electorate: int) -> str:
    from regalia.games.shadow_of_the_emperor.text import electorate_name

    where = electorate_name(s, electorate) if electorate >= 0 else ""
    if reason == ELECTOR:
        return _("a new elector in {electorate}").format(electorate=where)
    if reason == MAINZ:
        return _("holding Mainz's elector")
    if reason == VOTE:
        return _("voting for the election's winner")
    if reason == RIGHTS:
        return _("the Emperor's rights")
    if reason == MARRIAGE:
        return _("a marriage")
    if reason == CITY:
        return _("a city in {electorate}").format(electorate=where) if where else _("a city")
    return _("an Indulgence")


def event_text(s: ShadowState, entry: tuple[int, ...]) -> str:
    """An entry in words, in the language in force."""
    entry = entry[:-1]  # (the decision count)
    name = s.seat_name
    sep = pgettext("shadow-of-the-emperor", ", ")
    kind = entry[0]
    if kind == INCOME:
        rnd, gains = entry[1], entry[2:]
        return _("Round {round} income in thalers: {gains}").format(round=rnd, gains=sep.join(
            f"{name(p)} +{n}" for p, n in enumerate(gains)))
    if kind == AGING:
        rnd, tiles = entry[1], entry[2:]
        if not tiles:
            return _("Round {round} aging: every aristocrat is 10 years older; none died").format(
                round=rnd)
        return ngettext("Round {round} aging: every aristocrat is 10 years older; {tiles} "
                        "died at 45 and left the board",
                        "Round {round} aging: every aristocrat is 10 years older; {tiles} "
                        "died at 45 and left the board", len(tiles)).format(
            round=rnd, tiles=sep.join(tile_name(t) for t in tiles))
    if kind == POINTS:
        seat, vp, reason, electorate = entry[1:5]
        return ngettext("{seat} scores {vp} VP for {reason}",
                        "{seat} scores {vp} VP for {reason}", vp).format(
            seat=name(seat), vp=vp, reason=_reason(s, reason, electorate))
    rnd, rival_wins, for_emperor, for_rival, emperor, rival = entry[1:7]
    ballots = entry[7:]
    votes = sep.join(_("{seat} voted for {side}").format(
        seat=name(p), side=name(emperor) if b == 0 else name(rival))
        for p, b in enumerate(ballots) if b >= 0)
    if rival_wins:
        text = _("Round {round} election: the Rival {rival} wins {r} votes to {e} and "
                 "becomes Emperor ({votes})")
    else:
        text = _("Round {round} election: the Emperor {emperor} keeps the throne, {e} votes "
                 "to {r} ({votes})")
    return text.format(round=rnd, rival=name(rival), emperor=name(emperor), r=for_rival,
                       e=for_emperor, votes=votes)


def event_views(s: ShadowState) -> list[dict[str, Any]]:
    """``view["events"]``: every entry worded, oldest first."""
    return [event_line(KIND_NAMES[entry[0]], event_text(s, entry), entry[-1],
                       *((entry[1], entry[2]) if entry[0] == POINTS else ()))
            for entry in entries(s.events)]
