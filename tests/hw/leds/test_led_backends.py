"""The Pi's LED backends against stand-ins of their libraries that put out the bytes the real
ones would send: a known picture must reach every LED at its place in the chain, in the strip's
colour order, undimmed by the library, once per frame — for a serpentine panel, four tiled
panels on one chain, and a progressive panel entered at the top."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace

import pytest

from controller.devices.errors import BackendError
from controller.devices.frame import Frame
from controller.profile import load_profile
from controller.profile.model import Profile
from controller.profile.pi_setup import spi_bytes
from controller.render.canvas import Canvas
from controller.render.output import FrameMaker, drive_table
from hw.leds.choose import led_backend, open_pixels
from hw.leds.neopixel import NeoPixelPixels
from hw.leds.ws281x import Ws281xPixels, check_ws281x
from hw.pi.facts import Facts
from tests.support.fake_leds import FakeNeoPixel, FakeWs281x

Position = tuple[int, int]


def serpentine_16(i: int) -> Position:
    """A 16 x 16 panel entered bottom left, rows running back and forth."""
    row, step = divmod(i, 16)
    return (step if row % 2 == 0 else 15 - step), row


def kaskade_8x8(channel: int, i: int) -> Position:
    assert channel == 0
    return serpentine_16(i)


def kaskade_16x16(channel: int, i: int) -> Position:
    """Four panels on one chain: the lower two, left then right, then the upper two."""
    assert channel == 0
    panel, within = divmod(i, 256)
    x, y = serpentine_16(within)
    return x + 16 * (panel % 2), y + 16 * (panel // 2)


def kaskade_mini(channel: int, i: int) -> Position:
    """One 8 x 8 panel entered top left, every row left to right."""
    assert channel == 0
    row, step = divmod(i, 8)
    return step, 7 - row


BUILDS: dict[str, Callable[[int, int], Position]] = {
    "kaskade-8x8": kaskade_8x8, "kaskade-16x16": kaskade_16x16, "kaskade-mini": kaskade_mini,
}
SPI_READY = frozenset({"/dev/mem", "/dev/spidev0.0", "/dev/gpiomem"})
PI4 = Facts("Raspberry Pi 4 Model B Rev 1.4", SPI_READY, SPI_READY,
            root=True, modules=frozenset({"_rpi_ws281x", "neopixel", "board"}),
            config="dtparam=audio=off\ndtparam=spi=on\ncore_freq_min=500\n",
            spidev_bufsiz=32768)
PI5 = replace(PI4, model="Raspberry Pi 5 Model B Rev 1.0",
              modules=PI4.modules | {"adafruit_raspberry_pi5_neopixel_write"})


def picture(profile: Profile) -> tuple[Frame, dict[Position, tuple[int, int, int]]]:
    """A frame where every LED has its own colour, and the drive values each LED should get."""
    canvas = Canvas(profile.led_width, profile.led_height)
    wanted = {}
    table = drive_table(255)
    for y in range(profile.led_height):
        for x in range(profile.led_width):
            colour = (40 + (x * 37) % 120, 40 + (y * 53) % 120, 40 + ((x + 2 * y) * 29) % 120)
            canvas.rect(x, y, 1, 1, colour)
            wanted[x, y] = (table[colour[0]], table[colour[1]], table[colour[2]])
    frame = FrameMaker(profile).make(bytes(canvas.pixels), 1.0)
    assert not frame.limited, "the picture must stay within the power budget"
    return frame, wanted


def decode(wire: bytes, order: str) -> list[tuple[int, int, int]]:
    """The colours a strip of ``order`` (``GRB`` …) shows for the bytes on its data line."""
    colours = []
    for start in range(0, len(wire), 3):
        triple = wire[start:start + 3]
        colours.append(tuple(triple[order.index(letter)] for letter in "RGB"))
    return colours  # type: ignore[return-value]


def check(profile: Profile, wires: list[bytes], wanted: dict, where: Callable) -> None:
    seen = 0
    for channel, wire in enumerate(wires):
        for i, colour in enumerate(decode(wire, profile.colour_order)):
            assert colour == wanted[where(channel, i)], (channel, i, where(channel, i))
            seen += 1
    assert seen == profile.leds


@pytest.mark.parametrize("order", ["GRB", "BRG"])
@pytest.mark.parametrize("build", sorted(BUILDS))
def test_rpi_ws281x_puts_every_led_in_its_place_and_colour(build, order):
    profile = replace(load_profile(build), colour_order=order)
    library = FakeWs281x()
    pixels = Ws281xPixels(profile, library)
    controller = library.controllers[0]
    assert controller.freq == 800_000
    assert controller.dma == profile.channels[0].dma
    assert [c.gpio for c in controller.channels[:len(profile.channels)]] == \
        [c.gpio for c in profile.channels]
    frame, wanted = picture(profile)
    pixels.show(frame)
    assert controller.renders == 1
    check(profile, controller.wire[:len(profile.channels)], wanted, BUILDS[build])
    if len(profile.channels) == 1:
        assert controller.channels[1].count == 0, "an unused channel drives nothing"


@pytest.mark.parametrize("order", ["GRB", "RGB"])
@pytest.mark.parametrize("build", sorted(BUILDS))
def test_neopixel_puts_every_led_in_its_place_and_colour(build, order):
    profile = replace(load_profile(build), colour_order=order)
    library = FakeNeoPixel()
    pixels = NeoPixelPixels(profile, library.board, library.neopixel)
    assert [strip.pin.id for strip in library.strips] == [c.gpio for c in profile.channels]
    assert all(not strip.auto_write for strip in library.strips), "one push per frame"
    frame, wanted = picture(profile)
    pixels.show(frame)
    assert [strip.shows for strip in library.strips] == [1] * len(profile.channels)
    check(profile, [strip.wire for strip in library.strips], wanted, BUILDS[build])


def test_the_libraries_add_no_dimming_of_their_own_and_each_frame_is_one_push():
    profile = load_profile("kaskade-8x8")
    canvas = Canvas(profile.led_width, profile.led_height)
    canvas.fill((200, 120, 60))
    dim = FrameMaker(profile).make(bytes(canvas.pixels), 0.25)
    ws, neo = FakeWs281x(), FakeNeoPixel()
    strip = Ws281xPixels(profile, ws)
    neopixel = NeoPixelPixels(profile, neo.board, neo.neopixel)
    for _ in range(3):
        strip.show(dim)
        neopixel.show(dim)
    assert ws.controllers[0].wire[0] == dim.channels[0]
    assert neo.strips[0].wire == dim.channels[0]
    assert ws.controllers[0].renders == 3
    assert neo.strips[0].shows == 3


def test_closing_leaves_the_leds_dark_and_the_hardware_free():
    profile = load_profile("kaskade-16x16")
    frame, _ = picture(profile)
    ws, neo = FakeWs281x(), FakeNeoPixel()
    strip = Ws281xPixels(profile, ws)
    neopixel = NeoPixelPixels(profile, neo.board, neo.neopixel)
    strip.show(frame)
    neopixel.show(frame)
    strip.close()
    strip.close()  # twice is harmless
    neopixel.close()
    controller = ws.controllers[0]
    assert all(not any(wire) for wire in controller.wire)
    assert controller.finished
    assert not controller.initialised
    assert all(not any(s.wire) and s.closed for s in neo.strips)


def test_the_backends_close_as_gpiozeros_devices_do():
    """In a ``with`` block, once however often they are closed, their pins and LEDs (and
    then that they are closed) in their ``repr``."""
    profile = load_profile("kaskade-16x16")
    ws, neo = FakeWs281x(), FakeNeoPixel()
    with Ws281xPixels(profile, ws) as strip, \
            NeoPixelPixels(profile, neo.board, neo.neopixel) as neopixel:
        pins = " and ".join(str(channel.gpio) for channel in profile.channels)
        assert repr(strip) == f"<hw.leds.ws281x.Ws281xPixels object on GPIO {pins}, " \
            f"{profile.leds} LEDs>"
        assert repr(neopixel) == f"<hw.leds.neopixel.NeoPixelPixels object on GPIO {pins}, " \
            f"{profile.leds} LEDs>"
        assert not strip.closed
        assert not neopixel.closed
    assert strip.closed
    assert neopixel.closed
    assert ws.controllers[0].finished
    assert all(s.closed for s in neo.strips)
    assert repr(strip) == "<hw.leds.ws281x.Ws281xPixels object closed>"
    assert repr(neopixel) == "<hw.leds.neopixel.NeoPixelPixels object closed>"
    neopixel.close()
    assert [s.shows for s in neo.strips] == [1] * len(neo.strips), "dark once, not twice"


@pytest.mark.parametrize(("result", "fix"), [
    (-5, "run the board as root"), (-9, "cannot drive LEDs here"),
    (-3, 'backend = "neopixel"'),
])
def test_a_library_that_refuses_says_what_to_do(result, fix):
    with pytest.raises(BackendError) as caught:
        Ws281xPixels(load_profile("kaskade-8x8"), FakeWs281x(init_result=result))
    assert fix in str(caught.value)
    assert FakeWs281x.MESSAGES[result] in str(caught.value)


def test_missing_libraries_name_the_package(monkeypatch):
    for name in ("_rpi_ws281x", "board", "neopixel"):
        monkeypatch.setitem(sys.modules, name, None)  # import fails as if not installed
    profile = load_profile("kaskade-8x8")
    with pytest.raises(BackendError, match="pip install rpi-ws281x"):
        Ws281xPixels(profile)
    with pytest.raises(BackendError, match="adafruit-circuitpython-neopixel"):
        NeoPixelPixels(profile)


def test_a_pin_blinka_does_not_have_is_refused():
    library = FakeNeoPixel()
    del library.board.D10
    with pytest.raises(BackendError, match="GPIO 10 is not a pin"):
        NeoPixelPixels(load_profile("kaskade-8x8"), library.board, library.neopixel)


def test_auto_picks_rpi_ws281x_on_a_pi_4_and_the_pio_on_a_pi_5(monkeypatch):
    """On a Pi 5, the kernel's driver once config.txt sets it up, else Blinka's PIO: both need
    no root."""
    profile = load_profile("kaskade-8x8")
    assert led_backend(profile, PI4) == "ws281x"
    assert led_backend(profile, PI5) == "neopixel"
    kernel = replace(PI5, config="dtoverlay=ws2812-pio,gpio=10,num_leds=256\n")
    assert led_backend(profile, kernel) == "ws2812-pio"
    assert led_backend(replace(profile, led_backend="neopixel"), PI4) == "neopixel"
    assert led_backend(replace(profile, led_backend="neopixel"), kernel) == "neopixel"
    ws, neo = FakeWs281x(), FakeNeoPixel()
    monkeypatch.setitem(sys.modules, "_rpi_ws281x", ws)
    monkeypatch.setitem(sys.modules, "board", neo.board)
    monkeypatch.setitem(sys.modules, "neopixel", neo.neopixel)
    assert isinstance(open_pixels(profile, PI4), Ws281xPixels)
    assert isinstance(open_pixels(profile, PI5), NeoPixelPixels)


@pytest.mark.parametrize(("facts", "backend", "says"), [
    (Facts(None), "ws281x", "not a Raspberry Pi"),
    (Facts(None), "neopixel", "not a Raspberry Pi"),
    (PI5, "ws281x", 'set backend = "neopixel"'),
    (replace(PI4, modules=frozenset()), "ws281x", "pip install rpi-ws281x"),
    (replace(PI5, modules=frozenset({"board"})), "neopixel", "neopixel cannot be imported"),
])
def test_each_obstacle_is_named_with_its_fix(facts, backend, says):
    profile = replace(load_profile("kaskade-8x8"), led_backend=backend)
    with pytest.raises(BackendError) as caught:
        open_pixels(profile, facts)
    assert says in str(caught.value)


def pwm(profile: Profile, pin: int = 18) -> Profile:
    """``profile`` with its LEDs on a PWM pin instead of SPI, as a maker may choose."""
    return replace(profile, channels=(replace(profile.channels[0], gpio=pin),))


@pytest.mark.parametrize(("facts", "says"), [
    (replace(PI4, usable=frozenset(), root=False), "needs /dev/mem"),
    (replace(PI4, config=""), "dtparam=audio=off"),
])
def test_pwm_needs_root_and_the_analogue_audio_off(facts, says):
    with pytest.raises(BackendError, match=says):
        open_pixels(pwm(load_profile("kaskade-8x8")), facts)


def test_spi_needs_the_driver_its_groups_and_a_large_enough_buffer():
    spi = load_profile("kaskade-8x8")
    user = replace(PI4, devices=frozenset({"/dev/gpiomem"}), usable=frozenset(), root=False)
    with pytest.raises(BackendError, match="dtparam=spi=on"):
        open_pixels(spi, user)
    with pytest.raises(BackendError, match=r"adduser \$USER spi"):
        open_pixels(spi, replace(user, devices=frozenset({"/dev/spidev0.0"})))
    spi_group = replace(user, devices=SPI_READY, usable=frozenset({"/dev/spidev0.0"}))
    with pytest.raises(BackendError, match=r"adduser \$USER gpio"):
        open_pixels(spi, spi_group)
    small = replace(PI4, root=False, spidev_bufsiz=4096)
    assert not check_ws281x(spi, small), "256 LEDs fit the SPI driver's own 4096 bytes"
    with pytest.raises(BackendError, match=r"at most 4096 bytes.*need 12312.*spidev\.bufsiz"):
        open_pixels(load_profile("kaskade-16x16"), small)


def test_the_spi_buffer_is_what_rpi_ws281x_sends():
    """Its PCM_BYTE_COUNT at 800 kHz: 12 bytes an LED (four colours of 8 bits, 3 SPI bits a
    bit) and 55 µs of reset, rounded down to 8 bytes, plus 8."""
    assert [spi_bytes(leds) for leds in (64, 256, 576, 1024)] == [792, 3096, 6936, 12312]


@pytest.mark.parametrize(("model", "setting"), [
    ("Raspberry Pi 3 Model B Plus Rev 1.3", "core_freq=250"),
    ("Raspberry Pi Zero 2 W Rev 1.0", "core_freq=250"),
    ("Raspberry Pi 4 Model B Rev 1.4", "core_freq_min=500"),
])
def test_spi_needs_a_steady_core_clock_on_a_pi_3_and_4(model, setting):
    unsteady = replace(PI4, model=model, config="dtparam=spi=on\n")
    with pytest.raises(BackendError, match=setting):
        open_pixels(load_profile("kaskade-8x8"), unsteady)
    steady = replace(unsteady, config=f"dtparam=spi=on\n{setting}\n")
    assert not check_ws281x(load_profile("kaskade-8x8"), steady)


def test_a_pi_1_and_2_need_no_clock_setting():
    for model in ("Raspberry Pi Model B Plus Rev 1.2", "Raspberry Pi 2 Model B Rev 1.1",
                  "Raspberry Pi Zero W Rev 1.1"):
        assert not check_ws281x(load_profile("kaskade-8x8"), replace(PI4, model=model,
                                                                      config=""))
