"""Parsing of command-line values: NAME=VALUE game options, seat lists, seats, player counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import typer

from regalia.bots import KINDS, check_spec
from regalia.bots.specs import parse_duration
from regalia.engine.errors import InvalidOption, InvalidPlayerCount
from regalia.engine.i18n import _, speaking
from regalia.engine.registry import GameInfo

HUMAN = "human"
_HUMAN_WORDS = ("human", "h", "me", "you")


def parse_options(info: GameInfo, pairs: Sequence[str]) -> dict[str, Any]:
    """``["rounds=6", "variant=court"]`` -> the game's options, validated and typed.

    Only the options given are returned (defaults stay implicit, so records stay short).
    """
    given: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise InvalidOption(_("options are written NAME=VALUE, not {pair}").format(
                pair=repr(pair)))
        if name in given:
            raise InvalidOption(_("option {name} is given twice").format(name=repr(name)))
        given[name] = value
    resolved = info.resolve_options(given)
    return {name: resolved[name] for name in given}


def seat_names(info: GameInfo, players: int) -> tuple[str, ...]:
    if info.seat_names is not None:
        return tuple(info.seat_names(players))
    return tuple(_("Player {n}").format(n=i + 1) for i in range(players))


def resolve_players(info: GameInfo, players: int | None, listed: int | None = None) -> int:
    """The player count from ``--players``, or from the length of a seat/bot list."""
    if players is None:
        players = listed if listed is not None else info.default_players
    elif listed is not None and listed != players:
        raise InvalidPlayerCount(
            _("--players is {players} but {listed} seats are listed; give one per player").format(
                players=players, listed=listed))
    return info.check_players(players)


SEED_LIMIT = 2**64  # seeds are 64-bit: the random stream keeps 64 bits of state


def check_seed(seed: int | None) -> int | None:
    """A seed from the command line: a whole number from 0 to 2^64-1."""
    if seed is not None and not 0 <= seed < SEED_LIMIT:
        raise typer.BadParameter(_("a seed is a whole number from 0 to 2^64-1"))
    return seed


def split_list(text: str | None) -> list[str] | None:
    if text is None:
        return None
    # An external bot's command keeps its case (cmd:./MyBot); everything else is lower case.
    items = [item.strip() if item.strip().lower().startswith("cmd:") else item.strip().lower()
             for item in text.split(",")]
    if not all(items):
        raise InvalidOption(_("empty entry in the list {text}").format(text=repr(text)))
    return items


def check_bot(spec: str, think: float | None = None) -> str:
    """A bot spec (``ismcts:think=1s``), checked; ``think`` (``--think``) fills in the time
    of a searching bot whose spec sets none."""
    return check_spec(spec, think)


def bot_names() -> str:
    return ", ".join(KINDS) + ", cmd:PROGRAM"


def parse_think(text: str | None) -> float | None:
    """``--think 0.5s`` -> 0.5 (seconds a decision for the searching bots)."""
    return None if text is None else parse_duration(text)


# Opponents at the table when none are named: players want a game, not a coin toss, and
# the plain search (random rollouts) plays about as well as greedy; the level search at half
# a second beats it (docs/bots.md, "Who sits at the table by default").
DEFAULT_OPPONENT = "medium"


def parse_seats(items: Sequence[str] | None, players: int,
                think: float | None = None) -> list[str]:
    """Seat kinds: ``human`` or a bot spec. Default: seat 0 human, the rest ``DEFAULT_OPPONENT``."""
    if items is None:
        items = [HUMAN] + [DEFAULT_OPPONENT] * (players - 1)
    return [HUMAN if item in _HUMAN_WORDS else check_bot(item, think) for item in items]


def parse_bots(items: Sequence[str] | None, players: int,
               think: float | None = None) -> list[str]:
    """Bot specs for every seat; one spec is used for all seats."""
    if items is None:
        items = ["random"]
    if len(items) == 1:
        items = list(items) * players
    if len(items) != players:
        raise InvalidPlayerCount(
            _("{listed} bots listed for {players} players; give one name, or one per seat").format(
                listed=len(items), players=players))
    return [check_bot(item, think) for item in items]


def parse_seat(text: str | None, info: GameInfo, players: int) -> int | None:
    """A seat by 0-based number or by name; ``None``/``spectator`` is the spectator."""
    if text is None or text.strip().lower() in ("spectator", "none", "-", _("spectator")):
        return None
    text = text.strip()
    names = seat_names(info, players)
    if text.isdigit() and int(text) < players:
        return int(text)
    with speaking("en"):  # a seat's English name is understood in every language
        english = seat_names(info, players)
    for i, (name, en) in enumerate(zip(names, english, strict=True)):
        if text.lower() in (name.lower(), en.lower()):
            return i
    raise InvalidOption(
        _("no seat {seat}: give 0 to {last}, a seat name ({names}) or 'spectator'").format(
            seat=repr(text), last=players - 1, names=", ".join(names)))


def parse_player_counts(info: GameInfo, text: str | None) -> list[int]:
    """``None`` -> the default count; ``all`` -> every count; else one number."""
    if text is None:
        return [info.default_players]
    if text.strip().lower() == "all":
        return list(info.player_counts)
    try:
        count = int(text)
    except ValueError:
        raise InvalidPlayerCount(_("--players takes a number or 'all', not {text}").format(
            text=repr(text))) from None
    return [info.check_players(count)]
