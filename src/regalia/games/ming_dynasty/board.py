"""The board's fixed shape: six provinces of three districts, their ids, the transport names.

The rules print six provinces of three districts each; which districts border which, and by
which transport, is the edition's (see edition.py). Districts are numbered 0-17, province by
province: district ``d`` lies in province ``d // 3`` and is written ``1a`` ... ``6c``.
"""

from __future__ import annotations

from typing import Final

N_PROVINCES: Final = 6
N_DISTRICTS: Final = 18
DISTRICT_IDS = tuple(f"{p + 1}{letter}" for p in range(N_PROVINCES) for letter in "abc")
DISTRICT_INDEX = {name: d for d, name in enumerate(DISTRICT_IDS)}
# The transport symbols an edition may print on borders and cards (reviews name horse,
# rickshaw and junk; the rest leave room for the real board). The dragon is no transport.
TRANSPORTS: Final[tuple[str, ...]] = ("horse", "rickshaw", "junk", "barge", "cart", "palanquin")
TRANSPORT_INDEX: Final = {t: i for i, t in enumerate(TRANSPORTS)}
DRAGON: Final = 6  # the dragon's index in a hand: after the transports
CARD_KINDS = (*TRANSPORTS, "dragon")
N_KINDS: Final = 7
# (literals, Final: compiled, mypyc writes them into the code instead of a global look-up)
assert len(TRANSPORTS) == DRAGON and len(CARD_KINDS) == N_KINDS
