"""Kaskade Board's controller: the games, computer players, rendering and the app.

Everything here is hardware-agnostic; real and simulated hardware live in ``hw`` and ``sim``.
"""

__version__ = "1.3.0"
