"""The compiled solver against the Python solver, its reference: on small decks of every
version and pass rule both give the same verdict, the same winning line and the same count of
positions (they search the same tree in the same order); its lines win full deals; out of
budget it says unknown, and a step budget repeats exactly.

The solver is built at install where a compiler is present; in CI it must be there."""

from __future__ import annotations

import pytest

from controller.ai import solitaire
from controller.ai.base import Budget
from controller.ai.solitaire import UNKNOWN, WINNABLE, solve
from tests.controller.ai.test_solitaire import full_deal, small_deal
from tests.support.compiled import compiled_solver

compiled_solver()

CASES = [("standard", "3", 12), ("standard", "unlimited", 11), ("ace", "unlimited", 13),
         ("ace", "3", 13)]


@pytest.mark.parametrize("first_limit", [solitaire.FIRST_LIMIT, 40])
@pytest.mark.parametrize(("version", "passes", "size"), CASES,
                         ids=[f"{v}-{p}-{n}" for v, p, n in CASES])
def test_it_searches_exactly_as_the_python_solver(version, passes, size, first_limit,
                                                  monkeypatch):
    """With the restarts' first limit at 40 positions every deal is searched many times over
    in shuffled orders: the shuffles too must be the same."""
    monkeypatch.setattr(solitaire, "FIRST_LIMIT", first_limit)
    monkeypatch.setattr(solitaire, "LAST_LIMIT", 4 * first_limit)
    answers = set()
    for seed in range(40):
        state = small_deal(version, passes, size, seed)
        compiled = solve(state, Budget(seconds=30))
        python = solve(state, Budget(seconds=30), engine="python")
        assert (compiled.answer, compiled.line, compiled.positions) == \
            (python.answer, python.line, python.positions), f"seed {seed}"
        answers.add(compiled.answer)
    assert len(answers) == 2, "both winnable and lost deals are among them"


@pytest.mark.parametrize("options", [{}, {"passes": "unlimited"}, {"version": "ace"},
                                     {"pawns": "yes", "courts": "yes"}])
def test_its_winning_lines_win_full_deals(options):
    won = 0
    for seed in range(6):
        state = full_deal(seed, **options)
        verdict = solve(state, Budget(seconds=5))
        if verdict.answer == WINNABLE:
            won += 1
            for move in verdict.line:
                state.play(move)
            assert state.outcome().winner == 0
    assert won, "a winnable deal is among them"


def test_out_of_budget_it_says_unknown_and_a_step_budget_repeats():
    state = full_deal(1)
    assert solve(state, Budget(steps=100)).answer == UNKNOWN
    first, again = (solve(state, Budget(steps=20_000)) for _ in range(2))
    assert (first.answer, first.positions) == (again.answer, again.positions)
    assert first.positions <= 20_000 + 20_000 // 16


def test_bad_input_is_refused_and_an_error_in_the_budget_goes_on():
    def broken(positions: int) -> bool:
        raise KeyError("the budget broke")

    with pytest.raises(KeyError, match="the budget broke"):
        solitaire._compiled.solve([1, 2], [1, 2], False, 3, [0, 1, 0, 1, 0, 1, 0, 1], 0,
                                  [[], [], []], 0, 0, False, [-1, -1, -1], [0, 0, 0],
                                  [0] * 39, broken, 1, 0, 0)
    with pytest.raises(ValueError, match="talon: at most 44"):
        solitaire._compiled.solve([1], [1], False, 3, [0] * 45, 0, [[], [], []], 0, 0, False,
                                  [-1, -1, -1], [0, 0, 0], [0] * 39, lambda n: False, 1, 0, 0)
    with pytest.raises(ValueError, match=r"limits: 0 \(none\) or more"):
        solitaire._compiled.solve([1], [1], False, 3, [0], 0, [[], [], []], 0, 0, False,
                                  [-1, -1, -1], [0, 0, 0], [0] * 39, lambda n: False, 1, 0, -1)
    with pytest.raises(ValueError, match="engine: auto or python"):
        solve(full_deal(1), Budget(steps=1), engine="fortran")
    with pytest.raises(ValueError, match="not a Cascades position"):
        solitaire._compiled.solve([1], [1], False, 3, [0], 5, [[], [], []], 0, 0, False,
                                  [-1, -1, -1], [0, 0, 0], [0] * 39, lambda n: False, 1, 0, 0)


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_the_budget_hears_of_every_position(engine, monkeypatch):
    monkeypatch.setattr(solitaire, "FIRST_LIMIT", 40)
    monkeypatch.setattr(solitaire, "LAST_LIMIT", 160)
    for seed in range(5):
        budget = Budget(seconds=30)
        verdict = solve(small_deal("standard", "3", 12, seed), budget, engine)
        assert budget.used == verdict.positions
