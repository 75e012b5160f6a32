"""Sound from a buzzer on a GPIO: a passive piezo plays each sound as a short tune of tones
(gpiozero's ``TonalBuzzer``, PWM); an active buzzer, which has one pitch of its own, beeps the
tune's rhythm (``Buzzer``). Tunes play in a thread of their own, so the LEDs never wait; a new
sound cuts the one playing short, as a new move makes the last one's sound stale."""

from __future__ import annotations

import logging
import queue
import threading
from typing import Any

from controller.devices.interfaces import Sound, SoundOut
from controller.profile.model import Gpio

Note = tuple[float | None, float]
"""A tone in Hz (``None`` for a rest) and how many seconds it lasts."""

TUNES: dict[Sound, tuple[Note, ...]] = {
    Sound.TAP: ((1760.0, 0.02),),
    Sound.MOVE: ((880.0, 0.06),),
    Sound.CASCADE: ((659.3, 0.05), (880.0, 0.05), (1318.5, 0.08)),
    Sound.ILLEGAL: ((440.0, 0.12), (None, 0.04), (440.0, 0.12)),
    Sound.UNDO: ((1318.5, 0.05), (880.0, 0.07)),
    Sound.WIN: ((880.0, 0.1), (1108.7, 0.1), (1318.5, 0.1), (1760.0, 0.3)),
}
"""What each sound plays; within a passive buzzer's range (440-1760 Hz, A4 to A6)."""
LOWEST, HIGHEST = 440.0, 1760.0

log = logging.getLogger(__name__)


class GpioBuzzer(SoundOut):
    """The buzzer on ``gpio.buzzer``, passive or active as ``gpio.buzzer_type`` says."""

    def __init__(self, gpio: Gpio, pin_factory: Any = None) -> None:
        from gpiozero import Buzzer, TonalBuzzer  # noqa: PLC0415  (a Pi board's)
        from gpiozero.tones import Tone  # noqa: PLC0415

        if gpio.buzzer is None:
            raise ValueError("the profile has no buzzer")
        self.passive = gpio.buzzer_type == "passive"
        self.pin = gpio.buzzer
        self.device: Any = (TonalBuzzer(gpio.buzzer, mid_tone=Tone(880.0), octaves=1,
                                        pin_factory=pin_factory) if self.passive
                            else Buzzer(gpio.buzzer, pin_factory=pin_factory))
        self._tunes: queue.Queue[Sound | None] = queue.Queue()
        self._cut = threading.Event()
        self._thread = threading.Thread(target=self._play_tunes, name="buzzer", daemon=True)
        self._thread.start()

    def play(self, sound: Sound) -> None:
        self._check_open()
        self._cut.set()
        self._tunes.put(sound)

    def _release(self) -> None:
        self._cut.set()
        self._tunes.put(None)
        self._thread.join(timeout=2)
        self.device.close()

    def _describe(self) -> str:
        return f"{'passive' if self.passive else 'active'} on GPIO{self.pin}"

    def _play_tunes(self) -> None:
        while True:
            sound = self._tunes.get()
            if sound is None:
                return
            if not self._tunes.empty():  # a newer sound is waiting: this one is stale
                continue
            self._cut.clear()
            try:
                for tone, seconds in TUNES[sound]:
                    self._sound(tone)
                    if self._cut.wait(seconds):
                        break
                self._sound(None)
            except Exception:  # a pin that failed must not silence every later sound
                log.exception("the buzzer failed to play %s", sound)

    def _sound(self, tone: float | None) -> None:
        if tone is None and self.passive:
            self.device.stop()
        elif tone is None:
            self.device.off()
        elif self.passive:
            self.device.play(min(HIGHEST, max(LOWEST, tone)))
        else:
            self.device.on()
