"""The ``regalia`` command in Chinese: ``--lang`` on the group and every command, the
environment, help texts, whole games at 80×24, records that replay in English, and actions
typed by their Chinese description."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from rich.console import Console
from typer.testing import CliRunner

from regalia.cli.language import translate_help
from regalia.cli.main import app
from regalia.cli.play import GameStopped, PlaySession, Terminal
from regalia.engine.actions import Action
from regalia.engine.i18n import display_width, language, speaking
from regalia.engine.record import Record, replay
from regalia.engine.registry import games, get_game, new_game, register, unregister
from tests.cli.conftest import TOY, output, session
from tests.support.toy_game import INFO, ToyState

COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
GAMES = [info.id for info in games()]
HAN = re.compile(r"[\u4e00-\u9fff]")
# Words of the command line's own English that must not be left in a Chinese screen.
CLI_ENGLISH = ("Show this message and exit.", "Options", "Arguments", "Usage:", "Final result",
               "Game over after", " to move · decision ", "You chose:", "Since your last turn",
               "Type help at the prompt", "So far:")


def invoke(args: list[str], **env: str | None) -> Any:
    base: dict[str, str | None] = {"COLUMNS": "80", "LINES": "24", "NO_COLOR": "1",
                                   "REGALIA_LANG": None, "LC_ALL": None, "LC_MESSAGES": None,
                                   "LANG": "C.UTF-8"}
    return CliRunner().invoke(app, args, env={**base, **env})


def source_help(command: str) -> str:
    """A command's help as the source has it (English, marked for the catalog)."""
    cmd = typer.main.get_command(app).commands[command]  # type: ignore[attr-defined]
    return str(cmd.source_help)


# ---------------------------------------------------------------------------------- --lang
@pytest.mark.parametrize("command", [None, *COMMANDS])
@pytest.mark.parametrize("where", ["group", "command", "equals"])
def test_help_of_every_command_is_chinese_with_lang_zh(command: str | None, where: str) -> None:
    if command is None:
        args = ["--lang", "zh", "--help"]
    elif where == "group":
        args = ["--lang", "zh", command, "--help"]
    elif where == "command":
        args = [command, "--help", "--lang", "zh"]
    else:
        args = [command, "--lang=zh", "--help"]
    result = invoke(args)
    assert result.exit_code == 0, result.output
    text = result.output
    assert "显示本帮助并退出。" in text and "用法：" in text and "选项" in text
    for english in CLI_ENGLISH:
        assert english not in text, english
    if command is not None:
        english = source_help(command)
        with speaking("zh"):
            chinese = translate_help(english)
        assert HAN.search(chinese), f"{command}: help not translated"
        assert english[:30] not in " ".join(text.split())
        assert chinese[:12] in text
        for line in text.splitlines():
            assert display_width(line) <= 80, line
    assert language() == "en"  # the command's language does not leak out of it


@pytest.mark.parametrize("env", [{"REGALIA_LANG": "zh"}, {"LANG": "zh_CN.UTF-8"},
                                 {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"},
                                 {"REGALIA_LANG": "zh-Hans", "LANG": "en_US.UTF-8"}])
def test_the_environment_chooses_chinese_and_lang_en_beats_it(env: dict[str, str]) -> None:
    zh = invoke(["games", "--help"], **env)
    assert zh.exit_code == 0 and "显示本帮助并退出。" in zh.output
    for args in (["--lang", "en", "games", "--help"], ["games", "--help", "--lang", "en"]):
        en = invoke(args, **env)
        assert en.exit_code == 0 and "Show this message and exit." in en.output
        assert not HAN.search(en.output)


def test_english_stays_the_default() -> None:
    result = invoke(["play", "--help"], LANG="fr_FR.UTF-8")
    assert result.exit_code == 0 and "Play in the terminal" in result.output
    assert not HAN.search(result.output)


@pytest.mark.parametrize("args", [["--lang", "xx", "games"], ["games", "--lang", "xx"],
                                  ["--lang=klingon", "play", "el-grande"]])
def test_an_unknown_language_is_refused_before_anything_is_done(args: list[str],
                                                                tmp_path: Path) -> None:
    result = invoke([*args, "--help"] if "games" in args else args)
    assert result.exit_code == 2
    assert "en, zh" in result.output and "unknown language" in result.output
    assert "Regalia games" not in result.output and "显示" not in result.output


def test_an_unknown_regalia_lang_is_refused_too() -> None:
    result = invoke(["games"], REGALIA_LANG="xx")
    assert result.exit_code == 2 and "en, zh" in result.output


def test_errors_and_tables_are_chinese() -> None:
    result = invoke(["--lang", "zh", "play"])
    assert result.exit_code == 2
    assert "错误：" in result.output and "请指定要玩的游戏" in result.output
    listed = invoke(["--lang", "zh", "games"])
    assert listed.exit_code == 0 and "Regalia 游戏" in listed.output and "标题" in listed.output
    assert all(display_width(line) <= 80 for line in listed.output.splitlines())
    one = invoke(["--lang", "zh", "games", "el-grande"])
    assert one.exit_code == 0 and "大王" in one.output and "选项" in one.output
    rules = invoke(["--lang", "zh", "rules", "el-grande"])
    assert rules.exit_code == 0 and "计分" in rules.output and "游戏结束" in rules.output
    assert all(display_width(line) <= 80 for line in rules.output.splitlines())
    bad = invoke(["--lang", "zh", "replay", "nope.json", "--step", "3"])
    assert bad.exit_code != 0 and "错误：" in bad.output


# ---------------------------------------------------------------------------------- whole games
@dataclasses.dataclass
class Screens:
    """A scripted lone human (the first choice every time) against random bots, every screen
    up to each prompt kept."""

    console: Console
    state: Any = None
    turns: list[str] = dataclasses.field(default_factory=list)
    asked: int = 0

    def ask(self, prompt: str) -> str:
        shown = self.console.export_text(clear=True)
        self.asked += 1
        if self.asked > 5000:
            raise EOFError
        if prompt.startswith("回车"):
            return ""
        if "确定吗" in prompt:
            return "y"
        self.turns.append(shown + prompt)
        movers = self.state.to_move()
        if len(movers) == 1:
            numbers = self.state.action_numbers(movers[0])
            if numbers:
                return str(numbers[0])
        return "1"


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_in_chinese_fits_80_by_24(game: str) -> None:
    info = get_game(game)
    players = info.min_players if info.min_players > 1 else 2
    console = Console(width=80, height=24, record=True, file=io.StringIO(), color_system=None)
    screens = Screens(console)
    term = Terminal(console, screens.ask, lambda: None,
                    lambda: console.export_text(clear=True))
    with speaking("zh"):
        state = new_game(game, players, seed=7)
        screens.state = state
        play = PlaySession(state, ["human"] + ["random"] * (players - 1), term, 7,
                           render_text=info.render_text, default_save="never-written.json")
        play.save = lambda *args, **kwargs: True  # type: ignore[method-assign]
        with contextlib.suppress(GameStopped):
            play.run()
        end = console.export_text()
    assert state.is_over(), f"{game}: the scripted game did not finish"
    assert screens.turns, game
    for screen in [*screens.turns, end]:
        for line in screen.splitlines():
            assert display_width(line) <= 80, f"{game}: {line!r}"
    for screen in screens.turns:
        assert len(screen.rstrip("\n").splitlines()) <= 24 + 1, f"{game}:\n{screen}"
    # The command line's own words are Chinese.
    everything = "\n".join([*screens.turns, end])
    assert re.search(r"轮到 .* · 第 \d+ 个决策", everything), game
    assert "最终结果" in end and "对局结束，共" in end and "名次" in end
    for english in CLI_ENGLISH:
        assert english not in everything, f"{game}: {english!r} left in English"
    # Nor is any other word English: the game's words (board, descriptions, logs, scoring) are
    # Chinese too. What may stay is notation (shown beside a move), the prompt's commands a
    # player types (``log``, ``actions``) and bot names (``random``).
    notation = {word.lower() for code in range(info.actions.action_count)
                for word in re.findall(r"[A-Za-z]{3,}", info.actions.decode(code).text)}
    left = {word for word in re.findall(r"[A-Za-z]{3,}", everything)
            if word.lower() not in notation | {"log", "random", "key", "help", "actions"}}
    if not info.state_class.__module__.startswith("regalia.games."):
        return  # a toy game a test registered speaks only English
    assert not left, f"{game}: English left on the screens: {sorted(left)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_record_made_in_chinese_replays_in_english(game: str, tmp_path: Path) -> None:
    info = get_game(game)
    players = info.min_players if info.min_players > 1 else 2
    record = tmp_path / "zh.json"
    seats = ",".join(["random"] * players)
    played = invoke(["--lang", "zh", "play", game, "--seats", seats, "--seed", "11",
                     "--record", str(record)])
    assert played.exit_code == 0, played.output
    assert "最终结果" in played.output and "名玩家" in played.output
    assert all(display_width(line) <= 80 for line in played.output.splitlines())
    saved = Record.load(record)
    with speaking("en"):
        english = replay(saved)
    with speaking("zh"):
        chinese = replay(saved)
    assert english.to_json() == chinese.to_json()
    assert english.scores() == chinese.scores() and english.is_over()
    again = invoke(["replay", str(record), "--lang", "en"])
    assert again.exit_code == 0, again.output
    assert "finished; replays correctly" in again.output and "Final result" in again.output
    assert not HAN.search(again.output.split("Final result")[1])
    # The same final scores, row by row, in both languages' result tables.
    scores = _scores_column(played.output)
    assert len(scores) == players and _scores_column(again.output) == scores
    json.loads(record.read_text())  # the record itself is plain JSON, words-free


def _scores_column(text: str) -> list[str]:
    """The last cell (the score) of each row of the final result table, the last table."""
    table = text[text.rfind("┏"):]
    rows = [line for line in table.splitlines() if line.startswith("│")]
    return [line.strip("│ ").split("│")[-1].strip() for line in rows]


# ---------------------------------------------------------------------------------- typing
ZH_TOY = "toy-chinese-bids"


class ChineseBids(ToyState):
    """The toy game as a translated game speaks: its descriptions in the language in force."""

    GAME_ID = ZH_TOY
    _info = None
    __slots__ = ()

    def describe(self, action: Action) -> str:
        if language() == "zh":
            return "不出" if action.kind == "pass" else f"出价 {action.args[0]} 金币"
        return super().describe(action)

    def _copy(self) -> ChineseBids:
        new = ChineseBids.__new__(ChineseBids)
        base = super()._copy()
        for name in ToyState.__slots__:
            setattr(new, name, getattr(base, name))
        return new


@pytest.fixture
def chinese_bids() -> Iterator[str]:
    register(dataclasses.replace(INFO, id=ZH_TOY, state_class=ChineseBids))
    yield ZH_TOY
    unregister(ZH_TOY)


def test_a_chinese_description_fragment_selects_the_action(chinese_bids: str) -> None:
    with speaking("zh"):
        play, script = session(chinese_bids, 3, ["human", "random", "random"], 5,
                               ["出价", "出价5", "1", "1"])
        play.run()
        text = output(play)
    assert "有 3 个行动匹配 '出价'：" in text
    assert "你选择了：出价 5 金币" in text
    assert next(m["action"] for m in play.state.moves() if m.get("seat") == 0) == "bid 5"
    assert len(script.prompts) == 4


def test_an_english_description_is_understood_while_speaking_chinese(chinese_bids: str) -> None:
    with speaking("zh"):
        play, _script = session(chinese_bids, 3, ["human", "random", "random"], 5,
                                ["Bid 5", "1", "1"])
        play.run()
    assert next(m["action"] for m in play.state.moves() if m.get("seat") == 0) == "bid 5"


def test_the_toy_game_in_english_is_unchanged() -> None:
    play, _script = session(TOY, 3, ["human", "random", "random"], 5, ["bid", "bid 5", "1", "1"])
    play.run()
    assert "3 actions match 'bid':" in output(play)


@pytest.mark.parametrize(("args", "chinese", "english"), [
    (["play", "--bogus"], "没有选项 --bogus", "No such option: --bogus"),
    (["render", "x.json"], "缺少选项 '--output'", "Missing option '--output'"),
    (["simulate", "el-grande", "-p", "x"], "的值无效：需要一个整数",
     "Input should be a valid integer"),
    (["frobnicate"], "没有命令 'frobnicate'。", "No such command 'frobnicate'."),
])
def test_usage_errors_are_chinese(args: list[str], chinese: str, english: str) -> None:
    zh = invoke(["--lang", "zh", *args])
    assert zh.exit_code == 2 and chinese in zh.output and "错误" in zh.output, zh.output
    assert english not in zh.output
    en = invoke(args)
    assert en.exit_code == 2 and english in en.output


def test_the_table_assistant_speaks_chinese(tmp_path: Path) -> None:
    from tests.table.scripted import engine_record, new_session
    from tests.table.test_screen import screen, typist

    record = engine_record("el-grande", 3)
    with speaking("zh"):
        session = new_session("el-grande", 3, tmp_path / "t.json")
        shown, prompts = screen(session, typist(session, record, ["help", "undo x"]))
        shown.run()
        text = shown.console.export_text()
    assert session.record().moves == record.moves
    assert "在任何提示符处" in text and "undo 需要一个输入次数" in text
    assert "计分" in text and "计分轨：" in text and "游戏结束" in text and "最终结果" in text
    # the King's region is asked for by the edition's Chinese names, not by notation
    asked = text.split("国王从哪个地区开始？", 1)[1].splitlines()[1:10]
    assert "阿拉贡" in asked[0] and not any("aragon" in line for line in asked), asked
    assert any(p.startswith("桌面 > ") for p in prompts)
    for english in ("Score track:", "Final result", "At any prompt",
                    "Entered:", "takes a number of entries"):
        assert english not in text, english
    assert all(display_width(line) <= 80 for line in text.splitlines())


def test_json_output_does_not_change_with_the_language() -> None:
    args = ["simulate", "palais-royal", "-p", "2", "-n", "1", "-w", "1", "--seed", "4", "--json"]
    zh = invoke(["--lang", "zh", *args])
    en = invoke(args)
    assert zh.exit_code == 0 and en.exit_code == 0
    zh_data, en_data = json.loads(zh.stdout), json.loads(en.stdout)
    for data in (zh_data, en_data):
        data.pop("seconds"), data.pop("games_per_second")
    assert zh_data == en_data


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_every_option_help_has_a_chinese_translation(command: str | None) -> None:
    """Fails on a help text written without N_() (the catalog never sees it)."""
    group = typer.main.get_command(app)
    cmd = group if command is None else group.commands[command]  # type: ignore[attr-defined]
    texts = [getattr(p, "source_help", None) or p.help for p in cmd.params
             if getattr(p, "help", None)]
    assert texts
    with speaking("zh"):
        for text in texts:
            assert HAN.search(translate_help(text)), f"{command}: {text!r} has no translation"


def test_rich_wraps_chinese_between_characters_not_with_an_ellipsis() -> None:
    """Rich breaks lines at spaces only; the CLI teaches it (cli/console.py) to break between
    Chinese characters, keeping closing punctuation with the character before it. A Rich that
    stops reading ``rich._wrap.re_word`` fails here rather than cutting Chinese cells short."""
    from rich.table import Table

    from regalia.cli.console import CJK_WORD

    sentence = "准备时每位玩家用区域转盘秘密多放置1个臣子，如中文规则所述；否则按规则书准备。"
    table = Table(show_header=False)
    table.add_column(width=12)
    table.add_row(sentence)
    console = Console(width=30, record=True, file=io.StringIO(), color_system=None)
    console.print(table)
    cells = [line.strip("│ ") for line in console.export_text().splitlines()
             if line.startswith("│")]
    assert len(cells) > 3 and "…" not in "".join(cells)
    assert "".join(cells) == sentence  # nothing lost, nothing added
    assert not any(cell.startswith(("，", "；", "。")) for cell in cells)
    assert all(display_width(cell) <= 12 for cell in cells)
    assert CJK_WORD.findall("你好，世界") == ["你", "好，", "世", "界"]


def test_el_grande_seats_are_named_in_chinese_in_tables_and_understood_in_both() -> None:
    from regalia.analysis.run import parse_seats, seat_names
    from regalia.cli.options import parse_seat

    result = invoke(["--lang", "zh", "simulate", "el-grande", "-p", "4", "-n", "1", "-w", "1",
                     "--seed", "1", "--bots", "greedy,random,random,random"])
    assert result.exit_code == 0, result.output
    rows = [line for line in result.output.splitlines() if "greedy" in line or "random" in line]
    assert [row.split("│")[1].strip() for row in rows[:4]] == ["红", "蓝", "黄", "绿"]
    info = get_game("el-grande")
    record = new_game("el-grande", 4, seed=1).record()
    with speaking("zh"):
        names = seat_names(record)
        assert names == ["红", "蓝", "黄", "绿"]
        with speaking("en"):
            english = seat_names(record)
        assert english == ["Red", "Blue", "Yellow", "Green"]
        for text in ("蓝", "blue", "Blue"):
            assert parse_seats(text, 4, names, english) == [1]
            assert parse_seat(text, info, 4) == 1
