"""The web table shows each component's text where it is chosen: in the action list (a hover
title and ``data-about`` for a long press) and on the board's targets (an SVG ``<title>``), in
the page's language; the JSON API carries it as ``about``."""

from __future__ import annotations

import html
import re

from fastapi.testclient import TestClient

import regalia
from regalia.server.about import titled
from tests.server.conftest import create, seat_state, service_of


def table_of(client: TestClient, game: str, players: int) -> tuple[str, str]:
    data = create(client, game=game, seats=["open"] * players)
    state = service_of(client).live(data["game_id"]).state
    token = data["tokens"][state.to_move()[0]]
    return token, client.get(f"/play/{token}").text


def test_every_game_gives_its_choices_texts_in_the_list_and_on_the_board(
        client: TestClient) -> None:
    for info in regalia.list_games():
        if info.glossary is None:
            continue
        token, page = table_of(client, info.id, info.default_players)
        legal = seat_state(client, token)["legal"]
        named = [a for a in legal if a["about"]]
        assert named, info.id
        for item in named[:5]:
            button = re.search(r'<button class="act" data-action="' + re.escape(item["action"])
                               + r'"[^>]*>', page)
            assert button, item["action"]
            about = html.unescape(re.search(r'data-about="([^"]*)"', button[0])[1])
            assert about == item["about"]
            assert item["about"] in html.unescape(button[0])  # the hover title holds it too
        titles = [html.unescape(t) for t in re.findall(r"<title>([^<]*)</title>", page)]
        first_line = named[0]["about"].split("\n")[0]
        assert any(first_line in t for t in titles), info.id


def test_el_grande_regions_on_the_board_carry_their_scores(client: TestClient) -> None:
    token, page = table_of(client, "el-grande", 3)
    regions = {r["id"]: r for r in seat_state(client, token)["view"]["regions"]}
    target = re.search(r'<polygon[^>]*data-action="disk ([a-z-]+)"[^>]*><title>([^<]*)</title>'
                       r"</polygon>", page)
    assert target, "a region target lost its shape or its title"
    region = regions[target[1]]
    first, second, third = region["scores"]
    assert f"{region['name']}: A region of Spain." in html.unescape(target[2])
    assert f"scores {first}, the second {second}, the third {third}" in target[2]


def test_the_texts_follow_the_page_language(client: TestClient) -> None:
    data = create(client, game="shadow-of-the-emperor", seats=["open"] * 3)
    token = data["tokens"][service_of(client).live(data["game_id"]).state.to_move()[0]]
    client.get("/lang/zh")
    page = client.get(f"/play/{token}").text
    assert "选侯国，有" in html.unescape(page)  # an electorate's text in Chinese


def test_titles_are_escaped_and_added_after_an_existing_title() -> None:
    svg = ('<g data-action="a|b"><title>mine (3)</title><rect/></g>'
           '<circle data-action="c" r="1"/><rect data-action="d"/>')
    out = titled(svg, {"a": "A: <x> & y", "b": "B: z", "c": "C: w", "d": ""})
    assert '<g data-action="a|b"><title>mine (3)\nA: &lt;x&gt; &amp; y\nB: z</title>' in out
    assert '<circle data-action="c" r="1"><title>C: w</title></circle>' in out
    assert '<rect data-action="d"/>' in out  # nothing to say: unchanged


def test_components_that_are_no_move_now_carry_their_texts_in_both_languages(
        client: TestClient) -> None:
    """Issue 34: every region, room, card, noble, electorate and province drawn on the board
    explains itself on hover and long press, not only the targets of the moves now. Checked on
    a spectator's table (it has no move at all)."""
    wanted = {"el-grande": "data-region", "palais-royal": "data-room",
              "castles-of-burgundy-cards": "data-card", "shadow-of-the-emperor": "data-electorate",
              "ming-dynasty": "data-district"}
    for lang, mark in (("en", r"[a-z]{3}"), ("zh", r"[\u4e00-\u9fff]")):
        client.get(f"/lang/{lang}")
        for game, attribute in wanted.items():
            data = create(client, game=game, seats=["open"] * 3)
            page = client.get(f"/watch/{data['game_id']}").text
            tags = re.findall(r"<[a-z]+[^<>]*\s" + attribute + r'="[^"]*"[^<>]*>(\s*<title>)?'
                              r"([^<]*)", page)
            assert tags, f"{game}: no {attribute} drawn"
            untitled = [t for t in tags if not t[0]]
            assert not untitled, f"{game} ({lang}): {len(untitled)} of {len(tags)} untitled"
            assert all(re.search(mark, html.unescape(t[1])) for t in tags), (game, lang)
    client.get("/lang/en")


def test_a_palais_royal_park_space_names_its_noble_though_no_one_may_enlist() -> None:
    from regalia.server.about import component_texts

    state = regalia.new_game("palais-royal", players=3, seed=2)
    view = state.view(0)
    space = next(s for s in view["park"]["spaces"] if s.get("noble"))
    svg = f'<g class="space" data-space="{space["space"]}"><rect/></g>'
    out = titled(svg, {}, component_texts(state, view))
    assert re.search(r"<title>[^<]+</title><rect/>", out), out


def test_desktop_buttons_speak_the_described_words_not_the_notation() -> None:
    """Issue 33: Ming's ``step 5a dragon``, Shadow's ``award B``, Palais Royal's ``done`` on
    the desktop board were notation; they are the words the front end gives (``described``),
    cut to fit with "…" when long."""
    for game in ("ming-dynasty", "shadow-of-the-emperor", "palais-royal"):
        state = regalia.new_game(game, players=3, seed=4)
        info = state.info()
        assert info.render_svg is not None
        for _ in range(40):
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            view = dict(state.view(seat), legal=[a.text for a in legal])
            view["described"] = {a.text: f"WORDS-{i} for {a.text}" for i, a in enumerate(legal)}
            svg = info.render_svg(view)
            for action, words in re.findall(
                    r'<g class="button" data-action="([^"]*)"[^>]*>.*?<text[^>]*>([^<]*)</text>',
                    svg, re.S):
                assert html.unescape(words).startswith("WORDS-"), (game, action, words)
            state.apply(legal[len(legal) // 2], seat)
