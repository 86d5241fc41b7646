"""docs/observations.md shows each game's layout exactly as layout() gives it."""

from __future__ import annotations

from pathlib import Path

import pytest

from regalia.rl.observations import doc_block
from tests.rl.observations.positions import GAMES_WITH_ENCODERS, player_counts

DOC = Path(__file__).resolve().parents[3] / "docs" / "observations.md"


@pytest.mark.parametrize("game_id", GAMES_WITH_ENCODERS)
def test_the_doc_shows_the_layout_of_every_player_count(game_id: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    block = doc_block(game_id, player_counts(game_id))
    assert block in text, (
        f"docs/observations.md is out of date for {game_id}: run python -c \"from "
        "regalia.rl.observations import update_doc; update_doc('docs/observations.md')\"")


def test_a_changed_layout_would_show() -> None:
    block = doc_block("ming-dynasty", player_counts("ming-dynasty"))
    shorter = doc_block("ming-dynasty", player_counts("ming-dynasty")[:-1])
    assert block != shorter and "| **total** |" in block
