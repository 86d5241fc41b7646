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
    STOPS,
    STRONG_ITERATIONS,
    IsmctsBot,
)
from regalia.bots.pimc import PimcBot
from regalia.bots.random_bot import RandomBot
from regalia.engine.errors import InvalidOption
from regalia.engine.i18n import N_, _

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
        raise InvalidOption(_("a thinking time is written like 0.5s, 500ms or 2, not {value}")
                            .format(value=repr(text))) from None
    if not 0 < seconds <= MAX_THINK:  # (also refuses nan and inf)
        raise InvalidOption(_("a thinking time lies between 0 and {most} s, not {value}").format(
            most=f"{MAX_THINK:g}", value=repr(text)))
    return seconds


def _whole(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise InvalidOption(_("expected a whole number, not {value}").format(
                value=repr(text))) from None
        if not low <= value <= high:
            raise InvalidOption(_("expected a whole number from {low} to {high}, not {value}")
                                .format(low=low, high=high, value=value))
        return value
    return parse


def _real(low: float, high: float) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise InvalidOption(_("expected a number, not {value}").format(
                value=repr(text))) from None
        if not low <= value <= high:
            raise InvalidOption(_("expected a number from {low} to {high}, not {value}").format(
                low=f"{low:g}", high=f"{high:g}", value=repr(text)))
        return value
    return parse


def _one_of(*choices: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        if text not in choices:
            raise InvalidOption(_("expected one of {choices}, not {value}").format(
                choices=", ".join(choices), value=repr(text)))
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
# The tree search's own: whether a decision stops once its move is settled (docs/bots.md).
TREE_SETTINGS = {**SEARCH_SETTINGS, "stop": ("stop", _one_of(*STOPS))}


@dataclass(frozen=True)
class BotKind:
    """A bot name: what it builds, the settings it takes, its presets, a line of help.

    ``blurb`` is the line of help in English, marked for translation (it may hold
    ``{iterations}`` and ``{strong}``); :attr:`help` words it in the language in force."""

    name: str
    blurb: str
    build: Callable[..., Bot]
    settings: Mapping[str, tuple[str, Callable[[str], Any]]] = field(default_factory=dict)
    presets: Mapping[str, str] = field(default_factory=dict)  # spec settings, as text

    @property
    def help(self) -> str:
        """The line of help, in the language in force."""
        return _(self.blurb).format(iterations=DEFAULT_ITERATIONS, strong=STRONG_ITERATIONS)

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
    BotKind("random", N_("a uniformly random legal action"), lambda seed: RandomBot(seed)),
    BotKind("greedy", N_("one-step look-ahead with the game's hand-written evaluation"),
            lambda seed: GreedyBot(seed)),
    BotKind("ismcts", N_("information-set MCTS, {iterations} iterations a decision unless "
                         "think= or iterations= is given"), _ismcts("ismcts"), TREE_SETTINGS,
            {"iterations": str(DEFAULT_ITERATIONS)}),
    BotKind("ismcts-strong", N_("ISMCTS with {strong} iterations a decision"),
            _ismcts("ismcts-strong"), TREE_SETTINGS, {"iterations": str(STRONG_ITERATIONS)}),
    BotKind("pimc", N_("the determinized-rollout baseline (PIMC): every action rolled out in "
                       "sampled worlds, {iterations} rollouts a decision unless think= or "
                       "iterations= is given"), _pimc, SEARCH_SETTINGS,
            {"iterations": str(DEFAULT_ITERATIONS)}),
    BotKind("easy", N_("level easy: the greedy bot (instant; plays the obvious move)"),
            lambda seed: GreedyBot(seed, name="easy")),
    BotKind("medium", N_("level medium: ISMCTS, 0.5 s a decision, the game's evaluation as "
                         "every action's prior and each new node's judge"), _ismcts("medium"),
            TREE_SETTINGS, {"think": "0.5s", **_QUICK_SEARCH}),
    BotKind("hard", N_("level hard: the same search, 2 s a decision"), _ismcts("hard"),
            TREE_SETTINGS, {"think": "2s", **_QUICK_SEARCH}),
)}


EXTERNAL = "cmd"  # cmd:PROGRAM ARGS, or cmd:think=2s:start=60s:PROGRAM ARGS
EXTERNAL_SETTINGS = ("think", "start")  # a decision's time; the start-up time


def split_external(text: str) -> tuple[str, float | None] | None:
    """``cmd:think=2s:./mybot -v`` -> ``("./mybot -v", 2.0)``; None for other bots."""
    parts = external_parts(text)
    return None if parts is None else (parts[0], parts[1].get("think"))


def external_parts(text: str) -> tuple[str, dict[str, float]] | None:
    """``cmd:think=2s:start=1m:./mybot -v`` -> ``("./mybot -v", {"think": 2.0, "start":
    60.0})``; None for other bots. The settings come first, each at most once."""
    head, sep, rest = text.strip().partition(":")
    if not sep or head.strip().lower() != EXTERNAL:
        return None
    settings: dict[str, float] = {}
    while True:
        setting, sep2, after = rest.partition(":")
        key, eq, value = setting.partition("=")
        key = key.strip().lower()
        if not (sep2 and eq and key in EXTERNAL_SETTINGS and key not in settings):
            break
        settings[key], rest = parse_duration(value), after
    command = rest.strip()
    if not command:
        raise InvalidOption(_("cmd: needs a program to run, e.g. cmd:./mybot"))
    return command, settings


def split_spec(text: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:think=1s"`` -> ``("ismcts", {"think": "1s"})``, checked against the bot."""
    name, *parts = [part.strip() for part in text.strip().lower().split(":")]
    kind = KINDS.get(name)
    if kind is None:
        raise InvalidOption(_("unknown bot {name} (bots: {known})").format(
            name=repr(name), known=", ".join(sorted(KINDS))))
    given: dict[str, str] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key or not value:
            raise InvalidOption(_("bot settings are written NAME=VALUE, not {part} (in {spec})")
                                .format(part=repr(part), spec=repr(text)))
        if key not in kind.settings:
            takes = ", ".join(kind.settings) or _("no settings")
            raise InvalidOption(_("bot {name} has no setting {key} (it takes: {takes})").format(
                name=repr(name), key=repr(key), takes=takes))
        if key in given:
            raise InvalidOption(_("bot setting {key} is given twice in {spec}").format(
                key=repr(key), spec=repr(text)))
        kind.settings[key][1](value)  # refuse a bad value now, with its own message
        given[key] = value
    return name, given


def check_spec(text: str, think: float | None = None) -> str:
    """The spec, checked and written out in full: its name and settings, with ``think`` (the
    command line's ``--think``, in seconds) for a searching bot whose time or iterations are
    not set in the spec itself."""
    external = external_parts(text)
    if external is not None:
        command, own = external
        seconds = own.get("think", think)
        shlex_check(command)
        settings = ([f"think={seconds:g}s"] if seconds is not None else []) + \
            ([f"start={own['start']:g}s"] if "start" in own else [])
        return ":".join([EXTERNAL, *settings, command])
    name, given = split_spec(text)
    kind = KINDS[name]
    if think is not None and kind.thinks and "think" not in given and "iterations" not in given:
        given["think"] = f"{think:g}s"
    return ":".join([name, *(f"{k}={v}" for k, v in given.items())])


def build_bot(text: str, seed: int | None = None, on_failure: str | None = None) -> Bot:
    """The bot a spec names, seeded (a time budget makes it depend on the clock too).
    ``on_failure`` is what a failure of an external program costs its seat
    (:data:`regalia.bots.external.ON_FAILURE`; other bots do not fail)."""
    external = external_parts(text)
    if external is not None:
        from regalia.bots.external import DEFAULT_ON_FAILURE, ExternalBot

        command, own = external
        return ExternalBot(command, seed, own.get("think"), own.get("start"),
                           on_failure or DEFAULT_ON_FAILURE)
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
        raise InvalidOption(_("cannot read the bot command {command}: {reason}").format(
            command=repr(command), reason=shlex_reason(err))) from None
    if not words:
        raise InvalidOption(_("cmd: needs a program to run, e.g. cmd:./mybot"))


# shlex's reasons (English), worded in the language in force by shlex_reason
_SHLEX_PROBLEMS = frozenset({N_("No closing quotation"), N_("No escaped character")})


def shlex_reason(err: ValueError) -> str:
    """Why shlex could not split a command line, in the language in force."""
    reason = str(err)
    return _(reason) if reason in _SHLEX_PROBLEMS else reason


def spec_name(text: str) -> str:
    """The bot's name in a spec (``ismcts`` of ``ismcts:think=1s``)."""
    return text.split(":", 1)[0].strip().lower()
