"""Reading a frame back into LED positions, as the strip's chips would light them.

The simulator shows LEDs where the profile's chains put them, so a mistake in the chain or
colour order shows up on screen exactly as it would on the board.
"""

from __future__ import annotations

from controller.devices.frame import Frame
from controller.profile.model import Profile
from controller.render.color import Colour


class FrameReader:
    """Decodes frames of ``profile`` into the drive values of each LED (``y * width + x``)."""

    def __init__(self, profile: Profile) -> None:
        self.leds = profile.leds
        self._order = [profile.colour_order.index(letter) for letter in "RGB"]
        self._chains = [channel.chain for channel in profile.channels]

    def colours(self, frame: Frame) -> list[Colour]:
        """Each LED's (red, green, blue) drive values, in LED index order."""
        result: list[Colour] = [(0, 0, 0)] * self.leds
        red, green, blue = self._order
        for chain, data in zip(self._chains, frame.channels):
            for position, index in enumerate(chain):
                base = position * 3
                result[index] = (data[base + red], data[base + green], data[base + blue])
        return result
