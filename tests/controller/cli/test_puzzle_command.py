"""``kaskade puzzle``: today's puzzle typed through at the prompt — a wrong move refuted in
words, the right ones answered by the defence — kept in the history with the streak; another
day's is practice; ``--solved`` lists the solves; bad input is one clear line."""

from __future__ import annotations

import datetime

import pytest

from controller.app.history import History, SolvedPuzzle
from controller.cli import main
from controller.cli.puzzle import TerminalPuzzle
from controller.cli.terminal_game import Console
from controller.games.puzzle import puzzle_of

TODAY = datetime.datetime(2026, 11, 29, 19, 30)


class Script:
    """A console that types ``lines`` and keeps everything written."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.out: list[str] = []
        self.console = Console(write=self.out.append, read=self.read)

    def read(self, prompt: str) -> str:
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)

    @property
    def text(self) -> str:
        return "\n".join(self.out)


def right_line(puzzle) -> list[str]:
    node, moves = puzzle.root, []
    while node is not None:
        move, child = next(iter(node.right.items()))
        moves.append(move)
        node = None if child is None else child[1]
    return moves


def test_todays_puzzle_solved_at_the_keyboard_goes_into_the_history(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    history.solve_puzzle(SolvedPuzzle("2026-11-28", "x", "", 0, ""))
    puzzle = puzzle_of(TODAY.date().toordinal())
    wrong = next(iter(puzzle.root.wrong))
    script = Script(["help", "legal", wrong, *right_line(puzzle)])
    assert TerminalPuzzle(puzzle, script.console, history, lambda: TODAY).run() == 0
    text = script.text
    assert f"The puzzle of the day ({puzzle.id}" in text
    assert puzzle.question() in text
    assert f"{wrong}: not this one" in text
    assert "right — solved!" in text
    assert "Solved after 1 wrong move." in text
    assert "Kept in the history: 2 days in a row (longest 2)." in text
    assert next((s.day, s.puzzle, s.tries) for s in history.puzzles()) == \
        ("2026-11-29", puzzle.id, 1)


def test_a_second_solve_the_same_day_is_not_kept_again(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    puzzle = puzzle_of(TODAY.date().toordinal())
    for _ in range(2):
        script = Script(right_line(puzzle))
        TerminalPuzzle(puzzle, script.console, history, lambda: TODAY).run()
    assert "solved already today: the first solve counts" in script.text
    assert len(history.puzzles()) == 1


def test_the_answer_shown_is_not_kept_and_practice_is_not_kept(tmp_path):
    history = History(tmp_path / "history.sqlite3")
    puzzle = puzzle_of(TODAY.date().toordinal())
    script = Script(["answer", *right_line(puzzle)])
    TerminalPuzzle(puzzle, script.console, history, lambda: TODAY).run()
    assert f"Right now: {' or '.join(puzzle.root.right)}." in script.text
    assert "(with the answer shown: not kept in the history)" in script.text
    script = Script(right_line(puzzle))
    TerminalPuzzle(puzzle, script.console, None, lambda: TODAY).run()
    assert "(practice: not kept in the history)" in script.text
    assert history.puzzles() == []


def test_a_move_that_is_none_is_said_back_and_changes_nothing(tmp_path):
    puzzle = puzzle_of(TODAY.date().toordinal())
    script = Script(["zz99", "again", "quit"])
    assert TerminalPuzzle(puzzle, script.console, None, lambda: TODAY).run() == 0
    assert "zz99: " in script.text
    assert "Type 'legal' for the moves." in script.text


def test_the_solves_are_listed_with_the_streak(tmp_path, capsys):
    history = History(tmp_path / "history.sqlite3")
    for day, tries in (("2026-11-20", 0), ("2026-11-21", 2)):
        history.solve_puzzle(SolvedPuzzle(day, "kaskade-001", f"{day}T20:00:00", tries, ""))
    assert main(["puzzle", "--solved", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "2026-11-21  kaskade-001  solved after 2 wrong moves" in out
    assert "2026-11-20  kaskade-001  solved at the first try" in out
    assert "; longest 2; 2 solved in all." in out
    assert main(["puzzle", "--solved", "--state-dir", str(tmp_path / "new")]) == 0
    assert "No puzzle solved yet" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "error"), [
    (["puzzle", "--date", "29.11.2026"], "is not a date: write YYYY-MM-DD"),
    (["puzzle", "--out", "book.py"], "--out goes with --make-book"),
    (["puzzle", "--make-book", "2"], "--make-book N needs --out FILE"),
    (["puzzle", "--make-book", "0", "--out", "book.py"], "from 1 to 1000"),
])
def test_bad_input_is_one_clear_line(tmp_path, capsys, argv, error):
    try:
        status = main([*argv, "--state-dir", str(tmp_path)])
    except SystemExit as exit_:  # argparse's own refusal
        status = exit_.code
    assert status == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert error in err
    assert not (tmp_path / "book.py").exists()
