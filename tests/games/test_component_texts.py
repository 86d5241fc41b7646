"""Every card, tile, room, noble, privilege and space of every game has a text in English and
Chinese, read from the edition (a missing text is an edition error); the texts state the
printed costs; every component an action names has a text."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

import regalia
from regalia.engine.errors import EditionError
from regalia.engine.glossary import Entry
from regalia.engine.registry import BUILTIN_GAMES, get_game

CJK = re.compile(r"[\u4e00-\u9fff]")
# the tables of each edition that hold components, all of which must carry texts
TABLES = {
    "el-grande": ("cards", "power_cards", "regions", "scoreboards", "pieces"),
    "palais-royal": ("castle_rooms", "cards", "nobles", "edges", "pieces"),
    "shadow-of-the-emperor": ("cards", "electorates", "pieces"),
    "ming-dynasty": ("cards", "provinces", "pieces"),
    "castles-of-burgundy-cards": ("cards", "types", "goods", "animals", "round_cards", "pieces"),
}
GAMES = list(TABLES)


def entries(game: str) -> tuple[Entry, ...]:
    info = get_game(game)
    assert info.glossary is not None
    return info.glossary.entries(info.load_edition(None))


@pytest.mark.parametrize("game", GAMES)
def test_every_component_has_a_text_in_english_and_chinese(game: str) -> None:
    edition = get_game(game).load_edition(None)
    found = entries(game)
    per_table = Counter(e.key.split(":")[0] for e in found)
    data_rows = sum(len(edition.data[t]) for t in TABLES[game])
    assert len(found) == data_rows + (1 if game == "el-grande" else 0)  # + the Castillo
    assert len({e.key for e in found}) == len(found)
    for entry in found:
        english, chinese = entry.text_in(edition, "en"), entry.text_in(edition, "zh")
        assert english.strip() and not CJK.search(english), entry.key
        assert chinese != english and CJK.search(chinese), entry.key
        assert CJK.search(entry.name_in(edition, "zh")) or entry.key.startswith("noble:"), \
            entry.key
    assert per_table  # the counts are in the docs' table


@pytest.mark.parametrize("game", GAMES)
def test_texts_state_the_printed_cost(game: str) -> None:
    edition = get_game(game).load_edition(None)
    for entry in entries(game):
        for number in entry.cost:
            for text in (entry.text_in(edition, "en"), entry.text_in(edition, "zh")):
                assert re.search(rf"(?<!\d){number}(?!\d)", text), (entry.key, number, text)


def test_the_five_games_are_all_covered() -> None:
    builtin = {info.id for info in regalia.list_games() if info.id in BUILTIN_GAMES}
    assert set(TABLES) == builtin
    assert all(get_game(g).glossary is not None for g in builtin)


def test_costed_components_are_the_shadow_cards_and_the_palais_nobles() -> None:
    costed = {g: sum(1 for e in entries(g) if e.cost) for g in TABLES}
    assert costed["shadow-of-the-emperor"] == 12  # every card but the free Rival
    assert costed["palais-royal"] == 42  # every noble (gold and seals)


@pytest.mark.parametrize("game", GAMES)
def test_a_component_without_its_text_is_an_edition_error(game: str) -> None:
    info = get_game(game)
    path = Path(regalia.__file__).parent / "games" / game.replace("-", "_") / "edition.toml"
    text = path.read_text(encoding="utf-8")
    broken = re.sub(r'^text = ".*"\n', "", text, count=1, flags=re.M)
    broken = re.sub(r'^text_zh = ".*"\n', "", broken, count=1, flags=re.M)
    with pytest.raises(EditionError, match="needs a text"):
        info.load_edition(broken)


def test_a_corrected_edition_corrects_the_text() -> None:
    info = get_game("shadow-of-the-emperor")
    path = Path(regalia.__file__).parent / "games" / "shadow_of_the_emperor" / "edition.toml"
    text = path.read_text(encoding="utf-8").replace(
        '"Cost 2 thalers. Score 1 VP.', '"Cost 2 thalers. Score 1 VP (corrected).')
    edition = info.load_edition(text)
    assert info.glossary is not None
    indulgence = next(e for e in info.glossary.entries(edition) if e.key == "card:indulgence")
    assert indulgence.text_in(edition, "en").startswith("Cost 2 thalers. Score 1 VP (corrected).")


@pytest.mark.parametrize("game", GAMES)
def test_every_component_an_action_names_has_a_text(game: str) -> None:
    info = get_game(game)
    assert info.glossary is not None
    players = 2 if game == "castles-of-burgundy-cards" else 3
    naming, total, named_keys = 0, 0, set()
    for seed in range(3):
        state = regalia.new_game(game, players, seed=seed)
        keys = {e.key for e in info.glossary.entries(state.edition)}
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            for action in legal:
                named = info.glossary.named_by(state.edition, view, action.text)
                assert set(named) <= keys, (action.text, set(named) - keys)
                total += 1
                naming += bool(named)
                named_keys.update(named)
            state.apply(rng.choice(legal), seat)
    assert naming / total > 0.5, (naming, total)
    assert len(named_keys) >= 10
