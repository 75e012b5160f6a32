"""Updating, rolling back and checking a board's firmware, in an order that a pulled cable or
a power cut at any byte survives.

The board keeps two firmware sets (``/fw/a``, ``/fw/b``) and the boot stage starts the one
``/fw/active`` names. An update writes into the other set only, after removing that set's
manifest (so a half-written set is never taken for complete); it writes only the files whose
hash differs, removes files the bundle does not have, checks every hash on the board, and only
then writes the manifest. The switch is one rename of ``/fw/active``. The boot stage is replaced
by a rename too. Until the switch the old firmware boots; after it, the new one — and if the new
one fails to start three times, the boot stage goes back to the old one.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from controller.profile.firmware import board_id
from controller.profile.model import Profile
from hw.flash.board_files import ANSWER_SECONDS, SETS, BoardFiles
from hw.flash.bundle import Bundle, FileEntry, build
from hw.flash.errors import FlashError
from hw.touch.connection import Connection, Hello
from hw.touch.errors import LinkError
from hw.touch.ports import open_serial

HELLO_SECONDS = 15.0
"""How long a restarted board may take to say hello."""


@dataclass
class Progress:
    """How far an update is: files and bytes written of those to write."""

    files: int = 0
    files_total: int = 0
    bytes: int = 0
    bytes_total: int = 0


@dataclass(frozen=True)
class Report:
    """What an update did."""

    written_files: int
    written_bytes: int
    skipped_files: int
    seconds: float
    set_name: str
    hello: Hello
    switched: bool
    """Whether the board now starts another set than before."""

    @property
    def up_to_date(self) -> bool:
        """The board had this firmware already: nothing written, nothing switched."""
        return self.written_files == 0 and not self.switched


def flash(path: str, bundle: Bundle, profile: Profile,
          progress: Callable[[Progress], None] = lambda _: None,
          clock: Callable[[], float] = time.monotonic,
          hello_seconds: float | None = None, answer_seconds: float = ANSWER_SECONDS,
          locate: Callable[[], str] | None = None) -> Report:
    """Bring the board on ``path`` to ``bundle`` and check that it starts it (says hello within
    ``hello_seconds`` of the restart, :data:`HELLO_SECONDS` unless given; each step on the
    board may take ``answer_seconds``: an emulated board may need longer than a Pico). The
    hello is heard where ``locate()`` finds the board (``path`` unless given): a board whose
    new firmware resets it leaves the bus and may come back under another name."""
    began = clock()
    find = locate or (lambda: path)
    wait = HELLO_SECONDS if hello_seconds is None else hello_seconds  # read now: tests shorten it
    if bundle.board != board_id(profile):
        raise FlashError(f"the bundle is for {bundle.board}, not {board_id(profile)}; make it "
                         "with this board's --profile")
    board = BoardFiles(path, answer_seconds)
    try:
        state = board.state()
        manifests = state["manifests"]
        active = state["active"]
        wanted = {f"/fw/{name}/{entry.path}": entry.sha256 for name in SETS
                  for entry in bundle.files}
        on_board = board.hashes([*wanted, "/main.py"])
        boot_current = on_board["/main.py"] == bundle.boot.sha256

        def holds(name: str) -> bool:
            manifest = manifests.get(name)
            return (manifest is not None and manifest.get("content_hash") == bundle.content_hash
                    and all(on_board[f"/fw/{name}/{entry.path}"] == entry.sha256
                            for entry in bundle.files))

        if active is not None and holds(active) and boot_current:
            board.restart()
            board.close()
            hello = _hello(find, profile, bundle.content_hash, wait)
            return Report(0, 0, len(bundle.files), clock() - began, active, hello, False)
        target = _target(active, manifests)
        todo = [entry for entry in bundle.files
                if on_board[f"/fw/{target}/{entry.path}"] != entry.sha256]
        todo_boot = [] if boot_current else [bundle.boot]
        status = Progress(0, len(todo) + len(todo_boot), 0,
                          sum(entry.size for entry in (*todo, *todo_boot)))
        progress(status)
        _write_set(board, bundle, target, todo, not holds(target), status, progress)
        for entry in todo_boot:
            board.write("/main.py.new", bundle.data(entry), _counter(status, progress))
            if board.hashes(["/main.py.new"])["/main.py.new"] != entry.sha256:
                raise FlashError(f"{path}: the boot stage did not arrive intact; run the "
                                 "update again")
            board.run("os.rename('/main.py.new', '/main.py')")
            status.files += 1
            progress(status)
        board.write_atomically("/fw/tries", b"0")
        board.write_atomically("/fw/active", target.encode())
        board.restart()
    finally:
        board.close()
    hello = _hello(find, profile, bundle.content_hash, wait)
    return Report(len(todo) + len(todo_boot), status.bytes_total,
                  len(bundle.files) - len(todo), clock() - began, target, hello,
                  target != active)


def flash_bundled(path: str, profile: Profile,
                  progress: Callable[[Progress], None] = lambda _: None,
                  compile_mpy: bool = False, hello_seconds: float | None = None,
                  answer_seconds: float = ANSWER_SECONDS,
                  locate: Callable[[], str] | None = None) -> Report:
    """Bring the board on ``path`` to the firmware of this installation (built into a bundle
    for ``profile`` on the way)."""
    with tempfile.TemporaryDirectory() as folder:
        return flash(path, build(profile, Path(folder), compile_mpy), profile, progress,
                     hello_seconds=hello_seconds, answer_seconds=answer_seconds, locate=locate)


def bundled_updater(profile: Profile, locate: Callable[[], str] | None = None,
                    seconds: float | None = None) -> Callable[[str, Callable[[float], None]], str]:
    """The touch link's ``updater`` for ``profile``: :func:`flash_bundled` with its progress as
    a share of the bytes, and what the board runs afterwards in words; the hello is heard where
    ``locate()`` finds the board (the link's own locator). ``seconds``, if given, is how long
    the board may take over each step and to say hello (an emulated board needs more)."""

    def update(path: str, share: Callable[[float], None]) -> str:
        def progress(status: Progress) -> None:
            share(status.bytes / status.bytes_total if status.bytes_total else 1.0)

        report = flash_bundled(path, profile, progress, locate=locate, hello_seconds=seconds,
                               answer_seconds=seconds or ANSWER_SECONDS)
        return f"{report.hello.firmware} ({report.hello.content_hash})"

    return update


def _write_set(board: BoardFiles, bundle: Bundle, target: str, todo: list[FileEntry],
               incomplete: bool, status: Progress, progress: Callable[[Progress], None]) -> None:
    """Make set ``target`` hold ``bundle``: its manifest goes first and comes back last."""
    base = f"/fw/{target}/"
    if todo or incomplete:
        board.remove(base + "manifest.json")
    for entry in todo:
        board.write(base + entry.path, bundle.data(entry), _counter(status, progress))
        status.files += 1
        progress(status)
    keep = {base + entry.path for entry in bundle.files} | {base + "manifest.json"}
    for stale in board.files(base.rstrip("/")):
        if stale not in keep:
            board.remove(stale)
    check = board.hashes(base + entry.path for entry in bundle.files)
    bad = [entry.path for entry in bundle.files if check[base + entry.path] != entry.sha256]
    if bad:
        raise FlashError(f"{board.path}: {len(bad)} files did not arrive intact ({bad[0]} …); "
                         "nothing was switched; run the update again")
    board.write_atomically(base + "manifest.json", _set_manifest(bundle))


def rollback(path: str, profile: Profile, hello_seconds: float | None = None,
             answer_seconds: float = ANSWER_SECONDS,
             locate: Callable[[], str] | None = None) -> tuple[str, Hello]:
    """Start the previous firmware set again; the set and the board's hello (heard where
    ``locate()`` finds the board, as for :func:`flash`)."""
    wait = HELLO_SECONDS if hello_seconds is None else hello_seconds
    board = BoardFiles(path, answer_seconds)
    try:
        state = board.state()
        active = state["active"] or "a"
        other = SETS[1 - SETS.index(active)]
        manifest = state["manifests"][other]
        if manifest is None:
            raise FlashError(f"{path}: there is no previous firmware on the board to go back to")
        files = manifest.get("files", {})
        check = board.hashes(f"/fw/{other}/{name}" for name in files)
        if any(check[f"/fw/{other}/{name}"] != entry.get("sha256") for name, entry in
               files.items()):
            raise FlashError(f"{path}: the previous firmware on the board is incomplete; flash "
                             "instead")
        board.write_atomically("/fw/tries", b"0")
        board.write_atomically("/fw/active", other.encode())
        board.restart()
    finally:
        board.close()
    return other, _hello(locate or (lambda: path), profile,
                         str(manifest.get("content_hash")), wait)


def status(path: str, profile: Profile, seconds: float = HELLO_SECONDS) -> Hello:
    """The board's hello, without stopping its firmware."""
    return _handshake(lambda: path, profile, seconds)[1]


def _target(active: str | None, manifests: dict[str, object]) -> str:
    """The set to write: the one not running (or ``a`` on a board without a running set)."""
    if active is None or manifests.get(active) is None:
        return active or "a"
    return SETS[1 - SETS.index(active)]


def _set_manifest(bundle: Bundle) -> bytes:
    return (json.dumps({
        "version": bundle.version,
        "content_hash": bundle.content_hash,
        "files": {entry.path: {"size": entry.size, "sha256": entry.sha256}
                  for entry in bundle.files},
    }) + "\n").encode()


def _counter(status: Progress, progress: Callable[[Progress], None]) -> Callable[[int], None]:
    def count(written: int) -> None:
        status.bytes += written
        progress(status)
    return count


def _hello(locate: Callable[[], str], profile: Profile, expected: str,
           seconds: float) -> Hello:
    path, hello = _handshake(locate, profile, seconds)
    if hello.content_hash != expected:
        raise FlashError(f"{path}: the board started firmware {hello.content_hash}, not "
                         f"{expected}: the new firmware failed to start and the board went back "
                         "to the previous one")
    return hello


def _handshake(locate: Callable[[], str], profile: Profile,
               seconds: float) -> tuple[str, Hello]:
    """The board's hello, where ``locate()`` finds it (asked again at each try: a board that
    resets leaves the bus and comes back, perhaps under another name), and that port."""
    deadline = time.monotonic() + seconds
    path = "the board's port"
    while True:
        try:
            path = locate()
            connection = Connection(open_serial(path))
            try:
                return path, connection.handshake(board_id(profile), profile.pads)
            finally:
                connection.close()
        except (LinkError, OSError) as error:
            if time.monotonic() > deadline:
                raise FlashError(f"{path}: the board did not report after the restart "
                                 f"({error})") from None
            time.sleep(0.3)
