"""The self-test of a newly built board (``kaskade selftest``): first every LED lights in turn
in chain order, so a dark LED or one out of place shows (press undo while it is lit to note
it); then each pad lights up in turn and waits for a touch, so a dead pad, or LEDs and sensors
wired to different pads, show. The menu button skips to the next part. The findings are kept
in ``report`` and shown at the end: green pads passed, red pads did not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from controller.app.screens.base import Screen
from controller.devices.interfaces import Sound
from controller.render.canvas import Canvas
from controller.render.color import CONFIRM, HIGHLIGHT, ILLEGAL, NEUTRAL, OFF, scale
from controller.render.glyphs import solid_rows

if TYPE_CHECKING:
    from controller.app.host import Host

LED_SECONDS = 0.03
"""How long each LED of the walk stays lit."""
PAD_SECONDS = 10.0
"""How long a lit pad waits for its touch before it counts as dead."""


@dataclass
class Report:
    """What the self-test found."""

    leds_walked: int = 0
    flagged_leds: list[tuple[int, int]] = field(default_factory=list)
    """``(channel, position in its chain)`` of LEDs someone pressed undo at."""
    passed: list[int] = field(default_factory=list)
    dead: list[int] = field(default_factory=list)
    """Pads that were lit and never touched."""
    wrong: list[tuple[int, int]] = field(default_factory=list)
    """``(lit pad, touched pad)`` where another pad answered."""
    finished: bool = False
    tested: str = "both"
    """What was tested: ``both``, ``leds`` or ``pads`` (one step of a build)."""

    def swapped(self) -> list[tuple[int, int]]:
        """Pairs of pads each of which answered for the other."""
        answers = dict(self.wrong)
        return sorted({(min(lit, got), max(lit, got)) for lit, got in self.wrong
                       if answers.get(got) == lit})

    @property
    def ok(self) -> bool:
        return self.finished and not (self.flagged_leds or self.dead or self.wrong)


class SelfTestScreen(Screen):
    """Runs the self-test; ``report`` fills in as it goes."""

    def __init__(self, host: Host[Screen], led_seconds: float = LED_SECONDS,
                 pad_seconds: float = PAD_SECONDS,
                 report_note: str = "the report is printed where kaskade selftest runs",
                 parts: str = "both") -> None:
        super().__init__(host)
        self.report_note = report_note
        """Where the report appears and what to do for it, said at the end."""
        self.led_seconds = led_seconds
        self.pad_seconds = pad_seconds
        self.report = Report(tested=parts)
        self.leds = [(channel, place, led) for channel, spec in enumerate(self.profile.channels)
                     for place, led in enumerate(spec.chain)]
        self.phase = "pads" if parts == "pads" else "leds"
        self.started: float | None = None
        self.pad_index = 0
        self.pad_since: float | None = None

    # the LED walk

    def _led_step(self, now: float) -> int:
        if self.started is None:
            self.started = now
        return int((now - self.started) / self.led_seconds)

    def button_down(self, button: str, now: float) -> Screen | None:
        if self.phase == "leds" and button == "undo":
            step = self._led_step(now)
            if step < len(self.leds):
                channel, place, _ = self.leds[step]
                if (channel, place) not in self.report.flagged_leds:
                    self.report.flagged_leds.append((channel, place))
                    self.host.say(Sound.ILLEGAL)
        elif button == "menu":
            if self.phase == "leds":
                self._start_pads(now)
            elif self.phase == "pads":
                self.report.dead.extend(range(self.pad_index, self.profile.pads))
                self._finish()
            else:
                return self.host.home()
        return None

    def _start_pads(self, now: float) -> None:
        self.report.leds_walked = min(len(self.leds), self._led_step(now))
        if self.report.tested == "leds":  # a build's LED step: the pads come later
            self._finish()
            return
        self.phase = "pads"
        self.pad_since = now

    # the pads

    def pad_down(self, pad: int, now: float) -> Screen | None:
        if self.phase != "pads":
            return None
        lit = self.pad_index
        if pad == lit:
            self.report.passed.append(lit)
            self.host.say(Sound.TAP)
        else:
            self.report.wrong.append((lit, pad))
            self.host.say(Sound.ILLEGAL)
        self._next_pad(now)
        return None

    def _next_pad(self, now: float) -> None:
        self.pad_index += 1
        self.pad_since = now
        if self.pad_index >= self.profile.pads:
            self._finish()

    def _finish(self) -> None:
        self.phase = "done"
        self.report.finished = True
        self.host.say(Sound.WIN if self.report.ok else Sound.ILLEGAL)
        failed = len(self.report.dead) + len(self.report.wrong)
        words = self.host.say_words
        verdict = words("all good") if self.report.ok else words("leds noted") if not failed \
            else words("pad failed") if failed == 1 else words("pads failed", count=failed)
        self.host.announce(verdict, CONFIRM if self.report.ok else ILLEGAL)
        self.host.keep_selftest(report_json(self.report, self.profile.pad_name,
                                           self.host.wall_clock()))

    def tick(self, now: float) -> Screen | None:
        if self.phase == "pads" and self.pad_since is None:  # a test of the pads alone
            self.pad_since = now
        if self.phase == "leds" and self._led_step(now) >= len(self.leds):
            self._start_pads(now)
        elif self.phase == "pads" and self.pad_since is not None and \
                now - self.pad_since >= self.pad_seconds:
            self.report.dead.append(self.pad_index)
            self._next_pad(now)
        return None

    def wakeup(self, now: float) -> float | None:
        if self.phase == "leds":
            return now + self.led_seconds
        if self.phase == "pads":
            return now if self.pad_since is None else self.pad_since + self.pad_seconds
        return None

    def describe(self, now: float) -> str:
        if self.phase == "leds":
            step = min(self._led_step(now), len(self.leds) - 1)
            channel, place, _ = self.leds[step]
            return (f"Self-test, LEDs · LED {place + 1} of channel {channel} lit ({step + 1} of "
                    f"{len(self.leds)}, in chain order) · press undo if it is dark or out of "
                    "place, menu to go on to the pads")
        if self.phase == "pads":
            return (f"Self-test, pads · touch the lit pad {self.profile.pad_name(self.pad_index)}"
                    f" ({self.pad_index + 1} of {self.profile.pads}) · menu ends the test")
        verdict = "every LED and pad passed" if self.report.ok else \
            f"{len(self.report.dead) + len(self.report.wrong)} pad(s) failed (blinking red)"
        return f"Self-test done · {verdict} · {self.report_note} · menu goes home"

    def draw(self, canvas: Canvas, now: float) -> bool:
        canvas.fill(OFF)
        k = self.profile.per_pad
        width = self.profile.led_width
        if self.phase == "leds":
            step = self._led_step(now)
            if step < len(self.leds):
                led = self.leds[step][2]
                canvas.rect(led % width, led // width, 1, 1, HIGHLIGHT)
            return True
        faulty = set(self.report.dead) | {lit for lit, _ in self.report.wrong}
        for pad in range(self.profile.pads):
            column, row = self.pad(pad)
            if self.phase == "pads" and pad == self.pad_index:
                colour = HIGHLIGHT
            elif pad in faulty:
                colour = ILLEGAL if int(now * 2) % 2 == 0 else scale(ILLEGAL, 0.25)  # blinks:
                # a failed pad does not rely on its hue alone
            elif pad in self.report.passed:
                colour = CONFIRM if self.phase == "done" else scale(CONFIRM, 0.3)
            else:
                colour = scale(NEUTRAL, 0.3)
            canvas.block(column * k, row * k, solid_rows(k, colour))
        return bool(faulty)


def describe(report: Report, pad_name: Callable[[int], str]) -> str:
    """The findings in words, for the terminal."""
    lines = [f"LEDs: {report.leds_walked} lit in chain order" + (
        "; noted at undo: " + ", ".join(f"channel {c} LED {p + 1}"
                                        for c, p in report.flagged_leds)
        if report.flagged_leds else "; none noted") if report.tested != "pads" else
        "LEDs: not tested this time"]
    lines.append(f"pads: {len(report.passed)} answered when lit" if report.tested != "leds"
                 else "pads: not tested this time")
    if report.dead:
        lines.append("dead (lit, never touched): " + " ".join(pad_name(p) for p in report.dead))
    swapped = report.swapped()
    if swapped:
        lines.append("swapped (each answered for the other): " +
                     ", ".join(f"{pad_name(a)} and {pad_name(b)}" for a, b in swapped))
    others = [(lit, got) for lit, got in report.wrong
              if tuple(sorted((lit, got))) not in swapped]
    if others:
        lines.append("answered by another pad: " +
                     ", ".join(f"{pad_name(lit)} lit, {pad_name(got)} touched"
                               for lit, got in others))
    if not report.finished:
        lines.append("the self-test was stopped before its end")
    lines.append("all good" if report.ok else "see docs/hardware.md, Checking the build")
    return "\n".join(lines)


def report_json(report: Report, pad_name: Callable[[int], str], when: datetime) \
        -> dict[str, Any]:
    """The findings as the board keeps them (``selftest.json``) for the web page to show."""
    return {
        "when": when.isoformat(timespec="seconds"),
        "tested": report.tested,
        "ok": report.ok,
        "leds_walked": report.leds_walked,
        "flagged_leds": [{"channel": channel, "led": place + 1}
                         for channel, place in report.flagged_leds],
        "passed": len(report.passed),
        "dead": [pad_name(pad) for pad in report.dead],
        "wrong": [{"lit": pad_name(lit), "touched": pad_name(got)} for lit, got in report.wrong],
        "text": describe(report, pad_name),
    }
