"""The board's health on the page: the touch board's firmware against the bundled one and the
update with its progress, the touch sensors' live readings as a heat map (the same readings
``kaskade calibrate`` and the sensors screen show), ``kaskade doctor``'s checks and the last
self-test's report. Reading follows the board's reading setting (open, or paired devices
only); starting an update needs pairing, as every change does."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from aiohttp import web

from controller.app.firmware_update import UpdateRefusedError
from controller.render.canvas import Canvas
from controller.render.heatmap import draw_heat_map
from controller.web.api import Api, RefusedError, json_error
from controller.web.bridge import Readings

if TYPE_CHECKING:
    from controller.app.app import App

Checks = Callable[[], list[dict[str, str]]]
"""Checks of the machine: each ``{"name", "status", "found", "fix"}``."""


class HealthRoutes:
    """The health routes of the board behind ``api``; ``checks`` are ``kaskade doctor``'s
    checks of this machine, where the runner that started the server can make them (the web
    layer itself never reaches the hardware)."""

    def __init__(self, api: Api, checks: Checks | None = None) -> None:
        self.api = api
        self.checks = checks

    def routes(self) -> list[web.RouteDef]:
        """The health routes."""
        return [
            web.get("/api/health", self.api.readable(self.health)),
            web.get("/api/doctor", self.api.readable(self.doctor)),
            web.get("/api/sensors/stream", self.api.readable(self.sensors)),
            web.post("/api/firmware/update", self.api.paired(self.update)),
        ]

    async def health(self, request: web.Request) -> web.Response:
        """``GET /api/health``: the touch board's firmware against the bundled one and the
        update under way, whether the sensors answer, its restarts (``board``), the last
        self-test, where the firmware's and the program's updates stand (``updates``: a
        newer one known, one running, done, rolled back with why), and what the app had to
        say."""

        def look(app: App, now: float) -> dict[str, Any]:
            return {
                "firmware": app.firmware_update.report(),
                "touches": "connected" if app.touches_lost is None else app.touches_lost,
                "board": app.restarts.report(now),
                "screen": type(app.screen).__name__,
                "selftest": app.store.last_selftest(),
                "updates": [update.json() for update in app.update_status()],
                "notices": app.notices[-5:],
            }

        return web.json_response(await self.api.call(look))

    async def doctor(self, request: web.Request) -> web.Response:
        """``GET /api/doctor``: ``kaskade doctor``'s checks of the machine (the touch board's
        own are in ``/api/health``: the app holds its port)."""
        if self.checks is None:
            return json_error(404, "this board's machine cannot be checked from here")
        return web.json_response(await asyncio.to_thread(self.checks))

    async def sensors(self, request: web.Request) -> web.StreamResponse:
        """``GET /api/sensors/stream``: server-sent ``readings`` events while the page
        watches; the touch board streams its readings only as long as someone does."""
        await self.api.call(lambda app, now: app.readings.watch(True))
        try:
            return await self.api.events(request, self.api.bridge.sensors, "readings",
                                         self.readings_json)
        finally:  # not waited for: a board that has stopped has nobody watching anyway
            self.api.bridge.call(lambda app, now: app.readings.watch(False))

    def readings_json(self, version: int, readings: Readings) -> dict[str, Any]:
        """The readings as the API gives them, with the heat map as the sensors screen
        draws it (LEDs as colours in grid order)."""
        profile = self.api.profile
        deltas = {pad: reading[1] for pad, reading in enumerate(readings.pads)
                  if reading is not None}
        canvas = Canvas(profile.led_width, profile.led_height)
        draw_heat_map(canvas, profile, deltas, readings.threshold, ())
        pixels = bytes(canvas.pixels)
        return {
            "version": version,
            "threshold": readings.threshold,
            "raw": [reading[0] if reading else None for reading in readings.pads],
            "delta": [reading[1] if reading else None for reading in readings.pads],
            "leds": [pixels[i : i + 3].hex() for i in range(0, len(pixels), 3)],
        }

    async def update(self, request: web.Request) -> web.Response:
        """``POST /api/firmware/update``: update the touch board's firmware now, as holding
        the offer's update tile does (the board shows the progress; the game is kept)."""

        def start(app: App, now: float) -> dict[str, Any]:
            try:
                app.update_now()
            except UpdateRefusedError as refused:
                raise RefusedError(409, str(refused)) from None
            update = app.firmware_update
            assert update.board is not None and update.standing is not None, "it started"
            return {"updating": update.board.version, "to": update.standing.bundled.version}

        return web.json_response(await self.api.call(start), status=202)
