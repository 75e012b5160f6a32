"""MicroPython firmware for the board's touch microcontroller. The modules are copied to the
board as they are; on CPython they import as ``firmware.*`` so tests can run them."""
