"""The board's file system through MicroPython's raw REPL, with mpremote's transport: stop
the running firmware, read the firmware sets' state and file hashes, write and rename files,
and soft-reset so the boot stage starts the firmware again."""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable, Iterable
from typing import Any

from hw.flash.errors import BoardError, FlashError
from hw.flash.tooling import check_mpremote
from hw.touch.ports import busy_message, claim, is_busy, release

SETS = ("a", "b")
ANSWER_SECONDS = 10.0
"""How long the board may stay silent while it carries out one step (its prompt after the
last, hashing the files, a chunk of a file): a Pico takes milliseconds. An emulated Pico on a
busy computer can take far longer; whoever updates one says so (``answer_seconds``), rather
than mpremote's fixed waits deciding: it is the serial port's read timeout, which bounds every
wait for a first byte, and the silence allowed while a command runs."""
CHUNK = 256
"""Bytes of a file sent in one step."""
_HASHER = """
try:
    import firmware.watchdog as _w
    _w.postpone_reset()
except Exception:
    pass
import hashlib, binascii, os
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    d = hashlib.sha256()
    b = bytearray(512)
    while True:
        n = f.readinto(b)
        if not n:
            break
        d.update(b[:n])
    f.close()
    return binascii.hexlify(d.digest()).decode()
def _r(p):
    try:
        with open(p) as f:
            return f.read()
    except OSError:
        return None
def _walk(p):
    out = []
    try:
        names = os.listdir(p)
    except OSError:
        return out
    for n in names:
        q = p + '/' + n
        if os.stat(q)[0] & 0x4000:
            out.extend(_walk(q))
        else:
            out.append(q)
    return out
"""


class BoardFiles:
    """The board on serial port ``path``, stopped in its raw REPL while this is open; it may
    take ``answer_seconds`` over each step."""

    def __init__(self, path: str, answer_seconds: float = ANSWER_SECONDS) -> None:
        check_mpremote()
        from mpremote.transport import TransportError  # noqa: PLC0415  (only flashing needs it)
        from mpremote.transport_serial import SerialTransport  # noqa: PLC0415

        self.path = path
        self.answer_seconds = answer_seconds
        self._errors = (TransportError, OSError)
        if not os.path.exists(path):
            raise BoardError(f"no board at {path} (is it plugged in?)")
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                # The read timeout bounds the wait for the board's prompt and its "OK" to each
                # command (mpremote's own waits for them are fixed): each chunk of a file is a
                # command.
                self.transport = SerialTransport(path, exclusive=True, timeout=answer_seconds)
        except TransportError as error:
            raise BoardError(_busy_or(path, str(error))) from None
        try:  # no other program may read or write while the board's files change
            claim(self.transport.serial)
        except OSError as error:
            self.transport.close()
            raise BoardError(f"cannot hold {path} for this program alone: {error}") from None
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                self.transport.enter_raw_repl(soft_reset=False,
                                              timeout_overall=max(5.0, answer_seconds))
            self._exec(_HASHER)
        except self._errors:
            self.close()
            raise BoardError(f"{path}: the device does not answer as a MicroPython board "
                             "(no raw REPL); is it the touch board, with MicroPython on it?"
                             ) from None

    def _exec(self, code: str) -> bytes:
        """Run ``code`` in the raw REPL, waiting up to ``answer_seconds`` of silence (mpremote's
        own ``exec`` waits ten); TransportExecError when it raised on the board."""
        from mpremote.transport import TransportExecError  # noqa: PLC0415

        out, errors = self.transport.exec_raw(code, timeout=self.answer_seconds)
        if errors:
            raise TransportExecError(out, errors.decode(errors="replace"))
        return bytes(out)

    def run(self, code: str) -> str:
        """Run ``code`` on the board; what it printed."""
        try:
            return self._exec(code).decode()
        except self._errors as error:
            raise FlashError(f"{self.path}: the board stopped answering ({error}); the "
                             "update can be run again") from None

    def state(self) -> dict[str, Any]:
        """``active``, ``tries`` and each set's manifest (parsed, or ``None``)."""
        text = self.run("import json\nprint(json.dumps({'active': _r('/fw/active'), "
                        "'tries': _r('/fw/tries'), 'a': _r('/fw/a/manifest.json'), "
                        "'b': _r('/fw/b/manifest.json')}))")
        raw = json.loads(text)
        manifests = {}
        for name in SETS:
            try:
                manifests[name] = json.loads(raw[name]) if raw[name] else None
            except ValueError:
                manifests[name] = None
        active = (raw["active"] or "").strip()
        return {"active": active if active in SETS else None, "tries": raw["tries"],
                "manifests": manifests}

    def hashes(self, paths: Iterable[str]) -> dict[str, str | None]:
        """The SHA-256 of each of ``paths`` on the board (``None`` where missing)."""
        wanted = sorted(set(paths))
        text = self.run(f"import json\nprint(json.dumps([_h(p) for p in {json.dumps(wanted)}]))")
        return dict(zip(wanted, json.loads(text)))

    def files(self, directory: str) -> list[str]:
        """Every file under ``directory``."""
        where = json.dumps(directory)
        return json.loads(self.run(f"import json\nprint(json.dumps(_walk({where})))"))

    def write(self, path: str, data: bytes,
              progress: Callable[[int], None] | None = None) -> None:
        """Write ``path`` (its folders made first)."""
        parts = path.strip("/").split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = "/" + "/".join(parts[:depth])
            self.run(f"try:\n os.mkdir({folder!r})\nexcept OSError:\n pass")
        try:
            self._exec(f"f=open({path!r},'wb')\nw=f.write")
            for start in range(0, len(data), CHUNK):
                chunk = data[start:start + CHUNK]
                self._exec(f"w({chunk!r})")
                if progress is not None:
                    progress(len(chunk))
            self._exec("f.close()")
        except self._errors as error:
            raise FlashError(f"{self.path}: writing {path} failed ({error}); the update can be "
                             "run again") from None

    def write_atomically(self, path: str, data: bytes) -> None:
        """Replace ``path`` in one step: written beside it, then renamed over it."""
        self.write(path + ".new", data)
        self.run(f"os.rename({path + '.new'!r}, {path!r})")

    def remove(self, path: str) -> None:
        self.run(f"try:\n os.remove({path!r})\nexcept OSError:\n pass")

    def restart(self) -> None:
        """Leave the raw REPL and soft-reset: the boot stage starts the firmware."""
        try:
            self.transport.exit_raw_repl()
            self.transport.serial.write(b"\x04")
            self.transport.serial.flush()
        except self._errors as error:
            raise FlashError(f"{self.path}: could not restart the board ({error})") from None

    def close(self) -> None:
        release(self.transport.serial)
        with contextlib.suppress(*self._errors):
            self.transport.close()


def _busy_or(path: str, message: str) -> str:
    """Why mpremote could not open ``path`` (its own error says only "failed to access")."""
    try:
        import serial  # noqa: PLC0415

        serial.Serial(path, exclusive=True).close()
    except Exception as error:
        if is_busy(error):
            return f"{busy_message(path)}; stop it first, then update the firmware"
        return f"cannot open {path}: {error}"
    return f"cannot open {path}: {message}"
