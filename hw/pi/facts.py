"""What the software needs to know about the machine it runs on: which Raspberry Pi, which
device files this user may open, which libraries are installed, what the boot configuration
says. Read once into a plain value, so the LED backends and ``kaskade doctor`` decide from facts
that tests can write down instead of a Pi they do not have."""

from __future__ import annotations

import grp
import importlib.util
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from hw.speech import speakers

MODEL_FILE = Path("/proc/device-tree/model")
CONFIG_FILES = (Path("/boot/firmware/config.txt"), Path("/boot/config.txt"))
"""Raspberry Pi OS Bookworm and later keep the boot configuration in the first, older ones in
the second."""
SPIDEV_BUFSIZ = Path("/sys/module/spidev/parameters/bufsiz")
DEVICES = ("/dev/mem", "/dev/gpiomem", "/dev/gpiochip0", "/dev/spidev0.0", "/dev/leds0",
           "/dev/leds1")
"""The devices the LED backends and the pins go through (``/dev/ledsN``: the kernel's WS2812
driver on a Pi 5, one a data line)."""
WS2812_DRIVER = "ws2812-pio-rp1"
"""The Pi 5 kernel's WS2812 driver: its device class (udev's ``SUBSYSTEM``) and its character
devices' name (``/proc/devices``, systemd's ``DeviceAllow=char-…``)."""
SERVICE = Path("/etc/systemd/system/kaskade-board.service")
UDEV_RULE = Path("/etc/udev/rules.d/99-kaskade-board.rules")
MODULES = ("_rpi_ws281x", "neopixel", "board", "adafruit_raspberry_pi5_neopixel_write",
           "gpiozero", "lgpio", "RPi.GPIO", "serial",
           "mpremote")
"""The libraries the Pi backends and the tools use, by import name."""


@dataclass(frozen=True)
class Overlay:
    """A ``dtoverlay=NAME,key=value,flag`` line of config.txt."""

    line: str
    name: str
    parameters: tuple[str, ...]

    def value(self, key: str) -> str | None:
        """The value given to ``key`` (``None`` if it is not given)."""
        for parameter in self.parameters:
            name, equals, value = parameter.partition("=")
            if equals and name.strip() == key:
                return value.strip()
        return None

    def has(self, flag: str) -> bool:
        """Whether ``flag`` is set (given alone, or ``=on``/``=true``/``=1``)."""
        return any(parameter.strip() == flag for parameter in self.parameters) or \
            (self.value(flag) or "").lower() in ("on", "true", "yes", "1")


@dataclass(frozen=True)
class Facts:
    """One machine, as far as the board cares."""

    model: str | None
    """The device tree's model string (``Raspberry Pi 4 Model B Rev 1.4``), ``None`` when
    there is none (not a Pi)."""
    devices: frozenset[str] = frozenset()
    """Which of ``DEVICES`` exist."""
    usable: frozenset[str] = frozenset()
    """...and which of them this user may read and write."""
    groups: frozenset[str] = frozenset()
    """This user's groups (``spi``, ``gpio``, ``dialout`` …)."""
    root: bool = False
    modules: frozenset[str] = frozenset()
    """Which of ``MODULES`` can be imported."""
    config: str | None = None
    """The boot configuration (``config.txt``), when it can be read."""
    spidev_bufsiz: int | None = None
    """The SPI driver's largest transfer, when the driver is loaded."""
    problems: tuple[str, ...] = field(default=())
    """Facts that could not be read, and why."""
    installed: frozenset[str] = frozenset()
    """Which of the board's system files (``SERVICE``, ``UDEV_RULE``) are in place."""
    service: str | None = None
    """The installed systemd unit's text, when there is one."""
    rule: str | None = None
    """The installed udev rule's text, when there is one."""
    espeak: bool = False
    """Whether espeak-ng (the board's voice) is installed."""
    speakers: tuple[str, ...] = ()
    """The sound cards the kernel lists (HDMI, USB, the jack): where the voice can go."""

    @property
    def generation(self) -> int | None:
        """The Pi's family: 1 (Pi 1, Zero), 2, 3 (also Zero 2), 4 (also 400, CM4), 5 (also
        500, CM5); ``None`` when this is not a Raspberry Pi."""
        return pi_generation(self.model)

    def config_value(self, key: str) -> str | None:
        """The last value given to ``key`` in the boot configuration (``dtparam=audio=off``
        gives ``off`` for ``dtparam=audio``); conditional sections are read as if they apply."""
        if self.config is None:
            return None
        found = None
        for entry in self.config.splitlines():
            name, equals, value = entry.split("#", 1)[0].strip().rpartition("=")
            if equals and name.strip() == key:
                found = value.strip()
        return found

    def overlays(self, name: str) -> list[Overlay]:
        """The ``dtoverlay=`` lines of overlay ``name``, in order (the kernel starts their
        devices in this order: the first is ``/dev/leds0`` for the WS2812 driver)."""
        found = []
        for entry in (self.config or "").splitlines():
            line = entry.split("#", 1)[0].strip()
            key, equals, value = line.partition("=")
            if not equals or key.strip() != "dtoverlay":
                continue
            overlay, *parameters = value.split(",")
            if overlay.strip() == name:
                found.append(Overlay(line, name, tuple(parameters)))
        return found

    def config_has(self, line: str) -> bool:
        """Whether the boot configuration has ``line`` (``dtoverlay=pwm-2chan``), as written."""
        if self.config is None:
            return False
        return any(entry.split("#", 1)[0].strip() == line for entry in self.config.splitlines())


def pi_generation(model: str | None) -> int | None:
    """The family of the Pi with device-tree model ``model`` (see ``Facts.generation``)."""
    if model is None or "raspberry pi" not in model.lower():
        return None
    text = model.lower()
    if re.search(r"zero 2", text):
        return 3
    if "zero" in text:
        return 1
    match = re.search(r"(?:pi|compute module)\s+(\d+)", text)
    if match is None:
        return 1  # the first Pi and Compute Module carry no number
    number = int(match.group(1))
    return number // 100 if number >= 100 else number  # the 400 is a Pi 4, the 500 a Pi 5


def read_facts() -> Facts:
    """The facts of this machine."""
    problems = []
    try:
        model: str | None = MODEL_FILE.read_text(encoding="utf-8",
                                                    errors="replace").strip("\0\n ")
    except OSError:
        model = None
    config = None
    for path in CONFIG_FILES:
        try:
            config = path.read_text(encoding="utf-8", errors="replace")
            break
        except FileNotFoundError:
            continue
        except OSError as error:
            problems.append(f"{path}: {error.strerror}")
    devices = frozenset(path for path in DEVICES if os.path.exists(path))
    usable = frozenset(path for path in devices if os.access(path, os.R_OK | os.W_OK))
    try:
        groups = frozenset(grp.getgrgid(gid).gr_name for gid in os.getgroups())
    except KeyError:
        groups = frozenset()
    try:
        bufsiz: int | None = int(SPIDEV_BUFSIZ.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        bufsiz = None
    return Facts(model, devices, usable, groups, os.geteuid() == 0,
                 frozenset(name for name in MODULES if _importable(name)), config, bufsiz,
                 tuple(problems),
                 frozenset(str(path) for path in (SERVICE, UDEV_RULE) if path.exists()),
                 _text(SERVICE), _text(UDEV_RULE), shutil.which("espeak-ng") is not None,
                 tuple(speakers()))


def _text(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):  # a parent package missing, or a broken one
        return False
