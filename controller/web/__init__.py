"""The web companion: the board on any phone or computer on the home network — the live LEDs,
the screen's description, touches and buttons, games, settings and the history, behind a
documented JSON API (docs/web.md). It runs inside the board app (and the simulator) on its own
thread; everything that reads or changes the app goes through :mod:`controller.web.bridge`, so
the app keeps its single thread."""
