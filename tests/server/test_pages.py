"""The pages: the lobby, the table of a seat and of a spectator, and their live updates."""

from __future__ import annotations

import asyncio

from fastapi.testclient import TestClient

import regalia
from regalia.server.api import version_stream
from tests.server.conftest import create, seat_state, service_of


def test_the_lobby_offers_every_game_and_lists_open_ones(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for info in regalia.list_games():
        assert f'value="{info.id}"' in page.text
    assert "No open games" in page.text
    data = create(client, game="ming-dynasty", seats=["me", "open"], public=True)
    page = client.get("/").text
    assert f'data-game="{data["game_id"]}"' in page
    assert "Ming Dynasty" in page
    assert "Content-Security-Policy" in client.get("/").headers


def test_a_table_shows_the_board_the_actions_and_whose_turn(client: TestClient) -> None:
    for info in regalia.list_games():
        data = create(client, game=info.id, seats=["open"] * info.default_players)
        state = service_of(client).live(data["game_id"]).state
        mover = state.to_move()[0]
        page = client.get(f"/play/{data['tokens'][mover]}")
        assert page.status_code == 200
        assert "<svg" in page.text
        assert "Your turn" in page.text
        for action in state.legal_actions(mover)[:5]:
            assert f'data-action="{action.text}"' in page.text
        assert 'src="/static/table.js"' in page.text
        assert "http://" not in page.text.replace("http://www.w3.org", "")  # nothing outside


def test_the_board_fragment_and_the_spectator_table(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["open", "open", "open"])
    body = client.get(f"/play/{data['tokens'][0]}/board").text
    assert body.lstrip().startswith('<div id="body"')
    watch = client.get(f"/watch/{data['game_id']}")
    assert watch.status_code == 200 and "spectating" in watch.text
    assert 'class="act"' not in watch.text  # a spectator has no actions


def test_a_bad_link_gets_a_page_that_says_so(client: TestClient) -> None:
    page = client.get("/play/" + "x" * 32)
    assert page.status_code == 403
    assert "holds no seat" in page.text


def test_the_static_files_are_served_and_small(client: TestClient) -> None:
    for name in ("table.js", "board.js", "lobby.js", "regalia.css"):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200
        assert len(response.content) < 20_000
        assert "http" not in response.text  # nothing fetched from outside


def test_a_finished_game_shows_the_result_and_the_record_link(client: TestClient) -> None:
    data = create(client, seats=["open", "open"])
    service = service_of(client)
    while not (state := service.live(data["game_id"]).state).is_over():
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
    page = client.get(f"/play/{data['tokens'][0]}").text
    assert "The game is over" in page
    assert f'/api/games/{data["game_id"]}/record' in page
    assert seat_state(client, data["tokens"][0])["ranking"] == list(state.ranking())


def test_live_updates_announce_each_change(client: TestClient) -> None:
    data = create(client, seats=["open", "open"])
    service = service_of(client)
    announcer = client.app.state.announcer  # type: ignore[attr-defined]
    game_id = data["game_id"]

    def move() -> None:  # in a worker thread, as requests and bots move
        state = service.live(game_id).state
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)

    async def collect() -> list[str]:
        stream = version_stream(service, announcer, game_id)
        events = [await anext(stream)]  # the game as it is when the table connects
        await asyncio.to_thread(move)
        events.append(await asyncio.wait_for(anext(stream), 5))  # woken, not polled
        await stream.aclose()
        return events

    events = asyncio.run(collect())
    assert len(events) == 2
    assert all(e.startswith("event: update\n") for e in events)
    assert events[0] != events[1]
    assert announcer.waiting == {}  # a closed stream leaves nothing behind
    response = client.get("/events/nope")
    assert response.status_code == 404


def finish(client: TestClient, game_id: str) -> None:
    service = service_of(client)
    while not (state := service.live(game_id).state).is_over():
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)


def test_a_finished_game_replays_a_step_at_a_time(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["open", "open"])
    game_id = data["game_id"]
    # Not over: the record (seed, secrets) stays on the server; the replay's address is the
    # spectator's look back (tests/server/test_look_back.py) until the end.
    assert client.get(f"/api/games/{game_id}/record").status_code == 403
    assert "look back" in client.get(f"/watch/{game_id}/replay").text
    finish(client, game_id)
    total = service_of(client).live(game_id).decisions
    first = client.get(f"/watch/{game_id}/replay?step=0")
    assert first.status_code == 200 and "<svg" in first.text and "after 0 of" in first.text
    middle = client.get(f"/watch/{game_id}/replay?step=5").text
    assert f"after 5 of {total}" in middle and 'href="?step=6"' in middle
    assert middle != first.text
    last = client.get(f"/watch/{game_id}/replay?step=99999").text
    assert f"after {total} of {total}" in last


def test_a_rematch_seats_everyone_again(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["me", "open"])
    tokens = data["tokens"]
    early = client.post("/api/seat/rematch", headers={"X-Seat-Token": tokens[0]})
    assert early.status_code == 409  # not over yet
    finish(client, data["game_id"])
    first = client.post("/api/seat/rematch", headers={"X-Seat-Token": tokens[1]})
    assert first.status_code == 200
    second = client.post("/api/seat/rematch", headers={"X-Seat-Token": tokens[0]})
    assert second.status_code == 200
    seats = {first.json()["seat"], second.json()["seat"]}
    assert seats == {0, 1}  # each in the seat it had
    new = seat_state(client, first.json()["token"])
    assert new["game_id"] != data["game_id"] and new["decisions"] == 0
    assert seat_state(client, tokens[0])["rematch"] == new["game_id"]
    third = client.post("/api/seat/rematch", headers={"X-Seat-Token": tokens[0]})
    assert third.json() == second.json()  # asked again: the same seat, the same link


def test_a_finished_game_replays_as_each_seat_saw_it(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["open", "open"])
    game_id = data["game_id"]
    finish(client, game_id)
    spectator = client.get(f"/watch/{game_id}/replay?step=3").text
    seat = client.get(f"/watch/{game_id}/replay?step=3&seat=1").text
    names = seat_state(client, data["tokens"][0])["seats"]
    assert "as a spectator saw it" in spectator
    assert f"as {names[1].split(' (')[0]}" in seat and 'href="?step=4&amp;seat=1"' in seat
    assert 'href="?step=3&amp;seat=0"' in spectator  # a link to each seat's view
    # a seat's view is drawn from view(seat), the spectator's from view(None)
    import regalia
    record = service_of(client).record(game_id)
    state = regalia.replay(record, steps=3)
    render = state.info().render_svg
    assert render is not None
    from regalia.server.about import component_texts, titled

    def drawn(seat: int | None) -> str:  # with its components' texts (hover, long press)
        view = state.view(seat)
        return titled(render(dict(view, legal=[])), {}, component_texts(state, view))

    assert drawn(1) in seat
    assert drawn(None) in spectator
    # history: the seat to move there had moves to click in its view, the replay draws none
    mover = state.to_move()[0]
    assert "data-action" in render(state.view(mover))
    mover_page = client.get(f"/watch/{game_id}/replay?step=3&seat={mover}").text
    assert "data-action" not in mover_page
    assert "as a spectator" in client.get(f"/watch/{game_id}/replay?step=3&seat=9").text


def test_a_finished_replay_lists_each_decision_in_full_words(client: TestClient) -> None:
    """The record is public once the game is over: every decision, sealed ones too, is listed
    as described on its own position (not as bare notation), the same for every reader."""
    import html
    import re

    data = create(client, game="el-grande", players=3, seats=["open", "open", "open"])
    game_id = data["game_id"]
    finish(client, game_id)
    record = service_of(client).record(game_id)
    decisions = [m for m in record.moves if "action" in m]
    expected = []
    for k, move in enumerate(decisions):
        before = regalia.replay(record, steps=k)
        expected.append(before.describe(before.parse_action(move["action"])))
    page = client.get(f"/watch/{game_id}/replay?step=2").text
    shown = [html.unescape(m) for m in re.findall(r'<li[^>]*><a href="\?step=\d+">(.*?)</a>',
                                                   page)]
    assert len(shown) == len(expected) == record.action_count
    for line, described in zip(shown, expected, strict=True):
        assert described in line
    assert "sealed" not in page
    assert shown == service_of(client).decision_lines(game_id, 1)  # alike for every seat


def test_the_board_comes_once_widened_by_the_page_and_a_seat_knows_its_link(
        client: TestClient) -> None:
    """Every game's table holds its phone picture once (static/board.js lays its sections
    out two columns wide from 1200 px: the browser tests measure it), the desktop picture
    folded under it; so do the look back and the table's live fragment; a seat's page says
    its address is the seat, a spectator's does not."""
    for info in regalia.list_games():
        if info.id.startswith("toy-"):
            continue
        data = create(client, game=info.id, seats=["open"] * info.default_players)
        page = client.get(f"/play/{data['tokens'][0]}").text
        assert page.count('class="phone-board') == 1, info.id
        assert 'class="board has-phone has-broad"' in page, info.id
        assert "wide-board" not in page and 'viewBox="0 0 720 ' not in page
        assert '<details class="whole" id="whole">' in page
        assert '<script src="/static/board.js">' in page
        assert 'id="your-link"' in page
        assert 'id="your-link"' not in client.get(f"/watch/{data['game_id']}").text
        fragment = client.get(f"/play/{data['tokens'][0]}/board").text
        assert fragment.count('class="phone-board') == 1
        look_back = client.get(f"/play/{data['tokens'][0]}/replay").text
        assert look_back.count('class="phone-board') == 1
        assert '<script src="/static/board.js">' in look_back


def test_a_chinese_table_names_its_bots_level_in_chinese(client: TestClient) -> None:
    data = create(client, game="el-grande", seats=["me", "random", "hard"])
    client.cookies.set("regalia_lang", "zh")
    try:
        page = client.get(f"/play/{data['tokens'][0]}").text
    finally:
        client.cookies.clear()
    assert "（随机 机器人）" in page and "（困难 机器人）" in page
    assert "random 机器人" not in page


def test_the_create_form_names_every_option_in_words_in_both_languages(
        client: TestClient) -> None:
    """An option's name on the create form is words (``ties on a park edge``), not its
    identifier (``edge_ties``), in Chinese too; the form shows a choice's value without its
    hyphens (static/lobby.js)."""
    import json
    import re

    for lang in ("en", "zh"):
        client.cookies.set("regalia_lang", lang)
        page = client.get("/").text
        catalog = json.loads(re.search(
            r'<script type="application/json" id="catalog">(.*?)</script>', page, re.S)[1])
        for game in catalog:
            if game["id"].startswith("toy-"):  # (the tests' own games)
                continue
            for option in game["options"]:
                label = option["label"]
                assert "_" not in label, (game["id"], label)
                if lang == "zh":
                    assert re.search(r"[\u4e00-\u9fff]", label), (game["id"], label)
    client.cookies.clear()


def test_the_chinese_create_form_shows_every_choice_in_chinese_and_submits_its_id(
        client: TestClient) -> None:
    """The create form in Chinese: each choice of an option reads in Chinese (not
    ``gate centre``), its help names the choices by those words (not by their ids), and the
    value the form submits is the option's own id; in English a choice reads as words
    (``twelve or fewer``, not ``twelve-or-fewer``). In both, a help names another option by
    its label (not ``'stall_rounds'``) and a checkbox's values as ticked and unticked."""
    import json
    import re

    import regalia

    pages = {}
    for lang in ("en", "zh"):
        client.cookies.set("regalia_lang", lang)
        page = client.get("/").text
        pages[lang] = {g["id"]: g for g in json.loads(re.search(
            r'<script type="application/json" id="catalog">(.*?)</script>', page, re.S)[1])}
    client.cookies.clear()
    worded = 0
    for info in regalia.list_games():
        for option in info.options:
            if not option.choices:
                continue
            shown = {lang: next(o for o in pages[lang][info.id]["options"]
                                if o["name"] == option.name) for lang in pages}
            for entry in shown.values():
                assert [c["value"] for c in entry["choices"]] == list(option.choices)
            for value, en, zh in zip(option.choices, shown["en"]["choices"],
                                     shown["zh"]["choices"], strict=True):
                if not isinstance(value, str):
                    assert en["label"] == zh["label"] == str(value)
                    continue
                worded += 1
                assert re.fullmatch(r"[A-Za-z ]+", en["label"]), (option.name, en)
                assert not re.search(r"[A-Za-z]", zh["label"]), (option.name, zh)
                assert re.search(r"[\u4e00-\u9fff]", zh["label"]), (option.name, zh)
                assert not re.search(rf"(?<![A-Za-z-]){re.escape(value)}(?![A-Za-z-])",
                                     shown["zh"]["help"]), (option.name, shown["zh"]["help"])
    assert worded >= 25  # (every game's worded choices were looked at)
    # no help names another option by its id, nor a checkbox's value as true or false
    for lang, games in pages.items():
        for game in games.values():
            for entry in game["options"]:
                said = entry["help"]
                assert not re.search(r"\w_\w", said), (lang, entry["name"], said)
                if isinstance(entry["default"], bool):
                    assert not re.search(r"(?i)\b(true|false)\b", said), (lang, said)
    script = client.get("/static/lobby.js").text
    assert 'value: String(c.value) }, c.label' in script


def test_the_analysis_graphs_place_while_computed_reads_on_a_phone() -> None:
    """The replay page's graph, while the analysis is computed, is a picture a phone's
    width (360 units, words of 13): shrunk from 900 units, its words were 5 px at 360 px."""
    import re

    from regalia.server.analysis import progress_svg

    svg = progress_svg("analysis under way: 3 of 170 decisions (reload)")
    assert 'width="360"' in svg
    lines = re.findall(r'font-size="(\d+)">([^<]*)<', svg)
    assert len(lines) == 2 and all(int(size) >= 13 for size, _text in lines)
    assert " ".join(text for _size, text in lines) == \
        "analysis under way: 3 of 170 decisions (reload)"
    assert all(len(text) * 0.62 * 13 <= 348 for _size, text in lines)
    assert "分析进行中" in progress_svg("分析进行中：170 个决定中的 0 个（请刷新）")
