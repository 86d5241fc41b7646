"""In the Shadow of the Emperor (Ralf Burkert, Hans im Glück 2004), 2 to 4 players.

>>> import regalia
>>> state = regalia.new_game("shadow-of-the-emperor", 3, seed=3)
>>> state.legal_actions()[0].text
'empire mainz'
"""

from __future__ import annotations

from regalia.engine.i18n import N_
from regalia.engine.registry import GameInfo, Option, register
from regalia.games.shadow_of_the_emperor import glossary
from regalia.games.shadow_of_the_emperor.actions import TABLE
from regalia.games.shadow_of_the_emperor.edition import load_edition
from regalia.games.shadow_of_the_emperor.phone_svg import render_phone_svg
from regalia.games.shadow_of_the_emperor.render_svg import render_svg
from regalia.games.shadow_of_the_emperor.render_text import render_key, render_text
from regalia.games.shadow_of_the_emperor.state import GAME_ID, ShadowState

OPTIONS = (
    Option(
        "points", "hidden",
        N_("Victory points: 'hidden' (VP cards kept face down, as a review's 'I prefer to play "
        "points open' implies; the screen shows each seat only its own until the end, though "
           "every point is won in the open and a seat that counts knows them all) or 'open'."),
        ("hidden", "open"),
        short=N_("whether victory points lie face down or open")),
    Option(
        "elector_influence", True,
        N_("Whether the sitting elector counts toward its family's influence in phase V "
           "(rules question A1; the sources are silent, and the tile shows its power like any "
           "other aristocrat)."),
        short=N_("the sitting elector counts for its family's influence")),
    Option(
        "empire_city", "optional",
        N_("The Emperor's empire city in phase VII: 'optional' (the seed's 'may') or "
           "'mandatory' (a reading of the English rule book, rules question A9)."),
        ("optional", "mandatory"),
        short=N_("whether the Emperor's empire city is optional")),
    Option(
        "church_counts_elector", False,
        N_("Church influence: whether the archdiocese's elector tile itself adds a vote "
           "besides its own (rules question A7; the seed counts 'each aristocrat of the "
           "elector's colour' in the archdiocese, which the elector also is)."),
        short=N_("the archdiocese's elector adds a church vote")),
    Option(
        "winner_tiebreak", "shared",
        N_("Equal final points: 'shared' (no tie-break is printed in any source) or "
           "'thalers' (more thalers left wins)."),
        ("shared", "thalers"),
        short=N_("how equal final points are broken")),
)

INFO = register(GameInfo(
    id=GAME_ID,
    title=N_("In the Shadow of the Emperor"),
    designers=("Ralf Burkert",),
    year=2004,
    min_players=2,
    max_players=4,
    default_players=4,
    rules_version="1",
    summary=N_("Place your family's Barons, Couples, knights and cities in the seven "
               "electorates, win electors by influence, age and marry, and make one of your "
               "family Emperor by the electors' sealed votes over five rounds."),
    state_class=ShadowState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    # The 2-player removed electorates are turned face up for both players.
    public_chance=("removed",),
    render_text=render_text,
    render_key=render_key,
    render_svg=render_svg,
    glossary=glossary,
    render_phone_svg=render_phone_svg,
    # Sealed votes are the only secret (points are won in the open, question N19), and a
    # vote stays sealed only while another voter has yet to choose: with 2 players only
    # the two candidates take part, with 3 at most one other seat votes.
    extra={"perfect_information_players": (2, 3)},
))

__all__ = ["INFO", "ShadowState", "load_edition"]
