"""Ming Dynasty (Robert F. Watson, Hans im Glück 2007), 2 to 4 players.

>>> import regalia
>>> state = regalia.new_game("ming-dynasty", 3, seed=3)
>>> state.legal_actions()[0].text
'prince 1a'
"""

from __future__ import annotations

from regalia.engine.i18n import N_
from regalia.engine.registry import GameInfo, Option, register
from regalia.games.ming_dynasty import glossary
from regalia.games.ming_dynasty.actions import TABLE
from regalia.games.ming_dynasty.edition import load_edition
from regalia.games.ming_dynasty.phone_svg import render_phone_svg
from regalia.games.ming_dynasty.render_svg import render_svg
from regalia.games.ming_dynasty.render_text import render_key, render_text
from regalia.games.ming_dynasty.state import GAME_ID, MingState

OPTIONS = (
    Option(
        "city_tie", "own-section",
        N_("City bonus tie (SEED 'most members in the largest city section'): 'own-section' "
        "(most members in any one district's three houses) or 'fullest-section' (most members "
        "in the section that holds most members of all)."),
        ("own-section", "fullest-section"),
        short=N_("which section breaks a city bonus tie")),
    Option(
        "hand_memory", "perfect",
        N_("What a seat knows of other hands: 'perfect' (every card enters a hand face up from "
        "the display or the open dragon stack and leaves it face up, so a seat with perfect "
        "memory, as DESIGN.md models every seat, knows them all) or 'counts' (only their "
        "sizes: players who hold their cards closed and do not keep track)."),
        ("perfect", "counts"),
        short=N_("what a seat knows of the others' hands")),
)

INFO = register(GameInfo(
    id=GAME_ID,
    title=N_("Ming Dynasty"),
    designers=("Robert F. Watson",),
    year=2007,
    min_players=2,
    max_players=4,
    default_players=4,
    rules_version="1",
    summary=N_("Move your prince across the six provinces with movement cards, deploy family "
             "members into districts and cloisters, and win the district majorities that send "
             "them into the cities for province tiles, city points and bonuses."),
    state_class=MingState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    # The display's cards are turned face up.
    public_chance=("display",),
    render_text=render_text,
    render_key=render_key,
    render_svg=render_svg,
    glossary=glossary,
    render_phone_svg=render_phone_svg,
    # Every card is seen entering and leaving a hand, so with perfect memory the only secret
    # is a sealed return choice; random two-player games seldom meet one.
    extra={"rarely_hidden_at": (2,)},
))

__all__ = ["INFO", "MingState", "load_edition"]
