"""What the terminal says to typed text: names without accents or in Chinese find the action,
an illegal one is refused with its rule, and text that is no action says which word is wrong."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from regalia.cli.play import PlaySession, Terminal
from regalia.engine import Rng, State
from regalia.engine.i18n import speaking
from regalia.engine.reading import fold, read_action
from regalia.engine.registry import get_game, new_game
from tests.cli.conftest import CLEAR, Script, output, recording_console

SHADOW = "shadow-of-the-emperor"


def reach(game: str, players: int, wanted: Callable[[State], bool], seed: int = 1) -> State:
    """A random game of ``game`` played on until ``wanted`` holds."""
    for attempt in range(40):
        state = new_game(game, players, seed=seed + attempt)
        rng = Rng(seed + attempt)
        for _ in range(5000):
            if wanted(state):
                return state
            movers = state.to_move()
            if not movers:
                break
            seat = movers[0]
            legal = state.legal_actions(seat)
            state.apply(legal[rng.below(len(legal))], seat)
    raise AssertionError("position not reached")


def typed(state: State, text: str, lang: str = "en") -> tuple[str, PlaySession]:
    """What the terminal prints when the seat to move types ``text``."""
    console = recording_console()
    term = Terminal(console, Script(console, []), lambda: console.print(CLEAR))
    play = PlaySession(state, ["human"] * state.players, term, 1,
                       render_text=get_game(state.GAME_ID).render_text)
    with speaking(lang):
        play.handle(text, state.to_move()[0])
    return " ".join(output(play).split()), play


def placing_in_shadow(state: State) -> bool:
    movers = state.to_move()
    return len(movers) == 1 and any(
        a.text == "to koeln" for a in state.legal_actions(movers[0]))


@pytest.mark.parametrize("text", ["to koln", "TO KÖLN", "to Köln", "to 科隆"])
def test_a_place_name_is_found_without_accents_in_any_case_and_in_chinese(text: str) -> None:
    state = reach(SHADOW, 3, placing_in_shadow)
    before = len(state.moves())
    shown, play = typed(state, text)
    assert "You chose:" in shown, shown
    assert play.state.moves()[before]["action"] == "to koeln"


def test_the_emperor_typing_the_rival_card_is_told_why_not() -> None:
    def emperor_on_turn(s: State) -> bool:
        return bool(getattr(s, "tasks", None)) and s.tasks[-1][0] == "turn" and \
            s.tasks[-1][1] == s.emperor and s.stacks[0] > 0  # type: ignore[attr-defined]

    state = reach(SHADOW, 3, emperor_on_turn)
    shown, _ = typed(state, "buy rival")
    assert "the Emperor cannot take the Rival card" in shown, shown
    shown, _ = typed(state, "buy rival", "zh")
    assert "皇帝不能拿竞敌牌" in shown, shown


def test_a_word_that_fits_no_action_is_named_with_what_may_stand_there() -> None:
    state = reach(SHADOW, 3, placing_in_shadow)
    shown, _ = typed(state, "trier pope")
    assert "after 'trier' comes one of: doctor, move, indulgence" in shown, shown
    assert "(not 'pope')" in shown
    shown, _ = typed(state, "frobnicate mainz")
    assert "no action of this game begins with 'frobnicate'" in shown, shown
    assert "empire, elector, to, knight, buy" in shown


def test_palais_royal_refuses_a_recruit_from_the_gate_and_a_space_off_the_park() -> None:
    state = new_game("palais-royal", 3, seed=2)
    shown, _ = typed(state, "recruit from gate")
    assert "cannot come from the Gate" in shown, shown
    shown, _ = typed(state, "enlist h8")
    assert "the park has no space h8" in shown, shown


def test_a_typed_refusal_changes_nothing() -> None:
    state = new_game("palais-royal", 3, seed=2)
    before = state.to_json()
    typed(state, "enlist h8")
    typed(state, "no such words")
    assert state.to_json() == before


@pytest.mark.parametrize("game", ["el-grande", "palais-royal", SHADOW, "ming-dynasty",
                                  "castles-of-burgundy-cards"])
def test_every_notation_reads_back_in_any_case(game: str) -> None:
    state = new_game(game, 2, seed=1)
    for action in get_game(game).actions:
        assert read_action(state, action.text.upper()) == action
        assert read_action(state, f"  {action.text}  ") == action


@pytest.mark.parametrize("game", ["el-grande", "palais-royal", SHADOW, "ming-dynasty"])
def test_every_name_a_game_gives_reads_as_its_notation_word(game: str) -> None:
    state = new_game(game, 2, seed=1)
    names = state.name_words()
    assert names
    words = {w for a in get_game(game).actions for w in fold(a.text).split(" ")}
    for name, word in names.items():
        assert fold(word) in words, (name, word)
    assert any(not name.isascii() for name in names)  # the Chinese names too


def test_el_grande_names_of_several_words_and_in_chinese() -> None:
    state = new_game("el-grande", 3, seed=1)
    assert read_action(state, "place New Castile").text == "place new-castile"
    assert read_action(state, "place 巴斯克地区").text == "place basque-country"
    assert read_action(state, "pick RED aragon").text == "pick red aragon"


CASTLES = "castles-of-burgundy-cards"


@pytest.mark.parametrize(("text", "meant"), [
    ("take 2 Boarding House 3", "take 2 boarding-house-3"),
    ("TAKE 1 CASTLE-3", "take 1 castle-3"),
    ("place castle (3)", "place castle-3"),
    ("place 城堡(3)", "place castle-3"),
    ("take 3 宿舍3", "take 3 boarding-house-3"),
    ("drop Carpenter's Workshop 2", "drop carpenter-2"),
    ("sell 浅棕色", "sell light"),
    ("sell 棕色", "sell medium"),
    ("sell DARK", "sell dark"),
])
def test_castles_names_are_read_in_any_case_and_language(text: str, meant: str) -> None:
    state = new_game(CASTLES, 2, seed=1)
    action = read_action(state, text)
    assert not isinstance(action, str), action
    assert action.text == meant


def test_a_castles_card_typed_by_its_name_is_played() -> None:
    def taking(state: State) -> bool:
        movers = state.to_move()
        return len(movers) == 1 and sum(
            a.text.startswith("take ") for a in state.legal_actions(movers[0])) == 1

    state = reach(CASTLES, 2, taking)
    take = next(a for a in state.legal_actions(state.to_move()[0]) if a.text.startswith("take"))
    _take, row, face = take.text.split(" ")
    kind, die = face.rsplit("-", 1)
    with speaking("zh"):
        name = state.name_words()  # the Chinese name of the kind, from the edition
    zh = next(k for k, v in name.items() if v == kind and any(ord(c) > 0x2E80 for c in k))
    before = len(state.moves())
    shown, play = typed(state, f"take {row} {zh}({die})", "zh")
    assert play.state.moves()[before]["action"] == take.text, shown


# ---------------------------------------------------- the issue's examples, in Chinese too
def ming_prince_to_move(state: State) -> bool:
    """Ming Dynasty, phase 3: the seat to move may step its prince but has not stepped yet."""
    movers = state.to_move()
    texts = [a.text for a in state.legal_actions(movers[0])] if len(movers) == 1 else []
    return any(t.startswith("step ") for t in texts) and "stop" not in texts


@pytest.mark.parametrize(("lang", "stop_rule", "own_rule"), [
    ("en", "'stop' ends a move after at least one step", "your prince already stands in"),
    ("zh", "'stop' 只能在至少走了一步之后结束移动", "你的太子已在"),
])
def test_ming_refuses_a_move_of_no_step_with_its_rule(lang: str, stop_rule: str,
                                                       own_rule: str) -> None:
    """The issue's 'zero-step move' (refused with the phase's name before): stopping before
    any step, and a step to the district the prince stands in."""
    from regalia.games.ming_dynasty.board import DISTRICT_IDS

    state = reach("ming-dynasty", 3, ming_prince_to_move)
    shown, _ = typed(state, "stop", lang)
    assert stop_rule in shown, shown
    here = DISTRICT_IDS[state.prince[state.to_move()[0]]]  # type: ignore[attr-defined]
    shown, _ = typed(state, f"step {here}", lang)
    assert own_rule in shown, shown
    assert "phase" not in shown and "阶段：" not in shown


def test_the_issues_refusals_are_worded_in_chinese() -> None:
    palais = new_game("palais-royal", 3, seed=2)
    shown, _ = typed(palais, "recruit from gate", "zh")
    assert "不能来自大门" in shown, shown
    shown, _ = typed(palais, "enlist h8", "zh")
    assert "庭院没有格子 h8" in shown, shown
    shadow = reach(SHADOW, 3, placing_in_shadow)
    shown, _ = typed(shadow, "trier pope", "zh")
    assert "'trier' 之后应为以下之一：doctor, move" in shown and "（不是 'pope'）" in shown, shown
