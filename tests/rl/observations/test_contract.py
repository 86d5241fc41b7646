"""What every game's observation encoder promises, checked over random playouts."""

from __future__ import annotations

import math

import pytest

import regalia
from regalia.engine import Rng
from regalia.engine.errors import RegaliaError
from regalia.rl.observations import HIGH, LOW, encoder, seat_order
from tests.rl.observations.positions import GAMES_WITH_ENCODERS, cases, player_counts, positions

# The tests register a toy game of their own, which has no encoder.
REAL_GAMES = ("el-grande", "castles-of-burgundy-cards", "palais-royal", "ming-dynasty",
              "shadow-of-the-emperor")
CASES = cases()
IDS = [f"{g}-{n}p" for g, n in CASES]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_length_is_the_layouts_and_every_number_is_in_range(game_id: str, players: int) -> None:
    enc = encoder(game_id)
    length = enc.size(players)
    assert length == sum(f.length for f in enc.layout(players)) > 0
    seen = 0
    for state in positions(game_id, players):
        for seat in (None, *range(players)):
            x = enc.encode(state.view(seat), players)
            assert len(x) == length
            assert all(isinstance(v, float) and math.isfinite(v) and LOW <= v <= HIGH
                       for v in x), [(i, v) for i, v in enumerate(x) if not LOW <= v <= HIGH]
            seen += 1
    assert seen > 20


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_states_with_the_same_view_encode_alike(game_id: str, players: int) -> None:
    enc = encoder(game_id)
    rng = Rng(7)
    for state in positions(game_id, players, games=1, every=9, seed=50):
        if state.is_over():
            continue
        for seat in range(players):
            mine = enc.encode(state.view(seat), players)
            for _ in range(2):
                other = state.determinize(seat, rng)
                assert enc.encode(other.view(seat), players) == mine


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_encodings_vary_over_a_game(game_id: str, players: int) -> None:
    enc = encoder(game_id)
    distinct = {tuple(enc.encode(s.view(0), players)) for s in positions(game_id, players,
                                                                          games=1)}
    assert len(distinct) > 5


@pytest.mark.parametrize("game_id", GAMES_WITH_ENCODERS)
def test_every_field_is_named_and_described(game_id: str) -> None:
    for players in player_counts(game_id):
        layout = encoder(game_id).layout(players)
        names = [f.name for f in layout]
        assert len(set(names)) == len(names)
        assert all(f.length > 0 and f.meaning for f in layout)


@pytest.mark.parametrize("game_id", GAMES_WITH_ENCODERS)
def test_a_view_of_another_player_count_is_refused(game_id: str) -> None:
    counts = player_counts(game_id)
    view = regalia.new_game(game_id, counts[-1], seed=3).view(0)
    with pytest.raises(RegaliaError, match="player"):
        encoder(game_id).encode(view, counts[0])


def test_every_registered_game_has_an_encoder() -> None:
    real = {info.id for info in regalia.list_games() if info.id in REAL_GAMES}
    assert real == set(GAMES_WITH_ENCODERS) == set(REAL_GAMES)
    for game_id in real:
        assert encoder(game_id).size(player_counts(game_id)[0]) > 0


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(RegaliaError, match="no observation encoding for game 'tic-tac-toe'"):
        encoder("tic-tac-toe")


def test_the_viewer_comes_first_then_the_seats_after_it() -> None:
    assert seat_order(2, 4) == [2, 3, 0, 1]
    assert seat_order(None, 3) == [0, 1, 2]
