"""The screens a newcomer reads, in every game, at 80×24 and 120×40, in English and Chinese:
no code without its explanation on the same screen or behind the ``key`` command the screen
names, no two visible choices alike, what the others did since the last turn shown before the
choice (never behind a count), and the lines read whole (final scores) wrapped, not cut.

A lone human who picks at random plays against random bots, every screen up to each prompt
kept (tests/cli/test_tmux_screens.py looks at a few of the same screens in a real terminal).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.console import Console

from regalia.cli.play import GameStopped, PlaySession, Terminal
from regalia.engine.i18n import display_width, speaking
from regalia.engine.markup import strip_markup
from regalia.engine.registry import get_game, new_game
from regalia.engine.state import State

GAMES = ["el-grande", "palais-royal", "shadow-of-the-emperor", "ming-dynasty",
         "castles-of-burgundy-cards"]
SIZES = [(80, 24), (120, 40)]
PLAYERS = {"castles-of-burgundy-cards": 2}
PROMPTS = 45  # turn screens looked at per game, size and language

# Per game, the codes a screen may show (a pattern) and the words that explain each, in each
# language: a screen that shows the code must show the words too, or name the key command
# whose text holds them.
CODES: dict[str, list[tuple[str, dict[str, str]]]] = {
    "el-grande": [
        (r"\b\d+G\b", {"en": "3G: 3 Caballeros and the", "zh": "3G：3个臣子加"}),
        (r"\b\d/\d/\d\b", {"en": "first, second and third place", "zh": "第一、二、三名的得分"}),
        ("♔", {"en": "the King's region", "zh": "国王所在区域"}),
    ],
    "palais-royal": [
        (r"\b\d+v \d+g\b", {"en": "14 VP, 6 gold now", "zh": "14分，现需6金币"}),
        (r"\bP\d\b(?! ·)", {"en": "a servant of Player 1", "zh": "玩家1的仆人"}),
        (r"(edges|边沿) .*\d/\d", {"en": "to the player with the most servants",
                                  "zh": "给沿边仆人最多的玩家"}),
        (r"\S \* ?\d \d", {"en": "* marks the player with the most", "zh": "* 标出仆人最多的玩家"}),
        (r"\d+ (nobles|贵族)|(贵族)\d+", {"en": "nobles left in the park",
                                       "zh": "庭院里剩下的贵族"}),
    ],
    "shadow-of-the-emperor": [
        (r"\b[RBYG]\d\dc\b", {"en": "on its Couple side", "zh": "夫妇面朝上"}),
        (r"\bk[RBYG]\b", {"en": "kR: a Red knight", "zh": "kR：红的骑士"}),
        (r"\b\d+v\b", {"en": "2v: 2 votes", "zh": "2票"}),
        (r"\b\d+t\b", {"en": "7t = 7 thalers", "zh": "7t = 7塔勒"}),
        (r"\d+a \d+k \d+c", {"en": "3 aristocrats, 2 knights and 1 city",
                              "zh": "3个贵族、2个骑士和1座城市"}),
        (r"\?(vp|分)", {"en": "another's points", "zh": "别人的分数"}),
        (r"\b[RBYG]\d\d!", {"en": "Gray eminence (this election only)", "zh": "长老（仅本次"}),
        (r"(?<= )[.](?= |$)", {"en": ".: a free space", "zh": ".：空位"}),
        (r"(?<= )[-](?= |$)", {"en": "-: none", "zh": "-：无"}),
    ],
    "ming-dynasty": [
        (r"@[YGBRN]\b|@[黄绿蓝红中]", {"en": "Yellow's prince is there", "zh": "黄色的太子在那里"}),
        (r"\b(hrs|rik|jnk|brg|crt|plq|DRG)\b", {"en": "hrs horse, rik rickshaw", "zh": "马"}),
        (r"\b[YGBRN]\d[YGBRN*\s]|[黄绿蓝红中]\d", {"en": "Y3G1: 3 Yellow and 1 Green",
                                                 "zh": "黄3绿1：那里有3个黄色"}),
        (r"(?<!\S)c[YGBRN]\b", {"en": "c then a colour: the cloister's holder",
                                "zh": "庙"}),
        (r"(?<!\S)h[YGBRN]\d", {"en": "h then colours: the city's houses", "zh": "城"}),
    ],
    "castles-of-burgundy-cards": [
        ("←", {"en": "you may choose this now", "zh": "现在可以选它"}),
        ("♛", {"en": "holds the start player card", "zh": "持有起始玩家卡"}),
        ("▶", {"en": "the player to move", "zh": "轮到的玩家"}),
        ("⚀", {"en": "the six rows of the display", "zh": "展示区的六行"}),
        (r"\(\d+\)", {"en": "a castle card with the die 6", "zh": "印有骰子6的城堡卡"}),
    ],
}
KEY_NAMED = {"en": "type key for the codes", "zh": "输入 key 看代号说明"}
SINCE = {"en": "Since your last turn", "zh": "自你上一轮以来"}
CHOICE = re.compile(r"(?:^\s*|\s{2,})(\d+) (\S.*?)(?=\s{3,}\d+ \S|\s*$)")
CHOICE_START = re.compile(r" {0,2}\d{1,3} \S")  # a choice's number, right-aligned in 3 cells
WRAPPED = re.compile(r" {6}\S")  # a long choice's later lines (cli.play.CONTINUED)


@dataclass
class Screens:
    """A scripted lone human choosing at random: every screen up to each prompt, kept."""

    console: Console
    limit: int
    rng: random.Random
    turns: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)
    state: State | None = None

    def ask(self, prompt: str) -> str:
        shown = self.console.export_text(clear=True)
        assert self.state is not None
        if prompt.startswith(("Enter", "回车")):
            self.pages.append(shown + prompt)
            return ""
        if "Really?" in prompt or "确定吗" in prompt:
            return "y"
        if len(self.turns) >= self.limit:
            raise EOFError
        seat = self.state.to_move()[0]
        self.turns.append((shown + prompt, self.state.view(seat)))
        legal = self.state.legal_actions(seat)
        numbers = self.state.action_numbers(seat) or range(1, len(legal) + 1)
        return str(self.rng.choice(list(numbers)))

    def refresh(self) -> None:
        self.console.export_text(clear=True)  # a fresh screen: what came before is gone


def play_screens(game: str, width: int, height: int, lang: str, seed: int = 7,
                 limit: int = PROMPTS, players: int | None = None
                 ) -> tuple[Screens, PlaySession]:
    console = Console(width=width, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    screens = Screens(console, limit, random.Random(seed))
    term = Terminal(console, screens.ask, lambda: None, screens.refresh)
    players = players or PLAYERS.get(game, 3)
    with speaking(lang):
        state = new_game(game, players, seed=seed)
        screens.state = state
        play = PlaySession(state, ["human"] + ["random"] * (players - 1), term, seed,
                           render_text=get_game(game).render_text,
                           default_save="never-written.json")
        play.save = lambda *args, **kwargs: True  # type: ignore[method-assign]  # no files
        with contextlib.suppress(GameStopped):
            play.run()
    return screens, play


def key_text(game: str, view: dict[str, Any], lang: str) -> str:
    render_key = get_game(game).render_key
    assert render_key is not None, f"{game} has no key"
    with speaking(lang):
        return strip_markup(render_key(view))


def choices_shown(screen: str) -> list[tuple[str, str]]:
    """The numbered choices under the board: the lines after the last non-choice line."""
    lines = screen.rstrip().splitlines()[:-1]  # the prompt goes
    found: list[tuple[str, str]] = []
    more = ""  # the later lines of a wrapped choice, read before the line it starts on
    for line in reversed(lines):
        if WRAPPED.match(line) and not CHOICE_START.match(line):
            more = line.strip() + " " + more
            continue
        items = CHOICE.findall(line)
        if not items or not CHOICE_START.match(line):
            break
        if more:
            number, text = items[-1]
            items[-1] = (number, f"{text} {more.strip()}")
            more = ""
        found = items + found
    return found


@pytest.fixture(scope="module", params=[(g, w, h, lang) for g in GAMES for w, h in SIZES
                                        for lang in ("en", "zh")],
                ids=lambda p: f"{p[0]}-{p[1]}x{p[2]}-{p[3]}")
def screens(request: pytest.FixtureRequest) -> tuple[str, int, int, str, Screens]:
    game, width, height, lang = request.param
    shots, _play = play_screens(game, width, height, lang)
    return game, width, height, lang, shots


def test_every_code_on_a_screen_is_explained_there_or_behind_the_key_it_names(
        screens: tuple[str, int, int, str, Screens]) -> None:
    game, _width, _height, lang, shots = screens
    assert shots.turns, game
    seen: set[str] = set()
    for screen, view in shots.turns:
        board = "\n".join(screen.rstrip().splitlines()[:-1])
        named = KEY_NAMED[lang] in board
        reachable = board + ("\n" + key_text(game, view, lang) if named else "")
        for pattern, words in CODES[game]:
            if re.search(pattern, board):
                seen.add(pattern)
                assert words[lang] in reachable, (
                    f"{game} ({lang}): {pattern!r} shown without {words[lang]!r}:\n{screen}")
    assert seen, f"{game}: none of its codes was seen (the list is out of date)"


# The codes an 80×24 screen explains on itself, never only behind ``key``: the legend line's
# words (or the words the code was replaced by), in each language.
LEGENDS: dict[str, list[tuple[str, dict[str, str]]]] = {
    "el-grande": [
        (r"\b\d+G\b", {"en": "3G: 3 Caballeros and the Grande", "zh": "3G：3个臣子加大公"}),
        (r"\b\d/\d/\d\b", {"en": "Points: for 1st/2nd/3rd place", "zh": "分数：第1/2/3名得分"}),
        ("♔", {"en": "King", "zh": "国王"}),
    ],
    "palais-royal": [
        (r"\b\d+v \d+g\b", {"en": "= 14 VP, 6 gold now", "zh": "= 14分，现需6金币"}),
        (r"\d[tp] [SMXGBTPC$](?= |$)", {"en": "privilege: S=servants", "zh": "特权："}),
        (r"\d/\d \d \d", {"en": "edges (VP first/second, servants per player):",
                          "zh": "边沿（1/2名得分，仆人数）："}),
    ],
    "ming-dynasty": [
        (r"(?<= )-(?= |$)", {"en": "- empty", "zh": "-：空"}),
        (r"\b[YGBRN]\d[YGBRN*\s]|[黄绿蓝红中]\d", {"en": "3 Yellow family members",
                                                 "zh": "皇亲"}),
    ],
}


@pytest.mark.parametrize("game", sorted(LEGENDS))
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_at_80x24_every_code_is_explained_on_its_own_screen(game: str, lang: str) -> None:
    shots, _play = play_screens(game, 80, 24, lang, limit=30)
    seen: set[str] = set()
    for screen, _view in shots.turns:
        board = " ".join("\n".join(screen.rstrip().splitlines()[:-1]).split(" "))
        for pattern, words in LEGENDS[game]:
            if re.search(pattern, board, re.MULTILINE):
                seen.add(pattern)
                flat = " ".join(board.split())
                assert " ".join(words[lang].split()) in flat, (
                    f"{game} ({lang}): {pattern!r} shown without {words[lang]!r}:\n{screen}")
    assert len(seen) == len(LEGENDS[game]), (game, lang, seen)


def test_no_two_visible_choices_read_alike(
        screens: tuple[str, int, int, str, Screens]) -> None:
    game, width, height, _lang, shots = screens
    for screen, _view in shots.turns:
        lines = screen.rstrip("\n").splitlines()
        assert len(lines) <= height + 1, f"{game}: taller than the terminal:\n{screen}"
        assert all(display_width(line) <= width for line in lines), screen
        items = choices_shown(screen)
        texts = [text.rstrip(" …") for _n, text in items]
        alike = {t for t in texts if texts.count(t) > 1}
        assert not alike, f"{game}: choices read alike {sorted(alike)}:\n{screen}"


def test_nothing_above_the_choices_is_cut(
        screens: tuple[str, int, int, str, Screens]) -> None:
    """The board, the news and the turn line are read whole (wrapped, or given way whole to
    a shorter version), never cut at the screen's edge: an action card's text, who must
    decide what. Only a list of choices too long for any layout may be cut, and then by
    what its items share (the test above)."""
    game, _width, _height, _lang, shots = screens
    for screen, _view in shots.turns:
        lines = screen.rstrip().splitlines()[:-1]
        while lines and (CHOICE_START.match(lines[-1]) or WRAPPED.match(lines[-1])):
            lines.pop()
        cut = [line for line in lines if line.rstrip().endswith("…")]
        assert not cut, f"{game}: cut {cut}:\n{screen}"
    one_column = [items for screen, _v in shots.turns
                  if (items := choices_shown(screen)) and all(
                      len(CHOICE.findall(line)) == 1 for line in screen.splitlines()
                      if CHOICE_START.match(line))]
    for items in one_column:  # a list one to a line wraps its long choices
        assert not any(text.endswith("…") for _n, text in items), (game, items)


def test_what_the_others_did_is_shown_before_the_choice(
        screens: tuple[str, int, int, str, Screens]) -> None:
    game, _width, _height, lang, shots = screens
    everything = "\n".join([s for s, _v in shots.turns] + shots.pages)
    assert "type log" not in everything.replace("type log to see", "")  # never a bare count
    assert "new: " not in everything and "条新" not in everything
    assert SINCE[lang] in everything, game
    if lang == "zh":  # a Chinese heading ends with the full-width colon
        assert "以来:" not in everything and "机器人）:" not in everything, game


@pytest.mark.parametrize("game", GAMES)
def test_the_final_scores_are_read_whole_at_80_columns(game: str) -> None:
    state = new_game(game, PLAYERS.get(game, 3), seed=11)
    rng = random.Random(11)
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    view = state.view(0)
    render_text = get_game(game).render_text
    assert render_text is not None
    text = strip_markup(render_text(view, width=80, height=60))
    lines = text.splitlines()
    assert all(display_width(line) <= 80 for line in lines)
    assert not any(line.endswith("…") for line in lines if "final" in line.lower())
    flat = " ".join(text.split())
    names = [state.seat_name(s) for s in range(state.players)]
    scores = state.scores()
    if "final:" in flat:  # the games whose board says the final result, say all of it
        tail = flat[flat.index("final:"):]
        for name, score in zip(names, scores, strict=True):
            assert f"{name} {score}" in tail, f"{game}: {name} {score} cut from {tail!r}"


def test_shadow_names_its_cards_in_words_at_80_columns(
        screens: tuple[str, int, int, str, Screens]) -> None:
    """Issue 34: Shadow's screens said ``Riv1 Doc3 … FKD1 GrE1`` and ``Docx2``; at 80×24 no
    card code is left, in either language: every card is named."""
    game, width, _height, lang, shots = screens
    if game != "shadow-of-the-emperor":
        return
    code = re.compile(r"\b(Riv|Doc|Mov|Pop|Chu|Exc|Ind|Per|Ord|Pro|FKD|GrE|Kni)(\d|x\d|\b)")
    for screen, view in shots.turns:
        board = "\n".join(screen.rstrip().splitlines()[:-1])
        assert not code.search(board), f"{width} {lang}: a card code:\n{screen}"
        names = [st["short"] for kind, st in view["stacks"].items() if kind != "knight"]
        flat = " ".join(board.split())
        assert all(f"{name} {view['stacks'][kind]['left']}" in flat
                   for name, kind in zip(names, [k for k in view["stacks"] if k != "knight"],
                                         strict=True)), screen


def test_shadow_tells_the_election_its_points_and_the_income() -> None:
    """At 4 players against bots, as the issue found it: the election's result, the points
    and the income are on the screens before the next choice, in words."""
    shots, play = play_screens("shadow-of-the-emperor", 80, 24, "en", seed=3, limit=120,
                               players=4)
    told = "\n".join(play.log_lines(0)[0])
    assert re.search(r"Round \d election: the (Rival|Emperor) \w+ (wins|keeps)", told), told
    assert re.search(r"Round \d income in thalers: Red \+\d+", told)
    assert re.search(r"Round \d aging: every aristocrat is 10 years older", told), told
    assert re.search(r"\w+ scores \d VP for ", told)
    end = shots.console.export_text()  # the last screen: the final events and scores
    pages = " ".join(" ".join(shots.pages + [s for s, _v in shots.turns] + [end]).split())
    events = [" ".join(strip_markup(line).split()) for line in play.log_lines(0)[0]
              if re.search(r"election:|income in thalers|scores \d VP", line)]
    assert len(events) > 10
    assert not [e for e in events if e not in pages]  # read on a screen, not only in the log


def test_castles_says_when_the_start_player_card_changes_hands() -> None:
    for seed in range(40):
        state = new_game("castles-of-burgundy-cards", 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            holder = state.view(None)["start_player"]["holder"]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            now = state.view(None)["start_player"]["holder"]
            if now != holder:
                line = [e for e in state.view(None)["log"] if e["kind"] == "start-card"][-1]
                assert "takes the start player card from" in line["text"]
                assert "1 VP goes with it" in line["text"]
                return
    pytest.fail("no sale took the start player card in 40 games")


def scripted_play(game: str, width: int, height: int, answer: Callable[[str, State], str],
                  seed: int = 7) -> tuple[Console, PlaySession]:
    """A lone human against random bots whose every prompt ``answer`` answers (an
    ``EOFError`` from it ends the game)."""
    console = Console(width=width, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    players = PLAYERS.get(game, 3)
    state = new_game(game, players, seed=seed)
    term = Terminal(console, lambda prompt: answer(prompt, state), lambda: None)
    play = PlaySession(state, ["human"] + ["random"] * (players - 1), term, seed,
                       render_text=get_game(game).render_text,
                       default_save="never-written.json")
    play.save = lambda *args, **kwargs: True  # type: ignore[method-assign]  # no files
    with contextlib.suppress(GameStopped):
        play.run()
    return console, play


@pytest.mark.parametrize("game", ["el-grande", "shadow-of-the-emperor"])
def test_a_move_typed_at_a_page_of_news_is_played(game: str) -> None:
    """The news since the last turn comes on pages of its own at 80×24; a player who types
    a move there instead of Enter has it played, not dropped."""
    typed: dict[str, Any] = {}

    def answer(prompt: str, state: State) -> str:
        if prompt.startswith("Enter") and not typed:
            assert "or type your move" in prompt  # the page says so
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            numbers = state.action_numbers(seat) or range(1, len(legal) + 1)
            typed.update(seat=seat, action=legal[-1].text, at=len(state.moves()))
            return str(list(numbers)[-1])
        if prompt.startswith("Enter"):
            return ""
        if typed:
            raise EOFError
        seat = state.to_move()[0]
        return str((state.action_numbers(seat) or [1])[0])

    _console, play = scripted_play(game, 80, 24, answer)
    assert typed, f"{game}: no page of news came in the first turns"
    move = play.state.moves()[typed["at"]]
    assert move == {"seat": typed["seat"], "action": typed["action"]}


def test_a_command_typed_at_a_page_of_news_is_carried_out() -> None:
    asked: list[str] = []

    def answer(prompt: str, state: State) -> str:
        asked.append(prompt)
        if prompt.startswith("Enter") and "key" not in asked:
            asked.append("key")
            return "key"
        if prompt.startswith("Enter"):
            return ""
        if "key" in asked:
            raise EOFError
        seat = state.to_move()[0]
        return str((state.action_numbers(seat) or [1])[0])

    console, _play = scripted_play("shadow-of-the-emperor", 80, 24, answer)
    assert "key" in asked
    assert "Key to the board" in console.export_text()


@pytest.mark.parametrize(("game", "lang", "height"),
                         [(g, lang, 24) for g in GAMES for lang in ("en", "zh")]
                         + [("shadow-of-the-emperor", "en", 14)])
def test_the_key_is_read_whole(game: str, lang: str, height: int) -> None:
    """``key`` fits the screen under the prompt's line, or comes a page at a time (Shadow's
    on a low terminal), no line of it cut or pushed off the screen."""
    shown: list[str] = []
    state_of: dict[str, State] = {}

    def answer(prompt: str, state: State) -> str:
        state_of["state"] = state
        if len(shown) == 0 and not prompt.startswith(("Enter", "回车")):
            shown.append("")
            console.export_text(clear=True)
            return "key"
        screen = console.export_text(clear=True)
        if shown:
            shown.append(screen + prompt)
        if prompt.startswith(("Enter", "回车")) and len(shown) > 1:
            return ""
        raise EOFError

    console = Console(width=80, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    with speaking(lang):
        players = PLAYERS.get(game, 3)
        state = new_game(game, players, seed=7)
        play = PlaySession(state, ["human"] + ["random"] * (players - 1),
                           Terminal(console, lambda p: answer(p, state), lambda: None), 7,
                           render_text=get_game(game).render_text)
        play.save = lambda *args, **kwargs: True  # type: ignore[method-assign]
        with contextlib.suppress(GameStopped):
            play.run()
        view = state.view(0)
    pages = [p for p in shown[1:] if p]
    assert pages, game
    key = key_text(game, view, lang)
    # each page as read, less its prompt line
    read = "".join("".join(p.rstrip("\n").rsplit("\n", 1)[0].split()) for p in pages)
    assert "".join(key.split()) in read, f"{game}: the key is not read whole:\n{pages}"
    for page in pages:
        lines = page.rstrip("\n").splitlines()
        assert len(lines) <= height and all(display_width(line) <= 80 for line in lines)


def test_shadow_tells_the_others_moves_in_words_not_codes() -> None:
    """What the others read of a move ("Blue: B2 → Brandenburg", "Move (1t)" before) names
    the aristocrat by its family, age and side, and the card by its name and price."""
    code = re.compile(r"\b[RBYG][1-7]\b|\(\d+t\)|→")
    kinds: set[str] = set()
    for seed in range(3):
        state = new_game("shadow-of-the-emperor", 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            action = rng.choice(state.legal_actions(seat))
            told = state.announce(action, seat)
            assert not code.search(told), (action.text, told)
            kinds.add(action.kind)
            state.apply(action, seat)
    assert {"to", "buy", "knight", "move"} <= kinds


SHADOW_TILE_KINDS = {"younger", "older", "move", "flip", "propose", "seat", "throne"}
SHADOW_TILE_ID = re.compile(r"\b[RBYG][1-7]\b")  # the notation's tile numbers: on no board
SHADOW_LABEL = re.compile(r"\b([RBYG](?:15|25|35|45)c?)(!?)")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_shadow_names_every_tile_choice_as_the_board_shows_it(lang: str) -> None:
    """A choice that names a tile (Doctor, Move, marriage, new elector, throne, a lifted tile
    placed again) names it as the board shows it, in the row of its electorate ("Trier
    R35c") or on the head line's throne ("Emperor R45"), never by the notation's number
    ("R2 (35 Couple)", which no screen shows)."""
    kinds: set[str] = set()
    with speaking(lang):
        emperor = "Emperor" if lang == "en" else "皇帝"
        for seed, players in ((0, 3), (1, 4), (2, 3), (3, 2), (4, 4)):
            state = new_game("shadow-of-the-emperor", players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over():
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                named = [a for a in legal if a.kind in SHADOW_TILE_KINDS
                         or (a.kind == "to" and SHADOW_LABEL.match(state.describe(a)))]
                if named:
                    view = state.view(seat)
                    render_text = get_game("shadow-of-the-emperor").render_text
                    assert render_text is not None
                    board = strip_markup(render_text(view, width=120, height=40))
                    rows = {el["name"]: line for el in view["electorates"]
                            for line in board.splitlines() if line.startswith(el["name"])}
                    head = board.splitlines()[0]
                for action in legal:
                    text = state.describe(action)
                    assert not SHADOW_TILE_ID.search(text), (action.text, text)
                for action in named:
                    text = state.describe(action)
                    label = SHADOW_LABEL.search(text)
                    assert label, (action.text, text)
                    before = text[:label.start()]
                    place = next((name for name in rows if re.search(
                        rf"{re.escape(name)}(?: elector|选帝侯)? $", before)), None)
                    if action.kind == "to":  # a tile lifted off the board: the turn line's
                        assert f"where the {label.group(1)} (" in board or \
                            f"{label.group(1)}（" in board, (text, board)
                    elif before.endswith(f"{emperor} "):
                        age = label.group(1)[1:3]
                        assert f"{emperor}" in head and age in head, (text, head)
                    else:
                        assert place is not None, (action.text, text)
                        assert re.search(rf"(?<!\S){re.escape(label.group(0))}\*?(?!\S)",
                                         rows[place]), (text, rows[place])
                    kinds.add(action.kind)
                state.apply(rng.choice(legal), seat)
    assert kinds >= SHADOW_TILE_KINDS | {"to"}, kinds


def test_castles_says_its_pile_counts_in_words(
        screens: tuple[str, int, int, str, Screens]) -> None:
    """The goods and animal piles' counts read "(8 left)" on the board itself: a bare "(8)"
    was explained only behind ``key``."""
    game, width, _height, lang, shots = screens
    if game != "castles-of-burgundy-cards":
        return
    labels = {"en": ("goods:", "animals:"), "zh": ("货物：", "动物：")}[lang]
    counted = re.compile(r"\(\d+ left\)" if lang == "en" else r"（剩\d+）")
    seen = 0
    for screen, _view in shots.turns:
        for line in screen.splitlines():
            if line.lstrip().startswith(labels):
                assert not re.search(r"[(（]\d+[)）]", line), line
                assert counted.search(line), line
                seen += 1
    assert seen or width > 100, "no pile was shown"  # (the wide board: "(8 cards)")


@pytest.mark.parametrize("players", [3, 4])
def test_castles_news_is_on_the_turn_screen_at_120x40(players: int) -> None:
    """What the others did since the last turn fits the turn's screen at 120×40 (the board's
    own "Recent" log gives it room, a player's moves in a row make one line), not a page of
    four lines to press Enter at before every turn."""
    shots, _play = play_screens("castles-of-burgundy-cards", 120, 40, "en", limit=30,
                                players=players)
    assert not shots.pages, shots.pages[0]
    told = [s for s, _v in shots.turns if SINCE["en"] in s]
    assert len(told) > 10
    assert any("; " in line for s in told for line in s.splitlines()
               if line.startswith("  Player "))  # a player's moves in one line


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_castles_news_pages_at_80x24_are_full_pages(lang: str) -> None:
    """At 80×24 (four players) the news comes on pages, each as full as the screen allows:
    a scoring and the moves before it share one page where they fit together (no page of
    two lines, then its "(continued)")."""
    shots, _play = play_screens("castles-of-burgundy-cards", 80, 24, lang, limit=30,
                                players=4)
    assert shots.pages
    continued = "(continued)" if lang == "en" else "（续）"
    bodies = [page.rstrip("\n").splitlines()[1:-1] for page in shots.pages]
    for page in shots.pages:
        lines = page.rstrip("\n").splitlines()
        assert len(lines) <= 24 and all(display_width(line) <= 80 for line in lines)
    for i in range(1, len(bodies)):
        if continued in shots.pages[i].splitlines()[0]:
            assert len(bodies[i - 1]) + len(bodies[i]) > 24 - 3, shots.pages[i - 1:i + 1]


def test_palais_rooms_on_the_grid_are_named_as_the_choices_name_them(
        screens: tuple[str, int, int, str, Screens]) -> None:
    """The castle grid at 80 columns names each room by its number and a word of the name
    the choices give it ("5 Pompadour" for "5 Madame de Pompadour"; "Pompad." and
    "Stairs" for "Stairway" were found by the number alone)."""
    game, width, _height, lang, shots = screens
    if game != "palais-royal" or width > 100:
        return
    room = re.compile(r"(?:^|\|)(\d) (\S+(?: door)?)")
    checked = 0
    for screen, _view in shots.turns:
        grid = {number: short for line in screen.splitlines() if "|" in line
                for number, short in room.findall(line)}
        for number, text in choices_shown(screen):
            if number in grid and len(grid) == 9 and not text[:1].isdigit():
                name = text.removeprefix("放1个仆人到")
                if lang == "en" and " " in name and not name.startswith(
                        ("Parade", "Stairway", "Mint", "King", "Madame", "Office", "Back",
                         "Cardinal", "Gate")):
                    continue  # not a room's name
                assert grid[number] in name, (number, grid[number], text)
                checked += 1
    assert checked


def test_shadow_news_is_on_the_turn_screen_at_80x24() -> None:
    """The two or three moves since the last turn are on the turn's screen at 80×24 (the
    board gives up its spare legend lines, which key repeats), not a page of two lines to
    press Enter at before every turn."""
    shots, _play = play_screens("shadow-of-the-emperor", 80, 24, "en", limit=20)
    told = [s for s, _v in shots.turns if SINCE["en"] in s]
    assert len(shots.pages) <= 2 and len(told) >= 10, (len(shots.pages), len(told))
