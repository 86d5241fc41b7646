"""Players that see only what their seat sees."""

from __future__ import annotations

from functools import partial

from regalia.bots.base import Bot, BotFactory, InformationSet
from regalia.bots.greedy import GreedyBot, greedy_bot
from regalia.bots.ismcts import IsmctsBot, ismcts_bot, ismcts_strong_bot
from regalia.bots.random_bot import RandomBot
from regalia.bots.specs import KINDS, build_bot, check_spec

# Every bot by name, built with its default settings (``make_bot`` also takes settings).
BOTS: dict[str, BotFactory] = {name: partial(build_bot, name) for name in KINDS}


def make_bot(spec: str, seed: int | None = None, on_failure: str | None = None) -> Bot:
    """A bot by name, with settings if any: ``make_bot("ismcts:think=0.5s", seed=1)``
    (``regalia.bots.KINDS`` lists the names and the settings each takes). ``on_failure``:
    what a failure of an external program (``cmd:``) costs its seat: ``greedy`` (the
    default), ``random`` or ``forfeit``."""
    return build_bot(spec, seed, on_failure)


__all__ = ["BOTS", "KINDS", "Bot", "GreedyBot", "InformationSet", "IsmctsBot", "RandomBot",
           "check_spec", "greedy_bot", "ismcts_bot", "ismcts_strong_bot", "make_bot"]
