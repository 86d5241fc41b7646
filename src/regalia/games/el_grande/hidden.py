"""What El Grande hides, and how to resample it; and the game's conservation laws.

Hidden from the other seats: sealed disk choices until every seat has chosen, and which
played power card a player took back with the "Power Cards" card (RB p12). Everything else,
the Castillo included (its contents are announced, SEED 黑城堡说明), is public. Unrevealed
action cards are an unordered multiset, so there is nothing else to resample.
"""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING

from regalia.engine.rng import Rng
from regalia.games.el_grande.actions import CASTILLO, REGIONS
from regalia.games.el_grande.phases import OVER, S_SETUP, SEALED

if TYPE_CHECKING:
    from regalia.games.el_grande.state import ElGrandeState as St

ALL_POWER = 0b11111111111110


def hand_cards(mask: int) -> list[int]:
    return [v for v in range(1, 14) if mask >> v & 1]


def replay_hand(power_log: tuple[int, ...], takebacks: tuple[int, ...]) -> int | None:
    """The hand after a public power log (0 = a secret take-back), given the take-backs'
    cards in order; ``None`` if they do not fit (a card played while not in hand)."""
    hand, i = ALL_POWER, 0
    for v in power_log:
        if v:
            if not hand >> v & 1:
                return None
            hand &= ~(1 << v)
        else:
            c = takebacks[i]
            i += 1
            if hand >> c & 1:
                return None
            hand |= 1 << c
    return hand


def consistent_hands(power_log: tuple[int, ...]) -> list[int]:
    """Every hand (with repeats, one per take-back assignment) the public log allows."""
    n = power_log.count(0)
    out = []
    for combo in product(range(1, 14), repeat=n):
        hand = replay_hand(power_log, combo)
        if hand is not None:
            out.append(hand)
    return out


def determinize(st: St, seat: int, rng: Rng) -> None:
    if st.phase == OVER:
        return  # every hand is shown at the end (view): nothing is hidden any more
    for s in range(st.players):
        if s == seat:
            continue
        if st.power_log[s].count(0):
            hands = consistent_hands(st.power_log[s])
            st.hand[s] = hands[rng.below(len(hands))]
        if st.phase == SEALED and st.disks[s] >= 0:
            choices = st.disk_choices(s)
            st.disks[s] = choices[rng.below(len(choices))]


def check_invariants(st: St) -> None:
    """Raise AssertionError if a piece, power card or action card was made or lost."""
    parts, players = st.components, st.players
    for s in range(players):
        on_board = sum(st.board[a * players + s] for a in range(REGIONS + 1))
        total = on_board + st.court[s] + st.provinces[s]
        if st.phase == SEALED and st.disk_purpose == S_SETUP:
            total += parts.setup_disk  # the setup Caballero waits for its disk
        assert total == parts.caballeros, f"seat {s} has {total} Caballeros, not {parts.caballeros}"
        assert min(st.court[s], st.provinces[s]) >= 0, f"seat {s} has a negative court/provinces"
        assert all(st.board[a * players + s] >= 0 for a in range(REGIONS + 1))
        assert 0 <= st.grande_region[s] < REGIONS
        assert st.hand[s] & ~ALL_POWER == 0
        assert replay_hand(st.power_log[s], tuple(_takebacks(st, s))) == st.hand[s], \
            f"seat {s}'s hand does not follow from its power cards"
    assert 0 <= st.king_region < REGIONS, "the King is not in a region"
    assert st.king_region != CASTILLO
    on = [b for b in st.scoreboards if b >= 0]
    assert len(set(on)) == len(on), "both mobile scoreboards lie on one region"
    assert all(0 <= b <= CASTILLO for b in on)
    # 45 action cards: stacks + face-up (not kept Vetos) + kept Vetos + discarded
    where = [st.unrevealed[t] + st.discarded[t] for t in range(len(parts.cards))]
    for k in range(5):
        t = st.face_up[k]
        if t >= 0 and not (st.taken_by[k] >= 0 and parts.cards[t].kind == "veto"):
            where[t] += 1
    for v in st.vetos_held:
        where[v[2]] += 1
    if st.face_up[4] < 0:
        where[parts.stack_cards[4][0]] += 1
    for t, card in enumerate(parts.cards):
        assert where[t] == card.count, f"{where[t]} '{card.id}' cards, not {card.count}"
    if st.phase == OVER:
        assert st.seats_to_move == ()


def _takebacks(st: St, s: int) -> list[int]:
    """The cards seat ``s`` took back, in order, recovered from its true hand and log."""
    n = st.power_log[s].count(0)
    if not n:
        return []
    for combo in product(range(1, 14), repeat=n):
        if replay_hand(st.power_log[s], combo) == st.hand[s]:
            return list(combo)
    return [0] * n
