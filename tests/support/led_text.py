"""Reading a pairing code off the LEDs, as a person at the board does: from the frames an LED
controller received (red, green, blue per LED, in chain order), the band of letters scrolling
across the middle of the board, put back together column by column and read in the board's own
font. Only the code is unknown: the words around it are the board's ("pair: type … on the
phone")."""

from __future__ import annotations

from collections.abc import Iterable

from controller.profile.model import Profile
from controller.render.font import LARGE, columns

DIGITS = {digit: columns(LARGE, digit) for digit in "0123456789"}


class UnreadError(AssertionError):
    """The frames do not show the words and a code in them."""


def band_columns(profile: Profile, rgb: bytes) -> list[int]:
    """Each LED column of the middle band as a mask of its lit rows (bit 0: the font's top row),
    where the board writes its messages (``controller.render.marquee.draw_message``, scale 1:
    a board under 32 LEDs each way)."""
    width, height = profile.led_width, profile.led_height
    font = LARGE.height
    bottom = max(0, (height - font) // 2 - 1)
    rows = [bottom + font - glyph_row for glyph_row in range(font)]  # LED rows run upwards
    chain = [index for channel in profile.channels for index in channel.chain]
    lit = {index for position, index in enumerate(chain) if any(rgb[3 * position:3 * position + 3])}
    return [sum(1 << glyph_row for glyph_row, y in enumerate(rows) if y * width + x in lit)
            for x in range(width)]


def read_code(profile: Profile, frames: Iterable[bytes], words: str) -> str:
    """The four digits ``{code}`` stands for in ``words`` (``"pair: type {code} on …"``), read
    off ``frames`` shown while it scrolled by."""
    prefix = columns(LARGE, words.partition("{code}")[0])
    start = len(prefix) + LARGE.spacing
    strip: dict[int, int] = {}
    offset: int | None = None
    for rgb in frames:
        window = band_columns(profile, rgb)
        offset = _place(window, strip, prefix, offset)
        if offset is None:
            continue
        for x, mask in enumerate(window):
            strip.setdefault(offset + x, mask)
        if all(column in strip for column in range(start, start + 4 * 6)):
            break
    return _digits(strip, start)


def _place(window: list[int], strip: dict[int, int], prefix: tuple[int, ...],
           last: int | None) -> int | None:
    """The text column the window's first LED column shows: where it agrees with the columns
    read so far (or, before any, with the words before the code), overlapping enough of them
    to be sure."""
    width = len(window)
    if last is None:  # the words come in from the right
        for offset in range(-width + 6, len(prefix) - width + 1):
            known = {x: prefix[offset + x] if offset + x >= 0 else 0 for x in range(width)}
            if all(window[x] == mask for x, mask in known.items()) and \
                    sum(1 for mask in known.values() if mask) >= 6:
                return offset
        return None
    for offset in range(last, last + width):
        overlap = [x for x in range(width) if offset + x in strip]
        if sum(1 for x in overlap if strip[offset + x]) < 4:
            continue
        if all(window[x] == strip[offset + x] for x in overlap):
            return offset
    return None


def _digits(strip: dict[int, int], start: int) -> str:
    code = ""
    at = start
    for _ in range(4):
        for digit, glyph in DIGITS.items():
            shown = tuple(strip.get(at + i, -1) for i in range(len(glyph)))
            if shown == glyph and strip.get(at + len(glyph), -1) == 0:
                code += digit
                at += len(glyph) + LARGE.spacing
                break
        else:
            raise UnreadError(f"no digit at text column {at} (read so far: {code!r})")
    return code
