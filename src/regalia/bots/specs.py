"""Bots by name with settings: ``ismcts:think=0.5s:leaf=evaluation``, the strength levels, and
external programs (``cmd:PROGRAM ARGS``, :mod:`regalia.bots.external`).

A bot spec is a bot's name, then any number of ``:NAME=VALUE`` settings. The names, the
settings each bot takes, and the levels (``easy``, ``medium``, ``hard``: names for documented
settings of the bots below) are listed in :data:`KINDS`; docs/bots.md explains them.

Commas separate seats in the command line's lists, so a spec never holds one.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from regalia.bots.base import Bot
from regalia.bots.greedy import GreedyBot
from regalia.bots.ismcts import (
    DEFAULT_ITERATIONS,
    LEAVES,
    LEVEL_EXPLORATION,
    LEVEL_PRIOR,
    ROLLOUTS,
    STRONG_ITERATIONS,
    IsmctsBot,
)
from regalia.bots.pimc import PimcBot
from regalia.bots.random_bot import RandomBot
from regalia.engine.errors import InvalidOption

MAX_THINK = 3600.0  # an hour a decision: beyond that a typo, not a wish
MAX_ITERATIONS = 10_000_000


def parse_duration(text: str) -> float:
    """Seconds from ``0.5s``, ``500ms``, ``2`` (seconds) or ``1m``; positive, at most an hour."""
    raw = text.strip().lower()
    scale = 1.0
    for suffix, factor in (("ms", 0.001), ("s", 1.0), ("m", 60.0)):
        if raw.endswith(suffix):
            raw, scale = raw[: -len(suffix)].strip(), factor
            break
    try:
        seconds = float(raw) * scale
    except ValueError:
        raise InvalidOption(f"a thinking time is written like 0.5s, 500ms or 2, not {text!r}"
                            ) from None
    if not 0 < seconds <= MAX_THINK:  # (also refuses nan and inf)
        raise InvalidOption(f"a thinking time lies between 0 and {MAX_THINK:g} s, not {text!r}")
    return seconds


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise InvalidOption(f"expected a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise InvalidOption(f"expected a whole number from {low} to {high}, not {value}")
        return value
    return parse


def _real(low: float, high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise InvalidOption(f"expected a number, not {text!r}") from None
        if not low <= value <= high:
            raise InvalidOption(f"expected a number from {low:g} to {high:g}, not {text!r}")
        return value
    return parse


def _one_of(*choices: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in choices:
            raise InvalidOption(f"expected one of {', '.join(choices)}, not {text!r}")
        return text
    return parse


# The settings of the search bots: spec name -> (IsmctsBot argument, parser).
SEARCH_SETTINGS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "think": ("seconds", parse_duration),
    "iterations": ("iterations", _whole(1, MAX_ITERATIONS)),
    "exploration": ("exploration", _real(0.0, 10.0)),
    "rollout": ("rollout", _one_of(*ROLLOUTS)),
    "leaf": ("leaf", _one_of(*LEAVES)),
    "cap": ("rollout_cap", _whole(0, 100_000)),
    "score_weight": ("score_weight", _real(0.0, 1.0)),
    "prior": ("prior", _whole(0, 10_000)),
}


@dataclass(frozen=True)
class BotKind:
    """A bot name: what it builds, the settings it takes, its presets, a line of help."""

    name: str
    help: str
    build: Callable[..., Bot]
    settings: Mapping[str, tuple[str, Callable[[str], Any]]] = field(default_factory=dict)
    presets: Mapping[str, str] = field(default_factory=dict)  # spec settings, as text

    @property
    def thinks(self) -> bool:
        """Whether a thinking time (``think=``, ``--think``) applies to this bot."""
        return "think" in self.settings


def _ismcts(name: str) -> Callable[..., Bot]:
    def build(seed: int | None, **kwargs: Any) -> Bot:
        return IsmctsBot(seed, name=name, **kwargs)
    return build


def _pimc(seed: int | None, **kwargs: Any) -> Bot:
    return PimcBot(seed, **kwargs)


# A tree search judging each new node by the game's evaluation (no rollout), the evaluation
# also starting every action as a prior: docs/bots.md.
_QUICK_SEARCH = {"leaf": "evaluation", "cap": "0", "prior": str(LEVEL_PRIOR),
                 "exploration": str(LEVEL_EXPLORATION)}

KINDS: dict[str, BotKind] = {kind.name: kind for kind in (
    BotKind("random", "a uniformly random legal action", lambda seed: RandomBot(seed)),
    BotKind("greedy", "one-step look-ahead with the game's hand-written evaluation",
            lambda seed: GreedyBot(seed)),
    BotKind("ismcts", f"information-set MCTS, {DEFAULT_ITERATIONS} iterations a decision "
            "unless think= or iterations= is given", _ismcts("ismcts"), SEARCH_SETTINGS,
            {"iterations": str(DEFAULT_ITERATIONS)}),
    BotKind("ismcts-strong", f"ISMCTS with {STRONG_ITERATIONS} iterations a decision",
            _ismcts("ismcts-strong"), SEARCH_SETTINGS, {"iterations": str(STRONG_ITERATIONS)}),
    BotKind("pimc", "the determinized-rollout baseline (PIMC): every action rolled out in "
            f"sampled worlds, {DEFAULT_ITERATIONS} rollouts a decision unless think= or "
            "iterations= is given", _pimc, SEARCH_SETTINGS,
            {"iterations": str(DEFAULT_ITERATIONS)}),
    BotKind("easy", "level easy: the greedy bot (instant; plays the obvious move)",
            lambda seed: GreedyBot(seed, name="easy")),
    BotKind("medium", "level medium: ISMCTS, 0.5 s a decision, the game's evaluation as every "
            "action's prior and each new node's judge", _ismcts("medium"), SEARCH_SETTINGS,
            {"think": "0.5s", **_QUICK_SEARCH}),
    BotKind("hard", "level hard: the same search, 2 s a decision", _ismcts("hard"),
            SEARCH_SETTINGS, {"think": "2s", **_QUICK_SEARCH}),
)}


EXTERNAL = "cmd"  # cmd:PROGRAM ARGS, or cmd:think=2s:PROGRAM ARGS


def split_external(text: str) -> tuple[str, float | None] | None:
    """``cmd:think=2s:./mybot -v`` -> ``("./mybot -v", 2.0)``; None for other bots."""
    head, sep, rest = text.strip().partition(":")
    if not sep or head.strip().lower() != EXTERNAL:
        return None
    think = None
    setting, sep2, after = rest.partition(":")
    key, eq, value = setting.partition("=")
    if sep2 and eq and key.strip().lower() == "think":
        think, rest = parse_duration(value), after
    command = rest.strip()
    if not command:
        raise InvalidOption("cmd: needs a program to run, e.g. cmd:./mybot")
    return command, think


def split_spec(text: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:think=1s"`` -> ``("ismcts", {"think": "1s"})``, checked against the bot."""
    name, *parts = [part.strip() for part in text.strip().lower().split(":")]
    kind = KINDS.get(name)
    if kind is None:
        raise InvalidOption(f"unknown bot {name!r} (bots: {', '.join(sorted(KINDS))})")
    given: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InvalidOption(f"bot settings are written NAME=VALUE, not {part!r} "
                                f"(in {text!r})")
        if key not in kind.settings:
            takes = ", ".join(kind.settings) or "no settings"
            raise InvalidOption(f"bot {name!r} has no setting {key!r} (it takes: {takes})")
        if key in given:
            raise InvalidOption(f"bot setting {key!r} is given twice in {text!r}")
        kind.settings[key][1](value)  # refuse a bad value now, with its own message
        given[key] = value
    return name, given


def check_spec(text: str, think: float | None = None) -> str:
    """The spec, checked and written out in full: its name and settings, with ``think`` (the
    command line's ``--think``, in seconds) for a searching bot whose time or iterations are
    not set in the spec itself."""
    external = split_external(text)
    if external is not None:
        command, own = external
        seconds = own if own is not None else think
        shlex_check(command)
        return f"{EXTERNAL}:think={seconds:g}s:{command}" if seconds is not None else \
            f"{EXTERNAL}:{command}"
    name, given = split_spec(text)
    kind = KINDS[name]
    if think is not None and kind.thinks and "think" not in given and "iterations" not in given:
        given["think"] = f"{think:g}s"
    return ":".join([name, *(f"{k}={v}" for k, v in given.items())])


def build_bot(text: str, seed: int | None = None) -> Bot:
    """The bot a spec names, seeded (a time budget makes it depend on the clock too)."""
    external = split_external(text)
    if external is not None:
        from regalia.bots.external import ExternalBot

        return ExternalBot(external[0], seed, external[1])
    name, given = split_spec(text)
    kind = KINDS[name]
    settings = dict(kind.presets)
    if "iterations" in given or "think" in given:
        # An explicit budget replaces the preset one of either kind.
        settings.pop("iterations", None)
        settings.pop("think", None)
    settings.update(given)
    kwargs = {kind.settings[k][0]: kind.settings[k][1](v) for k, v in settings.items()}
    return kind.build(seed, **kwargs)


def shlex_check(command: str) -> None:
    """Refuse a command line that cannot be split into words, or holds none."""
    try:
        words = shlex.split(command)
    except ValueError as err:
        raise InvalidOption(f"cannot read the bot command {command!r}: {err}") from None
    if not words:
        raise InvalidOption("cmd: needs a program to run, e.g. cmd:./mybot")


def spec_name(text: str) -> str:
    """The bot's name in a spec (``ismcts`` of ``ismcts:think=1s``)."""
    return text.split(":", 1)[0].strip().lower()
