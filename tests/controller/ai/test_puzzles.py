"""Every puzzle of the book proven by exact search — each right answer right, each wrong one
refuted, every legal move one or the other — Kaskade's again by a search on the game's own
engine that shares nothing with the one that made them; and a puzzle with a slip in it (a
wrong move called right, a right one called wrong, a refutation that does not refute, a move
left out) is caught."""

from __future__ import annotations

import dataclasses

import pytest

from controller.ai.puzzles import prove
from controller.games import GameState
from controller.games.puzzle import Node, Puzzle, book

ENGINE_EVERY = 8
"""Every eighth Kaskade puzzle is proven again on the game's engine (a search there takes
seconds; every puzzle is proven above)."""


def engine_wins_within(state: GameState, moves: int) -> bool:
    """The reference: whether the player to move wins within ``moves`` of their own moves
    against every answer, searched on the game's engine (play and undo)."""
    mover = state.to_move
    for move in state.legal_moves():
        state.play(move)
        won = state.is_over() and state.outcome().winner == mover
        holds = won or (moves > 1 and not state.is_over() and all(
            _answered(state, answer, moves - 1) for answer in state.legal_moves()))
        state.undo()
        if holds:
            return True
    return False


def _answered(state: GameState, answer, moves: int) -> bool:
    """Whether after ``answer`` the player to move before it still wins within ``moves``."""
    state.play(answer)
    lost = not state.is_over() and engine_wins_within(state, moves)
    state.undo()
    return lost


@pytest.mark.parametrize("puzzle", book(), ids=lambda p: p.id)
def test_every_puzzle_is_proven_by_exact_search(puzzle):
    assert prove(puzzle) == []


@pytest.mark.parametrize("puzzle", [p for p in book() if p.kind == "win"][::ENGINE_EVERY],
                         ids=lambda p: p.id)
def test_kaskade_answers_hold_on_the_games_own_engine(puzzle):
    """At the puzzle's position: the player wins within N but not N - 1; after each right
    first move every answer still loses within N - 1; after each wrong one its refutation
    escapes."""
    state = puzzle.start()
    moves = puzzle.moves
    assert engine_wins_within(state, moves)
    assert not engine_wins_within(state, moves - 1)
    for name, child in puzzle.root.right.items():
        state.play(state.parse_move(name))
        if child is not None:
            assert all(_answered(state, a, moves - 1) for a in state.legal_moves()), name
        state.undo()
    for name, refutation in puzzle.root.wrong.items():
        state.play(state.parse_move(name))
        assert refutation, f"{name}: a wrong move with moves left has its refutation"
        assert not _answered(state, state.parse_move(refutation), moves - 1), name
        state.undo()


def slips(puzzle: Puzzle) -> dict[str, Puzzle]:
    """The puzzle with one slip each: a wrong move called right, a right one called wrong, a
    legal move left out, and (Kaskade) a refutation swapped for an answer that loses."""
    root = puzzle.root
    right = next(iter(root.right))
    wrong = next(iter(root.wrong))
    found = {
        "a wrong move called right": dataclasses.replace(puzzle, root=Node(
            {**root.right, wrong: None}, {m: r for m, r in root.wrong.items() if m != wrong})),
        "a right move called wrong": dataclasses.replace(puzzle, root=Node(
            {m: c for m, c in root.right.items() if m != right}, {**root.wrong, right: ""})),
        "a move left out": dataclasses.replace(puzzle, root=Node(
            root.right, {m: r for m, r in root.wrong.items() if m != wrong})),
    }
    if puzzle.kind == "win":
        state = puzzle.start()
        sign = 1 if state.to_move == 0 else -1
        mine = next(state.move_name(place) for place, value in
                    zip(state.grid.places, state.cells, strict=True) if value * sign > 0)
        found["a refutation the rules do not allow"] = dataclasses.replace(puzzle, root=Node(
            root.right, {**root.wrong, wrong: mine}))  # the player's own cell: not an answer
        for move, _ in root.wrong.items():
            state.play(state.parse_move(move))
            weak = next((a for a in state.legal_moves()
                         if _answered(state, a, puzzle.moves - 1)), None)
            state.undo()
            if weak is not None:
                found["a refutation that does not refute"] = dataclasses.replace(
                    puzzle, root=Node(root.right, {**root.wrong,
                                                   move: state.move_name(weak)}))
                break
    return found


@pytest.mark.parametrize("kind", ["win", "stone", "deal"])
def test_a_slip_in_a_puzzle_is_caught(kind):
    puzzle = next(p for p in book() if p.kind == kind and len(p.root.wrong) >= 1)
    broken = slips(puzzle)
    assert len(broken) == (5 if kind == "win" else 3)
    for slip, wrong in broken.items():
        assert prove(wrong), f"{slip} is not caught"
