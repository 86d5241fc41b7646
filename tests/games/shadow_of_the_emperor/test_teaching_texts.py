"""Issue 34, tables that teach: every component has its text in both languages (``help`` and
the web's hover), and every choice says what it does without the board (a tie's award names
its electorate)."""

from __future__ import annotations

import re

import regalia
from regalia.engine.glossary import find
from regalia.engine.i18n import speaking
from regalia.games.shadow_of_the_emperor import glossary
from regalia.games.shadow_of_the_emperor.edition import load_edition
from regalia.games.shadow_of_the_emperor.glossary import TILE_NAMES
from tests.games.shadow_of_the_emperor.soe_helpers import E, empty, legal, put, run

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_the_glossary_covers_every_component_of_the_edition_in_both_languages() -> None:
    edition = load_edition(None)
    entries = glossary.entries(edition)
    keys = {e.key for e in entries}
    tables = {"cards": "card", "electorates": "electorate", "pieces": "piece"}
    ids = [f"{prefix}:{item['id']}" for table, prefix in tables.items()
           for item in edition.data[table]]
    assert len(ids) >= 37 and set(ids) == keys
    for wanted in ("piece:aristocrat", "piece:throne", "piece:emperor", "piece:elector",
                   "piece:archdiocese", "piece:secular", "piece:knight-piece", "piece:city",
                   "piece:empire-city", "card:rival", "electorate:bohemia"):
        assert wanted in keys
    for e in entries:
        en, zh = e.text_in(edition, "en"), e.text_in(edition, "zh")
        assert en and zh and en != zh, e.key
        assert CJK.search(zh) and CJK.search(e.name_in(edition, "zh")), e.key
        assert not CJK.search(en), e.key


def test_help_finds_every_tile_and_every_name_the_board_shows() -> None:
    state = regalia.new_game("shadow-of-the-emperor", 4, seed=3)
    edition = state.edition
    entries = glossary.entries(edition)
    for name in TILE_NAMES:
        assert [e.key for e in find(entries, edition, name)] == ["piece:aristocrat"], name
    for lang in ("en", "zh"):
        with speaking(lang):
            view = state.view(0)
            shown = [st["short"] for st in view["stacks"].values()]
            shown += [st["title"] for st in view["stacks"].values()]
            shown += [el["name"] for el in view["electorates"]]
            for name in shown:
                assert find(entries, edition, name), (lang, name)


def test_a_choice_naming_a_tile_explains_the_tile_and_its_side() -> None:
    s = empty(4)
    tile = put(s, 1, "mainz", 25, couple=True)
    view = s.view(0)
    name = next(t["tile"] for el in view["electorates"] for t in el["aristocrats"]
                if t["seat"] == 1)
    assert tile >= 0
    keys = glossary.named_by(s.edition, view, f"older {name}")
    assert {"card:doctor", "piece:aristocrat", "piece:couple"} <= set(keys)


def test_the_emperors_award_names_the_tied_electorate_in_both_languages() -> None:
    s = empty(4, emperor=3)
    put(s, 0, "trier", 25)
    put(s, 1, "trier", 25)
    run(s, ("electorate", E["trier"]))
    assert legal(s) == ["award R", "award B"]
    award = s.parse_action("award B")
    assert s.describe(award) == "Award Trier (tied) to Blue"
    assert s.announce(award, 3) == "breaks the tie in Trier: it goes to Blue"
    with speaking("zh"):
        assert s.describe(award) == "把打和的特里尔判给蓝"
    keys = glossary.named_by(s.edition, s.view(3), "award B")
    assert "electorate:trier" in keys and "piece:emperor" in keys


def test_every_choice_in_random_games_reads_apart_from_the_others() -> None:
    """No two legal actions are described alike, in either language, and no description
    leaves out which electorate or card it is about."""
    import random

    for lang in ("en", "zh"):
        with speaking(lang):
            for seed in range(4):
                s = regalia.new_game("shadow-of-the-emperor", 2 + seed % 3, seed=seed)
                rng = random.Random(seed)
                while not s.is_over():
                    seat = s.to_move()[0]
                    options = s.legal_actions(seat)
                    said = [s.describe(a) for a in options]
                    assert len(set(said)) == len(said), said
                    assert not any("tied electorate" in t or t == "Do not carry out the card"
                                   for t in said), said
                    s.apply(rng.choice(options), seat)
