"""Test-wide settings: hypothesis runs derandomized (repeatable) in CI and wherever CI=true; a
test that starts a program of a slow kind without its marker fails (``tests.support.kinds``)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

pytest_plugins = ["tests.support.display", "tests.support.web", "tests.support.browser",
                  "tests.support.registry", "tests.support.crashing", "tests.support.broker",
                  "tests.support.kinds", "pytester"]
"""Fixtures shared across test packages: ``display``, a virtual X display; ``served``, a board
app on the web; ``browser``, headless Chromium; ``enter_game``, a game registered for one test;
``crashing``, a touch firmware that crashes a second after each start; ``broker``, a real
Mosquitto on loopback."""
