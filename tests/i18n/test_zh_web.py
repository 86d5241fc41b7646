"""The web server in Chinese: Accept-Language, the language switch's cookie, translated pages,
scripts' words and API error details; English stays the default and unchanged."""

from __future__ import annotations

import html
import importlib.util
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = all(importlib.util.find_spec(m) for m in ("fastapi", "sqlalchemy", "jinja2", "httpx"))
pytestmark = pytest.mark.skipif(not WEB, reason="the web extra is not installed")

if WEB:
    from fastapi.testclient import TestClient

    from regalia.server import create_app
    from regalia.server.words import COOKIE, JS_MESSAGES, request_language
    from tests.server.conftest import QUICK_HINTS, TOY, create, seat_state, service_of

STATIC = Path(__file__).resolve().parents[2] / "src" / "regalia" / "server" / "static"
ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-GB,en;q=0.9"}
# Words a Chinese page may keep in Latin letters: the brand, the other language's name in the
# switch, the API's name and address, notation.
ALLOWED = {"Regalia", "English", "JSON", "API", "openapi", "json", "ismcts", "cmd"}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", bots=False,
                               hint_bot=QUICK_HINTS, hint_spacing=0)) as test_client:
        yield test_client


def visible_text(page: str) -> str:
    """What a reader sees of a page: no tags, scripts, styles or inline SVG."""
    page = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r"<[^>]+>", " ", page)
    return html.unescape(page)


def leftover_english(text: str, allowed: set[str] = ALLOWED) -> list[str]:
    return [w for w in re.findall(r"[A-Za-z]{3,}", text) if w not in allowed]


def test_accept_language_zh_gives_a_chinese_lobby(client: TestClient) -> None:
    page = client.get("/", headers=ZH)
    assert page.status_code == 200
    assert '<html lang="zh">' in page.text
    text = visible_text(page.text)
    for words in ("新游戏", "可加入的游戏", "创建游戏", "大王", "皇家宫殿", "勃艮第城堡卡牌版"):
        assert words in text
    assert leftover_english(text, ALLOWED | {"Sealed", "Bids"}) == []  # (the tests' toy game)
    # the switch: both languages by their own names, the current one not a link
    assert 'href="/lang/en?next=%2F"' in page.text and "简体中文" in text


def test_english_stays_the_default_and_unchanged(client: TestClient) -> None:
    for headers in ({}, EN, {"Accept-Language": "fr-FR,de;q=0.8"}):
        page = client.get("/", headers=headers).text
        assert '<html lang="en">' in page
        assert "New game" in page and "No open games right now." in page
        assert "新游戏" not in page
    assert client.get("/api/seat", headers={"X-Seat-Token": "x" * 20}).json() == {
        "detail": "this link holds no seat"}


def test_the_switch_cookie_beats_accept_language_and_sticks(client: TestClient) -> None:
    switched = client.get("/lang/zh", params={"next": "/"}, headers=EN, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/"
    assert f"{COOKIE}=zh" in switched.headers["set-cookie"]
    assert "Max-Age" in switched.headers["set-cookie"]  # it sticks past the session
    for _ in range(2):  # the browser (the test client) sends the cookie back each time
        page = client.get("/", headers=EN).text
        assert '<html lang="zh">' in page and "新游戏" in page
    data = create(client, seats=["me", "open"])
    table = client.get(f"/play/{data['tokens'][0]}", headers=EN).text
    assert '<html lang="zh">' in table and "轮到你了" in table
    back = client.get("/lang/en", params={"next": f"/play/{data['tokens'][0]}"}, headers=ZH,
                      follow_redirects=False)
    assert back.headers["location"] == f"/play/{data['tokens'][0]}"
    assert "Your turn" in client.get(f"/play/{data['tokens'][0]}", headers=ZH).text


def test_an_unknown_language_is_refused_clearly_and_changes_nothing(client: TestClient) -> None:
    refused = client.get("/lang/xx", params={"next": "/"}, follow_redirects=False)
    assert refused.status_code == 400
    assert "unknown language xx; Regalia speaks en, zh" in refused.text
    assert "set-cookie" not in refused.headers
    assert "未知" in client.get("/lang/klingon", headers=ZH).text  # said in the reader's
    # A cookie naming a language we do not speak (or a malformed one) is as none at all.
    client.cookies.set(COOKIE, "xx")
    assert '<html lang="zh">' in client.get("/", headers=ZH).text
    assert '<html lang="en">' in client.get("/").text
    client.cookies.clear()
    page = client.get("/", headers={**ZH, "Cookie": 'regalia_lang="\\'})
    assert page.status_code == 200 and '<html lang="zh">' in page.text
    assert request_language("zh-Hant", None) == "en"  # Traditional is not Simplified
    assert request_language(None, "zh-TW,zh-CN;q=0.5") == "zh"


def test_the_switch_goes_back_to_this_server_only(client: TestClient) -> None:
    for target in ("https://evil.example/", "//evil.example/x", "/\\evil", "javascript:x"):
        response = client.get("/lang/zh", params={"next": target}, follow_redirects=False)
        assert response.status_code == 303 and response.headers["location"] == "/"


def test_api_error_details_are_in_the_readers_language(client: TestClient) -> None:
    assert client.get("/api/seat", headers={"X-Seat-Token": "x" * 20, **ZH}).json() == {
        "detail": "此链接不对应任何座位"}
    data = create(client, game=TOY, seats=["open", "open"])
    stale = client.post("/api/seat/act", headers={"X-Seat-Token": data["tokens"][0], **ZH},
                        json={"action": seat_state(client, data["tokens"][0])["legal"][0][
                            "action"], "turn": 7})
    assert stale.status_code == 409
    assert stale.json()["detail"] == "游戏已经继续（第 0 个决定，而不是第 7 个）；请重新查看"
    missing = client.get("/api/games/nothing-here", headers=ZH)
    assert missing.status_code == 404 and missing.json() == {"detail": "没有这局游戏"}
    bad = client.post("/api/games", json={"game": TOY, "seats": ["me"] * 9}, headers=ZH)
    assert bad.status_code == 422 and bad.json()["detail"].startswith("请求格式错误：")
    # keys and codes stay English
    assert set(stale.json()) == {"detail"}
    huge = client.post("/api/games", content=b"x" * (300 * 1024),
                       headers={"Content-Type": "application/json", **ZH})
    assert huge.status_code == 413
    assert huge.json() == {"detail": "请求内容超过 262144 字节"}


def test_a_table_in_chinese(client: TestClient) -> None:
    data = create(client, game=TOY, seats=["me", "open", "random"])
    token = data["tokens"][0]
    page = client.get(f"/play/{token}", headers=ZH).text
    text = visible_text(page)
    for words in ("轮到你了", "你的行动", "牌桌", "观战链接", "让机器人替我打", "（空位）",
                  "（随机 机器人）", "提示"):
        assert words in text, words
    for english in ("Your turn", "Your actions", "spectator link", "(open)", "random bot"):
        assert english not in text
    # notation and ids do not change with the language
    english_page = client.get(f"/play/{token}", headers=EN).text
    actions = re.findall(r'data-action="([^"]+)"', english_page)
    assert actions and actions == re.findall(r'data-action="([^"]+)"', page)
    zh_state = client.get("/api/seat", headers={"X-Seat-Token": token, **ZH}).json()
    en_state = client.get("/api/seat", headers={"X-Seat-Token": token, **EN}).json()
    assert set(zh_state) == set(en_state)
    assert [a["action"] for a in zh_state["legal"]] == [a["action"] for a in en_state["legal"]]
    assert zh_state["seats"][1].endswith("（空位）") and en_state["seats"][1].endswith("(open)")


def test_the_log_is_worded_in_each_readers_language(client: TestClient,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """A move is worded in every language when made, and again after a restart (the move log
    keeps the English): each reader reads the log in theirs."""
    import regalia
    from regalia.engine.i18n import language

    cls = regalia.get_game(TOY).state_class
    plain = cls.describe
    monkeypatch.setattr(cls, "describe", lambda self, a: f"[{language()}] {plain(self, a)}")
    data = create(client, game=TOY, seats=["open", "open"])
    tokens = data["tokens"]
    bid = seat_state(client, tokens[0])["legal"][0]["action"]
    assert client.post("/api/seat/act", headers={"X-Seat-Token": tokens[0]},
                       json={"action": bid}).status_code == 200

    def log(token: str, headers: dict[str, str]) -> list[str]:
        state = client.get("/api/seat", headers={"X-Seat-Token": token, **headers}).json()
        return list(state["log"])

    assert log(tokens[0], ZH)[-1].startswith("North：[zh] ")
    assert log(tokens[0], EN)[-1].startswith("North: [en] ")
    assert log(tokens[1], ZH) == ["North做出了密选。"]
    assert log(tokens[1], EN) == ["North made a sealed choice."]
    # after a restart the game is rebuilt from its move log (English) and worded again
    service = service_of(client)
    service._live.clear()
    service._payloads.clear()
    assert log(tokens[0], ZH)[-1].startswith("North：[zh] ")
    assert log(tokens[0], EN)[-1].startswith("North: [en] ")


def test_the_scripts_words_come_from_the_catalog(client: TestClient) -> None:
    called: set[str] = set()
    for script in STATIC.glob("*.js"):
        source = script.read_text(encoding="utf-8")
        # t("…") and t(cond ? "…" : "…")
        for first, second in re.findall(
                r'(?<![\w.$])t\(\s*(?:\w+\s*\?\s*)?"([^"]*)"(?:\s*:\s*"([^"]*)")?', source):
            called.update(w for w in (first, second) if w)
    assert called and called <= set(JS_MESSAGES), sorted(called - set(JS_MESSAGES))
    page = client.get("/", headers=ZH).text
    found = re.search(r'<script type="application/json" id="messages">(.*?)</script>', page,
                      re.S)
    assert found is not None
    messages = json.loads(found.group(1))
    assert set(messages) == set(JS_MESSAGES)
    assert messages["Thinking…"] == "思考中…" and messages["Seat {n}"] == "座位{n}"
    assert all(re.findall(r"\{\w+\}", k) and set(re.findall(r"\{\w+\}", k)) ==
               set(re.findall(r"\{\w+\}", v)) for k, v in messages.items() if "{" in k)
    english = client.get("/").text
    found = re.search(r'id="messages">(.*?)</script>', english, re.S)
    assert found is not None and all(k == v for k, v in json.loads(found.group(1)).items())


def test_the_refusal_page_and_the_replay_speak_chinese(client: TestClient) -> None:
    refused = client.get("/play/" + "x" * 20, headers=ZH)
    assert refused.status_code == 403
    text = visible_text(refused.text)
    assert "此链接不对应任何座位" in text and "返回大厅" in text
    assert leftover_english(text) == []
    data = create(client, game=TOY, seats=["open", "open"])
    service = service_of(client)
    while not (state := service.live(data["game_id"]).state).is_over():
        seat = state.to_move()[0]
        service.act(data["game_id"], seat, state.legal_actions(seat)[0].text)
    replay = client.get(f"/watch/{data['game_id']}/replay?step=1", headers=ZH).text
    assert "回放 · 共" in replay and "以观众视角" in replay and '<html lang="zh">' in replay
    over = client.get(f"/play/{data['tokens'][0]}", headers=ZH).text
    assert "游戏已结束。" in over and "下载记录" in over and "名" in over
    # a hand-edited address in a browser: the refusal page, its reason in Chinese
    typo = client.get(f"/watch/{data['game_id']}/replay?step=last",
                      headers={**ZH, "Accept": "text/html"})
    assert typo.status_code == 422
    text = visible_text(typo.text)
    assert "请求格式错误：query.step：不是整数" in text and "返回大厅" in text
    assert leftover_english(text.replace("query.step", "")) == []


def test_a_look_back_speaks_chinese(client: TestClient) -> None:
    data = create(client, game=TOY, seats=["open", "open"])
    game_id, token = data["game_id"], data["tokens"][0]
    service = service_of(client)
    for _ in range(2):
        state = service.live(game_id).state
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)
    table = visible_text(client.get(f"/play/{token}", headers=ZH).text)
    assert "回顾" in table and "Look back" not in table
    page = client.get(f"/play/{token}/replay?step=1", headers=ZH).text
    text = visible_text(page)
    for words in ("回顾 · 目前共 2 个决定中的第 1 个之后 · 以你的视角", "返回牌桌", "现在", "决定",
                  "游戏仍在进行"):
        assert words in text, words
    # (the tests' toy game, worded in English only: its name, seats and bids)
    assert leftover_english(text, ALLOWED | {"Sealed", "Bids", "Bid", "North", "East", "South",
                                             "West"}) == []
    watch = visible_text(client.get(f"/watch/{game_id}/replay", headers=ZH).text)
    assert "以观众视角" in watch and "做出了密选" in watch
    header = {"X-Seat-Token": token, **ZH}
    look_back = client.get("/api/seat/replay", headers=header).json()
    assert look_back["log"] == client.get("/api/seat", headers=header).json()["log"]
    assert any("：" in line for line in look_back["log"])  # worded in Chinese


def test_a_hint_is_described_in_the_askers_language(client: TestClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is worked out in another thread, still in the reader's language."""
    import regalia
    from regalia.engine.i18n import language

    cls = regalia.get_game(TOY).state_class
    plain = cls.describe
    monkeypatch.setattr(cls, "describe", lambda self, a: f"[{language()}] {plain(self, a)}")
    data = create(client, game=TOY, seats=["open", "open"])
    token = data["tokens"][0]
    zh = client.post("/api/seat/hint", headers={"X-Seat-Token": token, **ZH})
    assert zh.status_code == 200, zh.text
    assert all(h["description"].startswith("[zh] ") for h in zh.json()["hints"])
    en = client.post("/api/seat/hint", headers={"X-Seat-Token": token, **EN})
    assert all(h["description"].startswith("[en] ") for h in en.json()["hints"])
    assert [h["action"] for h in zh.json()["hints"]] == [h["action"] for h in en.json()["hints"]]
