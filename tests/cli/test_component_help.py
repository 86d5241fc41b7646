"""``help CARD`` and ``? N`` at the play prompt show a component's text and cost, in the
player's language; the prompt's help lists both."""

from __future__ import annotations

import pytest

from regalia.engine import Rng
from regalia.engine.glossary import about
from regalia.engine.i18n import speaking
from regalia.engine.registry import get_game
from tests.cli.conftest import output, session

HUMAN_AND_BOTS = ["human", "random", "random"]


def typed(game: str, lines: list[str], lang: str = "en", players: int = 3) -> str:
    play, _ = session(game, players, HUMAN_AND_BOTS[:players], 5, [])
    seat = play.state.to_move()[0]
    with speaking(lang):
        for line in lines:
            assert play.handle(line, seat) is False  # asking never plays a move
    return output(play)


@pytest.mark.parametrize(("game", "query", "expected"), [
    ("el-grande", "castillo", "The tower."),
    ("el-grande", "royal adviser", "You may move the King to an adjacent region."),
    ("palais-royal", "mint", "take 1 gold from the supply for each of your servants here"),
    ("palais-royal", "Purse", "Take 2 gold."),
    ("shadow-of-the-emperor", "permit", "Cost 3 thalers for a Baron, 5 for a Couple."),
    ("shadow-of-the-emperor", "koln", "its elector must be a single Baron"),  # no umlaut
    ("ming-dynasty", "dragon", "A joker"),
    ("castles-of-burgundy-cards", "city hall", "place another of your projects at once"),
])
def test_help_card_shows_the_component_text_matched_loosely(game: str, query: str,
                                                            expected: str) -> None:
    text = " ".join(typed(game, [f"help {query}"], players=2 if "burgundy" in game else 3)
                    .split())
    assert expected in text


def test_help_card_in_chinese_shows_the_chinese_text() -> None:
    text = "".join(typed("shadow-of-the-emperor", ["help 许可"], "zh").split())
    assert "费用：男爵3塔勒，夫妇5塔勒。" in text
    text = "".join(typed("el-grande", ["help castillo"], "zh").split())
    assert "黑城堡。每次放置臣子时都可以放入黑城堡。" in text


def test_question_mark_and_a_number_explains_that_choice() -> None:
    # El Grande starts with the secret disk: choice 1 is Aragon, choice 3 Old Castile.
    text = " ".join(typed("el-grande", ["? 1", "?3"]).split())
    assert "1 Set your disk to Aragon Aragon A region of Spain." in text
    assert "scores 5, the second 4, the third 1" in text
    assert "scores 6, the second 4, the third 2" in text  # Old Castile's 6/4/2


def test_a_choice_naming_a_card_shows_its_cost() -> None:
    play, _ = session("shadow-of-the-emperor", 3, HUMAN_AND_BOTS, 5, [])
    state = play.state
    while not any(a.text.startswith("buy ") for a in state.legal_actions(state.to_move()[0])):
        seat = state.to_move()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    number = next(i for i, a in enumerate(legal, 1) if a.text == "buy permit baron")
    play.handle(f"? {number}", seat)
    text = " ".join(output(play).split())
    assert "Permit Cost 3 thalers for a Baron, 5 for a Couple." in text


def test_unknown_names_and_numbers_get_a_clear_answer() -> None:
    text = " ".join(typed("el-grande", ["help kign", "help zzzz", "? 99", "help power"]).split())
    assert "No card, tile or space is called 'kign'. Did you mean: King?" in text
    assert "No card, tile or space is called 'zzzz'." in text
    assert "There is no choice 99." in text
    assert "'power' names 14 components; type more of one name:" in text


def test_the_prompt_help_lists_help_card_and_question_mark() -> None:
    text = typed("el-grande", ["help"])
    assert "help CARD" in text and "? N" in text
    text = typed("el-grande", ["help"], "zh")
    assert "某张卡牌、板块、房间或格子的作用及其费用" in text and "第 N 个选项" in text


def test_help_on_a_park_space_shows_the_noble_there() -> None:
    play, _ = session("palais-royal", 3, HUMAN_AND_BOTS, 5, [])
    seat = play.state.to_move()[0]
    space = play.state.view(seat)["park"]["spaces"][0]
    noble = space["noble"]
    play.handle(f"help {space['space'].upper()}", seat)
    text = " ".join(output(play).split())
    assert f"Noble {noble['id']} Noble. Cost: {noble['gold']} gold" in text
    assert f"Worth {noble['vp']} VP." in text


@pytest.mark.parametrize(("game", "code", "expected"), [
    ("shadow-of-the-emperor", "FKD", "Foreign king's daughter"),
    ("shadow-of-the-emperor", "GrE", "Gray eminence"),
    ("ming-dynasty", "rik", "rickshaw"),
    ("ming-dynasty", "DRG", "Dragon card"),
])
def test_help_knows_the_boards_abbreviations(game: str, code: str, expected: str) -> None:
    assert expected in typed(game, [f"help {code}"])


GAMES = ("el-grande", "palais-royal", "shadow-of-the-emperor", "ming-dynasty",
         "castles-of-burgundy-cards")


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", GAMES)
def test_question_mark_shows_a_chosen_components_text_in_every_game(game: str,
                                                                   lang: str) -> None:
    """At the first decision of a seeded game where a choice names a component, ``? N``
    prints that component's name and full text in the player's language."""
    players = 2 if "burgundy" in game else 3
    play, _ = session(game, players, HUMAN_AND_BOTS[:players], 5, [])
    state, glossary, rng = play.state, get_game(game).glossary, Rng(5)
    assert glossary is not None
    while True:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        named = [(i, glossary.named_by(state.edition, view, a.text))
                 for i, a in enumerate(legal)]
        hit = next(((i, keys) for i, keys in named if keys), None)
        if hit is not None:
            break
        state.apply(legal[rng.below(len(legal))], seat)
    numbers = state.action_numbers(seat) or tuple(range(1, len(legal) + 1))
    entry = about(glossary.entries(state.edition), state.edition, hit[1])[0]
    with speaking(lang):
        assert play.handle(f"? {numbers[hit[0]]}", seat) is False
    shown = "".join(output(play).split())
    assert "".join(entry.name_in(state.edition, lang).split()) in shown
    assert "".join(entry.text_in(state.edition, lang).split()) in shown, shown[-600:]
