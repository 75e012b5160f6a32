"""The wire protocol between the board's microcontroller and the Pi (``docs/protocol.md``).

One codec, used by the firmware (MicroPython) and by the Pi (CPython). A message is one line of
printable ASCII::

    T 42 D 17 *6F

a kind (one capital letter), a sequence number (0-65535, counted per direction), the kind's
fields separated by single spaces, then `` *`` and a CRC-8 of everything before it in two hex
digits, and a newline. Only bytes 0x20-0x7E and the newline ever appear, so byte 0x03 (Ctrl-C)
never does and the MicroPython tools can always interrupt the firmware.

The firmware builds its lines in a ``Writer`` (one preallocated buffer, so a scan that reports
a touch allocates nothing); the Pi uses ``encode``, which goes through the same ``Writer``. The
``Decoder`` never raises: bytes that do not make a valid line are dropped and counted, and the
receiver notices lost messages by the gap in sequence numbers.
"""

from firmware.port import MICROPYTHON, const

VERSION = const(1)
MAX_LINE = const(200)
"""Longest line, newline included; longer input is dropped up to the next newline."""
SEQUENCES = const(65536)

# Board to Pi
HELLO = "H"  # H seq protocol firmware-version content-hash board-id pads touch release
BEAT = "B"  # B seq uptime-s scans-since-the-last-beat
TOUCH = "T"  # T seq D|U pad
STATE = "S"  # S seq bitmap-hex (pad 0 is the lowest bit)
READINGS = "R"  # R seq pad:reading:delta pad:reading:delta ...
FAULT = "F"  # F seq code detail...
ANSWER = "A"  # A seq command-seq ok|error [reason...]
LEVELS = "L"  # L seq touch release  (the thresholds changed)
# Pi to board
QUERY = "Q"  # Q seq                 -> HELLO
RESYNC = "Y"  # Y seq                -> STATE
CALIBRATE = "C"  # C seq             -> ANSWER
THRESHOLDS = "K"  # K seq touch release -> ANSWER
DIAGNOSE = "D"  # D seq 0|1          -> ANSWER, then READINGS while on
REBOOT = "X"  # X seq                -> ANSWER, then a restart and HELLO

DOWN = "D"
UP = "U"
KINDS = "HBTSRFALQYCKDX"

_POLY = const(0x07)
_SPACE = const(32)
_STAR = const(42)
_NEWLINE = const(10)


def _table():
    table = bytearray(256)
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ _POLY) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table[byte] = crc
    return bytes(table)


_CRC = _table()
_HEX = b"0123456789ABCDEF"


def crc8(data, end=-1):
    """CRC-8 (polynomial 0x07, initial 0) of ``data[:end]`` (all of it when ``end`` < 0)."""
    crc = 0
    table = _CRC
    for index in range(len(data) if end < 0 else end):
        crc = table[crc ^ data[index]]
    return crc


def plain_digits(buf, at, value, limit):
    """``value`` (0 or more) in decimal into ``buf`` from ``at``, cut short at ``limit``;
    where the digits end. ``firmware.viper.digits`` is the same in machine code."""
    start = at
    while True:
        if at < limit:
            buf[at] = 48 + value % 10
            at += 1
        value //= 10
        if not value:
            break
    end = at - 1
    while start < end:
        buf[start], buf[end] = buf[end], buf[start]
        start += 1
        end -= 1
    return at


def plain_seal(buf, length, table, hexdigits):
    """Close the line in ``buf[:length]``: `` *`` and its CRC-8 (``table``) in two hex digits,
    and the newline; the new length. ``firmware.viper.seal`` is the same in machine code."""
    crc = 0
    for index in range(length):
        crc = table[crc ^ buf[index]]
    buf[length] = _SPACE
    buf[length + 1] = _STAR
    buf[length + 2] = hexdigits[crc >> 4]
    buf[length + 3] = hexdigits[crc & 15]
    buf[length + 4] = _NEWLINE
    return length + 5


def plain_touch(buf, seq, way, pad, table, hexdigits):
    """The whole touch line ``T seq D|U pad *CC`` into ``buf`` (``way`` the byte of ``D`` or
    ``U``); its length. ``firmware.viper.touch`` is the same in machine code: a hand on the
    board sends a line for every finger in one scan."""
    buf[0] = 84  # "T"
    buf[1] = _SPACE
    at = plain_digits(buf, 2, seq, MAX_LINE - 5)
    buf[at] = _SPACE
    buf[at + 1] = way
    buf[at + 2] = _SPACE
    return plain_seal(buf, plain_digits(buf, at + 3, pad, MAX_LINE - 5), table, hexdigits)


_digits = plain_digits
_seal = plain_seal
_touch = plain_touch
# Machine code, where the port compiles viper (a Pico's does): a touch line costs a twentieth
# of its time (each call of a method on a Pico costs tens of microseconds).
if MICROPYTHON:
    try:
        from firmware.viper import digits as _digits
        from firmware.viper import seal as _seal
        from firmware.viper import touch as _touch
    except (ImportError, SyntaxError):  # a port without a native emitter
        pass


class Writer:
    """Builds one line at a time in a preallocated buffer, allocating nothing.

    ``begin`` a kind and sequence number, add fields, ``end``: the line is ``buf[:length]``.
    A field that would not fit is cut short, never written past the buffer; the firmware only
    writes fields it knows fit (numbers and short words).
    """

    def __init__(self):
        self.buf = bytearray(MAX_LINE)
        self.length = 0

    def begin(self, kind, seq):
        self.buf[0] = ord(kind)
        self.length = 1
        self.number(seq)

    def _put(self, byte):
        if self.length < MAX_LINE - 5:  # room left for " *XX\n"
            self.buf[self.length] = byte
            self.length += 1

    def number(self, value):
        """A field: ``value`` (an int) in decimal."""
        self._put(_SPACE)
        self.digits(value)

    def digits(self, value):
        """``value`` (an int) in decimal, inside the current field."""
        if value < 0:
            self._put(45)  # "-"
            value = -value
        self.length = _digits(self.buf, self.length, value, MAX_LINE - 5)

    def char(self, byte):
        """One byte (printable, not a space or ``*``) inside the current field."""
        self._put(byte)

    def space(self):
        """Start a new field."""
        self._put(_SPACE)

    def word(self, text):
        """A field: ``text`` (str or bytes of printable ASCII, no space or ``*``); any other
        character goes out as ``?``, so a badly named board still speaks the protocol."""
        self._put(_SPACE)
        for char in text:
            code = char if isinstance(char, int) else ord(char)
            self._put(code if _SPACE < code < 0x7F and code != _STAR else 63)

    def bits_hex(self, flags, order, count):
        """A field: the hex bitmap of ``count`` flags, bit ``order[i]`` set when ``flags[i]``;
        built nibble by nibble, so a 256-pad board needs no big integer."""
        self._put(_SPACE)
        top = 0
        for index in range(count):
            if flags[index] and order[index] + 1 > top:
                top = order[index] + 1
        nibbles = max(1, (top + 3) // 4)
        for nibble in range(nibbles - 1, -1, -1):
            value = 0
            for index in range(count):
                bit = order[index]
                if flags[index] and bit >> 2 == nibble:
                    value |= 1 << (bit & 3)
            self._put(_HEX[value])

    def end(self):
        """Close the line (checksum and newline) and return its length."""
        self.length = _seal(self.buf, self.length, _CRC, _HEX)
        return self.length

    def touch(self, seq, way, pad):
        """A whole touch line at once (``way``: the byte of ``D`` or ``U``); its length."""
        self.length = _touch(self.buf, seq, way, pad, _CRC, _HEX)
        return self.length


def encode(kind, seq, fields=()):
    """The line for a message: ``kind`` (one of ``KINDS``), ``seq``, and ``fields`` (text or
    numbers without spaces). Raises ValueError for anything the protocol cannot carry."""
    if len(kind) != 1 or kind not in KINDS:
        raise ValueError("unknown kind")
    if not 0 <= seq < SEQUENCES:
        raise ValueError("sequence out of range")
    writer = Writer()
    writer.begin(kind, seq)
    size = len(kind) + 1 + len(str(seq)) + 5
    for field in fields:
        text = str(field)
        if not text or not _printable_word(text):
            raise ValueError("a field must be printable text without spaces")
        size += 1 + len(text)
        if size > MAX_LINE:
            raise ValueError("message longer than a line")
        writer.word(text)
    return bytes(writer.buf[: writer.end()])


def _hex_digit(byte):
    """The value of an uppercase hex digit's byte, or -1."""
    if 48 <= byte <= 57:
        return byte - 48
    if 65 <= byte <= 70:
        return byte - 55
    return -1


def _printable_word(text):
    for char in text:
        code = ord(char)
        if code <= 0x20 or code >= 0x7F or char == "*":
            return False
    return True


class Decoder:
    """Turns received bytes into messages ``(kind, seq, fields)``; drops everything else.

    ``dropped`` counts what was thrown away, by reason: ``garbage`` (bytes outside printable
    ASCII), ``long`` (lines over ``MAX_LINE``), ``checksum``, ``format`` (not kind, number,
    fields and checksum) and ``kind`` (a well-formed line of a kind not in ``kinds``).
    """

    def __init__(self, kinds=KINDS):
        self.kinds = kinds
        self._line = bytearray()
        self._skipping = False
        self.dropped = {"garbage": 0, "long": 0, "checksum": 0, "format": 0, "kind": 0}

    def feed(self, data):
        """Take ``data`` (bytes) and return the complete messages it finished."""
        messages = []
        line = self._line
        for byte in data:
            if byte == _NEWLINE:
                if not self._skipping and line:
                    message = self._parse(line)
                    if message is not None:
                        messages.append(message)
                self._skipping = False
                line[:] = b""
            elif byte == 13 or self._skipping:  # a CR before the newline is accepted
                continue
            elif byte < 0x20 or byte > 0x7E:
                self.dropped["garbage"] += 1
                self._skipping = True
                line[:] = b""
            elif len(line) >= MAX_LINE - 1:
                self.dropped["long"] += 1
                self._skipping = True
                line[:] = b""
            else:
                line.append(byte)
        return messages

    def _parse(self, line):
        length = len(line)
        if length < 7 or line[length - 4] != _SPACE or line[length - 3] != _STAR:
            self.dropped["format"] += 1
            return None
        high, low = _hex_digit(line[length - 2]), _hex_digit(line[length - 1])
        if high < 0 or low < 0:
            self.dropped["format"] += 1
            return None
        if high * 16 + low != crc8(line, length - 4):
            self.dropped["checksum"] += 1
            return None
        words = bytes(line[: length - 4]).decode().split(" ")
        kind = words[0]
        if len(words) < 2 or len(kind) != 1 or not _is_number(words[1]) or "" in words:
            self.dropped["format"] += 1
            return None
        seq = int(words[1])
        if seq >= SEQUENCES or "*" in kind:
            self.dropped["format"] += 1
            return None
        if kind not in self.kinds:
            self.dropped["kind"] += 1
            return None
        return kind, seq, words[2:]


def _is_number(text):
    if not text or len(text) > 5:
        return False
    return all("0" <= char <= "9" for char in text)


class Sequence:
    """Numbers outgoing messages and checks incoming ones for gaps."""

    def __init__(self):
        self.next = 0
        self.expected = -1

    def take(self):
        """The number for the next outgoing message."""
        seq = self.next
        self.next = (seq + 1) % SEQUENCES
        return seq

    def missed(self, seq):
        """How many messages were lost before ``seq`` (0 when it is the one expected, or the
        first seen)."""
        gap = 0 if self.expected < 0 else (seq - self.expected) % SEQUENCES
        self.expected = (seq + 1) % SEQUENCES
        return gap

    def restart(self):
        """Forget the expected number (the other side restarted and counts from 0 again)."""
        self.expected = -1


def unbitmap(text, pads):
    """The touched pads of a state message's bitmap, as a list of booleans; ValueError if
    ``text`` is not hex or sets a bit beyond ``pads``."""
    if not text or len(text) > 64:
        raise ValueError("not a hex bitmap")
    for char in text:
        if _hex_digit(ord(char)) < 0:
            raise ValueError("not a hex bitmap")
    value = int(text, 16)
    if value >> pads:
        raise ValueError("bitmap names a pad beyond the board")
    return [bool(value >> pad & 1) for pad in range(pads)]
