"""The random bot: a uniformly random legal action, from its own seeded stream."""

from __future__ import annotations

from typing import TYPE_CHECKING

from regalia.engine.rng import Rng, fresh_seed

if TYPE_CHECKING:
    from regalia.bots.base import InformationSet
    from regalia.engine.actions import Action


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Rng(fresh_seed() if seed is None else seed)

    def act(self, info: InformationSet) -> Action:
        legal = info.legal_actions
        return legal[self.rng.below(len(legal))]
