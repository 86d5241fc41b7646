"""El Grande (Kramer & Ulrich, 1995): the game's registration with the engine."""

from __future__ import annotations

from regalia.engine.i18n import N_, _
from regalia.engine.registry import GameInfo, Option, register
from regalia.games.el_grande import glossary
from regalia.games.el_grande.actions import SEAT_TITLES, TABLE
from regalia.games.el_grande.edition import load_edition
from regalia.games.el_grande.phone_svg import render_phone_svg
from regalia.games.el_grande.render_svg import render_svg
from regalia.games.el_grande.render_text import render_key, render_text
from regalia.games.el_grande.state import ElGrandeState

# Help texts name their sources in words; docs/games/el-grande.md cites each one exactly.
OPTIONS = (
    Option("rounds", 9, N_("9 rounds, or the 6-round short game (rounds 2, 3, 5, 6, 8, 9)"),
           (9, 6),
           short=N_("rounds (6: the short game)")),
    Option("setup_disk", True,
           N_("each player places one more Caballero at setup by secret disk, as the Chinese "
              "rules text says; false: the 1995 rule book's setup (7 to court, 21 in the "
              "provinces)"),
           short=N_("one more Caballero at setup by disk")),
    Option("split_placement", True,
           N_("a player may interrupt his placement for the special action and then go on "
              "placing, as the Chinese rules text says; false: the 1995 rule book's rule D, "
              "neither may be split"),
           short=N_("special action may split the placing")),
    Option("tie_break", "none",
           N_("final ties: none (the official rules: tied players share the place) or "
              "unused-power (the World Boardgaming Championships' house rule: the higher "
              "unused power cards win)"), ("none", "unused-power"),
           short=N_("how tied final places are broken")),
    Option("disk_return_self", False,
           N_("the two stack-2 secret-disk return cards also hit the player who plays them "
              "(the 1995 rule book and the championship notes say only his fellow players)"),
           short=N_("disk-return cards hit their player")),
    Option("group_values", "current",
           N_("which 1st value makes a region a 4-, 5- or 6-7-region for the stack-3 scorings: "
              "current (a mobile scoreboard counts, as the 1995 rule book says) or printed"),
           ("current", "printed"),
           short=N_("region values for stack-3 scorings")),
    Option("castillo_king", "court",
           N_("a Castillo disk set to the King's region sends those Caballeros back to court "
              "(the Chinese rules text and the 1995 rule book), or that choice is not offered"),
           ("court", "forbidden"),
           short=N_("Castillo disk may choose the King")),
    Option("movement_to_court", True,
           N_("Movement card: a player may set his disk to the King's region or to the named "
              "region itself and take those Caballeros back to his court, as the 1995 rule "
              "book says; false: he must move them to another region"),
           short=N_("Movement card may move to court")),
    Option("scoreboard_castillo", True,
           N_("a mobile scoreboard may be placed on or moved to the Castillo, as the 1995 rule "
              "book says; false: regions only"),
           short=N_("mobile scoreboard may go on Castillo")),
    Option("banish_own", True,
           N_("the stack-2 card that sends one Caballero of each player back to the provinces "
              "takes one of the player's own too, as the 1995 rule book says; false: his "
              "opponents' only"),
           short=N_("banish card takes your own too")),
    Option("secret_scoring_king", True,
           N_("the secret special scoring may choose the King's region, as in the 1995 rule "
              "book (the disks show every region); false: it may not"),
           short=N_("secret scoring may pick the King")),
)


def _seat_names(players: int) -> tuple[str, ...]:
    # what a person reads in tables and prompts ("Red", "红"), as ElGrandeState.seat_name;
    # the colour ids ("red") stay the notation of records and views
    return tuple(_(title) for title in SEAT_TITLES[:players])


INFO = register(GameInfo(
    id="el-grande",
    title=N_("El Grande"),
    designers=("Wolfgang Kramer", "Richard Ulrich"),
    year=1995,
    min_players=2,
    max_players=5,
    default_players=4,
    rules_version="1",
    summary=N_("Win the regions of Spain by majority: power cards, Caballeros, the King, "
               "the Castillo and 45 action cards."),
    state_class=ElGrandeState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    seat_names=_seat_names,
    # Every draw is laid open: the King's region, the Grandes' homes, the start player and
    # the action cards turned up each round.
    public_chance=("king", "home", "start player", "stack"),
    render_text=render_text,
    render_key=render_key,
    render_svg=render_svg,
    glossary=glossary,
    render_phone_svg=render_phone_svg,
))

__all__ = ["INFO", "OPTIONS", "ElGrandeState"]
