"""Playing Colliding Circles by touch.

* Place: tap a die of your hand (it lights up, and the fields it may go to show it dimly), then
  the field.
* Manoeuvre (at the start of a turn): tap a die on the board; the fields it can reach show the
  value it would end on. Tap the die again to see the values of longer paths, where there are
  any; tap a field to move it there.
* Rethrow: tap a die of your hand, then the rethrow button (bottom left).
* End the turn: the green button (bottom right); at a turn's start it passes the turn.
* A finger resting on a field lights the outlines of the circles through it, so the 19 circles
  can be told apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.app.screens.game import GameScreen
from controller.app.session import Session
from controller.devices.interfaces import Sound
from controller.faces.colliding_circles.picture import (
    CollidingCirclesLayout,
    CollidingCirclesView,
    Pad,
    draw_colliding_circles,
)
from controller.games import Event
from controller.games.colliding_circles import CollidingCirclesState
from controller.games.colliding_circles.board import CIRCLE_NAMES, CIRCLES, CIRCLES_OF, NAMES
from controller.games.colliding_circles.events import CircleChanged
from controller.games.colliding_circles.pieces import (
    END,
    Manoeuvre,
    Place,
    Rethrow,
    Throw,
    owner_of,
    value_of,
)
from controller.render.canvas import Canvas
from controller.render.color import player_colours

if TYPE_CHECKING:
    from controller.app.host import Host


class CollidingCirclesScreen(GameScreen[CollidingCirclesState]):
    """A Colliding Circles game on the board."""

    die_index: int | None = None
    """The hand die picked up (its index in the hand)."""
    origin: int | None = None
    """The field of a die picked up to manoeuvre."""
    variant = 0
    """Which of a target's possible values to offer (0: the shortest path's)."""
    flashing: tuple[int, ...] = ()
    resting: int | None = None
    """The field a finger rests on: its circles are outlined."""

    def __init__(self, host: Host[Screen], session: Session[CollidingCirclesState]) -> None:
        self.layout = CollidingCirclesLayout.of(host.profile)
        self.colours = player_colours(session.state.info.players)
        super().__init__(host, session)

    # -- touches --------------------------------------------------------------------------------

    def touched(self, pad: int, now: float) -> None:
        hit = self.layout.hit(self.pad(pad))
        self.resting = hit[1] if hit is not None and hit[0] == "field" else None

    def pad_up(self, pad: int, now: float) -> Screen | None:
        self.resting = None
        return super().pad_up(pad, now)

    def tap(self, pad: int, now: float) -> None:
        hit = self.layout.hit(self.pad(pad))
        if hit is None or not self.person_to_move():
            self.refuse(pad, now)
            return
        kind, number = hit
        state = self.state
        legal = state.legal_moves()
        if kind == "hand":
            if self.pad(pad) in self.layout.hands[state.player] and \
                    number < len(state.hands[state.player]):
                self.die_index = None if self.die_index == number else number
                self.origin = None
                self.host.say(Sound.TAP)
            else:
                self.refuse(pad, now)
        elif kind == "end":
            self._play_or_refuse(END, legal, pad, now)
        elif kind == "rethrow":
            value = self._die_value()
            self._play_or_refuse(Rethrow(value) if value else None, legal, pad, now)
        else:
            self._field(number, legal, pad, now)

    def _field(self, field: int, legal: list[Any], pad: int, now: float) -> None:
        value = self._die_value()
        if value is not None and Place(value, field) in legal:
            self.play(Place(value, field), now)
            return
        targets = self._targets(legal)
        if self.origin is not None and field in targets:
            self.play(Manoeuvre(self.origin, field, targets[field]), now)
            return
        if any(isinstance(m, Manoeuvre) and m.origin == field for m in legal):
            self.variant = self.variant + 1 if self.origin == field else 0
            self.origin, self.die_index = field, None
            self.host.say(Sound.TAP)
            return
        self.refuse(pad, now)

    def touch_words(self) -> str:
        value = self._die_value()
        if value is not None:
            return f"touch a lit field to place the {value}, or rethrow it"
        if self.origin is not None:
            return f"touch where the die on {NAMES[self.origin]} moves to"
        return "touch a die in your hand, or a die on the board to move it; end finishes the turn"

    def pad_words(self, pad: int) -> str:
        hit = self.layout.hit(self.pad(pad))
        if hit is None:
            return ""
        kind, number = hit
        state = self.state
        legal = state.legal_moves() if self.person_to_move() else []
        if kind == "end":
            return "end the turn" + (" · touch: end it" if END in legal else "")
        if kind == "rethrow":
            return "rethrow the picked die"
        if kind == "hand":
            return f"a die of a hand (the mover's: {state.player_title(state.player)})"
        cell = state.board[number]
        holds = "empty" if not cell else \
            f"{state.player_title(owner_of(cell))}'s {value_of(cell)}"
        circles = " ".join(CIRCLE_NAMES[c] for c in CIRCLES_OF[number])
        targets = self._targets(legal)
        action = f" · touch: the die goes here, showing {targets[number]}" \
            if number in targets else ""
        return f"{NAMES[number]} · {holds} · circles {circles}{action}"

    def _play_or_refuse(self, move: Any, legal: list[Any], pad: int, now: float) -> None:
        if move is not None and move in legal:
            self.play(move, now)
        else:
            self.refuse(pad, now)

    def _die_value(self) -> int | None:
        hand = self.state.hands[self.state.player]
        if self.die_index is None or self.die_index >= len(hand):
            return None
        return hand[self.die_index]

    def _targets(self, legal: list[Any]) -> dict[int, int]:
        """Where the picked-up die may go now, with the value it would show there."""
        value = self._die_value()
        if value is not None:
            return {m.field: value for m in legal if isinstance(m, Place) and m.value == value}
        if self.origin is None:
            return {}
        found: dict[int, int] = {}
        for target, values in self.state.destinations(self.origin).items():
            found[target] = values[self.variant % len(values)]
        return found

    # -- what moves show ------------------------------------------------------------------------

    def after_move(self, events: list[Event], now: float) -> bool:
        del now
        self.die_index = self.origin = None
        self.variant = 0
        changed = [e.circle for e in events if isinstance(e, CircleChanged)]
        if changed:
            self.flashing = tuple({f for c in changed for f in CIRCLES[c]})
        elif not isinstance(self.state.moves[-1], Throw):
            self.flashing = ()
        if changed:
            self.host.say(Sound.CASCADE)
        elif not isinstance(self.state.moves[-1], Throw):
            self.host.say(Sound.MOVE)
        return False

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, canvas: Canvas, now: float) -> bool:
        return draw_colliding_circles(canvas, self.profile, self.layout, self.view(now), now)

    def view(self, now: float) -> CollidingCirclesView:
        """What the board shows at ``now``."""
        state = self.state
        person = self.person_to_move()
        legal = state.legal_moves() if person else []
        value = self._die_value() if person else None
        return CollidingCirclesView(
            board=state.board,
            hands=(state.hands[0], state.hands[1]),
            pools=(state.pools[0], state.pools[1]),
            scores=state.scores(),
            colours=self.colours,
            holes=frozenset(state.holes()),
            chosen_die=self.die_index if person else None,
            chosen_field=self.origin if person else None,
            targets=self._targets(legal) if person else {},
            can_rethrow=value is not None and Rethrow(value) in legal,
            can_end=END in legal,
            last=self._last(),
            flashing=self.flashing,
            hint=self._hint_pads(),
            outlined=frozenset(f for circle in CIRCLES_OF[self.resting] for f in CIRCLES[circle])
            if self.resting is not None else frozenset(),
            turn=self.turn(now),
        )

    def _last(self) -> tuple[int, ...]:
        """The fields the last actions of the turn just played touched."""
        fields: list[int] = []
        for move in reversed(self.state.moves):
            if isinstance(move, Place):
                fields.append(move.field)
            elif isinstance(move, Manoeuvre):
                fields.extend((move.origin, move.target))
            elif move == END or isinstance(move, Rethrow) or fields:
                break
        return tuple(fields)

    def _hint_pads(self) -> tuple[Pad, ...]:
        move = self.hint[0]
        layout, state = self.layout, self.state
        hand = state.hands[state.player]
        if isinstance(move, Place):
            return layout.hands[state.player][hand.index(move.value)], layout.fields[move.field]
        if isinstance(move, Manoeuvre):
            return layout.fields[move.origin], layout.fields[move.target]
        if isinstance(move, Rethrow):
            return (*layout.rethrow, layout.hands[state.player][hand.index(move.value)])
        return layout.end if move == END else ()
