"""Rules the rules audit of 2026-11-26 found right in the engine but that no test held: each
test builds its position by hand and fails if the rule is broken.

SEED quotes are from the Chinese rules text the game was specified from, with an English gloss.
"""

from __future__ import annotations

from regalia.games.palais_royal.rooms import (
    BACKDOOR,
    CARDINAL,
    GATE,
    KING,
    MINT,
    OFFICE,
    PARADE,
    STAIRS,
)
from regalia.games.palais_royal.state import PalaisState
from tests.games.palais_royal.pr_helpers import (
    act,
    clear_rooms,
    give_cards,
    legal,
    new,
    put_noble,
    set_rooms,
    space,
    start_turn,
    to_step,
)

# Turn steps (state.phase) as the other Palais Royal tests number them.
PARADE_STEP, STAIRS_STEP, ROOMS_STEP, ENLIST_STEP, BACKDOOR_STEP = 1, 2, 3, 4, 6


def _empty_castle() -> PalaisState:
    """A 4-player game with every servant back in its play area, so that only the servants a
    test places count towards the majorities."""
    s = new()
    clear_rooms(s)
    return s


def test_parade_ground_switches_to_recruiting_from_rooms_when_the_play_area_runs_out() -> None:
    # SEED: 阅兵场中每有一个仆人,游戏者就可以从自己的游戏区域放置1个仆人到大门处。
    #       (One servant from the play area onto the Gate per Parade-ground servant.)
    # SEED: 向城堡房间中放置新的仆人时,它们总是来自游戏者的个人游戏区域,除非那里已经没有
    #       仆人。那么这时他可以从城堡里的其他房间移动自己的仆人。
    #       (New servants always come from the play area unless it is empty; then the player
    #       may take his servants from other rooms of the castle.)
    s = _empty_castle()
    set_rooms(s, 0, parade=3, mint=2, office=1)
    set_rooms(s, 0, gate=s.area[0] - 1)  # a single servant left in the play area
    assert s.area[0] == 1
    start_turn(s, 0)
    assert s.phase == PARADE_STEP and s.left == 4  # 3 + 1 for the sole majority
    assert legal(s) == ["recruit", "done", "end"]
    gate = s.servants[0][GATE]
    act(s, "recruit")  # the play area is now empty, part-way through the step
    # Broken, the step would end here (no placements left, or the turn passing on), or go on
    # offering a plain "recruit" with nothing to take it from, or offer the Gate as a source.
    assert s.area[0] == 0 and s.cur == 0 and s.phase == PARADE_STEP
    assert legal(s) == ["recruit from parade", "recruit from mint", "recruit from office",
                        "done", "end"]
    # The switch leaves the count alone: 4 placements - 1 made = 3 still to make.
    assert s.left == 3
    act(s, "recruit from mint", "recruit from office", "recruit from parade")
    assert s.servants[0][GATE] == gate + 4
    assert (s.servants[0][PARADE], s.servants[0][MINT], s.servants[0][OFFICE]) == (2, 1, 0)
    # All four placed; the Mint's gold is the only choice left (rules version 3).
    assert s.cur == 0 and legal(s) == ["mint", "done", "end"]
    act(s, "done")
    assert s.cur == 1  # nothing else to do, so the turn has passed
    s.check_invariants()


def test_parade_ground_and_stairway_ties_are_broken_by_the_cardinal() -> None:
    # SEED: 如果有若干游戏者在某个房间里的仆人数量相同,而其中一个或几个人在枢机主教处有仆人,
    #       那么其中在枢机主教处仆人最多的游戏者将赢得最多数。……使用枢机主教来赢得平手状况的
    #       游戏者,还可以获得最多数奖励。
    #       (Players tied in a room: the one with most servants in the Cardinal's room wins
    #       the majority, and with it the majority bonus.)
    # SEED (Parade ground / Stairway bonus): 可以向大门多放1个仆人 / 可以多移动1次。
    #       (One more servant onto the Gate / one more move.)
    # Seat 0 and seat 1 tie 2-2 on both the Parade ground and the Stairway; whoever holds the
    # Cardinal servant wins both ties. Broken, seat 0 would get 2 placements and 2 moves
    # with the Cardinal servant (a tie giving nobody the bonus), or 3 without it.
    for seat_with_cardinal, expected in ((0, 3), (1, 2)):
        s = _empty_castle()
        set_rooms(s, 0, parade=2, stairs=2)
        set_rooms(s, 1, parade=2, stairs=2)
        set_rooms(s, seat_with_cardinal, cardinal=1)
        start_turn(s, 0)
        assert s.phase == PARADE_STEP and s.left == expected  # 2 + the Parade bonus or not
        act(s, "done")
        assert s.phase == STAIRS_STEP and s.left == expected  # 2 + the Stairway bonus or not
        assert s.majority(PARADE, seat_with_cardinal) == 1
        assert s.majority(STAIRS, seat_with_cardinal) == 1


def test_three_way_tie_with_two_tied_in_the_cardinal_room_gives_nobody_the_bonus() -> None:
    # SEED: 如果平手的游戏者在枢机主教处依然平手,那么他们仍然不分胜负。
    #       (If the tied players are tied in the Cardinal's room too, the tie stands.)
    # Seats 0, 1 and 2 have 2 in the Mint; in the Cardinal's room 1, 1 and 0. Seat 2 is out
    # on the Cardinal and seats 0 and 1 are still tied, so nobody has the majority. Broken,
    # seat 2 could inherit it once the other two cancel out, or seat 0 or 1 could win it
    # (say by a >= comparison against the Cardinal), and seat 0 would take 3 gold.
    s = _empty_castle()
    for seat, cardinal in ((0, 1), (1, 1), (2, 0)):
        set_rooms(s, seat, mint=2, cardinal=cardinal)
    assert [s.majority(MINT, p) for p in range(s.players)] == [0, 0, 0, 0]
    assert s.majority_holder(MINT) == -1
    s.gold[0] = 0
    start_turn(s, 0)
    act(s, "mint")
    assert s.gold[0] == 2  # 2 Mint servants and no majority gold
    # The position does reach the Cardinal: without seat 1's Cardinal servant seat 0 wins.
    set_rooms(s, 1, cardinal=0)
    assert s.servants[1][CARDINAL] == 0 and s.majority_holder(MINT) == 0


def test_back_door_keeps_only_as_many_cards_as_servants_and_discards_the_rest() -> None:
    # SEED: 游戏者在后门每有一个仆人,他就从特权牌的抓牌堆上抓1张牌。他查看拿到的牌并决定保留
    #       哪些。他每保留一张牌,就要从后门拿走1个仆人,放回到自己的游戏区域。他将不想要的牌
    #       放进废牌堆。
    #       (One card per Back-door servant; each card kept sends one Back-door servant back
    #       to the play area; the cards not wanted go to the discard pile.)
    # With the Back stairs card (two more cards) one servant draws three cards, but only one
    # servant can pay for a card kept.
    s = _empty_castle()
    set_rooms(s, 0, backdoor=1)
    give_cards(s, 0, "backdoor")
    start_turn(s, 0)
    to_step(s, BACKDOOR_STEP)
    act(s, "play backdoor")
    discarded = sum(s.discard)  # the Back stairs card played is already there
    area = s.area[0]
    act(s, "draw")
    assert len(s.drawn) == 3
    keep = next(a for a in legal(s) if a.startswith("keep "))
    act(s, keep)
    # Broken, seat 0 would still be offered "keep ..." for the two other cards (cur still 0,
    # drawn not empty), or those two would vanish instead of reaching the discard pile.
    assert s.cur == 1 and s.drawn == []
    assert sum(s.hand[0]) == 1  # the card kept (the Back stairs card was played)
    assert s.servants[0][BACKDOOR] == 0 and s.area[0] == area + 1
    assert sum(s.discard) == discarded + 2
    s.check_invariants()


def test_edge_noble_enlisted_with_a_letter_of_appointment_leaves_a_servant_from_anywhere() -> None:
    # SEED: 游戏者所获得的贵族图块如果位于边沿……他还需要为每个这样的图块放置1个仆人。他将
    #       该仆人放在原先贵族图块所在的格里。该仆人可以出自他的游戏区域或者是城堡房间。
    #       (An edge noble costs one more servant, put on the noble's space; it may come from
    #       the play area or from the castle's rooms.)
    # The Letter of appointment (card effect "office") enlists without an Office servant, so
    # none is returned and seat 0 has none in the Office: the edge servant's sources are the
    # play area and the rooms still holding a seat-0 servant, the Gate among them.
    s = _empty_castle()
    set_rooms(s, 0, king=2, mint=1, backdoor=1, gate=2)
    give_cards(s, 0, "office")
    give_cards(s, 0, "prestige")  # a choice in every step, so to_step stops where asked
    put_noble(s, "a1", "vp-1")  # 1 gold, 1 turquoise; a corner, so an edge space
    s.gold[0] = 5
    start_turn(s, 0)
    to_step(s, ENLIST_STEP)
    assert "enlist a1" not in legal(s)  # no Office servant
    act(s, "play office", "enlist a1")
    assert s.t_office == 0 and s.servants[0][OFFICE] == 0
    assert s.servants[0][KING] == 1  # one turquoise seal spent
    # Broken, the Gate (a room with no action) or another room would be missing, or the
    # Office would be offered though it is empty, or "done" would skip the edge servant.
    assert legal(s) == ["leave area", "leave mint", "leave king", "leave backdoor",
                        "leave gate"]
    act(s, "leave gate")
    assert s.marker[space("a1", s)] == 0 and s.servants[0][GATE] == 1
    assert s.phase == ENLIST_STEP
    s.check_invariants()


def _asked_through_a_turn(effect: str) -> tuple[list[tuple[int, int, tuple[str, ...]]],
                                                 list[dict[str, object]]]:
    """Seat 0 holds one card of ``effect`` and nothing in the castle, and says "done" whenever
    asked: the steps it is asked in (with its choices) and what seat 1 sees each time."""
    s = _empty_castle()
    give_cards(s, 0, effect)
    start_turn(s, 0)
    asked: list[tuple[int, int, tuple[str, ...]]] = []
    seen: list[dict[str, object]] = []
    while s.cur == 0:
        asked.append((s.cur, s.phase, tuple(legal(s))))
        seen.append(s.view(1))
        act(s, "done")
    return asked, seen


def test_a_seat_holding_cards_is_asked_in_every_step_a_card_could_be_played_in() -> None:
    # The rules keep a hand secret, and at a table nobody is passed over: a seat holding a
    # card it cannot play in a step still says "done" there. Rules version 1 passed it over,
    # which told the others whether its hand held a card for that step.
    gold, gold_seen = _asked_through_a_turn("gold")  # playable in steps 1-4
    backdoor, backdoor_seen = _asked_through_a_turn("backdoor")  # in step 5 only
    steps = [phase for _, phase, _ in gold]
    assert steps == [phase for _, phase, _ in backdoor] == [1, 2, 3, 4, BACKDOOR_STEP]
    assert gold[0][2] == ("play gold", "done", "end")
    assert backdoor[0][2] == ("done", "end")  # asked all the same (version 1 skipped this)
    assert backdoor[-1][2] == ("play backdoor", "done")
    assert gold_seen == backdoor_seen  # seat 1 cannot tell the two hands apart


def test_a_seat_without_cards_is_still_passed_over_steps_with_nothing_to_do() -> None:
    s = _empty_castle()
    set_rooms(s, 0, cardinal=1)
    gold = s.gold[0]
    start_turn(s, 0)
    assert s.cur == 1  # seat 0 had no choice anywhere: its turn passed at once
    assert s.gold[0] == gold
    # With a Mint servant its only choice is the Mint's gold (rules version 3): asked there.
    set_rooms(s, 0, mint=1)
    start_turn(s, 0)
    assert s.cur == 0 and s.phase == ROOMS_STEP and legal(s) == ["mint", "done", "end"]
    act(s, "mint")
    assert s.cur == 1  # nothing else to do: the turn passed on
    assert s.gold[0] == gold + 1 + 1  # (the Mint's servant and its sole majority)
