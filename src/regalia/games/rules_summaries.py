"""Each game's turn and scoring in a few sentences: what `regalia rules GAME` prints.

The texts sum up the rules the engine plays by default (docs/games/GAME.md has the sources
and the options that change them); every sentence is marked for translation, so the Chinese
summary is the catalog's. Kept short enough for one 80x24 screen with the game's own summary.
"""

from __future__ import annotations

from regalia.engine.i18n import N_

# Section headings, in the order they are printed.
PLAY, SCORING, END = N_("How a round goes"), N_("Scoring"), N_("End of the game")

SUMMARIES: dict[str, dict[str, tuple[str, ...]]] = {
    "el-grande": {
        PLAY: (
            N_("Nine rounds. Everyone plays a power card (1-13, no value twice in a round): "
               "the highest moves first, and the lower the card, the more Caballeros (6 down "
               "to 0) come from your provinces to your court."),
            N_("In that order each takes one of the five face-up action cards, places up to "
               "its number of Caballeros from the court into regions next to the King or "
               "into the Castillo, and may do the card's action, before or after."),
            N_("Nothing enters or leaves the King's region but the King."),
        ),
        SCORING: (
            N_("After rounds 3, 6 and 9: each secretly sets a disk to the region his Castillo "
               "Caballeros go to; the Castillo is scored, then emptied, then all nine regions "
               "are scored. Some action cards score regions in between."),
            N_("An area pays its 1st/2nd/3rd values to the most Caballeros (tied players drop "
               "a place); a sole first gets +2 in the King's region and +2 where his Grande "
               "stands. With 3 players only 1st and 2nd score, with 2 only 1st."),
        ),
        END: (N_("The most points after the third general scoring win."),),
    },
    "castles-of-burgundy-cards": {
        PLAY: (
            N_("Five rounds (A-E) of six turns; each round you hold 2 cards of a pile of 6."),
            N_("On your turn play one and use only its die (each worker turns it by 1): take "
               "a card from that display row as a project (3 at most); put a project with "
               "that die into your estate (its bonus at once); sell all goods of that die; "
               "or, whatever the die, restock workers to 2, take 1 silver, or turn workers "
               "and silver into VP (3 for 1)."),
            N_("Once a turn, 3 silver buy the top 3 cards: keep one as a project or play it "
               "for an extra action."),
        ),
        SCORING: (
            N_("Three estate cards of a type make a triple (any three buildings; a cloister "
               "joins any type); completing one earns a bonus of the round card, the first in "
               "a colour its bonus card."),
            N_("At the end: the VP printed on completed triples, bonus and VP cards, sold "
               "goods, animals (2/3/4 different kinds in a group: 1/2/4) and 1 for the start "
               "player card."),
        ),
        END: (N_("After round E the most VP win. Solo: against Aaron."),),
    },
    "palais-royal": {
        PLAY: (
            N_("A turn is up to five steps in this order, each optional: 1 Parade ground "
               "(servants to the Gate), 2 Stairway (servants to a neighbouring room), "
               "3 Mint (gold), King's chamber and Pompadour (seals), Office (how many nobles "
               "you may enlist), 4 enlist nobles, 5 Back door (privilege cards)."),
            N_("A room's action is as strong as your servants there; at the Parade ground, "
               "Stairway, Mint, King's and Pompadour's rooms the sole majority adds 1 (a tie: "
               "the Cardinal's room decides)."),
            N_("A noble costs gold and seals: for it one servant goes home from the Office and "
               "the seals' servants from the King's and Pompadour's rooms; a noble from the "
               "park's edge leaves one of your servants on its space."),
        ),
        SCORING: (
            N_("At the end: your nobles' VP, your played privilege cards' VP, 1 for each "
               "unplayed one (6 at most), and each edge of the park for its first and second "
               "place in servants."),
        ),
        END: (N_("When 12 or fewer nobles are left at the start player's turn, that round is "
                 "the last; the most VP win."),),
    },
    "shadow-of-the-emperor": {
        PLAY: (
            N_("Five rounds of eight phases: income in thalers; aging (10 years, a tile "
               "leaves after 45); sons and daughters by the colours of last round's cards; "
               "actions; new electors; an election if someone took the Rival; the Emperor's "
               "rights; the round's end."),
            N_("Actions, one a turn from the Emperor on, until all have passed: buy an action "
               "card, use an elector's privilege, or place or move a knight (1 thaler)."),
            N_("New electors: each electorate goes to the most influence there (cities, "
               "knights, Barons 1, Couples 2; ties: the Emperor chooses)."),
        ),
        SCORING: (
            N_("VP: 2 for a newly won elector, 1 for a daughter's accepted marriage, 1 for "
               "voting for the election's winner, the Emperor 2 or 1 each round, cities, some "
               "cards and the Mainz privilege."),
        ),
        END: (N_("The most VP after round 5 win."),),
    },
    "ming-dynasty": {
        PLAY: (
            N_("Six rounds: everyone places 5 family members on the province spaces at the "
               "board's edge, then takes movement cards beside those spaces (or a dragon, for "
               "a member) up to 5 in hand."),
            N_("Then in turns: move your prince border by border paying each border's "
               "transport (a dragon for any), stay for any card, or pass; after a move or a "
               "stay deploy up to 3 members from that province's space into the prince's "
               "district, one of them perhaps into its cloister."),
        ),
        SCORING: (
            N_("After rounds 2, 4 and 6, province by province: district majorities send "
               "members into the city, each for a province tile (a set of six colours: "
               "28/24/20); return cards secretly send some back; each member left scores "
               "4/3/0, the city's majority +4; each cloister member scores 4."),
        ),
        END: (N_("After the sixth round's scoring: sets of five colours 10, other tiles 1 "
                 "each; the most points win."),),
    },
}


def rules_summary(game_id: str) -> list[tuple[str, tuple[str, ...]]]:
    """The game's sections (heading, sentences), untranslated; empty if it has none."""
    sections = SUMMARIES.get(game_id, {})
    return [(heading, sections[heading]) for heading in (PLAY, SCORING, END)
            if heading in sections]
