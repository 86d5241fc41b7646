"""Readable questions for the games' chance labels, where a label alone is cryptic.

The labels and their outcomes come from the engine; this only words the question the table
is asked. A label not listed here is asked as it is ("What came up for 'label'?").
"""

from __future__ import annotations

# game id -> label, or label prefix followed by a space -> question
QUESTIONS: dict[str, dict[str, str]] = {
    "el-grande": {
        "king": "In which region does the King start?",
        "home": "Which home region did {rest} draw?",
        "start player": "Who starts (the drawn colour)?",
        "stack": "Which action card was turned up on stack {rest}?",
    },
    "castles-of-burgundy-cards": {
        "display": "Which card was dealt to the display?",
        "hand": "Which card did you draw into your hand?",
        "buy": "Which card was drawn from the deck for the purchase?",
        "good": "Which goods tile was drawn?",
        "animal": "Which animal was drawn?",
        "aaron": "Which card was revealed in Aaron's pile?",
    },
    "palais-royal": {
        "room": "Which room tile was laid next?",
        "noble": "Which noble tile was laid in the park?",
        "card": "Which card did you draw through the Back door?",
    },
    "shadow-of-the-emperor": {
        "removed": "Which {rest} electorate was drawn to be left out?",
    },
    "ming-dynasty": {
        "display": "Which movement card was laid on display space {rest}?",
    },
}


def question(game: str, label: str) -> str:
    """The question the table is asked for the draw ``label``."""
    table = QUESTIONS.get(game, {})
    if label in table:
        return table[label].replace("{rest}", "").replace("  ", " ")
    head, _, rest = label.partition(" ")
    if rest and head in table:
        return table[head].replace("{rest}", rest)
    return f"What came up for '{label}'?"


def outcome_name(value: object) -> str:
    """An outcome as a person reads it (``new-castile`` -> ``new castile``)."""
    return str(value).replace("-", " ").replace("_", " ")
