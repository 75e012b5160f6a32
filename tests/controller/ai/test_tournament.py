"""Ratings and score tables from tournament results."""

from __future__ import annotations

from controller.ai.tournament import GameResult, elo, score_table


def _games(first: str, second: str, first_wins: int, second_wins: int) -> list[GameResult]:
    wins = [GameResult((first, second), 0, 10, (0.0, 0.0))] * first_wins
    losses = [GameResult((first, second), 1, 10, (0.0, 0.0))] * second_wins
    return wins + losses


def test_even_results_give_equal_ratings():
    ratings = elo(_games("a", "b", 10, 10), anchor="a")
    assert ratings == {"a": 0.0, "b": 0.0}


def test_rating_gap_matches_the_win_rate():
    # 75 % expects about 191 Elo; the weak prior pulls it in a little.
    ratings = elo(_games("a", "b", 300, 100), anchor="b")
    assert 170 <= ratings["a"] <= 195


def test_a_ladder_of_pairings_keeps_its_order():
    """Each rung beats the one below by 65-90 %: every rating rises along the ladder, even
    though the middle players have twice as many games as the ends."""
    results = (_games("l2", "l1", 37, 3) + _games("l3", "l2", 39, 1)
               + _games("l4", "l3", 36, 4) + _games("l5", "l4", 27, 13))
    ratings = elo(results, anchor="l1")
    ladder = [ratings[f"l{n}"] for n in range(1, 6)]
    assert ladder == sorted(ladder)
    assert len(set(ladder)) == 5


def test_a_clean_sweep_gets_a_finite_rating():
    ratings = elo(_games("a", "b", 40, 0), anchor="b")
    assert 400 < ratings["a"] < 2000


def test_score_table_counts_both_seats():
    results = [*_games("a", "b", 3, 1), GameResult(("b", "a"), None, 10, (0.0, 0.0))]
    table = score_table(results)
    assert table[("a", "b")] == (3.5, 5)
    assert table[("b", "a")] == (1.5, 5)
