"""The puzzle of the day, as data and as a walk through its answers: one a day by date, the
kinds by turns, the same for every caller; right moves answered by the defence the puzzle
holds, wrong ones counted and refuted, nothing after the solve; streaks of days in a row."""

from __future__ import annotations

from datetime import date

import pytest

from controller.games.puzzle import (
    GAME_OF,
    KINDS,
    PuzzleError,
    Quiz,
    book,
    find,
    puzzle_of,
    streaks,
    walk,
)


def answer_line(puzzle) -> list[str]:
    """The player's moves of one right line through the puzzle, to the solve."""
    node, moves = puzzle.root, []
    while True:
        move, child = next(iter(node.right.items()))
        moves.append(move)
        if child is None:
            return moves
        node = child[1]


def test_the_book_holds_every_kind_by_turns_each_puzzle_named_once():
    puzzles = book()
    assert len(puzzles) >= 3 * 2
    assert [p.kind for p in puzzles[:6]] == [*KINDS, *KINDS]
    assert len({p.id for p in puzzles}) == len(puzzles)
    assert len({p.position for p in puzzles}) == len(puzzles)
    for puzzle in puzzles:
        assert puzzle.id.startswith(GAME_OF[puzzle.kind] + "-")
        assert puzzle.start().info.name == puzzle.game
        assert not puzzle.start().is_over()


def test_a_day_has_one_puzzle_the_next_day_the_next_kind():
    day = date(2026, 11, 29).toordinal()
    assert puzzle_of(day) is puzzle_of(date(2026, 11, 29).toordinal()), "the same for everyone"
    kinds = [puzzle_of(day + n).kind for n in range(3)]
    assert sorted(kinds) == sorted(KINDS), "three days, three kinds"
    assert puzzle_of(day + len(book())) is puzzle_of(day), "round the book"
    assert find(puzzle_of(day).id) is puzzle_of(day)
    with pytest.raises(PuzzleError, match="no puzzle is called"):
        find("chess-001")


@pytest.mark.parametrize("kind", KINDS)
def test_a_right_line_solves_the_puzzle_with_the_defences_answers(kind):
    puzzle = next(p for p in book() if p.kind == kind)
    moves = answer_line(puzzle)
    state, answers = walk(puzzle, moves)
    assert [a.right for a in answers] == [True] * len(moves)
    assert answers[-1].solved
    assert not any(a.solved for a in answers[:-1])
    assert all(a.reply for a in answers[:-1]), "the defence answers each move but the last"
    assert len(moves) <= puzzle.moves
    if kind == "win":
        assert state.is_over()
        assert state.outcome().winner == puzzle.start().turn_player()
    with pytest.raises(PuzzleError, match="solved already"):
        walk(puzzle, [*moves, moves[-1]])


def test_a_wrong_move_counts_a_try_is_not_played_and_says_why():
    puzzle = next(p for p in book() if p.kind == "win" and
                  any(p.root.wrong.values()))
    wrong, refutation = next((m, r) for m, r in puzzle.root.wrong.items() if r)
    quiz = Quiz(puzzle)
    state = quiz.start()
    assert not quiz.judge(state, state.parse_move(wrong))
    assert quiz.tries == 1
    assert not quiz.solved
    assert quiz.reply(state) is None, "no answer is due after a wrong move"
    (answer,) = quiz.answers
    assert (answer.move, answer.right, answer.reply) == (wrong, False, refutation)
    assert f"answers {refutation} and holds out" in answer.words(puzzle, state)
    after, _answers = walk(puzzle, [wrong])
    assert after.position() == puzzle.start().position(), "the wrong move is not played"


def test_moves_that_are_no_moves_are_refused():
    puzzle = book()[0]
    with pytest.raises(PuzzleError):
        walk(puzzle, ["zz99"])
    state = puzzle.start()
    cells = [state.move_name(place) for place in state.grid.places]
    occupied = next(m for m in cells if m not in puzzle.root.right and
                    m not in puzzle.root.wrong)  # the other side's cell
    with pytest.raises(PuzzleError, match="not a move of this position"):
        walk(puzzle, [occupied])


def test_the_questions_say_who_moves_and_what_to_find():
    for puzzle in book()[:3]:
        question, short = puzzle.question(), puzzle.short("en")
        if puzzle.kind == "win":
            assert f"within {puzzle.moves} moves" in question
            assert short == f"{puzzle.player()} wins in {puzzle.moves}"
            assert puzzle.short("de").endswith(f"gewinnt in {puzzle.moves}")
        elif puzzle.kind == "stone":
            assert "only with one stone" in question
        else:
            assert "face up" in question
            assert puzzle.player() == "you"


@pytest.mark.parametrize(("solved", "today", "expected"), [
    ([], date(2026, 11, 29), (0, 0)),
    ([date(2026, 11, 27), date(2026, 11, 28)], date(2026, 11, 29), (2, 2)),
    ([date(2026, 11, 27), date(2026, 11, 28), date(2026, 11, 29)], date(2026, 11, 29), (3, 3)),
    ([date(2026, 11, 20), date(2026, 11, 21), date(2026, 11, 22), date(2026, 11, 29)],
     date(2026, 11, 29), (1, 3)),
    ([date(2026, 11, 26), date(2026, 11, 27)], date(2026, 11, 29), (0, 2)),
    ([date(2026, 12, 31), date(2027, 1, 1)], date(2027, 1, 1), (2, 2)),
])
def test_a_streak_is_days_in_a_row_up_to_today_or_yesterday(solved, today, expected):
    assert streaks([day.toordinal() for day in solved], today.toordinal()) == expected
