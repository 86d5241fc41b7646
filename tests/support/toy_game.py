"""Sealed Bids: a tiny game with chance, hidden hands and sealed simultaneous choices.

It exists to test the engine, the conformance suite and the CLI without depending on a real
game. Two to four players are dealt three cards each from a small deck; in each of three
rounds everyone secretly bids one card; the highest bid that nobody else made scores its value.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from regalia.engine import Action, ActionTable, GameInfo, Option, State, register
from regalia.engine.edition import Edition, make_edition, read_edition
from regalia.engine.rng import Rng

GAME_ID = "toy-sealed-bids"
EDITION = Path(__file__).with_name("toy_edition.toml")
ACTIONS = ActionTable(GAME_ID)
for _v in range(1, 10):
    ACTIONS.add("bid", (_v,), f"bid {_v}")
ACTIONS.add("pass", (), "pass")

_default: Edition | None = None


def load_edition(source: str | Path | None) -> Edition:
    global _default
    if source is None and _default is not None:
        return _default
    reader = read_edition(GAME_ID, source, EDITION)
    deck: list[int] = []
    for i, _entry in reader.entries("cards"):
        value = reader.get(("cards", i, "value"), int)
        if not 1 <= value <= 9:
            raise reader.error(f"card value {value} is outside 1..9", "cards", i, "value")
        count = reader.get(("cards", i, "count"), int)
        if not 1 <= count <= 20:  # an edition is untrusted: no deck of a billion cards
            raise reader.error(f"card count {count} is outside 1..20", "cards", i, "count")
        deck += [value] * count
    if len(deck) < 12:  # four players are dealt three cards each
        raise reader.error(f"the deck needs at least 12 cards, not {len(deck)}", "cards")
    edition = make_edition(reader, builtin=source is None, components={"deck": deck})
    if source is None:
        _default = edition
    return edition


class ToyState(State):
    GAME_ID = GAME_ID
    __slots__ = ("bids", "deck", "hands", "round", "score", "won")

    def _setup(self) -> None:
        self.deck = list(self.edition.components["deck"])
        self.hands = [[] for _ in range(self.players)]
        for seat in range(self.players):
            for _ in range(self.options["hand"]):
                card = self._draw(f"deal{seat}", self.deck)
                self.deck.remove(card)
                self.hands[seat].append(card)
        self.bids: list[int | None] = [None] * self.players
        self.round = 1
        self.score = [0] * self.players
        self.won: list[list[int]] = []

    def to_move(self) -> tuple[int, ...]:
        if self.round > self.options["hand"]:
            return ()
        return tuple(s for s in range(self.players) if self.bids[s] is None)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.options["allow_pass"]:
            return [ACTIONS.get("bid", v) for v in sorted(set(self.hands[seat]))] + [
                ACTIONS.get("pass")]
        return [ACTIONS.get("bid", v) for v in sorted(set(self.hands[seat]))]

    def _apply(self, action: Action, seat: int) -> None:
        if action.kind == "bid":
            self.hands[seat].remove(action.args[0])
            self.bids[seat] = action.args[0]
        else:
            self.bids[seat] = 0
        if all(b is not None for b in self.bids):
            bids = [b or 0 for b in self.bids]
            unique = [b for b in bids if b and bids.count(b) == 1]
            if unique:
                best = max(unique)
                self.score[bids.index(best)] += best
            self.won.append(bids)
            self.bids = [None] * self.players
            self.round += 1

    def is_over(self) -> bool:
        return self.round > self.options["hand"]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.score)

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            "round": self.round,
            "scores": list(self.score),
            "history": [list(b) for b in self.won],
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "bid_made": [b is not None for b in self.bids],
            "my_bid": self.bids[seat] if seat is not None else None,
        }

    def _copy(self) -> ToyState:
        new = ToyState.__new__(ToyState)
        new.deck = list(self.deck)
        new.hands = [list(h) for h in self.hands]
        new.bids = list(self.bids)
        new.round = self.round
        new.score = list(self.score)
        new.won = [list(b) for b in self.won]
        return new

    def _dump(self) -> dict[str, Any]:
        return {"deck": self.deck, "hands": self.hands, "bids": self.bids, "round": self.round,
                "score": self.score, "won": self.won}

    def _load(self, data: Mapping[str, Any]) -> None:
        self.deck = list(data["deck"])
        self.hands = [list(h) for h in data["hands"]]
        self.bids = list(data["bids"])
        self.round = data["round"]
        self.score = list(data["score"])
        self.won = [list(b) for b in data["won"]]

    def _determinize(self, seat: int, rng: Rng) -> None:
        # Others' hands and sealed bids are hidden: pool them with the deck and redeal.
        pool = list(self.deck)
        for other in range(self.players):
            if other != seat:
                pool += self.hands[other]
                if self.bids[other]:
                    pool.append(self.bids[other])  # type: ignore[arg-type]
        pool.sort()  # (else the true split's order would steer the sample)
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat:
                n = len(self.hands[other])
                self.hands[other] = [pool.pop() for _ in range(n)]
                if self.bids[other]:
                    self.bids[other] = pool.pop()
        self.deck = sorted(pool)

    def check_invariants(self) -> None:
        everything = list(self.deck) + [c for h in self.hands for c in h]
        everything += [b for b in self.bids if b]
        everything += [b for bids in self.won for b in bids if b]
        assert sorted(everything) == sorted(self.edition.components["deck"]), "cards lost"

    def describe(self, action: Action) -> str:
        return "Pass" if action.kind == "pass" else f"Bid {action.args[0]}"

    def seat_name(self, seat: int) -> str:
        return ("North", "East", "South", "West")[seat]


def render_text(view: Mapping[str, Any]) -> str:
    return f"[bold]Round {view['round']}[/] scores {view['scores']} hand {view['hand']}"


def render_svg(view: Mapping[str, Any]) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">'
        f'<text x="5" y="20">Round {view["round"]}: {view["scores"]}</text></svg>'
    )


INFO = GameInfo(
    id=GAME_ID,
    title="Sealed Bids",
    designers=("Regalia tests",),
    year=2026,
    min_players=2,
    max_players=4,
    default_players=3,
    rules_version="1",
    summary="A test game: sealed bids of hidden cards.",
    state_class=ToyState,
    actions=ACTIONS,
    load_edition=load_edition,
    options=(
        Option("hand", 3, "cards dealt to each player (and rounds played)", (2, 3)),
        Option("allow_pass", False, "whether a player may bid nothing"),
    ),
    render_text=render_text,
    render_svg=render_svg,
    seat_names=lambda n: ("North", "East", "South", "West")[:n],
)


def install() -> GameInfo:
    """Register the toy game (tests call this; it is not a built-in game)."""
    return register(INFO)
