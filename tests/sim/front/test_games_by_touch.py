"""Every game but Kaskade played to its end by touches in the headless simulator (Kaskade's own:
tests/sim/test_headless.py): from the home tile through the set-up, every move made by tapping
the pads a person would tap. Cascades and Big Balls on both reference boards (and Big Balls on
the one-LED-per-pad build), with the winner shown on the LEDs at the end; Colliding Circles and
the Decktet solitaire on the 16 x 16 board, with the scores, hands and pools on the LEDs."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from controller.app.store import Store
from controller.faces.big_balls.screen import BigBallsScreen
from controller.faces.cascades import picture as cascades
from controller.faces.cascades.screen import CascadesScreen
from controller.faces.cascades_decktet.screen import CascadesDecktetScreen
from controller.faces.colliding_circles.screen import CollidingCirclesScreen
from controller.games import CHANCE
from controller.games.big_balls import DICE, THROW, BallMove, StoneStep
from controller.games.big_balls.pieces import MOVE
from controller.games.cascades import END, PASS
from controller.games.cascades import Place as Stone
from controller.games.cascades_decktet.moves import Play
from controller.games.colliding_circles.board import CIRCLES, CIRCLES_OF, NAMES
from controller.games.colliding_circles.pieces import END as END_OF_TURN
from controller.games.colliding_circles.pieces import Manoeuvre, Place, Rethrow
from controller.profile import load_profile
from sim.front.headless import Headless
from sim.front.script import Command
from tests.support.board import NOON

BOARDS = ["kaskade-8x8", "kaskade-16x16"]
BIG = "kaskade-16x16"


def simulator(tmp_path: Path, profile_name: str = BIG, think: float = 0.02) -> Headless:
    return Headless(load_profile(profile_name), Store.at(tmp_path / "state", profile_name),
                    tmp_path / "png", lambda: NOON, think_seconds=think)


def tap(sim: Headless, pad: tuple[int, int]) -> None:
    column, row = pad
    sim.do(Command(0, "tap", pad=row * sim.profile.columns + column))


def home_tile(sim: Headless, name: str) -> None:
    """Touch the tile of ``name`` twice: its name, then the game."""
    home = sim.app.screen
    tile = home.layout.tiles[home.games.index(name)]
    tap(sim, (tile.column, tile.row))
    tap(sim, (tile.column, tile.row))


def skip(sim: Headless) -> None:
    """Touch once to skip words over the game ("White to move"), as a player would."""
    message = sim.app.announcer.message
    if message is not None and not message.caption:
        tap(sim, (0, 0))


def open_game(sim: Headless, name: str, computer_level: int = 0) -> None:
    """Home tile of ``name``, then two people (or the computer at a level), then start (for a
    game with options)."""
    home_tile(sim, name)
    players = sim.app.screen.layout
    tap(sim, (players.people.column, players.people.row) if not computer_level
        else players.levels[computer_level - 1])
    if type(sim.app.screen).__name__ == "OptionsScreen":
        start = sim.app.screen.layout.start
        tap(sim, (start.column, start.row))
    skip(sim)


def pad_colour(sim: Headless, pad: tuple[int, int]) -> tuple[int, int, int]:
    k, width = sim.profile.per_pad, sim.profile.led_width
    return sim.led_colours()[pad[1] * k * width + pad[0] * k]


def winner_hue(sim: Headless, pad: tuple[int, int]) -> str:
    colour = pad_colour(sim, pad)
    return "white" if colour[0] > colour[2] else "black"


# -- Cascades and Big Balls ----------------------------------------------------------------------

@pytest.mark.parametrize("profile_name", BOARDS)
def test_cascades_by_touch_to_the_end(tmp_path, profile_name):
    sim = simulator(tmp_path, profile_name)
    open_game(sim, "cascades")
    screen = sim.app.screen
    assert isinstance(screen, CascadesScreen)
    state = screen.state
    assert state.slope.top == cascades.largest_top(sim.profile), "the largest that fits"
    assert state.slope.top == (4 if sim.profile.columns == 8 else 8)
    rng = random.Random(1)
    while not sim.app.session.finished:
        legal = state.legal_moves()
        placements = [m for m in legal if isinstance(m, Stone)]
        move = placements[int(rng.random() * len(placements))] if placements and \
            rng.random() < 0.9 else next(m for m in (END, PASS) if m in legal)
        tap(sim, screen.layout.pads[move.cell] if isinstance(move, Stone) else screen.layout.done)
        assert state.moves[-1] == move
    sim.pass_time(1.0)
    outcome = state.outcome()
    summary = sim.summary()
    assert summary["game"]["finished"]
    assert summary["sounds"][-1] == "win"
    assert "wins" in sim.app.announcer.text or "draw" in sim.app.announcer.text
    skip(sim)
    assert sim.app.screen is screen, "the touch skipped the result, it did not leave"
    if outcome.winner is not None:
        assert winner_hue(sim, screen.layout.done) == state.info.players[outcome.winner]


def test_an_illegal_cascades_touch_flashes_and_changes_nothing(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    open_game(sim, "cascades")
    screen = sim.app.screen
    tap(sim, screen.layout.pads[screen.state.slope.find("a4")])
    assert screen.state.plies == 0
    assert sim.summary()["sounds"][-1] == "illegal"
    tap(sim, screen.layout.done)
    assert screen.state.plies == 0, "the first turn cannot be passed"


def play_big_balls(sim: Headless, screen: BigBallsScreen, rng: random.Random) -> None:
    """Tap through one decision of the person to move."""
    state = screen.state
    legal = state.legal_moves()
    move = legal[int(rng.random() * len(legal))]
    if move == THROW:
        tap(sim, screen.layout.die[4])
        sim.pass_time(1.0)
        assert state.to_move != CHANCE, "the die has been thrown"
        assert state.die is not None
        return
    assert isinstance(move, (BallMove, StoneStep))
    if screen.chosen != move.origin:
        tap(sim, screen.layout.holes[move.origin])
        assert screen.chosen == move.origin
    tap(sim, screen.layout.holes[move.target])
    assert state.moves[-1] == move


@pytest.mark.parametrize("profile_name", [*BOARDS, "kaskade-mini"])
def test_big_balls_by_touch_to_the_end(tmp_path, profile_name):
    sim = simulator(tmp_path, profile_name)
    open_game(sim, "big-balls")
    screen = sim.app.screen
    assert isinstance(screen, BigBallsScreen)
    assert screen.state.phase == "choose", "the stones were dealt as the game opened"
    rng = random.Random(2)
    while not sim.app.session.finished:
        play_big_balls(sim, screen, rng)
    sim.pass_time(1.0)
    outcome = screen.state.outcome()
    assert sim.summary()["game"]["finished"]
    skip(sim)
    if outcome.winner is not None:
        assert winner_hue(sim, screen.layout.die[0]) == screen.state.info.players[outcome.winner]


def test_big_balls_against_the_computer_which_throws_through_the_same_chance_step(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    open_game(sim, "big-balls", computer_level=5)
    screen = sim.app.screen
    rng = random.Random(3)
    while not sim.app.session.finished:
        sim.pass_time(2.0)
        if sim.app.session.finished:
            break
        assert screen.state.player == 0, "the person plays Black, the first player"
        play_big_balls(sim, screen, rng)
        if screen.state.phase == "move":
            play_big_balls(sim, screen, rng)
    session = sim.app.session
    moves, movers = session.state.moves, session.movers
    computer_throws = [i for i, (move, mover) in enumerate(zip(moves, movers))
                       if move == THROW and mover == 1]
    assert computer_throws, "the computer threw the die at least once"
    for index in computer_throws:
        assert moves[index + 1] in DICE, "a die number follows every throw"
        assert isinstance(moves[index + 2], StoneStep)


def test_a_finger_resting_on_a_stone_shows_its_number_on_the_die(tmp_path):
    sim = simulator(tmp_path, "kaskade-mini")
    open_game(sim, "big-balls")
    screen = sim.app.screen
    hole = screen.state.stones(0)[6]
    column, row = screen.layout.holes[hole]
    sim.do(Command(0, "down", pad=row * sim.profile.columns + column))
    shown = screen.view(sim.now).shown_number
    sim.do(Command(0, "up", pad=row * sim.profile.columns + column))
    assert shown == (0, 6)
    colours = sim.led_colours()
    middle = screen.layout.die[4]
    assert colours[middle[1] * sim.profile.led_width + middle[0]] != (0, 0, 0)


def test_holding_a_stone_or_the_die_writes_its_number_and_takes_nothing_back(tmp_path):
    sim = simulator(tmp_path, "kaskade-mini")
    open_game(sim, "big-balls")
    screen = sim.app.screen
    hole = screen.state.stones(0)[6]
    column, row = screen.layout.holes[hole]
    pad = row * sim.profile.columns + column
    plies = screen.state.plies
    sim.do(Command(0, "down", pad=pad))
    sim.pass_time(1.5)
    sim.do(Command(0, "up", pad=pad))
    assert sim.app.announcer.text == "6"
    assert screen.chosen is None, "the hold did not pick the stone up"
    assert screen.state.plies == plies, "nor take anything back"
    tap(sim, screen.layout.die[4])
    sim.pass_time(1.0)
    die = screen.state.die
    column, row = screen.layout.die[4]
    sim.run([f"hold {sim.profile.pad_name(row * sim.profile.columns + column)} 0.8"])
    assert sim.app.announcer.text == str(die)


def test_tapping_the_stone_picked_for_you_steps_it(tmp_path):
    sim = simulator(tmp_path, "kaskade-8x8")
    open_game(sim, "big-balls")
    screen = sim.app.screen
    rng = random.Random(5)
    for _ in range(200):
        state = screen.state
        if state.phase == MOVE and screen.chosen is not None and screen.person_to_move():
            steps = [m for m in state.legal_moves()
                     if isinstance(m, StoneStep) and m.origin == screen.chosen]
            plies = state.plies
            tap(sim, screen.layout.holes[screen.chosen])
            if len(steps) == 1:
                assert state.moves[plies] == steps[0], "the one step was played"
            else:
                assert screen.chosen == steps[0].origin, "still picked"
            return
        if sim.app.session.finished:
            break
        play_big_balls(sim, screen, rng)
    pytest.fail("no stone was picked for the player")


# -- Colliding Circles and the Decktet solitaire ----------------------------------------------

def test_a_finger_on_a_field_outlines_its_circles(tmp_path):
    sim = simulator(tmp_path)
    open_game(sim, "colliding-circles")
    screen = sim.app.screen
    field = NAMES.index("CD6") if "CD6" in NAMES else 0
    column, row = screen.layout.fields[field]
    pad = row * sim.profile.columns + column
    before = screen.view(sim.now).outlined
    sim.do(Command(0, "down", pad=pad))
    outlined = screen.view(sim.now).outlined
    sim.do(Command(0, "up", pad=pad))
    assert not before
    assert outlined == {f for circle in CIRCLES_OF[field] for f in CIRCLES[circle]}
    assert field in outlined
    assert screen.view(sim.now).outlined == frozenset(), "gone when the finger lifts"

def test_colliding_circles_by_touch_to_the_end(tmp_path):
    sim = simulator(tmp_path)
    open_game(sim, "colliding-circles")
    screen = sim.app.screen
    assert isinstance(screen, CollidingCirclesScreen), "no options: the game starts at once"
    state, layout = screen.state, screen.layout
    assert len(state.hands[0]) == 5
    assert len(state.hands[1]) == 5
    rng = random.Random(2)
    kinds = set()
    while not sim.app.session.finished:
        legal = state.legal_moves()
        places = [m for m in legal if isinstance(m, Place)]
        shortest = [m for m in legal if isinstance(m, Manoeuvre) and
                    state.destinations(m.origin)[m.target][0] == m.value]
        others = [m for m in legal if isinstance(m, Rethrow) or m == END_OF_TURN]
        roll = rng.random()
        if places and (roll < 0.8 or not others):
            move = places[int(rng.random() * len(places))]
        elif shortest and roll < 0.9:
            move = shortest[int(rng.random() * len(shortest))]
        else:
            move = others[int(rng.random() * len(others))]
        hand = layout.hands[state.player]
        if isinstance(move, Place):
            tap(sim, hand[state.hands[state.player].index(move.value)])
            tap(sim, layout.fields[move.field])
        elif isinstance(move, Manoeuvre):
            tap(sim, layout.fields[move.origin])
            tap(sim, layout.fields[move.target])
        elif isinstance(move, Rethrow):
            tap(sim, hand[state.hands[state.player].index(move.value)])
            tap(sim, layout.rethrow[0])
        else:
            tap(sim, layout.end[0])
        assert move in state.moves[-4:], f"{state.move_name(move)} was played by its taps"
        kinds.add(type(move).__name__ if move != END_OF_TURN else "end")
    assert kinds >= {"Place", "Manoeuvre", "end"}
    sim.pass_time(1.0)
    assert sim.summary()["sounds"][-1] == "win"
    red = state.scores()[0]
    score_pads = layout.scores[0]
    assert (pad_colour(sim, score_pads[0]) != pad_colour(sim, score_pads[-1])) == (red >= 5)


def test_a_placement_needs_a_die_from_the_hand_first(tmp_path):
    sim = simulator(tmp_path)
    open_game(sim, "colliding-circles")
    screen = sim.app.screen
    plies = screen.state.plies
    tap(sim, screen.layout.fields[0])                       # A3: nothing picked up
    assert screen.state.plies == plies
    assert sim.summary()["sounds"][-1] == "illegal"
    value = screen.state.hands[0][0]
    tap(sim, screen.layout.hands[0][0])
    assert screen.view(0.0).targets, "the centre field printed with the value lights"
    target = next(iter(screen.view(0.0).targets))
    tap(sim, screen.layout.fields[target])
    assert screen.state.board[target] == value


def test_the_decktet_solitaire_by_touch_to_the_end(tmp_path):
    sim = simulator(tmp_path)
    home_tile(sim, "cascades-decktet")
    options = sim.app.screen
    assert type(options).__name__ == "OptionsScreen", "one player: straight to the options"
    start = options.layout.start
    tap(sim, (start.column, start.row))
    screen = sim.app.screen
    assert isinstance(screen, CascadesDecktetScreen)
    state, layout = screen.state, screen.layout
    assert state.dealt
    rng = random.Random(3)
    played = 0
    while not sim.app.session.finished:
        legal = state.legal_moves()
        plays = [m for m in legal if isinstance(m, Play)]
        turns = [m for m in legal if not isinstance(m, Play)]
        if plays and (rng.random() < 0.9 or not turns):
            move = plays[int(rng.random() * len(plays))]
            source = state.sources()[move.card]
            tap(sim, layout.waste[0] if source == "waste" else
                layout.reserves[int(source[-1]) - 1][-1])
            if state.moves[-1] != move:
                tap(sim, layout.tier_pad(move.tier, 2, 0))
            played += 1
        else:
            move = turns[0]
            tap(sim, layout.stock[0])
        assert state.moves[-1] == move
    assert played
    assert state.outcome().reason


def test_the_solitaire_hint_says_whether_the_deal_can_be_won(tmp_path):
    sim = simulator(tmp_path, think=0.5)
    home_tile(sim, "cascades-decktet")
    start = sim.app.screen.layout.start
    tap(sim, (start.column, start.row))
    screen = sim.app.screen
    sim.run(["press menu"])
    hint = sim.app.screen.layout.hint
    tap(sim, (hint.column, hint.row))
    sim.pass_time(1.0)
    assert screen.thinking, "a solver's hint may think longer than the computer's 0.5 s"
    sim.pass_time(3.0)
    assert sim.app.screen is screen
    assert not screen.thinking
    view = screen.view(screen.hint[1])
    assert view.verdict in (-1.0, 0.0, 1.0)
    assert view.hint, "the hinted move blinks"
    assert screen.state.is_legal(screen.hint[0])
