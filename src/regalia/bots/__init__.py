"""Players that see only what their seat sees."""

from __future__ import annotations

from regalia.bots.base import Bot, BotFactory, InformationSet
from regalia.bots.greedy import GreedyBot, greedy_bot
from regalia.bots.ismcts import IsmctsBot, ismcts_bot, ismcts_strong_bot
from regalia.bots.random_bot import RandomBot
from regalia.engine.errors import InvalidOption

BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "greedy": greedy_bot,
    "ismcts": ismcts_bot,
    "ismcts-strong": ismcts_strong_bot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``regalia.bots.BOTS`` lists them)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise InvalidOption(
            f"unknown bot {name!r} (bots: {', '.join(sorted(BOTS))})"
        ) from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "InformationSet", "IsmctsBot", "RandomBot", "make_bot"]
