"""A new release from the web page: a paired device uploads a Kaskade Board wheel, which
waits for the board's upgrade service (:mod:`controller.app.upgrades`); that service upgrades
as ``kaskade upgrade WHEEL`` does — beside the running release, switched, and switched back on
its own if the new one does not come up — and the page follows it on ``GET /api/upgrade``.

``POST /api/upgrade`` takes ``multipart/form-data`` with the wheel in the field ``wheel`` and
its signature in the field ``signature`` (``curl -F wheel=@kaskade_board-….whl -F
signature=@kaskade_board-….whl.sig``; a file input that takes both sends them in one field,
told apart by the signature's ``.sig``), the wheel up to :data:`~controller.app.upgrades.LIMIT`
bytes, read in pieces (never whole into memory). A release not signed by a key the board
trusts, or not newer than the running one, is refused with the reason (403, 400).
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path

from aiohttp import BodyPartReader, web

from controller import __version__
from controller.app.signatures import MAX_SIGNATURE_FILE, SUFFIX, SignatureError
from controller.app.upgrades import LIMIT, Spool, UploadError
from controller.web.api import Api, json_error

CHUNK = 64 * 1024
WANTED = ("send the wheel and its signature as multipart/form-data, in the fields 'wheel' and "
          "'signature'")


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
        if request.content_length is not None and \
                request.content_length > LIMIT + MAX_SIGNATURE_FILE + CHUNK:
            return json_error(413, f"a wheel of at most {LIMIT // (1024 * 1024)} MB is taken")
        upload = secrets.token_hex(8)
        parts: list[Path] = []
        try:
            return await self._receive_parts(request, upload, parts)
        finally:
            for part in parts:
                part.unlink(missing_ok=True)  # what a refused or broken upload left

    async def _receive_parts(self, request: web.Request, upload: str,
                             parts: list[Path]) -> web.Response:
        """Read the wheel and its signature into parts of the upload folder (listed in
        ``parts``) and hand them to the spool."""
        wheel: tuple[str, Path] | None = None
        signature: Path | None = None
        try:
            reader = await request.multipart()
            while (field := await reader.next()) is not None:
                if not isinstance(field, BodyPartReader) or not field.filename or \
                        field.name not in ("wheel", "signature"):
                    return json_error(400, WANTED)
                name = Path(field.filename).name
                is_signature = field.name == "signature" or name.endswith(SUFFIX)
                if (signature if is_signature else wheel) is not None:
                    return json_error(400, f"one wheel and one signature at a time; {WANTED}")
                part = self.spool.part(f"{upload}{SUFFIX}" if is_signature else
                                       f"{upload}.whl")
                parts.append(part)
                limit = MAX_SIGNATURE_FILE if is_signature else LIMIT
                if not await _receive(field, part, limit):
                    return json_error(413, "a signature is a few hundred bytes" if is_signature
                                      else f"a wheel of at most {LIMIT // (1024 * 1024)} MB "
                                      "is taken")
                if is_signature:
                    signature = part
                else:
                    wheel = (name, part)
        except (ValueError, AssertionError):
            return json_error(400, WANTED)
        if wheel is None:
            return json_error(400, WANTED)
        try:
            version = await asyncio.to_thread(self.spool.accept, wheel[1], wheel[0], signature)
        except SignatureError as error:
            return json_error(403, str(error))
        except UploadError as error:
            return json_error(400, str(error))
        except OSError as error:
            return json_error(507, f"the wheel could not be kept: {error.strerror or error}")
        return web.json_response({"waiting": wheel[0], "version": version,
                                  "follow": "GET /api/upgrade"}, status=202)


async def _discard(request: web.Request) -> None:
    """Read what is left of a refused upload, up to twice :data:`LIMIT`, so that the client
    hears the answer once it has sent its request (beyond that, the connection is closed)."""
    left = 2 * LIMIT
    while left > 0 and (chunk := await request.content.read(CHUNK)):
        left -= len(chunk)


async def _receive(field: BodyPartReader, part: Path, limit: int) -> bool:
    """Write the upload into ``part`` in pieces; ``False`` when it is larger than ``limit``
    bytes (it is not read further)."""
    size = 0
    with part.open("wb") as file:
        while chunk := await field.read_chunk(CHUNK):
            size += len(chunk)
            if size > limit:
                return False
            await asyncio.to_thread(file.write, chunk)
    return True
