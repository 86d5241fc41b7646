"""A game option as the create form shows it: its name, its choices and its help in words
of the page's language; the value a choice submits stays the option's own (``gate-centre``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from regalia.engine import i18n
from regalia.engine.i18n import _, pgettext
from regalia.engine.registry import Option


def option_label(name: str) -> str:
    """A game option's name as words for the create form, in the language in force (the
    option's help says what it does; ``edge_ties`` read as a code)."""
    labels = {
        "rounds": pgettext("option", "rounds"), "setup_disk": pgettext("option", "setup disk"),
        "split_placement": pgettext("option", "split placement"),
        "tie_break": pgettext("option", "tie break"),
        "disk_return_self": pgettext("option", "disk returns to its owner"),
        "group_values": pgettext("option", "group values"),
        "castillo_king": pgettext("option", "the King and the Castillo"),
        "movement_to_court": pgettext("option", "movement to the court"),
        "scoreboard_castillo": pgettext("option", "scoreboard on the Castillo"),
        "banish_own": pgettext("option", "banish your own"),
        "secret_scoring_king": pgettext("option", "secret scoring of the King's region"),
        "start_workers": pgettext("option", "starting workers"),
        "watchtower_vp": pgettext("option", "watchtower VP"),
        "all_types_by_player_count": pgettext("option", "all-types bonus by player count"),
        "layout": pgettext("option", "room layout"),
        "discount": pgettext("option", "gold discount"),
        "end": pgettext("option", "end of the game"),
        "edge_ties": pgettext("option", "ties on a park edge"),
        "winner_tiebreak": pgettext("option", "tie for the win"),
        "stall_rounds": pgettext("option", "rounds without an enlisted noble"),
        "dead_position": pgettext("option", "end when no one can enlist"),
        "open_nobles": pgettext("option", "face-down nobles known to all"),
        "points": pgettext("option", "points"),
        "elector_influence": pgettext("option", "elector's influence"),
        "empire_city": pgettext("option", "empire city"),
        "church_counts_elector": pgettext("option", "the Church counts the elector"),
        "city_tie": pgettext("option", "city tie"),
        "hand_memory": pgettext("option", "memory of hands"),
    }
    return labels.get(name) or name.replace("_", " ")


def choice_label(option: str, value: Any) -> str:
    """One of an option's values as words (``gate-centre``: "Gate in the centre"; in Chinese
    "大门居中"). A number stays a number; a value without words here reads as its id with
    spaces for its hyphens."""
    labels = {
        ("tie_break", "none"): pgettext("option value", "none"),
        ("tie_break", "unused-power"): pgettext("option value", "unused power"),
        ("group_values", "current"): pgettext("option value", "current"),
        ("group_values", "printed"): pgettext("option value", "printed"),
        ("castillo_king", "court"): pgettext("option value", "court"),
        ("castillo_king", "forbidden"): pgettext("option value", "forbidden"),
        ("start_workers", "last-gets-two"): pgettext("option value", "last gets two"),
        ("start_workers", "left-first"): pgettext("option value", "left first"),
        ("layout", "random"): pgettext("option value", "random"),
        ("layout", "gate-centre"): pgettext("option value", "gate centre"),
        ("layout", "first-game"): pgettext("option value", "first game"),
        ("discount", "orthogonal"): pgettext("option value", "orthogonal"),
        ("discount", "eight"): pgettext("option value", "eight"),
        ("discount", "none"): pgettext("option value", "no discount"),
        ("end", "twelve-or-fewer"): pgettext("option value", "twelve or fewer"),
        ("end", "fewer-than-twelve"): pgettext("option value", "fewer than twelve"),
        ("edge_ties", "both-score"): pgettext("option value", "both score"),
        ("edge_ties", "cardinal"): pgettext("option value", "Cardinal"),
        ("winner_tiebreak", "shared"): pgettext("option value", "shared"),
        ("winner_tiebreak", "gold"): pgettext("option value", "gold"),
        ("winner_tiebreak", "thalers"): pgettext("option value", "thalers"),
        ("points", "hidden"): pgettext("option value", "hidden"),
        ("points", "open"): pgettext("option value", "open"),
        ("empire_city", "optional"): pgettext("option value", "optional"),
        ("empire_city", "mandatory"): pgettext("option value", "mandatory"),
        ("city_tie", "own-section"): pgettext("option value", "own section"),
        ("city_tie", "fullest-section"): pgettext("option value", "fullest section"),
        ("hand_memory", "perfect"): pgettext("option value", "perfect"),
        ("hand_memory", "counts"): pgettext("option value", "counts"),
    }
    if not isinstance(value, str):
        return str(value)
    return labels.get((option, value)) or value.replace("-", " ").replace("_", " ")


def help_in_words(option: Option, siblings: Sequence[Option] = ()) -> str:
    """The option's help in the page's language, with the form's words for what it names by
    id: another option (``'stall_rounds'``: its label on the form), a checkbox's ``true``
    and ``false`` (ticked, unticked), and in Chinese each choice (the word ``regalia play -o``
    takes, in quotes or not: the words its list shows)."""
    text = _(option.help)
    for other in siblings:
        if other.name != option.name and "_" in other.name:
            text = re.sub(rf"'{re.escape(other.name)}'|(?<![A-Za-z0-9_]){re.escape(other.name)}"
                          r"(?![A-Za-z0-9_])", "“" + option_label(other.name) + "”", text)
    if isinstance(option.default, bool):  # (a checkbox on the form)
        for value, word in ((False, _("unticked")), (True, _("ticked"))):
            said = word if i18n.language() == "en" else "「" + word + "」"
            text = re.sub(rf"(?<![A-Za-z]){str(value).lower()}(?![A-Za-z])", said, text)
            text = re.sub(rf"(?<![A-Za-z]){value}(?![A-Za-z])", said[:1].upper() + said[1:],
                          text)
    if i18n.language() == "en":
        return text
    if not option.choices:
        return re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=「)", "", text)
    for value in option.choices:
        if isinstance(value, str):
            words = "「" + choice_label(option.name, value) + "」"
            text = re.sub(rf"'{re.escape(value)}'|(?<![A-Za-z0-9_-]){re.escape(value)}"
                          r"(?![A-Za-z0-9_-])", words.replace("\\", "\\\\"), text)
    return re.sub(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=「)", "", text)  # (no space before 「)


def option_entry(option: Option, siblings: Sequence[Option] = ()) -> dict[str, Any]:
    """What the create form's script (static/lobby.js) builds an option's field from;
    ``siblings``: the game's options (its help may name one)."""
    return {"name": option.name, "label": option_label(option.name),
            "default": option.default, "help": help_in_words(option, siblings),
            "choices": [{"value": c, "label": choice_label(option.name, c)}
                        for c in option.choices] if option.choices else None}
