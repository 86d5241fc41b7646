"""What a stranger could do to a server open to everyone, refused or bounded: bots over the
server's caps, bots-only tables crowding out people's, a rematch asked twice, a stranger in an
unlisted game's seat, a bot's move after its seat was taken back, a chunked oversized body,
one visitor filling the database (issue 33, "With strangers around")."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from regalia.bots import InformationSet
from regalia.engine import Action
from regalia.engine.rng import Rng
from regalia.server import bots as server_bots
from regalia.server import create_app
from regalia.server.limits import VisitorLimits
from regalia.server.models import Game, VisitorGame
from regalia.server.service import Conflict
from tests.server.conftest import create, seat_state, service_of

ELG = "el-grande"  # opens with a sealed choice of every seat: a bot moves at once


def wait_for(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def games_in(client: TestClient) -> int:
    with service_of(client).session() as session:
        return session.scalar(select(func.count()).select_from(Game)) or 0


# ---------------------------------------------------------------- bots cost bounded work
@pytest.mark.parametrize("spec, words", [
    ("hard:think=5s", "at most 2 s"),
    ("medium:think=1m", "at most 2 s"),
    ("hard:iterations=1000000", "at most 2000 iterations"),
    ("ismcts", "levels"),
    ("ismcts-strong:iterations=10", "levels"),
    ("pimc", "levels"),
    ("hard:leaf=score", "only think= and iterations="),
    ("cmd:./mybot", "external"),
    ("wizard", "unknown bot"),
])
def test_a_bot_over_the_servers_caps_is_refused_with_422(client: TestClient, spec: str,
                                                          words: str) -> None:
    response = client.post("/api/games", json={"game": ELG, "seats": ["me", spec]})
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert games_in(client) == 0  # nothing was made
    # and a seat handed to such a bot: refused, the seat stays its person's
    data = create(client, game=ELG, seats=["me", "open"])
    token = data["tokens"][1]
    response = client.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": spec})
    assert response.status_code == 422, response.text
    assert words in response.json()["detail"]
    assert seat_state(client, token)["bot"] is None


def test_the_levels_sit_within_the_servers_caps(db_url: str) -> None:
    with TestClient(create_app(db_url, bots=False, max_bot_think=1.0)) as client:
        data = create(client, game=ELG, players=4,
                      seats=["random", "greedy", "medium", "hard"])
        bots = service_of(client).bot_seats(data["game_id"])
        # hard's own 2 s a decision is cut to this server's 1 s; the others fit already
        assert bots == {0: "random", 1: "greedy", 2: "medium", 3: "hard:think=1s"}
        ok = client.post("/api/games", json={"game": ELG, "seats": ["me", "hard:think=1s"]})
        assert ok.status_code == 201
        over = client.post("/api/games", json={"game": ELG, "seats": ["me", "hard:think=1.5s"]})
        assert over.status_code == 422 and "at most 1 s" in over.json()["detail"]


def test_a_persons_table_never_waits_behind_bots_only_searches(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Six bots-only tables of searching bots, made at once, would keep both bots' threads
    busy if they were served in turn with the person's table; a random bot at a person's
    table still answers while they all think (here: until the person's bot has moved)."""
    thinking, release, finished = threading.Event(), threading.Event(), []
    real = server_bots.make_bot
    monkeypatch.setattr(server_bots, "make_bot", lambda spec, seed=None: (
        HeldBot(thinking, release, finished) if spec.startswith("hard")
        else real(spec, seed)))
    # The held searches think in the bots' threads (whose turns are what is measured), not in
    # the search pool's processes, which a patched make_bot does not reach.
    monkeypatch.setattr(server_bots, "searches", lambda spec, game=None: False)
    with TestClient(create_app(db_url, bot_workers=2)) as client:
        try:
            for _ in range(6):  # (more than the threads)
                create(client, game=ELG, seats=["hard", "hard", "hard"])
            assert thinking.wait(30)  # the searches are under way
            data = create(client, game=ELG, seats=["me", "random"])
            service = service_of(client)
            wait_for(lambda: any(d.seat == 1 for d in service.log(data["game_id"])), 60.0)
            assert finished == []  # no search had to end first
        finally:
            release.set()


class HeldBot:
    """A search that goes on until released (at most 90 s), whatever cancels it."""

    name = "held"

    def __init__(self, thinking: threading.Event, release: threading.Event,
                 finished: list[float]) -> None:
        self.thinking = thinking
        self.release = release
        self.finished = finished

    def act(self, info: InformationSet) -> Action:
        self.thinking.set()
        self.release.wait(90)
        self.finished.append(time.monotonic())
        return info.legal_actions[0]


# ---------------------------------------------------------------- rematch
def finish(client: TestClient, game_id: str) -> None:
    service = service_of(client)
    while not (state := service.live(game_id).state).is_over():
        seat = state.to_move()[0]
        service.act(game_id, seat, state.legal_actions(seat)[0].text)


def rematch(client: TestClient, token: str) -> Any:
    response = client.post("/api/seat/rematch", headers={"X-Seat-Token": token})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_rematch_asked_twice_gives_the_same_seat(client: TestClient) -> None:
    data = create(client, game="palais-royal", seats=["me", "open"])
    tokens = data["tokens"]
    finish(client, data["game_id"])
    first = rematch(client, tokens[0])
    again = rematch(client, tokens[0])  # a double click, a retried request
    assert again == first and first["seat"] == 0
    # the other player still gets their own seat, by their own link
    other = rematch(client, tokens[1])
    assert other["seat"] == 1 and other["token"] != first["token"]
    assert seat_state(client, first["token"])["seat"] == 0
    assert seat_state(client, other["token"])["seat"] == 1
    assert seat_state(client, other["token"])["game_id"] == seat_state(
        client, first["token"])["game_id"]
    assert rematch(client, tokens[0]) == first  # still the same, after everyone


def test_in_a_rematch_nobody_takes_two_seats(client: TestClient) -> None:
    data = create(client, game="palais-royal", players=3, seats=["me", "open", "random"])
    tokens = data["tokens"]
    finish(client, data["game_id"])
    asked: list[Any] = []

    def ask() -> None:
        asked.append(client.post("/api/seat/rematch", headers={"X-Seat-Token": tokens[0]}))

    threads = [threading.Thread(target=ask) for _ in range(4)]  # many clicks at once
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert {r.status_code for r in asked} == {200}
    assert len({(r.json()["seat"], r.json()["token"]) for r in asked}) == 1
    new_game = asked[0].json()["token"]
    game_id = seat_state(client, new_game)["game_id"]
    row = service_of(client).game_row(game_id)
    # seat 0 is its asker's; seat 1 waits for its own player; seat 2 keeps its bot
    assert [(s.claimed, s.bot) for s in row.seats] == [(True, None), (False, None),
                                                       (False, "random")]
    assert not row.public  # nobody takes seat 1 from the lobby
    assert client.post(f"/api/games/{game_id}/take", json={}).status_code == 403
    assert rematch(client, tokens[1])["seat"] == 1


# ---------------------------------------------------------------- seats for the invited
def test_a_new_games_open_seats_are_for_its_links_only(client: TestClient) -> None:
    data = create(client, seats=["me", "open", "open"])  # not asked to be listed
    game_id = data["game_id"]
    assert client.get("/api/games").json() == []
    assert "/watch/" + game_id not in client.get("/").text
    for seat in (None, 0, 1, 2):
        response = client.post(f"/api/games/{game_id}/take", json={"seat": seat})
        assert response.status_code == 403, response.text
    # the links still seat their holders
    assert seat_state(client, data["tokens"][1])["seat"] == 1
    # listed (the lobby's "list in the lobby"), a seat can be taken by anyone
    listed = create(client, seats=["me", "open"], public=True)
    assert [g["game_id"] for g in client.get("/api/games").json()] == [listed["game_id"]]
    assert client.post(f"/api/games/{listed['game_id']}/take", json={}).status_code == 200


def test_the_lobby_form_lists_a_game_only_when_ticked(client: TestClient) -> None:
    page = client.get("/").text
    box = page.split('id="public"', 1)[1].split(">", 1)[0]
    assert "checked" not in box
    assert "List it under “Open games” in this lobby" in page


# ---------------------------------------------------------------- taking a seat back
class StubbornBot:
    """Thinks ``seconds`` without looking at the information set (so nothing cancels it),
    then picks the first legal action."""

    name = "stubborn"

    def __init__(self, seconds: float, started: threading.Event,
                 done: threading.Event) -> None:
        self.seconds = seconds
        self.started = started
        self.done = done

    def act(self, info: InformationSet) -> Action:
        self.started.set()
        time.sleep(self.seconds)
        self.done.set()
        return info.legal_actions[0]


class SamplingBot:
    """Samples the hidden parts over and over for up to ``seconds``, like a search; records
    when it stopped."""

    name = "sampling"

    def __init__(self, seconds: float, started: threading.Event,
                 stopped: list[float]) -> None:
        self.seconds = seconds
        self.started = started
        self.stopped = stopped

    def act(self, info: InformationSet) -> Action:
        self.started.set()
        end = time.monotonic() + self.seconds
        try:
            while time.monotonic() < end:
                info.sample(Rng(1))
                time.sleep(0.005)
        finally:
            self.stopped.append(time.monotonic())
        return info.legal_actions[0]


@pytest.fixture
def live_client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def test_a_bots_move_after_its_seat_is_taken_back_is_dropped(
        live_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    started, done = threading.Event(), threading.Event()
    monkeypatch.setattr(server_bots, "make_bot",
                        lambda spec, seed=None: StubbornBot(1.0, started, done))
    data = create(live_client, game=ELG, seats=["me", "open"])
    token, game_id = data["tokens"][1], data["game_id"]
    live_client.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": "random"})
    assert started.wait(10)  # the bot is thinking about seat 1's opening choice
    response = live_client.post("/api/seat/bot", headers={"X-Seat-Token": token},
                                json={"bot": None})
    assert response.status_code == 200
    assert done.wait(10)
    time.sleep(0.3)  # what the bot would do with its move, done
    service = service_of(live_client)
    assert [d for d in service.log(game_id) if d.seat == 1] == []
    assert 1 in seat_state(live_client, token)["to_move"]  # still the person's to make


def test_taking_a_seat_back_cancels_the_bots_search(
        live_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    started, stopped = threading.Event(), []
    monkeypatch.setattr(server_bots, "make_bot",
                        lambda spec, seed=None: SamplingBot(20.0, started, stopped))
    data = create(live_client, game=ELG, seats=["me", "open"])
    token, game_id = data["tokens"][1], data["game_id"]
    live_client.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": "random"})
    assert started.wait(10)
    taken = time.monotonic()
    live_client.post("/api/seat/bot", headers={"X-Seat-Token": token}, json={"bot": None})
    wait_for(lambda: bool(stopped), 15.0)
    # the search ended at once, not after its 20 s (within 10 s: a loaded machine may keep
    # the request's and the bot's threads waiting a few)
    assert stopped[0] - taken < 10.0
    assert [d for d in service_of(live_client).log(game_id) if d.seat == 1] == []


def test_a_move_by_a_bot_that_no_longer_holds_the_seat_is_refused(client: TestClient) -> None:
    data = create(client, game=ELG, seats=["me", "open"])
    game_id = data["game_id"]
    service = service_of(client)
    state = service.live(game_id).state
    action = state.legal_actions(1)[0].text
    with pytest.raises(Conflict):  # a person's seat: no bot's move
        service.act(game_id, 1, action, turn=0, by_bot=True, bot="random")
    client.post("/api/seat/bot", headers={"X-Seat-Token": data["tokens"][1]},
                json={"bot": "greedy"})
    with pytest.raises(Conflict):  # another bot's seat now
        service.act(game_id, 1, action, turn=0, by_bot=True, bot="random")
    assert service.live(game_id).decisions == 0
    service.act(game_id, 1, action, turn=0, by_bot=True, bot="greedy")
    assert service.live(game_id).decisions == 1


# ---------------------------------------------------------------- bodies and visitors
def test_a_chunked_oversized_body_gets_413(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "' + b"x" * 100_000
        for _ in range(4):
            yield b"x" * 100_000
        yield b'"}'

    response = client.post("/api/games", content=chunks(),
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 413, response.text
    assert "larger than" in response.json()["detail"]
    # a chunked body within the limit is read as usual
    small = iter([b'{"game": "toy-sealed-bids", ', b'"seats": ["me", "open"]}'])
    response = client.post("/api/games", content=small,
                           headers={"Content-Type": "application/json"})
    assert response.status_code == 201, response.text
    assert games_in(client) == 1


def test_one_address_may_create_only_so_many_games(db_url: str) -> None:
    """Counted in the database: a second app on it (another server process, as
    ``--workers`` runs them) counts the same games; a refused request counts none; the
    address is kept only as a digest."""
    limits = VisitorLimits(games_per_hour=3, requests_per_minute=0)
    app = create_app(db_url, bots=False, limits=limits)
    elsewhere = create_app(db_url, bots=False, limits=limits)
    with TestClient(app, client=("198.51.100.7", 5000)) as stranger, \
            TestClient(elsewhere, client=("198.51.100.7", 5001)) as same_stranger, \
            TestClient(app, client=("203.0.113.9", 5000)) as neighbour:
        assert stranger.post("/api/games", json={"game": "no-such-game"}).status_code == 400
        create(stranger)
        create(same_stranger)
        create(stranger)
        for client in (stranger, same_stranger):
            refused = client.post("/api/games", json={"game": "toy-sealed-bids"})
            assert refused.status_code == 429
            assert "new games" in refused.json()["detail"]
            assert int(refused.headers["Retry-After"]) > 60  # the hour's first game must age
        assert stranger.get("/api/games").status_code == 200  # other requests go on
        create(neighbour)  # another address has its own allowance
        assert games_in(stranger) == 4
        with service_of(stranger).session() as session:
            kept = session.scalars(select(VisitorGame.visitor)).all()
        assert len(kept) == 4 and not any("198.51" in v or "203.0" in v for v in kept)


def test_one_address_may_make_only_so_many_requests(db_url: str) -> None:
    app = create_app(db_url, bots=False, limits=VisitorLimits(games_per_hour=0,
                                                               requests_per_minute=5))
    with TestClient(app, client=("198.51.100.7", 5000)) as stranger, \
            TestClient(app, client=("203.0.113.9", 5000)) as neighbour:
        statuses = [stranger.get("/api/games").status_code for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        assert neighbour.get("/api/games").status_code == 200


def test_the_limits_are_off_unless_turned_on(client: TestClient) -> None:
    for _ in range(40):
        create(client)
    assert games_in(client) == 40


# ---------------------------------------------------------------- stopping
def test_stopping_ends_an_analysis_under_way(client: TestClient) -> None:
    """An analysis takes a minute or two, in a pool's thread that the process waits for at
    its exit: stopping the server ends it after the decision being judged."""
    from regalia.server.analysis import Analyses

    data = create(client, game="palais-royal", seats=["open", "open"])
    finish(client, data["game_id"])
    analyses = Analyses(service_of(client))
    job = analyses.job(data["game_id"])
    wait_for(lambda: job.done >= 1, 60.0)
    analyses.close()
    # (within the decision being judged: a few seconds, on a loaded machine more; the whole
    # analysis would take minutes, and end with no error)
    wait_for(lambda: job.error is not None, 60.0)
    assert job.report is None
    assert job.done < job.total  # it did not run to its end
