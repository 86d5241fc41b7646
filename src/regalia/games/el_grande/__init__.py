"""El Grande (Kramer & Ulrich, 1995): the game's registration with the engine."""

from __future__ import annotations

from regalia.engine.registry import GameInfo, Option, register
from regalia.games.el_grande.actions import SEAT_NAMES, TABLE
from regalia.games.el_grande.edition import load_edition
from regalia.games.el_grande.render_svg import render_svg
from regalia.games.el_grande.render_text import render_text
from regalia.games.el_grande.state import ElGrandeState

OPTIONS = (
    Option("rounds", 9, "9 rounds, or the 6-round short game (rounds 2, 3, 5, 6, 8, 9)",
           (9, 6)),
    Option("setup_disk", True,
           "each player places one more Caballero at setup by secret disk (SEED); false: "
           "the 1995 base game (7 to court, 21 in the provinces)"),
    Option("split_placement", True,
           "a player may interrupt his placement for the special action and then go on "
           "placing (SEED); false: 1995 rule D, neither may be split"),
    Option("tie_break", "none",
           "final ties: none (official, shared places) or unused-power (WBC: the higher "
           "unused power cards win)", ("none", "unused-power")),
    Option("disk_return_self", False,
           "the stack-2 secret-disk return cards also hit the player who plays them"),
    Option("group_values", "current",
           "which 1st value makes a region a 4-/5-/6-7-region for the stack-3 scorings: "
           "current (a mobile scoreboard counts, AIS) or printed", ("current", "printed")),
    Option("castillo_king", "court",
           "a Castillo disk set to the King's region sends those Caballeros back to court "
           "(SEED, DZ), or that choice is forbidden", ("court", "forbidden")),
)


def _seat_names(players: int) -> tuple[str, ...]:
    return SEAT_NAMES[:players]


INFO = register(GameInfo(
    id="el-grande",
    title="El Grande",
    designers=("Wolfgang Kramer", "Richard Ulrich"),
    year=1995,
    min_players=2,
    max_players=5,
    default_players=4,
    rules_version="1",
    summary="Win the regions of Spain by majority: power cards, Caballeros, the King, "
            "the Castillo and 45 action cards.",
    state_class=ElGrandeState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    seat_names=_seat_names,
    # Every draw is laid open: the King's region, the Grandes' homes, the start player and
    # the action cards turned up each round.
    public_chance=("king", "home", "start player", "stack"),
    render_text=render_text,
    render_svg=render_svg,
))

__all__ = ["INFO", "OPTIONS", "ElGrandeState"]
