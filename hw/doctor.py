"""``kaskade doctor``'s checks: is this a Pi, can the chosen LED backend drive the LEDs, are the
permissions and the boot settings right, is the touch board there with current firmware, is
the profile valid, is the board set to start at power-on, can it speak — each a verdict with
its fix.

The checks read only a ``Facts`` value and two callables (find the board's port, ask it for its
hello), so tests run every verdict against facts they write down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module

from controller.devices.firmware import compare
from controller.profile.model import Profile
from hw.leds.choose import CHECKS, led_backend
from hw.leds.privileges import ROOT_COST, root_needed
from hw.pi.facts import SERVICE, UDEV_RULE, Facts
from hw.pi.install import KASKADE, PREFIX
from hw.pi.install import USER as PORT_GROUP
from hw.touch.connection import Hello
from hw.touch.errors import LinkError

OK, WARN, FAIL, SKIP = "ok", "warn", "fail", "skip"


@dataclass(frozen=True)
class Verdict:
    """One check's outcome: ``status`` (``ok``, ``warn``, ``fail``, ``skip``), what was found
    and, unless all is well, what to do."""

    name: str
    status: str
    found: str
    fix: str = ""


def examine(profile: Profile, facts: Facts, find_port: Callable[[], str],
            hello: Callable[[str], Hello]) -> list[Verdict]:
    """Every check for ``profile`` on the machine of ``facts``."""
    verdicts = [_model(profile, facts),
                Verdict("profile", OK, f"{profile.name} ({profile.source}): {profile.pads} "
                        f"pads, {profile.leds} LEDs on {len(profile.channels)} data line(s)")]
    on_pi = facts.generation is not None
    networked = profile.led_backend == "ddp"
    verdicts += _leds(profile, facts) if on_pi or networked else [
        Verdict("LEDs", SKIP, "the LEDs need a Raspberry Pi")]
    verdicts += [_gpio(facts) if on_pi else Verdict(
        "buttons and buzzer", SKIP, "the GPIO pins need a Raspberry Pi" + (
            " (the web page's buttons stand in)" if networked else ""))]
    verdicts += _touch_board(profile, facts, find_port, hello)
    if on_pi or networked:
        verdicts.append(_installed(facts))
        verdicts.append(_voice(facts))
    return verdicts


def _voice(facts: Facts) -> Verdict:
    """The board's voice: espeak-ng and a speaker (optional: the LEDs write every word)."""
    if not facts.speakers:
        return Verdict("voice", SKIP, "no speaker: the board writes its words but cannot say "
                       "them", "for the board's voice, attach a speaker by HDMI, USB or the "
                       "jack" + ("" if facts.espeak else " and sudo apt install espeak-ng"))
    if not facts.espeak:
        return Verdict("voice", WARN, f"a speaker ({facts.speakers[0]}) but no voice",
                       "sudo apt install espeak-ng, then switch speech on: the orange pad on "
                       "the home menu, or Settings on the web page")
    return Verdict("voice", OK, f"espeak-ng can say the board's words through "
                   f"{facts.speakers[0]} (speech is switched on by the orange pad on the home "
                   "menu, or Settings on the web page)")


def _model(profile: Profile, facts: Facts) -> Verdict:
    if facts.generation is None:
        found = "not a Raspberry Pi" + (f" ({facts.model})" if facts.model else
                                        " (no device-tree model)")
        if profile.led_backend == "ddp":
            return Verdict("Raspberry Pi", WARN, found, "the board runs here all the same: its "
                           "LEDs go over the network (DDP); the buttons, buzzer and status "
                           "LED need a Pi's pins")
        return Verdict("Raspberry Pi", FAIL, found, "the board runs on a Raspberry Pi; on this "
                       "computer the simulator stands in for it: kaskade sim")
    return Verdict("Raspberry Pi", OK, f"{facts.model} (Pi {facts.generation} family)")


def _leds(profile: Profile, facts: Facts) -> list[Verdict]:
    name = led_backend(profile, facts)
    chosen = f"{name} ({'chosen by the profile' if profile.led_backend != 'auto' else 'auto'})"
    problems = CHECKS[name](profile, facts)
    root = root_needed(profile, facts)
    cost = [Verdict("LEDs without root", WARN, root, ROOT_COST)] if root else []
    if not problems:
        where = f"{profile.ddp.host}:{profile.ddp.port}" if name == "ddp" and profile.ddp \
            else ", ".join(f"GPIO {channel.gpio}" for channel in profile.channels)
        return [Verdict("LEDs", OK, f"{chosen} can drive {where}"), *cost]
    return [*(Verdict("LEDs", FAIL, f"{chosen}: {problem.split(': ', 1)[0]}",
                      problem.split(": ", 1)[1] if ": " in problem else problem)
              for problem in problems), *cost]


def _gpio(facts: Facts) -> Verdict:
    """gpiozero and a pin library it can use: lgpio (every Pi, the only one on a Pi 5) or
    RPi.GPIO (Pi 1-4)."""
    if "gpiozero" not in facts.modules:
        return Verdict("buttons and buzzer", FAIL, "gpiozero is not installed",
                       "pip install 'kaskade-board[pi]' (or sudo apt install python3-gpiozero)")
    if "lgpio" in facts.modules:
        library = "lgpio"
    elif "RPi.GPIO" in facts.modules and (facts.generation or 0) < 5:
        try:
            gpio = import_module("RPi.GPIO")
            library = f"RPi.GPIO {getattr(gpio, 'VERSION', '?')} (board revision " \
                f"{getattr(gpio, 'RPI_REVISION', '?')})"
        except (ImportError, RuntimeError) as error:  # RuntimeError: not a Pi, or no access
            return Verdict("buttons and buzzer", FAIL, f"RPi.GPIO cannot start: {error}",
                           "pip install lgpio (the pi extra brings it), or run as a user in "
                           "group gpio")
    else:
        return Verdict("buttons and buzzer", FAIL, "no pin library for gpiozero",
                       "pip install 'kaskade-board[pi]' (it brings lgpio from PyPI; on "
                       "Raspberry Pi OS python3-lgpio in a virtual environment made with "
                       "--system-site-packages does too)")
    if not facts.root and "/dev/gpiomem" in facts.devices and \
            "/dev/gpiomem" not in facts.usable and "/dev/gpiochip0" not in facts.usable:
        return Verdict("buttons and buzzer", FAIL, f"{library}, but this user may not use "
                       "the GPIO pins", "sudo adduser $USER gpio, then log in again")
    return Verdict("buttons and buzzer", OK, f"gpiozero with {library}")


def _touch_board(profile: Profile, facts: Facts, find_port: Callable[[], str],
                 hello: Callable[[str], Hello]) -> list[Verdict]:
    try:
        path = find_port()
    except LinkError as error:
        return [Verdict("touch board", FAIL, "not found", str(error)),
                Verdict("firmware", SKIP, "no touch board to ask")]
    access: Verdict | None = None
    group = PORT_GROUP if str(UDEV_RULE) in facts.installed else "dialout"
    if not facts.root and group not in facts.groups:
        why = "the udev rule of kaskade install gives the port to it alone" \
            if group == PORT_GROUP else "the port belongs to it until kaskade install"
        access = Verdict("serial port access", WARN, f"this user is not in group {group}",
                         f"sudo adduser $USER {group}, then log in again ({why})")
    try:
        said = hello(path)
    except LinkError as error:
        found = [Verdict("touch board", FAIL, f"on {path}, but it does not answer",
                         str(error))]
        return found + ([access] if access else []) + [
            Verdict("firmware", SKIP, "the touch board did not answer")]
    found = [Verdict("touch board", OK, f"{said.board} on {path}, {said.pads} pads, "
                     f"protocol {said.protocol}")]
    if access:
        found.append(access)
    standing = compare(said.firmware, said.content_hash)
    if standing.differs:
        found.append(Verdict("firmware", WARN, standing.words(),
                             f"kaskade firmware flash --port {path} (or accept the update the "
                             "board offers on its LEDs)"))
    else:
        found.append(Verdict("firmware", OK, f"{said.firmware} ({said.content_hash}), the "
                             "bundled one"))
    return found


def _installed(facts: Facts) -> Verdict:
    missing = [path for path in (str(SERVICE), str(UDEV_RULE)) if path not in facts.installed]
    if missing:
        return Verdict("start at power-on", WARN, f"not set up ({', '.join(missing)} missing)",
                       "sudo $(command -v kaskade) install --profile NAME (README: On a "
                       "Raspberry Pi)")
    if facts.service is not None and str(PREFIX) not in facts.service:
        return Verdict("start at power-on", WARN, "the service runs the program from a folder "
                       "others may be able to write (an older kaskade install)",
                       "sudo $(command -v kaskade) install --profile NAME again: it copies the "
                       f"program into {PREFIX} and sandboxes the service")
    if facts.service is not None and str(KASKADE) not in facts.service:
        return Verdict("start at power-on", WARN, "the service runs the program installed "
                       "before releases (kaskade upgrade could not go back from it)",
                       "sudo $(command -v kaskade) install --profile NAME again: it installs "
                       f"the program as a release and runs {KASKADE}")
    if facts.service is not None and "WatchdogSec=" not in facts.service:
        return Verdict("start at power-on", WARN, "the service has no watchdog, no limits and "
                       "may open any device (an older kaskade install)",
                       "sudo $(command -v kaskade) install --profile NAME again, with the touch "
                       "board on the cable")
    if facts.rule is not None and "ATTRS{serial}" not in facts.rule:
        return Verdict("start at power-on", WARN, "the udev rule takes any MicroPython Pico for "
                       "the touch board (an older kaskade install, or --any-pico)",
                       "sudo $(command -v kaskade) install --profile NAME again, with the touch "
                       "board on the cable (or --serial SERIAL)")
    return Verdict("start at power-on", OK, "the systemd unit and the udev rule are in place")
