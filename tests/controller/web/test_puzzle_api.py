"""The puzzle of the day through the web companion: today's puzzle by the board's date, its
position drawn (on a build that holds it where this board cannot), the page's moves judged
each time from all of them, a solve kept for paired devices only, bad moves refused."""

from __future__ import annotations

from datetime import date

import pytest

from controller.games.puzzle import puzzle_of


def today(served) -> date:
    return served.app.wall_clock().date()


def right_line(puzzle) -> list[str]:
    node, moves = puzzle.root, []
    while node is not None:
        move, child = next(iter(node.right.items()))
        moves.append(move)
        node = None if child is None else child[1]
    return moves


def test_todays_puzzle_is_read_openly_with_its_position(served):
    status, answer = served.request("GET", "/api/puzzle")
    assert status == 200
    puzzle = puzzle_of(today(served).toordinal())
    assert (answer["id"], answer["kind"], answer["question"]) == \
        (puzzle.id, puzzle.kind, puzzle.question())
    assert answer["answers"] == []
    assert not answer["solved"]
    assert sorted(answer["legal"]) == sorted([*puzzle.root.right, *puzzle.root.wrong])
    board = answer["position"]["board"]
    assert len(answer["position"]["leds"]) == board["led_width"] * board["led_height"]
    assert board["own"] == (puzzle.kind != "deal"), "the solitaire needs a larger board"
    assert answer["standing"] == {"solved_today": False, "tries": None, "streak": 0,
                                  "longest": 0, "solved": 0}
    assert answer["day"] == today(served).isoformat()


def test_moves_are_judged_and_a_solve_is_kept(served):
    served.pair()
    puzzle = puzzle_of(today(served).toordinal())
    wrong = next(iter(puzzle.root.wrong))
    line = right_line(puzzle)
    status, answer = served.request("POST", "/api/puzzle", {"moves": [wrong]})
    assert status == 200
    assert answer["answers"][0]["right"] is False
    assert "not this one" in answer["answers"][0]["words"]
    assert answer["tries"] == 1
    assert not answer["solved"]
    status, answer = served.request("POST", "/api/puzzle", {"moves": [wrong, *line]})
    assert status == 200
    assert answer["solved"]
    assert answer["legal"] == []
    assert answer["answers"][-1]["words"].endswith("right — solved!")
    assert answer["standing"]["solved_today"] is True
    assert answer["standing"]["tries"] == 1
    (solve,) = served.app.store.history.puzzles()
    assert (solve.puzzle, solve.tries) == (puzzle.id, 1)


@pytest.mark.parametrize(("body", "error"), [
    ({"moves": "c3"}, "moves: a list of at most"),
    ({"moves": ["x" * 41]}, "moves: a list of at most"),
    ({"moves": ["zz99"]}, "moves: zz99"),
])
def test_bad_moves_are_refused_and_nothing_is_kept(served, body, error):
    served.pair()
    status, answer = served.request("POST", "/api/puzzle", body)
    assert status == 400
    assert error in answer["error"]
    assert served.app.store.history.puzzles() == []


def test_trying_a_move_needs_pairing(served):
    assert served.request("POST", "/api/puzzle", {"moves": []})[0] == 401
