"""Whole games: stored records replay; hidden information; bad input; other editions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import regalia
from regalia.engine import Rng
from regalia.engine.errors import EditionError, IllegalAction, InvalidOption, InvalidRecord
from regalia.games.palais_royal.edition import BUILTIN_PATH, data_of, load_edition
from regalia.games.palais_royal.state import PalaisState
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    new,
    put_noble,
    set_rooms,
    start_turn,
    take_noble,
    to_step,
)

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))
TEXT = BUILTIN_PATH.read_text(encoding="utf-8")


def _version(path: Path) -> str:
    """The rules version a stored record was made under: "v2-" records under version 2,
    the others under version 1."""
    return "2" if path.stem.startswith("v2-") else "1"


def _caught_up(version: str) -> set[str]:
    """What a replay may say for a record of ``version``: the Mint's gold, which versions 1
    and 2 took unasked, and for version 1 the "done"s it did not ask for."""
    return {"mint", "done"} if version == "1" else {"mint"}


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_full_games_replay_from_stored_records(path: Path) -> None:
    # Whole games (2-4 players, several options): they replay to the same end, scores and
    # places; a rules change that alters any of them shows here.
    # They were made under rules version 1 or 2, which took the Mint's gold unasked (version
    # 3 asks: "mint"), and version 1 passed over a step in which a seat holding cards could
    # play none of them: the replay makes those decisions, and nothing else changes.
    record = regalia.Record.from_json(path.read_text(encoding="utf-8"))
    version = _version(path)
    assert record.rules_version == version
    st = regalia.replay(record)
    assert st.is_over()
    st.check_invariants()
    assert list(st.scores()) == record.result["scores"]
    assert list(st.ranking()) == record.result["ranking"]
    moves = st.moves()
    extra = list(moves)
    said: set[str] = set()
    for move in record.moves:  # the record's moves, in order, with only those between
        while extra[0] != move:
            said.add(extra.pop(0)["action"])
        extra.pop(0)
    while extra:
        said.add(extra.pop(0)["action"])
    assert "mint" in said and said <= _caught_up(version)
    if path.stem.startswith("3p-greedy-layout-gate"):  # a game with such a step
        assert "done" in said
    upgraded = st.record()
    assert upgraded.rules_version == "3"
    again = regalia.replay(upgraded.to_dict())
    assert again.moves() == moves and again.scores() == st.scores()


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_a_replay_says_where_the_decisions_it_caught_up_fall(path: Path) -> None:
    # Where the decisions said for an older record fall in the history: without them the
    # history is the record's moves. Told by the replay itself, not guessed by matching: a
    # "done" caught up just before a recorded "done" of the same seat would match either.
    record = regalia.Record.from_json(path.read_text(encoding="utf-8"))
    caught: list[int] = []
    moves = regalia.replay(record, caught_up=caught).moves()
    assert caught == sorted(set(caught))
    assert all(moves[i]["action"] in _caught_up(_version(path)) for i in caught)
    assert [m for i, m in enumerate(moves) if i not in set(caught)] == record.moves
    assert len(caught) == len(moves) - len(record.moves)
    current: list[int] = []
    regalia.replay(regalia.replay(record).record(), caught_up=current)
    assert current == []  # a record of this version has nothing to catch up


def test_a_record_with_a_wrong_move_does_not_replay() -> None:
    record = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    moves = record["moves"]
    i = next(k for k, m in enumerate(moves) if m.get("action", "").startswith("move "))
    moves[i]["action"] = "enlist a1"
    with pytest.raises(InvalidRecord):
        regalia.replay(record)


def test_a_record_with_a_wrong_chance_outcome_does_not_replay() -> None:
    record = json.loads(RECORDS[0].read_text(encoding="utf-8"))
    first = next(m for m in record["moves"] if m.get("chance") == "noble")
    first["outcome"] = "no-such-noble"
    with pytest.raises(InvalidRecord):
        regalia.replay(record)


def test_bad_options_are_refused() -> None:
    with pytest.raises(InvalidOption, match="layout"):
        regalia.new_game("palais-royal", 3, layout="spiral")
    with pytest.raises(InvalidOption, match="no option"):
        regalia.new_game("palais-royal", 3, rounds=4)
    with pytest.raises(regalia.engine.errors.InvalidPlayerCount):
        regalia.new_game("palais-royal", 5)


def test_malformed_and_illegal_actions_change_nothing() -> None:
    s = new(3)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply("enlist z9")
    with pytest.raises(IllegalAction):
        s.apply("draw")
    with pytest.raises(IllegalAction):
        s.apply(10_000)
    assert s.to_json() == before


def test_editions_that_break_printed_facts_are_refused_with_the_line() -> None:
    bad = TEXT.replace('count = 4\neffect = "gold"', 'count = 4\neffect = "gold-rush"')
    with pytest.raises(EditionError, match="unknown card effect") as err:
        load_edition(bad)
    assert err.value.line is not None
    fewer = TEXT.replace("[[nobles]]\nid = \"vp-24\"", "[[ignored]]\nid = \"vp-24\"")
    with pytest.raises(EditionError, match="42 noble tiles"):
        load_edition(fewer)
    with pytest.raises(EditionError, match="park has"):
        load_edition(TEXT.replace("rows = 6\n", "rows = 5\n", 1))
    with pytest.raises(EditionError, match="reasoning"):
        load_edition(TEXT.replace('reasoning = "See the top edge: 6/2 is', 'why = "', 1))


def test_a_card_adding_to_one_steps_count_is_refused_in_another_step() -> None:
    # The Messenger's amount is Stairway moves and the Recruiter's Parade-ground placements:
    # in another step the engine would give it to that step's count (or to nothing).
    messenger = 'effect = "moves"\namount = 2\nvp = 0\nphases = ["stairs"]'
    assert messenger in TEXT
    for phases in ('["parade"]', '["stairs", "rooms"]'):
        with pytest.raises(EditionError, match="its phases must be") as err:
            load_edition(TEXT.replace(messenger, messenger.replace('["stairs"]', phases)))
        assert err.value.line is not None
    recruiter = 'effect = "gate"\namount = 2\nvp = 0\nphases = ["parade"]'
    assert recruiter in TEXT
    with pytest.raises(EditionError, match="its phases must be"):
        load_edition(TEXT.replace(recruiter, recruiter.replace('["parade"]', '["enlist"]')))


def test_every_value_is_printed_with_a_source_or_reconstructed_with_reasoning() -> None:
    import tomllib

    data = tomllib.loads(TEXT)
    for table in ("nobles", "cards", "edges"):
        for entry in data[table]:
            prov = entry["provenance"]
            kinds = [prov] if isinstance(prov, str) else list(prov.values())
            assert kinds
            if "reconstructed" in kinds:
                assert len(entry["reasoning"]) > 40
            if "printed" in kinds:
                assert entry["source"]
    d = data_of(load_edition(None))
    assert len(d.nobles) == 42 and sum(c.count for c in d.cards) == 36
    assert len({c.effect for c in d.cards}) == 9
    printed = d.nobles[0]
    assert (printed.gold, printed.turquoise, printed.purple, printed.vp, printed.privilege,
            printed.amount) == (2, 2, 2, 4, "servants", 3)  # ludolegars' tile


def test_an_edition_with_other_values_changes_play() -> None:
    cheaper = TEXT.replace('id = "purse"\nname = "Purse"\ncount = 4\neffect = "gold"\n'
                           'amount = 2', 'id = "purse"\nname = "Purse"\ncount = 4\n'
                           'effect = "gold"\namount = 5')
    edition = load_edition(cheaper)
    s = regalia.new_game("palais-royal", 2, seed=3, edition=edition, layout="first-game")
    for _ in range(10):
        s.apply("place gate")
    clear_rooms(s)
    set_rooms(s, 0, parade=1)
    give_cards(s, 0, "gold")
    start_turn(s, 0)
    gold = s.gold[0]
    act(s, "play gold")
    assert s.gold[0] == gold + 5
    played = regalia.new_game("palais-royal", 2, seed=4, edition=edition)
    rng = Rng(4)
    for _ in range(200):
        if played.is_over():
            break
        legal = played.legal_actions()
        played.apply(legal[rng.below(len(legal))])
    record = played.record()
    assert record.edition is not None and "amount = 5" in record.edition["toml"]
    assert regalia.replay(record).to_json() == played.to_json()
    six_edges = TEXT.replace("first = 4\nsecond = 1", "first = 9\nsecond = 3")
    t = regalia.new_game("palais-royal", 2, seed=3, edition=load_edition(six_edges))
    assert t.d.edge_points[3] == (9, 3)


def test_determinize_resamples_others_hands_and_face_down_nobles_only() -> None:
    s = new(3, open_nobles=False)
    clear_rooms(s)
    set_rooms(s, 0, office=1, king=1, backdoor=2)
    give_cards(s, 0, "prestige")
    give_cards(s, 1, "moves", 2)
    give_cards(s, 2, "gold", 1)
    put_noble(s, "c3", "vp-1")
    s.gold[0] = 5
    take_noble(s, "d4", 1)  # seat 1 holds a noble (points-only or not)
    put_noble(s, "b2", "vp-4")
    take_noble(s, "b2", 2)  # seat 2 holds a points-only noble, face down
    start_turn(s, 0)
    to_step(s, 4)
    act(s, "enlist c3", "done", "draw")
    mine = list(s.drawn)
    face_down = sorted(s.nobles[0] + s.nobles[2])
    hands_differ = nobles_differ = False
    for k in range(40):
        for seat in (0, 1):
            d = s.determinize(seat, Rng(k))
            assert d.view(seat) == s.view(seat)
            d.check_invariants()
            assert d.box == s.box  # the box's tiles never lay in the park: nobody holds one
            if seat == 0:
                assert d.drawn == mine and d.hand[0] == s.hand[0]
                assert d.nobles[0] == s.nobles[0]
                hands_differ |= d.hand[1] != s.hand[1]
            else:
                assert d.hand[1] == s.hand[1] and d.nobles[1] == s.nobles[1]
                # Who holds which face-down tile is drawn again; which tiles they are is not.
                assert sorted(d.nobles[0] + d.nobles[2]) == face_down
                nobles_differ |= d.nobles[0] != s.nobles[0]
    assert hands_differ and nobles_differ


def test_determinize_keeps_every_noble_where_the_seats_remember_it_by_default() -> None:
    s = new(3)
    put_noble(s, "c3", "vp-1")
    take_noble(s, "c3", 0)
    put_noble(s, "b2", "vp-4")
    take_noble(s, "b2", 2)
    for k in range(20):
        d = s.determinize(1, Rng(k))
        assert d.nobles == s.nobles and d.box == s.box


def test_spectator_view_shows_no_hand_drawn_cards_or_face_down_noble() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, backdoor=2)
    give_cards(s, 0, "prestige")
    start_turn(s, 0)
    to_step(s, 6)
    act(s, "draw")
    v = s.view(None)
    assert v["drawn"] is None and v["drawn_count"] == 2
    assert all(seat["hand"] is None for seat in v["seats"])
    assert s.view(0)["drawn"] is not None
    assert "box" in v and isinstance(v["box"], int)


def test_caution_warns_before_wasting_moves() -> None:
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, stairs=2)
    set_rooms(s, 1, stairs=3)
    start_turn(s, 0)
    done = s.parse_action("done")
    assert "2 moves" in (s.caution(done, 0) or "")
    assert s.caution(s.legal_actions()[0], 0) is None


def _take_the_gold_until_over(s: PalaisState) -> int:
    """Play on, taking the Mint's gold in every turn that offers it (the only choice left);
    the number of times it was taken."""
    taken = 0
    while not s.is_over():
        assert [a.text for a in s.legal_actions()] == ["mint", "done", "end"]
        s.apply("mint")
        taken += 1
    return taken


def test_without_the_dead_position_rule_the_stall_rule_ends_such_a_game() -> None:
    s = new(2, dead_position=False, stall_rounds=5)
    clear_rooms(s)
    set_rooms(s, 0, mint=2)
    set_rooms(s, 1, gate=3)
    s._start_turn(0)
    s._legal = {}
    s._settle()
    _take_the_gold_until_over(s)
    assert s.round - s.last_enlist >= 5
    dead = new(2, stall_rounds=5)
    clear_rooms(dead)
    set_rooms(dead, 0, mint=2)
    set_rooms(dead, 1, gate=3)
    dead._start_turn(0)
    dead._legal = {}
    dead._settle()
    _take_the_gold_until_over(dead)
    assert dead.round < s.round  # the dead position ends it sooner


def test_dead_positions_end_the_game() -> None:
    # Nobody can ever enlist again (no Office servant anywhere) and no turn offers a choice
    # but the Mint's gold (which changes nothing else, so it counts as no choice here).
    s = new(2)
    clear_rooms(s)
    set_rooms(s, 0, mint=2)
    set_rooms(s, 1, gate=3)
    s._start_turn(0)
    s._legal = {}
    s._settle()
    gold = s.gold[0]
    assert _take_the_gold_until_over(s) <= 3
    assert s.is_over() and s.nobles_left() == 36 and s.gold[0] > gold


def test_a_game_saved_under_rules_version_1_loads_and_goes_on() -> None:
    # A save made before a seat holding cards was asked in every step: its history lacks the
    # "done"s this version asks for. It loads (they are said for it), as the same position.
    path = next(p for p in RECORDS if p.stem.startswith("3p-greedy-layout-gate"))
    full = regalia.replay(regalia.Record.from_json(path.read_text(encoding="utf-8")))
    walk = regalia.replay(full.record(), steps=0)
    lone: list[int] = []  # indices (in the history) of the "done"s version 1 did not ask for
    history = full.moves()
    for index, move in enumerate(history):
        if "chance" in move:
            continue
        if [a.text for a in walk.legal_actions()] in (["done"], ["done", "end"]):
            lone.append(index)
        walk.apply(move["action"], move["seat"])
    assert len(lone) >= 2, "the game never asked a seat for a lone done"
    # Cut the game just after a lone "done", at a real choice (where version 1 stopped too).
    cut = next(i for i in range(lone[len(lone) // 2] + 1, len(history))
               if "chance" not in history[i] and i not in lone
               and history[i]["action"] != "mint")
    now = regalia.replay(full.record(), steps=sum(1 for m in history[:cut] if "chance" not in m))
    saved = json.loads(now.to_json())
    assert len(saved["history"]) == cut
    # (and without the Mint's gold taken: version 1 took it unasked)
    saved["history"] = [e for i, e in enumerate(saved["history"])
                        if i not in lone and e[1:] != ["mint"]]
    saved["rules_version"] = "1"
    loaded = regalia.from_json(saved)
    assert loaded.view(None) == now.view(None)
    assert loaded.moves() == now.moves()  # the lone "done"s and the Mint's gold said again
    assert json.loads(loaded.to_json())["rules_version"] == "3"
    saved["rules_version"] = "0"
    with pytest.raises(InvalidRecord, match="rules version"):
        regalia.from_json(saved)
