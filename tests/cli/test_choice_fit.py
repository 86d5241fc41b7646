"""Every list of choices fits the turn's screen readably, at random positions of every game,
at 80×24 and 120×40, in English and Chinese: no visible choice is cut, no two read alike (the
wording they share may be said once above them, as a heading), and where they do not all fit
beside the board, a line says how many more there are and how to see them."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from functools import cache

import pytest
from rich.console import Console

from regalia.cli.play import PlaySession, Terminal
from regalia.engine.i18n import speaking
from regalia.engine.registry import get_game, new_game
from regalia.engine.rng import Rng
from regalia.engine.state import State

SIZES = [(80, 24), (120, 40)]
PLAYERS = {"castles-of-burgundy-cards": 3, "el-grande": 3, "palais-royal": 4,
           "shadow-of-the-emperor": 3, "ming-dynasty": 3}
GAMES = sorted(PLAYERS)


@cache
def positions(game: str) -> tuple[tuple[State, int], ...]:
    """Positions of a random game with a choice, every so many decisions."""
    state = new_game(game, PLAYERS[game], seed=29)
    rng = Rng(29)
    out: list[tuple[State, int]] = []
    step = 0
    while (movers := state.to_move()) and len(out) < 8:
        seat = movers[0]
        legal = state.legal_actions(seat)
        if step % 13 == 0 and len(legal) > 1:
            out.append((state.clone(), seat))
        state.apply(legal[rng.below(len(legal))], seat)
        step += 1
    return tuple(out)


def screen_choices(state: State, seat: int, width: int, height: int
                   ) -> tuple[list[str], list[tuple[int, str]]]:
    key = (id(state), width, height, speaking_now())
    if key not in SHOWN:
        SHOWN[key] = laid_out(state, seat, width, height)
    return SHOWN[key]


SHOWN: dict[tuple[int, int, int, str], tuple[list[str], list[tuple[int, str]]]] = {}


def speaking_now() -> str:
    from regalia.engine.i18n import _

    return "zh" if _("Final result") != "Final result" else "en"


def laid_out(state: State, seat: int, width: int, height: int
             ) -> tuple[list[str], list[tuple[int, str]]]:
    console = Console(width=width, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    term = Terminal(console, lambda prompt: "", lambda: None, lambda: None)
    play = PlaySession(state.clone(), ["human"] * state.players, term, 1,
                       render_text=get_game(state.GAME_ID).render_text)
    legal = state.legal_actions(seat)
    numbers = play.numbering(seat, legal)
    lines, _board = play.fit_screen(seat, legal, numbers, width, height - 2)
    return ([line.plain for line in lines],
            [(n, state.describe(a)) for n, a in zip(numbers, legal, strict=True)])


def problems(lines: Sequence[str], choices: Sequence[tuple[int, str]]) -> tuple[list[str], str]:
    """What is wrong with a list as shown (cut choices, choices alike), and how it was laid
    out ("whole", "headed", "paged")."""
    squeeze = "".join("".join(lines).split())
    hidden: int | None = None
    heads: list[tuple[str, str]] = []
    for line in lines:
        if line.lstrip().startswith("…"):
            found = re.search(r"[(（](\d+)", line)
            assert found, line
            hidden = int(found.group(1))
        elif line and not line[0].isspace():
            head, _sep, tail = line.rstrip(":：").partition("…")
            heads.append(("".join(head.split()), "".join(tail.split())))
    numbers = [n for n, _d in choices]
    wrong: list[str] = []
    shown: list[str] = []
    for n, text in choices:
        if hidden is not None and numbers.index(n) >= numbers.index(hidden):
            continue
        bare = "".join(text.split())
        if f"{n}{bare}" in squeeze:
            shown.append(bare)
            continue
        for head, tail in heads:
            rest = bare[len(head):len(bare) - len(tail)]
            if bare.startswith(head) and bare.endswith(tail) and f"{n}{rest}" in squeeze:
                shown.append(rest)
                break
        else:
            wrong.append(f"cut: {n} {text}")
    if len(set(shown)) < len(shown):
        wrong.append("two choices read alike")
    kind = "paged" if hidden is not None else "headed" if heads else "whole"
    return wrong, kind


@pytest.mark.parametrize("game", GAMES)
def test_no_visible_choice_is_cut_at_any_size_in_either_language(game: str) -> None:
    kinds: set[str] = set()
    for state, seat in positions(game):
        for width, height in SIZES:
            for lang in ("en", "zh"):
                with speaking(lang):
                    lines, choices = screen_choices(state, seat, width, height)
                    wrong, kind = problems(lines, choices)
                kinds.add(kind)
                assert not wrong, (width, height, lang, wrong, "\n".join(lines))
                assert all(len(line) <= width for line in lines)
                if kind == "paged":  # at least a screenful of the list is there
                    assert len(lines) >= min(len(choices), 4)
    assert kinds, game


def test_a_list_too_long_for_the_screen_says_how_to_see_the_rest() -> None:
    # Palais Royal's Stairway step (up to thirty-odd moves) at 80×24
    found = []
    for state, seat in positions("palais-royal"):
        lines, choices = screen_choices(state, seat, 80, 24)
        if problems(lines, choices)[1] == "paged":
            found.append(lines[-1])
    assert found
    assert all("type actions to see" in line for line in found)


def test_wording_every_choice_shares_is_said_once_above_them() -> None:
    headed = []
    for game in GAMES:
        for state, seat in positions(game):
            lines, choices = screen_choices(state, seat, 80, 24)
            if problems(lines, choices)[1] == "headed":
                headed.append(next(line for line in lines if not line[0].isspace()))
    assert headed
    assert all("…" in line for line in headed)
