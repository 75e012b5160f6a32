"""Golden transcripts: complete games whose every event and position is written down in
``golden/NAME.transcript`` beside the record ``golden/NAME.record``.

A change in the engine that alters any generation, capture or position fails here with a diff.
The final position of each game is also checked against the literal reference implementation,
so the files hold what the rules say, not merely what the engine once did. After an intended
change, regenerate with ``UPDATE_GOLDEN=1 make test`` and read the diff before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from controller.games.record import parse_record
from controller.games.replay import starting_state
from tests.support.kaskade_reference import ReferenceKaskade
from tests.support.transcript import transcript

GOLDEN = Path(__file__).parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record"))


def test_there_are_golden_games():
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_replays_exactly_as_written(path):
    record = parse_record(path.read_text(encoding="utf-8"))
    start = starting_state(record)
    actual = transcript(start, record.moves)
    expected_path = path.with_suffix(".transcript")
    if os.environ.get("UPDATE_GOLDEN"):
        expected_path.write_text(actual, encoding="utf-8")
    assert actual == expected_path.read_text(encoding="utf-8")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_the_game_ends_as_the_reference_rules_say(path):
    record = parse_record(path.read_text(encoding="utf-8"))
    start = starting_state(record)
    state = start.copy()
    reference = ReferenceKaskade(start.grid.width, start.grid.height)
    assert start.plies == 0, "golden games start from the empty board"
    for text in record.moves:
        move = state.parse_move(text)
        state.play(move)
        reference.play((move.cell % start.grid.width, move.cell // start.grid.width))
    assert state.is_over(), "golden games are complete"
    assert state.outcome().winner == reference.winner
    assert record.tag("Result") == state.info.players[reference.winner]
    for (file, rank), (owner, balls) in reference.board.items():
        cell = rank * start.grid.width + file
        assert (state.cell(cell).owner, state.cell(cell).balls) == (owner, balls)
