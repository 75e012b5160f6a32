"""The simulated touch microcontroller: a ``machine`` module for CPython with sensor chips
modelled at register and pin level, virtual pads with drift and noise, and the real firmware
running on them, reachable through a pseudo-terminal like a board on USB."""
