"""The real board on a Raspberry Pi: the LEDs through the profile's LED backend, touches from
the board's microcontroller through the touch link, the buttons, buzzer and status LED through
gpiozero, its voice through espeak-ng where a speaker is attached. The composition root opens
it for ``--board pi``.

On another machine (no Pi's pin header) the same board runs where its LEDs need no pins —
over the network to an LED controller (DDP) — without buttons, buzzer and status LED: the web
companion's buttons stand in for the physical ones."""

from __future__ import annotations

from typing import Any

from controller.devices.errors import BackendError
from controller.devices.interfaces import (
    Board,
    ButtonsIn,
    InputEvent,
    Mute,
    PixelsOut,
    Sink,
    Sound,
    SoundOut,
    SpeechOut,
    TouchesBack,
    TouchesIn,
    TouchesLost,
)
from controller.profile.model import Profile
from hw.flash.update import bundled_updater
from hw.gpio.buttons import GpioButtons
from hw.gpio.buzzer import GpioBuzzer
from hw.gpio.status_led import StatusLed
from hw.leds.choose import open_pixels
from hw.pi.facts import Facts, read_facts
from hw.speech import open_speech
from hw.touch.link import TouchLink
from hw.touch.ports import locator


class Silence(SoundOut):
    """A board built without a buzzer."""

    def play(self, sound: Sound) -> None:
        del sound
        self._check_open()

    def _describe(self) -> str:
        return "without a buzzer"


class NoButtons(ButtonsIn):
    """A machine without the Pi's pin header, so without the physical buttons."""

    def start(self, sink: Sink) -> None:
        del sink
        self._check_open()

    def _describe(self) -> str:
        return "none: this machine has no Pi pin header (the web page's buttons stand in)"


class PiBoard(Board):
    """A board whose status LED follows the touch sensors."""

    def __init__(self, profile: Profile, pixels: PixelsOut, touches: TouchesIn,
                 buttons: ButtonsIn, sound: SoundOut, status: StatusLed | None,
                 speech: SpeechOut | None = None) -> None:
        super().__init__(profile, pixels, touches, buttons, sound, speech or Mute())
        self.status = status

    def start(self, sink: Sink) -> None:
        status = self.status

        def watch(event: InputEvent) -> None:
            if status is not None and isinstance(event, (TouchesLost, TouchesBack)):
                status.touches(isinstance(event, TouchesBack))
            sink(event)

        super().start(watch)

    def _release(self) -> None:
        super()._release()
        if self.status is not None:
            self.status.close()


def pi_board(profile: Profile, port: str | None = None,
             thresholds: tuple[int, int] | None = None, facts: Facts | None = None,
             pin_factory: Any = None) -> PiBoard:
    """The board of ``profile`` on this Pi; ``port`` overrides finding the touch board by its
    USB id, ``thresholds`` (from ``kaskade calibrate``) go to it at every connection."""
    machine = facts or read_facts()
    pixels = open_pixels(profile, machine)
    touches = TouchLink(profile, locator(profile.touch.usb, port), thresholds=thresholds,
                        silence=profile.touch.silence_seconds, updater=bundled_updater(profile))
    if machine.generation is None and pin_factory is None:
        return PiBoard(profile, pixels, touches, NoButtons(), Silence(), None, open_speech())
    from gpiozero.exc import GPIOZeroError  # noqa: PLC0415  (only a Pi board needs it)

    opened: list[Any] = [pixels]
    try:
        buttons = GpioButtons(profile.gpio, pin_factory)
        opened.append(buttons)
        sound: SoundOut = Silence() if profile.gpio.buzzer is None else \
            GpioBuzzer(profile.gpio, pin_factory)
        opened.append(sound)
        status = None if profile.gpio.status_led is None else \
            StatusLed(profile.gpio.status_led, pin_factory)
    except BaseException as error:
        for part in reversed(opened):  # the LEDs dark, the pins free, before the error shows
            part.close()
        if isinstance(error, GPIOZeroError):
            raise BackendError(f"the buttons, buzzer or status LED cannot use their pins "
                               f"({type(error).__name__}: {error}); kaskade doctor checks the "
                               "usual causes") from None
        raise
    return PiBoard(profile, pixels, touches, buttons, sound, status, open_speech())
