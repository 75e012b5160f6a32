"""The scan's per-channel loops, and the wire protocol's per-byte ones, as machine code:
MicroPython's viper emitter compiles this module when the board imports it (a Pico's port has
the emitter; ``kaskade firmware flash --compile`` ships this file as source for that reason,
since mpy-cross would need the board's CPU named).

Each function is a loop of ``firmware.pads``, ``firmware.proto`` or a driver, which keep the
same loop in plain Python and use it where this module does not import: on CPython, and on
MicroPython ports without a native emitter (the WebAssembly port of the tests), where the
decorator is a syntax error. Both must give the same results; ``tests/sim/silicon`` checks that
on the rp2 port. On a Pico the pads' update of 64 channels takes 2.7 ms of the 10 ms scan
period with the plain loop, 0.27 ms with this one; a touch line took 0.7 ms to build byte by
byte in Python, and each channel a hand was landing on 0.3 ms. Names like ``ptr8`` are viper's
types, known only to its compiler.
"""

import micropython
from micropython import const

_SHIFT = const(6)  # firmware.pads's own: constants fold only within a module
_DRIFT = const(6)
_UNREAD = const(2)
_NO_LINE = const(255)  # firmware.sensors.mpr121.NO_LINE
_SPACE = const(32)  # firmware.proto's
_STAR = const(42)
_NEWLINE = const(10)
_FALL = const(2)
_TODO = const(0)  # firmware.pads's indices of its state, and its flags
_TOUCH = const(1)
_RELEASE = const(2)
_CONFIRM = const(3)
_MAX_HOLD = const(4)
_POLARITY = const(5)
_DOWN = const(6)
_EVENTS = const(7)
_STUCK = const(8)
_STILL = const(1)
_CONFIRMING = const(2)
_EXACT = const(65536)
"""Below this a tenth is (value * 52429) >> 19, exactly, in 32 bits without a sign."""


@micropython.viper
def settle(raw: ptr32, ok: ptr8, baseline: ptr32, counter: ptr8, away: ptr8,
           touched: ptr8, fresh: ptr8, todo: ptr16, count: int, touch: int,
           polarity: int) -> int:
    """``firmware.pads.plain_settle``: the channels at rest drift, the others go to ``todo``."""
    slow = 0
    moved = 0
    low = 0 - touch
    for channel in range(count):
        state = ok[channel]
        if state == _UNREAD:
            if touched[channel] != 0:
                todo[slow] = channel
                slow += 1
            continue
        reading = raw[channel]
        base = baseline[channel]
        delta = (reading - (base >> _SHIFT)) * polarity
        if state == 1 and low < delta and delta < touch and touched[channel] == 0 \
                and fresh[channel] == 0:
            counter[channel] = 0
            away[channel] = 0
            follow = base + (((reading << _SHIFT) - base) >> _DRIFT)
            if follow != base:
                baseline[channel] = follow
                moved = 1
        else:
            todo[slow] = channel
            slow += 1
    return slow * 2 + moved


@micropython.viper
def decode_mpr121(data: ptr8, length: int, raw: ptr32, ok: ptr8, first: int):
    """``firmware.sensors.mpr121.plain_decode``: electrode data, low byte first, 10 bits each."""
    channel = first
    index = 0
    while index < length:
        raw[channel] = data[index] | (data[index + 1] & 3) << 8
        ok[channel] = 1
        channel += 1
        index += 2


@micropython.viper
def fill(buf: ptr8, start: int, end: int, value: int):
    """``buf[start:end]`` set to ``value``, with no slice made (a slice would allocate)."""
    while start < end:
        buf[start] = value
        start += 1


@micropython.viper
def span(bits: int, limit: int) -> int:
    """``firmware.sensors.mpr121.plain_span``: the lowest and highest set bits below ``limit``."""
    lowest = 0
    while lowest < limit and (bits >> lowest) & 1 == 0:
        lowest += 1
    if lowest >= limit:
        return limit << 8
    highest = limit - 1
    while highest > lowest and (bits >> highest) & 1 == 0:
        highest -= 1
    return (lowest << 8) | highest


@micropython.viper
def pick(hot: ptr16, held: ptr16, flags: ptr16, line_of: ptr8, quiet: ptr8, count: int,
         turn: int, start: int, out: ptr8) -> int:
    """``firmware.sensors.mpr121.plain_pick``: the chips a scan must visit."""
    picked = 0
    step = 0
    while step < count:
        index = start + step
        if index >= count:
            index -= count
        line = line_of[index]
        if index == turn or line == _NO_LINE or quiet[line] == 0 \
                or (hot[index] | (flags[index] ^ held[index])) != 0:
            out[picked] = index
            picked += 1
        else:
            held[index] = 0
        step += 1
    return picked


@micropython.viper
def digits(buf: ptr8, at: int, value: int, limit: int) -> int:
    """``firmware.proto.plain_digits``: ``value`` in decimal from ``at``, cut at ``limit``."""
    start = at
    while True:
        # viper's // and % call the runtime; a multiply is a cycle
        tenth = int((uint(value) * uint(52429)) >> 19) if value < _EXACT else value // 10
        if at < limit:
            buf[at] = 48 + value - tenth * 10
            at += 1
        value = tenth
        if value == 0:
            break
    end = at - 1
    while start < end:
        swap = buf[start]
        buf[start] = buf[end]
        buf[end] = swap
        start += 1
        end -= 1
    return at


@micropython.viper
def seal(buf: ptr8, length: int, table: ptr8, hexdigits: ptr8) -> int:
    """``firmware.proto.plain_seal``: the CRC-8, its two hex digits and the newline."""
    crc = 0
    for index in range(length):
        crc = table[crc ^ buf[index]]
    buf[length] = _SPACE
    buf[length + 1] = _STAR
    buf[length + 2] = hexdigits[crc >> 4]
    buf[length + 3] = hexdigits[crc & 15]
    buf[length + 4] = _NEWLINE
    return length + 5


@micropython.viper
def touch(buf: ptr8, seq: int, way: int, pad: int, table: ptr8, hexdigits: ptr8) -> int:
    """``firmware.proto.plain_touch``: the whole touch line ``T seq D|U pad *CC``, its two
    numbers (each below 65536) written as ``digits`` writes them, sealed as ``seal`` does."""
    buf[0] = 84  # "T"
    buf[1] = _SPACE
    at = 2
    value = seq
    for field in range(2):
        start = at
        while True:
            tenth = int((uint(value) * uint(52429)) >> 19)
            buf[at] = 48 + value - tenth * 10
            at += 1
            value = tenth
            if value == 0:
                break
        end = at - 1
        while start < end:
            swap = buf[start]
            buf[start] = buf[end]
            buf[end] = swap
            start += 1
            end -= 1
        if field == 0:
            buf[at] = _SPACE
            buf[at + 1] = way
            buf[at + 2] = _SPACE
            at += 3
            value = pad
    crc = 0
    for index in range(at):
        crc = table[crc ^ buf[index]]
    buf[at] = _SPACE
    buf[at + 1] = _STAR
    buf[at + 2] = hexdigits[crc >> 4]
    buf[at + 3] = hexdigits[crc & 15]
    buf[at + 4] = _NEWLINE
    return at + 5


@micropython.viper
def transit(  # noqa: PLR0915 - one loop, step for step its plain twin
        raw: ptr32, ok: ptr8, baseline: ptr32, counter: ptr8, away: ptr8, touched: ptr8,
        fresh: ptr8, held: ptr32, todo: ptr16, events: ptr16, down: ptr16, stuck: ptr16,
        state: ptr32) -> int:
    """``firmware.pads.plain_transit``: the channels not at rest, their touches and releases."""
    touch = state[_TOUCH]
    release = state[_RELEASE]
    confirm = state[_CONFIRM]
    polarity = state[_POLARITY]
    flags = _STILL
    for index in range(state[_TODO]):
        channel = int(todo[index])
        reading = raw[channel]
        delta = (reading - (baseline[channel] >> _SHIFT)) * polarity
        let_go = 0
        if ok[channel] == 0:
            counter[channel] = 0
            if touched[channel] == 1:
                let_go = 1
        else:
            if fresh[channel] != 0:
                fresh[channel] = 0
                baseline[channel] = reading << _SHIFT
                delta = 0
            if touched[channel] != 0:
                held[channel] = held[channel] + 1
                if delta <= release:
                    counter[channel] = counter[channel] + 1
                    flags = flags & ~_STILL
                    if counter[channel] >= confirm:
                        let_go = 1
                else:
                    counter[channel] = 0
                    if held[channel] >= state[_MAX_HOLD]:
                        let_go = 1
                        baseline[channel] = reading << _SHIFT
                        stuck[state[_STUCK]] = channel
                        state[_STUCK] = state[_STUCK] + 1
            else:
                flags = flags & ~_STILL
                if delta >= touch:
                    counter[channel] = counter[channel] + 1
                    if counter[channel] >= confirm:
                        counter[channel] = 0
                        touched[channel] = 1
                        held[channel] = 0
                        at = state[_DOWN]  # among the held, in channel order
                        while at > 0 and int(down[at - 1]) > channel:
                            down[at] = down[at - 1]
                            at -= 1
                        down[at] = channel
                        state[_DOWN] = state[_DOWN] + 1
                        events[state[_EVENTS]] = channel
                        state[_EVENTS] = state[_EVENTS] + 1
                else:
                    counter[channel] = 0
                    if delta <= 0 - touch:
                        if away[channel] < confirm:
                            away[channel] = away[channel] + 1
                    else:
                        away[channel] = 0
                    step = _DRIFT
                    if away[channel] >= confirm:
                        step = _FALL
                    baseline[channel] = baseline[channel] + \
                        (((reading << _SHIFT) - baseline[channel]) >> step)
        if let_go:
            flags = flags & ~_STILL
            touched[channel] = 0
            counter[channel] = 0
            events[state[_EVENTS]] = -1 - channel
            state[_EVENTS] = state[_EVENTS] + 1
            count = state[_DOWN]  # out of the held
            at = 0
            while at < count:
                if int(down[at]) == channel:
                    while at < count - 1:
                        down[at] = down[at + 1]
                        at += 1
                    state[_DOWN] = count - 1
                    break
                at += 1
        if counter[channel] != 0:
            flags = flags | _CONFIRMING
    return flags


@micropython.viper
def hold(held: ptr32, down: ptr16, count: int, max_hold: int) -> int:
    """``firmware.pads.plain_hold``: the held pads held a scan longer; 1 if one is due."""
    due = 0
    for index in range(count):
        channel = int(down[index])
        held[channel] = held[channel] + 1
        if held[channel] >= max_hold:
            due = 1
    return due
