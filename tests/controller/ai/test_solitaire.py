"""The Decktet solitaire's solver against exhaustive search: on small decks every order of
moves can be tried, and the solver's verdict must agree with it on every deal; its winning line
must win; its hint and its "unknown" when out of time."""

from __future__ import annotations

import random

import pytest

from controller.ai import solitaire
from controller.ai.base import Budget
from controller.ai.solitaire import LOST, UNKNOWN, WINNABLE, Solver, solve
from controller.ai.solitaire_board import SolverBoard
from controller.games.cascades_decktet.cards import ACES, BASIC, CARDS
from controller.games.cascades_decktet.state import CascadesDecktetState

TWOS_AND_THREES = tuple(c for c in BASIC if CARDS[c].rank in (2, 3))


def table(state: CascadesDecktetState) -> str:
    """The position without the counters that do not change what can happen next (without a
    pass limit, passes beyond the third, when every reserve is open, change nothing)."""
    passes = state.passes if state.pass_limit is not None else min(state.passes, 3)
    return " ".join([word for word in state.position().split()
                     if not word.startswith(("plies=", "seen=", "passes="))] + [str(passes)])


def every_order_wins(state: CascadesDecktetState, path: frozenset[str] = frozenset()) -> bool:
    """Exhaustive search: try every legal move in every position, remembering nothing but the
    positions on the way here (with unlimited passes the player may go round in a circle by
    turning the waste over without playing; going round again cannot win what the first time
    round could not)."""
    outcome = state.outcome()
    if outcome is not None:
        return outcome.winner == 0
    here = table(state)
    if here in path:
        return False
    for move in state.legal_moves():
        state.play(move)
        try:
            if every_order_wins(state, path | {here}):
                return True
        finally:
            state.undo()
    return False


def small_deal(version: str, passes: str, size: int, seed: int) -> CascadesDecktetState:
    rng = random.Random(seed)
    if version == "ace":
        deck = ACES + TWOS_AND_THREES[:size - 6]
    else:
        deck = tuple(rng.sample(list(BASIC), size))
    state = CascadesDecktetState(deck, version, passes)
    state.play(state.sample_chance(rng))
    return state


CASES = [("standard", "3", 11, range(30)), ("standard", "unlimited", 10, range(20)),
         ("ace", "unlimited", 12, range(30)), ("ace", "3", 12, range(20))]


@pytest.mark.parametrize("first_limit", [solitaire.FIRST_LIMIT, 30])
@pytest.mark.parametrize(("version", "passes", "size", "seeds"), CASES,
                         ids=[f"{v}-{p}-{n}" for v, p, n, _ in CASES])
def test_the_verdict_agrees_with_exhaustive_search(version, passes, size, seeds, first_limit,
                                                   monkeypatch):
    """Also with restarts after as few as 30 positions: an answer is only given by a search
    that ended within its limit, or found a win."""
    monkeypatch.setattr(solitaire, "FIRST_LIMIT", first_limit)
    monkeypatch.setattr(solitaire, "LAST_LIMIT", 4 * first_limit)
    verdicts = {WINNABLE: 0, LOST: 0}
    for seed in seeds:
        state = small_deal(version, passes, size, seed)
        truth = every_order_wins(state.copy())
        verdict = solve(state, Budget(seconds=30))
        assert verdict.answer == (WINNABLE if truth else LOST), f"seed {seed}"
        verdicts[verdict.answer] += 1
        if truth:
            for move in verdict.line:
                state.play(move)
            assert state.outcome().winner == 0, "the winning line wins"
    assert verdicts[WINNABLE], "a winnable deal is among them"
    assert verdicts[LOST], "a lost deal is among them"


def ace_game(seed: int, passes: str) -> CascadesDecktetState:
    """A small Ace-version game somewhere along its way: two ranks of three cards and maybe a
    Crown, dealt and played a few random moves (so the waste is turned anywhere)."""
    rng = random.Random(seed)
    ranks = rng.sample(range(2, 10), 2)
    deck = ACES + tuple(c for c in BASIC if CARDS[c].rank in ranks)
    if rng.random() < 0.5:
        deck += (rng.choice([c for c in BASIC if CARDS[c].rank == 10]),)
    state = CascadesDecktetState(deck, "ace", passes)
    state.play(state.sample_chance(rng))
    for _ in range(rng.randint(0, 5)):
        moves = state.legal_moves()
        if not moves or state.outcome() is not None:
            break
        state.play(moves[int(rng.random() * len(moves))])
    return state


@pytest.mark.parametrize("passes", ["unlimited", "3"])
def test_a_talon_front_that_cannot_go_in_order_is_lost(passes):
    """The talon's first three cards go third, second, first: where two share a rank whose
    rules want another order the solver calls the game lost without a search — exhaustive
    search agrees every time, and the solver's verdicts (both engines) agree everywhere."""
    buried = 0
    for seed in range(150):
        state = ace_game(seed, passes)
        if state.outcome() is not None:
            continue
        truth = every_order_wins(state.copy())
        if solitaire._buried(SolverBoard(state)):
            buried += 1
            assert not truth, f"seed {seed}"
        for engine in ("auto", "python"):
            verdict = solve(state, Budget(seconds=30), engine)
            assert verdict.answer == (WINNABLE if truth else LOST), f"seed {seed} {engine}"
    assert buried >= 10, "the rule is met often enough to be tested"


@pytest.mark.parametrize("engine", ["auto", "python"])
def test_a_full_ace_deal_buried_at_the_front_is_lost_at_once(engine):
    """Deal 21's talon begins the Mill (8: Waves, Leaves), Origin (2: Waves, Leaves), Desert
    (2: Suns, Wyrms); the top tier's Aces are Waves and Leaves, the middle's Wyrms and Suns.
    Desert fits only the middle, so Origin must be played before it — but Origin lies
    beneath it. A full search took 1.7 million positions to find the deal lost; the rule
    sees it at once."""
    state = full_deal(21, version="ace")
    names = [CARDS[card].name for card in state.talon[:3]]
    assert names == ["Mill", "Origin", "Desert"]
    verdict = solve(state, Budget(seconds=30), engine)
    assert (verdict.answer, verdict.positions) == (LOST, 0)


def full_deal(seed: int, **options: str) -> CascadesDecktetState:
    state = CascadesDecktetState.new(options)
    state.play(state.sample_chance(random.Random(seed)))
    return state


def test_out_of_budget_the_answer_is_unknown():
    state = full_deal(3)
    verdict = solve(state, Budget(steps=1))
    assert verdict.answer == UNKNOWN
    assert verdict.line == []


def test_the_hint_is_the_first_move_of_a_winning_line():
    for seed in range(10):
        state = full_deal(seed, version="ace")
        verdict = solve(state, Budget(seconds=5))
        if verdict.answer == WINNABLE:
            thought = Solver().think(state, Budget(seconds=5), random.Random(0))
            assert thought.move == verdict.line[0]
            assert thought.score == 1.0
            return
    raise AssertionError("no winnable Ace deal among ten")


def test_a_hint_without_a_verdict_is_still_a_legal_move():
    state = full_deal(4)
    thought = Solver().think(state, Budget(steps=1), random.Random(0))
    assert state.is_legal(thought.move)


def test_the_solver_refuses_an_undealt_game():
    with pytest.raises(ValueError, match="deal"):
        solve(CascadesDecktetState.new(), Budget(steps=10))
