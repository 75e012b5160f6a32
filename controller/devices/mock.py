"""The mock backend: records what the app shows and plays; tests touch pads and press buttons
through its virtual inputs. Registered in the composition root exactly like the others."""

from __future__ import annotations

from controller.devices.frame import Frame
from controller.devices.interfaces import Board, PixelsOut, Sound, SoundOut, SpeechOut
from controller.devices.virtual import VirtualButtons, VirtualTouches
from controller.profile.model import Profile


class MockPixels(PixelsOut):
    """Keeps every frame shown."""

    def __init__(self) -> None:
        self.frames: list[Frame] = []

    def show(self, frame: Frame) -> None:
        self._check_open()
        self.frames.append(frame)

    def _describe(self) -> str:
        return f"{len(self.frames)} frame{'' if len(self.frames) == 1 else 's'} shown"


class MockSound(SoundOut):
    """Keeps every sound played."""

    def __init__(self) -> None:
        self.played: list[Sound] = []

    def play(self, sound: Sound) -> None:
        self._check_open()
        self.played.append(sound)

    def _describe(self) -> str:
        return f"{len(self.played)} sound{'' if len(self.played) == 1 else 's'} played"


class MockSpeech(SpeechOut):
    """Keeps every word said, with its language."""

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def say(self, text: str, language: str) -> None:
        self.said.append((text, language))

    def _describe(self) -> str:
        return f"{len(self.said)} thing{'' if len(self.said) == 1 else 's'} said"


def mock_board(profile: Profile) -> Board:
    """A board of recorders for ``profile``."""
    return Board(profile, MockPixels(), VirtualTouches(), VirtualButtons(), MockSound(),
                 MockSpeech())
