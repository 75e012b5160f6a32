"""Every backend refuses use after ``close()`` as gpiozero's devices do (its ``DeviceClosed``):
the LEDs, buttons, buzzer, status LED, voice and touch link of the Pi, the simulator's board
and LEDs, the mock — each operation raises :class:`DeviceClosed`, and closing again does
nothing. The GPIO parts run on gpiozero's MockFactory, the LED libraries on their stand-ins;
every backend in the program is in the table below (a test says so)."""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from controller.bench.remote import TimedPixels
from controller.bench.render import _TimedPixels
from controller.devices.errors import DeviceClosed
from controller.devices.frame import Frame
from controller.devices.interfaces import Board, Device, Mute, Sound
from controller.devices.mock import MockPixels, MockSound, MockSpeech, mock_board
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.errors import KaskadeError
from controller.profile import load_profile
from controller.profile.model import Ddp
from hw.board import NoButtons, PiBoard, Silence
from hw.gpio.buttons import GpioButtons
from hw.gpio.buzzer import GpioBuzzer
from hw.gpio.status_led import StatusLed
from hw.leds.ddp import DdpPixels
from hw.leds.neopixel import NeoPixelPixels
from hw.leds.ws281x import Ws281xPixels
from hw.leds.ws2812_pio import Ws2812PioPixels
from hw.speech import EspeakSpeech
from hw.touch.link import TouchLink
from sim.board import SimBoard, SimPixels, SimSound, SimSpeech, sim_board
from tests.support.fake_leds import FakeNeoPixel, FakeWs281x

PROFILE = load_profile("kaskade-8x8")
GPIO = PROFILE.gpio


def frame() -> Frame:
    """A dark frame of the profile's LEDs."""
    return Frame(tuple(bytes(3 * len(channel.chain)) for channel in PROFILE.channels), 0.0,
                 False)


def ignore(event: object) -> None:
    del event


def nowhere() -> str:
    return "/nonexistent/kaskade-touch-board"


Uses = dict[str, Callable[[Any], object]]
"""What a part does, by name: each a call on the part."""
PIXELS: Uses = {"show": lambda part: part.show(frame())}
SOUND: Uses = {"play": lambda part: part.play(Sound.TAP)}
SPEECH: Uses = {"say": lambda part: part.say("your turn", "en")}
BOARD: Uses = {"start": lambda part: part.start(ignore)}
VIRTUAL: Uses = {"start": lambda part: part.start(ignore),
                 "down": lambda part: part.down(0), "up": lambda part: part.up(0)}
TOUCHES: Uses = {**VIRTUAL, "stream_readings": lambda part: part.stream_readings(True),
                 "update_firmware": lambda part: part.update_firmware()}
BUTTONS: Uses = {"start": lambda part: part.start(ignore),
                 "down": lambda part: part.down("menu"), "up": lambda part: part.up("menu")}
LINK: Uses = {"start": lambda part: part.start(ignore),
              "stream_readings": lambda part: part.stream_readings(True),
              "update_firmware": lambda part: part.update_firmware(),
              "command": lambda part: part.command("ping", []),
              "want_readings": lambda part: part.want_readings("debug pane", True)}


def pi_board(factory: MockFactory) -> PiBoard:
    return PiBoard(PROFILE, MockPixels(), VirtualTouches(), GpioButtons(GPIO, factory),
                   Silence(), StatusLed(GPIO.status_led, factory))


BACKENDS: dict[type[Device], tuple[Callable[[MockFactory], Device], Uses]] = {
    MockPixels: (lambda factory: MockPixels(), PIXELS),
    MockSound: (lambda factory: MockSound(), SOUND),
    VirtualTouches: (lambda factory: VirtualTouches(), TOUCHES),
    VirtualButtons: (lambda factory: VirtualButtons(), BUTTONS),
    Board: (lambda factory: mock_board(PROFILE), BOARD),
    TimedPixels: (lambda factory: TimedPixels(), PIXELS),
    _TimedPixels: (lambda factory: _TimedPixels(), PIXELS),
    SimPixels: (lambda factory: SimPixels(), PIXELS),
    SimSound: (lambda factory: SimSound(), SOUND),
    SimBoard: (lambda factory: sim_board(PROFILE, touch="direct"), BOARD),
    Silence: (lambda factory: Silence(), SOUND),
    GpioButtons: (lambda factory: GpioButtons(GPIO, factory), BOARD),
    GpioBuzzer: (lambda factory: GpioBuzzer(GPIO, factory), SOUND),
    StatusLed: (lambda factory: StatusLed(GPIO.status_led, factory),
                {"touches": lambda part: part.touches(False)}),
    Ws281xPixels: (lambda factory: Ws281xPixels(PROFILE, FakeWs281x()), PIXELS),
    NeoPixelPixels: (lambda factory: NeoPixelPixels(PROFILE, *_neopixel()), PIXELS),
    TouchLink: (lambda factory: TouchLink(PROFILE, nowhere, retry=0.05), LINK),
    PiBoard: (pi_board, BOARD),
    Ws2812PioPixels: (lambda factory: Ws2812PioPixels(PROFILE, [os.devnull]), PIXELS),
    DdpPixels: (lambda factory: DdpPixels(replace(PROFILE, led_backend="ddp",
                                                  ddp=Ddp("127.0.0.1", 9))), PIXELS),
    NoButtons: (lambda factory: NoButtons(), {"start": lambda part: part.start(ignore)}),
    MockSpeech: (lambda factory: MockSpeech(), SPEECH),
    SimSpeech: (lambda factory: SimSpeech(), SPEECH),
    Mute: (lambda factory: Mute(), SPEECH),
    EspeakSpeech: (lambda factory: EspeakSpeech("true"), SPEECH),
}
"""Each backend: how to open one (on gpiozero's MockFactory where it has pins), what it does."""


def _neopixel() -> tuple[Any, Any]:
    library = FakeNeoPixel()
    return library.board, library.neopixel


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory(pin_class=MockPWMPin)
    yield made
    made.reset()


CASES = [pytest.param(kind, use, id=f"{kind.__name__}.{use}")
         for kind, (_, uses) in BACKENDS.items() for use in uses]


@pytest.mark.parametrize(("kind", "use"), CASES)
def test_a_closed_part_refuses_to_be_used_and_closes_again_quietly(factory, kind, use):
    make, uses = BACKENDS[kind]
    part = make(factory)
    assert type(part) is kind
    part.close()
    with pytest.raises(DeviceClosed, match=rf"^{kind.__name__} is closed") as refused:
        uses[use](part)
    assert isinstance(refused.value, KaskadeError)
    assert isinstance(refused.value, RuntimeError)
    part.close()
    assert part.closed


@pytest.mark.parametrize("kind", list(BACKENDS), ids=lambda kind: kind.__name__)
def test_an_open_part_does_what_it_is_asked(factory, kind):
    """The same calls work before ``close()``: the refusal above is the closing's doing."""
    make, uses = BACKENDS[kind]
    with make(factory) as part:
        for use in uses.values():  # start first: inputs report to a sink once started
            use(part)


def test_every_backend_of_the_program_is_in_the_table():
    for package in ("controller", "hw", "sim"):
        for info in pkgutil.walk_packages(importlib.import_module(package).__path__,
                                          f"{package}."):
            if not info.name.endswith("__main__") and info.name != "sim.micropython.ram":
                importlib.import_module(info.name)

    def kinds(base: type) -> Iterator[type]:
        for kind in base.__subclasses__():
            yield kind
            yield from kinds(kind)

    found = set(kinds(Device))
    mixins = {kind for kind in found if kind.__name__.startswith("_")
              and any(kind in other.__mro__[1:] for other in found)}
    backends = {kind for kind in found - mixins if not inspect.isabstract(kind)
                and kind.__module__.split(".")[0] in ("controller", "hw", "sim")}
    assert backends == set(BACKENDS)
