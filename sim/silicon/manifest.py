# ruff: noqa: F821 (MicroPython's manifest runner supplies freeze() and include())
# mypy: ignore-errors
# The modules frozen into the rp2 image: the port's own and asyncio. The port's usual manifest
# also requires drivers from micropython-lib (onewire, ds18x20, dht, neopixel), which no
# package carries; the touch firmware needs none of them.
freeze("$(PORT_DIR)/modules")
include("$(MPY_DIR)/extmod/asyncio")
