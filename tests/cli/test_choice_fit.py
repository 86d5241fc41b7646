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
                   ) -> tuple[list[str], list[Choice]]:
    key = (id(state), width, height, speaking_now())
    if key not in SHOWN:
        SHOWN[key] = laid_out(state, seat, width, height)
    return SHOWN[key]


SHOWN: dict[tuple[int, int, int, str], tuple[list[str], list[Choice]]] = {}


def speaking_now() -> str:
    from regalia.engine.i18n import _

    return "zh" if _("Final result") != "Final result" else "en"


Choice = tuple[int, str, tuple[str, str] | None]  # number, description, the game's group


def laid_out(state: State, seat: int, width: int, height: int
             ) -> tuple[list[str], list[Choice]]:
    console = Console(width=width, height=height, record=True, file=io.StringIO(),
                      color_system=None)
    term = Terminal(console, lambda prompt: "", lambda: None, lambda: None)
    play = PlaySession(state.clone(), ["human"] * state.players, term, 1,
                       render_text=get_game(state.GAME_ID).render_text)
    legal = state.legal_actions(seat)
    numbers = play.numbering(seat, legal)
    lines, _board = play.fit_screen(seat, legal, numbers, width, height - 2)
    return ([line.plain for line in lines],
            [(n, state.describe(a), state.choice_group(a))
             for n, a in zip(numbers, legal, strict=True)])


def problems(lines: Sequence[str], choices: Sequence[Choice]) -> tuple[list[str], str]:
    """What is wrong with a list as shown (cut choices, choices alike), and how it was laid
    out ("whole", "headed", "paged"). A choice is shown whole, or its part of its own under
    a heading that says what it shares with others: the wording all share (found here), or
    the heading the game gives its kind (``choice_group``)."""
    squeeze = "".join("".join(lines).split())
    hidden: int | None = None
    grouped = False
    heads: list[tuple[str, str, str]] = []
    given = {"".join(g[0].split()) for _n, _t, g in choices if g is not None}
    for line in lines:
        if line.lstrip().startswith("…"):
            found = re.search(r"[(（](\d+)", line)
            assert found, line
            hidden = int(found.group(1))
        elif line and not line[0].isspace() and "".join(line.split()).rstrip(":：") in given:
            grouped = True
        elif line and not line[0].isspace():
            head, _sep, tail = line.rstrip(":：").partition("…")
            tail = "".join(tail.split())
            closer = ""
            if tail[:2] in ("(…", "（…"):  # "(… to your court)": each choice opens the bracket
                tail, closer = tail[2:-1], tail[-1]
            heads.append(("".join(head.split()), tail + closer, closer))
    numbers = [n for n, _d, _g in choices]
    wrong: list[str] = []
    shown: list[str] = []
    plain = {"".join(line.split()) for line in lines}
    for n, text, group in choices:
        if hidden is not None and numbers.index(n) >= numbers.index(hidden):
            continue
        bare = "".join(text.split())
        if f"{n}{bare}" in squeeze:
            shown.append(bare)
            continue
        if group is not None:
            heading, own = ("".join(part.split()) for part in group)
            if any(line.rstrip(":：") == heading for line in plain) and f"{n}{own}" in squeeze:
                shown.append(heading + own)
                continue
        for head, tail, closer in heads:
            rest = bare[len(head):len(bare) - len(tail)] + closer
            if bare.startswith(head) and bare.endswith(tail) and f"{n}{rest}" in squeeze:
                shown.append(rest)
                break
        else:
            wrong.append(f"cut: {n} {text}")
    if len(set(shown)) < len(shown):
        wrong.append("two choices read alike")
    kind = "paged" if hidden is not None else "headed" if heads or grouped else "whole"
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


def first_decision(game: str, players: int, seed: int, wanted: str) -> tuple[State, int]:
    """The first decision of a random game whose choices' notation starts with ``wanted``."""
    state = new_game(game, players, seed=seed)
    rng = Rng(seed)
    while movers := state.to_move():
        seat = movers[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and legal[0].text.startswith(wanted):
            return state, seat
        state.apply(legal[rng.below(len(legal))], seat)
    raise AssertionError(f"no {wanted} decision")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_el_grande_three_players_see_all_thirteen_power_cards_at_80x24(lang: str) -> None:
    state, seat = first_decision("el-grande", 3, 1, "power")
    with speaking(lang):
        lines, choices = laid_out(state, seat, 80, 24)
    wrong, kind = problems(lines, choices)
    assert len(choices) == 13 and not wrong and kind != "paged", "\n".join(lines)
    # the cards that bring no Caballeros say so as the others say their count
    shown = "".join("".join(lines).split())
    assert ("1212(noCaballeros)" if lang == "en" else "1212（没有）") in shown
    assert ("11(upto6Caballeros)" if lang == "en" else "11（最多6个）") in shown


def costs_workers(state: State, seat: int) -> bool:
    return any(state.choice_group(a) and "worker" in state.describe(a)
               for a in state.legal_actions(seat))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_castles_die_choices_with_a_worker_cost_are_not_paged_at_80x24(lang: str) -> None:
    state = new_game("castles-of-burgundy-cards", 3, seed=1)
    rng = Rng(1)
    checked = 0
    while (movers := state.to_move()) and checked < 6:
        seat = movers[0]
        legal = state.legal_actions(seat)
        if len(legal) > 6 and costs_workers(state, seat):
            with speaking(lang):
                lines, choices = laid_out(state, seat, 80, 24)
            wrong, kind = problems(lines, choices)
            assert not wrong and kind != "paged", "\n".join(lines)
            assert all(len(line) <= 80 for line in lines)
            checked += 1
        state.apply(legal[rng.below(len(legal))], seat)
    assert checked == 6


def long_lists(game: str, seed: int, least: int) -> list[tuple[State, int]]:
    """Every decision of a random game with at least ``least`` choices."""
    state = new_game(game, 3, seed=seed)
    rng = Rng(seed)
    out = []
    while movers := state.to_move():
        seat = movers[0]
        legal = state.legal_actions(seat)
        if len(legal) >= least:
            out.append((state.clone(), seat))
        state.apply(legal[rng.below(len(legal))], seat)
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_castles_long_lists_are_never_paged_at_80x24(lang: str) -> None:
    # Two whole games' decisions of ten to fifteen choices (long card names, three kinds of
    # die action, the actions without a card): each fits one screen beside the board, none
    # cut, none alike; the board gives up its bonus lines ("type board") to make room.
    checked = 0
    for seed in (1, 2):
        for state, seat in long_lists("castles-of-burgundy-cards", seed, 10):
            with speaking(lang):
                lines, choices = laid_out(state, seat, 80, 24)
            wrong, kind = problems(lines, choices)
            assert not wrong and kind != "paged", "\n".join(lines)
            checked += 1
    assert checked >= 30


def test_an_english_heading_ends_with_an_english_colon() -> None:
    """A one-word heading ("Permit…", over Permit Baron and Permit Couple) has no space, yet
    is English: its colon is ":", not the Chinese "：" (Shadow at 4 players, 80×24)."""
    state = new_game("shadow-of-the-emperor", 4, seed=0)
    rng = Rng(0)
    for _ in range(400):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if len(legal) >= 14:
            lines, _choices = laid_out(state, seat, 80, 24)
            assert not any("：" in line for line in lines), "\n".join(lines)
            if any(line.startswith("Permit…") for line in lines):
                return
        state.apply(legal[rng.below(len(legal))], seat)
    pytest.fail("no one-word heading came")
