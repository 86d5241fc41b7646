"""The observation tensors stay the bytes they were when recorded (recorded.py says how)."""

from __future__ import annotations

import json

import pytest

from tests.rl.observations.recorded import RECORDED, cases, digest, key

EXPECTED = json.loads(RECORDED.read_text(encoding="utf-8"))
CASES = cases()


def test_every_case_is_recorded() -> None:
    assert sorted(EXPECTED) == sorted(key(*c) for c in CASES)


@pytest.mark.parametrize(("game_id", "players", "encoding"), CASES,
                         ids=[key(*c) for c in CASES])
def test_observations_are_the_recorded_bytes(game_id: str, players: int, encoding: str) -> None:
    assert digest(game_id, players, encoding) == EXPECTED[key(game_id, players, encoding)]
