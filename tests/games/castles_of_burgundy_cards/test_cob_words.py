"""What players read: the mover's sentence, the others' announcement, the log, cautions, the
score breakdown, and saves written before the fields were renamed."""

from __future__ import annotations

import json

import pytest

import regalia
from regalia.engine.bench import random_playout
from regalia.engine.errors import InvalidRecord
from regalia.engine.rng import Rng
from regalia.games.castles_of_burgundy_cards import pending as P
from regalia.games.castles_of_burgundy_cards.game_log import AARON_REVEAL, MOVE, SOLO_CHECK
from regalia.games.castles_of_burgundy_cards.scoring import aaron_score, player_score
from regalia.games.castles_of_burgundy_cards.state import CobState
from tests.games.castles_of_burgundy_cards.cob_helpers import (
    act,
    action,
    at_action,
    clear_table,
    decide,
    new,
    set_goods,
    set_hand,
    set_row,
)
from tests.support.playing import play_random


def test_describe_speaks_to_the_mover_and_announce_names_the_seat() -> None:
    s = new(2, seed=1)
    clear_table(s)
    set_row(s, 2, "castle-3")
    s.workers[0] = 2
    at_action(s, 0, 3)
    take = action(s, "take 2 castle-3")
    assert s.describe(take) == \
        "Take the castle (3) from display row 2 (1 worker turns the 3 into a 2)"
    assert s.announce(take, 0) == \
        "Player 1 takes the castle (3) from display row 2 (1 worker turns the 3 into a 2)"


def test_announce_is_third_person_for_every_kind_of_move() -> None:
    s = new(3, seed=4)
    rng = Rng(4)
    seen: set[str] = set()
    while s.to_move():
        seat = s.to_move()[0]
        for a in s.legal_actions(seat):
            said = s.announce(a, seat)
            name = s.seat_name(seat)
            assert said.startswith(name + " "), said
            verb = said[len(name) + 1:].split()[0]
            assert verb.endswith("s"), f"third person: {said}"
            assert " your " not in said and " you " not in said, said
            mine = s.describe(a)
            assert mine[0].isupper() and not mine.startswith(name), mine
            seen.add(a.kind)
        play_random(s, rng, 1)
    assert {"play", "take", "silver", "workers"} <= seen


def test_a_played_card_is_named_in_words_and_in_the_log() -> None:
    s = new(2, seed=1)
    clear_table(s)
    set_hand(s, 0, "ship-4", "mine-2")
    decide(s, 0)
    play = action(s, "play 4")
    assert s.describe(play) == "Play your ship (4)"
    assert s.announce(play, 0) == "Player 1 plays a ship (4)"
    act(s, "play 4")
    line = s.view(1)["log"][-1]
    assert line == {"round": "A", "kind": "move", "seat": 0, "action": "play 4",
                    "text": "Player 1 plays a ship (4)", "points": 0}
    assert s.view(0)["log"][-1]["text"] == "You play your ship (4)"


def test_plurals_follow_the_count() -> None:
    s = new(2, seed=1)
    s.workers[0], s.silver[0] = 1, 5
    decide(s, 0, (P.PAY, 2))
    assert s.describe(action(s, "pay 1")) == "Pay 1 worker and 5 silver"
    assert s.announce(action(s, "pay 0"), 0) == "Player 1 pays 0 workers and 6 silver"


def test_selling_says_how_many_goods_and_silver() -> None:
    s = new(2, seed=1)
    set_goods(s, 0, "light-1vp", "light-1vp")
    at_action(s, 0, 1)
    assert s.describe(action(s, "sell light")) == "Sell all your light goods (2: 2 silver)"


def test_the_solo_log_shows_aarons_reveals_and_the_end_of_round_check() -> None:
    s = new(1, seed=8)
    first = s.view(0)["log"]
    assert [e["kind"] for e in first] == ["aaron-reveal"]
    assert first[0]["seat"] == "aaron"
    assert first[0]["text"].startswith("Round A: Aaron reveals 3 cards: ")
    rng = Rng(2)
    while s.round_index == 0 and not s.game_over:
        play_random(s, rng, 1)
    kinds = [e[0] for e in s.log]
    checks = [e for e in s.log if e[0] == SOLO_CHECK]
    assert checks and checks[0][1] == 0, "round A ended with the comparison"
    assert kinds.index(SOLO_CHECK) < len(kinds) - 1 or s.game_over
    texts = [e["text"] for e in s.view(0)["log"]]
    check = next(t for t in texts if t.startswith("End of round A"))
    assert f"you {checks[0][2]} VP, Aaron {checks[0][3]} VP" in check
    if not s.game_over:
        assert any(t.startswith("Round B: Aaron reveals 4 cards") for t in texts)
        assert AARON_REVEAL in kinds[kinds.index(SOLO_CHECK):]


def test_the_solo_check_that_ends_the_game_says_so() -> None:
    s = new(1, seed=2)
    random_playout(s, Rng(2))
    last = s.view(0)["log"][-1]
    assert last["kind"] == "solo-check"
    yours, aarons = player_score(s, 0), aaron_score(s)
    verdict = "you lose" if s.solo_result() == "lost" else "you win"
    assert last["text"].endswith(verdict), last["text"]
    assert f"you {yours} VP, Aaron {aarons} VP" in last["text"]


def test_cloister_vp_from_aarons_reveal_is_in_the_log_text() -> None:
    for seed in range(40):
        s = new(1, seed=seed)
        entry = s.log[0]
        if entry[2]:
            assert "you take" in s.view(0)["log"][0]["text"]
            assert f"{entry[2]} VP for his" in s.view(0)["log"][0]["text"]
            return
    raise AssertionError("no reveal with a cloister in 40 seeds")


def test_caution_before_a_restock_that_gains_nothing() -> None:
    s = new(2, seed=1)
    s.workers[0] = 2
    at_action(s, 0, 3)
    assert s.caution(action(s, "workers"), 0) is not None
    assert "2 workers" in (s.caution(action(s, "workers"), 0) or "")
    assert s.caution(action(s, "silver"), 0) is None
    s.workers[0] = 1
    assert s.caution(action(s, "workers"), 0) is None


def test_score_parts_add_up_to_the_score() -> None:
    for players in (1, 2, 3, 4):
        s = regalia.new_game("castles-of-burgundy-cards", players, seed=players)
        rng = Rng(players)
        for steps in (100, 300, 10_000):
            play_random(s, rng, steps)
            view = s.view(None)
            for seat in view["seats"]:
                assert sum(p["vp"] for p in seat["score_parts"]) == seat["score"]
                assert all(p["vp"] for p in seat["score_parts"])
            if players == 1:
                aaron = view["aaron"]
                assert sum(p["vp"] for p in aaron["score_parts"]) == aaron["score"]
        assert s.is_over()
        assert any(view["seats"][0]["score_parts"]), "a finished game has points somewhere"


def test_a_save_with_the_old_field_names_still_loads() -> None:
    s = play_random(new(2, seed=3), Rng(3), 50)
    data = json.loads(s.to_json())
    renamed = {"round_index": "round", "current_seat": "cur", "goods_pile_sizes": "gp_count",
               "pending": "stack", "estates": "estate", "all_types_stack": "all7_stack"}
    state = data["state"]
    for new_key, old_key in renamed.items():
        state[old_key] = state.pop(new_key)
    loaded = CobState.from_json(data)
    assert loaded.view(0) == s.view(0)
    assert loaded.legal_actions() == s.legal_actions()


def test_a_save_whose_log_lacks_the_cards_played_is_refused() -> None:
    """Saves made before the log kept each played card cannot be checked against their own
    history (the cards are missing), so they are refused rather than taken on trust."""
    s = play_random(new(2, seed=3), Rng(3), 50)
    data = json.loads(s.to_json())
    data["state"]["log"] = [e[1:4] for e in data["state"]["log"] if e[0] == MOVE]
    with pytest.raises(InvalidRecord, match="not the ones its history leads to"):
        CobState.from_json(data)
