"""Colliding Circles and the Decktet solitaire played to their end by touches in the headless
simulator on the 16 x 16 reference board: from the home tile through the set-up, every action
made by tapping the pads a person would tap; the scores, hands and pools on the LEDs."""

from __future__ import annotations

import random
from pathlib import Path

from controller.app.app import Store
from controller.app.screens.colliding_circles import CollidingCirclesScreen
from controller.app.screens.decktet import DecktetScreen
from controller.games.cascades_decktet.moves import Play
from controller.games.colliding_circles.pieces import END, Manoeuvre, Place, Rethrow
from controller.profile import load_profile
from sim.headless import Headless
from sim.script import Command
from tests.support.board import NOON

BOARD = "kaskade-16x16"


def simulator(tmp_path: Path, think: float = 0.02) -> Headless:
    return Headless(load_profile(BOARD), Store.at(tmp_path / "state", BOARD),
                    tmp_path / "png", lambda: NOON, think_seconds=think)


def tap(sim: Headless, pad: tuple[int, int]) -> None:
    column, row = pad
    sim.do(Command(0, "tap", pad=row * sim.profile.columns + column))


def home_tile(sim: Headless, name: str) -> None:
    home = sim.app.screen
    tile = home.layout.tiles[home.games.index(name)]
    tap(sim, (tile.column, tile.row))


def pad_colour(sim: Headless, pad: tuple[int, int]) -> tuple[int, int, int]:
    k, width = sim.profile.per_pad, sim.profile.led_width
    return sim.led_colours()[pad[1] * k * width + pad[0] * k]


def test_colliding_circles_by_touch_to_the_end(tmp_path):
    sim = simulator(tmp_path)
    home_tile(sim, "colliding-circles")
    players = sim.app.screen.layout
    tap(sim, (players.people.column, players.people.row))
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
        others = [m for m in legal if isinstance(m, Rethrow) or m == END]
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
        kinds.add(type(move).__name__ if move != END else "end")
    assert kinds >= {"Place", "Manoeuvre", "end"}
    sim.pass_time(1.0)
    assert sim.summary()["sounds"][-1] == "win"
    red = state.scores()[0]
    score_pads = layout.scores[0]
    assert (pad_colour(sim, score_pads[0]) != pad_colour(sim, score_pads[-1])) == (red >= 5)


def test_a_placement_needs_a_die_from_the_hand_first(tmp_path):
    sim = simulator(tmp_path)
    home_tile(sim, "colliding-circles")
    players = sim.app.screen.layout
    tap(sim, (players.people.column, players.people.row))
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
    assert isinstance(screen, DecktetScreen)
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
    assert sim.app.screen is screen
    view = screen.view(screen.hint[1])
    assert view.verdict in (-1.0, 0.0, 1.0)
    assert view.hint, "the hinted move blinks"
    assert screen.state.is_legal(screen.hint[0])
