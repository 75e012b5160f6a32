"""The puzzle of the day played by touch in the headless simulator: the home menu's puzzle
tile (its name first, then the puzzle), a wrong move refused with the words that refute it, the
right moves played and answered by the defence the puzzle holds, the solve said with the streak
and kept in the history; the solitaire's puzzle on a board too small for it says so; undo
starts again, menu goes home."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from controller.app.app import Store
from controller.app.history import SolvedPuzzle
from controller.app.screens.home import HomeScreen
from controller.app.screens.puzzle import PuzzleScreen
from controller.faces.cascades_decktet.screen import CascadesDecktetScreen
from controller.games.cascades_decktet.cards import CARDS
from controller.games.cascades_decktet.moves import Play
from controller.games.puzzle import KINDS, puzzle_of
from controller.profile import load_profile
from sim.front.headless import Headless
from sim.front.script import Command
from tests.sim.front.test_lessons_by_touch import skip_words, tap, touches


def day_of(kind: str) -> date:
    """A day whose puzzle is of ``kind``."""
    day = date(2026, 11, 21)
    while puzzle_of(day.toordinal()).kind != kind:
        day += timedelta(days=1)
    return day


def simulator(tmp_path: Path, profile_name: str, day: date) -> Headless:
    return Headless(load_profile(profile_name), Store.at(tmp_path / "state", profile_name),
                    tmp_path / "png", lambda: datetime.combine(day, datetime.min.time())
                    .replace(hour=12), think_seconds=0.02)


def open_puzzle(sim: Headless) -> PuzzleScreen:
    """The puzzle tile touched twice: its name, then the puzzle."""
    home = sim.app.screen
    assert isinstance(home, HomeScreen)
    tile = home.layout.puzzle
    tap(sim, (tile.column, tile.row))
    assert home.selected == len(home.games)
    assert sim.app.announcer.text == "puzzle of the day - touch again"
    tap(sim, (tile.column, tile.row))
    screen = sim.app.screen
    assert isinstance(screen, PuzzleScreen)
    return screen


def play(sim: Headless, screen: PuzzleScreen, name: str) -> None:
    """The person's move ``name``, by touch: the solitaire's card picked up where it lies (the
    waste, a reserve pile), then its tier where more than one takes it."""
    inner = screen.game
    move = inner.state.parse_move(name)
    if not isinstance(inner, CascadesDecktetScreen) or not isinstance(move, Play):
        for pad in touches(inner, move):
            tap(sim, pad)
        return
    state, layout = inner.state, inner.layout
    source = state.sources()[move.card]
    tap(sim, layout.waste[0] if source == "waste" else
        layout.reserves[int(source[-1]) - 1][-1])
    if inner.chosen is not None:  # picked up: more than one tier takes it
        rank = CARDS[move.card].rank
        copy = sum(1 for c in state.tiers[move.tier] if CARDS[c].rank == rank)
        tap(sim, layout.tier_pad(move.tier, rank, copy))


@pytest.mark.parametrize("kind", KINDS)
def test_the_puzzle_of_the_day_solved_by_touch(tmp_path, kind):
    day = day_of(kind)
    sim = simulator(tmp_path, "kaskade-16x16", day)
    store = sim.app.store
    store.history.solve_puzzle(SolvedPuzzle((day - timedelta(days=1)).isoformat(), "x",
                                            "", 0, ""))  # yesterday's solved: a streak of 2
    screen = open_puzzle(sim)
    puzzle = puzzle_of(day.toordinal())
    assert screen.puzzle is puzzle
    assert sim.app.announcer.text == puzzle.short("en")
    assert puzzle.question() in sim.describe()
    skip_words(sim)
    wrong = next(iter(puzzle.root.wrong))
    play(sim, screen, wrong)
    assert screen.quiz.tries == 1
    assert sim.summary()["sounds"][-1] == "illegal"
    assert sim.app.announcer.text == "try again"
    assert f"{wrong}: not this one" in sim.describe()
    node = puzzle.root
    while True:
        move, child = next(iter(node.right.items()))
        before = len(screen.game.state.moves)
        play(sim, screen, move)
        sim.pass_time(3.0)  # the move's animation, the defence's answer and its animation
        if child is None:
            break
        assert screen.game.state.moves[before + 1] == screen.game.state.parse_move(child[0]), \
            "the defence answered as the puzzle holds"
        node = child[1]
    assert screen.quiz.solved
    assert screen.praised
    assert sim.app.announcer.text == "solved! 2 days in a row"
    assert "solved — 2 days in a row" in sim.describe()
    solve = store.history.puzzles()[0]
    assert (solve.day, solve.puzzle, solve.tries) == (day.isoformat(), puzzle.id, 1)
    tap(sim, (0, 0))  # the solve's words
    tap(sim, (0, 0))
    assert isinstance(sim.app.screen, HomeScreen)
    assert "today's puzzle solved · puzzle streak 2" in sim.describe()


def test_the_solitaires_puzzle_on_a_board_too_small_says_where_to_find_it(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8", day_of("deal"))
    home = sim.app.screen
    tile = home.layout.puzzle
    tap(sim, (tile.column, tile.row))
    tap(sim, (tile.column, tile.row))
    assert sim.app.screen is home
    assert sim.app.announcer.text == \
        "today's puzzle is Cascades (Decktet): on the web page"


def test_undo_starts_the_puzzle_again_and_menu_goes_home(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8", day_of("win"))
    screen = open_puzzle(sim)
    skip_words(sim)
    puzzle = screen.puzzle
    move, _child = next((m, c) for m, c in puzzle.root.right.items() if c is not None)
    play(sim, screen, move)
    sim.pass_time(3.0)
    assert screen.game.state.plies == puzzle.start().plies + 2, "the move and its answer"
    sim.do(Command(0, "press", button="undo"))
    assert screen.game.state.position() == puzzle.start().position()
    sim.do(Command(0, "press", button="menu"))
    assert isinstance(sim.app.screen, HomeScreen)
    assert sim.app.store.history.puzzles() == []
