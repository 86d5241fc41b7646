"""Palais Royal (Xavier Georges, Hans im Glück 2008), 2 to 4 players.

>>> import regalia
>>> state = regalia.new_game("palais-royal", 3, seed=3)
>>> state.legal_actions()[0].text
'place parade'
"""

from __future__ import annotations

from regalia.engine.i18n import N_
from regalia.engine.registry import GameInfo, Option, register
from regalia.games.palais_royal import glossary
from regalia.games.palais_royal.actions import TABLE
from regalia.games.palais_royal.edition import load_edition
from regalia.games.palais_royal.phone_svg import render_phone_svg
from regalia.games.palais_royal.render_svg import render_svg
from regalia.games.palais_royal.render_text import render_key, render_text
from regalia.games.palais_royal.state import GAME_ID, PalaisState

OPTIONS = (
    Option(
        "layout", "random",
        N_("Room layout: 'random' (the rulebook: the nine tiles shuffled into a 3 x 3 grid), "
           "'gate-centre' (the Gate fixed in the middle, as one review plays it), 'first-game' "
           "(the layout the rulebook recommends for a first game)."),
        ("random", "gate-centre", "first-game"),
        short=N_("how the nine rooms are laid out")),
    Option(
        "discount", "orthogonal",
        N_("Gold reduction of a noble (reconstructed): one gold less per empty orthogonally "
           "neighbouring park space ('orthogonal'), per empty space of the eight around it "
           "('eight'), or none ('none')."),
        ("orthogonal", "eight", "none"),
        short=N_("which empty park spaces make a noble cheaper")),
    Option(
        "end", "twelve-or-fewer",
        N_("End trigger at the start player's turn: 'twelve-or-fewer' nobles left (SEED, "
           "gamepack), or 'fewer-than-twelve' (one German review's wording)."),
        ("twelve-or-fewer", "fewer-than-twelve"),
        short=N_("how few nobles left end the game")),
    Option(
        "edge_ties", "both-score",
        N_("Ties on a park edge: 'both-score' (tied players each score the place, the next "
           "place is skipped) or 'cardinal' (strength in the Cardinal's room, servants and "
           "the Cardinal's privilege, breaks the tie first)."),
        ("both-score", "cardinal"),
        short=N_("how ties on a park edge score")),
    Option(
        "winner_tiebreak", "shared",
        N_("Equal final scores: 'shared' (no source gives a tie-break) or 'gold' (more gold "
           "left wins)."),
        ("shared", "gold"),
        short=N_("how equal final scores are broken")),
    Option(
        "stall_rounds", 20,
        N_("Not in the rules: the game also ends after this many rounds in a row in which no "
           "noble was enlisted (at least 5), so that players who never enlist cannot play for "
           "ever. Real games enlist nobles every round."),
        short=N_("rounds without an enlisted noble that end the game")),
    Option(
        "dead_position", True,
        N_("Not in the rules: the game also ends after a whole round of turns without a choice "
           "in a position where nobody can ever enlist again (no Office servant with the seals "
           "and gold for any noble). Off: such a game runs on until 'stall_rounds' ends it."),
        short=N_("end a game where nobody can enlist again")),
    Option(
        "open_nobles", True,
        N_("Every seat knows the face-down (points-only) nobles of the others, as a player who "
           "remembers every tile taken from the park does (every tile lay face up there and the "
           "space it left is public). False: a seat knows which tiles went face down but not "
           "who holds which, only how many each seat has."),
        short=N_("everyone knows the others' face-down nobles")),
)

INFO = register(GameInfo(
    id=GAME_ID,
    title=N_("Palais Royal"),
    designers=("Xavier Georges",),
    year=2008,
    min_players=2,
    max_players=4,
    default_players=4,
    # 2 (2026-11-26): a seat holding cards is asked in every step a card could be played in.
    # 3 (2026-11-27): the Mint's gold is a choice ("mint"); "end" ends the turn in steps 1-4.
    rules_version="3",
    older_rules=("2", "1"),
    summary=N_("Place servants in the nine rooms of the castle, use each room's action as "
               "strong as your servants there, and spend gold and seals to enlist nobles from "
               "the castle park; edge majorities in the park score at the end."),
    state_class=PalaisState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    # The room tiles and the park's nobles are laid face up; privilege cards drawn are secret.
    public_chance=("room", "noble"),
    render_text=render_text,
    render_key=render_key,
    render_svg=render_svg,
    glossary=glossary,
    render_phone_svg=render_phone_svg,
))

__all__ = ["INFO", "PalaisState", "load_edition"]
