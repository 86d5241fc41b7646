"""The Castles of Burgundy: The Card Game (Stefan Feld, alea 2016), solo against Aaron included.

>>> import regalia
>>> state = regalia.new_game("castles-of-burgundy-cards", 2, seed=3)
>>> state.legal_actions()[0].text.startswith("play")
True
"""

from __future__ import annotations

from regalia.engine.i18n import N_, _, pgettext
from regalia.engine.registry import GameInfo, Option, register
from regalia.games.castles_of_burgundy_cards import glossary
from regalia.games.castles_of_burgundy_cards.actions import TABLE
from regalia.games.castles_of_burgundy_cards.edition import load_edition
from regalia.games.castles_of_burgundy_cards.phone_svg import render_phone_svg
from regalia.games.castles_of_burgundy_cards.render_svg import render_svg
from regalia.games.castles_of_burgundy_cards.render_text import render_key, render_text
from regalia.games.castles_of_burgundy_cards.state import GAME_ID, CobState


def seat_names(players: int) -> tuple[str, ...]:
    if players == 1:
        return (pgettext("castles-of-burgundy-cards", "You"),)
    return tuple(_("Player {n}").format(n=p + 1) for p in range(players))


OPTIONS = (
    Option(
        "start_workers", "last-gets-two",
        N_("Start workers with 2 or 3 players. Both the published rule book and the Chinese "
           "rules text this game was specified from say 'the next two players take 1 worker "
           "each, the last player 2', which leaves 2 and 3 players open. 'last-gets-two' "
           "(default): the start player 0, the last player 2, everyone else 1 (2 players 0/2, "
           "3 players 0/1/2). 'left-first': the two players left of the start player take 1 "
           "each before a last player takes 2 (2 players 0/1, 3 players 0/1/1). 4 players get "
           "0/1/1/2 either way."),
        ("last-gets-two", "left-first"),
        short=N_("who gets the start workers with 2 or 3 players")),
    Option(
        "watchtower_vp", 1,
        N_("Value of the victory point card a watchtower gives. The rule book says 'take 1 "
           "victory point card' and the cards come as 1 and 2 VP; default 1."),
        (1, 2),
        short=N_("the VP card a watchtower gives")),
    Option(
        "all_types_by_player_count", True,
        N_("Use only the 'all 7 types' bonus cards of the player count (1-2 players: 3 and 1 "
           "VP; 3 players: 4, 2, 1; 4 players: all four), as the published rule book says "
           "(default). false: the whole 4-3-2-1 stack, as the Chinese rules text describes "
           "setup without removing any."),
        short=N_("'all 7 types' bonus cards by player count")),
)

INFO = register(GameInfo(
    id=GAME_ID,
    title=N_("The Castles of Burgundy: The Card Game"),
    designers=("Stefan Feld",),
    year=2016,
    min_players=1,
    max_players=4,
    default_players=2,
    rules_version="1",
    summary=N_("Play one of two cards a turn and use its die: draft cards from the display, "
                "build triples in your estate, sell goods, convert workers and silver to "
                "victory points. Five rounds; solo against Aaron."),
    state_class=CobState,
    actions=TABLE,
    load_edition=load_edition,
    options=OPTIONS,
    seat_names=seat_names,
    # Display cards, Aaron's piles at the round start, goods and animals are laid face up;
    # hands and the cards seen while buying are not.
    public_chance=("display", "aaron", "good", "animal"),
    render_text=render_text,
    render_key=render_key,
    render_svg=render_svg,
    glossary=glossary,
    render_phone_svg=render_phone_svg,
))

__all__ = ["INFO", "CobState", "load_edition"]
