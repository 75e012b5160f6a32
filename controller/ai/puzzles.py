"""Puzzles made and proven by the computer's exact searches (:mod:`controller.games.puzzle`).

* **Kaskade, win in N**: an AND-OR search to a fixed depth — does the player to move have a
  move that, against every answer, leaves a win within one move fewer — over every legal move
  and every answer, nothing pruned by judgement: a proof. The defence in the book is the
  answer that holds out longest (the win then takes all N moves).
* **Cascades**: top 4 is solved outright (:func:`controller.ai.cascades_perfect.
  action_values`): every action's value under perfect play.
* **The Decktet solitaire**: the solver decides a position (:func:`controller.ai.solitaire.
  solve`): "winnable" with a winning line, which is replayed to a win, or "lost" when every
  order of moves has been searched to the end.

:func:`prove` proves a puzzle again from its position alone — each right move right, each
wrong move wrong, every legal move one or the other — and :func:`make_book` makes the book.
The searches are bounded by steps, never by time, so a proof says the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from controller.ai.base import Budget
from controller.ai.cascades_perfect import action_values
from controller.ai.kaskade.board import SearchBoard
from controller.ai.solitaire import LOST, WINNABLE, solve
from controller.games import CHANCE, GameState
from controller.games.cascades import CascadesState
from controller.games.cascades.moves import Place as Stone
from controller.games.cascades_decktet import CascadesDecktetState
from controller.games.kaskade import KaskadeState
from controller.games.puzzle import GAME_OF, KINDS, Node, Puzzle

KASKADE_SIZE = (5, 5)
"""Kaskade's puzzles are set on 5 x 5, which every reference build's board holds."""
CASCADES_TOP = 4
"""Cascades' puzzles are set on top 4, solved outright and held by every reference build."""
SOLVER_STEPS = 2_000_000
"""Positions the solitaire's solver may search to decide one position of a puzzle (every
position of the book takes far fewer)."""

Tree = tuple[dict[str, Any], dict[str, str]]
"""A node as the book writes it: ``(right, wrong)`` — see :class:`controller.games.puzzle.
Node`; a right move's child is ``(reply, tree)`` or ``None``."""


# -- Kaskade: a win within N moves ------------------------------------------------------------

def wins_within(board: SearchBoard, moves: int) -> bool:
    """Whether the player to move on ``board`` takes every cell of the other's within
    ``moves`` of their own moves, whatever the other answers (every move and answer tried)."""
    for move in board.moves():
        if board.play(move):
            board.undo()
            return True
        holds = moves > 1 and _all_answers_lose(board, moves - 1)
        board.undo()
        if holds:
            return True
    return False


def _all_answers_lose(board: SearchBoard, moves: int) -> bool:
    """Whether every answer of the player to move on ``board`` leaves the other a win within
    ``moves``."""
    for answer in board.moves():
        won = board.play(answer)
        lost = not won and wins_within(board, moves)
        board.undo()
        if not lost:
            return False
    return True


def win_length(board: SearchBoard, limit: int) -> int | None:
    """The fewest moves the player to move needs to win (at most ``limit``), or ``None``."""
    return next((moves for moves in range(1, limit + 1) if wins_within(board, moves)), None)


def kaskade_tree(state: KaskadeState, moves: int) -> Tree:
    """The book's tree of ``state`` for a win within ``moves``: every legal move, right (with
    the answer that holds out longest, and the tree after it) or wrong (with an answer that
    refutes it)."""
    board = SearchBoard(state)
    names = [state.move_name(place) for place in state.grid.places]
    return _kaskade_node(board, moves, names)


def _kaskade_node(board: SearchBoard, moves: int, names: list[str]) -> Tree:
    right: dict[str, Any] = {}
    wrong: dict[str, str] = {}
    for move in board.moves():
        if board.play(move):
            right[names[move]] = None
            board.undo()
            continue
        refutation, longest = None, None
        for answer in board.moves() if moves > 1 else ():
            won = board.play(answer)
            length = None if won else win_length(board, moves - 1)
            board.undo()
            if length is None:
                refutation = answer
                break
            if longest is None or length > longest[0]:
                longest = (length, answer)
        if moves > 1 and refutation is None and longest is not None:
            board.play(longest[1])
            right[names[move]] = (names[longest[1]], _kaskade_node(board, moves - 1, names))
            board.undo()
        else:
            wrong[names[move]] = "" if refutation is None else names[refutation]
        board.undo()
    return right, wrong


def _prove_kaskade(puzzle: Puzzle, problems: list[str]) -> None:
    state = puzzle.start()
    assert isinstance(state, KaskadeState)
    board = SearchBoard(state)
    names = [state.move_name(place) for place in state.grid.places]
    cells = {name: cell for cell, name in enumerate(names)}
    if win_length(board, puzzle.moves - 1) is not None:
        problems.append(f"{puzzle.id}: won in fewer than {puzzle.moves} moves")
    _prove_kaskade_node(board, puzzle.root, puzzle.moves, names, cells, puzzle.id, problems)


def _prove_kaskade_node(board: SearchBoard, node: Node, moves: int, names: list[str],
                        cells: dict[str, int], where: str, problems: list[str]) -> None:
    legal = {names[move] for move in board.moves()}
    if set(node.right) | set(node.wrong) != legal or set(node.right) & set(node.wrong):
        problems.append(f"{where}: the right and wrong moves are not the legal moves")
        return
    if not node.right:
        problems.append(f"{where}: no right move")
    for name, child in node.right.items():
        won = board.play(cells[name])
        if child is None:
            if not won:
                problems.append(f"{where} {name}: does not win at once")
        elif won:
            problems.append(f"{where} {name}: wins at once, but the book plays on")
        elif moves < 2 or not _all_answers_lose(board, moves - 1):
            problems.append(f"{where} {name}: an answer escapes")
        elif child[0] not in {names[a] for a in board.moves()}:
            problems.append(f"{where} {name}: the answer {child[0]} is not legal")
        else:
            board.play(cells[child[0]])
            _prove_kaskade_node(board, child[1], moves - 1, names, cells,
                                f"{where} {name} {child[0]}", problems)
            board.undo()
        board.undo()
    for name, refutation in node.wrong.items():
        won = board.play(cells[name])
        if won:
            problems.append(f"{where} {name}: wins at once, yet is called wrong")
        elif moves > 1 and refutation not in {names[a] for a in board.moves()}:
            problems.append(f"{where} {name} {refutation}: not an answer the rules allow")
        elif moves > 1:
            answered = board.play(cells[refutation])
            if not answered and wins_within(board, moves - 1):
                problems.append(f"{where} {name} {refutation}: does not refute")
            board.undo()
        board.undo()


# -- Cascades on a solved top -------------------------------------------------------------------

def cascades_tree(state: CascadesState) -> Tree | None:
    """The tree of a Cascades position where exactly one stone wins under perfect play (every
    other action loses or draws), or ``None`` when the position is no such puzzle."""
    values = action_values(state)
    winning = [move for move, value in values.items() if value == 1]
    if len(winning) != 1 or not isinstance(winning[0], Stone):
        return None
    return ({state.move_name(winning[0]): None},
            {state.move_name(move): "" for move, value in values.items() if value < 1})


def _prove_cascades(puzzle: Puzzle, problems: list[str]) -> None:
    state = puzzle.start()
    assert isinstance(state, CascadesState)
    values = {state.move_name(move): value for move, value in action_values(state).items()}
    if set(puzzle.root.right) | set(puzzle.root.wrong) != set(values):
        problems.append(f"{puzzle.id}: the right and wrong moves are not the legal moves")
    for name in puzzle.root.right:
        if values.get(name) != 1:
            problems.append(f"{puzzle.id} {name}: does not win with perfect play")
    for name in puzzle.root.wrong:
        if values.get(name, 1) >= 1:
            problems.append(f"{puzzle.id} {name}: wins too, yet is called wrong")


# -- the Decktet solitaire ------------------------------------------------------------------------

def _decide(state: CascadesDecktetState) -> str:
    """The solver's verdict on ``state``, a winning line replayed to a win first."""
    verdict = solve(state, Budget(steps=SOLVER_STEPS))
    if verdict.answer == WINNABLE:
        line = state.copy()
        for move in verdict.line:
            line.play(move)
        outcome = line.outcome()
        return WINNABLE if outcome is not None and outcome.winner == 0 else \
            "a line that does not win"
    return verdict.answer


def all_seen(state: CascadesDecktetState) -> bool:
    """Whether every card still out of the tiers has been face up: the player knows what the
    solver knows."""
    out = set(state.stock) | set(state.waste) | {card for pile in state.reserves
                                                 for card in pile}
    return all(state.seen >> card & 1 for card in out)


def decktet_tree(state: CascadesDecktetState) -> Tree | None:
    """The tree of a solitaire position with every card out face up where exactly one move
    keeps the deal winnable (every other is proven lost), or ``None``."""
    if not all_seen(state) or len(state.legal_moves()) < 3:
        return None
    right, wrong = [], []
    for move in state.legal_moves():
        after = state.copy()
        after.play(move)
        verdict = _decide(after)
        if verdict == WINNABLE:
            right.append(move)
        elif verdict == LOST:
            wrong.append(move)
        else:
            return None
    if len(right) != 1:
        return None
    return ({state.move_name(right[0]): None}, {state.move_name(move): "" for move in wrong})


def _prove_decktet(puzzle: Puzzle, problems: list[str]) -> None:
    state = puzzle.start()
    assert isinstance(state, CascadesDecktetState)
    if not all_seen(state):
        problems.append(f"{puzzle.id}: a card still out has never been face up")
    legal = {state.move_name(move): move for move in state.legal_moves()}
    if set(puzzle.root.right) | set(puzzle.root.wrong) != set(legal):
        problems.append(f"{puzzle.id}: the right and wrong moves are not the legal moves")
        return
    for name, expected in [*((n, WINNABLE) for n in puzzle.root.right),
                           *((n, LOST) for n in puzzle.root.wrong)]:
        after = state.copy()
        after.play(legal[name])
        verdict = _decide(after)
        if verdict != expected:
            problems.append(f"{puzzle.id} {name}: {verdict}, not {expected}")


# -- proving and making the book ------------------------------------------------------------------

PROVERS: dict[str, Callable[[Puzzle, list[str]], None]] = {
    "win": _prove_kaskade, "stone": _prove_cascades, "deal": _prove_decktet}


def prove(puzzle: Puzzle) -> list[str]:
    """What is wrong with ``puzzle``, proven again from its position by exact search: every
    right answer right, every wrong one refuted, every legal move one or the other (an empty
    list: the puzzle is sound)."""
    problems: list[str] = []
    PROVERS[puzzle.kind](puzzle, problems)
    return problems


@dataclass(frozen=True)
class Found:
    """A puzzle as the book writes it."""

    kind: str
    position: str
    tree: Tree


def _random_game(state: GameState[Any], rng: random.Random, plies: int) -> GameState[Any]:
    """``state`` after up to ``plies`` random moves (chance drawn from ``rng``)."""
    while not state.is_over() and state.plies < plies:
        moves = state.legal_moves()
        state.play(state.sample_chance(rng) if state.to_move == CHANCE else
                   moves[int(rng.random() * len(moves))])
    return state


def kaskade_puzzles(rng: random.Random) -> Iterator[Found]:
    """Kaskade positions of random games where the player to move wins in 2 or 3 moves and
    not fewer, with one or two right first moves among at least eight."""
    while True:
        state = _random_game(KaskadeState(*KASKADE_SIZE), rng, rng.randrange(14, 44))
        if state.is_over() or len(state.legal_moves()) < 8:
            continue
        assert isinstance(state, KaskadeState)
        moves = win_length(SearchBoard(state), 3)
        if moves is None or moves < 2:
            continue
        tree = kaskade_tree(state, moves)
        if 1 <= len(tree[0]) <= 2:
            yield Found("win", state.position(), tree)


def cascades_puzzles(rng: random.Random) -> Iterator[Found]:
    """Positions of random Cascades games on top 4, at the start of a turn, where one stone
    alone wins among at least four."""
    while True:
        state = _random_game(CascadesState.new({"size": str(CASCADES_TOP)}), rng,
                             rng.randrange(3, 14))
        assert isinstance(state, CascadesState)
        if state.is_over() or state.first is not None or state.plies == 0:
            continue
        stones = [move for move in state.legal_moves() if isinstance(move, Stone)]
        tree = cascades_tree(state) if len(stones) >= 4 else None
        if tree is not None:
            yield Found("stone", state.position(), tree)


def decktet_puzzles(rng: random.Random) -> Iterator[Found]:
    """Positions on the winning lines of deals the solver wins, every card out face up, where
    one move alone keeps the deal winnable among at least three; one a deal."""
    while True:
        state = CascadesDecktetState.new({})
        state.play(state.sample_chance(rng))
        verdict = solve(state, Budget(steps=SOLVER_STEPS))
        if verdict.answer != WINNABLE:
            continue
        candidates = []
        for move in verdict.line:
            tree = decktet_tree(state)
            if tree is not None and len(tree[1]) >= 2:
                candidates.append(Found("deal", state.position(), tree))
            state.play(move)
        if candidates:
            yield candidates[int(rng.random() * len(candidates))]


def make_book(per_kind: int, seed: int = 0) -> list[Found]:
    """``per_kind`` puzzles of each kind, made from ``seed`` (the same book every time),
    interleaved so that the days take the kinds by turns."""
    rng = random.Random(seed)
    makers = {"win": kaskade_puzzles(rng), "stone": cascades_puzzles(rng),
              "deal": decktet_puzzles(rng)}
    found: dict[str, list[Found]] = {kind: [] for kind in KINDS}
    seen: set[str] = set()
    for kind in KINDS:
        while len(found[kind]) < per_kind:
            puzzle = next(makers[kind])
            if puzzle.position not in seen:
                seen.add(puzzle.position)
                found[kind].append(puzzle)
    return [found[kind][index] for index in range(per_kind) for kind in KINDS]


def book_module(puzzles: list[Found]) -> str:
    """The book as the Python module ``controller/games/puzzle_book.py``."""
    counts: dict[str, int] = {}
    lines = ['"""The puzzles of the day, made by ``kaskade puzzle --make-book`` with the exact',
             "searches of ``controller/ai/puzzles.py`` and proven again by its tests; one a day,",
             "round the book (``controller/games/puzzle.py``). Written by a program: do not",
             'edit."""',
             "",
             "from typing import Any",
             "",
             "BOOK: tuple[tuple[str, str, str, Any], ...] = ("]
    for puzzle in puzzles:
        counts[puzzle.kind] = counts.get(puzzle.kind, 0) + 1
        ident = f"{GAME_OF[puzzle.kind]}-{counts[puzzle.kind]:03}"
        lines.append(f"    ({ident!r}, {puzzle.kind!r}, {puzzle.position!r},")
        lines.append(f"     {puzzle.tree!r}),")
    lines.append(")")
    return "\n".join(lines) + "\n"
