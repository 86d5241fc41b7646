"""The bots a web table seats: the named levels, with the server's caps on their thinking.

A stranger can ask for a bot in every seat of as many games as the limits let them create, so
a bot's cost must be bounded by the server, not by the request: a web seat's bot is ``random``,
``greedy``/``easy``, ``medium`` or ``hard``, given at most ``think=`` (up to ``max_think``
seconds, ``regalia serve --max-bot-think``) or ``iterations=`` (up to ``ITERATIONS_PER_SECOND``
times that). Anything else is refused with 422 and changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from regalia.bots.specs import KINDS, parse_duration, spec_name, split_external, split_spec
from regalia.engine import RegaliaError
from regalia.engine.i18n import _

WEB_LEVELS = ("random", "greedy", "easy", "medium", "hard")  # the bots a web seat may have
WEB_SETTINGS = ("think", "iterations")  # and the settings it may give them
MAX_BOT_THINK = 2.0  # seconds a decision (`regalia serve --max-bot-think`)
ITERATIONS_PER_SECOND = 1000  # iterations allowed a decision, per second of max_think


class BotRefused(RegaliaError):
    """A bot spec this server does not seat (not a level, or over its caps): 422."""

    status = 422


@dataclass(frozen=True)
class BotPolicy:
    """Which bots a web seat may have: the named levels, thinking at most ``max_think``
    seconds (or ``max_think * ITERATIONS_PER_SECOND`` iterations) a decision."""

    max_think: float = MAX_BOT_THINK

    @property
    def max_iterations(self) -> int:
        return max(1, int(self.max_think * ITERATIONS_PER_SECOND))

    def check(self, text: str) -> str:
        """The spec written out in full, with a level's preset time cut to the server's cap;
        refused (422) when it is no level, takes other settings, or asks for more than the
        caps."""
        if not isinstance(text, str):
            raise BotRefused(_("a bot is named by its level"))
        if split_external(text) is not None:
            raise BotRefused(_("external bots (cmd:) cannot sit at a web table"))
        levels = ", ".join(WEB_LEVELS)
        name = spec_name(text)
        if name not in KINDS:
            raise BotRefused(_("unknown bot {name}: a web table's bots are {levels}").format(
                name=repr(name), levels=levels))
        if name not in WEB_LEVELS:
            raise BotRefused(_("bot {name} cannot sit at a web table: its bots are the levels "
                               "{levels}").format(name=repr(name), levels=levels))
        try:
            name, given = split_spec(text)
        except RegaliaError as err:
            raise BotRefused(str(err)) from None
        extra = [key for key in given if key not in WEB_SETTINGS]
        if extra:
            raise BotRefused(_("a web table's bots take only think= and iterations=, not "
                               "{settings}").format(settings=", ".join(extra)))
        if "think" in given and parse_duration(given["think"]) > self.max_think + 1e-9:
            raise BotRefused(_("this server lets a bot think at most {most} s a decision, not "
                               "{think}").format(most=f"{self.max_think:g}",
                                                 think=given["think"]))
        if "iterations" in given and int(given["iterations"]) > self.max_iterations:
            raise BotRefused(_("this server lets a bot search at most {most} iterations a "
                               "decision, not {iterations}").format(
                                   most=self.max_iterations, iterations=given["iterations"]))
        preset = KINDS[name].presets.get("think")
        if not given and preset is not None and parse_duration(preset) > self.max_think:
            given["think"] = f"{self.max_think:g}s"  # a level's own time, cut to the cap
        return ":".join([name, *(f"{k}={v}" for k, v in given.items())])
