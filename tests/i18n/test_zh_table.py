"""The table assistant in Chinese: its questions and refusals, outcomes named as the edition
names them in the language in force, and typed by their Chinese or English name, their
notation or their number."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import regalia
from regalia.engine.i18n import speaking
from regalia.table import Draw, TableError, TableSession
from regalia.table.matching import completions, match_outcome
from regalia.table.names import QUESTIONS, outcome_name, question

# A corrected edition as an owner might give it: El Grande's regions with Chinese names.
REGIONS_ZH = {"Aragon": "阿拉贡", "New Castile": "新卡斯蒂利亚", "Old Castile": "旧卡斯蒂利亚",
              "Catalonia": "加泰罗尼亚", "Galicia": "加利西亚", "Granada": "格拉纳达",
              "Basque Country": "巴斯克", "Seville": "塞维利亚", "Valencia": "瓦伦西亚"}


def chinese_edition() -> str:
    path = Path(regalia.get_game("el-grande").state_class.__module__.replace(".", "/"))
    root = Path(regalia.__file__).resolve().parent.parent
    text = (root / path).parent.joinpath("edition.toml").read_text(encoding="utf-8")
    text = re.sub(r'^name_zh = .*\n', "", text, flags=re.M)  # ours only, whatever it had

    def add(match: re.Match[str]) -> str:
        name = match.group(1)
        zh = REGIONS_ZH.get(name)
        return match.group(0) + (f'name_zh = "{zh}"\n' if zh else "")

    return re.sub(r'^name = "([^"]+)"\n', add, text, flags=re.M)


@pytest.fixture(scope="module")
def session() -> TableSession:
    return TableSession("el-grande", 3, edition=chinese_edition())


def draw_of(session: TableSession) -> Draw:
    assert isinstance(session.wanted, Draw) and session.wanted.label == "king"
    return session.wanted


def test_every_question_is_asked_in_chinese() -> None:
    with speaking("zh"):
        for game, table in QUESTIONS.items():
            for label in table:
                asked = question(game, f"{label} 2" if "{rest}" in table[label] else label)
                assert re.search(r"[\u4e00-\u9fff]", asked), asked
                assert not re.findall(r"[A-Za-z]{3,}", asked), asked
                assert asked.endswith("？")
        assert question("el-grande", "king") == "国王从哪个地区开始？"
        assert question("ming-dynasty", "display 3") == "放在第 3 个展示位上的是哪张移动牌？"
        assert question("el-grande", "mystery") == "“mystery”抽到了什么？"
    assert question("el-grande", "king") == "In which region does the King start?"
    assert question("el-grande", "stack 3") == "Which action card was turned up on stack 3?"


def test_outcomes_are_named_as_the_edition_names_them(session: TableSession) -> None:
    with speaking("zh"):
        assert outcome_name("aragon", session.edition) == "阿拉贡"
        assert outcome_name("basque-country", session.edition) == "巴斯克"
        assert outcome_name("new-castile") == "new castile"  # no edition: the notation
    assert outcome_name("new-castile", session.edition) == "New Castile"
    assert outcome_name("new-castile") == "new castile"


def test_an_outcome_is_typed_by_its_chinese_or_english_name(session: TableSession) -> None:
    choices = draw_of(session).choices
    for lang in ("zh", "en"):  # either name, whatever language is spoken
        with speaking(lang):
            assert match_outcome("阿拉贡", choices, session.edition) == "aragon"
            assert match_outcome("Aragon", choices, session.edition) == "aragon"
            assert match_outcome("new-castile", choices, session.edition) == "new-castile"
            assert match_outcome("新卡斯", choices, session.edition) == "new-castile"
            assert match_outcome("old castile", choices, session.edition) == "old-castile"
            assert match_outcome("1", choices, session.edition) == choices[0][0]
    assert completions("加", choices, session.edition) == ["catalonia", "galicia"]
    assert completions("val", choices, session.edition) == ["valencia"]
    assert completions("val", choices) == ["valencia"]


def test_refusals_are_in_chinese(session: TableSession) -> None:
    choices = draw_of(session).choices
    with speaking("zh"):
        with pytest.raises(TableError, match="请输入抽到之物的编号或名称"):
            match_outcome("  ", choices, session.edition)
        with pytest.raises(TableError, match=r"没有第 99 项：请在 1 到 9 之间选择"):
            match_outcome("99", choices, session.edition)
        with pytest.raises(TableError, match=r"可能是 .* 中的任何一个"):
            match_outcome("加", choices, session.edition)  # Catalonia and Galicia
        with pytest.raises(TableError, match="现在不可能出现"):
            match_outcome("马德里", choices, session.edition)
        with pytest.raises(TableError, match="现在不需要行动：需要的是随机结果"):
            session.enter_action("pass", 0)
        with pytest.raises(TableError, match="不在仍可能的 9 个结果之中"):
            session.enter_outcome("madrid")
    with pytest.raises(TableError, match="no move is wanted now: a chance outcome is"):
        session.enter_action("pass", 0)


def test_a_record_entered_in_chinese_is_the_same_record(tmp_path: Path) -> None:
    """Entries typed by their Chinese names make the record the English names make."""
    def enter(lang: str, names: dict[str, str]) -> dict:
        table = TableSession("el-grande", 3, edition=chinese_edition())
        with speaking(lang):
            draw = table.wanted
            assert isinstance(draw, Draw)
            table.enter_outcome(match_outcome(names["king"], draw.choices, table.edition))
        return table.record().to_dict()

    assert enter("zh", {"king": "格拉纳达"}) == enter("en", {"king": "Granada"})
