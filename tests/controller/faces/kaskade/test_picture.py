"""Kaskade on the LEDs, drawn from views at chosen times."""

from __future__ import annotations

from controller.faces.kaskade.animation import LONGEST, CascadeAnimation
from controller.faces.kaskade.picture import KaskadeView, draw_kaskade
from controller.games.kaskade import KaskadeState
from controller.profile import load_profile
from controller.render.canvas import Canvas
from controller.render.color import BLACK_PLAYER, ILLEGAL, WHITE_PLAYER, scale
from controller.render.feedback import EMPTY, Touches, Turn

PROFILE = load_profile("kaskade-8x8")


TOUCHES = {"illegal_pad", "illegal_at", "held_pad", "held_progress"}
TURN = {"to_move", "winner", "moved_at", "thinking", "hint_at"}


def draw(state: KaskadeState, now: float = 0.0, **changes) -> tuple[Canvas, bool]:
    """Draw ``state`` with the view's fields (and its turn's and touches') as ``changes``."""
    canvas = Canvas(PROFILE.led_width, PROFILE.led_height)
    touches = Touches(**{k: v for k, v in changes.items() if k in TOUCHES})
    turn = Turn(**{"to_move": state.to_move, **{k: v for k, v in changes.items() if k in TURN}},
                touches=touches)
    view = KaskadeView(state.grid.width, state.grid.height, state.cells, state.grid.critical,
                       turn=turn, **{k: v for k, v in changes.items()
                                     if k not in TOUCHES | TURN})
    return canvas, draw_kaskade(canvas, PROFILE, view, now)


def pad(canvas: Canvas, column: int, row: int) -> list:
    return [canvas.get(column * 2 + x, row * 2 + y) for y in range(2) for x in range(2)]


def test_empty_cells_glow_in_the_colour_of_the_player_to_move():
    state = KaskadeState(4, 4)
    canvas, animating = draw(state)
    assert pad(canvas, 1, 1) == [scale(WHITE_PLAYER, EMPTY)] * 4
    assert pad(canvas, 5, 5) == [(0, 0, 0)] * 4, "outside the game: dark"
    assert not animating
    state.play_text("b2")
    canvas, _ = draw(state)
    assert pad(canvas, 0, 0) == [scale(BLACK_PLAYER, EMPTY)] * 4


def test_balls_show_as_lit_leds_of_their_owner():
    state = KaskadeState.from_position("..../..../.b1../.w1w1. b")
    canvas, animating = draw(state)
    assert not animating, "no cell is one ball from overflowing"
    assert pad(canvas, 1, 1).count(BLACK_PLAYER) == 1, "one ball: one LED"
    state = KaskadeState.from_position("..../.w2../.b1../.w1w1. b")
    canvas, _ = draw(state)
    assert pad(canvas, 1, 2).count(WHITE_PLAYER) == 2, "two balls: two LEDs"


def test_a_charged_cell_breathes():
    state = KaskadeState.from_position("..../..../..../w1.b1. w")
    first, animating = draw(state, 0.0)
    second, _ = draw(state, 0.7)
    assert animating
    assert pad(first, 0, 0) != pad(second, 0, 0)


def test_an_illegal_touch_blinks_red():
    state = KaskadeState(4, 4)
    canvas, animating = draw(state, 0.05, illegal_pad=9, illegal_at=0.0)
    assert animating
    assert pad(canvas, 1, 1) == [ILLEGAL] * 4
    later, animating = draw(state, 1.0, illegal_pad=9, illegal_at=0.0)
    assert pad(later, 1, 1) != [ILLEGAL] * 4
    assert not animating


def test_the_winner_lights_up_the_board():
    state = KaskadeState(2, 2)
    for move in "a1 b2 a2 b1 a1".split():
        state.play_text(move)
    canvas, animating = draw(state, 0.0, winner=0)
    assert animating
    assert pad(canvas, 6, 6)[0] != (0, 0, 0), "around the game, the winner's colour"


def test_a_cascade_animation_steps_through_the_generations_to_the_result():
    state = KaskadeState(3, 3)
    for move in "a1 a2 b1 a2 b1 c2 c1 c2 b2 a3 b2 b3 b2 b3 c3".split():
        state.play_text(move)
    before = list(state.cells)
    events = state.play_text("a3")
    animation = CascadeAnimation.of(before, events, start=10.0)
    assert len(animation.steps) == 5, "the placement and four generations"
    assert animation.steps[-1].cells == tuple(state.cells)
    assert animation.at(9.9) is None
    assert animation.at(10.0)[0] is animation.steps[0]
    assert animation.at(animation.end) is None
    assert animation.end - 10.0 <= LONGEST
    assert animation.at(10.0 + animation.step)[1] == 10.0 + animation.step
    assert CascadeAnimation.of(before, events[:1], 0.0) is None, "no cascade, no animation"
