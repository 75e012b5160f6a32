"""The puzzle of the day at the board: today's puzzle (by the board's date), the solves kept
in the history, and the streaks they make — for the board's puzzle tile, the web page and
``kaskade puzzle`` alike.

Only today's puzzle solved today counts: an earlier day's puzzle may be tried any time, but
it is practice, and a streak is days in a row with their own puzzle solved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from controller.app.history import History, SolvedPuzzle
from controller.games.puzzle import Puzzle, puzzle_of, streaks


@dataclass(frozen=True)
class Standing:
    """How the puzzles of the day stand on this board."""

    today: Puzzle
    solved_today: SolvedPuzzle | None
    streak: int
    """Days in a row with their puzzle solved, up to today (or yesterday, while today's is
    open)."""
    longest: int
    solved: int
    """Puzzles of the day solved, all told."""

    def json(self) -> dict[str, object]:
        """As the web page reads it."""
        return {"solved_today": self.solved_today is not None,
                "tries": None if self.solved_today is None else self.solved_today.tries,
                "streak": self.streak, "longest": self.longest, "solved": self.solved}


def standing(history: History, today: date) -> Standing:
    """How the puzzles stand on ``today``."""
    kept = history.puzzles()
    days = [date.fromisoformat(solve.day).toordinal() for solve in kept]
    current, longest = streaks(days, today.toordinal())
    mine = next((solve for solve in kept if solve.day == today.isoformat()), None)
    return Standing(puzzle_of(today.toordinal()), mine, current, longest, len(kept))


def keep_solve(history: History, puzzle: Puzzle, now: datetime, tries: int,
               who: str = "") -> bool:
    """Keep a solve of ``puzzle`` at ``now`` if it is the puzzle of that day (the first solve
    of a day counts); whether it was kept."""
    day = now.date()
    if puzzle_of(day.toordinal()).id != puzzle.id:
        return False
    return history.solve_puzzle(SolvedPuzzle(day.isoformat(), puzzle.id,
                                             now.isoformat(timespec="seconds"), tries, who))


def streak_words(streak: int, language: str = "en") -> str:
    """``3 days in a row``, for the words after a solve."""
    if language == "de":
        return "1 Tag" if streak == 1 else f"{streak} Tage in Folge"
    return "1 day" if streak == 1 else f"{streak} days in a row"
