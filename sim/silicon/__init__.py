"""The silicon stage: MicroPython's rp2 port, the interpreter a Pico carries, built from Debian's
packages and run on an emulated RP2040 (rp2040js under node) with a boot ROM of the project's
own, so the firmware meets the real ``machine`` module, USB serial and flash of the chip."""
