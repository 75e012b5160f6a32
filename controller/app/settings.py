"""The board's settings (brightness, sound, language, when to sleep, the last set-up per game,
whether the computer's moves are written on the LEDs, whether its words are said aloud), kept in
``settings.json`` in the state directory. A damaged file is set aside, never lost, and the
defaults are used."""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from controller.app.storage import set_aside, write_atomically
from controller.app.words import LANGUAGES
from controller.devices.firmware import MAX_THRESHOLD

_ADDRESS = re.compile(r"(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):\d{1,5}")
HOST_NAME = re.compile(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9.])?")
WEB_READING = ("", "open", "paired")
MIN_BRIGHTNESS = 0.05
DEFAULT_SLEEP_MINUTES = 10.0
MAX_SLEEP_MINUTES = 24 * 60.0


@dataclass
class Settings:
    """What the players chose on the home menu."""

    brightness: float = 0.6
    """Global LED brightness, 0.05-1."""
    sound: bool = True
    sizes: dict[str, str] = field(default_factory=dict)
    """The last board size chosen, per game (``{"kaskade": "6x6"}``)."""
    options: dict[str, dict[str, str]] = field(default_factory=dict)
    """The last set-up chosen for the other games, as game options
    (``{"cascades": {"size": "4", "shape": "hexagon"}}``)."""
    thresholds: list[int] | None = None
    """The touch sensors' touch and release thresholds from ``kaskade calibrate``, sent to the
    board at every connection (``None``: the firmware's defaults for its sensors)."""
    language: str = LANGUAGES[0]
    """The language of the messages on the LEDs (``en``, ``de``)."""
    sleep_minutes: float = DEFAULT_SLEEP_MINUTES
    """Minutes without a touch before the LEDs dim (dark after as long again); 0 never."""
    web: str = ""
    """Where ``kaskade play`` serves the web companion when its command line does not say
    (``HOST:PORT``, e.g. ``0.0.0.0:8765``); empty: nowhere."""
    web_reading: str = ""
    """Who may see the board through the web companion: ``open`` (anyone on the network),
    ``paired`` (paired devices only); empty: the command's default (``kaskade play``:
    paired, ``kaskade sim``: open)."""
    web_hosts: list[str] = field(default_factory=list)
    """More names the web companion answers to, beside the machine's own (see docs/web.md)."""
    show_computer_moves: bool = False
    """Write each of the computer's moves on the LEDs (``level 3 played c4``) as well as on
    the description line."""
    speech: bool = False
    """Say aloud what the LEDs write, in the board's language, through the board's speaker
    (espeak-ng on the Pi, where a speaker is attached)."""


class SettingsFile:
    """Reads and writes :class:`Settings` at ``path``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """Why the file could not be used, when it could not (kept for whoever loads the
        settings next: the file itself is set aside by then)."""

    def load(self) -> Settings:
        """The saved settings, or the defaults (setting a damaged file aside): whatever the
        file holds, the app starts."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return Settings()
        except OSError as error:
            self.problem = f"{self.path}: {error.strerror or error}; using the defaults"
            return Settings()
        try:
            return _parse(json.loads(data.decode("utf-8")))
        except (ValueError, TypeError, RecursionError) as error:
            # UnicodeDecodeError is a ValueError; a document nested too deep to read, a
            # RecursionError.
            why = "nested too deep" if isinstance(error, RecursionError) else str(error)
            self.problem = f"{self.path.name} was damaged ({why[:200]}); " \
                f"{set_aside(self.path)}; using the defaults"
            return Settings()

    def save(self, settings: Settings) -> None:
        """Write ``settings`` (atomically)."""
        write_atomically(self.path, json.dumps(asdict(settings), indent=2) + "\n")


def _parse(data: Any) -> Settings:
    if not isinstance(data, dict):
        raise TypeError("not a JSON object")
    defaults = Settings()
    brightness = data.get("brightness", defaults.brightness)
    sound = data.get("sound", defaults.sound)
    sizes = data.get("sizes", {})
    thresholds = data.get("thresholds")
    options = data.get("options", {})
    language = data.get("language", defaults.language)
    web = data.get("web", defaults.web)
    if not isinstance(web, str) or (web and not _ADDRESS.fullmatch(web)):
        raise ValueError(f"web {str(web)[:40]!r} is not HOST:PORT (e.g. 0.0.0.0:8765) or empty")
    sleep = data.get("sleep_minutes", defaults.sleep_minutes)
    reading = data.get("web_reading", defaults.web_reading)
    if reading not in WEB_READING:
        raise ValueError(f"web_reading {str(reading)[:20]!r} is not open, paired or empty")
    show_moves = data.get("show_computer_moves", defaults.show_computer_moves)
    if not isinstance(show_moves, bool):
        raise ValueError(f"show_computer_moves {str(show_moves)[:20]!r} is not true or false")
    speech = data.get("speech", defaults.speech)
    if not isinstance(speech, bool):
        raise ValueError(f"speech {str(speech)[:20]!r} is not true or false")
    hosts = data.get("web_hosts", [])
    if not isinstance(hosts, list) or not all(
            isinstance(host, str) and HOST_NAME.fullmatch(host) for host in hosts):
        raise ValueError("web_hosts must be a list of host names")
    if language not in LANGUAGES:
        raise ValueError(f"language {str(language)[:20]!r} is not one of {', '.join(LANGUAGES)}")
    if not isinstance(sleep, (int, float)) or isinstance(sleep, bool) or \
            not 0 <= sleep <= MAX_SLEEP_MINUTES:
        raise ValueError(f"sleep_minutes {str(sleep)[:20]!r} is not a number of minutes from 0 "
                         f"to {MAX_SLEEP_MINUTES:g}")
    if not isinstance(options, dict) or not all(
            isinstance(game, str) and isinstance(chosen, dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in chosen.items())
            for game, chosen in options.items()):
        raise ValueError("options must map game names to {option: value}")
    if thresholds is not None and not (
            isinstance(thresholds, list) and len(thresholds) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in thresholds)
            and 0 <= thresholds[1] < thresholds[0] <= MAX_THRESHOLD):
        raise ValueError(f"thresholds {str(thresholds)[:40]} are not [touch, release] with "
                         f"0 <= release < touch <= {MAX_THRESHOLD}")
    if not isinstance(brightness, (int, float)) or isinstance(brightness, bool) or \
            not MIN_BRIGHTNESS <= brightness <= 1:
        raise ValueError(f"brightness {brightness!r} is not a number from {MIN_BRIGHTNESS} to 1")
    if not isinstance(sound, bool):
        raise ValueError(f"sound {sound!r} is not true or false")
    if not isinstance(sizes, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in sizes.items()):
        raise ValueError("sizes must map game names to sizes")
    return Settings(float(brightness), sound, dict(sizes), {g: dict(o) for g, o in options.items()},
                    thresholds, language, float(sleep), web, reading, list(hosts), show_moves,
                    speech)
