"""A new release from the web page: a paired device uploads a Kaskade Board wheel, which
waits for the board's upgrade service (:mod:`controller.app.upgrades`); that service upgrades
as ``kaskade upgrade WHEEL`` does — beside the running release, switched, and switched back on
its own if the new one does not come up — and the page follows it on ``GET /api/upgrade``.

``POST /api/upgrade`` takes ``multipart/form-data`` with the wheel in the field ``wheel``
(what a file input sends; ``curl -F wheel=@kaskade_board-….whl``), up to
:data:`~controller.app.upgrades.LIMIT` bytes, read in pieces (never whole into memory).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiohttp import BodyPartReader, web

from controller import __version__
from controller.app.upgrades import LIMIT, Spool, UploadError
from controller.web.api import Api, json_error

CHUNK = 64 * 1024


class UpgradeRoutes:
    """The upgrade routes of the board behind ``api``, its state directory ``state``."""

    def __init__(self, api: Api, state: Path) -> None:
        self.api = api
        self.spool = Spool(state)

    def routes(self) -> list[web.RouteDef]:
        return [web.get("/api/upgrade", self.api.readable(self.status)),
                web.post("/api/upgrade", self.api.paired(self.upload))]

    async def status(self, request: web.Request) -> web.Response:
        """``GET /api/upgrade``: the version running, whether uploads are taken, the wheel
        waiting, and how the last upload's upgrade went."""
        return web.json_response({
            "running": __version__, "uploads": self.spool.enabled,
            "waiting": [path.name for path in self.spool.waiting()],
            "last": self.spool.outcome()})

    async def upload(self, request: web.Request) -> web.Response:
        """``POST /api/upgrade``: take the wheel; 202 once it waits for the upgrade
        service. A refusal closes the connection: the rest of a refused upload is not read
        (nor waited for)."""
        response = await self._take(request)
        if response.status >= 400:
            response.force_close()
            await _discard(request)
        return response

    async def _take(self, request: web.Request) -> web.Response:
        if not self.spool.enabled:
            return json_error(409, "this board takes no uploaded releases: on a Raspberry "
                              "Pi, sudo kaskade install --web-upgrades turns them on; "
                              "elsewhere use kaskade upgrade WHEEL")
        if self.spool.waiting():
            return json_error(409, "a release waits to be installed already; follow it on "
                              "GET /api/upgrade")
        if request.content_length is not None and request.content_length > LIMIT + CHUNK:
            return json_error(413, f"a wheel of at most {LIMIT // (1024 * 1024)} MB is taken")
        try:
            reader = await request.multipart()
            field = await reader.next()
        except (ValueError, AssertionError):
            return json_error(400, "send the wheel as multipart/form-data in the field 'wheel'")
        if not isinstance(field, BodyPartReader) or field.name != "wheel" or \
                not field.filename:
            return json_error(400, "send the wheel as multipart/form-data in the field 'wheel'")
        name = Path(field.filename).name
        part = self.spool.part(name if name.endswith(".whl") else "upload.whl")
        try:
            if not await _receive(field, part):
                return json_error(413, f"a wheel of at most {LIMIT // (1024 * 1024)} MB is "
                                  "taken")
            version = await asyncio.to_thread(self.spool.accept, part, name)
        except UploadError as error:
            return json_error(400, str(error))
        except OSError as error:
            return json_error(507, f"the wheel could not be kept: {error.strerror or error}")
        finally:
            part.unlink(missing_ok=True)  # what a refused or broken upload left
        return web.json_response({"waiting": name, "version": version,
                                  "follow": "GET /api/upgrade"}, status=202)


async def _discard(request: web.Request) -> None:
    """Read what is left of a refused upload, up to twice :data:`LIMIT`, so that the client
    hears the answer once it has sent its request (beyond that, the connection is closed)."""
    left = 2 * LIMIT
    while left > 0 and (chunk := await request.content.read(CHUNK)):
        left -= len(chunk)


async def _receive(field: BodyPartReader, part: Path) -> bool:
    """Write the upload into ``part`` in pieces; ``False`` when it is larger than
    :data:`LIMIT` (it is not read further)."""
    size = 0
    with part.open("wb") as file:
        while chunk := await field.read_chunk(CHUNK):
            size += len(chunk)
            if size > LIMIT:
                return False
            await asyncio.to_thread(file.write, chunk)
    return True
