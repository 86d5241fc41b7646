"""The key under the web table's board: every code its drawings and actions show, explained.

:data:`WEB_KEYS` first, per game: what the web's own drawings (desktop and phone) and the
actions' descriptions show; then the terminal's ``key`` text (:attr:`GameInfo.render_key`,
the same words, its heading and markup taken off), whose codes the phone pictures share.
tests/server/test_table_teaches.py checks in the browser that every code a page shows is
explained on it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from regalia.engine import GameInfo
from regalia.engine.i18n import N_, _

# The terminal's markup (rich): styles only, no text of its own.
MARKUP = re.compile(r"\[(?:/|/?(?:bold|dim|italic|underline|reverse|cyan|yellow|red|green|"
                    r"blue|magenta|white)(?: [a-z]+)*)\]")

HEADING = re.compile(r"^\s*\[bold\][^\[]*\[/\]")

WEB_KEYS: dict[str, tuple[str, ...]] = {
    "el-grande": (
        N_("On the web board: G or a G cube: the player's Grande; ♚: the King (his region "
           "is closed to new Caballeros); ▶: the player to move; the three numbers in circles "
           "under a region's name: its points for the first, second and third place."),
        N_("Provinces: the Caballeros still in the supply."),
    ),
    "castles-of-burgundy-cards": (
        N_("On the web board: ▶ the player to move; 1st: holds the start player card; "
           "★: a complete triple (a castle); ⚀ ⚁ ⚂ ⚃ ⚄ ⚅: the display rows of the die faces "
           "1 to 6; A B C D E: the round cards, one per round; VP: victory points; P1: "
           "Player 1; ×2: two of them; tie-breaker: the cards left in storage decide a tie."),
    ),
    "palais-royal": (
        N_("On the phone's board each noble in the park says its VP (victory points), the "
           "gold it costs now (pay 6; free), its seals as squares in their colours (turquoise "
           "from the King's chamber, purple from Madame de Pompadour's room) and its "
           "privilege's word. On the whole table's picture: 14v = worth 14 VP; 6g = costs "
           "6 gold now; 2t1p = 2 turquoise and 1 purple seals (1t, 2p …); v, g, t, p alone: "
           "VP, gold, turquoise, purple. Its privilege: S servants, M move, X diagonal, "
           "G Gate, B card, T or P a seal, $ gold, C Cardinal."),
        N_("The park's columns are a b c d e f and its rows 1 to 6: a2, b1, c3, d6, e5, f1 … "
           "name a space. ★: the player with the most servants in a room; ▶: the player to move."),
        N_("+turq.: a turquoise seal."),
        N_("(tile vp-2, cardinal-1 …) in a choice: the noble tile's name in the edition's "
           "list of nobles."),
    ),
    "shadow-of-the-emperor": (
        N_("On the web board: R, B, Y, G: the families Red, Blue, Yellow, Green; R2, B4, Y1, "
           "G3 …: a family's aristocrat by number (R1 is Red's first); the number above a tile "
           "(15, 25, 35, 45): its age; ♥: the tile is on its Couple side; ⚔R: a knight of "
           "Red's; ♜: a castle; E: an empire city; V: phase V; ▶: the player to move."),
        N_("VP: victory points; 3t or (3t): 3 thalers (0t, 1t, 2t …)."),
        N_("Cut names of the action cards: Church influ. Church influence; Excommunicat. "
           "Excommunication; King's daugh. Foreign king's daughter."),
    ),
    "ming-dynasty": (
        N_("On the web board: 1a, 1b, 1c … 6c: the three districts of each province (the "
           "number is the province); hor horse, ric rickshaw, jun junk: the movement cards; "
           "▲: a prince; *: the majority; ▶: the player to move."),
    ),
}


def key_lines(info: GameInfo, view: Mapping[str, Any]) -> list[str]:
    """The key's lines in the current language: the web drawings' own, then the terminal's."""
    lines = [_(line) for line in WEB_KEYS.get(info.id, ())]
    if info.render_key is not None:
        # its heading ("Key to the board") is the page's summary line already
        text = MARKUP.sub("", HEADING.sub("", info.render_key(view), count=1))
        lines.extend(line.strip() for line in text.splitlines() if line.strip())
    return lines
