"""The simulator: the same interfaces as ``hw``, virtual, so the whole product runs on a laptop
with the real firmware, wire protocol and app; only the physics is fake.

Arranged by what each part stands in for, from the shallowest emulation to the deepest:

* ``board``, ``leds`` — the simulated board itself, the backend the app drives;
* ``touch_board/`` — the touch board: the real firmware on CPython with a simulated
  ``machine`` and sensor chips modelled at register level;
* ``micropython/`` — the real MicroPython interpreter (WebAssembly, under node) as a board;
* ``silicon/`` — MicroPython's rp2 port on an emulated RP2040, the Pico's own silicon;

and apart from them the front ends that people and scripts use (``front/``)."""
