"""The key under the board on the table, look-back and replay pages, in the page's language
(the browser checks that it explains every code: tests/server/test_table_teaches.py)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import regalia
from regalia.engine.i18n import speaking
from regalia.server.legend import WEB_KEYS, key_lines
from tests.server.conftest import create, play_randomly
from tests.server.test_browser import BUILTIN


@pytest.mark.parametrize("game", BUILTIN)
def test_every_game_has_a_web_key_after_the_terminals_without_its_markup(game: str) -> None:
    info = regalia.get_game(game)
    state = regalia.new_game(game, players=3, seed=1)
    for lang in ("en", "zh"):
        with speaking(lang):  # (a view's words are those of the language it is made in)
            lines = key_lines(info, state.view(0))
        assert len(lines) > len(WEB_KEYS[game])
        assert not any("[bold]" in line or "[/]" in line for line in lines)
        assert not any(line.startswith(("Key to the board", "图例")) for line in lines)
        if lang == "zh":
            assert all(any("\u4e00" <= ch <= "\u9fff" for ch in line) for line in lines)


def test_the_key_is_on_the_table_the_look_back_and_the_replay(client: TestClient) -> None:
    data = create(client, "ming-dynasty", seats=["open", "open", "open"])
    token = data["tokens"][0]
    page = client.get(f"/play/{token}").text
    assert 'id="key"' in page and "hor horse, ric rickshaw, jun junk" in page
    client.cookies.set("regalia_lang", "zh")
    assert "hor 马、ric 人力车、jun 帆船" in client.get(f"/play/{token}").text
    assert 'id="key"' in client.get(f"/play/{token}/replay").text
    client.cookies.clear()
    play_randomly(client, data["tokens"], random.Random(1))
    replay = client.get(f"/watch/{data['game_id']}/replay?step=3").text
    assert 'id="key"' in replay and "the three districts of each province" in replay


def test_palais_royals_key_reads_the_phone_boards_park_in_words() -> None:
    info = regalia.get_game("palais-royal")
    state = regalia.new_game("palais-royal", players=3, seed=1)
    first = key_lines(info, state.view(0))[0]
    assert first.startswith("On the phone's board each noble in the park says its VP")
    assert "(pay 6; free)" in first and "squares in their colours" in first
    with speaking("zh"):
        assert "付6金" in key_lines(info, state.view(0))[0]
