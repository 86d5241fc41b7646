"""The engine's and the bots' error messages in Chinese: each kind of error a user meets reads
in Chinese, with no English word left but quoted input and notation, and reads in English
exactly as before."""

from __future__ import annotations

import json
import logging
import re
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import regalia
from regalia.bots import InformationSet, make_bot
from regalia.bots.external import ExternalBot
from regalia.bots.specs import KINDS, check_spec
from regalia.engine import EditionError, IllegalAction, InvalidOption, State
from regalia.engine.errors import (
    InvalidPlayerCount,
    InvalidRecord,
    MalformedAction,
    RegaliaError,
    UnknownGame,
)
from regalia.engine.files import FileExists, write_atomic
from regalia.engine.i18n import _, speaking
from tests.support.toy_game import ToyState

TOY = "toy-sealed-bids"
GOOD = (Path(__file__).parents[1] / "support" / "toy_edition.toml").read_text()
PYTHON = shlex.quote(sys.executable)

# Words that are no English left untranslated: identifiers a user types as they are (game ids,
# option and setting names, bot names, file formats, notation) and the toy game's own words.
ALLOWED = {
    "JSON", "TOML", "UTF", "MiB", "Regalia", "true", "false", "null", "toml", "sha256",
    "bid", "pass", "hand", "allow_pass", "think", "iterations", "exploration", "rollout",
    "leaf", "cap", "score_weight", "prior", "easy", "greedy", "hard", "ismcts", "strong",
    "medium", "pimc", "random", "cmd", "mybot", "int", "str", "seat", "action", "chance",
    "outcome", "label", "format", "scores", "ranking", "printed", "reconstructed", "derived",
    "sources", "cards", "value", "edition", "name", "name_zh", "force", "ISMCTS", "PIMC",
    "pathlib", "Path", "evaluation", "score", "sys", "set_int_max_str_digits",
}


def leftover_english(text: str, *also: str) -> list[str]:
    """English words of ``text`` outside quoted input ('…'), game ids and the given strings."""
    for part in sorted(also, key=len, reverse=True):
        text = text.replace(part, " ")
    text = re.sub(r"'[^']*'", " ", text)
    for info in regalia.list_games():
        text = text.replace(info.id, " ")
    return [w for w in re.findall(r"[A-Za-z_][A-Za-z_0-9]{2,}", text) if w not in ALLOWED]


def message(call: Callable[[], object], kind: type[Exception], lang: str) -> str:
    with speaking(lang), pytest.raises(kind) as err:
        call()
    return str(err.value)


def record_with(**fields: object) -> str:
    doc = regalia.new_game(TOY, 2, seed=1).record().to_dict()
    doc.update(fields)
    return json.dumps(doc)


def saved_with(**fields: object) -> str:
    doc = regalia.new_game(TOY, 2, seed=1).to_dict()
    doc.update(fields)
    return json.dumps(doc)


def toy_title() -> str:
    return _(regalia.engine.registry.get_game(TOY).title)  # the game's own name, as it is


class PlainSeats(ToyState):
    """The toy game with the engine's own seat names and explanation of an illegal action."""

    seat_name = State.seat_name


CASES: list[tuple[str, Callable[[], object], type[Exception], str, str]] = [
    ("unknown game", lambda: regalia.new_game("chess"), UnknownGame,
     "未知的游戏 'chess'（已知的游戏：",
     "unknown game 'chess' (known games: "),
    ("player count", lambda: regalia.new_game(TOY, 9), InvalidPlayerCount,
     "适合 2 到 4 名玩家，而不是 9 名", "Sealed Bids is for 2 to 4 players, not 9"),
    ("player count type", lambda: regalia.new_game(TOY, "x"), InvalidPlayerCount,
     "玩家人数必须是整数，而不是 'x'", "the player count must be a whole number, not 'x'"),
    ("unknown option", lambda: regalia.new_game(TOY, 2, bogus=1), InvalidOption,
     f"{TOY} 没有选项 'bogus'（它的选项：hand, allow_pass）",
     f"{TOY} has no option 'bogus' (its options: hand, allow_pass)"),
    ("option value", lambda: regalia.new_game(TOY, 2, hand=5), InvalidOption,
     "选项 'hand' 取以下之一：2, 3；而不是 5", "option 'hand' takes one of: 2, 3; not 5"),
    ("option type", lambda: regalia.new_game(TOY, 2, allow_pass="maybe"), InvalidOption,
     "选项 'allow_pass' 取 true 或 false，而不是 'maybe'",
     "option 'allow_pass' takes true or false, not 'maybe'"),
    ("record not JSON", lambda: regalia.replay("[1,"), InvalidRecord,
     "对局记录不是 JSON：此处应有一个值：第 1 行第 4 列（第 3 个字符）",
     "record is not JSON: Expecting value: line 1 column 4 (char 3)"),
    ("record field", lambda: regalia.replay(record_with(players="2")), InvalidRecord,
     "对局记录的字段 'players' 必须是整数，而不是 '2'",
     "record field 'players' must be a whole number, not '2'"),
    ("record move", lambda: regalia.replay(record_with(moves=[1])), InvalidRecord,
     "第 0 步必须是 {'seat': int, 'action': str} 或 {'chance': str, 'outcome': ...}，而不是 1",
     "move 0 must be {'seat': int, 'action': str} or {'chance': str, 'outcome': ...}, not 1"),
    ("record version", lambda: regalia.replay(record_with(rules_version="9")), InvalidRecord,
     f"对局记录是用 {TOY} 的规则版本 '9' 生成的；本 Regalia 使用的是版本 1",
     f"record was made with rules version '9' of {TOY}; this Regalia plays version 1"),
    ("record too deep", lambda: regalia.replay("[" * 100 + "]" * 100), InvalidRecord,
     "对局记录嵌套超过 64 层", "record nests more than 64 levels deep"),
    ("record huge number", lambda: regalia.replay('{"a": ' + "9" * 5000 + "}"), InvalidRecord,
     "对局记录不是 JSON：整数字符串转换超过了上限（4300 位）：该值有 5000 位",
     "record is not JSON: Exceeds the limit (4300 digits) for integer string conversion: "
     "value has 5000 digits"),
    ("saved state format", lambda: State.from_json("{}"), InvalidRecord,
     "不是 Regalia 存档（format 必须是 'regalia-state/1'）",
     "not a saved Regalia state (format must be 'regalia-state/1')"),
    ("saved state rng", lambda: State.from_json(saved_with(rng=-1)), InvalidRecord,
     "存档：随机数生成器状态 -1 不是 64 位数字",
     "saved state: the RNG state -1 is not a 64-bit number"),
    ("saved state history", lambda: State.from_json(saved_with(history=[3])), InvalidRecord,
     "存档：历史第 0 项必须是 [seat, action] 或 [-1, label, outcome]，而不是 3",
     "saved state: history entry 0 must be [seat, action] or [-1, label, outcome], not 3"),
    ("saved state fields", lambda: State.from_json(saved_with(state={"x": 1})), InvalidRecord,
     "存档：其对局字段与其历史推出的不一致",
     "saved state: its game fields are not the ones its history leads to"),
    ("edition value", lambda: regalia.new_game(
        TOY, 2, edition=GOOD.replace("value = 2", 'value = "two"')), EditionError,
     "版本文本，第 16 行：cards[1].value 必须是整数，而不是 'two'",
     "edition text, line 16: cards[1].value must be a whole number, not 'two'"),
    ("edition provenance", lambda: regalia.new_game(
        TOY, 2, edition=GOOD.replace('provenance = "printed"', 'provenance = "guessed"', 1)),
     EditionError,
     "版本文本，第 12 行：出处 'guessed' 不是 printed, reconstructed, derived 之一",
     "edition text, line 12: provenance 'guessed' is not one of printed, reconstructed, "
     "derived"),
    ("edition TOML", lambda: regalia.new_game(
        TOY, 2, edition=GOOD.replace('title = "Sealed', "title = Sealed")), EditionError,
     "版本文本，第 4 行：不是有效的 TOML：无效的值",
     "edition text, line 4: not valid TOML: Invalid value"),
    ("edition at the end", lambda: regalia.new_game(TOY, 2, edition="a = [1,\n"), EditionError,
     "版本文本：不是有效的 TOML：无效的值（在文档末尾）",
     "edition text: not valid TOML: Invalid value (at end of document)"),
    ("illegal action", lambda: PlainSeats.new(2, seed=1).apply("bid 9", 0), IllegalAction,
     "'bid 9' 现在对玩家1不合法；合法的动作：bid 3, bid 5",
     "'bid 9' is not legal for Player 1 now; legal: bid 3, bid 5"),
    ("no such action", lambda: regalia.new_game(TOY, 2, seed=1).apply("fly", 0),
     MalformedAction, f"'fly' 不是 {TOY} 的动作", f"'fly' is not an action of {TOY}"),
    ("several movers", lambda: PlainSeats.new(2, seed=1).apply("bid 3"), IllegalAction,
     "现在有几个座位同时选择（玩家1, 玩家2）；请说明是哪个座位行动",
     "several seats choose now (Player 1, Player 2); say which seat acts"),
    ("unknown bot", lambda: check_spec("wizard"), InvalidOption,
     "未知的机器人 'wizard'（可用的机器人：easy, greedy, hard, ismcts, ismcts-strong, medium, "
     "pimc, random）",
     "unknown bot 'wizard' (bots: easy, greedy, hard, ismcts, ismcts-strong, medium, pimc, "
     "random)"),
    ("bot setting range", lambda: check_spec("ismcts:iterations=0"), InvalidOption,
     "应为 1 到 10000000 之间的整数，而不是 0",
     "expected a whole number from 1 to 10000000, not 0"),
    ("bot thinking time", lambda: check_spec("medium:think=99999"), InvalidOption,
     "思考时间须在 0 到 3600 秒之间，而不是 '99999'",
     "a thinking time lies between 0 and 3600 s, not '99999'"),
    ("bot setting name", lambda: check_spec("greedy:foo=1"), InvalidOption,
     "机器人 'greedy' 没有设置 'foo'（它接受：无设置）",
     "bot 'greedy' has no setting 'foo' (it takes: no settings)"),
    ("bot command", lambda: check_spec('cmd:./mybot "unclosed'), InvalidOption,
     "无法读取机器人命令 './mybot \"unclosed'：缺少闭合的引号",
     "cannot read the bot command './mybot \"unclosed': No closing quotation"),
]


@pytest.mark.parametrize(("call", "kind", "chinese", "english"),
                         [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_an_error_reads_in_chinese_and_unchanged_in_english(
        call: Callable[[], object], kind: type[Exception], chinese: str, english: str) -> None:
    zh = message(call, kind, "zh")
    assert chinese in zh
    assert leftover_english(zh, toy_title()) == []
    en = message(call, kind, "en")
    assert english in en
    assert not re.search(r"[\u4e00-\u9fff]", en)


def test_an_edition_error_keeps_its_line_and_reason_fields() -> None:
    bad = GOOD.replace("value = 2", 'value = "two"')
    for lang in ("zh", "en"):
        with speaking(lang), pytest.raises(EditionError) as err:
            regalia.new_game(TOY, 2, edition=bad)
        assert err.value.line == 16 and err.value.source == "edition text"
    with speaking("zh"), pytest.raises(EditionError) as err:
        regalia.new_game(TOY, 2, edition=bad)
    assert str(err.value) == f"版本文本，第 16 行：{err.value.reason}"


def test_an_error_is_worded_when_raised_not_when_read() -> None:
    with speaking("zh"), pytest.raises(RegaliaError) as err:
        regalia.new_game("chess")
    assert "未知的游戏" in str(err.value)  # still Chinese, read after the block


def test_seat_names_and_a_file_that_exists(tmp_path: Path) -> None:
    state = PlainSeats.new(3, seed=1)
    with speaking("zh"):
        assert [state.seat_name(s) for s in range(3)] == ["玩家1", "玩家2", "玩家3"]
    assert state.seat_name(0) == "Player 1"
    target = tmp_path / "game.json"
    target.write_text("{}")
    zh = message(lambda: write_atomic(target, "x"), FileExists, "zh")
    assert zh == f"{target} 已存在（用 --force 替换它）"
    assert message(lambda: write_atomic(target, "x"), FileExists, "en") == \
        f"{target} exists already (use --force to replace it)"


def test_bot_help_lines_read_in_chinese() -> None:
    with speaking("zh"):
        helps = {name: kind.help for name, kind in KINDS.items()}
    assert helps["ismcts"].startswith("信息集蒙特卡洛树搜索（ISMCTS）")
    for text in helps.values():
        assert leftover_english(text) == [], text
    assert KINDS["ismcts-strong"].help == "ISMCTS with 2000 iterations a decision"


def _script(tmp_path: Path, body: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text("import json, sys, time\n" + body)
    return f"{PYTHON} {shlex.quote(str(path))}"


@pytest.mark.parametrize(("body", "chinese", "english"), [
    ('for line in sys.stdin:\n    print("hello there", flush=True)\n',
     "发来的一行不是 JSON 对象：hello there（第 1 回合）；由后备机器人（贪心）代走这一步",
     "sent a line that is no JSON object: hello there (turn 1); the fallback bot (greedy) "
     "plays this move"),
    ('for line in sys.stdin:\n    m = json.loads(line)\n    if m["type"] == "turn":\n'
     '        print(json.dumps({"type": "action", "id": m["id"], "action": "fly"}), '
     'flush=True)\n',
     "回答了 'fly'，这不是当前的合法行动（第 1 回合）；由后备机器人（贪心）代走这一步",
     "answered 'fly', which is no legal action now (turn 1); the fallback bot (greedy) plays "
     "this move"),
    ("sys.exit(0)\n", "已退出；由后备机器人（贪心）代走其所有走步",
     "died; the fallback bot (greedy) plays its moves"),
])
def test_a_misbehaving_external_bot_is_reported_in_chinese(
        tmp_path: Path, body: str, chinese: str, english: str,
        caplog: pytest.LogCaptureFixture) -> None:
    command = _script(tmp_path, body)
    for lang, wanted in (("zh", chinese), ("en", english)):
        caplog.clear()
        bot = ExternalBot(command, seed=2, seconds=2.0)
        state = regalia.new_game(TOY, 3, seed=6)
        with speaking(lang), caplog.at_level(logging.WARNING, logger="regalia.bots.external"):
            try:
                action = bot.act(InformationSet(state, 1))
            finally:
                bot.close()
        assert action in state.legal_actions(1) and bot.fallbacks == 1
        text = caplog.text
        assert wanted in text, text
        if lang == "zh":
            warning = caplog.records[0].getMessage()
            assert warning.startswith(f"外部机器人 {command!r} ")
            assert leftover_english(warning, repr(command), "hello there") == []


def test_an_external_bot_that_cannot_start_is_reported_in_chinese(
        caplog: pytest.LogCaptureFixture) -> None:
    bot = ExternalBot("/no/such/program", seed=1, seconds=0.5)
    state = regalia.new_game(TOY, 3, seed=1)
    with speaking("zh"), caplog.at_level(logging.WARNING, logger="regalia.bots.external"):
        bot.act(InformationSet(state, 0))
    assert "外部机器人 '/no/such/program' 无法启动（没有那个文件或目录）" in caplog.text
    assert bot.broken is not None and "无法启动" in bot.broken


def test_a_bot_chooses_the_same_in_any_language() -> None:
    state = regalia.new_game(TOY, 3, seed=3)
    with speaking("zh"):
        chosen = make_bot("greedy", 1).act(InformationSet(state, 0))
    assert chosen == make_bot("greedy", 1).act(InformationSet(state, 0))


def test_the_leftover_check_finds_english() -> None:
    assert leftover_english("unknown game 'chess'") == ["unknown", "game"]
    assert leftover_english("未知的游戏 'chess'（el-grande）") == []
