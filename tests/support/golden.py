"""Golden games of any game: a record beside its transcript; the replay must match the
transcript exactly. ``UPDATE_GOLDEN=1`` rewrites the transcripts (read the diff before
committing)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path

from controller.games.record import parse_record
from controller.games.replay import check_result, replay, starting_state
from tests.support.transcript import game_transcript


def check_golden(path: Path, name: Callable[[object], Callable[[int], str]],
                 names: Mapping[str, Callable[[int], str]] | None = None) -> None:
    """Replay the record at ``path`` and compare with ``path``'s ``.transcript``; ``name``
    gives, for the starting state, the function that names a place; ``names`` names other
    numbered things in events (event field -> namer)."""
    record = parse_record(path.read_text(encoding="utf-8"))
    start = starting_state(record)
    actual = game_transcript(start, record.moves, name(start), names)
    expected = path.with_suffix(".transcript")
    if os.environ.get("UPDATE_GOLDEN"):
        expected.write_text(actual, encoding="utf-8")
    assert actual == expected.read_text(encoding="utf-8")
    final = start.copy()
    replay(final, record.moves)
    assert final.is_over(), "golden games are complete"
    check_result(record, final)
