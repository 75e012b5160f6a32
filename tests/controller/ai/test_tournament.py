"""Score tables from tournament results."""

from __future__ import annotations

from controller.ai.tournament import GameResult, score_table


def test_score_table_counts_both_seats():
    results = [*[GameResult(("a", "b"), 0, 10, (0.0, 0.0))] * 3,
               GameResult(("a", "b"), 1, 10, (0.0, 0.0)),
               GameResult(("b", "a"), None, 10, (0.0, 0.0))]
    table = score_table(results)
    assert table[("a", "b")] == (3.5, 5)
    assert table[("b", "a")] == (1.5, 5)
    assert score_table(results, seat=0)[("a", "b")] == (3.0, 4)
