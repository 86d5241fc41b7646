"""A move's answer is sent before its game's bots are set moving: a bot's thread woken during
the request took the interpreter lock from the rest of it (benchmarks/README.md, "the bots
after the answer")."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from regalia.server import create_app

from .conftest import TOY, create


class Sent:
    """Notes each HTTP answer's start and body in ``events``, in order."""

    def __init__(self, app: ASGIApp, events: list[str]) -> None:
        self.app = app
        self.events = events

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def noted(message: Message) -> None:
            if message["type"].startswith("http.response"):
                self.events.append(message["type"])
            await send(message)

        await self.app(scope, receive, noted)


def test_the_bots_are_set_moving_after_the_moves_answer(tmp_path: Path) -> None:
    events: list[str] = []
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", hint_bot=None, clocks=False)
    with TestClient(Sent(app, events)) as client:
        runner = app.state.runner
        runner.kick = lambda game_id: events.append(f"kick {game_id}")  # the bots stay still
        game = create(client, TOY, ["me", "random", "random"])
        state = client.get("/api/seat?svg=false",
                           headers={"X-Seat-Token": game["tokens"][0]}).json()
        assert state["legal"], state
        events.clear()
        answer = client.post("/api/seat/act", headers={"X-Seat-Token": game["tokens"][0]},
                             json={"action": state["legal"][0]["action"],
                                   "turn": state["decisions"]})
        assert answer.status_code == 200, answer.text
        kicked = f"kick {game['game_id']}"
        assert kicked in events, events
        assert events.index("http.response.start") < events.index(kicked), events
        assert events.index("http.response.body") < events.index(kicked), events
