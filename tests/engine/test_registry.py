"""The registry: unknown games, options and player counts get clear errors."""

import pytest

import regalia
from regalia.engine import InvalidOption, InvalidPlayerCount, UnknownGame

TOY = "toy-sealed-bids"


def test_registered_games_are_listed_with_their_metadata() -> None:
    info = regalia.get_game(TOY)
    assert info in regalia.list_games()
    assert list(info.player_counts) == [2, 3, 4]


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=f"unknown game 'chess'.*{TOY}"):
        regalia.new_game("chess", 2)


@pytest.mark.parametrize("players", [1, 5, 0, "3", 2.5, True])
def test_wrong_player_counts_are_refused(players: object) -> None:
    with pytest.raises(InvalidPlayerCount):
        regalia.new_game(TOY, players)  # type: ignore[arg-type]


def test_unknown_option_is_refused_with_the_known_ones() -> None:
    with pytest.raises(InvalidOption, match=r"no option 'speed'.*hand, allow_pass"):
        regalia.new_game(TOY, 3, speed=2)


@pytest.mark.parametrize(("name", "value"), [("hand", 4), ("hand", "x"), ("allow_pass", "maybe")])
def test_bad_option_values_are_refused(name: str, value: object) -> None:
    with pytest.raises(InvalidOption, match=name):
        regalia.new_game(TOY, 3, **{name: value})


def test_option_text_values_are_converted() -> None:
    state = regalia.new_game(TOY, 3, hand="2", allow_pass="yes")
    assert state.options == {"hand": 2, "allow_pass": True}


def test_bad_seed_is_refused() -> None:
    with pytest.raises(InvalidOption, match="seed"):
        regalia.new_game(TOY, 3, seed="lucky")  # type: ignore[arg-type]


def test_no_seed_draws_one_and_records_it() -> None:
    state = regalia.new_game(TOY, 3)
    assert isinstance(state.seed, int) and state.record().seed == state.seed
