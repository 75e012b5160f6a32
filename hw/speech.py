"""The board's voice on a Raspberry Pi: espeak-ng (Debian's package ``espeak-ng``) saying what
the LEDs write, in English or German, through the Pi's sound output — a speaker on HDMI, USB
or the headphone jack (on a Pi 1-4 the jack's audio is off while the LEDs use the PWM; HDMI or
USB then).

Each text is said by its own ``espeak-ng`` process, fed on its standard input (so no text is
ever read as an option); newer words stop older ones still being said, so the voice keeps up
with the board. The same command writes a WAV file instead where asked (``wav``), which is
how the voice is tested and how ``kaskade doctor --speak`` lets a maker hear it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from controller.devices.interfaces import Mute, SpeechOut

VOICES = {"en": "en-gb", "de": "de"}
"""espeak-ng's voice for each language the board speaks."""
WORDS_PER_MINUTE = 150
"""A little slower than espeak-ng's own 175: words said once, across a room."""
CARDS = Path("/proc/asound/cards")
"""The sound cards the kernel knows (one per speaker output: HDMI, USB, the jack)."""


def command(language: str, wav: Path | None = None, program: str = "espeak-ng") -> list[str]:
    """The ``espeak-ng`` command that says the text on its standard input (never on the
    command line) in ``language``, into the file ``wav`` when given."""
    words = [program, "-v", VOICES.get(language, VOICES["en"]), "-s", str(WORDS_PER_MINUTE),
             "--stdin"]
    return [*words, "-w", str(wav)] if wav is not None else words


def speakers(cards: Path = CARDS) -> list[str]:
    """The sound cards of this machine, by name (``vc4-hdmi-0``, ``USB Audio Device``); none
    where the kernel has none (no speaker attached, or no sound support)."""
    try:
        text = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    found = []
    for line in text.splitlines():
        head, _, name = line.partition(" - ")
        if head.strip()[:1].isdigit() and name.strip():
            found.append(name.strip())
    return found


class EspeakSpeech(SpeechOut):
    """Says words through espeak-ng (``program``), into WAV files numbered in ``wav_dir``
    instead of the speaker where that is given."""

    def __init__(self, program: str = "espeak-ng", wav_dir: Path | None = None) -> None:
        self.program = program
        self.wav_dir = wav_dir
        self.said = 0
        self._process: subprocess.Popen[bytes] | None = None

    def say(self, text: str, language: str) -> None:
        self._stop()
        self.said += 1
        wav = None if self.wav_dir is None else self.wav_dir / f"said-{self.said:04}.wav"
        try:
            process = subprocess.Popen(command(language, wav, self.program),
                                       stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
        except OSError:
            return  # the voice went (uninstalled while running): the LEDs still write
        assert process.stdin is not None
        try:
            process.stdin.write(text.encode("utf-8"))
            process.stdin.close()
        except OSError:
            pass  # espeak-ng ended at once; nothing to say
        self._process = process

    def wait(self, timeout: float | None = None) -> int | None:
        """Wait for the words being said to end; their exit status (``None``: none were)."""
        return None if self._process is None else self._process.wait(timeout)

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(1)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def _release(self) -> None:
        self._stop()

    def _describe(self) -> str:
        where = "the speaker" if self.wav_dir is None else str(self.wav_dir)
        return f"espeak-ng to {where}, {self.said} said"


def open_speech(cards: Path = CARDS) -> SpeechOut:
    """The board's voice: espeak-ng where it is installed and a speaker is attached, else a
    :class:`Mute` saying why not (``kaskade doctor`` says it too)."""
    program = shutil.which("espeak-ng")
    if program is None:
        return Mute("espeak-ng is not installed (sudo apt install espeak-ng)")
    if not speakers(cards):
        return Mute("no speaker: this Pi has no sound output (attach one by HDMI, USB or the "
                    "jack)")
    return EspeakSpeech(program)
