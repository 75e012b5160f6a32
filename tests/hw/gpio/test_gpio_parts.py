"""The buttons, the buzzer and the status LED on gpiozero's MockFactory: pressing and holding
the buttons, each sound's tune at its pitches (or its rhythm on an active buzzer), a new sound
cutting the old one short, and the status LED following the touch sensors."""

from __future__ import annotations

import queue
import time
from dataclasses import replace

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from controller.devices.interfaces import ButtonDown, ButtonUp, InputEvent, Sound
from controller.profile import load_profile
from hw.gpio.buttons import BOUNCE_SECONDS, GpioButtons
from hw.gpio.buzzer import HIGHEST, LOWEST, TUNES, GpioBuzzer
from hw.gpio.status_led import StatusLed

GPIO = load_profile("kaskade-8x8").gpio


class RecordingPin(MockPWMPin):
    """A mock pin that writes down every change of its output, (frequency, on), as it is made:
    a tune is checked from the record, not by watching the pin at the right moments."""

    def __init__(self, factory, info) -> None:
        self.record: list[tuple[float | None, bool]] = []
        super().__init__(factory, info)

    def _change_state(self, value):
        changed = super()._change_state(value)
        self.record.append((self._frequency, bool(value)))
        return changed

    def _set_frequency(self, value) -> None:
        super()._set_frequency(value)
        self.record.append((value, bool(self.state)))


def tones(pin: RecordingPin, since: int = 0) -> list[int]:
    """The pitches the pin sounded since record entry ``since``, each once, in order."""
    return list(dict.fromkeys(round(f) for f, on in pin.record[since:] if on and f))


def switched(pin: RecordingPin, since: int = 0) -> list[bool]:
    """On and off as the pin went, since record entry ``since`` (repeats left out)."""
    changes: list[bool] = []
    for _, on in pin.record[since:]:
        if not changes or changes[-1] != on:
            changes.append(on)
    return changes


@pytest.fixture
def factory():
    made = MockFactory(pin_class=RecordingPin)
    yield made
    made.reset()


WAIT = 30.0
"""Seconds to wait for a part's thread: generous, for a busy machine."""


def wait_for(condition, seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_presses_and_releases_become_button_events(factory):
    events: queue.Queue[InputEvent] = queue.Queue()
    buttons = GpioButtons(GPIO, factory)
    buttons.start(events.put)
    menu, undo = factory.pin(GPIO.menu_button), factory.pin(GPIO.undo_button)
    assert menu.pull == "up"
    menu.drive_low()  # the button connects the pin to ground
    assert events.get(timeout=WAIT) == ButtonDown("menu")
    menu.drive_high()
    assert events.get(timeout=WAIT) == ButtonUp("menu")
    undo.drive_low()
    time.sleep(1.2)  # a hold, as long as a person's: still one press (the app times it)
    undo.drive_high()
    assert [events.get(timeout=WAIT), events.get(timeout=WAIT)] == [ButtonDown("undo"),
                                                                     ButtonUp("undo")]
    assert events.empty()
    buttons.close()


def test_contact_bounce_is_left_to_the_pin_library(factory):
    """The pin libraries (lgpio, RPi.GPIO) drop edges within the bounce time; gpiozero's mock
    pins do not, so the test checks what the buttons ask of them."""
    buttons = GpioButtons(GPIO, factory)
    assert factory.pin(GPIO.menu_button).bounce == BOUNCE_SECONDS
    assert factory.pin(GPIO.undo_button).bounce == BOUNCE_SECONDS
    buttons.close()


def test_a_passive_buzzer_plays_each_tune_at_its_pitches(factory):
    buzzer = GpioBuzzer(GPIO, factory)
    pin = factory.pin(GPIO.buzzer)
    for sound, tune in TUNES.items():
        wanted = [tone for tone, _ in tune if tone is not None]
        assert all(LOWEST <= tone <= HIGHEST for tone in wanted)
        wanted_once = list(dict.fromkeys(round(t) for t in wanted))
        start = len(pin.record)
        buzzer.play(sound)
        # the whole tune, then silence
        count = len(wanted_once)
        wait_for(lambda start=start, count=count:
                 len(tones(pin, start)) >= count and not pin.state)
        assert tones(pin, start) == wanted_once, sound
    buzzer.close()


def test_a_new_sound_cuts_the_old_one_short(factory):
    buzzer = GpioBuzzer(GPIO, factory)
    pin = factory.pin(GPIO.buzzer)
    buzzer.play(Sound.WIN)  # 0.6 s
    wait_for(lambda: pin.state)
    start = len(pin.record)
    buzzer.play(Sound.TAP)
    wait_for(lambda: 1760 in tones(pin, start) and not pin.state)
    assert tones(pin, start) == [1760], "none of the win's later notes: it was cut short"
    buzzer.close()
    assert not pin.state, "silent once closed"


def test_a_pin_that_fails_once_does_not_silence_the_buzzer(factory, monkeypatch):
    buzzer = GpioBuzzer(GPIO, factory)
    pin = factory.pin(GPIO.buzzer)
    real = buzzer._sound
    failed = []

    def once(tone):
        if not failed:
            failed.append(tone)
            raise OSError("the pin library failed")
        real(tone)

    monkeypatch.setattr(buzzer, "_sound", once)
    buzzer.play(Sound.TAP)
    wait_for(lambda: failed)
    start = len(pin.record)
    buzzer.play(Sound.TAP)
    wait_for(lambda: tones(pin, start) == [1760])  # the record: the tap lasts only 20 ms
    buzzer.close()


def test_an_active_buzzer_beeps_the_rhythm(factory):
    gpio = replace(GPIO, buzzer_type="active")
    buzzer = GpioBuzzer(gpio, factory)
    pin = factory.pin(gpio.buzzer)
    start = len(pin.record)
    buzzer.play(Sound.ILLEGAL)  # beep, rest, beep
    wait_for(lambda: len(switched(pin, start)) >= 4)
    buzzer.close()
    assert switched(pin, start) == [True, False, True, False]


def test_the_status_led_is_steady_blinks_while_touches_are_lost_and_goes_dark(factory):
    led = StatusLed(GPIO.status_led, factory)
    pin = factory.pin(GPIO.status_led)
    assert pin.state
    start = len(pin.record)
    led.touches(False)
    wait_for(lambda: len(switched(pin, start)) >= 3)  # off, on, off: blinking
    led.touches(True)
    wait_for(lambda: pin.state)
    start = len(pin.record)
    time.sleep(0.6)  # longer than a blink: time to go out again, were it still blinking
    assert switched(pin, start) in ([], [True]), "steady again"
    assert pin.state
    led.close()
    assert not pin.state


def test_each_part_closes_as_gpiozeros_devices_do(factory):
    """In a ``with`` block, once however often it is closed, its pins free afterwards, and its
    pins and state in its ``repr``."""
    from gpiozero import LED, Button

    with GpioButtons(GPIO, factory) as buttons, GpioBuzzer(GPIO, factory) as buzzer, \
            StatusLed(GPIO.status_led, factory) as status:
        assert repr(buttons) == \
            "<hw.gpio.buttons.GpioButtons object menu on GPIO5, undo on GPIO6>"
        assert repr(buzzer) == "<hw.gpio.buzzer.GpioBuzzer object passive on GPIO13>"
        assert repr(status) == "<hw.gpio.status_led.StatusLed object on GPIO25>"
        assert not any(part.closed for part in (buttons, buzzer, status))
    for part in (buttons, buzzer, status):
        assert part.closed
        assert repr(part) == f"<{type(part).__module__}.{type(part).__name__} object closed>"
        part.close()
    assert not factory.pin(GPIO.status_led).state, "dark"
    for pin in (GPIO.menu_button, GPIO.undo_button, GPIO.buzzer, GPIO.status_led):
        (Button if pin in (GPIO.menu_button, GPIO.undo_button) else LED)(
            pin, pin_factory=factory).close()  # free again: gpiozero refuses a pin in use


def test_an_active_buzzer_says_so(factory):
    with GpioBuzzer(replace(GPIO, buzzer_type="active"), factory) as buzzer:
        assert repr(buzzer) == "<hw.gpio.buzzer.GpioBuzzer object active on GPIO13>"
