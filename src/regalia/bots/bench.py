"""Search speed: ISMCTS iterations a second on a fixed mid-game position of each game.

``python -m regalia.bots.bench`` prints, per game (4 players, or the most the game allows) and
per search setting, the iterations a second of CPU time on one core. The position is reached
by random play from a fixed seed (``DECISIONS`` decisions in, then on to the first seat with a
real choice), so runs compare. benchmarks/README.md ("bots") keeps the figures.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

from regalia.bots.base import InformationSet
from regalia.bots.ismcts import LEVEL_EXPLORATION, LEVEL_PRIOR, IsmctsBot
from regalia.bots.pimc import PimcBot
from regalia.engine.i18n import _
from regalia.engine.registry import games, get_game, new_game
from regalia.engine.rng import Rng
from regalia.engine.state import State

# How far into a random game the measured position lies, per game (about mid-game at 4p);
# a game not listed is measured a third of the way through its random games' usual length.
DECISIONS = {"el-grande": 120, "castles-of-burgundy-cards": 150, "palais-royal": 200}
SETTINGS: dict[str, tuple[type[IsmctsBot], dict[str, object]]] = {
    "plain": (IsmctsBot, {}),  # random rollouts to the end (the ``ismcts`` bot)
    "capped": (IsmctsBot, {"rollout_cap": 15, "leaf": "evaluation"}),  # cut after 15 decisions
    "judged": (IsmctsBot, {"rollout_cap": 0, "leaf": "evaluation"}),  # no rollout, no prior
    "levels": (IsmctsBot, {"rollout_cap": 0, "leaf": "evaluation", "prior": LEVEL_PRIOR,
                           "exploration": LEVEL_EXPLORATION}),
    "pimc": (PimcBot, {}),  # the PIMC baseline: a random rollout to the end per iteration
}


@dataclass
class Rate:
    game: str
    players: int
    setting: str
    iterations: int
    cpu_seconds: float

    @property
    def per_second(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds > 0 else 0.0


def position(game: str, players: int, seed: int = 1) -> State:
    """The benchmark position: random play from ``seed``, then on to a real choice."""
    state = new_game(game, players, seed=seed)
    rng = Rng(seed + 1)
    steps = DECISIONS.get(game)
    if steps is None:
        probe = state.clone()
        length = 0
        while (movers := probe.to_move()) and length < 100_000:
            legal = probe.legal_actions(movers[0])
            probe.apply(legal[rng.below(len(legal))], movers[0])
            length += 1
        steps = length // 3
    done = 0
    while movers := state.to_move():
        seat = movers[0]
        legal = state.legal_actions(seat)
        if done >= steps and len(legal) > 1:
            break
        state.apply(legal[rng.below(len(legal))], seat)
        done += 1
    return state


def measure(game: str, players: int, setting: str, seconds: float = 3.0) -> Rate:
    state = position(game, players)
    movers = state.to_move()
    if not movers:
        return Rate(game, players, setting, 0, 0.0)
    kind, settings = SETTINGS[setting]
    bot = kind(seed=1, seconds=seconds, **settings)  # type: ignore[arg-type]
    start = time.process_time()
    bot.search(InformationSet(state, movers[0]))  # the whole budget (act may stop early)
    return Rate(game, players, setting, bot.last_iterations, time.process_time() - start)


def main() -> None:
    from regalia.engine.i18n import set_language

    set_language(None)  # REGALIA_LANG or the system locale
    parser = argparse.ArgumentParser(
        description=_("Search speed: ISMCTS iterations a second on a fixed mid-game position of "
                      "each game."))
    parser.add_argument("games", nargs="*",
                        help=_("game ids (default: every registered game)"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--settings", default=",".join(SETTINGS),
                        help=_("which settings, comma-separated (default: {settings})").format(
                            settings=",".join(SETTINGS)))
    args = parser.parse_args()
    chosen = [name.strip() for name in args.settings.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in SETTINGS]
    if unknown or not chosen:
        parser.error(_("settings are among {known}, not {value}").format(
            known=", ".join(SETTINGS), value=repr(args.settings)))
    ids = args.games or [info.id for info in games()]
    print(_("| game | players | setting | iterations/s (CPU) |"))
    print("|---|---|---|---|")
    for game in ids:
        info = get_game(game)
        players = max(info.min_players, min(args.players, info.max_players))
        for setting in chosen:
            rate = measure(game, players, setting, args.seconds)
            print(f"| {game} | {players} | {setting} | {rate.per_second:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
